"""A Guts session: the table of deals, with the pot carried from deal to deal.

The table owns the chips: the antes, the pot, the pot-limit reserve, who skips the next
ante, the dealer's rotation and the :class:`~pokerroom.homegames.ledger.Ledger`. Each
:meth:`GutsTable.new_hand` starts a :class:`~pokerroom.homegames.guts.GutsDeal`;
:meth:`GutsTable.settle` moves its chips once it is over.

>>> import random
>>> from pokerroom.homegames.options import GutsOptions
>>> table = GutsTable(GutsOptions(players=4, ante=5), rng=random.Random(3))
>>> deal = table.new_hand()
>>> table.pot, deal.pot
(20, 20)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.core import HandState
from pokerroom.deck import Deck, RandomSource, system_rng
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.homegames.guts import GutsDeal
from pokerroom.homegames.ledger import POT, RESERVE, Ledger
from pokerroom.homegames.options import EveryoneOut, GutsOptions
from pokerroom.session import HandResult

__all__ = ["GutsTable"]


class GutsTable:
    """A session of Guts deals. ``stacks`` are the players' chips at the start; a stack
    may go below zero (a match is never capped in the text: settle up afterwards)."""

    def __init__(self, options: GutsOptions, *, rng: random.Random | None = None,
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
        self._skip_ante: frozenset[int] = frozenset()
        self._fresh_ante = False
        self._pot_emptied = True
        self._current: GutsDeal | None = None

    # ------------------------------------------------------------------ the session

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
    def reserve(self) -> int:
        return self.ledger.holding(RESERVE)

    @property
    def is_finished(self) -> bool:
        """True when the last pot was won with no loser paying (the game is over); a
        further deal starts a new game with a fresh ante."""
        return self.game_over

    def announce(self) -> str:
        return self.options.announce()

    def new_hand(self, deck: Deck | None = None) -> GutsDeal:
        """Take the antes and start the next deal (the deal passes to the left)."""
        if self._current is not None:
            raise IllegalActionError("the current deal is not settled yet")
        opts, n = self.options, self.options.players
        self.deals += 1
        self.game_over = False
        self.dealer = (self.dealer + 1) % n
        antes: dict[int, int] = {}
        if opts.single_loser:
            antes = {seat: opts.ante for seat in range(n) if seat not in self._skip_ante}
        elif self.pot == 0 or self._fresh_ante:
            antes = dict.fromkeys(range(n), opts.ante)
        for seat, amount in antes.items():
            self.ledger.transfer(self.deals, seat, POT, amount, "ante")
        self._fresh_ante = False
        self._cap_pot()
        must_stay = opts.compulsory_first_round and self._pot_emptied
        deal = GutsDeal(opts, dealer=self.dealer, pot=self.pot,
                        deck=deck if deck is not None else Deck.standard(rng=self.rng),
                        rng=self.rng, deal_no=self.deals, must_stay=must_stay, antes=antes)
        self._current = deal
        return deal

    def settle(self, state: HandState) -> HandResult:
        """Move the chips of the finished deal: winners take from the pot, losers pay
        into it, any excess over the limit goes to the reserve, and an empty pot is
        refilled from the reserve."""
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
        matched = frozenset(s for s, _, reason in deal.payments if reason == "matches the pot")
        self._skip_ante = matched
        self._fresh_ante = (deal.everyone_out
                            and self.options.everyone_out is EveryoneOut.FRESH_ANTE)
        self._pot_emptied = self.pot == 0
        if self.pot == 0 and self.reserve > 0:
            limit = self.options.pot_limit or self.reserve
            self.ledger.transfer(self.deals, RESERVE, POT, min(limit, self.reserve),
                                 "the reserve refills the pot")
        self._cap_pot()
        self.game_over = self.pot == 0 and self.reserve == 0
        self._current = None
        summary = [ev.summary for ev in deal.events[-1:] if hasattr(ev, "summary")]
        return HandResult(net=tuple(a - b for a, b in zip(self.stacks, before, strict=True)),
                          summary=tuple(summary))

    def _cap_pot(self) -> None:
        limit = self.options.pot_limit
        if limit is not None and self.pot > limit:
            self.ledger.transfer(self.deals, POT, RESERVE, self.pot - limit,
                                 "excess over the pot limit")
