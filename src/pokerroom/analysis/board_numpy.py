"""Exact best-five high enumeration of every board with NumPy alone, for a process that
has not loaded the compiled kernels.

Loading numba and the cached kernels costs a fresh process about half a second, far more
than enumerating a hold'em spot takes; this module gives the same tally as
:func:`pokerroom.analysis.board_kernels.board_high_chunk` over all the boards with array
operations only, in some tens of milliseconds for the 1,712,304 boards of a preflop
hand. It follows the same method (see that module): each player's fixed cards get the
key of every rank multiset the dealt cards can make; every board is then one index into
that table, and only boards where some player may hold a flush are scored card by card.

The boards are all the ``k``-subsets of the deck. Their sums (card values, multiset
indexes, suit counts, per-suit rank masks) are built in colexicographic order, where the
subsets of the first ``m`` cards are a prefix of the subsets of the first ``m + 1``, so
each level is one addition per subset: ``level[j][C(m-1, j):C(m, j)] = v[m-1] +
level[j-1][:C(m-1, j-1)]``.

>>> import numpy as np
>>> from pokerroom.cards import parse_cards
>>> hands = np.array([[int(c) for c in parse_cards(h)] for h in ("Ad Ac", "Kh Ks")])
>>> board = [int(c) for c in parse_cards("2c 7h 9d Qs")]
>>> deck = np.array([c for c in range(52) if c not in {*hands.ravel(), *board}])
>>> tally = board_high_tally(hands, board, deck)
>>> int(tally[0, 1, 3]), int(tally[1, 1, 3]), int(tally[0, 2, 3])  # wins, wins, ties
(42, 2, 0)
"""

from __future__ import annotations

from itertools import chain, combinations_with_replacement
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.analysis.modes import tally_shape

__all__ = ["board_high_tally"]

RANKS = 13
LOW_FIELD = 0x1FFFF  # the layout of pokerroom.fast.tables
HIGH_FIELD = 0x3FFF
SUIT_CARRY = 0x3333
SUIT_TOP = 0x8888

Int64s = npt.NDArray[np.int64]



def _subset_sums(values: list[npt.NDArray[Any]], n: int) -> npt.NDArray[Any]:
    """For ``k = len(values)``, the sum over every ``k``-subset of ``range(n)`` (in
    colexicographic order) of ``values[i][q]`` for its ``i``-th smallest member ``q``,
    in the dtype of ``values`` (which must hold every sum)."""
    level = values[0][:n].copy()
    for j in range(2, len(values) + 1):
        out = np.empty(comb(n, j), dtype=level.dtype)
        add = values[j - 1]
        for m in range(j, n + 1):
            lo, hi, inner = comb(m - 1, j), comb(m, j), comb(m - 1, j - 1)
            np.add(level[:inner], add[m - 1], out=out[lo:hi])
        level = out
    return level


def _multiset_index_terms(k: int) -> Int64s:
    """``terms[i, r]``: what a rank ``r`` adds to a multiset index as the ``i``-th
    smallest of ``k`` dealt ranks (the combinatorial number system of
    :mod:`pokerroom.analysis.board_kernels`)."""
    return np.array([[comb((RANKS - 1 - r) + (k - 1 - i), k - i) for r in range(RANKS)]
                     for i in range(k)], dtype=np.int64)


def board_high_tally(hands: Any, board: list[int], deck: Any) -> Int64s:
    """The tally (:func:`pokerroom.analysis.modes.tally_shape`) of every way to complete
    ``board`` from ``deck`` (ascending card numbers, at least one card to deal), each
    player holding its row of ``hands`` (all of one length), scored best-five high."""
    from pokerroom.fast.tables import load_tables

    hands = np.asarray(hands, dtype=np.int64)
    deck = np.asarray(deck, dtype=np.int64)
    players = hands.shape[0]
    k = 5 - len(board)
    n = len(deck)
    if k < 1 or np.any(np.diff(deck) <= 0):
        raise ValueError("the deck must be ascending and at least one card dealt")
    tables = load_tables()
    cv = tables.card_value.astype(np.int64)  # the fields never reach the sign bit
    row, hidx = tables.base[hands.shape[1] + 5], tables.high_index

    # per player: the fixed cards' value, suit counts, rank counts, per-suit rank masks
    fixed = np.concatenate([hands, np.broadcast_to(np.array(board, dtype=np.int64),
                                                   (players, len(board)))], axis=1)
    fsum = cv[fixed].sum(axis=1)
    fsuits = np.stack([(fixed & 3) == s for s in range(4)], axis=2).sum(axis=1)
    fmask = np.zeros((players, 4), dtype=np.int64)
    franks = np.zeros((players, RANKS), dtype=np.int64)
    for p in range(players):
        np.bitwise_or.at(fmask[p], fixed[p] & 3, 1 << (fixed[p] >> 2))
        np.add.at(franks[p], fixed[p] >> 2, 1)

    # per player: the order of its fixed cards with each multiset of dealt ranks, no flush
    terms = _multiset_index_terms(k)
    multisets = np.fromiter(chain.from_iterable(combinations_with_replacement(range(RANKS), k)),
                            dtype=np.int64).reshape(-1, k)
    index = terms[np.arange(k), multisets].sum(axis=1)
    dealt_value = cv[4 * multisets].sum(axis=1)
    counts = np.zeros((len(multisets), RANKS), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(len(multisets)), k), multisets.ravel()), 1)
    table = np.zeros((players, comb(RANKS - 1 + k, k)), dtype=np.int32)
    for p in range(players):
        legal = np.all(counts + franks[p] <= 4, axis=1)
        s = fsum[p] + dealt_value[legal]
        table[p, index[legal]] = tables.key_high[row[s & LOW_FIELD]
                                                 + hidx[(s >> 17) & HIGH_FIELD]]

    # every board: its multiset index and suit counts (16 bits each)
    rank, suit = deck >> 2, deck & 3
    board_index = _subset_sums([terms[i, rank].astype(np.uint16) for i in range(k)], n)
    board_suits = _subset_sums([(1 << (4 * suit)).astype(np.uint16)] * k, n)
    deepest = fsuits.max(axis=0)
    carry = sum(min(int(d) + 3, 8) << (4 * s) for s, d in enumerate(deepest))
    np.add(board_suits, np.uint16(carry), out=board_suits)
    np.bitwise_and(board_suits, np.uint16(SUIT_TOP), out=board_suits)
    maybe = np.flatnonzero(board_suits)
    board_suits = _subset_sums([(1 << (4 * suit)).astype(np.uint16)] * k, n)

    # boards where no player can hold five of a suit: the result depends on the dealt
    # ranks alone, so count those boards per multiset and settle each multiset once
    size = table.shape[1]
    boards = _index_histogram(terms, rank, k, size) - np.bincount(board_index[maybe],
                                                                  minlength=size)
    tally = np.zeros(tally_shape(players), dtype=np.int64)
    _settle(table, boards, tally)

    # the others: each player's order on each board, the flush ones from the flush table
    if len(maybe):
        best = table[:, board_index[maybe]]
        lane = (1 << (16 * suit + rank)).astype(np.int64)
        lanes_at = _subset_sums([lane] * k, n)[maybe]
        suits_at = board_suits[maybe].astype(np.int64)
        for p in range(players):
            own = sum(int(fsuits[p, s]) << (4 * s) for s in range(4))
            total = suits_at + own
            flush = np.flatnonzero(((total + SUIT_CARRY) & SUIT_TOP) != 0)
            if not len(flush):
                continue
            t = total[flush]
            fsuit = np.zeros(len(flush), dtype=np.int64)
            for s in (1, 2, 3):  # at most one suit reaches five in seven cards
                fsuit[((t >> (4 * s)) & 15) >= 5] = s
            mask = ((lanes_at[flush] >> (16 * fsuit)) & 0x1FFF) | fmask[p, fsuit]
            best[p, flush] = tables.flush_high[mask]
        _settle(best, np.ones(len(maybe), dtype=np.int64), tally)
    return tally


def _index_histogram(terms: Int64s, rank: Int64s, k: int, size: int) -> Int64s:
    """How many ``k``-subsets of the deck (ranks ``rank``) have each multiset index: the
    subsets of the first ``m`` cards, counted by index, grow by one card at a time."""
    counts = [np.zeros(size, dtype=np.int64) for _ in range(k + 1)]
    counts[0][0] = 1
    for m, r in enumerate(rank.tolist()):
        for j in range(min(m + 1, k), 0, -1):  # the new card is the j-th smallest
            shift = int(terms[j - 1, r])
            counts[j][shift:] += counts[j - 1][:size - shift]
    return counts[k]


def _settle(orders: npt.NDArray[np.int32], weights: Int64s, tally: Int64s) -> None:
    """Add to ``tally`` the outcome of each column of ``orders`` (one order per player)
    ``weights[column]`` times: the players with the top order share the pot."""
    winners = orders == orders.max(axis=0)
    shared = np.where(winners, winners.sum(axis=0), 0)
    no_low = orders.shape[0] + 1
    for p in range(orders.shape[0]):
        np.add.at(tally[p, :, no_low], shared[p], weights)
