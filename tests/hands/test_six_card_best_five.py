"""The 6 Card Bonus: best five of six, counted over all 20,358,520 six-card hands."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.high import (
    HIGH_CATEGORIES,
    ROYAL_FLUSH_KEY,
    TRIPS,
    best_high_key,
    evaluate_high,
)
from pokerroom.hands.six_card import (
    SixCardClass,
    evaluate_six_card_bonus,
    six_card_class,
    six_card_class_counts,
    six_card_class_of_indices,
)

EXPECTED = {"royal flush": 188, "straight flush": 1_656, "four of a kind": 14_664,
            "full house": 165_984, "flush": 205_792, "straight": 361_620,
            "three of a kind": 732_160}


def pay_name(key: int) -> str:
    if key == ROYAL_FLUSH_KEY:
        return "royal flush"
    return HIGH_CATEGORIES[key >> 20] if key >> 20 >= TRIPS else "other"


def count_six_card_hands_by_best_five() -> Counter[str]:
    """Every six-card hand, counted with the standard evaluator.

    Hands with five or six cards of one suit (207,636 of them) are dealt out one by one.
    Every other hand's best five depends on its ranks alone, so each rank multiset is
    evaluated once on a suit pattern with no five of a suit and counted as many times as
    it can be dealt without five of a suit (all its deals less the suited ones above).
    """
    counts: Counter[str] = Counter()
    suited_deals: Counter[tuple[int, ...]] = Counter()
    for suit in range(4):
        suit_cards = list(range(suit, 52, 4))
        others = [c for c in range(52) if c % 4 != suit]
        hands = [six for six in combinations(suit_cards, 6)]
        hands += [(*five, extra) for five in combinations(suit_cards, 5) for extra in others]
        for hand in hands:
            counts[pay_name(best_high_key(hand)[0])] += 1
            suited_deals[tuple(sorted(c // 4 for c in hand))] += 1
    assert sum(suited_deals.values()) == 4 * (comb(13, 6) + comb(13, 5) * 39)
    for ranks in combinations_with_replacement(range(13), 6):
        multiplicity = Counter(ranks)
        if max(multiplicity.values()) > 4:
            continue
        deals = prod(comb(4, m) for m in multiplicity.values()) - suited_deals[ranks]
        # Card i of the sorted ranks takes suit i % 4: a rank's copies get different
        # suits and no suit holds more than two cards.
        pattern = [rank * 4 + i % 4 for i, rank in enumerate(ranks)]
        counts[pay_name(best_high_key(pattern)[0])] += deals
    return counts


@pytest.mark.rule("tcp-6-card-bonus")
def test_six_card_counts_over_all_hands() -> None:
    counts = count_six_card_hands_by_best_five()
    assert sum(counts.values()) == comb(52, 6) == 20_358_520
    assert {k: v for k, v in counts.items() if k != "other"} == EXPECTED
    # The pay-class counts the 6 Card Bonus module gives agree.
    module_counts = six_card_class_counts()
    assert {c.label: n for c, n in module_counts.items() if c.label in EXPECTED} == EXPECTED
    assert sum(module_counts.values()) == 20_358_520


@pytest.mark.rule("tcp-6-card-bonus")
def test_best_five_and_pay_class_agree_with_the_standard_evaluator() -> None:
    rng = random.Random(66)
    for _ in range(5_000):
        six = rng.sample(STANDARD_CARDS, 6)
        expected = evaluate_high(six).key
        value = evaluate_six_card_bonus(six[:3], six[3:])
        assert value.key == expected
        assert value == evaluate_six_card_bonus(six)
        cls = six_card_class(six)
        assert cls == six_card_class_of_indices([int(c) for c in six])
        name = pay_name(expected)
        assert cls.label == ("nothing" if name == "other" else name)


@pytest.mark.rule("tcp-6-card-bonus")
def test_examples() -> None:
    royal = evaluate_six_card_bonus(parse_cards("As Ks Qs"), parse_cards("Js Ts 2d"))
    assert six_card_class(parse_cards("As Ks Qs Js Ts 2d")) is SixCardClass.ROYAL_FLUSH
    assert royal.description == "royal flush"
    assert six_card_class(parse_cards("7c 7d 7h 2s 2c 9d")) is SixCardClass.FULL_HOUSE
    assert six_card_class(parse_cards("As Ad Qs Jc Tc 2d")) is SixCardClass.NOTHING
    with pytest.raises(InvalidHandError, match="duplicate"):
        evaluate_six_card_bonus(parse_cards("As Ks Qs"), parse_cards("As Ts 2d"))
    with pytest.raises(InvalidHandError):
        evaluate_six_card_bonus(parse_cards("As Ks"), parse_cards("Js Ts 2d"))
