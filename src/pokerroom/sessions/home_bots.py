"""The home-game bots of :mod:`pokerroom.bots.home_games` behind the terminal's bot
protocol: they are handed a read-only stand-in for the deal that answers only with the
seat's own view and options, so a bot can never see more than its seat may.

>>> from pokerroom.core import DeclareOption
>>> from pokerroom.tableview import SeatSnapshot, View
>>> view = View(game="Herbie", seats=(SeatSnapshot(seat=2, name="Seat 3", stack=0),), you=2)
>>> stand_in = ViewOnly(SeatView(2, view, (DeclareOption(),), snapshot=view))
>>> stand_in.view(2) is view, stand_in.legal_actions(2)
(True, (DeclareOption(must_stay=False),))
"""

from __future__ import annotations

from typing import Any

from pokerroom.core import Action, Option
from pokerroom.tableview import SeatView, View

__all__ = ["HomeBot", "ViewOnly"]


class ViewOnly:
    """What a home-game bot may read of a deal: its own view and options, nothing else."""

    def __init__(self, seat_view: SeatView) -> None:
        self._seat_view = seat_view

    def view(self, seat: int | None) -> View:
        return self._seat_view.view

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        return self._seat_view.options


class HomeBot:
    """A :mod:`pokerroom.bots.home_games` bot behind the terminal's bot protocol."""

    def __init__(self, inner: Any, style: str) -> None:
        self._inner = inner
        self._style = style

    @property
    def style(self) -> str:
        return self._style

    def act(self, seat_view: SeatView) -> Action:
        action: Action = self._inner.act(ViewOnly(seat_view), seat_view.seat)
        return action
