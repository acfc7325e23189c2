"""Five-card Omaha: exactly two of five hole cards (ten pairs) with exactly three board
cards, high and the 8-or-better low, against a brute force over the hole pairs and board
triples and against PokerKit's Omaha hands."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pokerkit import Card as PkCard
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

from pokerroom.cards import STANDARD_CARDS, Card, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.high import best_omaha_key, evaluate_high, evaluate_omaha
from pokerroom.hands.lowball import a5_key5, a5_qualifies, evaluate_omaha_low


@pytest.mark.rule("omaha-intro", "omaha-1", "omaha8-intro", "omaha8-2")
def test_five_hole_cards_match_a_brute_force_over_the_ten_hole_pairs() -> None:
    rng = random.Random(5)
    for _ in range(800):
        cards = rng.sample(STANDARD_CARDS, 10)
        hole, board = cards[:5], cards[5:]
        pairs = list(combinations(hole, 2))
        assert len(pairs) == 10
        high = max(evaluate_high([*h, *b]).key for h in pairs for b in combinations(board, 3))
        assert evaluate_omaha(hole, board).key == high
        assert best_omaha_key([int(c) for c in hole], [int(c) for c in board])[0] == high
        lows = [a5_key5(*h, *b) for h in pairs for b in combinations(board, 3)]
        best = max(lows)
        low = evaluate_omaha_low(hole, board)
        assert (low.key if low is not None else None) == (best if a5_qualifies(best) else None)


@pytest.mark.rule("omaha-1")
def test_three_hole_cards_of_a_suit_still_play_only_two() -> None:
    # three spades in the hand and two on the board: no flush, two hole cards only
    hole = parse_cards("As Ks Qs 2d 3c")
    value = evaluate_omaha(hole, parse_cards("Js Ts 8h 7d 4c"))
    assert value.description == "ace high, K-J-T-8"
    value = evaluate_omaha(hole, parse_cards("Js Ts 9h 7d 4c"))
    assert value.description == "straight, king high"


def _pk(cards: list[Card]) -> list[PkCard]:
    return list(PkCard.parse("".join(repr(c) for c in cards)))


@pytest.mark.rule("omaha-intro", "omaha8-2")
def test_random_five_card_hands_order_as_pokerkit_orders_them() -> None:
    rng = random.Random(55)
    for _ in range(500):
        cards = rng.sample(STANDARD_CARDS, 15)
        a, b, board = cards[:5], cards[5:10], cards[10:]
        ours = (evaluate_omaha(a, board).key, evaluate_omaha(b, board).key)
        theirs = (OmahaHoldemHand.from_game(_pk(a), _pk(board)),
                  OmahaHoldemHand.from_game(_pk(b), _pk(board)))
        assert (ours[0] > ours[1]) == (theirs[0] > theirs[1])
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])
        for hole in (a, b):
            low = evaluate_omaha_low(hole, board)
            try:
                OmahaEightOrBetterLowHand.from_game(_pk(hole), _pk(board))
                pk_qualifies = True
            except ValueError:
                pk_qualifies = False
            assert (low is not None) == pk_qualifies


def test_six_hole_cards_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="needs 4 or 5"):
        evaluate_omaha(parse_cards("As Ks Qs 2d 3c 4c"), parse_cards("Js Ts 8h"))
    with pytest.raises(InvalidHandError, match="needs 4 or 5"):
        evaluate_omaha_low(parse_cards("As Ks Qs 2d 3c 4c"), parse_cards("Js Ts 8h"))
