"""A Herbie session: the table of deals, the pot carried, the deal passing left.

>>> import random
>>> from pokerroom.homegames.options import HerbieOptions
>>> table = HerbieTable(HerbieOptions(players=5, ante=2), rng=random.Random(1))
>>> deal = table.new_hand()
>>> table.pot, deal.dealer
(10, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.core import HandState
from pokerroom.deck import Deck, RandomSource, system_rng
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.homegames.herbie import HerbieDeal
from pokerroom.homegames.ledger import POT, Ledger
from pokerroom.homegames.options import HerbieAnte, HerbieOptions
from pokerroom.session import HandResult

__all__ = ["HerbieTable"]


class HerbieTable:
    """A session of Herbie deals. Stacks may go below zero: a match is never capped."""

    def __init__(self, options: HerbieOptions, *, rng: random.Random | None = None,
                 names: Sequence[str] | None = None,
                 stacks: Sequence[int] | None = None) -> None:
        self.options = options.validated()
        n = options.players
        self._names = tuple(names) if names is not None else tuple(
            f"seat {i + 1}" for i in range(n))
        self._start = tuple(stacks) if stacks is not None else (0,) * n
        if len(self._names) != n or len(self._start) != n:
            raise ConfigError(f"the table has {n} players; give {n} names and stacks")
        self.rng: RandomSource = rng if rng is not None else system_rng()
        self.ledger = Ledger(n)
        self.dealer = n - 1
        self.deals = 0
        self.game_over = False
        self._current: HerbieDeal | None = None

    @property
    def players(self) -> tuple[str, ...]:
        return self._names

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(s + self.ledger.net(i) for i, s in enumerate(self._start))

    @property
    def pot(self) -> int:
        return self.ledger.holding(POT)

    @property
    def is_finished(self) -> bool:
        """True once a lone player has beaten Herbie (the game is over); a further deal
        starts a new game with a fresh ante."""
        return self.game_over

    def announce(self) -> str:
        return self.options.announce()

    def new_hand(self, deck: Deck | None = None) -> HerbieDeal:
        """Ante as the house rule says, reshuffle, and deal from the next dealer
        (``herbie-4.2``). ``deck`` stacks the deal (tests, live-dealt cards)."""
        if self._current is not None:
            raise IllegalActionError("the current deal is not settled yet")
        self.deals += 1
        self.game_over = False
        n = self.options.players
        self.dealer = (self.dealer + 1) % n
        antes: dict[int, int] = {}
        if self.pot == 0 or self.options.ante_rule is HerbieAnte.EVERY_DEAL:
            antes = dict.fromkeys(range(n), self.options.ante)
        for seat, amount in antes.items():
            self.ledger.transfer(self.deals, seat, POT, amount, "ante")
        deal = HerbieDeal(self.options, dealer=self.dealer, pot=self.pot, antes=antes,
                          deck=deck if deck is not None else Deck.standard(rng=self.rng),
                          rng=self.rng, deal_no=self.deals)
        self._current = deal
        return deal

    def settle(self, state: HandState) -> HandResult:
        """Move the finished deal's chips: the winner takes the pot, every match is paid
        into it and forms the next deal's pot (``herbie-4.1``)."""
        deal = self._current
        if deal is None or state is not deal:
            raise IllegalActionError("that is not the table's current deal")
        if not deal.is_over:
            raise IllegalActionError("the deal is not over yet")
        before = self.stacks
        for seat, amount in deal.payouts.items():
            self.ledger.transfer(self.deals, POT, seat, amount, "wins the pot")
        for seat, amount, reason in deal.payments:
            self.ledger.transfer(self.deals, seat, POT, amount, reason)
        self.game_over = self.pot == 0
        self._current = None
        summary = tuple(getattr(ev, "summary", "") for ev in deal.events
                        if hasattr(ev, "summary"))
        return HandResult(net=tuple(a - b for a, b in zip(self.stacks, before, strict=True)),
                          summary=summary)
