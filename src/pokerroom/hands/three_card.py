"""Three-card rankings: Three Card Poker and three-card Guts.

With three cards a straight is rarer than a flush and three of a kind rarer than a
straight, so both games reverse the five-card order there (``tcp-ranking-order``).

Three Card Poker, highest first (``tcp-ranking``): straight flush, three of a kind,
straight, flush, pair, high card. An ace plays high (A-K-Q, the top straight) or low
(A-2-3); A-2-3 is the lowest straight by default, and ``a23_lowest=False`` ranks it just
below A-K-Q (``tcp-a23-rank``). Hands of one type compare card by card from the top, a
pair by its rank and then the odd card; suits never rank (``tcp-comparison``).

>>> from pokerroom.cards import parse_cards
>>> evaluate_three_card_poker(parse_cards("Qs 6d 4c")).description
'queen high (Q-6-4)'
>>> a = evaluate_three_card_poker(parse_cards("2h 3h 4h"))
>>> b = evaluate_three_card_poker(parse_cards("As Ad Ac"))
>>> a > b, b.category
(True, 'three of a kind')

Three-card Guts (``guts-three-card-order``) puts three of a kind on top by default; the
options of the text move the straight flush above trips (``guts-three-card-sf-high``)
and the flush above the straight (``guts-three-card-flush-high``), singly or together:

>>> sf, trips = parse_cards("2h 3h 4h"), parse_cards("As Ad Ac")
>>> evaluate_guts3(sf) < evaluate_guts3(trips)
True
>>> order = Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.STRAIGHT_OVER_FLUSH
>>> evaluate_guts3(sf, order=order) > evaluate_guts3(trips, order=order)
True

Keys are ``category << 12 | r1 << 8 | r2 << 4 | r3`` where ``category`` is the place of
the hand's class in the ranking (0 for high card) and ``r1..r3`` the ranks that break
ties: the three cards from the top, a pair's rank then the odd card, a straight's top
card (3 for A-2-3 when it is the lowest; 14 for A-2-3 and 15 for A-K-Q otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Flag, IntEnum
from functools import lru_cache
from itertools import combinations

from pokerroom.cards import Card, Rank
from pokerroom.errors import ConfigError
from pokerroom.hands.base import HandValue, check_cards

__all__ = [
    "CLASS_NAMES",
    "QUEEN_HIGH_KEY",
    "Guts3Order",
    "ThreeCardClass",
    "evaluate_guts3",
    "evaluate_three_card_poker",
    "guts3_ranking",
    "key_from_ranks",
    "tcp_key_lookup",
    "three_card_poker_class",
    "three_card_poker_key",
]


class ThreeCardClass(IntEnum):
    """The kinds of three-card hand, numbered in Three Card Poker order (high card 0)."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5

    @property
    def label(self) -> str:
        """The class in words: ``'three of a kind'``."""
        return CLASS_NAMES[self]


CLASS_NAMES: dict[ThreeCardClass, str] = {
    ThreeCardClass.HIGH_CARD: "high card",
    ThreeCardClass.PAIR: "pair",
    ThreeCardClass.FLUSH: "flush",
    ThreeCardClass.STRAIGHT: "straight",
    ThreeCardClass.THREE_OF_A_KIND: "three of a kind",
    ThreeCardClass.STRAIGHT_FLUSH: "straight flush",
}


class Guts3Order(Flag):
    """How three-card Guts orders its top hands; combine one choice from each pair.

    >>> Guts3Order.DEFAULT == Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH | Guts3Order.STRAIGHT_OVER_FLUSH
    True
    >>> Guts3Order.DEFAULT.describe()
    'three of a kind > straight flush > straight > flush > pair > high card'
    """

    TRIPS_OVER_STRAIGHT_FLUSH = 1
    STRAIGHT_FLUSH_OVER_TRIPS = 2
    STRAIGHT_OVER_FLUSH = 4
    FLUSH_OVER_STRAIGHT = 8
    DEFAULT = 5

    def validated(self) -> Guts3Order:
        """This order, or :class:`ConfigError` unless it picks exactly one of each pair."""
        top = [self & Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH,
               self & Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS]
        mid = [self & Guts3Order.STRAIGHT_OVER_FLUSH, self & Guts3Order.FLUSH_OVER_STRAIGHT]
        if sum(bool(x) for x in top) != 1 or sum(bool(x) for x in mid) != 1:
            raise ConfigError(
                "a three-card Guts order needs exactly one of TRIPS_OVER_STRAIGHT_FLUSH / "
                "STRAIGHT_FLUSH_OVER_TRIPS and one of STRAIGHT_OVER_FLUSH / "
                "FLUSH_OVER_STRAIGHT")
        return self

    def classes(self, *, straights_and_flushes: bool = True) -> tuple[ThreeCardClass, ...]:
        """The hand classes from highest to lowest under this order (worked out once
        for each order: every three-card Guts hand asks)."""
        known = _CLASSES.get((self, straights_and_flushes))
        if known is None:
            known = _CLASSES[self, straights_and_flushes] = self._classes(
                straights_and_flushes)
        return known

    def _classes(self, straights_and_flushes: bool) -> tuple[ThreeCardClass, ...]:
        self.validated()
        if not straights_and_flushes:
            return (ThreeCardClass.THREE_OF_A_KIND, ThreeCardClass.PAIR,
                    ThreeCardClass.HIGH_CARD)
        if self & Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS:
            top = (ThreeCardClass.STRAIGHT_FLUSH, ThreeCardClass.THREE_OF_A_KIND)
        else:
            top = (ThreeCardClass.THREE_OF_A_KIND, ThreeCardClass.STRAIGHT_FLUSH)
        if self & Guts3Order.FLUSH_OVER_STRAIGHT:
            mid = (ThreeCardClass.FLUSH, ThreeCardClass.STRAIGHT)
        else:
            mid = (ThreeCardClass.STRAIGHT, ThreeCardClass.FLUSH)
        return (*top, *mid, ThreeCardClass.PAIR, ThreeCardClass.HIGH_CARD)

    def describe(self, *, straights_and_flushes: bool = True) -> str:
        """The order in words, highest first."""
        return " > ".join(c.label for c in self.classes(
            straights_and_flushes=straights_and_flushes))


_CLASSES: dict[tuple[Guts3Order, bool], tuple[ThreeCardClass, ...]] = {}
""":meth:`Guts3Order.classes` of each order and ``straights_and_flushes``."""

_TCP_ORDER = (ThreeCardClass.STRAIGHT_FLUSH, ThreeCardClass.THREE_OF_A_KIND,
              ThreeCardClass.STRAIGHT, ThreeCardClass.FLUSH, ThreeCardClass.PAIR,
              ThreeCardClass.HIGH_CARD)


def _classify(ranks_desc: Sequence[int], flush: bool, a23_lowest: bool,
              straights_and_flushes: bool = True) -> tuple[ThreeCardClass, tuple[int, int, int]]:
    """The class of three ranks (highest first) and the ranks that break ties."""
    r1, r2, r3 = ranks_desc
    if r1 == r3:
        return ThreeCardClass.THREE_OF_A_KIND, (r1, 0, 0)
    if r1 == r2 or r2 == r3:
        pair, odd = (r1, r3) if r1 == r2 else (r2, r1)
        return ThreeCardClass.PAIR, (pair, odd, 0)
    if straights_and_flushes:
        top = 0
        if r1 - r3 == 2:
            top = r1 + 1 if (r1 == 14 and not a23_lowest) else r1
        elif (r1, r2, r3) == (14, 3, 2):
            top = 3 if a23_lowest else 14
        if top and flush:
            return ThreeCardClass.STRAIGHT_FLUSH, (top, 0, 0)
        if top:
            return ThreeCardClass.STRAIGHT, (top, 0, 0)
        if flush:
            return ThreeCardClass.FLUSH, (r1, r2, r3)
    return ThreeCardClass.HIGH_CARD, (r1, r2, r3)


def key_from_ranks(ranks: Sequence[int], *, flush: bool = False, a23_lowest: bool = True) -> int:
    """The Three Card Poker key of three ranks (any order), suited or not.

    >>> key_from_ranks([12, 3, 2]) == QUEEN_HIGH_KEY
    True
    """
    ranks_desc = sorted((int(r) for r in ranks), reverse=True)
    cls, tie = _classify(ranks_desc, flush, a23_lowest)
    return _pack(_TCP_ORDER[::-1].index(cls), tie)


def _pack(place: int, tie: Sequence[int]) -> int:
    return (place << 12) | (tie[0] << 8) | (tie[1] << 4) | tie[2]


QUEEN_HIGH_KEY: int = (12 << 8) | (3 << 4) | 2
"""Key of Q-3-2 offsuit, the lowest hand with which the dealer qualifies
(``tcp-dealer-qualifies``); it is the same whatever the rank of A-2-3."""


def _describe(cls: ThreeCardClass, ranks_desc: Sequence[int], tie: Sequence[int]) -> str:
    def noun(r: int) -> str:
        return Rank(r).noun

    def sym(rs: Sequence[int]) -> str:
        return "-".join(Rank(r).symbol for r in rs)

    if cls is ThreeCardClass.THREE_OF_A_KIND:
        return f"three {Rank(tie[0]).plural}"
    if cls is ThreeCardClass.PAIR:
        return f"pair of {Rank(tie[0]).plural}, {noun(tie[1])} kicker"
    if cls in (ThreeCardClass.STRAIGHT, ThreeCardClass.STRAIGHT_FLUSH):
        wheel = ranks_desc[0] == 14 and ranks_desc[1] == 3
        shown = (3, 2, 14) if wheel else tuple(ranks_desc)
        return f"{cls.label}, {noun(shown[0])} high ({sym(shown)})"
    if cls is ThreeCardClass.FLUSH:
        return f"flush, {noun(ranks_desc[0])} high ({sym(ranks_desc)})"
    return f"{noun(ranks_desc[0])} high ({sym(ranks_desc)})"


def _ranks_and_flush(cards: Sequence[Card]) -> tuple[list[int], bool]:
    check_cards(cards, sizes=[3], what="three-card hand")
    ranks = sorted((int(c) // 4 + 2 for c in cards), reverse=True)
    suits = {int(c) % 4 for c in cards}
    return ranks, len(suits) == 1


def evaluate_three_card_poker(cards: Sequence[Card], *, a23_lowest: bool = True) -> HandValue:
    """Evaluate three cards under Three Card Poker rankings.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_three_card_poker(parse_cards("Ah 2h 3h")).description
    'straight flush, three high (3-2-A)'
    >>> low = evaluate_three_card_poker(parse_cards("Ah 2d 3c"))
    >>> kqj = evaluate_three_card_poker(parse_cards("Kh Qd Jc"))
    >>> high_wheel = evaluate_three_card_poker(parse_cards("Ah 2d 3c"), a23_lowest=False)
    >>> low < kqj, high_wheel > kqj
    (True, True)
    >>> evaluate_three_card_poker(parse_cards("7s 7d Kc")).description
    'pair of sevens, king kicker'
    """
    ranks, flush = _ranks_and_flush(cards)
    cls, tie = _classify(ranks, flush, a23_lowest)
    key = _pack(_TCP_ORDER[::-1].index(cls), tie)
    return HandValue(key, cls.label, _describe(cls, ranks, tie), tuple(cards))


def three_card_poker_key(cards: Sequence[Card], *, a23_lowest: bool = True) -> int:
    """Just the key of :func:`evaluate_three_card_poker` (same validation)."""
    ranks, flush = _ranks_and_flush(cards)
    cls, tie = _classify(ranks, flush, a23_lowest)
    return _pack(_TCP_ORDER[::-1].index(cls), tie)


def three_card_poker_class(key: int) -> ThreeCardClass:
    """The class of a Three Card Poker key.

    >>> three_card_poker_class(QUEEN_HIGH_KEY)
    <ThreeCardClass.HIGH_CARD: 0>
    """
    return ThreeCardClass(key >> 12)


def guts3_ranking(order: Guts3Order = Guts3Order.DEFAULT, *,
                  straights_and_flushes: bool = True) -> tuple[str, ...]:
    """The class names of a three-card Guts order, highest first."""
    return tuple(c.label for c in order.classes(straights_and_flushes=straights_and_flushes))


def evaluate_guts3(cards: Sequence[Card], *, order: Guts3Order = Guts3Order.DEFAULT,
                   straights_and_flushes: bool = True, a23_lowest: bool = True) -> HandValue:
    """Evaluate three cards under a three-card Guts order (``guts-three-card-order``).

    ``straights_and_flushes=False`` plays the groups where they do not count
    (``guts-three-card``: they "usually" count); A-2-3 is the lowest straight unless
    ``a23_lowest=False``.

    >>> from pokerroom.cards import parse_cards
    >>> flush, straight = parse_cards("2h 7h 9h"), parse_cards("4c 5d 6s")
    >>> evaluate_guts3(flush) < evaluate_guts3(straight)
    True
    >>> evaluate_guts3(flush, order=Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH
    ...                | Guts3Order.FLUSH_OVER_STRAIGHT) > evaluate_guts3(straight)
    True
    """
    classes = order.classes(straights_and_flushes=straights_and_flushes)
    ranks, flush = _ranks_and_flush(cards)
    cls, tie = _classify(ranks, flush, a23_lowest, straights_and_flushes)
    key = _pack(len(classes) - 1 - classes.index(cls), tie)
    return HandValue(key, cls.label, _describe(cls, ranks, tie), tuple(cards))


@lru_cache(maxsize=2)
def tcp_key_lookup(a23_lowest: bool = True) -> tuple[int, ...]:
    """Three Card Poker keys of every three-card hand, indexed by
    ``a * 2704 + b * 52 + c`` for the card indices ``a < b < c`` (others hold -1).

    A hot path (the casino table, simulations) reads a key with one index instead of
    evaluating; tests hold the table equal to :func:`evaluate_three_card_poker`.

    >>> from pokerroom.cards import parse_cards
    >>> a, b, c = sorted(parse_cards("Qs 6d 4c"))
    >>> tcp_key_lookup()[a * 2704 + b * 52 + c] == key_from_ranks([12, 6, 4])
    True
    """
    table = [-1] * (52 * 52 * 52)
    for a, b, c in combinations(range(52), 3):
        ranks = [c // 4 + 2, b // 4 + 2, a // 4 + 2]
        flush = a % 4 == b % 4 == c % 4
        cls, tie = _classify(ranks, flush, a23_lowest)
        table[a * 2704 + b * 52 + c] = _pack(_TCP_ORDER[::-1].index(cls), tie)
    return tuple(table)
