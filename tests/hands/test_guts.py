"""Two-card Guts hands (guts.txt 4.2)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.guts import HIGH_CARD, PAIR, evaluate_guts2

ALL_HANDS = list(combinations(STANDARD_CARDS, 2))


def key(text: str) -> int:
    return evaluate_guts2(parse_cards(text)).key


def brute_rank(hand: tuple[int, int]) -> tuple[int, int, int]:
    """Reference order written straight from 4.2(a)-(c)."""
    a, b = sorted(hand, reverse=True)
    return (1 if a == b else 0, a, b)


@pytest.mark.rule("guts-4.2a", "guts-4.2b", "guts-4.2c", "guts-4.2d")
def test_counts_and_order_of_all_1326_hands() -> None:
    values = [evaluate_guts2(h) for h in ALL_HANDS]
    assert len(values) == 1_326
    assert Counter(v.category for v in values) == {PAIR: 78, HIGH_CARD: 1_248}
    # 13 pairs + 78 unpaired rank combinations = 91 distinct hands
    assert len({v.key for v in values}) == 91
    ref = [brute_rank((int(x.rank), int(y.rank))) for x, y in ALL_HANDS]
    for i in range(0, len(values), 7):
        for j in range(0, len(values), 11):
            assert (values[i].key > values[j].key) == (ref[i] > ref[j])
            assert (values[i].key == values[j].key) == (ref[i] == ref[j])


@pytest.mark.rule("guts-4.2a")
def test_any_pair_beats_any_unpaired_hand() -> None:
    assert key("2c 2d") > key("As Kd")


@pytest.mark.rule("guts-4.2b")
def test_pairs_rank_aces_down_to_deuces() -> None:
    assert key("As Ad") == max(evaluate_guts2(h).key for h in ALL_HANDS)
    assert key("As Ad") > key("Ks Kd") > key("3s 3d") > key("2s 2d")


@pytest.mark.rule("guts-4.2c")
def test_unpaired_top_card_then_second() -> None:
    assert key("Ah 3c") > key("Kh Qc")
    assert key("Ah Qc") > key("Ad Jc")


@pytest.mark.rule("guts-4.2d", "guts-showdown")
def test_no_straights_or_flushes_and_three_deuce_is_lowest() -> None:
    assert key("3c 2c") == min(evaluate_guts2(h).key for h in ALL_HANDS)
    assert key("Kh Qh") == key("Kc Qd")
    assert key("5h 4h") < key("6c 2d")
    assert key("As 2c") > key("Ks Qs")  # aces high


def test_bad_hands_raise() -> None:
    with pytest.raises(InvalidHandError):
        evaluate_guts2(parse_cards("As"))
    with pytest.raises(InvalidHandError):
        evaluate_guts2(parse_cards("As As"))
