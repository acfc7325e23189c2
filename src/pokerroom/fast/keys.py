"""Readable key rules for five ranks, the definitions the fast tables are filled from.

Ranks here are rank values 2..14 (the ace 14); an ace-to-five low writes the ace as 1.

* Standard high: ``(category << 20) | (r1 << 16) | ... | r5`` with category 0 (high card)
  to 8 (straight flush) and the ranks in tie-break order (bigger groups first, then
  higher ranks; a straight from the top, the wheel as 5-4-3-2-1).
* Ace-to-five low (``a5-intro``, ``razz-2``): straights and flushes ignored, the ace low;
  the low hand's "badness" packs its pairing (0 no pair, 1 pair, 2 two pair, 3 trips,
  4 full house, 5 quads) and its ranks (the ace as 1) like a high key, and the low key is
  ``LOW_BASE - badness`` so that a larger key is a better low.
* Deuce-to-seven low (``27-intro``): straights and flushes count, the ace is high only
  (A-5-4-3-2 is ace high, not a straight), the low key is ``LOW_BASE - high key``.

>>> hex(high_key_of_ranks([14, 13, 12, 11, 10], True))
'0x8edcba'
>>> hex(high_key_of_ranks([14, 2, 3, 4, 5], False))
'0x454321'
>>> hex(LOW_BASE - a5_low_key_of_ranks([14, 2, 3, 4, 5]))
'0x54321'
>>> hex(LOW_BASE - a5_low_key_of_ranks([9, 9, 9, 2, 2]))
'0x499922'

>>> seven_five = deuce_seven_key_of_ranks([7, 5, 4, 3, 2], False)
>>> seven_five > deuce_seven_key_of_ranks([14, 5, 4, 3, 2], False)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = [
    "LOW_BASE",
    "NO_LOW",
    "a5_low_key_of_ranks",
    "deuce_seven_key_of_ranks",
    "high_key_of_ranks",
    "low_key_is_eight_or_better",
]

LOW_BASE = (1 << 24) - 1
"""Low keys are ``LOW_BASE - badness``; every badness is below ``9 << 20``."""

NO_LOW = 0
"""The key a hand gets when it makes no qualifying low (every real low key is larger)."""

_SHAPES = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 6,
    (4, 1): 7,
}
_LOW_SHAPES = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
}


def _pack(category: int, ranks: Sequence[int]) -> int:
    key = category
    for r in ranks:
        key = (key << 4) | r
    return key


def high_key_of_ranks(ranks: Sequence[int], flush: bool, *, wheel: bool = True) -> int:
    """The high key of five ranks; ``wheel=False`` makes A-5-4-3-2 ace high (2-7 rules)
    and with ranks 1..13 (ace low, no straight of A-K) the same function ranks lows."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    tie_break = [r for r in order for _ in range(counts[r])]
    category = _SHAPES[tuple(sorted(counts.values(), reverse=True))]
    if category == 0:
        top = tie_break[0]
        if top - tie_break[4] == 4:
            return _pack(8 if flush else 4, tie_break)
        if wheel and tie_break == [14, 5, 4, 3, 2]:
            return _pack(8 if flush else 4, [5, 4, 3, 2, 1])
        if flush:
            return _pack(5, tie_break)
    return _pack(category, tie_break)


def a5_low_key_of_ranks(ranks: Sequence[int]) -> int:
    """The ace-to-five low key of five ranks (2..14): bigger is a better low."""
    low = [1 if r == 14 else r for r in ranks]
    counts = Counter(low)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    tie_break = [r for r in order for _ in range(counts[r])]
    pairing = _LOW_SHAPES[tuple(sorted(counts.values(), reverse=True))]
    return LOW_BASE - _pack(pairing, tie_break)


def low_key_is_eight_or_better(key: int) -> bool:
    """Whether an ace-to-five low key is five unpaired cards, eight or lower
    (``stud8-2``, ``omaha8-2``).

    >>> low_key_is_eight_or_better(a5_low_key_of_ranks([8, 7, 6, 5, 14]))
    True
    >>> low_key_is_eight_or_better(a5_low_key_of_ranks([9, 4, 3, 2, 14]))
    False
    """
    badness = LOW_BASE - key
    return badness >> 20 == 0 and (badness >> 16) & 15 <= 8


def deuce_seven_key_of_ranks(ranks: Sequence[int], flush: bool) -> int:
    """The deuce-to-seven low key of five ranks: bigger is a better low."""
    return LOW_BASE - high_key_of_ranks(ranks, flush, wheel=False)
