"""The lean hold'em kernels against the general ones: the same tallies for any range of
boards, any number of players and any known board, flushes included."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from pokerroom.analysis import board_kernels as bk
from pokerroom.analysis import kernels as ak
from pokerroom.analysis import odds_tasks
from pokerroom.analysis.holdem_kernels import holdem_exact
from pokerroom.analysis.odds import _BINOM, _order_tables, _tables, compute_odds
from pokerroom.cards import parse_cards
from pokerroom.games import get_game

Deal = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int, npt.NDArray[np.int64]]


def _random_deal(rng: random.Random, players: int, nbk: int) -> Deal:
    """Hole cards, the known board and the ascending deck left; a third of the deals
    crowd one suit so that flushes are common."""
    cards = list(range(52))
    rng.shuffle(cards)
    if rng.random() < 0.35:
        suit = rng.randrange(4)
        cards.sort(key=lambda c: (c & 3) != suit or rng.random() < 0.3)
    used = cards[:2 * players + nbk]
    hands = np.zeros((players, 8), dtype=np.int64)
    for p in range(players):
        hands[p, :2] = used[2 * p:2 * p + 2]
    board = np.zeros(5, dtype=np.int64)
    board[:nbk] = used[2 * players:]
    deck = np.array(sorted(set(range(52)) - set(used)), dtype=np.int64)
    return hands, board, nbk, deck


@pytest.mark.rule("holdem-intro", "supp-suits")
@pytest.mark.parametrize("bneed", [1, 2, 3, 4, 5])
def test_exact_chunks_agree_with_the_general_kernel(bneed: int) -> None:
    rng = random.Random(bneed)
    for _ in range(12):
        players = rng.choice([2, 2, 3, 4, 6, 9])
        hands, board, nbk, deck = _random_deal(rng, players, 5 - bneed)
        boards = comb(len(deck), bneed)
        if bneed == 5:  # keep the general kernel's share short
            first = rng.randrange(boards - 20_000)
            start, stop = first, first + rng.randrange(1, 20_000)
        else:
            a, b = sorted(rng.randrange(boards + 1) for _ in range(2))
            start, stop = (0, boards) if rng.random() < 0.4 else (a, b)
        lean = np.zeros(ak.tally_shape(players), dtype=np.int64)
        general = np.zeros_like(lean)
        bk.board_high_chunk(hands, 2, board, nbk, bneed, deck, start, stop, _BINOM,
                            _order_tables(), lean)
        ak.exact_chunk(ak.HIGH, hands, np.full(players, 2), np.zeros(players, np.int64),
                       board, nbk, bneed, deck, start, stop, _BINOM, _tables(), general, 0)
        assert np.array_equal(lean, general), (hands[:, :2], board[:nbk], start, stop)
        assert lean.sum() == players * (stop - start)


@pytest.mark.rule("holdem-intro", "supp-suits")
@pytest.mark.parametrize("bneed", [1, 2, 3, 4, 5])
def test_counting_by_rank_multiset_agrees_with_dealing_every_board(bneed: int) -> None:
    """:func:`holdem_exact` (multisets counted at once, flush boards dealt) against
    :func:`board_high_chunk` (every board dealt), dead cards out of some decks."""
    rng = random.Random(100 + bneed)
    for _ in range(12):
        players = rng.choice([2, 2, 3, 4, 6, 9])
        hands, board, nbk, deck = _random_deal(rng, players, 5 - bneed)
        if rng.random() < 0.4:
            deck = np.sort(rng.sample(list(deck), len(deck) - 3)).astype(np.int64)
        counted = np.zeros(ak.tally_shape(players), dtype=np.int64)
        dealt = np.zeros_like(counted)
        holdem_exact(hands, board, nbk, bneed, deck, _BINOM, _order_tables(),
                     odds_tasks.dealt_base(), counted)
        bk.board_high_chunk(hands, 2, board, nbk, bneed, deck, 0, comb(len(deck), bneed),
                            _BINOM, _order_tables(), dealt)
        assert np.array_equal(counted, dealt), (hands[:, :2], board[:nbk], deck)


def test_exact_chunk_takes_an_ascending_deck_only() -> None:
    hands = np.array([[0, 1, 0, 0, 0, 0, 0, 0], [2, 3, 0, 0, 0, 0, 0, 0]], dtype=np.int64)
    deck = np.arange(51, 3, -1, dtype=np.int64)
    tally = np.zeros(ak.tally_shape(2), dtype=np.int64)
    with pytest.raises(ValueError, match="ascending"):
        bk.board_high_chunk(hands, 2, np.zeros(5, np.int64), 0, 5, deck, 0, 10, _BINOM,
                            _order_tables(), tally)


def test_orders_keep_the_order_of_the_keys() -> None:
    key_high, flush_high = _tables()[3:5]
    order_high, order_flush = _order_tables()[3:]
    keys = np.concatenate([key_high, flush_high])
    orders = np.concatenate([order_high, order_flush]).astype(np.int64)
    ranked = np.argsort(keys, kind="stable")
    assert np.all(np.diff(orders[ranked]) >= 0)
    assert np.array_equal(np.diff(keys[ranked]) > 0, np.diff(orders[ranked]) > 0)


_M64 = (1 << 64) - 1


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _M64
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return state, z ^ (z >> 31)


def _boards(seed: int, deck: list[int], k: int, trials: int) -> list[list[int]]:
    """The boards a seed block deals, as :func:`bk.draw_board` documents it."""
    deck = list(deck)
    state = seed
    boards = []
    for _ in range(trials):
        i = 0
        while i < k:
            state, r = _splitmix(state)
            for x in (r >> 32, r & 0xFFFFFFFF):
                if i < k:
                    j = i + ((x * (len(deck) - i)) >> 32)
                    deck[i], deck[j] = deck[j], deck[i]
                    i += 1
        boards.append(deck[:k])
    return boards


@pytest.mark.rule("holdem-intro", "omaha-intro", "supp-suits")
@pytest.mark.parametrize(("game", "hands", "board"), [
    ("holdem", ["Ad Ac", "Kh Ks"], ""),
    ("holdem", ["Ad Kc", "Ah Ks", "Qs Qh"], "Td 2d 7c"),
    ("omaha", ["As Ah Ks Kh", "Jc Tc 9d 8d", "7h 8h 2c 3c"], "9h"),
])
def test_a_seeded_simulation_deals_the_documented_stream(game: str, hands: list[str],
                                                         board: str) -> None:
    """One seed block, dealt again here from the documented SplitMix64 stream and
    partial shuffle, and scored by the batch evaluators: the same wins and ties."""
    from pokerroom.fast.batch import high_keys, omaha_high_keys

    trials, seed = 20_000, 4
    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    known = [int(c) for c in parse_cards(board)]
    deck = [c for c in range(52) if c not in {*known, *(c for h in holes for c in h)}]
    boards = np.array([known + b for b in _boards(odds_tasks.block_seed(seed, 0), deck,
                                                  5 - len(known), trials)], dtype=np.uint8)
    if game == "holdem":
        keys = np.stack([high_keys(np.hstack([np.tile(np.array(h, np.uint8), (trials, 1)),
                                              boards])) for h in holes])
    else:
        keys = np.stack([omaha_high_keys(np.tile(np.array(h, np.uint8), (trials, 1)), boards)
                         for h in holes])
    best = keys == keys.max(axis=0)
    alone = best & (best.sum(axis=0) == 1)
    result = compute_odds(get_game(game).odds, [parse_cards(h) for h in hands],
                          board=parse_cards(board), trials=trials, seed=seed, cluster="inline")
    assert result.wins == tuple(int(n) for n in alone.sum(axis=1))
    assert result.ties == tuple(int(n) for n in (best & ~alone).sum(axis=1))
