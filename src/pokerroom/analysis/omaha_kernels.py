"""Compiled Omaha kernels (high, and high-low) for hands whose cards are all known and a
board to come: exact enumeration of every board, and seeded Monte Carlo.

An Omaha hand plays exactly two hole cards and three board cards (``omaha-intro``). A
five-card hand is a flush only when both hole cards and all three board cards share a
suit, so on a board with no three cards of a suit that some hand holds two of, every
hand's high and low depend on the ranks alone. So before dealing, each hand gets:

* the best high and low key of its hole pairs with every multiset of three board ranks
  (455 multisets, six pairs), and from those, the best of the ten triples of every board
  the dealt ranks can make, indexed by the dealt index (:mod:`.dealt`): one read a hand
  per board;
* the rank mask of its hole cards per suit, for the flush boards.

Exact enumeration then never visits most boards: the boards of each rank multiset are
counted at once (its weight), and only the boards with three or more cards of a suit
that some hand holds two of are dealt one by one, as the cards of that suit times the
other cards (:func:`.dealt.suit_boards`); a hand's flush is scored once per
choice of the suited cards. A flush board whose flushes change nobody's high is left
with its multiset; the others are settled on their own and taken off their multiset's
weight. Monte Carlo reads the same per-hand tables for every random board.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerroom.analysis.board_kernels import deal_boards
from pokerroom.analysis.dealt import (
    dealt_index,
    dealt_multisets,
    suit_boards,
    tally_keys,
)
from pokerroom.fast import kernels as fk
from pokerroom.fast.jit import njit

__all__ = ["omaha_exact", "omaha_monte_carlo"]

Array = Any
RANKS = 13


@njit(cache=True)
def _triple_keys(hands: Array, nh: int, cv: Array, base: Array, hidx: Array, khigh: Array,
                 ka5: Array, hilo: bool, limit: int) -> tuple[Array, Array]:
    """Per hand, the best high and low key (no flush) of its hole pairs with each
    multiset of three board ranks ``a <= b <= c``, at ``a * 169 + b * 13 + c``."""
    players = hands.shape[0]
    m_hi = np.zeros((players, RANKS**3), np.int32)
    m_lo = np.zeros((players, RANKS**3), np.int32)
    brow5 = base[5]
    for p in range(players):
        for a in range(RANKS):
            for b in range(a, RANKS):
                for c in range(b, RANKS):
                    t = cv[4 * a] + cv[4 * b] + cv[4 * c]
                    best_hi = 0
                    best_lo = 0
                    for i in range(nh - 1):
                        ri = hands[p, i] >> 2
                        for j in range(i + 1, nh):
                            rj = hands[p, j] >> 2
                            if ri == rj and ri == a and a == c:
                                continue  # five of a rank: never dealt
                            s = t + cv[4 * ri] + cv[4 * rj]
                            slot = brow5[s & fk.LOW_FIELD] + hidx[(s >> 17) & 0x3FFF]
                            best_hi = max(best_hi, int(khigh[slot]))
                            if hilo:
                                best_lo = max(best_lo, fk.qualifying_low(int(ka5[slot]),
                                                                         limit))
                    m_hi[p, a * 169 + b * 13 + c] = best_hi
                    m_lo[p, a * 169 + b * 13 + c] = best_lo
    return m_hi, m_lo


@njit(cache=True)
def _rank_tables(hands: Array, nh: int, board: Array, nbk: int, k: int, deck: Array,
                 binom: Array, tabs: Any, dbase: Array, hilo: bool,
                 limit: int) -> tuple[Array, Array, Array, Array, Array]:
    """The dealt multisets (ranks, as bytes; index, weight) and per hand the best high
    and low key without a flush on the board each of them completes, by dealt index."""
    cv, base, hidx, khigh, ka5 = tabs[0], tabs[1], tabs[2], tabs[3], tabs[5]
    players = hands.shape[0]
    m_hi, m_lo = _triple_keys(hands, nh, cv, base, hidx, khigh, ka5, hilo, limit)
    ranks, index, weight, _ = dealt_multisets(k, deck, binom, cv, dbase[k], hidx)
    size = binom[RANKS - 1 + k, k]
    r_hi = np.zeros((players, size), np.int32)
    r_lo = np.zeros((players, size), np.int32)
    b = np.zeros(5, np.int64)
    for row in range(len(index)):
        for j in range(nbk):
            b[j] = board[j] >> 2
        for j in range(k):
            b[nbk + j] = ranks[row, j]
        for i in range(1, 5):  # insertion sort of the five board ranks
            x = b[i]
            j = i - 1
            while j >= 0 and b[j] > x:
                b[j + 1] = b[j]
                j -= 1
            b[j + 1] = x
        at = index[row]
        for p in range(players):
            best_hi = 0
            best_lo = 0
            for x in range(3):
                for y in range(x + 1, 4):
                    for z in range(y + 1, 5):
                        t = b[x] * 169 + b[y] * 13 + b[z]
                        best_hi = max(best_hi, m_hi[p, t])
                        best_lo = max(best_lo, m_lo[p, t])
            r_hi[p, at] = best_hi
            r_lo[p, at] = best_lo
    return ranks, index, weight, r_hi, r_lo


@njit(cache=True)
def _flush_key(hole: int, board: int, fhigh: Array) -> int:
    """Best flush key of two ranks of mask ``hole`` and three of mask ``board`` (both
    of one suit; 0 when either has too few)."""
    hb = np.zeros(8, np.int64)
    bb = np.zeros(8, np.int64)
    nh = 0
    nb = 0
    for r in range(RANKS):
        if (hole >> r) & 1:
            hb[nh] = 1 << r
            nh += 1
        if (board >> r) & 1:
            bb[nb] = 1 << r
            nb += 1
    best = 0
    for i in range(nh - 1):
        for j in range(i + 1, nh):
            pair = hb[i] | hb[j]
            for x in range(nb - 2):
                for y in range(x + 1, nb - 1):
                    for z in range(y + 1, nb):
                        best = max(best, int(fhigh[pair | bb[x] | bb[y] | bb[z]]))
    return best


@njit(cache=True)
def _suits(hands: Array, nh: int, board: Array, nbk: int) -> tuple[Array, Array, Array,
                                                                   Array]:
    """Per hand and suit the hole cards' count and rank mask; per suit the known board
    cards' count and rank mask."""
    players = hands.shape[0]
    hold = np.zeros((players, 4), np.int64)
    hmask = np.zeros((players, 4), np.int64)
    for p in range(players):
        for j in range(nh):
            c = hands[p, j]
            hold[p, c & 3] += 1
            hmask[p, c & 3] |= 1 << (c >> 2)
    kcount = np.zeros(4, np.int64)
    kmask = np.zeros(4, np.int64)
    for j in range(nbk):
        c = board[j]
        kcount[c & 3] += 1
        kmask[c & 3] |= 1 << (c >> 2)
    return hold, hmask, kcount, kmask


@njit(cache=True, nogil=True)
def omaha_exact(hands: Array, nh: int, board: Array, nbk: int, k: int, deck: Array,
                binom: Array, tabs: Any, dbase: Array, hilo: bool, limit: int,
                tally: Array) -> None:
    """Tally every board completing the ``nbk`` known cards of ``board`` with ``k``
    cards of ``deck`` (see the module docstring); every hand holds the ``nh`` cards of
    its row of ``hands``; with ``hilo`` the low half needs a badness below ``limit``
    (:func:`pokerroom.fast.kernels.qualifying_low`). ``tabs`` are
    :func:`pokerroom.analysis.odds_tasks.tables`, ``dbase`` :func:`~.odds_tasks.dealt_base`."""
    cv, fhigh = tabs[0], tabs[4]
    hidx = tabs[2]
    players = hands.shape[0]
    _, index, weight, r_hi, r_lo = _rank_tables(hands, nh, board, nbk, k, deck, binom,
                                                tabs, dbase, hilo, limit)
    left = np.zeros(r_hi.shape[1], np.int64)
    for row in range(len(index)):
        left[index[row]] = weight[row]
    hold, hmask, kcount, kmask = _suits(hands, nh, board, nbk)
    dk = dbase[k]
    hi = np.zeros(players, np.int64)
    lo = np.zeros(players, np.int64)
    fl = np.zeros(players, np.int64)
    for s in range(4):
        if hold[:, s].max() < 2:
            continue  # nobody can make a flush of this suit
        ns = int(((deck & 3) == s).sum())
        for m in range(max(0, 3 - kcount[s]), min(k, ns) + 1):
            ssum, smask, count, osum = suit_boards(deck, s, m, k, binom, cv, dbase, hidx)
            for i in range(len(ssum)):
                for p in range(players):
                    fl[p] = 0
                    if hold[p, s] >= 2:
                        fl[p] = _flush_key(hmask[p, s], kmask[s] | smask[i], fhigh)
                for j in range(len(osum)):
                    at = dealt_index(ssum[i] + osum[j], dk, hidx)
                    changed = False
                    for p in range(players):
                        h = r_hi[p, at]
                        if fl[p] > h:
                            h = fl[p]
                            changed = True
                        hi[p] = h
                        lo[p] = r_lo[p, at]
                    if changed:
                        left[at] -= count[j]
                        tally_keys(hi, lo, players, count[j], tally)
    for row in range(len(index)):
        at = index[row]
        if left[at] > 0:
            for p in range(players):
                hi[p] = r_hi[p, at]
                lo[p] = r_lo[p, at]
            tally_keys(hi, lo, players, left[at], tally)


@njit(cache=True, nogil=True)
def omaha_monte_carlo(hands: Array, nh: int, board: Array, nbk: int, k: int, taken: int,
                      trials: Array, seeds: Array, binom: Array, tabs: Any, dbase: Array,
                      hilo: bool, limit: int, tally: Array) -> None:
    """Tally ``trials[i]`` random boards seeded by ``seeds[i]`` for each ``i``, each
    completing the known cards of ``board`` with ``k`` cards not in the mask ``taken``
    (drawn by :func:`pokerroom.analysis.board_kernels.deal_boards`); the rest as
    :func:`omaha_exact`."""
    cv, fhigh, hidx = tabs[0], tabs[4], tabs[2]
    players = hands.shape[0]
    deck = np.array([c for c in range(52) if not (taken >> c) & 1], np.int64)
    _, _, _, r_hi, r_lo = _rank_tables(hands, nh, board, nbk, k, deck, binom, tabs, dbase,
                                       hilo, limit)
    hold, hmask, kcount, kmask = _suits(hands, nh, board, nbk)
    kcounts = kcount[0] | (kcount[1] << 4) | (kcount[2] << 8) | (kcount[3] << 12)
    dk = dbase[k]
    hi = np.zeros(players, np.int64)
    lo = np.zeros(players, np.int64)
    sums = np.empty(trials.max(), np.uint64)  # one seed block's boards at a time
    masks = np.empty(trials.max(), np.int64)
    for run in range(len(trials)):
        deal_boards(seeds[run], deck, k, trials[run], cv, sums, masks)
        for t in range(trials[run]):
            dealt, lanes = sums[t], masks[t]
            at = dealt_index(dealt, dk, hidx)
            counts = int((dealt >> 32) & 0xFFFF) + kcounts
            suit = -1
            if ((counts + 0x5555) & 0x8888) != 0:  # three or more of a suit
                suit = 0
                while ((counts >> (4 * suit)) & 15) < 3:
                    suit += 1
            for p in range(players):
                h = int(r_hi[p, at])
                if suit >= 0 and hold[p, suit] >= 2:
                    onboard = kmask[suit] | ((lanes >> (16 * suit)) & 0x1FFF)
                    h = max(h, _flush_key(hmask[p, suit], onboard, fhigh))
                hi[p] = h
                lo[p] = r_lo[p, at]
            tally_keys(hi, lo, players, 1, tally)
