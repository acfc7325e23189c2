"""Standard high hands: counts, the key layout, and agreement with phevaluator."""

from __future__ import annotations

import random
from array import array
from collections import Counter
from itertools import combinations, pairwise

import pytest
from phevaluator import evaluate_cards

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.errors import CardParseError, InvalidHandError
from pokerroom.hands.high import (
    HIGH_CATEGORIES,
    ROYAL_FLUSH_KEY,
    best_high_key,
    evaluate_high,
    evaluate_holdem,
    evaluate_omaha,
    high_key5,
    high_key_from_ranks,
    key_category,
)


@pytest.fixture(scope="module")
def all_five_card_keys() -> array[int]:
    """The key of every one of the 2,598,960 five-card hands, in combination order."""
    return array("l", (high_key5(*h) for h in combinations(range(52), 5)))


def test_five_card_category_counts_and_7462_classes(all_five_card_keys: array[int]) -> None:
    keys = all_five_card_keys
    assert len(keys) == 2_598_960
    by_category = Counter(HIGH_CATEGORIES[key_category(k)] for k in keys)
    assert by_category == {
        "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
        "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552,
        "pair": 1_098_240, "high card": 1_302_540,
    }
    assert sum(1 for k in keys if k == ROYAL_FLUSH_KEY) == 4
    assert len(set(keys)) == 7_462


@pytest.mark.rule("supp-suits")
def test_order_agrees_with_phevaluator_on_every_five_card_hand(
        all_five_card_keys: array[int]) -> None:
    # phevaluator numbers the cards as pokerroom does (rank * 4 + suit, clubs first) and
    # gives 1 for the best hand; equal keys must be equal ranks, larger keys better ranks.
    strength: dict[int, int] = {}
    for hand, key in zip(combinations(range(52), 5), all_five_card_keys, strict=True):
        rank = evaluate_cards(*hand)
        assert strength.setdefault(key, rank) == rank
    ordered = [strength[k] for k in sorted(strength)]
    assert len(ordered) == 7_462
    assert all(a > b for a, b in pairwise(ordered))


def _agrees_in_order(pairs: list[tuple[int, int]]) -> bool:
    """Our keys (larger better) and phevaluator's ranks (smaller better) order the same."""
    pairs.sort()
    for (k1, r1), (k2, r2) in pairwise(pairs):
        if (k1 == k2) != (r1 == r2) or (k1 < k2 and not r1 > r2):
            return False
    return True


@pytest.mark.rule("stud-intro", "holdem-intro", "supp-suits")
def test_seven_card_best_five_agrees_with_phevaluator_on_100000_random_hands() -> None:
    rng = random.Random(20261129)
    deck = list(range(52))
    pairs = []
    for _ in range(100_000):
        seven = rng.sample(deck, 7)
        key, five = best_high_key(seven)
        assert high_key5(*five) == key and set(five) <= set(seven)
        pairs.append((key, evaluate_cards(*seven)))
    assert _agrees_in_order(pairs)


@pytest.mark.rule("stud-intro")
def test_six_card_best_five_agrees_with_phevaluator_on_random_hands() -> None:
    rng = random.Random(6)
    pairs = [(best_high_key(h)[0], evaluate_cards(*h))
             for h in (rng.sample(range(52), 6) for _ in range(30_000))]
    assert _agrees_in_order(pairs)


def test_table_lookup_equals_the_readable_definition_on_random_hands() -> None:
    rng = random.Random(5)
    for _ in range(20_000):
        hand = rng.sample(STANDARD_CARDS, 5)
        flush = len({c.suit for c in hand}) == 1
        assert high_key5(*hand) == high_key_from_ranks([int(c.rank) for c in hand], flush)


def key(text: str) -> int:
    return evaluate_high(parse_cards(text)).key


def test_key_layout_is_category_then_ranks_in_tie_break_order() -> None:
    assert key("Kd Ks 7c 7h Ah") == (2 << 20) | (13 << 16) | (13 << 12) | (7 << 8) | (7 << 4) | 14
    assert key("Ah 2d 3c 4s 5h") == (4 << 20) | (5 << 16) | (4 << 12) | (3 << 8) | (2 << 4) | 1
    assert key("7h 7d 7c Ks Kh") == (6 << 20) | (7 << 16) | (7 << 12) | (7 << 8) | (13 << 4) | 13
    assert key("9h 9d 9c 9s 2h") == (7 << 20) | (9 << 16) | (9 << 12) | (9 << 8) | (9 << 4) | 2
    assert key("As Ks Qs Js Ts") == ROYAL_FLUSH_KEY


@pytest.mark.parametrize(("cards", "category", "description"), [
    ("Kd Ks 7c 7h Ah", "two pair", "two pair, kings and sevens, ace kicker"),
    ("As Ks Qs Js Ts", "royal flush", "royal flush"),
    ("9s 8s 7s 6s 5s", "straight flush", "straight flush, nine high"),
    ("5d 4d 3d 2d Ad", "straight flush", "straight flush, five high"),
    ("Qh Qd Qc Qs 3h", "four of a kind", "four of a kind, queens, three kicker"),
    ("6h 6d 6c 2s 2h", "full house", "full house, sixes full of deuces"),
    ("Ah Jh 9h 6h 3h", "flush", "flush, ace high, A-J-9-6-3"),
    ("Ts 9h 8d 7c 6s", "straight", "straight, ten high"),
    ("5s 4h 3d 2c As", "straight", "straight, five high (the wheel)"),
    ("8s 8h 8d Kc 6s", "three of a kind", "three of a kind, eights, K-6 kickers"),
    ("Js Jh 4d 3c 2s", "pair", "pair of jacks, 4-3-2 kickers"),
    ("Ks Qh 9d 5c 3s", "high card", "king high, Q-9-5-3"),
])
def test_categories_and_descriptions(cards: str, category: str, description: str) -> None:
    value = evaluate_high(parse_cards(cards))
    assert (value.category, value.description) == (category, description)


def test_best_five_of_seven_is_reported_with_its_cards() -> None:
    value = evaluate_high(parse_cards("2c 9h Kd Ks 7c 7h Ah"))
    assert value.description == "two pair, kings and sevens, ace kicker"
    assert sorted(value.cards) == sorted(parse_cards("Kd Ks 7c 7h Ah"))


def test_ace_plays_high_or_low_in_straights_but_never_wraps() -> None:
    assert evaluate_high(parse_cards("As Kd Qc Jh Ts")).description == "straight, ace high"
    assert evaluate_high(parse_cards("Qs Kd Ac 2h 3s")).category == "high card"
    assert key("6s 5d 4c 3h 2s") > key("5s 4d 3c 2h As")


@pytest.mark.rule("supp-suits")
def test_suits_never_break_ties() -> None:
    assert key("As Ks Qs Js Ts") == key("Ah Kh Qh Jh Th")
    assert key("Ac Kd 9s 7h 3c") == key("Ad Kc 9h 7s 3d")
    assert key("2c 3d 4h 5s 7c 9d Jh") == key("2d 3h 4s 5c 7d 9h Jc")


@pytest.mark.rule("holdem-intro", "holdem-6")
def test_holdem_the_board_may_play_and_then_the_pot_is_split() -> None:
    board = parse_cards("As Ks Qs Js Ts")
    assert evaluate_holdem(parse_cards("2c 3d"), board).category == "royal flush"
    straight_board = parse_cards("9c 8d 7h 6s 5c")
    a = evaluate_holdem(parse_cards("2c 2d"), straight_board)
    b = evaluate_holdem(parse_cards("Ac Kd"), straight_board)
    assert a == b and a.description == "straight, nine high"
    assert evaluate_holdem(parse_cards("Tc 2d"), straight_board) > a


@pytest.mark.rule("omaha-intro", "omaha-1")
def test_omaha_uses_exactly_two_hole_cards_and_three_board_cards() -> None:
    # Four spades on the board and one in the hand is no flush.
    value = evaluate_omaha(parse_cards("As Kd 7c 2h"), parse_cards("Qs Js 9s 3s 8d"))
    assert value.category != "flush"
    # The board's straight cannot play: only two of the board's cards join two hole cards.
    board = parse_cards("9c 8d 7h 6s 5c")
    assert evaluate_omaha(parse_cards("Ac Ad Kh Ks"), board).description == (
        "pair of aces, 9-8-7 kickers")
    # Four aces in the hand make only a pair of aces; one hole card never plays alone.
    assert evaluate_omaha(parse_cards("As Ad Ah Ac"), parse_cards("Kd Kc 2h 3s 4d")).category \
        == "two pair"
    # One hole ace with four board hearts is a royal flush in hold'em, ace high here.
    held = evaluate_omaha(parse_cards("Ah 2c 7d 9s"), parse_cards("Kh Qh Jh Th 3d"))
    assert held.description == "ace high, K-Q-J-9"
    assert len([c for c in held.cards if c in parse_cards("Ah 2c 7d 9s")]) == 2


@pytest.mark.rule("omaha-intro")
def test_omaha_matches_a_brute_force_over_hole_pairs_and_board_triples() -> None:
    rng = random.Random(8)
    for _ in range(2_000):
        cards = rng.sample(STANDARD_CARDS, 9)
        hole, board = cards[:4], cards[4:]
        expected = max(evaluate_high([*h, *b]).key for h in combinations(hole, 2)
                       for b in combinations(board, 3))
        assert evaluate_omaha(hole, board).key == expected


def test_bad_input_raises_typed_errors() -> None:
    with pytest.raises(InvalidHandError, match="duplicate card: As"):
        evaluate_high(parse_cards("As As Kd Qh Jc"))
    with pytest.raises(InvalidHandError, match="needs"):
        evaluate_high(parse_cards("As Kd Qh Jc"))
    with pytest.raises(InvalidHandError, match="joker"):
        evaluate_high(parse_cards("As Kd Qh Jc Jk"))
    with pytest.raises(InvalidHandError, match="unknown"):
        evaluate_high(parse_cards("As Kd Qh Jc ??"))
    with pytest.raises(InvalidHandError):
        evaluate_holdem(parse_cards("As Kd Qh"), parse_cards("2c 3c 4c"))
    with pytest.raises(InvalidHandError, match="duplicate"):
        evaluate_omaha(parse_cards("As Kd Qh Jh"), parse_cards("As 3c 4c"))
    with pytest.raises(CardParseError):
        parse_cards("As Kx")
