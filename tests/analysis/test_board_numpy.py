"""The NumPy board enumeration against the compiled lean kernel: the same tallies for
any number of players, any known board, flushes included."""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest

from pokerroom.analysis import board_kernels as bk
from pokerroom.analysis.board_numpy import board_high_tally
from pokerroom.analysis.modes import tally_shape
from pokerroom.analysis.odds_tasks import BINOM, order_tables


@pytest.mark.rule("holdem-intro", "supp-suits")
@pytest.mark.parametrize("bneed", [1, 2, 3, 4, 5])
def test_numpy_tally_equals_the_compiled_kernel(bneed: int) -> None:
    rng = random.Random(100 + bneed)
    for _ in range(6 if bneed == 5 else 12):
        players = rng.choice([2, 2, 3, 4, 6, 9])
        cards = list(range(52))
        rng.shuffle(cards)
        if rng.random() < 0.4:  # crowd one suit so that flushes are common
            suit = rng.randrange(4)
            cards.sort(key=lambda c: (c & 3) != suit or rng.random() < 0.3)
        nbk = 5 - bneed
        used = cards[:2 * players + nbk]
        hands = np.zeros((players, 8), dtype=np.int64)
        for p in range(players):
            hands[p, :2] = used[2 * p:2 * p + 2]
        board = used[2 * players:]
        padded = np.zeros(5, dtype=np.int64)
        padded[:nbk] = board
        deck = np.array(sorted(set(range(52)) - set(used)), dtype=np.int64)
        compiled = np.zeros(tally_shape(players), dtype=np.int64)
        bk.board_high_chunk(hands, 2, padded, nbk, bneed, deck, 0, comb(len(deck), bneed),
                            BINOM, order_tables(), compiled)
        ours = board_high_tally(hands[:, :2], board, deck)
        assert np.array_equal(ours, compiled), (hands[:, :2], board)


def test_numpy_tally_takes_an_ascending_deck_with_cards_to_deal() -> None:
    hands = np.array([[0, 1], [2, 3]])
    with pytest.raises(ValueError, match="ascending"):
        board_high_tally(hands, [], np.arange(51, 3, -1))
    with pytest.raises(ValueError, match="ascending"):
        board_high_tally(hands, [4, 5, 6, 7, 8], np.arange(9, 52))
