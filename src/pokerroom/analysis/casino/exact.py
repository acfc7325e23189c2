"""Exact Three Card Poker analysis: every player hand against every dealer hand.

The Ante and Play wagers are enumerated over all 22,100 player hands and, for each, all
18,424 dealer hands from the 49 cards left (407,170,400 pairs), with integer counts
throughout. The 22,100 keys are computed once with NumPy; then, instead of looping over
dealers, each player hand's dealer outcomes come from cumulative class counts by
inclusion-exclusion on the player's three cards (all dealer hands, minus those holding
any one of the three cards, plus those holding any two, minus the player's own hand).

Pair Plus depends on the player's hand alone, and the 6 Card Bonus on six random cards,
so their exact edges come from class counts.

>>> result = analyze_ante_play()
>>> round(result.house_edge * 100, 4), round(result.element_of_risk * 100, 4)
(3.373, 2.0147)
>>> result.optimal_threshold
'Q-6-4'
>>> round(analyze_pair_plus().house_edge * 100, 4)
2.3167
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.cards import Rank
from pokerroom.casino.paytables import AnteBonusTable, PairPlusTable, SixCardBonusTable
from pokerroom.casino.strategy import Q64, ThresholdStrategy
from pokerroom.hands.six_card import six_card_class_counts
from pokerroom.hands.three_card import QUEEN_HIGH_KEY, ThreeCardClass

__all__ = [
    "DEALER_HANDS",
    "PLAYER_HANDS",
    "AntePlayAnalysis",
    "DealerOutcomeCounts",
    "Outcome",
    "ThreeCardPokerAnalysis",
    "WagerAnalysis",
    "analyze_ante_play",
    "analyze_pair_plus",
    "analyze_six_card_bonus",
    "analyze_three_card_poker",
    "dealer_outcome_counts",
    "describe_key",
    "three_card_class_counts",
    "three_card_combos",
    "three_card_keys",
]

PLAYER_HANDS = comb(52, 3)
"""22,100 three-card hands."""
DEALER_HANDS = comb(49, 3)
"""18,424 dealer hands from the 49 cards a player's hand leaves."""

IntArray = npt.NDArray[np.int64]


def three_card_combos() -> IntArray:
    """All 22,100 three-card hands as card indices ``a < b < c``, in lexicographic order.

    >>> combos = three_card_combos()
    >>> combos.shape, combos[0].tolist(), combos[-1].tolist()
    ((22100, 3), [0, 1, 2], [49, 50, 51])
    """
    idx = np.arange(52)
    grid = np.stack(np.meshgrid(idx, idx, idx, indexing="ij"), axis=-1).reshape(-1, 3)
    keep = (grid[:, 0] < grid[:, 1]) & (grid[:, 1] < grid[:, 2])
    return grid[keep].astype(np.int64)


def three_card_keys(combos: IntArray, *, a23_lowest: bool = True) -> IntArray:
    """Three Card Poker keys of hands given as ascending card indices, vectorised; equal
    to :func:`pokerroom.hands.three_card.three_card_poker_key` hand by hand.

    >>> from pokerroom.hands.three_card import key_from_ranks
    >>> hand = np.array([[8, 17, 40]])  # 4c 6d Qc
    >>> int(three_card_keys(hand)[0]) == key_from_ranks([12, 6, 4])
    True
    """
    ranks = combos // 4 + 2
    suits = combos % 4
    r0, r1, r2 = ranks[:, 0], ranks[:, 1], ranks[:, 2]
    flush = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    trips = r0 == r2
    pair = ~trips & ((r0 == r1) | (r1 == r2))
    distinct = ~trips & ~pair
    wheel = distinct & (r2 == 14) & (r1 == 3) & (r0 == 2)
    run = distinct & (r2 - r0 == 2)
    top = np.where(wheel, 3 if a23_lowest else 14,
                   np.where(run & (r2 == 14) & (not a23_lowest), 15, r2))
    straight = wheel | run
    high_ranks = (r2 << 8) | (r1 << 4) | r0
    odd = np.where(r1 == r2, r0, r2)
    keys = np.where(distinct & ~straight & ~flush, high_ranks, 0)
    keys = np.where(pair, (int(ThreeCardClass.PAIR) << 12) | (r1 << 8) | (odd << 4), keys)
    keys = np.where(distinct & ~straight & flush,
                    (int(ThreeCardClass.FLUSH) << 12) | high_ranks, keys)
    keys = np.where(straight & ~flush, (int(ThreeCardClass.STRAIGHT) << 12) | (top << 8), keys)
    keys = np.where(trips, (int(ThreeCardClass.THREE_OF_A_KIND) << 12) | (r2 << 8), keys)
    keys = np.where(straight & flush,
                    (int(ThreeCardClass.STRAIGHT_FLUSH) << 12) | (top << 8), keys)
    return keys.astype(np.int64)


@dataclass(frozen=True)
class DealerOutcomeCounts:
    """Per player hand (in :func:`three_card_combos` order): its key and how many of the
    18,424 dealer hands do not qualify, qualify and lose to it, tie it, or beat it."""

    keys: IntArray
    not_qualified: IntArray
    player_wins: IntArray
    ties: IntArray
    dealer_wins: IntArray


def dealer_outcome_counts(*, a23_lowest: bool = True) -> DealerOutcomeCounts:
    """Count every dealer outcome for every player hand, exactly.

    >>> counts = dealer_outcome_counts()
    >>> total = counts.not_qualified + counts.player_wins + counts.ties + counts.dealer_wins
    >>> bool((total == DEALER_HANDS).all())
    True
    """
    combos = three_card_combos()
    keys = three_card_keys(combos, a23_lowest=a23_lowest)
    distinct_keys, cls = np.unique(keys, return_inverse=True)
    width = len(distinct_keys) + 1
    shifted = cls + 1  # a hand of class k lands in column k + 1: cumsum then counts "< k"
    a, b, c = combos[:, 0], combos[:, 1], combos[:, 2]

    below_all = np.bincount(shifted, minlength=width).cumsum()
    by_card = np.zeros((52, width), dtype=np.int32)
    for pos in (a, b, c):
        np.add.at(by_card, (pos, shifted), 1)
    by_card = by_card.cumsum(axis=1)
    by_pair = np.zeros((52 * 52, width), dtype=np.int32)
    pair_ids = (a * 52 + b, a * 52 + c, b * 52 + c)
    for pid in pair_ids:
        np.add.at(by_pair, (pid, shifted), 1)
    by_pair = by_pair.cumsum(axis=1)

    def dealers_below(column: IntArray) -> IntArray:
        """Dealer hands disjoint from each player hand with a class below ``column``."""
        count = (below_all[column] - by_card[a, column] - by_card[b, column]
                 - by_card[c, column] + by_pair[pair_ids[0], column]
                 + by_pair[pair_ids[1], column] + by_pair[pair_ids[2], column])
        return np.asarray(count - (cls < column), dtype=np.int64)

    qualifying_class = int(np.searchsorted(distinct_keys, QUEEN_HIGH_KEY))
    not_qualified = dealers_below(np.full_like(cls, qualifying_class))
    below = dealers_below(cls)
    below_or_equal = dealers_below(cls + 1)
    can_win = cls >= qualifying_class
    player_wins = np.where(can_win, below - not_qualified, 0)
    ties = np.where(can_win, below_or_equal - below, 0)
    dealer_wins = DEALER_HANDS - not_qualified - player_wins - ties
    return DealerOutcomeCounts(keys, not_qualified, player_wins, ties, dealer_wins)


@dataclass(frozen=True)
class Outcome:
    """One way a wager ends: its ``net`` result per unit wagered (Ante units for the
    Ante and Play), how many equally likely deals end so, and its probability."""

    name: str
    net: int
    count: int
    probability: float


@dataclass(frozen=True)
class WagerAnalysis:
    """The exact result of one side wager: its table, outcomes and house edge."""

    wager: str
    table: str
    expected_value: float
    house_edge: float
    outcomes: tuple[Outcome, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields; fractions, not percentages."""
        return {"table": self.table, "house_edge": self.house_edge,
                "expected_value": self.expected_value,
                "outcomes": [vars(o) for o in self.outcomes]}


@dataclass(frozen=True)
class AntePlayAnalysis:
    """The exact result of the Ante and Play wagers under one strategy.

    ``house_edge`` is the player's expected loss per unit of Ante; ``element_of_risk``
    the loss per unit of total money wagered (Ante plus the Play bets made).
    ``optimal_threshold`` is the lowest hand the best play-or-fold decisions play,
    found from the enumeration itself.
    """

    strategy: str
    ante_bonus: str
    expected_value: float
    house_edge: float
    element_of_risk: float
    play_probability: float
    outcomes: tuple[Outcome, ...]
    optimal_threshold: str
    optimal_threshold_key: int
    optimal_is_threshold: bool
    optimal_house_edge: float

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields; fractions, not percentages."""
        return {"strategy": self.strategy, "ante_bonus": self.ante_bonus,
                "house_edge": self.house_edge, "element_of_risk": self.element_of_risk,
                "expected_value": self.expected_value,
                "play_probability": self.play_probability,
                "optimal_threshold": self.optimal_threshold,
                "optimal_is_threshold": self.optimal_is_threshold,
                "optimal_house_edge": self.optimal_house_edge,
                "outcomes": [vars(o) for o in self.outcomes]}


def describe_key(key: int) -> str:
    """A Three Card Poker key in short form: ``'Q-6-4'``, ``'pair of 9s, K'``.

    >>> from pokerroom.hands.three_card import key_from_ranks
    >>> describe_key(key_from_ranks([12, 6, 4]))
    'Q-6-4'
    """
    hand_class = ThreeCardClass(key >> 12)
    ranks = [(key >> s) & 15 for s in (8, 4, 0)]

    def sym(r: int) -> str:
        return Rank(min(r, 14)).symbol

    if hand_class in (ThreeCardClass.HIGH_CARD, ThreeCardClass.FLUSH):
        body = "-".join(sym(r) for r in ranks)
        return body if hand_class is ThreeCardClass.HIGH_CARD else f"flush {body}"
    if hand_class is ThreeCardClass.PAIR:
        return f"pair of {sym(ranks[0])}s, {sym(ranks[1])}"
    return f"{hand_class.label}, {sym(ranks[0])} high"


def analyze_ante_play(ante_bonus: AnteBonusTable | None = None,
                      strategy: ThresholdStrategy = Q64, *, a23_lowest: bool = True,
                      counts: DealerOutcomeCounts | None = None) -> AntePlayAnalysis:
    """Exact Ante + Play analysis for one ante bonus table and one strategy."""
    table = ante_bonus if ante_bonus is not None else AnteBonusTable.from_spec("5-4-1")
    counts = counts if counts is not None else dealer_outcome_counts(a23_lowest=a23_lowest)
    bonus = np.asarray(table.by_class + (0,) * (6 - len(table.by_class)),
                       dtype=np.int64)[counts.keys >> 12]
    # Numerators over DEALER_HANDS, in Ante units, per player hand.
    play_value = (counts.not_qualified + 2 * counts.player_wins - 2 * counts.dealer_wins
                  + bonus * DEALER_HANDS)
    fold_value = -DEALER_HANDS
    plays = counts.keys >= strategy.threshold_key
    total_pairs = PLAYER_HANDS * DEALER_HANDS
    value = int(np.where(plays, play_value, fold_value).sum())
    played_hands = int(plays.sum())

    optimal = play_value > fold_value
    lowest_played = int(counts.keys[optimal].min())
    highest_folded = int(counts.keys[~optimal].max()) if (~optimal).any() else -1
    optimal_value = int(np.where(optimal, play_value, fold_value).sum())

    def tally(mask: npt.NDArray[np.bool_], column: IntArray | None = None) -> int:
        return int(column[mask].sum()) if column is not None else int(mask.sum()) * DEALER_HANDS

    outcomes = [
        ("fold", -1, tally(~plays)),
        ("play, dealer does not qualify", 1, tally(plays, counts.not_qualified)),
        ("play, player's hand higher", 2, tally(plays, counts.player_wins)),
        ("play, hands tie", 0, tally(plays, counts.ties)),
        ("play, dealer's hand higher", -2, tally(plays, counts.dealer_wins)),
    ]
    for hand_class, pay in zip(table.ORDER, table.pays, strict=True):
        held = plays & ((counts.keys >> 12) == int(hand_class))
        outcomes.append((f"ante bonus: {hand_class.label}", pay, tally(held)))
    ev = value / total_pairs
    play_probability = played_hands / PLAYER_HANDS
    return AntePlayAnalysis(
        strategy=strategy.name,
        ante_bonus=table.spec,
        expected_value=ev,
        house_edge=-ev,
        element_of_risk=-ev / (1 + play_probability),
        play_probability=play_probability,
        outcomes=tuple(Outcome(name, net, n, n / total_pairs) for name, net, n in outcomes),
        optimal_threshold=describe_key(lowest_played),
        optimal_threshold_key=lowest_played,
        optimal_is_threshold=highest_folded < lowest_played,
        optimal_house_edge=-optimal_value / total_pairs,
    )


@lru_cache(maxsize=2)
def _class_counts(a23_lowest: bool) -> tuple[int, ...]:
    keys = three_card_keys(three_card_combos(), a23_lowest=a23_lowest)
    return tuple(int(n) for n in np.bincount(keys >> 12, minlength=6))


def three_card_class_counts(*, a23_lowest: bool = True) -> dict[ThreeCardClass, int]:
    """How many of the 22,100 three-card hands fall in each class.

    >>> three_card_class_counts()[ThreeCardClass.STRAIGHT]
    720
    """
    return {c: _class_counts(a23_lowest)[int(c)] for c in ThreeCardClass}


def analyze_pair_plus(table: PairPlusTable | None = None) -> WagerAnalysis:
    """Exact Pair Plus analysis: it is settled on the player's three cards alone."""
    table = table if table is not None else PairPlusTable.from_spec("1-4-6-30-40")
    return _pay_table_analysis("Pair Plus", table, three_card_class_counts())


def analyze_six_card_bonus(table: SixCardBonusTable | None = None) -> WagerAnalysis:
    """Exact 6 Card Bonus analysis: the six cards are a uniform six of the 52."""
    table = table if table is not None else SixCardBonusTable.from_spec(
        "1000-200-100-20-15-10-7")
    return _pay_table_analysis("6 Card Bonus", table, six_card_class_counts())


def _pay_table_analysis(name: str, table: PairPlusTable | SixCardBonusTable,
                        class_counts: Mapping[Any, int]) -> WagerAnalysis:
    """A wager settled on a hand class alone: each class pays its odds or loses the
    wager, weighted by how many of the equally likely deals give it."""
    total = sum(class_counts.values())
    outcomes = []
    for hand_class in sorted(class_counts, reverse=True):
        pay = table.pay(hand_class)
        n = class_counts[hand_class]
        outcomes.append(Outcome(hand_class.label, pay if pay else -1, n, n / total))
    ev = sum(o.net * o.count for o in outcomes) / total
    return WagerAnalysis(name, table.spec, ev, -ev, tuple(outcomes))


@dataclass(frozen=True)
class ThreeCardPokerAnalysis:
    """The three wagers analysed together."""

    ante_play: AntePlayAnalysis
    pair_plus: WagerAnalysis
    six_card_bonus: WagerAnalysis
    dealer_qualifying_hands: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"ante_play": {...}, "pair_plus": {...}, "six_card_bonus": {...}}``."""
        return {"ante_play": self.ante_play.to_dict(),
                "pair_plus": self.pair_plus.to_dict(),
                "six_card_bonus": self.six_card_bonus.to_dict(),
                "hand_counts": {c.label: n for c, n in three_card_class_counts().items()},
                "dealer_qualifying_hands": self.dealer_qualifying_hands,
                "player_dealer_pairs": PLAYER_HANDS * DEALER_HANDS}


def analyze_three_card_poker(ante_bonus: AnteBonusTable | None = None,
                             pair_plus: PairPlusTable | None = None,
                             six_card_bonus: SixCardBonusTable | None = None,
                             strategy: ThresholdStrategy = Q64) -> ThreeCardPokerAnalysis:
    """Exact analysis of all three wagers for one set of pay tables.

    >>> report = analyze_three_card_poker()
    >>> report.dealer_qualifying_hands, round(report.six_card_bonus.house_edge * 100, 4)
    (15380, 8.5614)
    """
    counts = dealer_outcome_counts()
    qualifying = int((counts.keys >= QUEEN_HIGH_KEY).sum())
    return ThreeCardPokerAnalysis(
        ante_play=analyze_ante_play(ante_bonus, strategy, counts=counts),
        pair_plus=analyze_pair_plus(pair_plus),
        six_card_bonus=analyze_six_card_bonus(six_card_bonus),
        dealer_qualifying_hands=qualifying,
    )
