"""Deuce-to-seven lows: straights and flushes count, aces high, A-5-4-3-2 is ace-high."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from pokerkit import Card as PkCard
from pokerkit.lookups import StandardLookup

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.deuce_seven import d27_key5, evaluate_27_low

WHEEL = (2, 3, 4, 5, 14)


def reference_27_badness(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Larger is a worse low: the conventional high-hand strength, written from the rule
    text with aces high only, so only five consecutive ranks (never A-2-3-4-5) are a
    straight."""
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    order = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and distinct[4] - distinct[0] == 4
    if straight and flush:
        level = 8
    elif shape == [4, 1]:
        level = 7
    elif shape == [3, 2]:
        level = 6
    elif flush:
        level = 5
    elif straight:
        level = 4
    else:
        level = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[tuple(shape)]
    return (level, *order)


def _classes() -> list[tuple[tuple[int, ...], bool]]:
    rows: list[tuple[tuple[int, ...], bool]] = []
    for m in combinations_with_replacement(range(2, 15), 5):
        if max(Counter(m).values()) > 4:
            continue
        rows.append((m, False))
        if len(set(m)) == 5:
            rows.append((m, True))
    return rows


def _cards(ranks: tuple[int, ...], flush: bool) -> list[int]:
    return [(r - 2) * 4 + (0 if flush else i % 4) for i, r in enumerate(ranks)]


@pytest.mark.rule("27-intro", "27-1", "supp-suits")
def test_order_of_every_class_agrees_with_a_reference_and_pokerkit() -> None:
    lookup = StandardLookup()
    rows = []
    for ranks, flush in _classes():
        k = d27_key5(*_cards(ranks, flush))
        text = "".join(repr(STANDARD_CARDS[c]) for c in _cards(ranks, flush))
        pk = lookup.get_entry(list(PkCard.parse(text))).index
        rows.append((k, reference_27_badness(ranks, flush), pk, ranks))
    assert len({r[0] for r in rows}) == len(rows) == 7_462
    rows.sort()
    # The larger the key, the smaller (better) the reference badness.
    badness = [r[1] for r in rows]
    assert badness == sorted(badness, reverse=True)
    # PokerKit's high-hand index runs the other way, except that it counts the wheel
    # as a straight (deuce-to-seven does not), so leave the wheel out of that check.
    pk_order = [r[2] for r in rows if tuple(sorted(r[3])) != WHEEL]
    assert pk_order == sorted(pk_order, reverse=True)


@pytest.mark.rule("27-1")
def test_best_hand_is_seven_five_four_three_two_of_two_suits_or_more() -> None:
    best = max(d27_key5(*_cards(ranks, flush)) for ranks, flush in _classes())
    assert evaluate_27_low(parse_cards("7d 5c 4h 3s 2h")).key == best
    # Every best hand holds only 2s to 7s (cards 0..23): count them among those.
    winners = [h for h in combinations(range(24), 5) if d27_key5(*h) == best]
    assert len(winners) == 4 ** 5 - 4
    suited = evaluate_27_low(parse_cards("7h 5h 4h 3h 2h"))
    assert suited.category == "flush" and suited.key < evaluate_27_low(
        parse_cards("Kd Qc Jh 9s 8h")).key


@pytest.mark.rule("27-intro")
def test_ace_five_four_three_two_is_ace_high_not_a_straight() -> None:
    ace_five = evaluate_27_low(parse_cards("Ad 5c 4h 3s 2h"))
    assert ace_five.description == "A-5-4-3-2 low" and ace_five.category == "A low"
    assert ace_five > evaluate_27_low(parse_cards("Ad 6c 4h 3s 2h"))  # other ace-highs
    assert ace_five > evaluate_27_low(parse_cards("2d 2c 3h 4s 5h"))  # any pair
    assert ace_five < evaluate_27_low(parse_cards("Kd Qc Jh Ts 8h"))  # king-high
    assert evaluate_27_low(parse_cards("Ah 5h 4h 3h 2h")).category == "flush"


@pytest.mark.rule("27-intro")
def test_straights_flushes_and_pairs_count_against_and_aces_are_high_only() -> None:
    assert evaluate_27_low(parse_cards("6d 5c 4h 3s 2h")).category == "straight"
    assert evaluate_27_low(parse_cards("8d 6c 5h 4s 3h")) > evaluate_27_low(
        parse_cards("6d 5c 4h 3s 2h"))
    # A pair of aces is the highest pair, so it loses to any other pair.
    assert evaluate_27_low(parse_cards("Ad Ac 4h 3s 2h")) < evaluate_27_low(
        parse_cards("Kd Kc Qh Js 9h"))
    assert evaluate_27_low(parse_cards("Ad Ac 4h 3s 2h")).description == (
        "pair of aces, 4-3-2 kickers")


def test_best_of_more_than_five_cards_and_bad_input() -> None:
    rng = random.Random(27)
    for _ in range(2_000):
        seven = rng.sample(STANDARD_CARDS, 7)
        assert evaluate_27_low(seven).key == max(
            evaluate_27_low(list(f)).key for f in combinations(seven, 5))
    with pytest.raises(InvalidHandError):
        evaluate_27_low(parse_cards("7d 5c 4h 3s Jk"))
    with pytest.raises(InvalidHandError):
        evaluate_27_low(parse_cards("7d 5c 4h 3s"))


@pytest.mark.rule("27-intro", "27-1")
def test_a_suited_wheel_is_an_ace_high_flush_and_a_suited_seven_a_flush() -> None:
    suited = evaluate_27_low(parse_cards("As 2s 3s 4s 5s"))
    unsuited = evaluate_27_low(parse_cards("Ad 2s 3s 4s 5s"))
    assert suited.category == "flush" and unsuited.category != "flush"
    assert suited.key < unsuited.key                   # the flush is the worse low
    assert evaluate_27_low(parse_cards("7s 5s 4s 3s 2s")).category == "flush"
