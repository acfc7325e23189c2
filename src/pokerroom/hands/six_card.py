"""The 6 Card Bonus hand: the best five of the player's three and the dealer's three cards.

Three Card Poker's 6 Card Bonus (``tcp-6-card-bonus``) pays on the best standard
five-card hand among six cards. Only the top classes are paid, so besides the full key
this module gives the pay class directly (:func:`six_card_class`) and the exact number of
six-card hands of each pay class, counted by rank multiset and suit pattern rather than
by dealing out all 20,358,520 hands (:func:`six_card_class_counts`).

>>> from pokerroom.cards import parse_cards
>>> value = evaluate_six_card_bonus(parse_cards("As Ks Qs 2d Js Ts"))
>>> value.category, value.description
('royal flush', 'royal flush')
>>> evaluate_six_card_bonus(parse_cards("As Ks Qs"), parse_cards("2d Js Ts")) == value
True
>>> six_card_class(parse_cards("7c 7d 7h 2s 2c 9d"))
<SixCardClass.FULL_HOUSE: 4>
>>> six_card_class_counts()[SixCardClass.STRAIGHT]
361620

Keys follow the standard five-card layout ``category << 20 | r1 << 16 | ... | r5``
(categories 0 high card .. 8 straight flush, the wheel written 5-4-3-2-1), so they
compare with :mod:`pokerroom.hands.high` keys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod

from pokerroom.cards import Card, Rank
from pokerroom.hands.base import HandValue, check_cards
from pokerroom.tablecache import load_int_table, source_stamp

__all__ = [
    "SIX_CARD_CLASS_NAMES",
    "SIX_CARD_HANDS",
    "SixCardClass",
    "evaluate_six_card_bonus",
    "five_card_key",
    "six_card_class",
    "six_card_class_counts",
    "six_card_class_of_indices",
]

SIX_CARD_HANDS = comb(52, 6)
"""How many six-card hands a 52-card deck holds: 20,358,520."""

_FIVE_CATEGORIES = ("high card", "pair", "two pair", "three of a kind", "straight",
                    "flush", "full house", "four of a kind", "straight flush")


class SixCardClass(IntEnum):
    """The pay classes of the 6 Card Bonus, lowest (not paid) first."""

    NOTHING = 0
    THREE_OF_A_KIND = 1
    STRAIGHT = 2
    FLUSH = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6
    ROYAL_FLUSH = 7

    @property
    def label(self) -> str:
        """The class in words: ``'full house'``."""
        return SIX_CARD_CLASS_NAMES[self]


SIX_CARD_CLASS_NAMES: dict[SixCardClass, str] = {
    SixCardClass.NOTHING: "nothing",
    SixCardClass.THREE_OF_A_KIND: "three of a kind",
    SixCardClass.STRAIGHT: "straight",
    SixCardClass.FLUSH: "flush",
    SixCardClass.FULL_HOUSE: "full house",
    SixCardClass.FOUR_OF_A_KIND: "four of a kind",
    SixCardClass.STRAIGHT_FLUSH: "straight flush",
    SixCardClass.ROYAL_FLUSH: "royal flush",
}

# Five-card categories 3..8 map to pay classes; anything below pays nothing.
_PAY_CLASS_OF_CATEGORY = {3: SixCardClass.THREE_OF_A_KIND, 4: SixCardClass.STRAIGHT,
                          5: SixCardClass.FLUSH, 6: SixCardClass.FULL_HOUSE,
                          7: SixCardClass.FOUR_OF_A_KIND, 8: SixCardClass.STRAIGHT_FLUSH}


def _build_run_tops() -> tuple[int, ...]:
    """For every 13-bit rank mask (bit ``r - 2`` for rank ``r``), the top rank of the
    highest five-card straight it holds, else 0 (the wheel A-2-3-4-5 tops at 5)."""
    runs = [(top, sum(1 << (r - 2) for r in range(top - 4, top + 1))) for top in
            range(14, 5, -1)]
    runs.append((5, 0b1000000001111))
    tops = []
    for mask in range(1 << 13):
        tops.append(next((top for top, run in runs if mask & run == run), 0))
    return tuple(tops)


_RUN_TOPS = _build_run_tops()


def _run_top(ranks: Iterable[int]) -> int:
    """The top rank of the highest five-card straight among some ranks, else 0."""
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 2)
    return _RUN_TOPS[mask]


def five_card_key(ranks: Sequence[int], flush: bool) -> int:
    """Standard high key of five cards given their ranks and whether they share a suit.

    >>> hex(five_card_key([14, 2, 3, 4, 5], True))
    '0x854321'
    """
    counts = Counter(ranks)
    ordered = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(counts) == 5:
        top = _run_top(ranks)
        if top:
            ordered = [5, 4, 3, 2, 1] if top == 5 else [top - i for i in range(5)]
            category = 8 if flush else 4
        else:
            category = 5 if flush else 0
    else:
        category = {(2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6,
                    (4, 1): 7}[tuple(shape)]
    key = category
    for r in ordered:
        key = (key << 4) | r
    return key


def _describe(key: int) -> str:
    category = key >> 20
    ranks = [(key >> shift) & 15 for shift in (16, 12, 8, 4, 0)]

    def noun(r: int) -> str:
        return Rank(14 if r == 1 else r).noun

    def plural(r: int) -> str:
        return Rank(r).plural

    if category == 8:
        return "royal flush" if ranks[0] == 14 else f"straight flush, {noun(ranks[0])} high"
    if category == 7:
        return f"four {plural(ranks[0])}"
    if category == 6:
        return f"full house, {plural(ranks[0])} full of {plural(ranks[3])}"
    if category in (5, 4):
        return f"{_FIVE_CATEGORIES[category]}, {noun(ranks[0])} high"
    if category == 3:
        return f"three {plural(ranks[0])}"
    if category == 2:
        return f"two pair, {plural(ranks[0])} and {plural(ranks[2])}"
    if category == 1:
        return f"pair of {plural(ranks[0])}"
    return f"{noun(ranks[0])} high"


def evaluate_six_card_bonus(cards: Sequence[Card],
                            dealer: Sequence[Card] | None = None) -> HandValue:
    """The best five of six cards (or of a player's three and the dealer's three).
    ``category`` is the 6 Card Bonus pay class (``'nothing'`` below three of a kind);
    ``cards`` the best five.

    >>> from pokerroom.cards import parse_cards
    >>> v = evaluate_six_card_bonus(parse_cards("9h 9d 9c 5s 5h Kd"))
    >>> v.category, v.description
    ('full house', 'full house, nines full of fives')
    >>> evaluate_six_card_bonus(parse_cards("2c 5d 9h Js Kd 3c")).category
    'nothing'
    """
    if dealer is not None:
        check_cards(cards, sizes=[3], what="player's hand")
        check_cards(dealer, sizes=[3], what="dealer's hand")
        cards = (*cards, *dealer)
    check_cards(cards, sizes=[6], what="6 Card Bonus hand")
    best_key, best_five = -1, tuple(cards[:5])
    for five in combinations(cards, 5):
        key = five_card_key([c.rank for c in five], len({c.suit for c in five}) == 1)
        if key > best_key:
            best_key, best_five = key, five
    return HandValue(best_key, pay_class_of_key(best_key).label, _describe(best_key),
                     tuple(best_five))


def pay_class_of_key(key: int) -> SixCardClass:
    """The pay class of a standard five-card high key.

    >>> pay_class_of_key(five_card_key([14, 13, 12, 11, 10], True)).label
    'royal flush'
    """
    category = key >> 20
    if category == 8 and (key >> 16) & 15 == 14:
        return SixCardClass.ROYAL_FLUSH
    return _PAY_CLASS_OF_CATEGORY.get(category, SixCardClass.NOTHING)


def six_card_class_of_indices(indices: Sequence[int]) -> SixCardClass:
    """The pay class of six distinct card indices (0..51), with no validation: the fast
    path for a table that deals its own cards.

    Five or more cards of one suit leave at most a pair among the ranks, so a flush
    hand is a flush, a straight flush or a royal; otherwise the ranks alone decide.
    """
    suit_count = [0, 0, 0, 0]
    for i in indices:
        suit_count[i & 3] += 1
    for suit in range(4):
        if suit_count[suit] >= 5:
            return _class_of_suited([(i >> 2) + 2 for i in indices if i & 3 == suit])
    return _class_of_ranks([(i >> 2) + 2 for i in indices])


def _class_of_ranks(ranks: Sequence[int]) -> SixCardClass:
    """The pay class of six ranks that hold no flush."""
    counts = sorted(Counter(ranks).values(), reverse=True)
    if counts[0] == 4:
        return SixCardClass.FOUR_OF_A_KIND
    if counts[0] == 3 and counts[1] >= 2:
        return SixCardClass.FULL_HOUSE
    if _run_top(ranks):
        return SixCardClass.STRAIGHT
    if counts[0] == 3:
        return SixCardClass.THREE_OF_A_KIND
    return SixCardClass.NOTHING


def _class_of_suited(ranks: Sequence[int]) -> SixCardClass:
    """The pay class of five or six cards of one suit."""
    top = _run_top(ranks)
    if top == 14:
        return SixCardClass.ROYAL_FLUSH
    return SixCardClass.STRAIGHT_FLUSH if top else SixCardClass.FLUSH


def six_card_class(cards: Sequence[Card]) -> SixCardClass:
    """The 6 Card Bonus pay class of six cards (validated).

    >>> from pokerroom.cards import parse_cards
    >>> six_card_class(parse_cards("2h 3h 4h 5h 9h Ah"))
    <SixCardClass.STRAIGHT_FLUSH: 6>
    """
    check_cards(cards, sizes=[6], what="6 Card Bonus hand")
    return six_card_class_of_indices([int(c) for c in cards])


@lru_cache(maxsize=1)
def six_card_class_counts() -> dict[SixCardClass, int]:
    """How many of the 20,358,520 six-card hands fall in each pay class.

    Counted per rank multiset (18,564 of them, at most four of a rank): a multiset with
    multiplicities ``m`` is dealt ``prod(C(4, m))`` ways; of those, the ways with five or
    six cards of one suit are counted apart (they are flushes or better), and every other
    way takes the class of the ranks alone. Counted once and kept in the table cache
    (:mod:`pokerroom.tablecache`), as the hand tables are: a new process reads it.

    >>> counts = six_card_class_counts()
    >>> counts[SixCardClass.ROYAL_FLUSH], sum(counts.values()) == SIX_CARD_HANDS
    (188, True)
    """
    counts = load_int_table("six-card-class-counts", _STAMP, _count_classes)
    return {cls: counts[int(cls)] for cls in SixCardClass}


_STAMP = source_stamp([__file__])


def _count_classes() -> dict[int, int]:
    """:func:`six_card_class_counts` counted, by class number."""
    counts = dict.fromkeys(SixCardClass, 0)
    for ranks in combinations_with_replacement(range(2, 15), 6):
        multiplicity = Counter(ranks)
        if max(multiplicity.values()) > 4:
            continue
        ways = prod(comb(4, m) for m in multiplicity.values())
        distinct = sorted(multiplicity)
        flush_ways = 0
        if len(distinct) == 6:
            # all six in one suit (4 ways), or five in one suit and one in another (4 * 3)
            counts[_class_of_suited(distinct)] += 4
            for five in combinations(distinct, 5):
                counts[_class_of_suited(five)] += 12
            flush_ways = 4 + 6 * 12
        elif len(distinct) == 5:
            # the five ranks in one suit, the paired rank's other card in another suit
            counts[_class_of_suited(distinct)] += 12
            flush_ways = 12
        counts[_class_of_ranks(ranks)] += ways - flush_ways
    return {int(cls): count for cls, count in counts.items()}
