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
from collections.abc import Sequence

from pokerroom.core import HandState
from pokerroom.deck import Deck, RandomSource, system_rng
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.homegames.hearts import HeartsEnded, HeartsHand
from pokerroom.homegames.hearts_options import HeartsOptions
from pokerroom.homegames.ledger import POT, Ledger
from pokerroom.session import HandResult

__all__ = ["HeartsTable"]


class HeartsTable:
    """A session of Hearts Poker hands; a player with no chips sits out."""

    def __init__(self, options: HeartsOptions, *, stacks: Sequence[int],
                 rng: random.Random | None = None,
                 names: Sequence[str] | None = None) -> None:
        self.options = options.validated()
        n = options.players
        self._names = tuple(names) if names is not None else tuple(
            f"seat {i + 1}" for i in range(n))
        self._start = tuple(stacks)
        if len(self._names) != n or len(self._start) != n:
            raise ConfigError(f"the table has {n} players; give {n} names and stacks")
        if any(s <= 0 for s in self._start):
            raise ConfigError("every player starts with chips")
        self.rng: RandomSource = rng if rng is not None else system_rng()
        self.ledger = Ledger(n)
        self.dealer = n - 1
        self.hands = 0
        self._current: HeartsHand | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return self._names

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(s + self.ledger.net(i) for i, s in enumerate(self._start))

    @property
    def pot(self) -> int:
        """Always 0 between hands: every Hearts Poker pot is won."""
        return self.ledger.holding(POT)

    @property
    def is_finished(self) -> bool:
        """True when fewer than two players have chips."""
        return sum(1 for s in self.stacks if s > 0) < 2

    def announce(self) -> str:
        return self.options.announce()

    def new_hand(self, deck: Deck | None = None) -> HeartsHand:
        """Deal the next hand; the deal passes to the next player with chips."""
        if self._current is not None:
            raise IllegalActionError("the current hand is not settled yet")
        if self.is_finished:
            raise IllegalActionError("fewer than two players have chips")
        n, stacks = self.options.players, self.stacks
        self.hands += 1
        self.dealer = (self.dealer + 1) % n
        while stacks[self.dealer] == 0:
            self.dealer = (self.dealer + 1) % n
        hand = HeartsHand(self.options, stacks=stacks, dealer=self.dealer,
                          deck=deck if deck is not None else Deck.standard(rng=self.rng),
                          rng=self.rng, hand_no=self.hands)
        self._current = hand
        return hand

    def settle(self, state: HandState) -> HandResult:
        """Record the finished hand: what each seat put in and what it won."""
        hand = self._current
        if hand is None or state is not hand:
            raise IllegalActionError("that is not the table's current hand")
        if not hand.is_over:
            raise IllegalActionError("the hand is not over yet")
        before = self.stacks
        for seat, amount in enumerate(hand.contrib):
            self.ledger.transfer(self.hands, seat, POT, amount, "bets and ante")
        for seat, amount in hand.awards.items():
            self.ledger.transfer(self.hands, POT, seat, amount, "wins the pot")
        self._current = None
        assert self.stacks == tuple(hand.stacks), "the ledger and the hand disagree"
        summary = tuple(e.summary for e in hand.events if isinstance(e, HeartsEnded))
        return HandResult(net=tuple(a - b for a, b in zip(self.stacks, before, strict=True)),
                          summary=summary)
