"""One deal of Herbie, as a :class:`~pokerroom.core.HandState`.

The steps: three cards one at a time to each player from the dealer's left and to Herbie
(``herbie-2.2``); everyone declares at once (``herbie-3.1``); those in draw up to three in
turn (``herbie-3.2``; Herbie never draws, ``herbie-3.3``); the showdown against Herbie
settles by the Article 4 table; players tied for best whom Herbie does not beat play off
from the same deck (``herbie-4.3``), dealt three new cards with one draw, until one wins.

>>> from pokerroom.deck import Deck
>>> from pokerroom.core import Declare, Draw
>>> from pokerroom.cards import card
>>> from pokerroom.homegames.options import HerbieOptions
>>> opts = HerbieOptions(players=4).validated()
>>> deck = Deck.stacked("2h 3c 3d 3h 7c Ks 5c 5d 5h 7d 9d 8c 8d 8h Qh 6c")
>>> deal = HerbieDeal(opts, dealer=3, pot=4, deck=deck)
>>> while deal.actors == (-1,):
...     _ = deal.advance()
>>> deal.hands[0], deal.phantom
([2h, Ks, 9d], [7c, 7d, Qh])
>>> for seat in range(4):
...     _ = deal.apply(Declare(seat=seat, stay=seat == 0))
>>> deal.apply(Draw(seat=0, discards=(card("9d"),))).received
(6c,)
>>> print(deal.advance().summary)
seat 1 (pair of kings (1 wild)) beats Herbie (pair of sevens) and takes 4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from pokerroom.core import Event
from pokerroom.deck import Deck, RandomSource
from pokerroom.hands.herbie import evaluate_herbie
from pokerroom.homegames.deal import HomeDeal
from pokerroom.homegames.events import PHANTOM
from pokerroom.homegames.options import HerbieOptions, LoneTie

__all__ = ["HERBIE_DRAW_MAX", "HERBIE_STEPS", "PLAYOFF_STEPS", "HerbieDeal"]

HERBIE_DRAW_MAX = 3
"""Those in may discard one, two or all three cards (``herbie-3.2``)."""


HERBIE_STEPS = ("declare", "draw-ins", "showdown")
"""A Herbie deal once the cards are dealt: everyone declares at once (``herbie-3.1``),
those in draw in turn (``herbie-3.2``), the showdown against Herbie (Article 4)."""

PLAYOFF_STEPS = ("draw-ins", "showdown")
"""A play-off once its three new cards are dealt: one draw each, the showdown
(``herbie-4.3``)."""


class HerbieDeal(HomeDeal):
    """One deal of Herbie for the pot ``pot``. Once over, :attr:`payouts` (chips taken
    from the pot) and :attr:`payments` (chips paid into it) settle it."""

    PHANTOM_NAME = "Herbie"
    title = "Herbie"

    def __init__(self, options: HerbieOptions, *, dealer: int, pot: int, deck: Deck,
                 rng: RandomSource | None = None, deal_no: int = 1,
                 antes: Mapping[int, int] | None = None) -> None:
        super().__init__(players=options.players, dealer=dealer, pot=pot, deck=deck,
                         rng=rng, deal_no=deal_no, antes=antes)
        self.options = options
        self.evaluate = partial(evaluate_herbie, unpaired=options.unpaired,
                                odd_card=options.odd_card)
        """A hand's value under this table's house rules for pairs and unpaired hands."""
        self.playoff: tuple[int, ...] = ()
        self._steps = list(HERBIE_STEPS)
        self._in_turn("deal", [*self.order, PHANTOM] * 3)

    def _max_draw(self) -> int:
        return HERBIE_DRAW_MAX

    # ------------------------------------------------------------------ showdown

    def _showdown(self) -> Event:
        pot, cap = self.pot, self.options.max_match
        words: list[str] = []
        losers: Sequence[int] = ()
        next_playoff: tuple[int, ...] = ()
        contenders = self.playoff or (self.ins or ())
        if not contenders:
            words.append("no one is in; the pot stays")
        else:
            values = self._show(contenders if self.playoff else (*contenders, PHANTOM))
            herbie = values.pop(PHANTOM, None)
            best = max(values.values())
            top = [s for s in contenders if values[s] == best]
            rest = [s for s in contenders if values[s] < best]
            if herbie is not None and herbie > best:
                losers = contenders
                words.append(f"Herbie ({herbie.description}) wins; "
                             + ", ".join(f"seat {s + 1}" for s in contenders) + " matching")
            elif len(top) > 1:
                losers, next_playoff = rest, tuple(top)
                words.append(", ".join(f"seat {s + 1}" for s in top)
                             + f" tie with {best.description} and play off")
            elif herbie is not None and herbie == best:
                rule = self.options.lone_tie
                losers = contenders if rule is LoneTie.HERBIE_WINS else rest
                if rule is LoneTie.PLAYER_WINS:
                    self.payouts[top[0]] = pot
                tie = f"seat {top[0] + 1} ties Herbie ({best.description})"
                words.append({LoneTie.HERBIE_WINS: f"{tie}; Herbie wins",
                              LoneTie.PLAYER_WINS: f"{tie} and takes {pot}",
                              LoneTie.STANDOFF: f"{tie}; a standoff"}[rule])
            else:
                self.payouts[top[0]] = pot
                losers = rest
                against = ("" if herbie is None
                           else f" beats Herbie ({herbie.description}) and")
                words.append(f"seat {top[0] + 1} ({best.description}){against} takes {pot}")
        # a play-off's words say who plays off; those paying are not named
        paid = self._match(losers, cap, [] if next_playoff else words)
        event = self._settle(paid, words, next_playoff)
        if next_playoff:
            self._start_playoff(next_playoff)
        return event

    def _start_playoff(self, seats: tuple[int, ...]) -> None:
        """Herbie 4.3: no shuffle; each tied player gets three new cards and one draw."""
        self._muck_hands(range(self.players))
        self.playoff = seats
        self.ins = seats
        self._steps = list(PLAYOFF_STEPS)
        self._in_turn("deal", seats * 3)
