"""Lean compiled kernels for the commonest odds question: best-five high (hold'em) with
every hand known and only the board to come: exact enumeration of any range of boards in
order, and the seeded board draw of the simulations (:func:`draw_board`). Whole hand
assignments are counted faster by :mod:`.holdem_kernels`, which reads the same tables.

Both kernels only compare hands, so they read *orders* rather than keys: the tables
``(card values, base, high index, high order, flush order)`` where the last two are the
high and flush key tables with each key replaced by its position among all the keys
(``uint16``, built by ``pokerroom.analysis.odds._order_tables``). Equal keys have
equal orders and a better key a higher order, so the tallies are those of the keys.

Exact enumeration: without a flush a hand's key depends only on the ranks of its cards,
and every player's own cards (hole cards and known board cards) are fixed for the whole
run. So before dealing, each player gets a small table of the orders of its cards with
every rank multiset the dealt board cards can make (6,188 multisets for five cards,
12 KiB per player). A dealt board then costs one index, one table read per player and,
only when some suit is deep enough that a player might hold a flush, the flush test.

The index of a multiset of ``k`` ranks ``r_0 <= ... <= r_{k-1}`` is the combinatorial
number of the ``k``-subset ``{(12 - r_i) + (k - 1 - i)}``: a sum of one term per card,
so a partial board keeps its partial index, and the last card adds ``12 - r_{k-1}``
alone (consecutive boards read neighbouring entries). Ranks never decrease along an
ascending deck, so the dealt ranks come sorted.

Heads-up (two players) the kernels count how often the first hand is ahead or behind
and derive the rest, instead of filling the tally board by board.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerroom.analysis.kernels import _unrank
from pokerroom.fast import kernels as fk
from pokerroom.fast.jit import njit

__all__ = ["board_high_chunk", "deal_boards", "draw_board"]

Array = Any

SUIT_TOP = 0x8888
RANKS = 13


@njit(cache=True)
def _fixed_cards(hands: Array, nh: int, board: Array, nbk: int, cv: Array, fsum: Array,
                 fmask: Array, franks: Array) -> int:
    """Per player: the summed card value (``fsum``), the rank mask per suit (``fmask``)
    and the rank counts (``franks``) of the hole cards and the known board cards. Returns
    the suit-count carry that flags a dealt board on which some player may hold a flush:
    adding it to the dealt suit counts sets a top bit when a dealt suit count and the
    most cards any player holds of that suit reach five."""
    players = hands.shape[0]
    deepest = np.zeros(4, np.int64)
    for p in range(players):
        counts = np.zeros(4, np.int64)
        for j in range(nh + nbk):
            c = hands[p, j] if j < nh else board[j - nh]
            fsum[p] += cv[c]
            fmask[p, c & 3] |= 1 << (c >> 2)
            franks[p, c >> 2] += 1
            counts[c & 3] += 1
        for suit in range(4):
            deepest[suit] = max(deepest[suit], counts[suit])
    carry = 0
    for suit in range(4):
        carry |= min(deepest[suit] + 3, 8) << (4 * suit)
    return carry


@njit(cache=True)
def _rank_tables(k: int, n: int, fsum: Array, franks: Array, cv: Array, base: Array,
                 hidx: Array, order: Array, binom: Array) -> Array:
    """Per player, the order (see :func:`board_high_chunk`) of its fixed cards with each
    multiset of ``k`` dealt ranks and no flush, indexed as in the module docstring.
    Multisets that would hold a rank five times cannot be dealt; their entries stay 0."""
    players = fsum.shape[0]
    table = np.zeros((players, binom[RANKS - 1 + k, k]), order.dtype)
    brow = base[n]
    combo = np.arange(k)
    dealt_ranks = np.zeros(k, np.int64)
    counts = np.zeros(RANKS, np.int64)
    while True:
        index = 0
        dealt = np.uint64(0)
        for j in range(k):
            index += binom[combo[j], j + 1]
            r = RANKS - 1 - (combo[j] - j)
            dealt_ranks[j] = r
            dealt += cv[4 * r]
        for p in range(players):
            counts[:] = franks[p]
            legal = True
            for j in range(k):
                counts[dealt_ranks[j]] += 1
                legal = legal and counts[dealt_ranks[j]] <= 4
            if legal:
                s = fsum[p] + dealt
                table[p, index] = order[brow[s & fk.LOW_FIELD] + hidx[(s >> 17) & 0x3FFF]]
        i = k - 1
        while i >= 0 and combo[i] == RANKS - 1 + i:
            i -= 1
        if i < 0:
            return table
        combo[i] += 1
        for j in range(i + 1, k):
            combo[j] = combo[j - 1] + 1


@njit(cache=True)
def _add_counts(counts: Array, heads_up: bool, deals: int, ahead: int, behind: int,
                tally: Array) -> None:
    """Add ``counts[p, a]`` (player ``p`` won shared ``a`` ways, 0: lost) to the tally;
    heads-up the counts come from how often the first hand was ahead or behind over
    ``deals`` deals."""
    players = counts.shape[0]
    if heads_up:
        counts[0, 1] = counts[1, 0] = ahead
        counts[0, 0] = counts[1, 1] = behind
        counts[0, 2] = counts[1, 2] = deals - ahead - behind
    no_low = players + 1
    for p in range(players):
        for a in range(players + 1):
            tally[p, a, no_low] += counts[p, a]


@njit(cache=True, inline="always")
def _flush_mask(counts: int, fmask: Array, p: int, dealt: int) -> int:
    """Rank mask of the suit a player holds five or more of: its fixed cards and the
    dealt cards (``dealt`` packs one 16-bit rank mask per suit)."""
    suit = 0
    while ((counts >> (4 * suit)) & 15) < 5:
        suit += 1
    return int(fmask[p, suit] | ((dealt >> (16 * suit)) & 0x1FFF))


@njit(cache=True, nogil=True)
def board_high_chunk(hands: Array, nh: int, board: Array, nbk: int, bneed: int, deck: Array,
                     start: int, stop: int, binom: Array, tabs: Any, tally: Array) -> None:
    """Tally boards ``start..stop-1`` into ``tally`` (see
    :func:`pokerroom.analysis.kernels.tally_shape`): the ``bneed``-combinations of
    ``deck`` in lexicographic order, each completing the ``nbk`` known cards of
    ``board``; every player holds the ``nh`` cards of its row of ``hands``. ``deck``
    must be in ascending order and ``bneed`` at least 1; ``tabs`` are the order tables
    of the module docstring."""
    cv, base, hidx, high, flush = tabs[0], tabs[1], tabs[2], tabs[3], tabs[4]
    players = hands.shape[0]
    n = len(deck)
    k = bneed
    if k < 1:
        raise ValueError("at least one board card must be dealt")
    for q in range(1, n):
        if deck[q] <= deck[q - 1]:
            raise ValueError("the deck must be in ascending order")
    fsum = np.zeros(players, np.uint64)
    fmask = np.zeros((players, 4), np.int64)
    franks = np.zeros((players, RANKS), np.int64)
    carry = _fixed_cards(hands, nh, board, nbk, cv, fsum, fmask, franks)
    table = _rank_tables(k, nh + nbk + k, fsum, franks, cv, base, hidx, high, binom)
    # per deck position: the card value, the rank mask bit in its suit's 16-bit lane,
    # and the index term of the card when it is dealt as the i-th board card
    value = np.empty(n, np.uint64)
    lane = np.empty(n, np.int64)
    term = np.empty((k, n), np.int64)
    for q in range(n):
        c = deck[q]
        value[q] = cv[c]
        lane[q] = 1 << (16 * (c & 3) + (c >> 2))
        for i in range(k):
            term[i, q] = binom[(RANKS - 1 - (c >> 2)) + (k - 1 - i), k - i]
    pos = np.zeros(k, np.int64)
    _unrank(start, n, k, binom, pos)
    # sums, indexes and suit lanes of the first i dealt cards, i = 0..k-1
    psum = np.zeros(k, np.uint64)
    pindex = np.zeros(k, np.int64)
    plane = np.zeros(k, np.int64)
    for i in range(1, k):
        psum[i] = psum[i - 1] + value[pos[i - 1]]
        pindex[i] = pindex[i - 1] + term[i - 1, pos[i - 1]]
        plane[i] = plane[i - 1] | lane[pos[i - 1]]
    last = k - 1
    tlast = term[last]
    counts = np.zeros((players, players + 1), np.int64)
    best_of = np.zeros(players, np.int64)
    heads_up = players == 2  # counted apart: first ahead, behind, or level
    ahead = 0
    behind = 0
    remaining = stop - start
    while remaining > 0:
        first = pos[last]
        end = min(n, first + remaining)
        remaining -= end - first
        sbase = psum[last]
        ibase = pindex[last]
        for q in range(first, end):
            dealt = sbase + value[q]
            index = ibase + tlast[q]
            if (((dealt >> 32) & 0xFFFF) + carry) & SUIT_TOP == 0:
                if heads_up:
                    one = table[0, index]
                    two = table[1, index]
                    ahead += one > two
                    behind += one < two
                    continue
                best = 0
                for p in range(players):
                    key = int(table[p, index])
                    best_of[p] = key
                    best = max(best, key)
            else:  # some player may hold a flush
                lanes = plane[last] | lane[q]
                best = -1
                for p in range(players):
                    s = fsum[p] + dealt
                    held = (s >> 32) & 0xFFFF
                    if ((held + fk.SUIT_CARRY) & SUIT_TOP) != 0:
                        key = int(flush[_flush_mask(held, fmask, p, lanes)])
                    else:
                        key = int(table[p, index])
                    best_of[p] = key
                    best = max(best, key)
                if heads_up:
                    ahead += best_of[0] > best_of[1]
                    behind += best_of[0] < best_of[1]
                    continue
            winners = 0
            for p in range(players):
                winners += best_of[p] == best
            for p in range(players):
                counts[p, winners * (best_of[p] == best)] += 1
        if remaining == 0 or last == 0:
            break
        # the next prefix of the first k - 1 positions, and the last card after it
        i = last - 1
        while i >= 0 and pos[i] == n - k + i:
            i -= 1
        if i < 0:
            break
        pos[i] += 1
        for j in range(i + 1, k):
            pos[j] = pos[j - 1] + 1
        for j in range(i, last):
            psum[j + 1] = psum[j] + value[pos[j]]
            pindex[j + 1] = pindex[j] + term[j, pos[j]]
            plane[j + 1] = plane[j] | lane[pos[j]]
    _add_counts(counts, heads_up, stop - start, ahead, behind, tally)


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def _splitmix(state: Any) -> tuple[Any, Any]:
    """One step of the SplitMix64 generator: (new state, 64 random bits)."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return state, z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def draw_board(state: Any, deck: Array, n: int, k: int, cv: Array) -> tuple[Any, Any, int]:
    """Deal ``k`` board cards from the ``n`` cards of ``deck`` by a partial Fisher-Yates
    shuffle: the ``i``-th card swaps place ``i`` with a place ``j`` in ``i..n-1`` picked
    by a 32-bit draw ``x`` as ``i + (x * (n - i) >> 32)`` (each place's chance within a
    relative ``2**-26`` of ``1 / (n - i)``), two draws from each SplitMix64 output of the
    stream ``state``. The deck stays shuffled for the next board, which is as random
    whatever its order. Returns the stream's new state, the summed card values of the
    board and its rank mask per suit (16-bit lanes)."""
    dealt = np.uint64(0)
    lanes = 0
    i = 0
    while i < k:
        state, r = _splitmix(state)
        for half in range(2):
            if i == k:
                break
            x = (r >> np.uint64(32)) if half == 0 else (r & np.uint64(0xFFFFFFFF))
            j = i + int((x * np.uint64(n - i)) >> np.uint64(32))
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
            dealt += cv[c]
            lanes |= 1 << (16 * (c & 3) + (c >> 2))
            i += 1
    return state, dealt, lanes


@njit(cache=True)
def deal_boards(seed: Any, deck: Array, k: int, trials: int, cv: Array, sums: Array,
                lanes: Array) -> None:
    """Fill the first ``trials`` entries of ``sums`` and ``lanes`` with the summed card
    values and the rank masks per suit of the boards of ``k`` cards a seed block deals
    from ``deck`` (in the given order at the start of each block, :func:`draw_board`)."""
    state = np.uint64(seed)
    shuffled = deck.copy()
    for t in range(trials):
        state, sums[t], lanes[t] = draw_board(state, shuffled, len(deck), k, cv)
