"""A Guts session: the table of deals, with the pot carried from deal to deal.

The table owns the chips: the antes, the pot, the pot-limit reserve, who skips the next
ante, the dealer's rotation and the :class:`~pokerroom.engine.ledger.Ledger`. Each
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

from collections.abc import Iterable

from pokerroom.deck import Deck
from pokerroom.engine.ledger import POT, RESERVE
from pokerroom.homegames.events import ShowdownSettled
from pokerroom.homegames.guts import GutsDeal
from pokerroom.homegames.options import EveryoneOut, GutsOptions
from pokerroom.homegames.table import HomeTable

__all__ = ["GutsTable"]


class GutsTable(HomeTable[GutsOptions, GutsDeal]):
    """A session of Guts deals. ``stacks`` are the players' chips at the start; a stack
    may go below zero (a match is never capped in the text: settle up afterwards)."""

    _skip_ante: frozenset[int] = frozenset()
    """The seats that matched the last pot, who skip the next ante (``single_loser``)."""
    _fresh_ante = False
    """Everyone antes again at the next deal (everyone was out, ``fresh-ante``)."""
    _pot_emptied = True
    """The last deal emptied the pot (``compulsory_first_round`` applies to the next)."""

    def new_hand(self, deck: Deck | None = None) -> GutsDeal:
        """Take the antes and start the next deal (the deal passes to the left)."""
        self._begin()
        opts, n = self.options, self.options.players
        antes: dict[int, int] = {}
        if opts.single_loser:
            antes = {seat: opts.ante for seat in range(n) if seat not in self._skip_ante}
        elif self.pot == 0 or self._fresh_ante:
            antes = dict.fromkeys(range(n), opts.ante)
        self._transfers((seat, POT, amount, "ante") for seat, amount in antes.items())
        self._fresh_ante = False
        self._cap_pot()
        must_stay = opts.compulsory_first_round and self._pot_emptied
        return self._started(GutsDeal(opts, dealer=self.dealer, pot=self.pot,
                                      deck=self._deck(deck), rng=self.rng,
                                      deal_no=self.hand_no, must_stay=must_stay,
                                      antes=antes))

    def _close(self, deal: GutsDeal) -> Iterable[str]:
        """Once the finished deal's chips are in (winners take from the pot, losers pay
        into it), any excess over the limit goes to the reserve, and an empty pot is
        refilled from the reserve."""
        self._skip_ante = frozenset(s for s, _, reason in deal.payments
                                    if reason == "matches the pot")
        self._fresh_ante = (deal.everyone_out
                            and self.options.everyone_out is EveryoneOut.FRESH_ANTE)
        self._pot_emptied = self.pot == 0
        if self._pot_emptied and self.reserve > 0:
            limit = self.options.pot_limit or self.reserve
            self._transfers([(RESERVE, POT, min(limit, self.reserve),
                              "the reserve refills the pot")])
        self._cap_pot()
        self.game_over = self.pot == 0 and self.reserve == 0  # won with no loser paying
        return (ev.summary for ev in deal.events[-1:] if isinstance(ev, ShowdownSettled))

    def _cap_pot(self) -> None:
        limit = self.options.pot_limit
        if limit is not None and self.pot > limit:
            self._transfers([(POT, RESERVE, self.pot - limit, "excess over the pot limit")])
