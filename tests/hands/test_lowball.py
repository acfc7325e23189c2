"""Ace-to-five lows: lowball, razz, the 8-or-better half, and the joker."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from pokerkit import Card as PkCard
from pokerkit.lookups import EightOrBetterLookup, RegularLookup

from pokerroom.cards import JOKER, STANDARD_CARDS, Rank, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.lowball import (
    a5_key5,
    a5_key_from_ranks,
    a5_qualifies,
    evaluate_a5_low,
    evaluate_low8,
    evaluate_omaha_low,
    evaluate_razz,
    joker_low_rank,
)

RANK_MULTISETS = [m for m in combinations_with_replacement(range(2, 15), 5)
                  if max(Counter(m).values()) <= 4]


def reference_low_order(ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Smaller is the better low: written from the rule text, independently of the
    module. The pairing counts first (no pair best, four of a kind worst), then the
    paired ranks and then the odd ones, each from the highest down, aces counting one.
    The sorted rank counts order the pairings lexicographically: (1, 1, 1, 1, 1) no pair,
    (2, 1, 1, 1) pair, (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)."""
    low = [1 if r == 14 else r for r in ranks]
    counts = Counter(low)
    pairing = sorted(counts.values(), reverse=True)
    order = sorted(low, key=lambda r: (counts[r], r), reverse=True)
    return tuple(pairing), tuple(order)


def key(text: str) -> int:
    return evaluate_a5_low(parse_cards(text)).key


def _pk(ranks: tuple[int, ...]) -> list[PkCard]:
    symbols = "".join(Rank(r).symbol + "cdhs"[i % 4] for i, r in enumerate(ranks))
    return list(PkCard.parse(symbols))


@pytest.mark.rule("a5-intro", "razz-2")
def test_order_of_every_rank_set_agrees_with_pokerkit_and_a_reference() -> None:
    lookup = RegularLookup()
    rows = [(a5_key_from_ranks(m), lookup.get_entry(_pk(m)).index, reference_low_order(m))
            for m in RANK_MULTISETS]
    assert len({k for k, _, _ in rows}) == len(RANK_MULTISETS) == 6_175
    by_key = sorted(rows)
    # PokerKit's index and the reference tuple both grow as the low gets worse.
    assert [r[1] for r in by_key] == sorted((r[1] for r in rows), reverse=True)
    assert [r[2] for r in by_key] == sorted((r[2] for r in rows), reverse=True)


@pytest.mark.rule("a5-intro", "stud8-6", "omaha8-2")
def test_eight_or_better_counts_over_all_five_card_hands() -> None:
    qualifying: Counter[str] = Counter()
    rank_sets: set[tuple[int, ...]] = set()
    lookup = EightOrBetterLookup()
    for hand in combinations(range(52), 5):
        k = a5_key5(*hand)
        if a5_qualifies(k, 8):
            qualifying["8"] += 1
            rank_sets.add(tuple(sorted(c // 4 for c in hand)))
            if a5_qualifies(k, 7):
                qualifying["7"] += 1
            if a5_qualifies(k, 5):
                qualifying["wheel"] += 1
    assert qualifying == {"8": 57_344, "7": 21_504, "wheel": 1_024}
    assert len(rank_sets) == 56
    # PokerKit's 8-or-better table holds exactly the same rank sets.
    assert all(lookup.has_entry(_pk(tuple(r + 2 for r in s))) for s in rank_sets)
    assert sum(1 for m in RANK_MULTISETS if lookup.has_entry(_pk(m))) == 56


@pytest.mark.rule("a5-intro", "razz-intro", "razz-2")
def test_descriptions_and_the_best_hand() -> None:
    assert evaluate_a5_low(parse_cards("8d 6c 4h 2s Ah")).description == "8-6-4-2-A low"
    wheel = evaluate_a5_low(parse_cards("5d 4c 3h 2s Ah"))
    assert wheel.description == "5-4-3-2-A low" and wheel.category == "wheel"
    assert max(a5_key_from_ranks(m) for m in RANK_MULTISETS) == wheel.key
    assert evaluate_a5_low(parse_cards("Kd Kc 4h 2s Ah")).description == "pair of kings, 4-2-A"
    assert evaluate_a5_low(parse_cards("7d 6c 5h 4s 3h")).category == "7 low"


@pytest.mark.rule("a5-intro", "stud8-6", "razz-intro")
def test_straights_and_flushes_do_not_count() -> None:
    assert key("5h 4h 3h 2h Ah") == key("5d 4c 3h 2s Ah")
    assert key("6s 5s 4s 3s 2s") > key("7d 5c 4h 3s 2h")


@pytest.mark.rule("razz-2", "a5-intro")
def test_pairs_are_worse_lows_but_still_rank() -> None:
    paired = key("2d 2c 3h 4s 5h")
    assert paired < key("Kd Qc Jh Ts 9h")
    assert key("Ad Ac 3h 4s 5h") > paired
    assert key("3d 3c 2h 2s Ah") < key("Kd Kc Qh Js Th")


@pytest.mark.rule("razz-2", "razz-intro")
def test_razz_takes_the_best_low_of_seven_cards() -> None:
    rng = random.Random(11)
    for _ in range(3_000):
        seven = rng.sample(STANDARD_CARDS, 7)
        expected = min(reference_low_order(tuple(int(c.rank) for c in five))
                       for five in combinations(seven, 5))
        value = evaluate_razz(seven)
        assert reference_low_order(tuple(int(c.rank) for c in value.cards)) == expected
    value = evaluate_razz(parse_cards("Kd 7c 4h 2s Ah 3c 7d"))
    assert value.description == "7-4-3-2-A low"
    assert evaluate_razz(parse_cards("Kd Kc Kh Ks Qd Qc Jh")).description == (
        "two pair, kings and queens, J")
    with pytest.raises(InvalidHandError):
        evaluate_razz(parse_cards("Kd 7c 4h 2s Jk"))


@pytest.mark.rule("a5-1", "joker-1")
def test_joker_is_the_lowest_rank_missing_from_the_hand() -> None:
    assert evaluate_a5_low(parse_cards("8d 6c 4h 2s Jk")).description == (
        "8-6-4-2-A low (joker as ace)")
    assert evaluate_a5_low(parse_cards("8d 6c 4h As Jk")).description == (
        "8-6-4-2-A low (joker as deuce)")
    assert evaluate_a5_low(parse_cards("5d 4c 3h As Jk")).description == (
        "5-4-3-2-A low (joker as deuce)")
    assert evaluate_a5_low(parse_cards("Kd Kc 2h As Jk")).description == (
        "pair of kings, 3-2-A (joker as three)")
    with pytest.raises(InvalidHandError, match="joker"):
        evaluate_a5_low(parse_cards("8d 6c 4h 2s Jk"), joker=False)


@pytest.mark.rule("a5-1")
def test_joker_rule_equals_the_best_of_every_rank_it_could_be() -> None:
    # For the ace-to-five low the lowest missing rank is also the best choice: check it
    # against every substitution for every four-rank set the joker can join.
    for four in combinations_with_replacement(range(2, 15), 4):
        if max(Counter(four).values()) > 4:
            continue
        best = min(reference_low_order((*four, r)) for r in range(2, 15)
                   if Counter((*four, r)).most_common(1)[0][1] <= 4)
        joker_rank = joker_low_rank(four)
        assert reference_low_order((*four, 14 if joker_rank == 1 else joker_rank)) == best
    hands = [c for c in STANDARD_CARDS if c.rank in (Rank.KING, Rank.TWO, Rank.NINE)]
    for four in combinations(hands, 4):
        value = evaluate_a5_low([*four, JOKER])
        assert JOKER in value.cards


@pytest.mark.rule("stud8-3", "stud8-5", "stud8-6", "stud8-2")
def test_stud_hilo_low_from_any_five_of_seven() -> None:
    seven = parse_cards("As Ks Qs 8s 5s 3s 2d")
    low = evaluate_low8(seven)
    assert low is not None and low.description == "8-5-3-2-A low"
    # The same ace plays high in the ace-high flush.
    assert evaluate_low8(parse_cards("Ac Kc Qc Jc 9c 9d 9h")) is None
    wheel_straight = evaluate_low8(parse_cards("As 2s 3d 4h 5c Kd Kh"))
    assert wheel_straight is not None and wheel_straight.description == "5-4-3-2-A low"


@pytest.mark.rule("stud8-2-posted", "omaha8-2-posted")
def test_a_posted_qualifier_overrides_eight_or_better() -> None:
    seven = parse_cards("As Ks Qs 8s 5s 3s 2d")
    assert evaluate_low8(seven, qualifier=7) is None
    nine = evaluate_low8(parse_cards("9s 7d 5c 3h 2s Kd Qc"), qualifier=9)
    assert nine is not None and nine.category == "9 low"
    assert evaluate_low8(parse_cards("9s 7d 5c 3h 2s Kd Qc")) is None
    with pytest.raises(InvalidHandError, match="qualifier"):
        evaluate_low8(seven, qualifier=4)


@pytest.mark.rule("omaha8-intro", "omaha8-2")
def test_omaha_low_uses_exactly_two_hole_cards_and_three_board_cards() -> None:
    board = parse_cards("2c 3d 4h Kc Qd")
    low = evaluate_omaha_low(parse_cards("As 5s Kh Kd"), board)
    assert low is not None and low.description == "5-4-3-2-A low"
    # One low hole card is not enough, however low the board.
    assert evaluate_omaha_low(parse_cards("As Ks Kh Kd"), parse_cards("2c 3d 4h 5c 6d")) is None
    # A-2-3 in the hand with 4-5 on board is no wheel: only two hole cards play.
    low = evaluate_omaha_low(parse_cards("Ad Ac 2h 3h"), parse_cards("4c 5d Kh Qs 8c"))
    assert low is not None and low.description == "8-5-4-2-A low"


@pytest.mark.rule("omaha8-intro")
def test_omaha_low_matches_a_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(2_000):
        cards = rng.sample(STANDARD_CARDS, 9)
        hole, board = cards[:4], cards[4:]
        candidates = [reference_low_order(tuple(int(c.rank) for c in (*h, *b)))
                      for h in combinations(hole, 2) for b in combinations(board, 3)]
        qualifying = [c for c in candidates if c[0] == (1, 1, 1, 1, 1) and c[1][0] <= 8]
        value = evaluate_omaha_low(hole, board)
        if not qualifying:
            assert value is None
        else:
            assert value is not None
            assert reference_low_order(tuple(int(c.rank) for c in value.cards)) == min(
                qualifying)
