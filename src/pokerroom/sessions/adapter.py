"""What the terminal and the bots need of a session beyond :class:`pokerroom.catalog.Session`.

Every game registered by :mod:`pokerroom.sessions` is a :class:`Playable`: a
:class:`~pokerroom.catalog.Session` that can also draw any seat's view as a
:class:`~pokerroom.tableview.TableSnapshot`, narrate each event in words, and
make a baseline bot for a seat. ``chips_held`` (chips carried in the middle between
hands, as a Guts pot) and ``house_net`` (what a house bank has won) let a ledger check
that every chip is accounted for:

``sum(stacks) + chips_held + house_net == sum(starting stacks)``.

:func:`check_ledger` does that check and names the difference when it fails:

>>> class Table:
...     stacks, chips_held, house_net = (990, 1005), 5, 0
>>> check_ledger(Table(), (1000, 1000))
>>> Table.chips_held = 4
>>> check_ledger(Table(), (1000, 1000))
Traceback (most recent call last):
...
pokerroom.errors.HistoryError: the ledger does not balance: 1 chip(s) unaccounted for
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.catalog import HandResult
from pokerroom.core import Event, HandState
from pokerroom.errors import HistoryError
from pokerroom.tableview import Bot, SeatView, TableSnapshot

__all__ = ["Bot", "Playable", "SeatView", "check_ledger"]


@runtime_checkable
class Playable(Protocol):
    """A session the terminal can draw, narrate and fill with bots."""

    @property
    def title(self) -> str: ...

    @property
    def stakes_text(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...

    @property
    def chips_held(self) -> int: ...

    @property
    def house_net(self) -> int: ...

    @property
    def is_finished(self) -> bool: ...

    def announce(self) -> str: ...

    def new_hand(self) -> HandState: ...

    def settle(self, state: HandState) -> HandResult: ...

    def snapshot(self, state: HandState, seat: int | None) -> TableSnapshot:
        """The table as ``seat`` sees it now."""
        ...

    def narrate(self, events: Sequence[Event]) -> list[str]:
        """Lines (history style) for a run of events, already redacted for their reader
        (a run: everything since the last narration, so a deal can be told in one
        line per seat)."""
        ...

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        """A bot for ``seat`` of the given level (``easy``, ``normal``, ``strong``: see
        :mod:`pokerroom.bots.levels`; a game with one bot plays it at every level),
        drawing any randomness from ``rng``."""
        ...


def check_ledger(session: Any, starting: Sequence[int]) -> None:
    """Raise :class:`HistoryError` unless every chip of ``starting`` is in a stack, in
    the middle, or with the house."""
    now = sum(session.stacks) + session.chips_held + session.house_net
    if now != sum(starting):
        raise HistoryError(f"the ledger does not balance: {sum(starting) - now} chip(s) "
                           "unaccounted for")
