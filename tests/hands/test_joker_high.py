"""Draw high with the joker as the bug, against a brute force over every stand-in."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt
import pytest

from pokerroom.cards import JOKER, STANDARD_CARDS, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.high import evaluate_high, high_key5
from pokerroom.hands.joker_high import (
    FIVE_ACES_KEY,
    evaluate_draw_high,
    joker_high_key4,
)

FLUSH, STRAIGHT, STRAIGHT_FLUSH = 5, 4, 8


def brute_force_joker_key(four: tuple[int, ...]) -> int:
    """Try the joker as each of the 48 cards not in the hand and keep the best use the
    bug allows: an ace; a card that makes a straight or straight flush; in a flush, only
    the highest card of the suit that is missing (joker-2, joker-3). Five aces beat
    everything (joker-4)."""
    if sum(1 for c in four if c // 4 == 12) == 4:
        return FIVE_ACES_KEY
    best = -1
    highest_missing = [max(c for c in range(suit, 52, 4) if c not in four) for suit in range(4)]
    for stand_in in range(52):
        if stand_in in four:
            continue
        a, b, c, d = four
        key = high_key5(a, b, c, d, stand_in)
        category = key >> 20
        allowed = (stand_in // 4 == 12 or category in (STRAIGHT, STRAIGHT_FLUSH)
                   or (category == FLUSH and stand_in == highest_missing[stand_in % 4]))
        if allowed:
            best = max(best, key)
    return best


Ints = npt.NDArray[np.int64]


def _rank_code(ranks: Ints) -> Ints:
    """A number per rank multiset (rank indexes 0..12 along the last axis): three bits
    of count per rank."""
    return (np.int64(1) << (3 * ranks)).sum(axis=-1)


@cache
def _high_keys_by_pattern() -> tuple[Ints, Ints, Ints]:
    """:func:`high_key5` of one five-card hand of each rank multiset not all of one
    suit (the codes of :func:`_rank_code` sorted, their keys) and of each five ranks of
    one suit (by rank mask)."""
    codes, keys = [], []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        seen: Counter[int] = Counter()
        suits = []
        for r in ranks:
            suits.append(seen[r])
            seen[r] += 1
        if len(seen) == 5:
            suits[-1] = 1
        codes.append(int(_rank_code(np.array(ranks))))
        keys.append(high_key5(*(4 * r + s for r, s in zip(ranks, suits, strict=True))))
    order = np.argsort(codes)
    flush = np.full(1 << 13, -1, dtype=np.int64)
    for ranks in combinations(range(13), 5):
        flush[sum(1 << r for r in ranks)] = high_key5(*(4 * r for r in ranks))
    return np.array(codes)[order], np.array(keys)[order], flush


def brute_force_joker_keys(fours: Ints) -> Ints:
    """:func:`brute_force_joker_key` of every row of ``fours`` at once. The key of the
    four cards with a stand-in is :func:`high_key5`'s of a hand of the same ranks and,
    when all five share a suit, of one suit: suits never break ties
    (``supp-suits``), so that is the same key."""
    codes, keys, flush_keys = _high_keys_by_pattern()
    rows = np.arange(len(fours))[:, None]
    ranks, suits = fours // 4, fours % 4
    held = np.zeros((len(fours), 52), dtype=bool)
    held[rows, fours] = True
    highest_missing = np.empty((len(fours), 4), dtype=np.int64)
    for suit in range(4):
        cards = np.arange(suit, 52, 4)
        highest_missing[:, suit] = cards[12 - np.argmin(held[:, cards[::-1]], axis=1)]
    code = _rank_code(ranks)
    mask = np.bitwise_or.reduce(1 << ranks, axis=1)
    one_suit = (suits == suits[:, :1]).all(axis=1)
    best = np.full(len(fours), -1, dtype=np.int64)
    for stand_in in range(52):
        rank, suit = divmod(stand_in, 4)
        free = ~held[:, stand_in]
        wanted = code + (1 << (3 * rank))
        at = np.minimum(np.searchsorted(codes, wanted), len(codes) - 1)
        assert (codes[at] == wanted)[free].all()
        flush = one_suit & (suits[:, 0] == suit)
        key = np.where(flush, flush_keys[mask | (1 << rank)], keys[at])
        category = key >> 20
        allowed = free & (
            (rank == 12) | (category == STRAIGHT) | (category == STRAIGHT_FLUSH)
            | ((category == FLUSH) & (highest_missing[:, suit] == stand_in)))
        best = np.where(allowed, np.maximum(best, key), best)
    return np.where((ranks == 12).all(axis=1), FIVE_ACES_KEY, best)


def test_joker_matches_the_brute_force_on_random_hands() -> None:
    rng = random.Random(52)
    sample = [tuple(rng.sample(range(52), 4)) for _ in range(5_000)]
    for four in sample:
        assert joker_high_key4(four)[0] == brute_force_joker_key(four)
    at_once = brute_force_joker_keys(np.array(sample, dtype=np.int64))
    assert at_once.tolist() == [brute_force_joker_key(four) for four in sample]


@pytest.mark.exhaustive
@pytest.mark.rule("joker-2", "joker-3", "joker-4")
def test_joker_matches_the_brute_force_on_every_hand_with_the_joker() -> None:
    every = list(combinations(range(52), 4))
    brute = brute_force_joker_keys(np.array(every, dtype=np.int64)).tolist()
    count = 0
    for four, expected in zip(every, brute, strict=True):
        assert joker_high_key4(four)[0] == expected, four
        count += 1
    assert count == 270_725


def say(text: str) -> str:
    return evaluate_draw_high(parse_cards(text)).description


@pytest.mark.rule("joker-2")
def test_joker_is_an_ace_or_completes_a_straight_or_flush_only() -> None:
    assert say("As Ad Jk 7c 2d") == "three of a kind, aces, 7-2 kickers (joker as an ace)"
    assert say("Kh Kd 9c 7s Jk") == "pair of kings, A-9-7 kickers (joker as an ace)"
    # Not a fully wild card: K-K-K-7 with the joker is not four kings.
    assert say("Kh Kd Kc 7s Jk") == "three of a kind, kings, A-7 kickers (joker as an ace)"
    assert say("9h 8d 7c 6s Jk") == "straight, ten high (joker as a ten)"
    assert say("9h 8h 7h 6h Jk") == "straight flush, ten high (joker as ten of hearts)"
    assert say("Kh Qh Jh Th Jk") == "royal flush (joker as ace of hearts)"
    assert say("As Ad Kh Kc Jk") == "full house, aces full of kings (joker as an ace)"


@pytest.mark.rule("joker-3")
def test_in_a_flush_the_joker_is_the_highest_card_missing_from_the_suit() -> None:
    assert say("Ks 9s 6s 2s Jk") == "flush, ace high, A-K-9-6-2 (joker as ace of spades)"
    assert say("As 9s 6s 2s Jk") == "flush, ace high, A-K-9-6-2 (joker as king of spades)"
    assert say("As Ks 6s 2s Jk") == "flush, ace high, A-K-Q-6-2 (joker as queen of spades)"
    flush = evaluate_draw_high(parse_cards("As 9s 6s 2s Jk"))
    natural = evaluate_high(parse_cards("As Ks 9s 6s 2s"))
    assert flush == natural


@pytest.mark.rule("joker-4")
def test_five_aces_is_the_best_hand() -> None:
    five = evaluate_draw_high(parse_cards("As Ad Ah Ac Jk"))
    assert (five.category, five.description, five.key) == ("five aces", "five aces",
                                                            FIVE_ACES_KEY)
    assert five > evaluate_draw_high(parse_cards("As Ks Qs Js Ts"))
    assert five > evaluate_draw_high(parse_cards("Ks Qs Js Ts Jk"))


@pytest.mark.rule("jacks-10", "joker-2")
def test_ace_joker_keeps_openers_while_breaking_a_straight() -> None:
    # As Jk Ks Qs Tc is a straight; throwing the Tc keeps A-Jk, a pair of aces.
    assert say("As Jk Ks Qs Tc") == "straight, ace high (joker as a jack)"
    # Whatever card is drawn, the kept four play at least as aces with K-Q (openers).
    kept = list(parse_cards("As Jk Ks Qs"))
    weakest = evaluate_high(parse_cards("As Ad Kc Qc 2d")).key
    for fifth in STANDARD_CARDS:
        if fifth not in kept:
            assert evaluate_draw_high([*kept, fifth]).key >= weakest


@pytest.mark.rule("joker-1")
def test_without_the_joker_the_ranking_is_standard_high() -> None:
    rng = random.Random(1)
    for _ in range(2_000):
        hand = rng.sample(STANDARD_CARDS, 5)
        assert evaluate_draw_high(hand) == evaluate_high(hand)
        assert evaluate_draw_high(hand, joker=False) == evaluate_high(hand)
    with pytest.raises(InvalidHandError, match="joker"):
        evaluate_draw_high(parse_cards("As Ad Jk 7c 2d"), joker=False)
    with pytest.raises(InvalidHandError):
        evaluate_draw_high([JOKER, JOKER, *parse_cards("As Ad 7c")])
