"""Compiled kernels that deal, score and settle many deals: exact enumeration of a range
of deals, and seeded Monte Carlo chunks.

A *deal* completes every hand and the board from the cards left: the board first, then
each player in turn. Exact enumeration numbers the deals in a mixed radix (one digit per
group of cards dealt, each digit a lexicographic combination of the cards still left),
so any range ``[start, stop)`` of deals can be computed on its own; Monte Carlo chunks
draw deals with a partial Fisher-Yates shuffle seeded per chunk.

Per player the kernels count deals by how the pot went (see :func:`tally_shape`); the
shares, wins and ties follow exactly from those integer counts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerroom.analysis.modes import (
    A5,
    A5_JOKER,
    D27,
    HIGH,
    HIGH_JOKER,
    HIGH_LOW8,
    JOKER,
    OMAHA_HIGH,
    OMAHA_HILO,
    tally_shape,
)
from pokerroom.fast import kernels as fk
from pokerroom.fast.jit import njit

__all__ = [
    "A5",
    "A5_JOKER",
    "D27",
    "HIGH",
    "HIGH_JOKER",
    "HIGH_LOW8",
    "OMAHA_HIGH",
    "OMAHA_HILO",
    "exact_chunk",
    "monte_carlo_chunk",
    "tally_shape",
]

FIVE_ACES_KEY = (9 << 20) | (14 << 16) | (14 << 12) | (14 << 8) | (14 << 4) | 14
"""Five aces (four aces and the joker), one category above a straight flush."""

Array = Any


@njit(cache=True)
def _flush_key(hands: Array, p: int, nh: int, board: Array, nb: int, s: int,
               fhigh: Array) -> int:
    """The high key of a hand holding five or more cards of one suit."""
    counts = (s >> 32) & 0xFFFF
    suit = 0
    while ((counts >> (4 * suit)) & 15) < 5:
        suit += 1
    mask = 0
    for j in range(nh):
        c = hands[p, j]
        if (c & 3) == suit:
            mask |= 1 << (c >> 2)
    for j in range(nb):
        c = board[j]
        if (c & 3) == suit:
            mask |= 1 << (c >> 2)
    return int(fhigh[mask])


@njit(cache=True, inline="always")
def _five_key(s: Any, base: Array, hidx: Array, khigh: Array, fhigh: Array) -> int:
    """Standard high key of five summed standard cards."""
    if ((((s >> 32) & 0xFFFF) + fk.SUIT_CARRY) & 0x8888) != 0:
        return int(fhigh[s >> 48])
    return int(khigh[base[5, s & fk.LOW_FIELD] + hidx[(s >> 17) & 0x3FFF]])


@njit(cache=True)
def _joker_key(mode: int, cards: Array, cv: Array, base: Array, hidx: Array, khigh: Array,
               fhigh: Array, ka5: Array) -> int:
    """Key of five cards that may hold the joker: the lowest rank missing from the hand
    in ace-to-five (``a5-1``); in draw high an ace, a card completing a straight or
    straight flush, or with four of a suit the highest card of it missing; four aces and
    the joker are five aces (``joker-2``..``joker-4``)."""
    s = np.uint64(0)
    held = 0
    joker = False
    for j in range(5):
        c = cards[j]
        if c == JOKER:
            joker = True
        else:
            s += cv[c]
            held |= 1 << c
    if mode == A5_JOKER:
        if joker:
            ranks = 0
            for c in range(52):
                if (held >> c) & 1:
                    ranks |= 1 << (c >> 2)
            low = 12  # the ace plays lowest
            if (ranks >> 12) & 1:
                low = 0
                while (ranks >> low) & 1:
                    low += 1
            s += cv[low * 4]
        return int(ka5[base[5, s & fk.LOW_FIELD] + hidx[(s >> 17) & 0x3FFF]])
    if not joker:
        return _five_key(s, base, hidx, khigh, fhigh)
    if (held >> 48) & 15 == 15:
        return FIVE_ACES_KEY
    best = -1
    for c in range(52):
        if (held >> c) & 1:
            continue
        key = _five_key(s + cv[c], base, hidx, khigh, fhigh)
        category = key >> 20
        if c >= 48 or category == 4 or category == 8:
            best = max(best, key)
    suit = -1
    for c in range(52):
        if (held >> c) & 1:
            suit = c & 3 if suit < 0 or suit == (c & 3) else 4
    if 0 <= suit < 4:
        top = 48 + suit
        while (held >> top) & 1:
            top -= 4
        best = max(best, _five_key(s + cv[top], base, hidx, khigh, fhigh))
    return best


@njit(cache=True)
def _other_keys(mode: int, players: int, hands: Array, nh: Array, board: Array, nb: int,
                cv: Array, base: Array, hidx: Array, khigh: Array, fhigh: Array, ka5: Array,
                k27: Array, f27: Array, keys: Array, limit: int) -> None:
    """Keys of the Omaha, deuce-to-seven and joker modes (several five-card hands each)."""
    cards = np.empty(8 + nb, np.int64)
    for p in range(players):
        keys[p, 1] = 0
        if mode >= A5_JOKER:  # the two joker modes
            keys[p, 0] = _joker_key(mode, hands[p], cv, base, hidx, khigh, fhigh, ka5)
            continue
        if mode == D27:
            n = nh[p] + nb
            for j in range(nh[p]):
                cards[j] = hands[p, j]
            for j in range(nb):
                cards[nh[p] + j] = board[j]
            keys[p, 0] = fk.deuce_seven_n(cards, n, cv, base, hidx, k27, f27)
            continue
        row = hands[p]
        keys[p, 0] = fk.omaha_high(row, nh[p], board, nb, cv, base, hidx, khigh, fhigh)
        if mode == OMAHA_HILO:
            keys[p, 1] = fk.omaha_low(row, nh[p], board, nb, cv, base, hidx, ka5, limit)


@njit(cache=True, inline="always")
def _settle(mode: int, players: int, hands: Array, nh: Array, board: Array, nb: int,
            hsum: Array, cv: Array, base: Array, hidx: Array, khigh: Array, fhigh: Array,
            ka5: Array, k27: Array, f27: Array, keys: Array, tally: Array,
            limit: int) -> None:
    """Score every hand of one deal and tally how each player fared (see
    :func:`tally_shape`)."""
    bsum = np.uint64(0)
    for j in range(nb):
        bsum += cv[board[j]]
    flat = base.ravel()
    if mode == HIGH or mode == HIGH_LOW8 or mode == A5:  # noqa: SIM109 (compiled code)
        for p in range(players):
            s = hsum[p] + bsum
            slot = flat[(nh[p] + nb) * 78125 + (s & fk.LOW_FIELD)] + hidx[(s >> 17) & 0x3FFF]
            keys[p, 1] = 0
            if mode == A5:
                keys[p, 0] = ka5[slot]
                continue
            if ((((s >> 32) & 0xFFFF) + fk.SUIT_CARRY) & 0x8888) != 0:
                keys[p, 0] = _flush_key(hands, p, nh[p], board, nb, s, fhigh)
            else:
                keys[p, 0] = khigh[slot]
            if mode == HIGH_LOW8:
                keys[p, 1] = fk.qualifying_low(ka5[slot], limit)
    else:
        _other_keys(mode, players, hands, nh, board, nb, cv, base, hidx, khigh, fhigh, ka5,
                    k27, f27, keys, limit)
    best_hi = -1
    best_lo = 0
    for p in range(players):
        if keys[p, 0] > best_hi:
            best_hi = keys[p, 0]
        if keys[p, 1] > best_lo:
            best_lo = keys[p, 1]
    n_hi = 0
    n_lo = 0
    for p in range(players):
        if keys[p, 0] == best_hi:
            n_hi += 1
        if keys[p, 1] == best_lo:
            n_lo += 1
    for p in range(players):
        a = n_hi if keys[p, 0] == best_hi else 0
        b = players + 1 if best_lo == 0 else (n_lo if keys[p, 1] == best_lo else 0)
        tally[p, a, b] += 1


@njit(cache=True, inline="always")
def _hand_sums(players: int, hands: Array, nh: Array, cv: Array, hsum: Array) -> None:
    for p in range(players):
        s = np.uint64(0)
        for j in range(nh[p]):
            s += cv[hands[p, j]]
        hsum[p] = s


@njit(cache=True)
def _unrank(rank: int, n: int, k: int, binom: Array, out: Array) -> None:
    """The ``rank``-th ``k``-combination of ``range(n)`` in lexicographic order."""
    x = 0
    for i in range(k):
        while True:
            c = binom[n - x - 1, k - i - 1] if n - x - 1 >= 0 else 0
            if rank < c:
                break
            rank -= c
            x += 1
        out[i] = x
        x += 1


@njit(cache=True, inline="always")
def _next_combination(pos: Array, k: int, n: int) -> bool:
    i = k - 1
    while i >= 0 and pos[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    pos[i] += 1
    for j in range(i + 1, k):
        pos[j] = pos[j - 1] + 1
    return True


@njit(cache=True, inline="always")
def _apply_group(g: int, gsize: Array, gowner: Array, pos: Array, rem: Array,
                 remlen: Array, hands: Array, nknown: Array, board: Array,
                 nbk: int) -> None:
    """Deal group ``g`` its chosen cards and list the cards left for the next group."""
    k = gsize[g]
    owner = gowner[g]
    for i in range(k):
        c = rem[g, pos[g, i]]
        if owner < 0:
            board[nbk + i] = c
        else:
            hands[owner, nknown[owner] + i] = c
    if g == len(gsize) - 1:
        return  # the last group: nobody deals from what it leaves
    w = 0
    i = 0
    for j in range(remlen[g]):
        if i < k and pos[g, i] == j:
            i += 1
            continue
        rem[g + 1, w] = rem[g, j]
        w += 1
    remlen[g + 1] = w


@njit(cache=True, nogil=True)
def exact_chunk(mode: int, hands: Array, nknown: Array, need: Array, board: Array,
                nbk: int, bneed: int, deck: Array, start: int, stop: int, binom: Array,
                tabs: Any, tally: Array, limit: int) -> None:
    """Tally deals ``start..stop-1`` (in the mixed-radix order of the module docstring)
    into ``tally``. ``hands`` rows hold each player's known cards first; ``board`` holds
    the ``nbk`` known board cards; ``deck`` the cards left; a low half needs a badness
    below ``limit`` (see :func:`pokerroom.fast.kernels.qualifying_low`)."""
    players = hands.shape[0]
    hands = hands.copy()
    board = board.copy()
    groups = (1 if bneed > 0 else 0) + int((need > 0).sum())
    gsize = np.zeros(max(groups, 1), np.int64)
    gowner = np.zeros(max(groups, 1), np.int64)
    g = 0
    if bneed > 0:
        gsize[0] = bneed
        gowner[0] = -1
        g = 1
    for p in range(players):
        if need[p] > 0:
            gsize[g] = need[p]
            gowner[g] = p
            g += 1
    rem = np.zeros((groups + 1, len(deck)), np.int64)
    remlen = np.zeros(groups + 1, np.int64)
    rem[0, :len(deck)] = deck
    remlen[0] = len(deck)
    radix = np.zeros(max(groups, 1), np.int64)
    left = len(deck)
    for g in range(groups):
        radix[g] = binom[left, gsize[g]]
        left -= gsize[g]
    pos = np.zeros((max(groups, 1), 8), np.int64)
    index = start
    digits = np.zeros(max(groups, 1), np.int64)
    for g in range(groups - 1, -1, -1):
        digits[g] = index % radix[g]
        index //= radix[g]
    for g in range(groups):
        _unrank(digits[g], remlen[g], gsize[g], binom, pos[g])
        _apply_group(g, gsize, gowner, pos, rem, remlen, hands, nknown, board, nbk)
    nh = nknown + need
    nb = nbk + bneed
    cv, base, hidx, khigh, fhigh, ka5, k27, f27 = tabs
    hsum = np.zeros(players, np.uint64)
    _hand_sums(players, hands, nh, cv, hsum)
    keys = np.zeros((players, 2), np.int64)
    count = stop - start
    for it in range(count):
        _settle(mode, players, hands, nh, board, nb, hsum, cv, base, hidx, khigh, fhigh, ka5,
                k27, f27, keys, tally, limit)
        if it == count - 1:
            break
        g = groups - 1
        while g >= 0 and not _next_combination(pos[g], gsize[g], remlen[g]):
            for i in range(gsize[g]):
                pos[g, i] = i
            g -= 1
        first_player_group = g
        for h in range(g, groups):
            _apply_group(h, gsize, gowner, pos, rem, remlen, hands, nknown, board, nbk)
        if first_player_group >= 0 and (bneed == 0 or groups > 1):
            _hand_sums(players, hands, nh, cv, hsum)


@njit(cache=True, nogil=True)
def monte_carlo_chunk(mode: int, cands: Array, cand_start: Array, nknown: Array,
                      need: Array, board: Array, nbk: int, bneed: int, dead: int,
                      cards: int, trials: int, seed: int, tabs: Any, tally: Array,
                      limit: int) -> int:
    """Tally ``trials`` random deals, seeded by ``seed``. Player ``p`` holds one of the
    candidate rows ``cands[cand_start[p]:cand_start[p+1]]`` (one row for a known hand,
    several for a range: a deal draws uniformly among the candidate combinations that
    share no card). ``dead`` is a bit mask of the dead and known board cards; the deck
    holds cards ``0..cards-1`` (53 with the joker). Returns
    the number of deals drawn, or -1 when the ranges could not be dealt apart."""
    np.random.seed(seed)
    players = len(nknown)
    hands = np.zeros((players, 8), np.int64)
    board = board.copy()
    fixed = True
    for p in range(players):
        if cand_start[p + 1] - cand_start[p] != 1:
            fixed = False
    deck = np.zeros(cards, np.int64)
    chosen = np.zeros(players, np.int64)
    nh = nknown + need
    nb = nbk + bneed
    cv, base, hidx, khigh, fhigh, ka5, k27, f27 = tabs
    hsum = np.zeros(players, np.uint64)
    keys = np.zeros((players, 2), np.int64)
    dealt = bneed + int(need.sum())
    d = 0
    if fixed:
        used = dead
        for p in range(players):
            for j in range(nknown[p]):
                c = cands[cand_start[p], j]
                hands[p, j] = c
                used |= 1 << c
        for c in range(cards):
            if not (used >> c) & 1:
                deck[d] = c
                d += 1
    for _ in range(trials):
        if not fixed:
            tries = 0
            while True:
                tries += 1
                if tries > 100_000:
                    return -1
                used = dead
                clash = False
                for p in range(players):
                    row = cand_start[p] + np.random.randint(cand_start[p + 1] - cand_start[p])
                    chosen[p] = row
                    for j in range(nknown[p]):
                        bit = 1 << cands[row, j]
                        if used & bit:
                            clash = True
                        used |= bit
                if not clash:
                    break
            for p in range(players):
                for j in range(nknown[p]):
                    hands[p, j] = cands[chosen[p], j]
            d = 0
            for c in range(cards):
                if not (used >> c) & 1:
                    deck[d] = c
                    d += 1
        for i in range(dealt):
            j = i + np.random.randint(d - i)
            deck[i], deck[j] = deck[j], deck[i]
        w = 0
        for i in range(bneed):
            board[nbk + i] = deck[w]
            w += 1
        for p in range(players):
            for i in range(need[p]):
                hands[p, nknown[p] + i] = deck[w]
                w += 1
        _hand_sums(players, hands, nh, cv, hsum)
        _settle(mode, players, hands, nh, board, nb, hsum, cv, base, hidx, khigh, fhigh, ka5,
                k27, f27, keys, tally, limit)
    return trials
