"""A compiled exact kernel for the games without a board (stud, stud hi-lo, razz, the
draw games without the joker): every hand is its known cards and cards dealt to it alone.

A hand's score then depends only on the cards dealt to it, so before dealing, each hand
that still needs cards gets the score of every way to complete it from the deck: the
``need``-subsets of the deck in lexicographic order, each with its card mask, its high
key and its low key (``C(42, 2)`` = 861 entries for a stud hand on fifth street). A deal
is then one subset per hand, no two sharing a card: the hands are nested loops over their
subsets, each skipping the subsets that clash with the hands outside it (a mask test; a
tenth of them on fifth street), and the innermost hand only counts, per outer choice,
how often its score is below, level with or above the best of the others, high and low
apart. Those nine counts are settled once per outer choice.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerroom.analysis.dealt import choose, tally_keys
from pokerroom.analysis.kernels import _next_combination
from pokerroom.analysis.modes import A5, HIGH, HIGH_LOW8
from pokerroom.fast import kernels as fk
from pokerroom.fast.jit import njit

__all__ = ["hands_exact"]

Array = Any


@njit(cache=True, inline="always")
def _keys(mode: int, cards: Array, n: int, tabs: Any, limit: int) -> tuple[int, int]:
    """High (or whole-pot) key and low key (0: none) of the ``n`` cards of a hand."""
    cv, base, hidx, khigh, fhigh, ka5, k27, f27 = tabs
    if mode == HIGH:
        return fk.high_n(cards, n, cv, base, hidx, khigh, fhigh), 0
    if mode == HIGH_LOW8:
        low = fk.qualifying_low(fk.a5_n(cards, n, cv, base, hidx, ka5), limit)
        return fk.high_n(cards, n, cv, base, hidx, khigh, fhigh), low
    if mode == A5:
        return fk.a5_n(cards, n, cv, base, hidx, ka5), 0
    return fk.deuce_seven_n(cards, n, cv, base, hidx, k27, f27), 0


@njit(cache=True)
def _completions(mode: int, known: Array, nk: int, need: int, deck: Array, tabs: Any,
                 limit: int) -> tuple[Array, Array, Array]:
    """Every ``need``-subset of ``deck`` (lexicographic): its card mask and the high and
    low key of the hand it completes."""
    n = len(deck)
    total = choose(n, need)
    masks = np.zeros(total, np.uint64)
    hi = np.zeros(total, np.int64)
    lo = np.zeros(total, np.int64)
    cards = np.zeros(nk + need, np.int64)
    cards[:nk] = known[:nk]
    pos = np.arange(need)
    for t in range(total):
        mask = np.uint64(0)
        for j in range(need):
            c = deck[pos[j]]
            cards[nk + j] = c
            mask |= np.uint64(1) << np.uint64(c)
        masks[t] = mask
        hi[t], lo[t] = _keys(mode, cards, nk + need, tabs, limit)
        if not _next_combination(pos, need, n):
            break
    return masks, hi, lo


@njit(cache=True, inline="always")
def _compare(a: int, b: int) -> int:
    return 0 if a < b else (1 if a == b else 2)


@njit(cache=True, nogil=True)
def hands_exact(mode: int, hands: Array, nknown: Array, need: Array, deck: Array,
                tabs: Any, limit: int, tally: Array) -> None:
    """Tally every deal completing each hand (row ``p`` of ``hands``: its ``nknown[p]``
    known cards) with ``need[p]`` cards of ``deck``, no card twice (see the module
    docstring); with a low half (stud hi-lo) it needs a badness below ``limit``."""
    players = hands.shape[0]
    hi = np.zeros(players, np.int64)
    lo = np.zeros(players, np.int64)
    levels = np.zeros(players, np.int64)  # the hands still to complete, in order
    depth = 0
    for p in range(players):
        if need[p] == 0:
            hi[p], lo[p] = _keys(mode, hands[p], nknown[p], tabs, limit)
        else:
            levels[depth] = p
            depth += 1
    if depth == 0:
        tally_keys(hi, lo, players, 1, tally)
        return
    masks = []
    khi = []
    klo = []
    for d in range(depth):
        p = levels[d]
        m, h, lw = _completions(mode, hands[p], nknown[p], need[p], deck, tabs, limit)
        masks.append(m)
        khi.append(h)
        klo.append(lw)
    pos = np.full(depth, -1, np.int64)
    used = np.zeros(depth, np.uint64)
    counts = np.zeros((3, 4), np.int64)
    last = levels[depth - 1]
    level = 0
    while level >= 0:
        if level < depth - 1:  # the next subset of this hand that fits beside the outer ones
            m = masks[level]
            j = pos[level] + 1
            while j < len(m) and (m[j] & used[level]) != 0:
                j += 1
            if j == len(m):
                pos[level] = -1
                level -= 1
                continue
            pos[level] = j
            p = levels[level]
            hi[p] = khi[level][j]
            lo[p] = klo[level][j]
            used[level + 1] = used[level] | m[j]
            level += 1
            continue
        best_hi = -1
        best_lo = 0
        for p in range(players):
            if p != last:
                best_hi = max(best_hi, hi[p])
                best_lo = max(best_lo, lo[p])
        counts[:, :] = 0
        m = masks[level]
        hs = khi[level]
        ls = klo[level]
        clash = used[level]
        for j in range(len(m)):
            if (m[j] & clash) != 0:
                continue
            low = ls[j]
            counts[_compare(hs[j], best_hi), 3 if low == 0 else _compare(low, best_lo)] += 1
        for a in range(3):
            for b in range(4):
                if counts[a, b]:
                    hi[last] = best_hi + a - 1
                    lo[last] = 0 if b == 3 else best_lo + b - 1
                    tally_keys(hi, lo, players, counts[a, b], tally)
        level -= 1
