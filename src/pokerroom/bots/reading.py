"""Hand reading for hold'em: the two-card hands a player who acted so can hold.

Every one of the 1,326 two-card hands gets a score from 0 (the worst) to 1 (the best)
for the board as it is: before the flop its place by the Chen formula; after it its place
among the hands the unseen cards can make (by the fast evaluator of
:mod:`pokerroom.fast.batch`), with a flush draw or an open-ended straight draw worth a
middle pair while cards are still to come, and a quarter of the weight on the starting
hand it was. A player's range is the top ``share`` of those hands
(:func:`top_hands`), to give the equity simulation.

>>> from pokerroom.analysis.ranges import hand_class
>>> from pokerroom.cards import parse_cards
>>> sorted({hand_class(c) for c in top_hands(0.03, parse_cards("Ks Kd"), ())})
['AA', 'AJs', 'AKo', 'AKs', 'AQs', 'JJ', 'KK', 'KQs', 'QQ']
>>> flop = parse_cards("9h 9c 4d")  # trips, then the overpairs
>>> sorted({hand_class(c) for c in top_hands(0.02, (), flop)})
['98s', '99', 'A9s', 'AA', 'J9s', 'K9s', 'KK', 'Q9s', 'T9s']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from pokerroom.bots.strength import chen_score
from pokerroom.cards import STANDARD_CARDS, Card
from pokerroom.fast.batch import high_keys

__all__ = ["COMBOS", "hand_scores", "top_hands"]

COMBOS: tuple[tuple[Card, Card], ...] = tuple(
    (STANDARD_CARDS[a], STANDARD_CARDS[b]) for a, b in combinations(range(52), 2))
"""Every two-card hand, in index order."""
_INDEX = np.array([(int(a), int(b)) for a, b in COMBOS], dtype=np.uint8)
DRAW_SCORE = 0.55
"""What a flush draw or an open-ended straight draw scores on the flop or the turn."""
START_WEIGHT = 0.25
"""After the flop, the weight of the starting hand in a hand's score."""


@cache
def _preflop() -> npt.NDArray[np.float64]:
    """Each hand's place by the Chen formula (ties by the higher cards), 0 to 1."""
    ranks = _INDEX // 4
    score = np.array([chen_score(c) for c in COMBOS]) + ranks.sum(axis=1) / 100
    return _places(score)


def _places(score: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    order = np.argsort(score, kind="stable")
    places = np.empty(len(score))
    places[order] = np.arange(len(score)) / max(1, len(score) - 1)
    return places


def _draws(board: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """Hands with four to a flush or four ranks in a row open at both ends."""
    cards = np.concatenate([_INDEX, np.broadcast_to(board, (len(_INDEX), len(board)))],
                           axis=1).astype(np.int64)
    suits = cards % 4
    flush = np.zeros(len(_INDEX), dtype=bool)
    for suit in range(4):
        mine = (suits[:, :2] == suit).any(axis=1)
        flush |= mine & ((suits == suit).sum(axis=1) == 4)
    present = np.zeros((len(_INDEX), 15), dtype=bool)
    present[np.arange(len(_INDEX))[:, None], cards // 4 + 2] = True
    straight = np.zeros(len(_INDEX), dtype=bool)
    for low in range(3, 11):  # four in a row from low to low+3, open below and above
        run = present[:, low:low + 4].all(axis=1)
        straight |= run & ~present[:, low - 1] & ~present[:, low + 4]
    return flush | straight


def hand_scores(board: Sequence[Card]) -> npt.NDArray[np.float64]:
    """The score of every hand of :data:`COMBOS` on ``board`` (0 to 5 cards)."""
    if not board:
        return _preflop()
    cards = np.array([int(c) for c in board], dtype=np.uint8)
    clash = np.isin(_INDEX, cards).any(axis=1)
    rows = np.concatenate([_INDEX, np.broadcast_to(cards, (len(_INDEX), len(cards)))],
                          axis=1)
    keys = np.zeros(len(_INDEX), dtype=np.int64)
    keys[~clash] = high_keys(rows[~clash], validate=False)
    made = _places(keys.astype(np.float64))
    if len(board) < 5:
        made = np.where(_draws(cards), np.maximum(made, DRAW_SCORE), made)
    return (1 - START_WEIGHT) * made + START_WEIGHT * _preflop()


def top_hands(share: float, known: Sequence[Card], board: Sequence[Card],
              scores: npt.NDArray[np.float64] | None = None,
              least: int = 12, most: int = 160) -> list[tuple[Card, Card]]:
    """The best ``share`` of the hands that hold none of the ``known`` cards nor the
    board (at least ``least`` of them), by :func:`hand_scores` (or ``scores``); a range
    of more than ``most`` hands is given as every so many of them in order of score,
    which keeps its mix of strong and weak hands and saves the simulation time.

    >>> len(top_hands(0.5, (), ())), len(top_hands(0.5, (), (), most=2000))
    (160, 663)
    """
    if scores is None:
        scores = hand_scores(board)
    taken = np.array([int(c) for c in (*known, *board) if c.is_standard], dtype=np.uint8)
    free = np.flatnonzero(~np.isin(_INDEX, taken).any(axis=1))
    keep = max(least, round(share * len(free)))
    best = free[np.argsort(-scores[free], kind="stable")[:keep]]
    if len(best) > most:
        best = best[np.linspace(0, len(best) - 1, most).round().astype(np.int64)]
    return [COMBOS[i] for i in best]
