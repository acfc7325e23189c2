"""Three Card Poker and three-card Guts rankings (three-card-poker.txt, guts.txt)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from pokerroom.analysis.casino.exact import three_card_combos, three_card_keys
from pokerroom.cards import JOKER, STANDARD_CARDS, parse_cards
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.hands.three_card import (
    QUEEN_HIGH_KEY,
    Guts3Order,
    ThreeCardClass,
    evaluate_guts3,
    evaluate_three_card_poker,
    guts3_ranking,
    key_from_ranks,
    tcp_key_lookup,
    three_card_poker_key,
)

ALL_HANDS = list(combinations(STANDARD_CARDS, 3))


def tcp(text: str, **kw: bool) -> int:
    return evaluate_three_card_poker(parse_cards(text), **kw).key


def guts(text: str, order: Guts3Order = Guts3Order.DEFAULT, **kw: bool) -> int:
    return evaluate_guts3(parse_cards(text), order=order, **kw).key


@pytest.mark.rule("tcp-ranking", "tcp-deck")
def test_class_counts_of_all_22100_hands() -> None:
    counts = Counter(evaluate_three_card_poker(h).category for h in ALL_HANDS)
    assert len(ALL_HANDS) == 22_100
    assert counts == {"straight flush": 48, "three of a kind": 52, "straight": 720,
                      "flush": 1_096, "pair": 3_744, "high card": 16_440}


@pytest.mark.rule("tcp-ranking", "tcp-ranking-order")
def test_class_order_reverses_five_card_poker_for_straight_flush_trips() -> None:
    ladder = ["Ks 9d 7c", "2c 2d 3h", "2c 4c 5c", "2h 3d 4c", "2c 2d 2h", "2s 3s 4s"]
    keys = [tcp(h) for h in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    # the worst of each class beats the best of the class below
    assert tcp("Ad Kh Jc") < tcp("2c 2d 3h")       # pair > high card
    assert tcp("Ac Ad Kh") < tcp("2c 3c 5c")       # flush > pair
    assert tcp("Ac Kc Jc") < tcp("Ah 2d 3c")       # straight > flush
    assert tcp("Ac Kd Qh") < tcp("2c 2d 2h")       # three of a kind > straight
    assert tcp("Ac Ad Ah") < tcp("Ac 2c 3c")       # straight flush > three of a kind


@pytest.mark.rule("tcp-ace-straights", "tcp-a23-rank")
def test_ace_plays_high_or_low_in_straights() -> None:
    assert evaluate_three_card_poker(parse_cards("Ac Kd Qh")).category == "straight"
    assert evaluate_three_card_poker(parse_cards("Ac 2d 3h")).category == "straight"
    assert evaluate_three_card_poker(parse_cards("Kc Ad 2h")).category == "high card"
    straights = sorted({tcp(f"{run[0]}c {run[1]}d {run[2]}h") for run in
                        ["A23", "234", "345", "456", "567", "678", "789", "89T", "9TJ",
                         "TJQ", "JQK", "QKA"]})
    assert len(straights) == 12
    assert tcp("Ac Kd Qh") == straights[-1]        # A-K-Q the highest
    assert tcp("Ac 2d 3h") == straights[0]         # A-2-3 the lowest by default
    # house rule: A-2-3 just below A-K-Q
    assert tcp("Ac 2d 3h", a23_lowest=False) < tcp("Ac Kd Qh", a23_lowest=False)
    assert tcp("Ac 2d 3h", a23_lowest=False) > tcp("Kc Qd Jh", a23_lowest=False)
    assert tcp("Ac 2c 3c", a23_lowest=False) > tcp("Kc Qc Jc", a23_lowest=False)


@pytest.mark.rule("tcp-comparison")
def test_same_class_compares_card_by_card_and_suits_never_rank() -> None:
    assert tcp("Qs 6d 4c") > tcp("Qs 6d 3c") > tcp("Qs 5d 4c") > tcp("Js Td 8c")
    assert tcp("Ks 9s 2s") > tcp("Qs Js 9s")       # flushes by top card
    assert tcp("9s 9d Ac") > tcp("9h 9c Kd") > tcp("8s 8d Ac")   # pair, then odd card
    assert tcp("Ks Kd 2c") > tcp("Qs Qd Ac")
    assert tcp("Qs 6d 4c") == tcp("Qh 6c 4d") == tcp("Qc 6s 4h")  # suits never rank
    for hand in ALL_HANDS[::97]:
        ranks = [c.rank for c in hand]
        flush = len({c.suit for c in hand}) == 1
        assert three_card_poker_key(hand) == key_from_ranks(ranks, flush=flush)


@pytest.mark.rule("tcp-hand", "tcp-deck")
def test_exactly_three_distinct_standard_cards() -> None:
    for bad in ("As Kd", "As Kd Qh Jc", "As As Kd"):
        with pytest.raises(InvalidHandError):
            evaluate_three_card_poker(parse_cards(bad))
    with pytest.raises(InvalidHandError):
        evaluate_three_card_poker((JOKER, *parse_cards("As Kd")))


@pytest.mark.rule("tcp-ranking", "tcp-comparison", "tcp-a23-rank")
def test_lookup_and_numpy_keys_equal_the_reference_evaluator() -> None:
    combos = three_card_combos()
    for a23_lowest in (True, False):
        table = tcp_key_lookup(a23_lowest)
        reference = [three_card_poker_key(h, a23_lowest=a23_lowest) for h in ALL_HANDS]
        looked_up = [table[a * 2704 + b * 52 + c] for a, b, c in ALL_HANDS]
        assert looked_up == reference
        vectorised = three_card_keys(combos, a23_lowest=a23_lowest)
        assert np.array_equal(vectorised, np.array(reference))


@pytest.mark.rule("tcp-dealer-qualifies")
def test_queen_high_key_is_q32_the_lowest_qualifier() -> None:
    assert tcp("Qs 3d 2c") == QUEEN_HIGH_KEY
    assert tcp("Js Td 8c") < QUEEN_HIGH_KEY
    qualifying = sum(three_card_poker_key(h) >= QUEEN_HIGH_KEY for h in ALL_HANDS)
    assert qualifying == 15_380


@pytest.mark.rule("tcp-comparison")
def test_descriptions() -> None:
    assert evaluate_three_card_poker(parse_cards("Ac 2c 3c")).description == \
        "straight flush, three high (3-2-A)"
    assert evaluate_three_card_poker(parse_cards("Qs Qd Qc")).description == "three queens"
    assert evaluate_three_card_poker(parse_cards("9s 9d Ac")).description == \
        "pair of nines, ace kicker"
    assert evaluate_three_card_poker(parse_cards("Ks 9s 2s")).description == \
        "flush, king high (K-9-2)"
    assert ThreeCardClass.FLUSH.label == "flush"


# --------------------------------------------------------------------- three-card Guts


@pytest.mark.rule("guts-three-card-order", "guts-three-card")
def test_guts3_default_order() -> None:
    assert guts3_ranking() == ("three of a kind", "straight flush", "straight", "flush",
                               "pair", "high card")
    ladder = ["Ks 9d 7c", "Ac Ad Kh", "2c 4c 5c", "2h 3d 4c", "Qs Ks As", "2c 2d 2h"]
    keys = [guts(h) for h in ladder]
    assert keys == sorted(keys) and len(set(keys)) == 6
    assert guts("2c 2d 2h") > guts("Qs Ks As")      # trips above the straight flush


@pytest.mark.rule("guts-three-card-sf-high")
def test_guts3_straight_flush_above_trips() -> None:
    order = Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.STRAIGHT_OVER_FLUSH
    assert guts("2s 3s 4s", order) > guts("Ac Ad Ah", order)
    assert guts3_ranking(order)[:2] == ("straight flush", "three of a kind")


@pytest.mark.rule("guts-three-card-flush-high")
def test_guts3_flush_above_straight() -> None:
    order = Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH | Guts3Order.FLUSH_OVER_STRAIGHT
    assert guts("2c 4c 5c", order) > guts("Qh Kd Ac", order)
    assert guts("2c 4c 5c") < guts("Qh Kd Ac")


@pytest.mark.rule("guts-three-card-sf-high", "guts-three-card-flush-high")
def test_guts3_both_variants_together_and_bad_orders() -> None:
    order = Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.FLUSH_OVER_STRAIGHT
    assert guts3_ranking(order) == ("straight flush", "three of a kind", "flush", "straight",
                                    "pair", "high card")
    for bad in (Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH,
                Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH
                | Guts3Order.FLUSH_OVER_STRAIGHT):
        with pytest.raises(ConfigError):
            evaluate_guts3(parse_cards("2c 3d 4h"), order=bad)


@pytest.mark.rule("guts-three-card")
def test_guts3_without_straights_and_flushes() -> None:
    value = evaluate_guts3(parse_cards("2c 3c 4c"), straights_and_flushes=False)
    assert value.category == "high card"
    assert guts("2c 3c 4c", straights_and_flushes=False) < guts("2c 2d 5h",
                                                                straights_and_flushes=False)


@pytest.mark.rule("guts-three-card-order", "guts-three-card-sf-high",
                  "guts-three-card-flush-high")
def test_guts3_orders_keep_within_class_comparison() -> None:
    for order in (Guts3Order.DEFAULT,
                  Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.FLUSH_OVER_STRAIGHT):
        values = [evaluate_guts3(h, order=order) for h in ALL_HANDS[::13]]
        tcp_values = [evaluate_three_card_poker(h) for h in ALL_HANDS[::13]]
        for v, t in zip(values, tcp_values, strict=True):
            assert v.category == t.category
            assert v.key & 0xFFF == t.key & 0xFFF
