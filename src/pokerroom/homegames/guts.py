"""One deal of Guts (two- or three-card), as a :class:`~pokerroom.core.HandState`.

The steps: the deal, one card at a time from the dealer's left (the ghost, when played,
after the dealer); the pass to the left (three-card option); the discard and draw before
declaring (5.1b option); the declare, in turn with the dealer auto-in rule or all at once;
the showdown, a dealer step that settles the pot, its chips moved in the deal's
``chips``. The table (:mod:`pokerroom.homegames.guts_table`) takes the antes and keeps
the pot between deals, the reserve and the session's ledger.

>>> from pokerroom.deck import Deck
>>> from pokerroom.core import Declare
>>> from pokerroom.homegames.options import GutsOptions
>>> opts = GutsOptions(players=3).validated()
>>> deal = GutsDeal(opts, dealer=2, pot=3, deck=Deck.stacked("As Kd 7c Ah 2d 7h"))
>>> while deal.actors == (-1,):
...     _ = deal.advance()
>>> deal.hands
[[As, Ah], [Kd, 2d], [7c, 7h]]
>>> for seat, stay in [(0, True), (1, False), (2, True)]:
...     _ = deal.apply(Declare(seat=seat, stay=stay))
>>> print(deal.advance().summary)
seat 1 wins 3 with pair of aces; seat 3 matches the pot (3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.cards import Card
from pokerroom.core import Event
from pokerroom.deck import Deck, RandomSource
from pokerroom.hands.base import HandValue
from pokerroom.hands.guts import evaluate_guts2
from pokerroom.hands.three_card import Guts3Order, evaluate_guts3
from pokerroom.homegames.deal import HomeDeal, split_from_dealers_left
from pokerroom.homegames.events import PHANTOM
from pokerroom.homegames.options import DeclareMode, EveryoneOut, GhostMode, GutsOptions

__all__ = ["GutsDeal", "guts_evaluator", "guts_steps"]


@dataclass(frozen=True)
class _Guts3Ranking:
    """The three-card ranking of one order and straights-and-flushes rule: a value, so
    a deal that holds it copies and pickles, and equal to (and hashed as) every other
    ranking of the same rules."""

    order: Guts3Order
    straights_and_flushes: bool

    def __call__(self, cards: Sequence[Card]) -> HandValue:
        return evaluate_guts3(cards, order=self.order,
                              straights_and_flushes=self.straights_and_flushes)


def guts_evaluator(options: GutsOptions) -> Callable[[Sequence[Card]], HandValue]:
    """The hand ranking a Guts table plays: equal rankings for equal rules, so what is
    worked out once per ranking (the bots' percentile tables, kept by ranking) is shared
    by every table."""
    if options.cards == 2:
        return evaluate_guts2
    return _Guts3Ranking(options.order, options.straights_and_flushes)


def guts_steps(options: GutsOptions) -> tuple[str, ...]:
    """The steps of a Guts deal once the cards are dealt: the pass to the left
    (``guts-pass-left``), the discard and draw before declaring (``guts-5.1b-discard``),
    the declare, the showdown.

    >>> guts_steps(GutsOptions(players=3, cards=3, pass_left=True).validated())
    ('pass', 'declare', 'showdown')
    """
    return (*(("pass",) if options.pass_left else ()),
            *(("draw",) if options.discard_before_declare else ()),
            "declare", "showdown")


class GutsDeal(HomeDeal):
    """One deal of Guts for the pot ``pot``; ``outcome`` is set once it is over.

    After the showdown, :attr:`payouts` says what each winner took from the pot,
    :attr:`payments` what each seat paid into it and why, :attr:`everyone_out` whether
    nobody stayed in.
    """

    def __init__(self, options: GutsOptions, *, dealer: int, pot: int, deck: Deck,
                 rng: RandomSource | None = None, deal_no: int = 1,
                 must_stay: bool = False, antes: Mapping[int, int] | None = None) -> None:
        super().__init__(players=options.players, dealer=dealer, pot=pot, deck=deck,
                         rng=rng, deal_no=deal_no, must_stay=must_stay, antes=antes)
        self.options = options
        self.title = f"Guts ({'two' if options.cards == 2 else 'three'}-card)"
        self.evaluate = guts_evaluator(options)
        self.everyone_out = False
        self.declares_at_once = options.declare is DeclareMode.SIMULTANEOUS
        ghost = (PHANTOM,) if options.ghost is not GhostMode.NONE else ()
        self._steps = list(guts_steps(options))
        self._in_turn("deal", [*self.order, *ghost] * options.cards)

    # ------------------------------------------------------------------ showdown

    def _showdown(self) -> Event:
        ins = self.ins or ()
        opts, pot = self.options, self.pot
        words: list[str] = []
        ghost_plays = (opts.ghost is GhostMode.ALWAYS
                       or (opts.ghost is GhostMode.SINGLE_STAYER and len(ins) == 1))
        if not ins:
            self.everyone_out = True
            words.append("everyone is out")
            if opts.everyone_out is EveryoneOut.BEST_HAND_PAYS:
                values = self._show(self.order)
                best = max(values.values())
                payers = [s for s, v in values.items() if v == best]
                owed = opts.ante * self.players
                for seat, amount in split_from_dealers_left(owed, payers, self.dealer,
                                                 self.players).items():
                    self.payments.append((seat, amount, "best hand pays everyone's ante"))
                words.append(f"best hand ({best.description}) pays {owed}")
            else:
                words.append("the pot stays")
        elif len(ins) == 1 and not ghost_plays:
            self.payouts[ins[0]] = pot
            words.append(f"seat {ins[0] + 1} is alone and takes {pot} unseen")
        else:
            values = self._show((*ins, PHANTOM) if ghost_plays else ins)
            ghost = values.pop(PHANTOM, None)
            best = max(values.values())
            if ghost is not None and ghost >= best:
                losers = list(ins)
                words.append(f"the ghost ({ghost.description}) is not beaten")
            else:
                winners = [s for s in ins if values[s] == best]
                worst = min(values.values())
                losers = [s for s in ins if values[s] < best
                          and (values[s] == worst or not opts.single_loser)]
                if len(winners) > 1 and opts.no_split:
                    words.append("tied best hands (" + best.description
                                 + ") neither win nor pay; the pot carries")
                else:
                    self.payouts = split_from_dealers_left(pot, winners, self.dealer, self.players)
                    words.append(" and ".join(f"seat {s + 1} wins {a}" for s, a in
                                              self.payouts.items())
                                 + f" with {best.description}")
            self._match(losers, opts.max_match, words)
        return self._settle(self.payments, words)
