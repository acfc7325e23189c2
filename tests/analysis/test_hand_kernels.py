"""The exact kernel of the games without a board against the general kernel: the same
tallies for stud, stud hi-lo, razz and the draw games, two to four hands, dead cards."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerroom.analysis import kernels as ak
from pokerroom.analysis import odds_tasks
from pokerroom.analysis.hand_kernels import hands_exact
from pokerroom.analysis.odds import compute_odds
from pokerroom.cards import parse_cards
from pokerroom.games import get_game

GAMES = {"stud": (ak.HIGH, 7), "stud-hilo": (ak.HIGH_LOW8, 7), "razz": (ak.A5, 7),
         "lowball-27": (ak.D27, 5), "draw-high": (ak.HIGH, 5)}


@pytest.mark.rule("stud-intro", "stud8-2", "stud8-2-posted", "razz-2", "27-intro")
@pytest.mark.parametrize("game", list(GAMES))
def test_every_deal_tallies_as_the_general_kernel(game: str) -> None:
    mode, size = GAMES[game]
    rng = random.Random(game)
    for _ in range(6):
        players = rng.choice([2, 2, 3, 4])
        cards = list(range(52))
        rng.shuffle(cards)
        known = [rng.randint(size - (1 if players > 2 else 2), size) for _ in range(players)]
        known[0] = min(known[0], size - 1)
        hands = np.zeros((players, 8), dtype=np.int64)
        taken = 0
        for p, n in enumerate(known):
            hands[p, :n] = cards[taken:taken + n]
            taken += n
        taken += rng.choice([0, 3])  # dead cards
        deck = np.array(sorted(cards[taken:]), dtype=np.int64)
        nknown = np.array(known, dtype=np.int64)
        need = size - nknown
        limit = (rng.choice([8, 8, 7]) + 1) << 16
        fast = np.zeros(ak.tally_shape(players), dtype=np.int64)
        general = np.zeros_like(fast)
        hands_exact(mode, hands, nknown, need, deck, odds_tasks.tables(), limit, fast)
        deals = odds_tasks._deals(len(deck), 0, need.tolist())
        ak.exact_chunk(mode, hands, nknown, need, np.zeros(5, np.int64), 0, 0, deck, 0,
                       deals, odds_tasks.BINOM, odds_tasks.tables(), general, limit)
        assert np.array_equal(fast, general), (hands, need, deck)
        assert fast.sum() == players * deals


@pytest.mark.rule("stud-intro", "razz-2")
@pytest.mark.parametrize(("game", "hands"), [
    ("stud", ["As Ad Kc Kd 9h", "Qh Qs Jd Jc Th"]),
    ("razz", ["Ah 2d 3c 4s 9d", "5h 6d 7c 8s 2c"]),
])
def test_fifth_street(game: str, hands: list[str]) -> None:
    """Two hands of five cards, two to come each: C(42, 2) x C(40, 2) deals, counted as
    the general kernel counts them."""
    mode = GAMES[game][0]
    result = compute_odds(get_game(game).odds, [parse_cards(h) for h in hands], exact=True,
                          cluster="inline")
    assert result.deals == 671_580
    rows = np.zeros((2, 8), dtype=np.int64)
    for p, h in enumerate(hands):
        rows[p, :5] = [int(c) for c in parse_cards(h)]
    deck = np.array(sorted(set(range(52)) - set(rows[:, :5].ravel().tolist())),
                    dtype=np.int64)
    general = np.zeros(ak.tally_shape(2), dtype=np.int64)
    ak.exact_chunk(mode, rows, np.full(2, 5), np.full(2, 2), np.zeros(5, np.int64), 0, 0,
                   deck, 0, 671_580, odds_tasks.BINOM, odds_tasks.tables(), general, 9 << 16)
    assert result.wins == (int(general[0, 1].sum()), int(general[1, 1].sum()))
    assert result.ties == (int(general[0, 2:].sum()), int(general[1, 2:].sum()))
