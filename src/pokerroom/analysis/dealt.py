"""Compiled helpers shared by the whole-assignment kernels: the rank multisets the dealt
cards can make (with how many deals make each), every subset of a few cards summed, and
the tally of one scored deal.

The *dealt index* numbers the multisets of ``k`` dealt ranks (no rank more than four
times) from the summed card values of the dealt cards alone, with two reads: the same
perfect hash as :mod:`pokerroom.fast.tables`, with base rows for ``k`` = 0..5 cards
(:func:`pokerroom.analysis.odds_tasks.dealt_base`). Because it is a sum, the dealt cards can
come in any order and from separate groups (the cards of a flush suit and the others).

A multiset's *weight* is the number of ways the deck can deal it: the product over its
ranks ``r`` (``m`` times) of ``C(cards of rank r left, m)``; the weights of all the
multisets add up to ``C(deck, k)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerroom.analysis.kernels import _next_combination
from pokerroom.fast import kernels as fk
from pokerroom.fast.jit import njit

__all__ = ["choose", "dealt_index", "dealt_multisets", "split_suit", "subset_sums",
           "suit_boards", "tally_keys"]

Array = Any
RANKS = 13


@njit(cache=True, inline="always")
def dealt_index(s: Any, dbase: Array, hidx: Array) -> int:
    """The dealt index of summed card values ``s`` (``dbase``: the base row of its size)."""
    return int(dbase[s & fk.LOW_FIELD] + hidx[(s >> 17) & 0x3FFF])


@njit(cache=True)
def dealt_multisets(k: int, deck: Array, binom: Array, cv: Array, dbase: Array,
                    hidx: Array) -> tuple[Array, Array, Array, Array]:
    """Every multiset of ``k`` ranks that ``deck`` can deal: its ranks in ascending order
    (one row each), its dealt index, its weight (see the module docstring) and the sum
    of the card values of one way to deal it (the dealt index reads the ranks alone)."""
    avail = np.zeros(RANKS, np.int64)
    for c in deck:
        avail[c >> 2] += 1
    count = binom[RANKS - 1 + k, k]
    # bytes: 31 KB for five ranks, under the mmap threshold Dask workers fix (128 KB)
    ranks = np.zeros((count, max(k, 1)), np.int8)
    index = np.zeros(count, np.int64)
    weight = np.zeros(count, np.int64)
    sums = np.zeros(count, np.uint64)
    row = np.zeros(max(k, 1), np.int64)
    rows = 0
    while True:
        w = 1
        s = np.uint64(0)
        run = 1
        for j in range(k):
            s += cv[4 * row[j]]
            run = run + 1 if j > 0 and row[j] == row[j - 1] else 1
            if j == k - 1 or row[j + 1] != row[j]:
                w *= binom[avail[row[j]], run]
        if w > 0:
            ranks[rows, :k] = row[:k]
            index[rows] = dealt_index(s, dbase, hidx)
            weight[rows] = w
            sums[rows] = s
            rows += 1
        i = k - 1  # the next non-decreasing row
        while i >= 0 and row[i] == RANKS - 1:
            i -= 1
        if i < 0:
            return ranks[:rows], index[:rows], weight[:rows], sums[:rows]
        row[i] += 1
        for j in range(i + 1, k):
            row[j] = row[i]


@njit(cache=True, inline="always")
def choose(n: int, m: int) -> int:
    """``C(n, m)`` (0 when ``m > n``)."""
    total = 1
    for i in range(m):
        total = total * (n - i) // (i + 1)
    return total


@njit(cache=True)
def subset_sums(cards: Array, m: int, cv: Array) -> tuple[Array, Array]:
    """For every ``m``-subset of ``cards``: the sum of its card values and the mask of
    its ranks (one bit per rank); one row for the empty subset when ``m`` is 0."""
    n = len(cards)
    total = choose(n, m)
    sums = np.zeros(total, np.uint64)
    masks = np.zeros(total, np.int64)
    if m > n:
        return sums[:0], masks[:0]
    pos = np.arange(m)
    for t in range(total):
        s = np.uint64(0)
        mask = 0
        for j in range(m):
            c = cards[pos[j]]
            s += cv[c]
            mask |= 1 << (c >> 2)
        sums[t] = s
        masks[t] = mask
        if not _next_combination(pos, m, n):
            break
    return sums, masks


@njit(cache=True)
def split_suit(deck: Array, suit: int, suited: Array, other: Array) -> tuple[int, int]:
    """Copy the cards of ``deck`` of ``suit`` to the front of ``suited`` and the others
    to the front of ``other``; returns how many of each."""
    ns = 0
    no = 0
    for c in deck:
        if (c & 3) == suit:
            suited[ns] = c
            ns += 1
        else:
            other[no] = c
            no += 1
    return ns, no


@njit(cache=True)
def suit_boards(deck: Array, suit: int, m: int, k: int, binom: Array, cv: Array,
                dbase: Array, hidx: Array) -> tuple[Array, Array, Array, Array]:
    """The ``k``-card deals of ``deck`` holding exactly ``m`` cards of ``suit``, as the
    choices of those ``m`` cards (card value sums and rank masks, :func:`subset_sums`)
    times the rank multisets of the other ``k - m`` cards (weights and sums,
    :func:`dealt_multisets`): a deal's summed card values are one sum plus the other."""
    suited = np.zeros(len(deck), np.int64)
    other = np.zeros(len(deck), np.int64)
    ns, no = split_suit(deck, suit, suited, other)
    ssum, smask = subset_sums(suited[:ns], m, cv)
    _, _, count, osum = dealt_multisets(k - m, other[:no], binom, cv, dbase[k - m], hidx)
    if k - m > no:
        return ssum[:0], smask[:0], count, osum
    return ssum, smask, count, osum


@njit(cache=True, inline="always")
def tally_keys(hi: Array, lo: Array, players: int, weight: int, tally: Array) -> None:
    """Add ``weight`` deals on which player ``p`` scored ``hi[p]`` high and ``lo[p]``
    low (0: no qualifying low) to ``tally`` (see
    :func:`pokerroom.analysis.modes.tally_shape`)."""
    best_hi = hi[0]
    best_lo = lo[0]
    for p in range(1, players):
        best_hi = max(best_hi, hi[p])
        best_lo = max(best_lo, lo[p])
    n_hi = 0
    n_lo = 0
    for p in range(players):
        n_hi += hi[p] == best_hi
        n_lo += lo[p] == best_lo
    for p in range(players):
        a = n_hi if hi[p] == best_hi else 0
        b = players + 1 if best_lo == 0 else (n_lo if lo[p] == best_lo else 0)
        tally[p, a, b] += weight
