"""The Guts bot at table speed: the measured threshold of :mod:`pokerroom.bots.home_games`
(stay when ``percentile ** (players - 1)`` is at least one half) with the percentile read
from a :class:`~pokerroom.bots.percentile.PercentileTable` instead of counted afresh for
every hand; passes and draws are left to :class:`~pokerroom.bots.home_games.GutsBot`.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hands.guts import evaluate_guts2
>>> should_stay(parse_cards("7c 7d"), players=3, evaluate=evaluate_guts2, size=2)
True
>>> should_stay(parse_cards("Kc 5d"), players=8, evaluate=evaluate_guts2, size=2)
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pokerroom.bots.home_games import GutsBot
from pokerroom.cards import Card
from pokerroom.core import Action, Declare, DeclareOption
from pokerroom.hands.base import HandValue
from pokerroom.tableview import SeatView

if TYPE_CHECKING:  # the tables: imported when a Guts bot first looks one up
    from pokerroom.bots.percentile import PercentileTable

__all__ = ["FastGutsBot", "should_stay", "table_for"]

Evaluate = Callable[[Sequence[Card]], HandValue]
_TABLES: dict[tuple[Evaluate, int], PercentileTable] = {}


def table_for(evaluate: Evaluate, size: int) -> PercentileTable:
    """The (shared) percentile table of a ranking."""
    key = (evaluate, size)
    if key not in _TABLES:
        from pokerroom.bots.percentile import PercentileTable

        _TABLES[key] = PercentileTable(evaluate, size=size)
    return _TABLES[key]


def should_stay(hand: Sequence[Card], *, players: int, evaluate: Evaluate, size: int) -> bool:
    """Stay when the estimated chance of holding the best hand is at least one half."""
    return table_for(evaluate, size).percentile(hand) ** (players - 1) >= 0.5


class FastGutsBot:
    """Plays like :class:`~pokerroom.bots.home_games.GutsBot`, its declare read from a
    table of percentiles built once."""

    style = GutsBot.style

    def __init__(self, players: int, evaluate: Evaluate, size: int) -> None:
        self.players = players
        self.evaluate = evaluate
        self.size = size
        self._slow = GutsBot(players, evaluate)

    def act(self, seat_view: SeatView) -> Action:
        seat = seat_view.seat
        for option in seat_view.options:
            if isinstance(option, DeclareOption):
                hand: tuple[Card, ...] = seat_view.view.me.cards
                stay = option.must_stay or should_stay(
                    hand, players=self.players, evaluate=self.evaluate, size=self.size)
                return Declare(seat=seat, stay=stay)
        return self._slow.act(seat_view)
