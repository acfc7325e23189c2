"""The home-game bots of :mod:`pokerroom.bots.home_games` behind the terminal's bot
protocol: they are handed a read-only stand-in for the deal that answers only with the
seat's own view and options, so a bot can never see more than its seat may.

>>> from pokerroom.core import DeclareOption
>>> stand_in = ViewOnly(SeatView(2, "the view of seat 2", (DeclareOption(),), snapshot=None))
>>> stand_in.view(2), stand_in.legal_actions(2)
('the view of seat 2', (DeclareOption(must_stay=False),))
"""

from __future__ import annotations

from typing import Any

from pokerroom.core import Action, Option
from pokerroom.tableview import SeatView

__all__ = ["HomeBot", "ViewOnly"]


class ViewOnly:
    """What a home-game bot may read of a deal: its own view and options, nothing else."""

    def __init__(self, seat_view: SeatView) -> None:
        self._seat_view = seat_view

    def view(self, seat: int | None) -> Any:
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
