"""A Herbie session: the table of deals, the pot carried, the deal passing left.

>>> import random
>>> from pokerroom.homegames.options import HerbieOptions
>>> table = HerbieTable(HerbieOptions(players=5, ante=2), rng=random.Random(1))
>>> deal = table.new_hand()
>>> table.pot, deal.dealer
(10, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

from pokerroom.deck import Deck
from pokerroom.engine.ledger import POT
from pokerroom.homegames.events import ShowdownSettled
from pokerroom.homegames.herbie import HerbieDeal
from pokerroom.homegames.options import HerbieAnte, HerbieOptions
from pokerroom.homegames.table import HomeTable

__all__ = ["HerbieTable"]


class HerbieTable(HomeTable[HerbieOptions, HerbieDeal]):
    """A session of Herbie deals. Stacks may go below zero: a match is never capped."""

    def new_hand(self, deck: Deck | None = None) -> HerbieDeal:
        """Ante as the house rule says, reshuffle, and deal from the next dealer
        (``herbie-4.2``). ``deck`` stacks the deal (tests, live-dealt cards)."""
        self._begin()
        antes: dict[int, int] = {}
        if self.pot == 0 or self.options.ante_rule is HerbieAnte.EVERY_DEAL:
            antes = dict.fromkeys(range(self.options.players), self.options.ante)
        self._transfers((seat, POT, amount, "ante") for seat, amount in antes.items())
        return self._started(HerbieDeal(self.options, dealer=self.dealer, pot=self.pot,
                                        antes=antes, deck=self._deck(deck), rng=self.rng,
                                        deal_no=self.hand_no))

    def _close(self, deal: HerbieDeal) -> Iterable[str]:
        """Once the finished deal's chips are in (the winner takes the pot, every match
        is paid into it and forms the next deal's pot, ``herbie-4.1``), the game is over
        if the pot is empty."""
        self.game_over = self.pot == 0  # a lone player has beaten Herbie
        return (ev.summary for ev in deal.events if isinstance(ev, ShowdownSettled))
