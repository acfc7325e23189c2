"""Three Card Poker bots: they see only ``view(seat)`` and answer from its legal actions.

A bot places fixed wagers and then plays or folds by a threshold strategy. The driver
:func:`run_round` knows nothing of Three Card Poker: it asks the dealer to advance when
the dealer is the actor and asks each acting seat's bot otherwise, as the terminal and
the web room do.

>>> import random
>>> from pokerroom.casino.rules import ThreeCardPokerConfig
>>> from pokerroom.casino.table import ThreeCardPokerRound
>>> state = ThreeCardPokerRound(ThreeCardPokerConfig(), {0: 100, 1: 100},
...                             rng=random.Random(5))
>>> run_round(state, {0: ThreeCardPokerBot(ante=5), 1: ThreeCardPokerBot(pair_plus=5)})
>>> state.is_over, sum(state.bankrolls.values()) != 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption, PlayBet, PlayOption
from pokerroom.casino.strategy import Q64, ThresholdStrategy
from pokerroom.core import DEALER, Action, Fold, HandState
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.tableview import View

__all__ = ["SeatBot", "ThreeCardPokerBot", "run_round"]


class SeatBot(Protocol):
    """Anything that answers a seat's view with an action."""

    def act(self, view: View) -> Action: ...


@dataclass(frozen=True, slots=True)
class ThreeCardPokerBot:
    """Bets ``ante`` / ``pair_plus`` / ``six_card_bonus`` chips each round and plays the
    hands ``strategy`` plays (default: Q-6-4 or better)."""

    ante: int = 0
    pair_plus: int = 0
    six_card_bonus: int = 0
    strategy: ThresholdStrategy = Q64

    def __post_init__(self) -> None:
        if min(self.ante, self.pair_plus, self.six_card_bonus) < 0 or \
                self.ante + self.pair_plus + self.six_card_bonus == 0:
            raise ConfigError("a bot needs at least one positive wager and none negative")

    def act(self, view: View) -> Action:
        """Choose from ``view.options`` for the viewing seat."""
        seat = view.you
        if seat is None:
            raise IllegalActionError("a spectator's view has no seat to act for")
        kinds = {type(option) for option in view.options}
        if PlaceWagersOption in kinds:
            return PlaceWagers(seat, self.ante, self.pair_plus, self.six_card_bonus)
        if PlayOption in kinds and self.strategy.plays(view.me.cards):
            return PlayBet(seat)
        return Fold(seat)


def run_round(state: HandState, bots: Mapping[int, SeatBot]) -> None:
    """Play ``state`` to its end: the dealer advances, every other actor asks its bot."""
    while True:
        actors = state.actors
        if not actors:
            return
        if actors == (DEALER,):
            state.advance()
            continue
        for seat in actors:
            bot = bots.get(seat)
            if bot is None:
                raise IllegalActionError(f"no bot sits at seat {seat}")
            state.apply(bot.act(state.view(seat)))
