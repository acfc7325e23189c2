"""Short-deck (six-plus) high hands: the best five cards of a 36-card deck, sixes to aces.

With the deuces to fives out of the deck a flush is rarer than a full house, so it ranks
above it; an ace still plays high or low, so A-6-7-8-9 is the lowest straight (and, of
one suit, the lowest straight flush). Where three of a kind and a straight fall is a
house rule (:class:`ShortDeckOrder`): by default a straight beats three of a kind, as in
PokerKit's short-deck ranking (the PHH code ``NS``) and the WSOP's short-deck events;
Triton's series and many other rooms play three of a kind over a straight
(``docs/short-deck.md`` gives the sources).

The key packs a category and five tie-break ranks exactly as the standard high key does
(:mod:`pokerroom.hands.high`), with the categories numbered in short-deck order, so a
larger key is the better hand and suits never break ties (``supp-suits``).

>>> from pokerroom.cards import parse_cards
>>> full, flush = parse_cards("Ks Kd Kh 7c 7d"), parse_cards("Qs Ts 9s 7s 6s")
>>> evaluate_short_deck(flush) > evaluate_short_deck(full)
True
>>> evaluate_short_deck(parse_cards("Ah 6d 7c 8s 9h")).description
'straight, nine high (ace low)'
>>> straight, trips = parse_cards("Ah 6d 7c 8s 9h"), parse_cards("6s 6c 6h Ac Kd")
>>> evaluate_short_deck(straight) > evaluate_short_deck(trips)
True
>>> order = ShortDeckOrder.TRIPS_OVER_STRAIGHT
>>> evaluate_short_deck(straight, order=order) > evaluate_short_deck(trips, order=order)
False
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from functools import partial
from itertools import combinations, combinations_with_replacement

from pokerroom.cards import STANDARD_CARDS, Card, Rank
from pokerroom.errors import InvalidHandError
from pokerroom.hands.base import HandValue, check_cards
from pokerroom.hands.high import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    describe_high_key,
)
from pokerroom.tablecache import LazyTable, source_stamp

__all__ = [
    "SHORT_DECK_CARDS",
    "SHORT_DECK_HIGH",
    "SHORT_DECK_LOWEST_RANK",
    "ShortDeckOrder",
    "ShortDeckRanking",
    "best_short_deck_key",
    "check_short_deck_cards",
    "describe_short_deck_key",
    "evaluate_short_deck",
    "evaluate_short_deck_holdem",
    "short_deck_categories",
    "short_deck_category",
    "short_deck_key5",
    "short_deck_key_from_ranks",
]

SHORT_DECK_LOWEST_RANK: int = 6
SHORT_DECK_CARDS: tuple[Card, ...] = tuple(c for c in STANDARD_CARDS
                                           if c.rank >= SHORT_DECK_LOWEST_RANK)
"""The 36 cards of the short deck, in index order (6c 6d 6h 6s 7c ... As)."""


class ShortDeckOrder(enum.Enum):
    """Where three of a kind ranks against a straight (a house rule; the flush always
    ranks above the full house)."""

    STRAIGHT_OVER_TRIPS = "straight"
    """A straight beats three of a kind (PokerKit, PHH ``NS``, WSOP): the default."""
    TRIPS_OVER_STRAIGHT = "trips"
    """Three of a kind beats a straight (Triton and many rooms)."""

    def describe(self) -> str:
        """The rule in words, as the table announces it.

        >>> ShortDeckOrder.TRIPS_OVER_STRAIGHT.describe()
        'three of a kind beats a straight; a flush beats a full house'
        """
        first, second = (("a straight", "three of a kind")
                         if self is ShortDeckOrder.STRAIGHT_OVER_TRIPS
                         else ("three of a kind", "a straight"))
        return f"{first} beats {second}; a flush beats a full house"


_DEFAULT = ShortDeckOrder.STRAIGHT_OVER_TRIPS

# The standard categories (pokerroom.hands.high) from worst to best in each order.
_ORDERS: dict[ShortDeckOrder, tuple[int, ...]] = {
    ShortDeckOrder.STRAIGHT_OVER_TRIPS: (HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT,
                                         FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH),
    ShortDeckOrder.TRIPS_OVER_STRAIGHT: (HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, TRIPS,
                                         FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH),
}
_SHORT_NUMBER = {order: {standard: i for i, standard in enumerate(worst_first)}
                 for order, worst_first in _ORDERS.items()}
_NAMES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
          "full house", "four of a kind", "straight flush")
"""The standard categories' names, by their number in :mod:`pokerroom.hands.high`."""
_LOW_STRAIGHT = (14, 9, 8, 7, 6)


def short_deck_categories(order: ShortDeckOrder = _DEFAULT) -> tuple[str, ...]:
    """The category names from worst to best.

    >>> short_deck_categories()[4:7]
    ('straight', 'full house', 'flush')
    >>> short_deck_categories(ShortDeckOrder.TRIPS_OVER_STRAIGHT)[3:5]
    ('straight', 'three of a kind')
    """
    return tuple(_NAMES[standard] for standard in _ORDERS[order])


def _pack(category: int, ranks: Sequence[int]) -> int:
    r1, r2, r3, r4, r5 = ranks
    return (category << 20) | (r1 << 16) | (r2 << 12) | (r3 << 8) | (r4 << 4) | r5


def _standard_category(ranks: Sequence[int], flush: bool) -> tuple[int, list[int]]:
    """The standard category of five short-deck ranks and their tie-break order (the
    ace of A-6-7-8-9 written as 1, at the bottom)."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ordered = [r for r, n in groups for _ in range(n)]
    if len(counts) == 5:
        if ordered[0] - ordered[4] == 4:
            return (STRAIGHT_FLUSH if flush else STRAIGHT), ordered
        if tuple(ordered) == _LOW_STRAIGHT:
            return (STRAIGHT_FLUSH if flush else STRAIGHT), [9, 8, 7, 6, 1]
        return (FLUSH if flush else HIGH_CARD), ordered
    shape = tuple(sorted(counts.values(), reverse=True))
    category = {(2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR, (3, 1, 1): TRIPS,
                (3, 2): FULL_HOUSE, (4, 1): QUADS}.get(shape)
    if category is None:
        raise ValueError(f"five cards cannot have rank counts {list(shape)}")
    return category, ordered


def short_deck_key_from_ranks(ranks: Sequence[int], flush: bool,
                              order: ShortDeckOrder = _DEFAULT) -> int:
    """The key of five short-deck cards from their ranks (6..14) and whether they share
    a suit. This is the readable definition; :func:`short_deck_key5` is the same from
    tables.

    >>> low, six_high = [14, 6, 7, 8, 9], [6, 7, 8, 9, 10]
    >>> short_deck_key_from_ranks(low, False) < short_deck_key_from_ranks(six_high, False)
    True
    >>> short_deck_key_from_ranks([2, 3, 4, 5, 6], False)
    Traceback (most recent call last):
    ...
    ValueError: a short-deck key takes five ranks from 6 to 14
    """
    if len(ranks) != 5 or any(not SHORT_DECK_LOWEST_RANK <= r <= 14 for r in ranks):
        raise ValueError("a short-deck key takes five ranks from 6 to 14")
    standard, ordered = _standard_category(ranks, flush)
    return _pack(_SHORT_NUMBER[order][standard], ordered)


def short_deck_category(key: int, order: ShortDeckOrder = _DEFAULT) -> str:
    """The category name of a key (a royal flush named as such).

    >>> from pokerroom.cards import parse_cards
    >>> short_deck_category(evaluate_short_deck(parse_cards("As Ks Qs Js Ts")).key)
    'royal flush'
    """
    standard = _ORDERS[order][key >> 20]
    if standard == STRAIGHT_FLUSH and (key >> 16) & 15 == 14:
        return "royal flush"
    return _NAMES[standard]


def describe_short_deck_key(key: int, order: ShortDeckOrder = _DEFAULT) -> str:
    """What a player says for a key: the standard words, the ace-low straight marked.

    >>> from pokerroom.cards import parse_cards
    >>> describe_short_deck_key(evaluate_short_deck(parse_cards("9h 8h 7h 6h Ah")).key)
    'straight flush, nine high (ace low)'
    """
    standard = _ORDERS[order][key >> 20]
    text = describe_high_key((standard << 20) | (key & 0xFFFFF))
    if standard in (STRAIGHT, STRAIGHT_FLUSH) and key & 15 == 1:
        text += " (ace low)"
    return text


# Tables for the fast path, one pair per order: non-flush hands by the product of one
# prime per rank, flushes by the bit mask of their ranks (as in pokerroom.hands.high).
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)   # rank 2..14 -> index 0..12
_CARD_PRIME = tuple(_PRIMES[i // 4] for i in range(52))
_CARD_BIT = tuple(1 << (i // 4) for i in range(52))
_SHORT_INDEXES = range(SHORT_DECK_LOWEST_RANK - 2, 13)


def _build_by_product(order: ShortDeckOrder) -> dict[int, int]:
    table: dict[int, int] = {}
    for multiset in combinations_with_replacement(_SHORT_INDEXES, 5):
        if max(Counter(multiset).values()) > 4:
            continue
        product = 1
        for i in multiset:
            product *= _PRIMES[i]
        table[product] = short_deck_key_from_ranks([i + 2 for i in multiset], False, order)
    return table


def _build_flush_by_mask(order: ShortDeckOrder) -> dict[int, int]:
    return {sum(1 << i for i in five):
            short_deck_key_from_ranks([i + 2 for i in five], True, order)
            for five in combinations(_SHORT_INDEXES, 5)}


_STAMP = source_stamp([__file__])
def _tables(order: ShortDeckOrder) -> tuple[LazyTable, LazyTable]:
    """The two tables of one order, built at their first lookup (or read from the file
    cache), not at import."""
    return (LazyTable(f"short-deck-{order.value}-by-product", _STAMP,
                      partial(_build_by_product, order)),
            LazyTable(f"short-deck-{order.value}-flush-by-mask", _STAMP,
                      partial(_build_flush_by_mask, order)))


_TABLES = {order: _tables(order) for order in ShortDeckOrder}


def short_deck_key5(c1: int, c2: int, c3: int, c4: int, c5: int,
                    order: ShortDeckOrder = _DEFAULT) -> int:
    """The key of five short-deck cards given as card indexes (16..51), from tables.

    >>> from pokerroom.cards import card
    >>> cards = [int(card(t)) for t in "Ah 6d 7c 8s 9h".split()]
    >>> short_deck_key5(*cards) == short_deck_key_from_ranks([14, 6, 7, 8, 9], False)
    True
    """
    by_product, flush_by_mask = _TABLES[order]
    if (c1 ^ c2) & 3 == 0 and (c1 ^ c3) & 3 == 0 and (c1 ^ c4) & 3 == 0 and (c1 ^ c5) & 3 == 0:
        bits = _CARD_BIT
        return flush_by_mask[bits[c1] | bits[c2] | bits[c3] | bits[c4] | bits[c5]]
    p = _CARD_PRIME
    return by_product[p[c1] * p[c2] * p[c3] * p[c4] * p[c5]]


def best_short_deck_key(cards: Sequence[int], order: ShortDeckOrder = _DEFAULT
                        ) -> tuple[int, tuple[int, ...]]:
    """The best key among the five-card subsets of five or more card indexes, with the
    five that make it (the first such five in combination order)."""
    best = -1
    best_five: tuple[int, ...] = ()
    for five in combinations(cards, 5):
        key = short_deck_key5(*five, order)
        if key > best:
            best, best_five = key, five
    return best, best_five


def check_short_deck_cards(cards: Sequence[Card], *, sizes: Sequence[int],
                           what: str = "short-deck hand") -> None:
    """Raise :class:`InvalidHandError` unless ``cards`` are known, distinct short-deck
    cards of an allowed count.

    >>> from pokerroom.cards import parse_cards
    >>> check_short_deck_cards(  # doctest: +ELLIPSIS
    ...     parse_cards("As 5d 7c 8h 9s"), sizes=[5])
    Traceback (most recent call last):
    ...
    pokerroom.errors.InvalidHandError: short-deck hand holds 5d: the short deck has no ...
    """
    check_cards(cards, sizes=sizes, what=what)
    low = next((c for c in cards if c.rank < SHORT_DECK_LOWEST_RANK), None)
    if low is not None:
        raise InvalidHandError(f"{what} holds {low!r}: the short deck has no card below "
                               f"a {Rank(SHORT_DECK_LOWEST_RANK).noun}")


def _value(key: int, five: Sequence[int], order: ShortDeckOrder) -> HandValue:
    return HandValue(key, short_deck_category(key, order),
                     describe_short_deck_key(key, order), tuple(Card(c) for c in five))


def evaluate_short_deck(cards: Sequence[Card], *,
                        order: ShortDeckOrder = _DEFAULT) -> HandValue:
    """The best five-card short-deck hand among five or more short-deck cards.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_short_deck(parse_cards("Ac Kd 6h 7s 8c 9d Jh")).description
    'straight, nine high (ace low)'
    """
    if len(cards) < 5:
        raise InvalidHandError(f"short-deck hand needs at least 5 cards, got {len(cards)}")
    check_short_deck_cards(cards, sizes=[len(cards)])
    return _value(*best_short_deck_key([int(c) for c in cards], order), order)


def evaluate_short_deck_holdem(hole: Sequence[Card], board: Sequence[Card], *,
                               order: ShortDeckOrder = _DEFAULT) -> HandValue:
    """Short-deck hold'em: the best five of two hole cards and three to five board cards,
    in any combination, the board alone included (as in hold'em, ``holdem-6``).

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_short_deck_holdem(parse_cards("Ah Kh"), parse_cards("Qh Jh 6h 6c 6d")).category
    'flush'
    """
    check_short_deck_cards(hole, sizes=[2], what="short-deck hold'em hand")
    check_short_deck_cards(board, sizes=[3, 4, 5], what="board")
    check_cards([*hole, *board], sizes=[len(hole) + len(board)], what="hand and board")
    return evaluate_short_deck([*hole, *board], order=order)


class ShortDeckRanking:
    """The short-deck ranking as a :class:`~pokerroom.hands.base.Ranking`: the best five
    of a seat's cards with the board, in the given order (what an engine variant names
    as its showdown).

    >>> from pokerroom.cards import parse_cards
    >>> SHORT_DECK_HIGH.evaluate(parse_cards("Ah Kh Qh Jh 6h 6c 6d")).category
    'flush'
    >>> ShortDeckRanking(ShortDeckOrder.TRIPS_OVER_STRAIGHT).name
    'short deck (three of a kind beats a straight; a flush beats a full house)'
    """

    __slots__ = ("name", "order")

    def __init__(self, order: ShortDeckOrder = _DEFAULT) -> None:
        self.order = order
        self.name = f"short deck ({order.describe()})"

    def __repr__(self) -> str:
        return f"ShortDeckRanking({self.order})"

    def evaluate(self, cards: Sequence[Card]) -> HandValue:
        """The best five-card hand of five or more short-deck cards."""
        return evaluate_short_deck(cards, order=self.order)


SHORT_DECK_HIGH = ShortDeckRanking()
"""The short-deck ranking with the default order (a straight beats three of a kind)."""
