"""Compiled (numba) evaluation kernels over the lookup tables of :mod:`.tables`.

Every kernel takes the table arrays as arguments (nothing is frozen into the compiled
code), so the same compiled functions serve any process, and ``cache=True`` keeps the
machine code on disk beside this module. Cards are indexes 0..51 (``(rank-2)*4+suit``).

The single-hand functions (``high_n``, ``omaha_high``, ...) are called by the batch
kernels here and by the enumeration and simulation kernels of ``pokerroom.analysis``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerroom.fast.jit import njit

__all__ = [
    "LOW_FIELD",
    "SUIT_CARRY",
    "a5_n",
    "batch_a5",
    "batch_deuce_seven",
    "batch_high",
    "batch_omaha_high",
    "batch_omaha_low8",
    "deuce_seven_n",
    "eight_or_better",
    "high_n",
    "omaha_high",
    "omaha_low",
    "omaha_low8",
    "qualifying_low",
]

LOW_FIELD = 0x1FFFF
HIGH_FIELD = 0x3FFF
SUIT_CARRY = 0x3333
SUIT_TOP = 0x8888
LOW_BASE = (1 << 24) - 1
_EIGHT_LIMIT = 9 << 16  # a badness at or above this is a nine (or worse) low

Array = Any  # numba sees NumPy arrays; the Python-side annotations stay loose
U64 = Any  # a summed card value: a 64-bit unsigned integer inside compiled code


@njit(cache=True, inline="always")
def _multiset_index(s: U64, brow: Array, hidx: Array) -> int:
    return int(brow[s & LOW_FIELD] + hidx[(s >> 17) & HIGH_FIELD])


@njit(cache=True, inline="always")
def _flush_suit(s: U64) -> int:
    """The suit holding five or more of the summed cards, else -1."""
    counts = (s >> 32) & 0xFFFF
    if ((counts + SUIT_CARRY) & SUIT_TOP) == 0:
        return -1
    for suit in range(4):
        if ((counts >> (4 * suit)) & 15) >= 5:
            return suit
    return -1


@njit(cache=True)
def high_n(cards: Array, n: int, cv: Array, base: Array, hidx: Array, khigh: Array,
           fhigh: Array) -> int:
    """Best standard high key of the first ``n`` (5..7) of ``cards``."""
    s = np.uint64(0)
    for j in range(n):
        s += cv[cards[j]]
    suit = _flush_suit(s)
    if suit >= 0:
        mask = 0
        for j in range(n):
            c = cards[j]
            if (c & 3) == suit:
                mask |= 1 << (c >> 2)
        return int(fhigh[mask])
    return int(khigh[_multiset_index(s, base[n], hidx)])


@njit(cache=True, inline="always")
def _five_high(s: U64, brow5: Array, hidx: Array, khigh: Array, fhigh: Array) -> int:
    counts = (s >> 32) & 0xFFFF
    if ((counts + SUIT_CARRY) & SUIT_TOP) != 0:
        return int(fhigh[s >> 48])
    return int(khigh[_multiset_index(s, brow5, hidx)])


@njit(cache=True)
def omaha_high(hole: Array, nh: int, board: Array, nb: int, cv: Array, base: Array,
               hidx: Array, khigh: Array, fhigh: Array) -> int:
    """Best high key using exactly two of ``nh`` hole cards and three of ``nb`` board
    cards (``omaha-intro``)."""
    brow5 = base[5]
    best = 0
    for a in range(nh - 1):
        for b in range(a + 1, nh):
            pair = cv[hole[a]] + cv[hole[b]]
            for x in range(nb - 2):
                px = pair + cv[board[x]]
                for y in range(x + 1, nb - 1):
                    pxy = px + cv[board[y]]
                    for z in range(y + 1, nb):
                        key = _five_high(pxy + cv[board[z]], brow5, hidx, khigh, fhigh)
                        if key > best:
                            best = key
    return best


@njit(cache=True, inline="always")
def qualifying_low(key: int, limit: int) -> int:
    """The low key itself if its badness is below ``limit`` (``(q + 1) << 16`` for a
    q-or-better low: five unpaired cards, none above q), else 0."""
    if LOW_BASE - key < limit:
        return key
    return 0


@njit(cache=True, inline="always")
def eight_or_better(key: int) -> int:
    """The low key itself if it is an 8-or-better low, else 0 (``stud8-2``)."""
    return qualifying_low(key, _EIGHT_LIMIT)


@njit(cache=True)
def omaha_low8(hole: Array, nh: int, board: Array, nb: int, cv: Array, base: Array,
               hidx: Array, ka5: Array) -> int:
    """Best 8-or-better ace-to-five low key using exactly two hole and three board
    cards, 0 when there is none (``omaha8-2``)."""
    return omaha_low(hole, nh, board, nb, cv, base, hidx, ka5, _EIGHT_LIMIT)


@njit(cache=True)
def omaha_low(hole: Array, nh: int, board: Array, nb: int, cv: Array, base: Array,
              hidx: Array, ka5: Array, limit: int) -> int:
    """:func:`omaha_low8` for any qualifier (``limit`` as in :func:`qualifying_low`,
    ``omaha8-2-posted``)."""
    brow5 = base[5]
    best = 0
    for a in range(nh - 1):
        for b in range(a + 1, nh):
            pair = cv[hole[a]] + cv[hole[b]]
            for x in range(nb - 2):
                px = pair + cv[board[x]]
                for y in range(x + 1, nb - 1):
                    pxy = px + cv[board[y]]
                    for z in range(y + 1, nb):
                        key = qualifying_low(
                            int(ka5[_multiset_index(pxy + cv[board[z]], brow5, hidx)]), limit)
                        if key > best:
                            best = key
    return best


@njit(cache=True)
def a5_n(cards: Array, n: int, cv: Array, base: Array, hidx: Array, ka5: Array) -> int:
    """Best ace-to-five low key of the first ``n`` (5..7) of ``cards`` (``razz-2``)."""
    s = np.uint64(0)
    for j in range(n):
        s += cv[cards[j]]
    return int(ka5[_multiset_index(s, base[n], hidx)])


@njit(cache=True, inline="always")
def _five_27(s: U64, brow5: Array, hidx: Array, k27: Array, f27: Array) -> int:
    counts = (s >> 32) & 0xFFFF
    if ((counts + SUIT_CARRY) & SUIT_TOP) != 0:
        return int(f27[s >> 48])
    return int(k27[_multiset_index(s, brow5, hidx)])


@njit(cache=True)
def deuce_seven_n(cards: Array, n: int, cv: Array, base: Array, hidx: Array, k27: Array,
                  f27: Array) -> int:
    """Best deuce-to-seven low key of any five of the first ``n`` (5..7) of ``cards``."""
    brow5 = base[5]
    total = np.uint64(0)
    for j in range(n):
        total += cv[cards[j]]
    if n == 5:
        return _five_27(total, brow5, hidx, k27, f27)
    best = 0
    for a in range(n):
        if n == 6:
            key = _five_27(total - cv[cards[a]], brow5, hidx, k27, f27)
            if key > best:
                best = key
            continue
        for b in range(a + 1, n):
            key = _five_27(total - cv[cards[a]] - cv[cards[b]], brow5, hidx, k27, f27)
            if key > best:
                best = key
    return best


@njit(cache=True)
def batch_high(hands: Array, cv: Array, base: Array, hidx: Array, khigh: Array,
               fhigh: Array, out: Array) -> None:
    """``out[i]`` = best high key of row ``i`` of ``hands`` (5, 6 or 7 columns)."""
    n = hands.shape[1]
    brow = base[n]
    for i in range(hands.shape[0]):
        row = hands[i]
        if n == 7:
            s = (cv[row[0]] + cv[row[1]] + cv[row[2]] + cv[row[3]] + cv[row[4]]
                 + cv[row[5]] + cv[row[6]])
        else:
            s = np.uint64(0)
            for j in range(n):
                s += cv[row[j]]
        counts = (s >> 32) & 0xFFFF
        if ((counts + SUIT_CARRY) & SUIT_TOP) != 0:
            suit = _flush_suit(s)
            mask = 0
            for j in range(n):
                c = row[j]
                if (c & 3) == suit:
                    mask |= 1 << (c >> 2)
            out[i] = fhigh[mask]
        else:
            out[i] = khigh[brow[s & LOW_FIELD] + hidx[(s >> 17) & HIGH_FIELD]]


@njit(cache=True)
def batch_omaha_high(hole: Array, board: Array, cv: Array, base: Array, hidx: Array,
                     khigh: Array, fhigh: Array, out: Array) -> None:
    """``out[i]`` = Omaha high key of hole row ``i`` with board row ``i``."""
    nh, nb = hole.shape[1], board.shape[1]
    for i in range(hole.shape[0]):
        out[i] = omaha_high(hole[i], nh, board[i], nb, cv, base, hidx, khigh, fhigh)


@njit(cache=True)
def batch_omaha_low8(hole: Array, board: Array, cv: Array, base: Array, hidx: Array,
                     ka5: Array, out: Array) -> None:
    """``out[i]`` = Omaha 8-or-better low key (0 for none) of row ``i``."""
    nh, nb = hole.shape[1], board.shape[1]
    for i in range(hole.shape[0]):
        out[i] = omaha_low8(hole[i], nh, board[i], nb, cv, base, hidx, ka5)


@njit(cache=True)
def batch_a5(hands: Array, cv: Array, base: Array, hidx: Array, ka5: Array,
             eight: bool, out: Array) -> None:
    """``out[i]`` = ace-to-five low key of row ``i``; with ``eight`` only 8-or-better
    lows count (0 otherwise)."""
    n = hands.shape[1]
    brow = base[n]
    for i in range(hands.shape[0]):
        s = np.uint64(0)
        for j in range(n):
            s += cv[hands[i, j]]
        key = int(ka5[brow[s & LOW_FIELD] + hidx[(s >> 17) & HIGH_FIELD]])
        out[i] = eight_or_better(key) if eight else key


@njit(cache=True)
def batch_deuce_seven(hands: Array, cv: Array, base: Array, hidx: Array, k27: Array,
                      f27: Array, out: Array) -> None:
    """``out[i]`` = deuce-to-seven low key of row ``i`` (best five of 5..7 cards)."""
    n = hands.shape[1]
    for i in range(hands.shape[0]):
        out[i] = deuce_seven_n(hands[i], n, cv, base, hidx, k27, f27)


@njit(cache=True)
def first_bad_row(hands: Array, more: Array) -> int:
    """The first row of ``hands`` (joined with the same row of ``more``, which may have
    no columns) holding an index outside 0..51 or a card twice, else -1."""
    n, m = hands.shape[1], more.shape[1]
    for i in range(hands.shape[0]):
        seen = 0
        for j in range(n + m):
            c = int(hands[i, j]) if j < n else int(more[i, j - n])
            if c < 0 or c > 51:
                return i
            bit = 1 << c
            if seen & bit:
                return i
            seen |= bit
    return -1
