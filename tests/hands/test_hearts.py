"""Hearts Poker hands: the queen of spades and jack of diamonds, best five, four cards."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from math import comb

import pytest

from pokerroom.cards import STANDARD_CARDS, Card, Rank, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.hearts import (
    earns_extra_card,
    evaluate_hearts,
    four_card_key,
    hearts_own_cards,
    queen_of_spades_discard,
)
from pokerroom.hands.high import HIGH_CATEGORIES, evaluate_high


@pytest.mark.rule("hearts-queen-spades")
def test_queen_of_spades_forces_out_the_higher_hand_card() -> None:
    assert repr(queen_of_spades_discard(parse_cards("Qs Kh"))) == "Kh"
    assert repr(queen_of_spades_discard(parse_cards("Ad Qs"))) == "Ad"
    assert repr(queen_of_spades_discard(parse_cards("Qs 4d"))) == "Qs"
    assert repr(queen_of_spades_discard(parse_cards("Jd Qs"))) == "Qs"
    assert queen_of_spades_discard(parse_cards("Qh Kh")) is None
    for other in STANDARD_CARDS:
        if other == parse_cards("Qs")[0]:
            continue
        out = queen_of_spades_discard([parse_cards("Qs")[0], other])
        assert out == (other if other.rank > Rank.QUEEN else parse_cards("Qs")[0])


@pytest.mark.rule("hearts-queen-spades-pair")
def test_with_a_pair_of_queens_the_queen_of_spades_goes() -> None:
    for queen in parse_cards("Qc Qd Qh"):
        assert repr(queen_of_spades_discard([queen, parse_cards("Qs")[0]])) == "Qs"
    assert hearts_own_cards(parse_cards("Qh Qs")) == parse_cards("Qh")


@pytest.mark.rule("hearts-jack-diamonds")
def test_jack_of_diamonds_earns_one_extra_card() -> None:
    assert earns_extra_card(parse_cards("Jd 4c"))
    assert not earns_extra_card(parse_cards("Jh 4c"))
    assert hearts_own_cards(parse_cards("Jd 4c"), parse_cards("9h")[0]) == parse_cards("Jd 4c 9h")
    # With the queen of spades the queen goes (it outranks the jack), the jack stays.
    assert hearts_own_cards(parse_cards("Qs Jd"), parse_cards("9c")[0]) == parse_cards("Jd 9c")
    with pytest.raises(InvalidHandError, match="extra card"):
        hearts_own_cards(parse_cards("Jd 4c"))
    with pytest.raises(InvalidHandError, match="extra card"):
        hearts_own_cards(parse_cards("Jh 4c"), parse_cards("9h")[0])
    with pytest.raises(InvalidHandError, match="duplicate"):
        hearts_own_cards(parse_cards("Jd 4c"), parse_cards("4c")[0])


@pytest.mark.rule("hearts-special-hand-only")
def test_queen_and_jack_have_no_effect_as_community_cards() -> None:
    value = evaluate_hearts(parse_cards("Ah Kd"), parse_cards("Qs Jd 2c"))
    assert value.description == "ace high, K-Q-J-2"
    assert hearts_own_cards(parse_cards("Ah Kd")) == parse_cards("Ah Kd")


@pytest.mark.rule("hearts-best-five", "hearts-community")
def test_best_five_of_own_and_community_cards() -> None:
    assert evaluate_hearts(parse_cards("Ah Kh"), parse_cards("Qh Jh Th")).category == \
        "royal flush"
    rng = random.Random(7)
    for own_count, community_count in ((2, 3), (3, 3), (1, 6), (2, 6), (3, 6)):
        for _ in range(300):
            cards = rng.sample(STANDARD_CARDS, own_count + community_count)
            own, community = cards[:own_count], cards[own_count:]
            assert evaluate_hearts(own, community) == evaluate_high(cards)


@pytest.mark.rule("hearts-four-card")
def test_four_cards_make_only_four_card_hands() -> None:
    value = evaluate_hearts(parse_cards("Ah"), parse_cards("Ad Kc 7s"))
    assert value.description == "pair of aces, K-7 kickers (four cards)"
    # Four to a straight flush is just king high.
    assert evaluate_hearts(parse_cards("Kh"), parse_cards("Qh Jh Th")).description == (
        "king high, Q-J-T (four cards)")
    assert evaluate_hearts(parse_cards("Kh"), parse_cards("Kd Kc Ks")).category == (
        "four of a kind")
    # Two pair in four cards is not a full house.
    assert evaluate_hearts(parse_cards("Kh"), parse_cards("Kd 3c 3s")).description == (
        "two pair, kings and threes (four cards)")


@pytest.mark.rule("hearts-four-card")
def test_every_four_card_hand_counted_by_category() -> None:
    # The key depends on the ranks alone: evaluate each rank set once, count every hand.
    by_ranks: dict[tuple[int, ...], str] = {}
    counts: Counter[str] = Counter()
    for hand in combinations(STANDARD_CARDS, 4):
        ranks = tuple(c // 4 for c in hand)
        if ranks not in by_ranks:
            by_ranks[ranks] = HIGH_CATEGORIES[four_card_key(hand) >> 20]
        counts[by_ranks[ranks]] += 1
    assert len(by_ranks) == 1_820
    assert counts == {
        "four of a kind": 13,
        "three of a kind": 13 * comb(4, 3) * 48,
        "two pair": comb(13, 2) * comb(4, 2) ** 2,
        "pair": 13 * comb(4, 2) * comb(12, 2) * 4 ** 2,
        "high card": comb(13, 4) * 4 ** 4,
    }
    assert sum(counts.values()) == comb(52, 4)


@pytest.mark.rule("hearts-four-card", "hearts-best-five")
def test_four_card_hands_compare_with_five_card_hands_by_category_then_cards() -> None:
    four = evaluate_hearts(parse_cards("Ah"), parse_cards("Ad Kc Qs"))
    assert four < evaluate_high(parse_cards("As Ac Kd Qh 2c"))
    assert four > evaluate_high(parse_cards("As Ac Kd Jh 9c"))
    assert four > evaluate_high(parse_cards("Ks Kc Ad Qh Jc"))
    assert four < evaluate_high(parse_cards("2s 3c 4d 5h 6c"))
    quads = evaluate_hearts(parse_cards("9h"), parse_cards("9d 9c 9s"))
    assert evaluate_high(parse_cards("8h 8d 8c 8s Ah")) < quads < evaluate_high(
        parse_cards("9h 9d 9c 9s 2h"))
    # Against a brute-force order: category, then ranks with the missing card lowest.
    rng = random.Random(4)
    for _ in range(3_000):
        a = rng.sample(STANDARD_CARDS, 4)
        b = rng.sample(STANDARD_CARDS, 5)
        ka, kb = four_card_key(a), evaluate_high(b).key
        ra = (ka >> 20, *sorted_ranks(a), 0)
        rb = (kb >> 20, *((kb >> s) & 15 for s in (16, 12, 8, 4, 0)))
        assert (ka > kb) == (ra > rb) and (ka == kb) == (ra == rb)


def sorted_ranks(cards: Sequence[Card]) -> list[int]:
    counts = Counter(int(c.rank) for c in cards)
    return sorted((int(c.rank) for c in cards), key=lambda r: (counts[r], r), reverse=True)


def test_bad_input() -> None:
    with pytest.raises(InvalidHandError):
        evaluate_hearts(parse_cards("Ah"), parse_cards("Ad Kc"))
    with pytest.raises(InvalidHandError):
        evaluate_hearts(parse_cards("Ah Kd Qc 2c"), parse_cards("Ad Kc 3s"))
    with pytest.raises(InvalidHandError, match="duplicate"):
        evaluate_hearts(parse_cards("Ah Kd"), parse_cards("Ah Kc 3s"))
    with pytest.raises(InvalidHandError):
        queen_of_spades_discard(parse_cards("Qs"))
