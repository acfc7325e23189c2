"""Badugi: how many of the 270,725 four-card hands play four, three, two and one card,
counted independently of the module (the badugis and one-card hands in closed form, the
rest by König's theorem: the most cards of different ranks and suits equals the fewest
ranks and suits that cover every card), and the order against PokerKit's badugi hands
(ace-to-five) over random hands."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb, factorial

import numpy as np
import numpy.typing as npt
import pytest
from pokerkit import BadugiHand
from pokerkit import Card as PkCard

from pokerroom.cards import STANDARD_CARDS, Card, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.badugi import (
    BADUGI_CATEGORIES,
    badugi_key,
    badugi_size,
    evaluate_badugi,
)


def fewest_lines_covering(cards: tuple[int, ...]) -> int:
    """The fewest ranks and suits that together hold every card (König: the size of the
    largest set of cards of different ranks and different suits)."""
    ranks = sorted({c // 4 for c in cards})
    suits = sorted({c % 4 for c in cards})
    lines = [("rank", r) for r in ranks] + [("suit", s) for s in suits]
    for size in range(1, len(lines) + 1):
        for chosen in combinations(lines, size):
            if all(("rank", c // 4) in chosen or ("suit", c % 4) in chosen for c in cards):
                return size
    raise AssertionError(cards)


_BITS_SET = np.array([bin(mask).count("1") for mask in range(1 << 13)])


def fewest_lines_covering_each(hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """:func:`fewest_lines_covering` of every row of ``hands`` at once: whichever suits
    a cover takes, it needs exactly the ranks of the cards outside them (a suit no card
    holds only adds a line), so the fewest lines are, over the 16 sets of suits, the
    fewest of the suits taken plus the ranks of the cards they leave."""
    ranks, suits = hands // 4, hands % 4
    fewest = np.full(len(hands), 8)
    for taken in range(16):  # the suits taken, as bits
        left = ((taken >> suits) & 1) == 0
        rank_bits = np.bitwise_or.reduce(np.where(left, 1 << ranks, 0), axis=1)
        fewest = np.minimum(fewest, _BITS_SET[taken] + _BITS_SET[rank_bits])
    return fewest


def test_badugi_and_one_card_counts_in_closed_form() -> None:
    badugis = comb(13, 4) * factorial(4)        # four ranks, then a suit each, all different
    one_card = 4 * comb(13, 4) + 13             # four of one suit, or four of one rank
    assert (badugis, one_card) == (17_160, 2_873)


@pytest.mark.exhaustive
def test_hands_by_cards_that_play_over_every_four_card_hand() -> None:
    ours: Counter[int] = Counter()
    for hand in combinations(range(52), 4):
        ours[badugi_size(badugi_key(hand))] += 1
    every = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    cover = Counter(fewest_lines_covering_each(every).tolist())
    assert cover[4] == comb(13, 4) * factorial(4) and cover[1] == 4 * comb(13, 4) + 13
    assert ours == cover == {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}
    assert sum(ours.values()) == comb(52, 4) == 270_725


def test_hands_by_cards_that_play_on_a_sample_match_the_cover_count() -> None:
    rng = random.Random(4)
    sample = [tuple(rng.sample(range(52), 4)) for _ in range(3_000)]
    for hand in sample:
        assert badugi_size(badugi_key(hand)) == fewest_lines_covering(hand)
    at_once = fewest_lines_covering_each(np.array(sample, dtype=np.int64))
    assert at_once.tolist() == [fewest_lines_covering(hand) for hand in sample]


def test_the_order_of_hands() -> None:
    def key(text: str) -> int:
        return evaluate_badugi(parse_cards(text)).key

    assert key("Ac 2d 3h 4s") > key("Ac 2d 3h 5s") > key("Kc Qd Jh Ts")
    assert key("Kc Qd Jh Ts") > key("Ac 2d 3h 3s")            # four cards beat any three
    assert key("3c 5d 7h 8s") > key("Ac 2d 3h 9s")            # the highest card first
    # Ah 2d 3s 4s plays A-2-3; Ac 2c 3d 4h plays A-3-4: the lower three cards win
    assert key("Ah 2d 3s 4s") > key("Ac 2c 3d 4h")
    assert key("Kc Qc Jc Tc") > key("Kc Kd Kh Ks")            # a ten beats a king
    assert evaluate_badugi(parse_cards("Kc Kd Kh Ks")).description == "one card, K"
    assert key("Qc Jc Tc 9c") > key("Kc Kd Kh Ks")            # one card: a nine beats a king


def test_the_cards_that_play_are_shown_lowest_first() -> None:
    value = evaluate_badugi(parse_cards("8h 5d 3s Ah"))
    assert value.cards == parse_cards("Ah 3s 5d")
    assert value.category == "three cards" and value.description == "three cards, 5-3-A"
    assert evaluate_badugi(parse_cards("4c 3d 2h As")).category == BADUGI_CATEGORIES[3]


def _pk(cards: list[Card]) -> list[PkCard]:
    return list(PkCard.parse("".join(repr(c) for c in cards)))


def test_random_hands_order_as_pokerkit_orders_them() -> None:
    rng = random.Random(52)
    for _ in range(3_000):
        cards = rng.sample(STANDARD_CARDS, 8)
        a, b = cards[:4], cards[4:]
        ours = (evaluate_badugi(a).key, evaluate_badugi(b).key)
        theirs = (BadugiHand.from_game(_pk(a)), BadugiHand.from_game(_pk(b)))
        assert (ours[0] > ours[1]) == (theirs[0] > theirs[1]), (a, b)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1]), (a, b)


def test_bad_hands_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="needs 4"):
        evaluate_badugi(parse_cards("Ac 2d 3h"))
    with pytest.raises(InvalidHandError, match="duplicate"):
        evaluate_badugi(parse_cards("Ac Ac 3h 4s"))
    with pytest.raises(InvalidHandError, match="joker"):
        evaluate_badugi(parse_cards("Ac 2d 3h Jk"))
