"""Herbie hands: wild deuces, fours and tens, only pairs and trips, exact counts."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.herbie import (
    NO_PAIR,
    PAIR,
    TRIPS,
    HerbieOddCard,
    HerbieUnpaired,
    evaluate_herbie,
    evaluate_herbie_brute_force,
    is_wild,
)

ALL_HANDS = list(combinations(STANDARD_CARDS, 3))


def value(text: str, **kw: HerbieUnpaired | HerbieOddCard) -> tuple[int, str]:
    v = evaluate_herbie(parse_cards(text), **kw)
    return v.key, v.category


@pytest.mark.rule("herbie-1.2", "herbie-faq-2")
def test_deuces_fours_tens_are_wild() -> None:
    wild = [c for c in STANDARD_CARDS if is_wild(c)]
    assert len(wild) == 12
    assert {c.rank.symbol for c in wild} == {"2", "4", "T"}


@pytest.mark.rule("herbie-1.4", "herbie-1.5", "herbie-suits", "herbie-faq-4")
def test_category_counts_of_all_22100_hands() -> None:
    counts = Counter(evaluate_herbie(h).category for h in ALL_HANDS)
    assert len(ALL_HANDS) == 22_100
    assert counts == {TRIPS: 3_620, PAIR: 10_800, NO_PAIR: 7_680}


@pytest.mark.rule("herbie-1.4", "herbie-1.5", "herbie-1.5-unpaired")
@pytest.mark.parametrize("odd_card", list(HerbieOddCard))
@pytest.mark.parametrize("rule", list(HerbieUnpaired))
def test_agrees_with_brute_force_over_every_wild_substitution(
        rule: HerbieUnpaired, odd_card: HerbieOddCard) -> None:
    # suits never matter, so the brute force runs once per multiset of ranks
    reference: dict[tuple[int, ...], int] = {}
    for hand in ALL_HANDS:
        ranks = tuple(sorted(int(c.rank) for c in hand))
        if ranks not in reference:
            reference[ranks] = evaluate_herbie_brute_force(hand, unpaired=rule,
                                                           odd_card=odd_card)
        key = evaluate_herbie(hand, unpaired=rule, odd_card=odd_card).key
        assert key == reference[ranks], hand
    assert len(reference) == 455


@pytest.mark.rule("herbie-1.4")
def test_only_the_pair_counts_so_equal_pairs_tie_by_default() -> None:
    """"Only pairs and three of a kind count": K-K-9 and K-K-5 are the same hand."""
    assert value("Kc Kd 9s") == value("Kh Ks 5c")
    assert value("2c Kd 9s") == value("Kh Ks 3c")  # a wild card's pair ties a natural one
    assert value("Kc Kd 3s") > value("Qc Qd As")  # a higher pair still wins
    assert evaluate_herbie(parse_cards("Kc Kd 9s")).description == "pair of kings"
    # 13 ranks can pair, less the three wild ones: ten pair values, not 10 * 12
    pairs = {evaluate_herbie(h).key for h in ALL_HANDS if evaluate_herbie(h).category == PAIR}
    assert len(pairs) == 10
    assert "K-K-9 ties K-K-5" in HerbieOddCard.IGNORED.describe()


@pytest.mark.rule("herbie-1.4")
def test_the_odd_card_breaks_ties_under_the_house_rule() -> None:
    kicker = HerbieOddCard.BREAKS_TIES
    assert value("Kc Kd 9s", odd_card=kicker) > value("Kh Ks 5c", odd_card=kicker)
    assert value("Kc Kd 9s", odd_card=kicker) == value("Kh Ks 9c", odd_card=kicker)
    assert value("Kc Kd 3s", odd_card=kicker) > value("Qc Qd As", odd_card=kicker)
    assert evaluate_herbie(parse_cards("2h Ks 6c"), odd_card=kicker).description == (
        "pair of kings, six kicker (1 wild)")
    # the category counts are the same under either reading
    counts = Counter(evaluate_herbie(h, odd_card=kicker).category for h in ALL_HANDS)
    assert counts == {TRIPS: 3_620, PAIR: 10_800, NO_PAIR: 7_680}


@pytest.mark.rule("herbie-1.4", "herbie-faq-2")
def test_three_wilds_are_three_aces_the_best_hand() -> None:
    best = max(evaluate_herbie(h).key for h in ALL_HANDS)
    assert value("2c 4d Ts")[0] == best == value("Ac Ad As")[0]
    assert evaluate_herbie(parse_cards("2c 4d Ts")).description.startswith("three aces")


@pytest.mark.rule("herbie-1.4", "herbie-faq-4")
def test_trips_beat_pairs_and_higher_ranks_win() -> None:
    assert value("3c 3d 3s") > value("Ac Ad Kh")
    assert value("5c 5d 5s") > value("3c 3d 3s")
    assert value("Kc Kd 3s") > value("Qc Qd As")
    # no straights or flushes: a suited run is no pair
    assert value("Jh Qh Kh")[1] == NO_PAIR
    assert value("Jh Qh Kh") < value("3c 3d 5s")


@pytest.mark.rule("herbie-1.5")
def test_any_wild_makes_at_least_a_pair_and_no_pair_loses_to_any_pair() -> None:
    values = [evaluate_herbie(h) for h in ALL_HANDS]
    for hand, v in zip(ALL_HANDS, values, strict=True):
        if any(is_wild(c) for c in hand):
            assert v.category in (PAIR, TRIPS)
    lowest_pair = min(v.key for v in values if v.category == PAIR)
    best_unpaired = max(v.key for v in values if v.category == NO_PAIR)
    assert best_unpaired < lowest_pair


@pytest.mark.rule("herbie-1.5-unpaired")
def test_unpaired_house_rule() -> None:
    assert value("As Kd 3c") > value("As Qd Jc")
    assert value("As Kd 5c") > value("As Kd 3c")
    no_value = HerbieUnpaired.NO_VALUE
    assert value("As Kd 3c", unpaired=no_value) == value("9s 6d 3c", unpaired=no_value)
    assert value("3s 3d 5c", unpaired=no_value) > value("As Kd Qc", unpaired=no_value)
    assert "high card" in HerbieUnpaired.HIGH_CARDS.describe()


@pytest.mark.rule("herbie-suits")
def test_suits_never_break_ties() -> None:
    kicker = HerbieOddCard.BREAKS_TIES
    assert value("Kc Kd 9s", odd_card=kicker) == value("Kh Ks 9c", odd_card=kicker)
    assert value("2c Kd 9s", odd_card=kicker) == value("Ts Kh 9c", odd_card=kicker)


@pytest.mark.rule("herbie-example")
def test_example_hand_values() -> None:
    a = evaluate_herbie(parse_cards("2h Ks 6c"))
    herbie = evaluate_herbie(parse_cards("7c 7d Qh"))
    assert a.description.startswith("pair of kings")
    assert herbie.description.startswith("pair of sevens")
    assert a > herbie


def test_bad_hands_raise() -> None:
    with pytest.raises(InvalidHandError):
        evaluate_herbie(parse_cards("As Kd"))
    with pytest.raises(InvalidHandError):
        evaluate_herbie(parse_cards("As As Kd"))
