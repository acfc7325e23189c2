"""One-hand fast evaluation: one call per hand, a few hundred nanoseconds each.

These take the cards as a tuple (or any sequence) of card indexes (``Card`` objects are
ints, so ``parse_cards(...)`` works as is) and return the same keys as the readable
evaluators. The compiled functions hold the tables as constants, so a call passes only
the cards. Bad input (a repeated card, an index outside 0..51, a wrong count) raises
:class:`~pokerroom.errors.InvalidHandError`.

>>> from pokerroom.cards import parse_cards
>>> hex(high_key(parse_cards("Kd Ks 7c 7h Ah 2c 3d")))
'0x2dd77e'
>>> hex(high_key(parse_cards("Ah 2h 3h 4h 5h 9c")))
'0x854321'
>>> a5_low_key(parse_cards("Ah 2c 3d 4s 5h Kc Kd")) > a5_low_key(parse_cards("Ah 2c 3d 4s 6h"))
True
>>> low8_key(parse_cards("9c Tc Jd Qs Kh"))
0
>>> high_key(parse_cards("As As Kd Qh Jc"))
Traceback (most recent call last):
...
pokerroom.errors.InvalidHandError: a hand needs 5 to 7 distinct standard cards (indexes 0..51)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from pokerroom.errors import InvalidHandError
from pokerroom.fast import kernels
from pokerroom.fast.jit import njit
from pokerroom.fast.tables import load_tables

__all__ = ["a5_low_key", "deuce_seven_key", "high_kernel", "high_key", "low8_key",
           "omaha_high_key"]

_T = load_tables()
_ENTRIES = len(_T.key_high)
_PARTS = (_T.card_value.astype(np.int64), _T.base[5], _T.base[6], _T.base[7], _T.high_index,
          _T.key_high, _T.flush_high, _T.key_a5, _T.key_27, _T.flush_27)
_PACKED = np.concatenate([p.astype(np.int64) for p in _PARTS])
"""All tables in one array, so that a call passes a single array to compiled code."""
_OFFSETS = np.cumsum([0, *(len(p) for p in _PARTS)]).tolist()
O_CV, O_B5, O_B6, O_B7, O_HIDX, O_KHIGH, O_FHIGH, O_KA5, O_K27, O_F27 = _OFFSETS[:10]
_BAD = "a hand needs 5 to 7 distinct standard cards (indexes 0..51)"


@njit(cache=True)
def _sum(cards: Any, t: Any) -> int:
    """The summed card values, or -1 unless the cards are 5..7 distinct standard cards."""
    n = len(cards)
    if n < 5 or n > 7:
        return -1
    s = 0
    seen = 0
    for c in cards:
        if c < 0 or c > 51:
            return -1
        bit = 1 << c
        if seen & bit:
            return -1
        seen |= bit
        s += t[c]
    return s


@njit(cache=True, inline="always")
def _rank_slot(s: int, n: int, t: Any) -> int:
    return int(t[O_B5 + (n - 5) * 78125 + (s & 0x1FFFF)] + t[O_HIDX + ((s >> 17) & 0x3FFF)])


@njit(cache=True)
def _high(cards: Any, t: Any) -> int:
    s = _sum(cards, t)
    if s < 0:
        return -1
    counts = (s >> 32) & 0xFFFF
    if ((counts + 0x3333) & 0x8888) != 0:
        suit = 0
        while ((counts >> (4 * suit)) & 15) < 5:
            suit += 1
        mask = 0
        for c in cards:
            if (c & 3) == suit:
                mask |= 1 << (c >> 2)
        return int(t[O_FHIGH + mask])
    return int(t[O_KHIGH + _rank_slot(s, len(cards), t)])


@njit(cache=True)
def _a5(cards: Any, t: Any) -> int:
    s = _sum(cards, t)
    if s < 0:
        return -1
    return int(t[O_KA5 + _rank_slot(s, len(cards), t)])


@njit(cache=True, inline="always")
def _five_27(s: int, t: Any) -> int:
    if ((((s >> 32) & 0xFFFF) + 0x3333) & 0x8888) != 0:
        return int(t[O_F27 + (s >> 48)])
    return int(t[O_K27 + _rank_slot(s, 5, t)])


@njit(cache=True)
def _d27(cards: Any, t: Any) -> int:
    total = _sum(cards, t)
    if total < 0:
        return -1
    n = len(cards)
    if n == 5:
        return _five_27(total, t)
    best = 0
    for a in range(n):
        if n == 6:
            best = max(best, _five_27(total - t[cards[a]], t))
            continue
        for b in range(a + 1, n):
            best = max(best, _five_27(total - t[cards[a]] - t[cards[b]], t))
    return best


def _tuple(cards: Sequence[int]) -> tuple[int, ...]:
    return cards if type(cards) is tuple else tuple(int(c) for c in cards)


def high_kernel() -> tuple[Callable[[tuple[int, ...], Any], int], Any,
                            Callable[[Sequence[int]], int]]:
    """The compiled high evaluator behind :func:`high_key`, the table it reads and
    :func:`high_key` itself, for a caller that evaluates many hands: ``kernel(cards,
    table)`` with ``cards`` a tuple of card indexes gives -1 when they are not 5 to 7
    distinct standard cards, and ``high_key(cards)`` then says what is wrong.

    >>> kernel, table, checked = high_kernel()
    >>> kernel((48, 44, 40, 36, 32), table) == checked([48, 44, 40, 36, 32])
    True
    """
    return _high, _PACKED, high_key


def high_key(cards: Sequence[int]) -> int:
    """Best-five standard high key of 5, 6 or 7 cards."""
    key: int = _high(cards if type(cards) is tuple else _tuple(cards), _PACKED)
    if key < 0:
        raise InvalidHandError(_BAD)
    return key


def a5_low_key(cards: Sequence[int]) -> int:
    """Best ace-to-five low key of 5, 6 or 7 cards (``razz-2``)."""
    key: int = _a5(_tuple(cards), _PACKED)
    if key < 0:
        raise InvalidHandError(_BAD)
    return key


def low8_key(cards: Sequence[int]) -> int:
    """Best 8-or-better ace-to-five low key of 5, 6 or 7 cards, 0 if none qualifies
    (``stud8-2``)."""
    return int(kernels.eight_or_better(a5_low_key(cards)))


def deuce_seven_key(cards: Sequence[int]) -> int:
    """Best deuce-to-seven low key of any five of 5, 6 or 7 cards (``27-intro``).

    >>> from pokerroom.cards import parse_cards
    >>> seven_five = deuce_seven_key(parse_cards("7c 5d 4h 3s 2c"))
    >>> seven_five > deuce_seven_key(parse_cards("As 5d 4h 3s 2c"))
    True
    """
    key: int = _d27(_tuple(cards), _PACKED)
    if key < 0:
        raise InvalidHandError(_BAD)
    return key


def omaha_high_key(hole: Sequence[int], board: Sequence[int]) -> int:
    """Omaha high key: exactly two of four hole cards and three of 3-5 board cards.

    >>> from pokerroom.cards import parse_cards
    >>> hex(omaha_high_key(parse_cards("As Ad Ks Kd"), parse_cards("Ah Qs Js Ts 2c")))
    '0x8edcba'
    """
    cards = [int(c) for c in (*hole, *board)]
    if (len(hole) != 4 or not 3 <= len(board) <= 5 or len(set(cards)) != len(cards)
            or not all(0 <= c <= 51 for c in cards)):
        raise InvalidHandError("Omaha needs four hole cards and three to five board cards, "
                               "all distinct and standard")
    h = np.array(cards[:4], dtype=np.int64)
    b = np.array(cards[4:], dtype=np.int64)
    t = _T
    return int(kernels.omaha_high(h, 4, b, len(b), t.card_value, t.base, t.high_index,
                                  t.key_high, t.flush_high))
