"""A home-game session over its game's table: what the Guts, Herbie and Hearts Poker
sessions read the same way from a :class:`~pokerroom.homegames.table.HomeTable`.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> from pokerroom.games import get_game
>>> spec = TableSpec(players=("Ann", "Bob", "Cleo", "Dan"), stacks=(40,) * 4,
...                  rng=random.Random(2))
>>> session = get_game("hearts-poker").new_table(spec)
>>> isinstance(session, TableBackedSession), session.players[0], session.stacks
(True, 'Ann', (40, 40, 40, 40))
>>> hand = session.new_hand()
>>> session.dealer, session.is_finished
(0, False)
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pokerroom.core import HandState
from pokerroom.homegames.table import HomeTable
from pokerroom.session import Session

__all__ = ["TableBackedSession"]

TableT = TypeVar("TableT", bound=HomeTable[Any, Any])


class TableBackedSession(Session, Generic[TableT]):
    """A :class:`~pokerroom.session.Session` whose players, chips, dealer and hands are
    its ``table``'s; it keeps the stacks at the start of the hand in play
    (``_before``), from which its history and results are written."""

    def __init__(self, table: TableT) -> None:
        self.table = table
        self._before = table.stacks

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def stacks(self) -> tuple[int, ...]:
        return self.table.stacks

    @property
    def chips_held(self) -> int:
        return self.table.pot + self.reserve

    @property
    def reserve(self) -> int:
        """A pot-limit Guts game's reserve (the other games keep none)."""
        return self.table.reserve

    @property
    def is_finished(self) -> bool:
        return self.table.is_finished

    def announce(self) -> str:
        return self.table.announce()

    @property
    def dealer(self) -> int | None:
        return self.table.dealer

    def new_hand(self) -> HandState:
        self._before = self.stacks
        hand: HandState = self.table.new_hand()
        return hand
