"""A compiled exact kernel for hold'em with every hand known: all the boards of one hand
assignment, counted by rank multiset, with only the flush boards dealt one by one.

Without a flush a hand's best five depends only on the ranks, so every board of one
multiset of dealt ranks settles the same way: each hand gets its order (the tables of
:mod:`.board_kernels`) with every multiset the dealt cards can make, by dealt index
(:mod:`.dealt`), and each multiset is settled once, as many times as the deck deals it.
A hand holds a flush only when the board holds three or more cards of its suit (two hole
cards), and only one suit can have three cards on a five-card board; so the flush boards
are, suit by suit, the choices of three or more cards of that suit times the choices of
the other cards, and for each choice of the suited cards the hands that flush (those
with enough cards of the suit) and their flushes are fixed. Those boards are settled one
by one and taken off their multisets' counts. A♦A♣ v K♥K♠ deals 74,448 of its
1,712,304 boards this way (four cards of a suit or more); the other boards cost nothing
each.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerroom.analysis.board_kernels import (
    SUIT_TOP,
    _add_counts,
    _fixed_cards,
    _flush_mask,
    deal_boards,
)
from pokerroom.analysis.dealt import (
    dealt_index,
    dealt_multisets,
    suit_boards,
    tally_keys,
)
from pokerroom.fast import kernels as fk
from pokerroom.fast.jit import njit

__all__ = ["holdem_exact", "holdem_monte_carlo"]

Array = Any
RANKS = 13


@njit(cache=True)
def _rank_orders(hands: Array, board: Array, nbk: int, k: int, deck: Array, binom: Array,
                 tabs: Any, dbase: Array) -> tuple[Array, Array, Array]:
    """The dealt multisets (index, weight) and per hand its order without a flush with
    the known board and each of them, by dealt index (the multisets' rank rows, bytes,
    are read here and dropped)."""
    cv, base, hidx, order = tabs[0], tabs[1], tabs[2], tabs[3]
    players = hands.shape[0]
    ranks, index, weight, _ = dealt_multisets(k, deck, binom, cv, dbase[k], hidx)
    table = np.zeros((players, binom[RANKS - 1 + k, k]), order.dtype)
    brow = base[2 + nbk + k]
    for p in range(players):
        fixed = cv[hands[p, 0]] + cv[hands[p, 1]]
        for j in range(nbk):
            fixed += cv[board[j]]
        for row in range(len(index)):
            s = fixed
            for j in range(k):
                s += cv[4 * ranks[row, j]]
            table[p, index[row]] = order[brow[s & fk.LOW_FIELD] + hidx[(s >> 17) & 0x3FFF]]
    return index, weight, table


@njit(cache=True, nogil=True)
def holdem_exact(hands: Array, board: Array, nbk: int, k: int, deck: Array, binom: Array,
                 tabs: Any, dbase: Array, tally: Array) -> None:
    """Tally every board completing the ``nbk`` known cards of ``board`` with ``k``
    cards of ``deck`` (at least one), each hand holding the two cards of its row of
    ``hands``; ``tabs`` are the order tables of :mod:`.board_kernels`, ``dbase``
    :func:`pokerroom.analysis.odds_tasks.dealt_base`."""
    cv, hidx, flush = tabs[0], tabs[2], tabs[4]
    players = hands.shape[0]
    index, weight, table = _rank_orders(hands, board, nbk, k, deck, binom, tabs, dbase)
    left = np.zeros(table.shape[1], np.int64)
    for row in range(len(index)):
        left[index[row]] = weight[row]
    hold = np.zeros((players, 4), np.int64)
    fmask = np.zeros((players, 4), np.int64)  # hole and known board cards, per suit
    kcount = np.zeros(4, np.int64)
    for j in range(nbk):
        kcount[board[j] & 3] += 1
    for p in range(players):
        for j in range(2 + nbk):
            c = hands[p, j] if j < 2 else board[j - 2]
            if j < 2:
                hold[p, c & 3] += 1
            fmask[p, c & 3] |= 1 << (c >> 2)
    heads_up = players == 2
    ahead = 0
    behind = 0
    hi = np.zeros(players, np.int64)
    lo = np.zeros(players, np.int64)
    fl = np.zeros(players, np.int64)
    dk = dbase[k]
    for s in range(4):
        ns = int(((deck & 3) == s).sum())
        deepest = hold[:, s].max() + kcount[s]
        for m in range(max(0, 3 - kcount[s], 5 - deepest), min(k, ns) + 1):
            ssum, smask, count, osum = suit_boards(deck, s, m, k, binom, cv, dbase, hidx)
            for i in range(len(ssum)):
                for p in range(players):
                    fl[p] = 0
                    if hold[p, s] + kcount[s] + m >= 5:
                        fl[p] = flush[fmask[p, s] | smask[i]]
                for j in range(len(osum)):
                    at = dealt_index(ssum[i] + osum[j], dk, hidx)
                    w = count[j]
                    left[at] -= w
                    for p in range(players):
                        hi[p] = max(int(table[p, at]), fl[p])
                    if heads_up:
                        ahead += w * (hi[0] > hi[1])
                        behind += w * (hi[0] < hi[1])
                    else:
                        tally_keys(hi, lo, players, w, tally)
    for row in range(len(index)):
        at = index[row]
        w = left[at]
        if w == 0:
            continue
        if heads_up:
            one = table[0, at]
            two = table[1, at]
            ahead += w * (one > two)
            behind += w * (one < two)
            continue
        for p in range(players):
            hi[p] = table[p, at]
        tally_keys(hi, lo, players, w, tally)
    if heads_up:
        deals = 0
        for row in range(len(index)):
            deals += weight[row]
        _add_counts(np.zeros((2, 3), np.int64), True, deals, ahead, behind, tally)


@njit(cache=True, nogil=True)
def holdem_monte_carlo(hands: Array, board: Array, nbk: int, k: int, taken: int,
                       trials: Array, seeds: Array, binom: Array, tabs: Any, dbase: Array,
                       tally: Array) -> None:
    """Tally ``trials[i]`` random boards seeded by ``seeds[i]`` for each ``i``, each
    completing the known cards of ``board`` with ``k`` cards not in the mask ``taken``,
    drawn by :func:`pokerroom.analysis.board_kernels.deal_boards`; the hands and tables
    as :func:`holdem_exact`. A board on which no hand can hold a flush (one test, as in
    :func:`~pokerroom.analysis.board_kernels.board_high_chunk`) reads each hand's order
    from its table by the board's dealt index."""
    cv, hidx, flush = tabs[0], tabs[2], tabs[4]
    players = hands.shape[0]
    deck = np.array([c for c in range(52) if not (taken >> c) & 1], np.int64)
    table = _rank_orders(hands, board, nbk, k, deck, binom, tabs, dbase)[2]
    fsum = np.zeros(players, np.uint64)
    fmask = np.zeros((players, 4), np.int64)
    franks = np.zeros((players, RANKS), np.int64)
    carry = _fixed_cards(hands, 2, board, nbk, cv, fsum, fmask, franks)
    counts = np.zeros((players, players + 1), np.int64)
    best_of = np.zeros(players, np.int64)
    heads_up = players == 2
    ahead = 0
    behind = 0
    dk = dbase[k]
    sums = np.empty(trials.max(), np.uint64)  # one seed block's boards at a time
    masks = np.empty(trials.max(), np.int64)
    for run in range(len(trials)):
        deal_boards(seeds[run], deck, k, trials[run], cv, sums, masks)
        for t in range(trials[run]):
            dealt, lanes = sums[t], masks[t]
            at = dealt_index(dealt, dk, hidx)
            if (((dealt >> 32) & 0xFFFF) + carry) & SUIT_TOP == 0:
                if heads_up:
                    one = table[0, at]
                    two = table[1, at]
                    ahead += one > two
                    behind += one < two
                    continue
                for p in range(players):
                    best_of[p] = table[p, at]
            else:  # some hand may hold a flush
                for p in range(players):
                    held = ((fsum[p] + dealt) >> 32) & 0xFFFF
                    if ((held + fk.SUIT_CARRY) & SUIT_TOP) != 0:
                        best_of[p] = flush[_flush_mask(held, fmask, p, lanes)]
                    else:
                        best_of[p] = table[p, at]
                if heads_up:
                    ahead += best_of[0] > best_of[1]
                    behind += best_of[0] < best_of[1]
                    continue
            best = best_of[0]
            for p in range(1, players):
                best = max(best, best_of[p])
            winners = 0
            for p in range(players):
                winners += best_of[p] == best
            for p in range(players):
                counts[p, winners * (best_of[p] == best)] += 1
    _add_counts(counts, heads_up, trials.sum(), ahead, behind, tally)
