"""A Hearts Poker session: stacks carried from hand to hand, the deal passing left, and
the ledger of every chip.

>>> import random
>>> from pokerroom.homegames.hearts_options import HeartsOptions
>>> table = HeartsTable(HeartsOptions(players=4, ante=1), stacks=[40] * 4,
...                     rng=random.Random(2))
>>> hand = table.new_hand()
>>> hand.dealer, hand.pot
(0, 4)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from pokerroom.deck import Deck
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.homegames.hearts_events import HeartsEnded
from pokerroom.homegames.hearts_options import HeartsOptions
from pokerroom.homegames.table import HomeTable

__all__ = ["HeartsTable"]


class HeartsTable(HomeTable[HeartsOptions, HeartsHand]):
    """A session of Hearts Poker hands; a player with no chips sits out. Every pot is
    won, so :attr:`pot` is 0 between hands."""

    hand_word = "hand"

    def __init__(self, options: HeartsOptions, *, stacks: Sequence[int],
                 rng: random.Random | None = None, names: Sequence[str] | None = None,
                 first_dealer: int = 0) -> None:
        super().__init__(options, rng=rng, names=names, stacks=stacks,
                         first_dealer=first_dealer)
        if any(s <= 0 for s in self._start):
            raise ConfigError("every player starts with chips")

    @property
    def is_finished(self) -> bool:
        """True when fewer than two players have chips."""
        return sum(1 for s in self.stacks if s > 0) < 2

    def new_hand(self, deck: Deck | None = None) -> HeartsHand:
        """Deal the next hand; the deal passes to the next player with chips."""
        if self._current is None and self.is_finished:
            raise IllegalActionError("fewer than two players have chips")
        self._begin()
        n, stacks = self.options.players, self.stacks
        while stacks[self.dealer] == 0:
            self.dealer = (self.dealer + 1) % n
        return self._started(HeartsHand(self.options, stacks=stacks, dealer=self.dealer,
                                        deck=self._deck(deck), rng=self.rng,
                                        hand_no=self.hand_no))

    def _close(self, hand: HeartsHand) -> Iterable[str]:
        """The finished hand's chips are in (every ante, bet, returned bet and award, as
        it moved): they must be the hand's own."""
        assert self.stacks == tuple(hand.stacks), "the ledger and the hand disagree"
        return (e.summary for e in hand.events if isinstance(e, HeartsEnded))
