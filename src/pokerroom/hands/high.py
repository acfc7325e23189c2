"""Standard high poker hands: the best five of five, six, seven or more cards.

The key of a five-card hand is one integer,
``(category << 20) | (r1 << 16) | (r2 << 12) | (r3 << 8) | (r4 << 4) | r5``, where
``category`` runs from 0 (high card) to 8 (straight flush) and ``r1``..``r5`` are the
rank values (2..14) in tie-break order: the ranks grouped by (count, rank) from the
largest group down, each repeated by its count; a straight lists its ranks from the top,
the wheel as 5-4-3-2-1 (the ace written as 1). Suits never break ties (``supp-suits``).

>>> from pokerroom.cards import parse_cards
>>> v = evaluate_high(parse_cards("Kd Ks 7c 7h Ah 2c 3d"))
>>> v.category, v.description
('two pair', 'two pair, kings and sevens, ace kicker')
>>> hex(v.key)
'0x2dd77e'
>>> evaluate_high(parse_cards("Ah 2d 3c 4s 5h")).description
'straight, five high (the wheel)'
>>> evaluate_high(parse_cards("As Ks Qs Js Ts")).description
'royal flush'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement

from pokerroom.cards import Card, Rank
from pokerroom.errors import InvalidHandError
from pokerroom.hands.base import HandValue, check_cards
from pokerroom.tablecache import LazyTable, source_stamp

__all__ = [
    "FLUSH",
    "FULL_HOUSE",
    "HIGH_CARD",
    "HIGH_CATEGORIES",
    "OMAHA_HOLE_SIZES",
    "PAIR",
    "QUADS",
    "ROYAL_FLUSH_KEY",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "TRIPS",
    "TWO_PAIR",
    "best_high_key",
    "best_omaha_key",
    "category_name",
    "check_five_or_more",
    "describe_high_key",
    "evaluate_high",
    "evaluate_holdem",
    "evaluate_omaha",
    "high_key5",
    "high_key_from_ranks",
    "key_category",
    "key_ranks",
]

HIGH_CATEGORIES: tuple[str, ...] = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
OMAHA_HOLE_SIZES: tuple[int, ...] = (4, 5)
"""Hole cards an Omaha hand may hold: four, or five in five-card Omaha; either way it
plays exactly two of them."""


def _pack(category: int, ranks: Sequence[int]) -> int:
    r1, r2, r3, r4, r5 = ranks
    return (category << 20) | (r1 << 16) | (r2 << 12) | (r3 << 8) | (r4 << 4) | r5


ROYAL_FLUSH_KEY: int = _pack(STRAIGHT_FLUSH, (14, 13, 12, 11, 10))


def _straight_top(distinct_desc: Sequence[int]) -> int:
    """The top rank of the straight five distinct ranks (descending) make, else 0."""
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if tuple(distinct_desc) == (14, 5, 4, 3, 2):
        return 5
    return 0


def high_key_from_ranks(ranks: Sequence[int], flush: bool) -> int:
    """The key of five cards from their ranks (2..14) and whether they share a suit.

    This is the readable definition; :func:`high_key5` is the same thing from tables.

    >>> hex(high_key_from_ranks([13, 7, 13, 14, 7], False))
    '0x2dd77e'
    >>> hex(high_key_from_ranks([14, 2, 3, 4, 5], True))
    '0x854321'
    """
    if len(ranks) != 5:
        raise ValueError("a high key takes exactly five ranks")
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ordered = [r for r, n in groups for _ in range(n)]
    shape = sorted(counts.values(), reverse=True)
    if len(counts) == 5:
        top = _straight_top(ordered)
        if top:
            run = [top - i for i in range(5)] if top != 5 else [5, 4, 3, 2, 1]
            return _pack(STRAIGHT_FLUSH if flush else STRAIGHT, run)
        return _pack(FLUSH if flush else HIGH_CARD, ordered)
    category = {
        (2, 1, 1, 1): PAIR,
        (2, 2, 1): TWO_PAIR,
        (3, 1, 1): TRIPS,
        (3, 2): FULL_HOUSE,
        (4, 1): QUADS,
    }.get(tuple(shape))
    if category is None:
        raise ValueError(f"five standard cards cannot have rank counts {shape}")
    return _pack(category, ordered)


# Tables for the fast path: non-flush hands by the product of one prime per rank
# (unique for every rank multiset), flush hands by the bit mask of their ranks.
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # rank 2..14 -> index 0..12
_CARD_PRIME = tuple(_PRIMES[i // 4] for i in range(52))
_CARD_BIT = tuple(1 << (i // 4) for i in range(52))


def _build_by_product() -> dict[int, int]:
    by_product: dict[int, int] = {}
    for multiset in combinations_with_replacement(range(13), 5):
        if max(Counter(multiset).values()) > 4:
            continue
        product = 1
        for i in multiset:
            product *= _PRIMES[i]
        by_product[product] = high_key_from_ranks([i + 2 for i in multiset], False)
    return by_product


def _build_flush_by_mask() -> dict[int, int]:
    return {sum(1 << i for i in five): high_key_from_ranks([i + 2 for i in five], True)
            for five in combinations(range(13), 5)}


# Built at the first lookup (or read from the file cache), not at import.
_STAMP = source_stamp([__file__])
_BY_PRODUCT = LazyTable("high-by-product", _STAMP, _build_by_product)
_FLUSH_BY_MASK = LazyTable("high-flush-by-mask", _STAMP, _build_flush_by_mask)


def high_key5(c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """The key of five standard cards given as card indexes (0..51), from tables.

    >>> from pokerroom.cards import card
    >>> high_key5(*(int(card(t)) for t in "As Ks Qs Js Ts".split())) == ROYAL_FLUSH_KEY
    True
    """
    if (c1 ^ c2) & 3 == 0 and (c1 ^ c3) & 3 == 0 and (c1 ^ c4) & 3 == 0 and (c1 ^ c5) & 3 == 0:
        bits = _CARD_BIT
        return _FLUSH_BY_MASK[bits[c1] | bits[c2] | bits[c3] | bits[c4] | bits[c5]]
    p = _CARD_PRIME
    return _BY_PRODUCT[p[c1] * p[c2] * p[c3] * p[c4] * p[c5]]


def best_high_key(cards: Iterable[int]) -> tuple[int, tuple[int, ...]]:
    """The best key among all five-card subsets of five or more card indexes, with the
    five that make it (the first such five in combination order)."""
    best = -1
    best_five: tuple[int, ...] = ()
    for five in combinations(cards, 5):
        key = high_key5(*five)
        if key > best:
            best, best_five = key, five
    return best, best_five


def key_category(key: int) -> int:
    """The category number (0..8) of a high key."""
    return key >> 20


def key_ranks(key: int) -> tuple[int, int, int, int, int]:
    """The five tie-break ranks of a high key (the wheel's ace as 1)."""
    return ((key >> 16) & 15, (key >> 12) & 15, (key >> 8) & 15, (key >> 4) & 15, key & 15)


def _noun(rank: int) -> str:
    return Rank(14 if rank == 1 else rank).noun


def _plural(rank: int) -> str:
    return Rank(rank).plural


def _symbols(ranks: Iterable[int]) -> str:
    return "-".join(Rank(14 if r == 1 else r).symbol for r in ranks)


def _kickers(ranks: Sequence[int]) -> str:
    if len(ranks) == 1:
        return f"{_noun(ranks[0])} kicker"
    return f"{_symbols(ranks)} kickers"


def describe_high_key(key: int) -> str:
    """What a player says for a high key.

    >>> from pokerroom.cards import parse_cards
    >>> def say(text: str) -> str:
    ...     return describe_high_key(evaluate_high(parse_cards(text)).key)
    >>> say("Ah Kd 9c 7s 4h")
    'ace high, K-9-7-4'
    >>> say("Ah Ad 9c 7s 4h")
    'pair of aces, 9-7-4 kickers'
    >>> say("7h 7d 7c Ks 4h")
    'three of a kind, sevens, K-4 kickers'
    >>> say("Kh Kd Kc 7s 7h")
    'full house, kings full of sevens'
    >>> say("9h 9d 9c 9s Ah")
    'four of a kind, nines, ace kicker'
    >>> say("Ah Jh 9h 6h 3h")
    'flush, ace high, A-J-9-6-3'
    >>> say("9h 8h 7h 6h 5h")
    'straight flush, nine high'
    """
    said = _SAID.get(key)
    if said is None:                # a few thousand keys: each is worked out once
        if len(_SAID) >= 1 << 16:
            _SAID.clear()
        said = _SAID[key] = _say(key)
    return said


_SAID: dict[int, str] = {}
"""The words of each high key said so far (see :func:`describe_high_key`)."""


def _say(key: int) -> str:
    """The words of a high key, worked out (see :func:`describe_high_key`)."""
    category = key_category(key)
    r = key_ranks(key)
    if category == HIGH_CARD:
        return f"{_noun(r[0])} high, {_symbols(r[1:])}"
    if category == PAIR:
        return f"pair of {_plural(r[0])}, {_kickers(r[2:])}"
    if category == TWO_PAIR:
        return f"two pair, {_plural(r[0])} and {_plural(r[2])}, {_kickers(r[4:])}"
    if category == TRIPS:
        return f"three of a kind, {_plural(r[0])}, {_kickers(r[3:])}"
    if category == STRAIGHT:
        wheel = " (the wheel)" if r[0] == 5 else ""
        return f"straight, {_noun(r[0])} high{wheel}"
    if category == FLUSH:
        return f"flush, {_noun(r[0])} high, {_symbols(r)}"
    if category == FULL_HOUSE:
        return f"full house, {_plural(r[0])} full of {_plural(r[3])}"
    if category == QUADS:
        return f"four of a kind, {_plural(r[0])}, {_kickers(r[4:])}"
    if r[0] == 14:
        return "royal flush"
    return f"straight flush, {_noun(r[0])} high"


def category_name(key: int) -> str:
    """The category name of a high key, with a royal flush named as such."""
    return "royal flush" if key == ROYAL_FLUSH_KEY else HIGH_CATEGORIES[key_category(key)]


def _value(key: int, five: Sequence[int]) -> HandValue:
    return HandValue(key, category_name(key), describe_high_key(key),
                     tuple(Card(c) for c in five))


def check_five_or_more(cards: Sequence[Card], *, jokers: bool = False,
                       what: str = "hand") -> None:
    """Raise :class:`InvalidHandError` unless ``cards`` are five or more known, distinct
    cards (jokers only where allowed).

    >>> from pokerroom.cards import parse_cards
    >>> check_five_or_more(parse_cards("As Kd"))
    Traceback (most recent call last):
    ...
    pokerroom.errors.InvalidHandError: hand needs at least 5 cards, got 2
    """
    if len(cards) < 5:
        raise InvalidHandError(f"{what} needs at least 5 cards, got {len(cards)}")
    check_cards(cards, sizes=[len(cards)], jokers=jokers, what=what)


def evaluate_high(cards: Sequence[Card]) -> HandValue:
    """The best five-card high hand among five or more standard cards.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_high(parse_cards("2c 3d 4h 5s 7c 9d Jh")).description
    'jack high, 9-7-5-4'
    """
    check_five_or_more(cards)
    key, five = best_high_key([int(c) for c in cards])
    return _value(key, five)


def evaluate_holdem(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """Hold'em: the best five of two hole cards and five board cards, in any combination,
    the board alone included (``holdem-6``).

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_holdem(parse_cards("2c 3d"), parse_cards("As Ks Qs Js Ts")).category
    'royal flush'
    """
    check_cards(hole, sizes=[2], what="hold'em hand")
    check_cards(board, sizes=[3, 4, 5], what="board")
    check_cards([*hole, *board], sizes=[5, 6, 7], what="hand and board")
    return evaluate_high([*hole, *board])


def best_omaha_key(hole: Sequence[int], board: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best key using exactly two of ``hole`` and exactly three of ``board``."""
    best = -1
    best_five: tuple[int, ...] = ()
    board_threes = list(combinations(board, 3))
    for a, b in combinations(hole, 2):
        for x, y, z in board_threes:
            key = high_key5(a, b, x, y, z)
            if key > best:
                best, best_five = key, (a, b, x, y, z)
    return best, best_five


def evaluate_omaha(hole: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """Omaha: exactly two of the four hole cards (five in five-card Omaha) and exactly
    three board cards (``omaha-intro``, ``omaha-1``).

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_omaha(parse_cards("As Kd 7c 2h"), parse_cards("Qs Js Ts 9s 8s")).description
    'straight, ace high'
    >>> evaluate_omaha(parse_cards("As Kd 7c 2h Ah"), parse_cards("Ac 3s Td 9s 8s")).description
    'three of a kind, aces, T-9 kickers'
    """
    check_cards(hole, sizes=OMAHA_HOLE_SIZES, what="Omaha hand")
    check_cards(board, sizes=[3, 4, 5], what="board")
    check_cards([*hole, *board], sizes=[len(hole) + len(board)], what="hand and board")
    key, five = best_omaha_key([int(c) for c in hole], [int(c) for c in board])
    return _value(key, five)
