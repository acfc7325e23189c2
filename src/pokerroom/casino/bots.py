"""Three Card Poker bots: they see only their seat's view and options
(a :class:`~pokerroom.tableview.SeatView`: the one bot protocol of every game) and answer
from its legal actions.

A bot places fixed wagers and then plays or folds by a threshold strategy; short of chips
for its usual wagers it bets only an Ante it can cover, or the table minimum on Pair
Plus. The driver :func:`run_round` knows nothing of Three Card Poker: it asks the dealer
to advance when the dealer is the actor and asks each acting seat's bot otherwise, as the
terminal and the web room do.

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

from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption, PlayBet, PlayOption
from pokerroom.casino.strategy import Q64, ThresholdStrategy
from pokerroom.core import DEALER, Action, Fold, HandState
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.tableview import Bot, SeatView

__all__ = ["ThreeCardPokerBot", "run_round"]


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

    @property
    def style(self) -> str:
        return f"{self.strategy.short_name} (Ante {self.ante}, Pair Plus {self.pair_plus})"

    def act(self, seat_view: SeatView) -> Action:
        """Choose from the seat's options: the wagers, then play or fold."""
        seat = seat_view.seat
        for option in seat_view.options:
            if isinstance(option, PlaceWagersOption):
                return self._wagers(seat, option)
            if isinstance(option, PlayOption) and self.strategy.plays(
                    seat_view.view.me.cards):
                return PlayBet(seat)
        return Fold(seat)

    def _wagers(self, seat: int, option: PlaceWagersOption) -> PlaceWagers:
        # the usual wagers, else an Ante the seat can cover, else the minimum Pair Plus:
        # each made only if the one before does not fit
        wagers = PlaceWagers(seat, self.ante, self.pair_plus, self.six_card_bonus)
        if option.allows(wagers):
            return wagers
        wagers = PlaceWagers(seat, max(option.min_bet, min(self.ante, option.bankroll // 2)))
        if option.allows(wagers):
            return wagers
        wagers = PlaceWagers(seat, 0, option.min_bet)
        if option.allows(wagers):
            return wagers
        raise IllegalActionError(f"seat {seat + 1} cannot cover any wager")


def run_round(state: HandState, bots: Mapping[int, Bot]) -> None:
    """Play ``state`` to its end: the dealer advances, every other actor asks its bot."""
    while actors := state.actors:
        if actors == (DEALER,):
            state.advance()
            continue
        for seat in actors:
            bot = bots.get(seat)
            if bot is None:
                raise IllegalActionError(f"no bot sits at seat {seat}")
            state.apply(bot.act(SeatView.of(state, seat)))
