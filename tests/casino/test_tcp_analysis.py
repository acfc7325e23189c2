"""Exact Three Card Poker analysis against the SUPPLEMENT §1 oracles."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pokerroom.analysis.casino.exact import (
    DEALER_HANDS,
    PLAYER_HANDS,
    DealerOutcomeCounts,
    analyze_ante_play,
    analyze_pair_plus,
    analyze_six_card_bonus,
    analyze_three_card_poker,
    dealer_outcome_counts,
    three_card_class_counts,
    three_card_combos,
)
from pokerroom.cards import STANDARD_CARDS
from pokerroom.casino.paytables import AnteBonusTable, PairPlusTable, SixCardBonusTable
from pokerroom.casino.settlement import dealer_qualifies
from pokerroom.casino.strategy import ALWAYS, Q64, QUEEN_HIGH, ThresholdStrategy
from pokerroom.hands.three_card import ThreeCardClass, three_card_poker_key


@pytest.fixture(scope="module")
def counts() -> DealerOutcomeCounts:
    return dealer_outcome_counts()


@pytest.mark.rule("tcp-ranking")
def test_three_card_class_counts() -> None:
    assert {c.label: n for c, n in three_card_class_counts().items()} == {
        "straight flush": 48, "three of a kind": 52, "straight": 720, "flush": 1_096,
        "pair": 3_744, "high card": 16_440}
    assert PLAYER_HANDS == 22_100 and DEALER_HANDS == 18_424


@pytest.mark.rule("tcp-dealer-qualifies")
def test_dealer_qualifies_15380_times() -> None:
    assert analyze_three_card_poker().dealer_qualifying_hands == 15_380


@pytest.mark.rule("tcp-dealer-qualifies", "tcp-not-qualify", "tcp-4.3a", "tcp-4.3b",
                  "tcp-4.3c")
def test_inclusion_exclusion_counts_match_dealing_every_dealer_hand(
        counts: DealerOutcomeCounts) -> None:
    combos = three_card_combos()
    for index in (0, 777, 5_000, 12_345, 20_000, 22_099):
        player = [STANDARD_CARDS[i] for i in combos[index]]
        player_key = three_card_poker_key(player)
        left = [c for c in STANDARD_CARDS if c not in player]
        tally = {"nq": 0, "win": 0, "tie": 0, "loss": 0}
        for dealer in combinations(left, 3):
            dealer_key = three_card_poker_key(dealer)
            if not dealer_qualifies(dealer_key):
                tally["nq"] += 1
            elif player_key > dealer_key:
                tally["win"] += 1
            elif player_key == dealer_key:
                tally["tie"] += 1
            else:
                tally["loss"] += 1
        assert counts.keys[index] == player_key
        assert tally == {"nq": counts.not_qualified[index], "win": counts.player_wins[index],
                         "tie": counts.ties[index], "loss": counts.dealer_wins[index]}
    total = counts.not_qualified + counts.player_wins + counts.ties + counts.dealer_wins
    assert np.all(total == DEALER_HANDS)


@pytest.mark.rule("tcp-house-edge", "tcp-ante-bonus", "tcp-fold-no-bonus")
def test_ante_play_edge_q64_and_element_of_risk(counts: DealerOutcomeCounts) -> None:
    result = analyze_ante_play(strategy=Q64, counts=counts)
    assert result.house_edge == pytest.approx(0.033730, abs=1e-6)
    assert result.expected_value == pytest.approx(-0.03372981, abs=1e-8)
    assert result.element_of_risk == pytest.approx(0.020147, abs=1e-6)
    assert sum(o.probability for o in result.outcomes
               if not o.name.startswith("ante bonus")) == pytest.approx(1.0)
    assert sum(o.net * o.count for o in result.outcomes) == round(
        result.expected_value * PLAYER_HANDS * DEALER_HANDS)


@pytest.mark.rule("tcp-house-edge")
def test_optimal_threshold_found_from_the_enumeration_is_q64(
        counts: DealerOutcomeCounts) -> None:
    for spec in ("5-4-1", "5-3-1", "4-3-1"):
        result = analyze_ante_play(AnteBonusTable.from_spec(spec), ALWAYS, counts=counts)
        assert result.optimal_threshold == "Q-6-4"
        assert result.optimal_is_threshold
        assert result.optimal_threshold_key == Q64.threshold_key
    q64 = analyze_ante_play(strategy=Q64, counts=counts)
    assert q64.optimal_house_edge == pytest.approx(q64.house_edge, abs=1e-12)
    # one step either side of Q-6-4 is worse
    for worse in ("Q-6-3", "Q-6-5"):
        other = analyze_ante_play(strategy=ThresholdStrategy.from_text(worse), counts=counts)
        assert other.house_edge > q64.house_edge


@pytest.mark.rule("tcp-house-edge")
@pytest.mark.parametrize(("strategy", "edge"), [(ALWAYS, 0.076538), (QUEEN_HIGH, 0.034491)])
def test_ante_play_edge_other_strategies(counts: DealerOutcomeCounts,
                                         strategy: ThresholdStrategy, edge: float) -> None:
    assert analyze_ante_play(strategy=strategy, counts=counts).house_edge == \
        pytest.approx(edge, abs=1e-6)


@pytest.mark.rule("tcp-ante-bonus-table", "tcp-house-edge")
@pytest.mark.parametrize(("spec", "edge"), [("5-4-1", 0.033730), ("5-3-1", 0.036083),
                                            ("4-3-1", 0.038255)])
def test_ante_bonus_tables(counts: DealerOutcomeCounts, spec: str, edge: float) -> None:
    result = analyze_ante_play(AnteBonusTable.from_spec(spec), Q64, counts=counts)
    assert result.house_edge == pytest.approx(edge, abs=1e-6)


@pytest.mark.rule("tcp-pair-plus-table", "tcp-pair-plus-wins", "tcp-pair-plus-loses",
                  "tcp-house-edge")
@pytest.mark.parametrize(("spec", "edge"), [("1-4-6-30-40", 0.023167),
                                            ("1-4-6-25-40", 0.034932),
                                            ("1-4-6-25-35", 0.045792),
                                            ("1-3-6-30-40", 0.072760),
                                            ("1-4-5-30-40", 0.055747)])
def test_pair_plus_edges(spec: str, edge: float) -> None:
    result = analyze_pair_plus(PairPlusTable.from_spec(spec))
    assert result.house_edge == pytest.approx(edge, abs=1e-6)
    high = next(o for o in result.outcomes if o.name == "high card")
    assert high.net == -1 and high.count == 16_440


@pytest.mark.rule("tcp-6-card-bonus")
@pytest.mark.parametrize(("spec", "edge"), [("1000-200-100-20-15-10-7", 0.085614),
                                            ("1000-200-50-25-20-10-5", 0.102248)])
def test_six_card_bonus_edges(spec: str, edge: float) -> None:
    result = analyze_six_card_bonus(SixCardBonusTable.from_spec(spec))
    assert result.house_edge == pytest.approx(edge, abs=1e-6)
    assert sum(o.count for o in result.outcomes) == 20_358_520


@pytest.mark.rule("tcp-a23-rank")
def test_a23_house_rule_changes_only_straight_order() -> None:
    usual = dealer_outcome_counts()
    high = dealer_outcome_counts(a23_lowest=False)
    assert (usual.not_qualified == high.not_qualified).all()
    changed = (usual.player_wins != high.player_wins)
    classes = usual.keys[changed] >> 12
    assert set(classes.tolist()) <= {ThreeCardClass.STRAIGHT, ThreeCardClass.STRAIGHT_FLUSH}


def test_report_json_shape() -> None:
    data = analyze_three_card_poker().to_dict()
    assert set(data) >= {"ante_play", "pair_plus", "six_card_bonus"}
    assert data["ante_play"]["house_edge"] == pytest.approx(0.03373, abs=1e-5)
    assert data["ante_play"]["element_of_risk"] == pytest.approx(0.020147, abs=1e-6)
    assert data["pair_plus"]["house_edge"] == pytest.approx(0.023167, abs=1e-6)
    assert data["six_card_bonus"]["house_edge"] == pytest.approx(0.085614, abs=1e-6)
