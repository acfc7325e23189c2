"""The Omaha kernels against the general kernel: the same tallies for every board, with
known board cards, dead cards, several hands, suits crowded for flushes, and hi-lo."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import numpy.typing as npt
import pytest

from pokerroom.analysis import kernels as ak
from pokerroom.analysis import odds_tasks
from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.omaha_kernels import omaha_exact
from pokerroom.cards import parse_cards
from pokerroom.games import get_game

Ints = npt.NDArray[np.int64]


def _deal(rng: random.Random, players: int, nbk: int, dead: int) -> tuple[Ints, Ints, Ints]:
    """Hole cards, the known board and the ascending deck left (dead cards taken out);
    half the deals crowd two suits so that flushes are common."""
    cards = list(range(52))
    rng.shuffle(cards)
    if rng.random() < 0.5:
        suits = rng.sample(range(4), 2)
        cards.sort(key=lambda c: (c & 3) not in suits or rng.random() < 0.2)
    used = cards[:4 * players + nbk + dead]
    hands = np.zeros((players, 8), dtype=np.int64)
    for p in range(players):
        hands[p, :4] = used[4 * p:4 * p + 4]
    board = np.zeros(5, dtype=np.int64)
    board[:nbk] = used[4 * players:4 * players + nbk]
    deck = np.array(sorted(set(range(52)) - set(used)), dtype=np.int64)
    return hands, board, deck


def _both(hands: Ints, board: Ints, nbk: int, deck: Ints, hilo: bool,
          limit: int) -> tuple[Ints, Ints]:
    players = hands.shape[0]
    k = 5 - nbk
    fast = np.zeros(ak.tally_shape(players), dtype=np.int64)
    general = np.zeros_like(fast)
    omaha_exact(hands, 4, board, nbk, k, deck, odds_tasks.BINOM, odds_tasks.tables(),
                odds_tasks.dealt_base(), hilo, limit, fast)
    mode = ak.OMAHA_HILO if hilo else ak.OMAHA_HIGH
    ak.exact_chunk(mode, hands, np.full(players, 4), np.zeros(players, np.int64), board,
                   nbk, k, deck, 0, comb(len(deck), k), odds_tasks.BINOM, odds_tasks.tables(),
                   general, limit)
    return fast, general


@pytest.mark.rule("omaha-intro", "omaha-1", "omaha8-2", "omaha8-2-posted")
@pytest.mark.parametrize("nbk", [2, 3, 4])
def test_every_board_tallies_as_the_general_kernel(nbk: int) -> None:
    rng = random.Random(nbk)
    for _ in range(8):
        players = rng.choice([2, 2, 3, 4, 6])
        hands, board, deck = _deal(rng, players, nbk, rng.choice([0, 0, 3]))
        hilo = rng.random() < 0.5
        limit = (rng.choice([8, 8, 7]) + 1) << 16
        fast, general = _both(hands, board, nbk, deck, hilo, limit)
        assert np.array_equal(fast, general), (hands[:, :4], board[:nbk], deck)
        assert fast.sum() == players * comb(len(deck), 5 - nbk)


@pytest.mark.rule("omaha-intro", "omaha8-2")
def test_four_board_cards_to_come_with_dead_cards() -> None:
    rng = random.Random(41)
    for hilo in (False, True):
        hands, board, deck = _deal(rng, 2, 1, 4)
        fast, general = _both(hands, board, 1, deck, hilo, 9 << 16)
        assert np.array_equal(fast, general)


@pytest.mark.rule("omaha-intro", "supp-suits")
def test_four_cards_of_a_suit_in_one_hand_and_a_flush_board() -> None:
    hands = np.zeros((2, 8), dtype=np.int64)
    hands[0, :4] = [int(c) for c in parse_cards("Ah Kh 7h 2h")]
    hands[1, :4] = [int(c) for c in parse_cards("Qh Jh Ts 9s")]
    board = np.zeros(5, dtype=np.int64)
    board[:3] = [int(c) for c in parse_cards("5h 6h 3s")]
    used = {*hands[:, :4].ravel().tolist(), *board[:3].tolist()}
    deck = np.array([c for c in range(52) if c not in used], dtype=np.int64)
    fast, general = _both(hands, board, 3, deck, False, 9 << 16)
    assert np.array_equal(fast, general)


@pytest.mark.rule("omaha-intro", "omaha8-2")
@pytest.mark.parametrize("game", ["omaha", "omaha-hilo"])
def test_simulation_agrees_with_the_exact_answer(game: str) -> None:
    hands = [parse_cards("As 2s Kd Kh"), parse_cards("3c 4d Qh Qs"),
             parse_cards("7h 8h 9c Tc")]
    odds = get_game(game).odds
    exact = compute_odds(odds, hands, dead=parse_cards("5c"), exact=True, cluster="inline")
    sim = compute_odds(odds, hands, dead=parse_cards("5c"), trials=300_000, seed=3,
                       cluster="inline")
    again = compute_odds(odds, hands, dead=parse_cards("5c"), trials=300_000, seed=3,
                         cluster="inline")
    assert sim == again
    assert sim.stderr is not None
    for e, s, err in zip(exact.equities, sim.equities, sim.stderr, strict=True):
        assert abs(e - s) < 5 * err
