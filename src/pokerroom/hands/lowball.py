"""Ace-to-five low: lowball, razz and the low half of the 8-or-better split games.

Aces are low, straights and flushes do not count (``a5-intro``, ``razz-2``,
``stud8-6``); the best hand is 5-4-3-2-A. A hand is compared first by its pairing (no
pair is best, then one pair, two pair, three of a kind, full house, four of a kind), then
by its ranks from the top, the lowest hand winning. A joker is the lowest rank not
already in the hand (``a5-1``).

The key turns the low order round so that, as everywhere in pokerroom, a larger key is
the better hand: ``key = A5_KEY_TOP - raw`` where ``raw`` packs the pairing class and the
five ranks (ace = 1) in tie-break order, like the high key.

>>> from pokerroom.cards import parse_cards
>>> evaluate_a5_low(parse_cards("8d 6c 4h 2s Ah")).description
'8-6-4-2-A low'
>>> evaluate_a5_low(parse_cards("5d 4c 3h 2s Ah")) > evaluate_a5_low(parse_cards("6d 4c 3h 2s Ah"))
True
>>> evaluate_a5_low(parse_cards("8d 6c 4h 2s Jk")).description
'8-6-4-2-A low (joker as ace)'
>>> evaluate_low8(parse_cards("9d 6c 4h 2s Ah")) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from pokerroom.cards import Card, Rank
from pokerroom.errors import InvalidHandError
from pokerroom.hands.base import HandValue, check_cards
from pokerroom.hands.high import OMAHA_HOLE_SIZES, check_five_or_more
from pokerroom.tablecache import LazyTable, source_stamp

__all__ = [
    "A5_KEY_TOP",
    "LOW_CLASSES",
    "LOW_QUALIFIERS",
    "a5_key5",
    "a5_key_from_ranks",
    "a5_qualifies",
    "best_a5_key",
    "describe_a5_key",
    "evaluate_a5_low",
    "evaluate_low8",
    "evaluate_omaha_low",
    "evaluate_razz",
    "joker_low_rank",
    "qualifier_problem",
]

LOW_CLASSES: tuple[str, ...] = (
    "no pair", "pair", "two pair", "three of a kind", "full house", "four of a kind",
)
A5_KEY_TOP: int = (1 << 24) - 1
"""Keys are ``A5_KEY_TOP - raw``; the raw value of the worst low fits in 24 bits."""

_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4,
           (4, 1): 5}


def _low_rank(rank: int) -> int:
    """Rank value with the ace as 1."""
    return 1 if rank == 14 else rank


def a5_key_from_ranks(ranks: Sequence[int]) -> int:
    """The ace-to-five key of five ranks (2..14 or the ace as 1; suits never matter).

    >>> a5_key_from_ranks([14, 2, 3, 4, 5]) > a5_key_from_ranks([6, 2, 3, 4, 14])
    True
    >>> a5_key_from_ranks([2, 2, 3, 4, 5]) < a5_key_from_ranks([13, 12, 11, 10, 8])
    True
    """
    if len(ranks) != 5:
        raise ValueError("an ace-to-five key takes exactly five ranks")
    counts = Counter(_low_rank(r) for r in ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ordered = [r for r, n in groups for _ in range(n)]
    shape = _SHAPES.get(tuple(sorted(counts.values(), reverse=True)))
    if shape is None:
        raise ValueError("five cards of one rank are not a hand")
    r1, r2, r3, r4, r5 = ordered
    raw = (shape << 20) | (r1 << 16) | (r2 << 12) | (r3 << 8) | (r4 << 4) | r5
    return A5_KEY_TOP - raw


_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_CARD_PRIME = tuple(_PRIMES[i // 4] for i in range(52))


def _build_table() -> dict[int, int]:
    table: dict[int, int] = {}
    for multiset in combinations_with_replacement(range(13), 5):
        if max(Counter(multiset).values()) > 4:
            continue
        product = 1
        for i in multiset:
            product *= _PRIMES[i]
        table[product] = a5_key_from_ranks([i + 2 for i in multiset])
    return table


# Built at the first lookup (or read from the file cache), not at import.
_BY_PRODUCT = LazyTable("a5-by-product", source_stamp([__file__]), _build_table)


def a5_key5(c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """The ace-to-five key of five standard cards given as indexes 0..51, from a table.

    >>> from pokerroom.cards import card
    >>> wheel = [int(card(t)) for t in ("Ah", "2h", "3h", "4h", "5h")]
    >>> a5_key5(*wheel) == a5_key_from_ranks([1, 2, 3, 4, 5])
    True
    """
    p = _CARD_PRIME
    return _BY_PRODUCT[p[c1] * p[c2] * p[c3] * p[c4] * p[c5]]


def key_ranks(key: int) -> tuple[int, int, int, int, int]:
    """The five tie-break ranks of an ace-to-five key (the ace as 1)."""
    raw = A5_KEY_TOP - key
    return ((raw >> 16) & 15, (raw >> 12) & 15, (raw >> 8) & 15, (raw >> 4) & 15, raw & 15)


def key_class(key: int) -> int:
    """The pairing class (0 no pair .. 5 four of a kind) of an ace-to-five key."""
    return (A5_KEY_TOP - key) >> 20


def a5_qualifies(key: int, qualifier: int = 8) -> bool:
    """True when the low is five different ranks, none above ``qualifier`` (``omaha8-2``,
    ``stud8-2``; 8 unless another qualifier is posted).

    >>> eight, nine = a5_key_from_ranks([8, 7, 6, 5, 4]), a5_key_from_ranks([9, 4, 3, 2, 1])
    >>> a5_qualifies(eight), a5_qualifies(nine)
    (True, False)
    """
    return key_class(key) == 0 and key_ranks(key)[0] <= qualifier


def _symbol(rank: int) -> str:
    return Rank(14 if rank == 1 else rank).symbol


def _plural(rank: int) -> str:
    return Rank(14 if rank == 1 else rank).plural


def describe_a5_key(key: int) -> str:
    """What a player says for an ace-to-five key.

    >>> describe_a5_key(a5_key_from_ranks([7, 5, 4, 2, 14]))
    '7-5-4-2-A low'
    >>> describe_a5_key(a5_key_from_ranks([3, 3, 8, 2, 14]))
    'pair of threes, 8-2-A'
    >>> describe_a5_key(a5_key_from_ranks([3, 3, 8, 8, 14]))
    'two pair, eights and threes, A'
    """
    cls = key_class(key)
    r = key_ranks(key)
    if cls == 0:
        return "-".join(_symbol(x) for x in r) + " low"
    if cls == 1:
        return f"pair of {_plural(r[0])}, " + "-".join(_symbol(x) for x in r[2:])
    if cls == 2:
        return f"two pair, {_plural(r[0])} and {_plural(r[2])}, {_symbol(r[4])}"
    if cls == 3:
        return f"three {_plural(r[0])}, " + "-".join(_symbol(x) for x in r[3:])
    if cls == 4:
        return f"full house, {_plural(r[0])} full of {_plural(r[3])}"
    return f"four {_plural(r[0])}, {_symbol(r[4])}"


def _category(key: int) -> str:
    """``'8 low'``-style names for unpaired lows, the pairing class otherwise."""
    cls = key_class(key)
    if cls == 0:
        top = key_ranks(key)[0]
        return "wheel" if top == 5 else f"{_symbol(top)} low"
    return LOW_CLASSES[cls]


def joker_low_rank(ranks: Sequence[int]) -> int:
    """The rank a joker takes in an ace-to-five hand: the lowest rank (ace = 1) not among
    ``ranks`` (``a5-1``).

    >>> joker_low_rank([14, 2, 5, 8]), joker_low_rank([3, 4, 5, 6])
    (3, 1)
    """
    present = {_low_rank(r) for r in ranks}
    return next(r for r in range(1, 14) if r not in present)


def best_a5_key(cards: Sequence[Card]) -> tuple[int, tuple[Card, ...], int | None]:
    """Best ace-to-five key among the five-card subsets of ``cards`` (a joker allowed),
    with the five cards and the rank the joker took (``None`` when none played)."""
    best = -1
    best_five: tuple[Card, ...] = ()
    best_joker: int | None = None
    for five in combinations(cards, 5):
        joker_rank: int | None = None
        if any(c.is_joker for c in five):
            others = [int(c.rank) for c in five if not c.is_joker]
            joker_rank = joker_low_rank(others)
            key = a5_key_from_ranks([*others, joker_rank])
        else:
            key = a5_key5(*(int(c) for c in five))
        if key > best:
            best, best_five, best_joker = key, five, joker_rank
    return best, best_five, best_joker


def _value(key: int, five: tuple[Card, ...], joker_rank: int | None) -> HandValue:
    description = describe_a5_key(key)
    if joker_rank is not None:
        description += f" (joker as {Rank(14 if joker_rank == 1 else joker_rank).noun})"
    return HandValue(key, _category(key), description, five)


def evaluate_a5_low(cards: Sequence[Card], *, joker: bool = True) -> HandValue:
    """The best ace-to-five low of five or more cards; pairs play, as a worse low.

    With ``joker`` (the default, ``a5-1``) the hand may hold the joker; without it a joker
    is an error (``joker-1``: the table says whether the joker is in use).

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_a5_low(parse_cards("Kd Kc 4h 2s Ah")).description
    'pair of kings, 4-2-A'
    """
    check_five_or_more(cards, jokers=joker, what="ace-to-five hand")
    return _value(*best_a5_key(cards))


def evaluate_razz(cards: Sequence[Card]) -> HandValue:
    """Razz: the best ace-to-five low of a stud hand, five to seven cards, no joker
    (``razz-intro``, ``razz-2``).

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_razz(parse_cards("Kd 7c 4h 2s Ah 3c 7d")).description
    '7-4-3-2-A low'
    """
    check_cards(cards, sizes=[5, 6, 7], what="razz hand")
    return _value(*best_a5_key(cards))


LOW_QUALIFIERS = range(5, 14)
"""The qualifiers a table may post for a low (``omaha8-2-posted``, ``stud8-2-posted``):
five-high to king-high, 8 the rule. Every command and the engine check this one range."""


def qualifier_problem(qualifier: int) -> str | None:
    """Why ``qualifier`` cannot be posted (``None``: it can).

    >>> qualifier_problem(8), qualifier_problem(4)
    (None, 'a low qualifier is 5 to 13 (king), got 4')
    """
    if qualifier in LOW_QUALIFIERS:
        return None
    return f"a low qualifier is 5 to 13 (king), got {qualifier}"


def _check_qualifier(qualifier: int) -> None:
    problem = qualifier_problem(qualifier)
    if problem is not None:
        raise InvalidHandError(problem)


def evaluate_low8(cards: Sequence[Card], *, qualifier: int = 8) -> HandValue | None:
    """The low half of stud hi-lo: the best ace-to-five low of any five cards, or ``None``
    unless it is five different ranks of ``qualifier`` or lower (``stud8-2``,
    ``stud8-3``; another qualifier when posted, ``stud8-2-posted``).

    The best low of several cards is unpaired whenever any five of them are, so the
    best low qualifies exactly when some five cards do.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_low8(parse_cards("As Ks Qs 8s 5s 3s 2d")).description
    '8-5-3-2-A low'
    >>> evaluate_low8(parse_cards("As Ks Qs 8s 5s 3s 2d"), qualifier=7) is None
    True
    """
    _check_qualifier(qualifier)
    check_five_or_more(cards)
    value = _value(*best_a5_key(cards))
    return value if a5_qualifies(value.key, qualifier) else None


def evaluate_omaha_low(hole: Sequence[Card], board: Sequence[Card], *,
                       qualifier: int = 8) -> HandValue | None:
    """Omaha hi-lo low: exactly two hole cards (of four, or five in five-card Omaha) and
    three board cards, 8-or-better (or the posted qualifier), else ``None``
    (``omaha8-intro``, ``omaha8-2``).

    >>> from pokerroom.cards import parse_cards
    >>> board = parse_cards("2c 3d 4h Kc Qd")
    >>> evaluate_omaha_low(parse_cards("As 5s Kh Kd"), board).description
    '5-4-3-2-A low'
    >>> evaluate_omaha_low(parse_cards("As Ks Kh Kd"), board) is None
    True
    >>> evaluate_omaha_low(parse_cards("As Ks Kh Kd 7c"), board).description
    '7-4-3-2-A low'
    """
    _check_qualifier(qualifier)
    check_cards(hole, sizes=OMAHA_HOLE_SIZES, what="Omaha hand")
    check_cards(board, sizes=[3, 4, 5], what="board")
    check_cards([*hole, *board], sizes=[len(hole) + len(board)], what="hand and board")
    best = -1
    best_five: tuple[Card, ...] = ()
    for a, b in combinations(hole, 2):
        for x, y, z in combinations(board, 3):
            key = a5_key5(a, b, x, y, z)
            if key > best:
                best, best_five = key, (a, b, x, y, z)
    if not a5_qualifies(best, qualifier):
        return None
    return _value(best, best_five, None)
