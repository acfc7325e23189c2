"""Stay or go in Guts and Herbie, judged against the whole field, by level.

The ``easy`` bots of :mod:`pokerroom.bots.home_games` stay on a fixed bar for the size of
the table. The ``normal`` and ``strong`` bots weigh what staying is worth *now*:

* **strength**: a Guts hand's percentile (the share of other hands it beats), or for
  Herbie its measured chance of beating Herbie after the draw together with its
  percentile among starting hands;
* **the field**: every rival who has said out is gone, every rival who said in holds a
  hand above the bar it stays on, and every rival still to declare stays only with such
  a hand. A rival still to declare is beaten with chance ``max(p, t)`` (it goes out, or
  it stays and is beaten), one who said in with ``(p - t) / (1 - t)``, for a hand of
  percentile ``p`` against a rival bar ``t``;
* **the pot to match**: staying wins the pot, or pays the match (the pot, or the table
  maximum); under the single-loser rule only the worst hand in pays; a ghost must be
  beaten too.

It stays when winning times the pot beats losing times the match by a margin
(:data:`MARGIN`: a stay that only breaks even adds risk and nothing else). ``normal`` takes
every rival for a player of the fixed bar; ``strong`` takes them for players like itself:
with simultaneous declares it solves for the bar such players share, and declaring in
turn it knows that a rival who hears it say in stays only with a better hand.

>>> read = FieldRead(undecided=3, stayed=0, pot=10, match=10)
>>> round(win_chance(0.9, read, rival_bar=0.8), 3)  # 0.9 ** 3
0.729
>>> stays(0.85, read, rival_bar=0.7), stays(0.75, read, rival_bar=0.7)
(True, False)
>>> stays(0.75, FieldRead(undecided=0, stayed=0, pot=10, match=10), rival_bar=0.8)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from pokerroom.bots.guts import table_for
from pokerroom.bots.home_games import (
    HERBIE_STAY_BASE,
    HERBIE_STAY_PER_PLAYER,
    GutsBot,
    HerbieBot,
    _kind,
    herbie_beat_chances,
)
from pokerroom.cards import STANDARD_CARDS, Card
from pokerroom.core import Action, Declare, DeclareOption
from pokerroom.hands.base import HandValue
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.tableview import SeatView, View, declared_aloud

__all__ = ["MARGIN", "FieldGutsBot", "FieldHerbieBot", "FieldRead", "herbie_kinds", "stays",
           "symmetric_bar", "win_chance"]

Evaluate = Callable[[Sequence[Card]], HandValue]

MARGIN = 0.05
"""How much more the pot won must be worth than the match paid, by their chances."""


@dataclass(frozen=True, slots=True)
class FieldRead:
    """What a seat knows of the field when it declares: rivals still to declare, rivals
    who said in aloud, the pot it would win and the match it would pay."""

    undecided: int
    stayed: int
    pot: int
    match: int
    single_loser: bool = False
    ghost: bool = False


def win_chance(p: float, read: FieldRead, *, rival_bar: float,
               later_bar: float | None = None) -> float:
    """The chance a hand of percentile ``p`` takes the pot: every rival goes out or is
    beaten (rivals independent), and the ghost, if any, is beaten. ``later_bar``: the
    bar of the rivals still to declare, when it is not ``rival_bar``."""
    t_later = rival_bar if later_bar is None else later_bar
    chance = max(p, t_later) ** read.undecided
    if read.stayed:
        chance *= _beat_stayer(p, rival_bar) ** read.stayed
    if read.ghost:
        chance *= p
    return chance


def _beat_stayer(p: float, bar: float) -> float:
    """The chance of beating a rival who stays only above ``bar``."""
    return 1.0 if bar >= 1 else max(0.0, (p - bar) / (1 - bar))


def _pay_chance(p: float, read: FieldRead, rival_bar: float, later_bar: float) -> float:
    """The chance of matching the pot: losing, or under the single-loser rule, holding
    the worst hand in (every rival who stays beats it, and one at least stays)."""
    if not read.single_loser:
        return 1.0 - win_chance(p, read, rival_bar=rival_bar, later_bar=later_bar)
    # a rival still to declare: out, or in above us; one who said in: above us
    above_or_out = (1.0 - max(0.0, p - later_bar)) ** read.undecided
    above = (1.0 - _beat_stayer(p, rival_bar)) ** read.stayed
    all_out = later_bar ** read.undecided if not read.stayed else 0.0
    return max(0.0, above_or_out * above - all_out)


def stays(p: float, read: FieldRead, *, rival_bar: float,
          later_bar: float | None = None) -> bool:
    """Stay when the pot won outweighs the match paid, by their chances."""
    t_later = rival_bar if later_bar is None else later_bar
    win = win_chance(p, read, rival_bar=rival_bar, later_bar=t_later)
    pay = _pay_chance(p, read, rival_bar, t_later)
    return win * read.pot > pay * read.match * (1 + MARGIN)


def symmetric_bar(rivals: int, pot: int, match: int) -> float:
    """The bar players who all reason alike share when declaring at once: at it,
    winning (every rival out or beaten: ``bar ** rivals``) just pays for the match.

    >>> round(symmetric_bar(3, 10, 10), 3)  # one half to the power of one third
    0.794
    """
    if rivals <= 0:
        return 0.0
    return float((match / max(1, pot + match)) ** (1 / rivals))


def _match(pot: int, cap: int | None) -> int:
    return min(pot, cap) if cap else pot


# --------------------------------------------------------------------------- Guts


class FieldGutsBot:
    """Guts at the ``normal`` or ``strong`` level (see the module docstring); passes and
    draws as :class:`~pokerroom.bots.home_games.GutsBot`."""

    def __init__(self, players: int, evaluate: Evaluate, size: int, level: str,
                 options: Any) -> None:
        self.players = players
        self.evaluate = evaluate
        self.size = size
        self.level = level
        self.options = options
        self._rest = GutsBot(players, evaluate)

    @property
    def style(self) -> str:
        return f"{self.level}: stays when the pot outweighs the match against the field"

    def act(self, seat_view: SeatView) -> Action:
        seat = seat_view.seat
        for option in seat_view.options:
            if isinstance(option, DeclareOption):
                if option.must_stay:
                    return Declare(seat=seat, stay=True)
                view = seat_view.view
                p = table_for(self.evaluate, self.size).percentile(view.me.cards)
                return Declare(seat=seat, stay=self._stay(p, view))
        return self._rest.act(seat_view)

    def _stay(self, p: float, view: View) -> bool:
        said = declared_aloud(view)
        rivals = self.players - 1
        stayed = sum(1 for stay in said.values() if stay)
        undecided = rivals - len(said)
        options = self.options
        ghost = getattr(options, "ghost", None)
        ghost_plays = (ghost is not None and ghost.value == "always") or (
            ghost is not None and ghost.value == "single" and stayed == 0 and undecided == 0)
        read = FieldRead(undecided=undecided, stayed=stayed, pot=max(1, view.total_pot),
                         match=_match(max(1, view.total_pot), getattr(options, "max_match", None)),
                         single_loser=bool(getattr(options, "single_loser", False)),
                         ghost=ghost_plays)
        plain = 0.5 ** (1 / max(1, rivals))  # the fixed bar: the easy bots' rule
        if self.level != "strong":
            return stays(p, read, rival_bar=plain)
        if not said and undecided == rivals and self._simultaneous():
            bar = symmetric_bar(rivals, read.pot, read.match)
            return stays(p, read, rival_bar=bar)
        # in turn: a rival still to declare hears us say in and stays only above the bar
        # a lone stayer (us) leaves it, with the rest still to come after it
        heard = FieldRead(undecided=max(0, undecided - 1), stayed=stayed + 1,
                          pot=read.pot, match=read.match)
        later = _bar_facing(heard, plain)
        return stays(p, read, rival_bar=plain, later_bar=max(plain, later))

    def _simultaneous(self) -> bool:
        declare = getattr(self.options, "declare", None)
        return declare is not None and declare.value == "simultaneous"


def _bar_facing(read: FieldRead, rival_bar: float) -> float:
    """The lowest percentile that stays against ``read`` (by bisection)."""
    low, high = 0.0, 1.0
    for _ in range(30):
        middle = (low + high) / 2
        if stays(middle, read, rival_bar=rival_bar):
            high = middle
        else:
            low = middle
    return high


# --------------------------------------------------------------------------- Herbie


@lru_cache(maxsize=4)
def herbie_kinds(unpaired: HerbieUnpaired, odd_card: HerbieOddCard
                 ) -> Mapping[str, tuple[float, float]]:
    """Each starting kind's place among all 22,100 starting hands, ordered by the
    measured chance of beating Herbie: the share of hands below it, and its own share.

    >>> kinds = herbie_kinds(HerbieUnpaired.HIGH_CARDS, HerbieOddCard.IGNORED)
    >>> [round(x, 3) for x in kinds["trips"]], [round(x, 3) for x in kinds["no pair"]]
    ([0.836, 0.164], [0.01, 0.348])
    """
    chances = herbie_beat_chances(unpaired, odd_card)
    counts = Counter(_kind(hand, unpaired) for hand in combinations(STANDARD_CARDS, 3))
    total = sum(counts.values())
    return {kind: (sum(n for k, n in counts.items() if chances.get(k, 0.0) < chance)
                   / total, counts.get(kind, 0) / total)
            for kind, chance in chances.items()}


class FieldHerbieBot(HerbieBot):
    """Herbie at the ``normal`` or ``strong`` level: the chance of beating Herbie after
    the draw, times the chance every rival who stays is beaten (see the module
    docstring); draws as :func:`~pokerroom.bots.home_games.herbie_discards`."""

    def __init__(self, players: int, level: str, *,
                 unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                 odd_card: HerbieOddCard = HerbieOddCard.IGNORED,
                 max_match: int | None = None) -> None:
        super().__init__(players, unpaired, odd_card=odd_card)
        self.level = level
        self.max_match = max_match
        self.style = f"{level}: stays when beating Herbie and the field pays for the match"

    def _stay(self, hand: Sequence[Card], view: View) -> bool:
        pot = max(1, view.total_pot)
        match = _match(pot, self.max_match)
        read = FieldRead(undecided=self.players - 1, stayed=0, pot=pot, match=match)
        bar = self._rival_bar(read)
        return self._worth(_kind(hand, self.unpaired), read, bar)

    def _worth(self, kind: str, read: FieldRead, bar: float) -> bool:
        """Staying with ``kind`` pays against rivals who stay above ``bar``."""
        below, share = herbie_kinds(self.unpaired, self.odd_card).get(kind, (0.0, 0.0))
        beat_herbie = herbie_beat_chances(self.unpaired, self.odd_card).get(kind, 0.0)
        win = beat_herbie * win_chance(below + share / 2, read, rival_bar=bar)
        return win * read.pot > (1 - win) * read.match * (1 + MARGIN)

    def _rival_bar(self, read: FieldRead) -> float:
        """The share of starting hands a rival goes out with: the fixed bar's
        (``normal``), or the bar players like this one share (``strong``: the weakest
        kind that pays when every rival stays on it or better)."""
        chances = herbie_beat_chances(self.unpaired, self.odd_card)
        kinds = herbie_kinds(self.unpaired, self.odd_card)
        if self.level != "strong":
            fixed = HERBIE_STAY_BASE + HERBIE_STAY_PER_PLAYER * max(0, self.players - 4)
            return min((kinds[k][0] for k, c in chances.items() if c >= fixed), default=1.0)
        ordered = sorted(chances, key=lambda k: kinds[k][0])
        for kind in ordered:
            if self._worth(kind, read, kinds[kind][0]):
                return kinds[kind][0]
        return kinds[ordered[-1]][0]  # no kind pays: rivals stay only with the best
