"""The 6 Card Bonus hand: best five of six cards (three-card-poker.txt, SUPPLEMENT §1)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain, combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.six_card import (
    SIX_CARD_HANDS,
    SixCardClass,
    evaluate_six_card_bonus,
    five_card_key,
    six_card_class,
    six_card_class_counts,
    six_card_class_of_indices,
)


@pytest.mark.rule("tcp-6-card-bonus")
def test_exact_class_counts_of_all_six_card_hands() -> None:
    counts = six_card_class_counts()
    assert SIX_CARD_HANDS == 20_358_520
    assert sum(counts.values()) == SIX_CARD_HANDS
    assert {c.label: n for c, n in counts.items() if c is not SixCardClass.NOTHING} == {
        "royal flush": 188, "straight flush": 1_656, "four of a kind": 14_664,
        "full house": 165_984, "flush": 205_792, "straight": 361_620,
        "three of a kind": 732_160}


@pytest.mark.rule("tcp-6-card-bonus")
def test_the_class_counts_are_counted_once_then_read_from_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerroom.hands import six_card

    monkeypatch.setenv("POKERROOM_CACHE_DIR", str(tmp_path))
    six_card_class_counts.cache_clear()
    try:
        counted = six_card_class_counts()
        assert [p.name.startswith("six-card-class-counts-") for p in tmp_path.iterdir()] == [
            True]
        six_card_class_counts.cache_clear()
        assert list(six_card_class_counts().items()) == list(counted.items())
        assert {int(cls): n for cls, n in counted.items()} == six_card._count_classes()
    finally:
        six_card_class_counts.cache_clear()


@pytest.mark.rule("tcp-6-card-bonus")
@pytest.mark.parametrize(("cards", "label"), [
    ("As Ks Qs Js Ts 9s", "royal flush"),
    ("9s Ks Qs Js Ts 2d", "straight flush"),
    ("As 2s 3s 4s 5s Ad", "straight flush"),
    ("7c 7d 7h 7s 2c 9d", "four of a kind"),
    ("7c 7d 7h 2s 2c 2d", "full house"),
    ("7c 7d 7h 2s 2c 9d", "full house"),
    ("2h 7h 9h Jh Kh Kd", "flush"),
    ("2h 7h 9h Jh Kh 3h", "flush"),
    ("Ac 2d 3h 4s 5c Kd", "straight"),
    ("Tc Jd Qh Ks Ac Ad", "straight"),
    ("9c 9d 9h 2s 5c Kd", "three of a kind"),
    ("9c 9d 5h 5s 2c 2d", "nothing"),
    ("Ac Kd Qh Js 9c 8d", "nothing"),
])
def test_pay_class_of_examples(cards: str, label: str) -> None:
    hand = parse_cards(cards)
    assert evaluate_six_card_bonus(hand).category == label
    assert six_card_class(hand).label == label


@pytest.mark.rule("tcp-6-card-bonus")
def test_player_and_dealer_cards_together() -> None:
    together = evaluate_six_card_bonus(parse_cards("As Ks Qs Js Ts 2d"))
    apart = evaluate_six_card_bonus(parse_cards("As Ks Qs"), parse_cards("Js Ts 2d"))
    assert together == apart and apart.category == "royal flush"
    assert len(apart.cards) == 5 and parse_cards("2d")[0] not in apart.cards
    with pytest.raises(InvalidHandError):
        evaluate_six_card_bonus(parse_cards("As Ks Qs"), parse_cards("As Ts 2d"))


@pytest.mark.rule("tcp-6-card-bonus")
def test_bad_hands_are_refused() -> None:
    for bad in ("As Ks Qs Js Ts", "As Ks Qs Js Ts 9s 8s", "As As Qs Js Ts 9s"):
        with pytest.raises(InvalidHandError):
            evaluate_six_card_bonus(parse_cards(bad))
        with pytest.raises(InvalidHandError):
            six_card_class(parse_cards(bad))


@pytest.mark.rule("tcp-6-card-bonus")
def test_fast_class_matches_best_of_five_on_random_hands() -> None:
    rng = random.Random(2024)
    seen: Counter[str] = Counter()
    for _ in range(4_000):
        hand = rng.sample(STANDARD_CARDS, 6)
        value = evaluate_six_card_bonus(hand)
        assert six_card_class_of_indices([int(c) for c in hand]).label == value.category
        best = max(five_card_key([c.rank for c in five], len({c.suit for c in five}) == 1)
                   for five in combinations(hand, 5))
        assert value.key == best
        seen[value.category] += 1
    assert seen["nothing"] > 3_000 and seen["three of a kind"] > 50


@pytest.mark.rule("tcp-6-card-bonus")
def test_keys_agree_with_the_standard_high_evaluator() -> None:
    high = pytest.importorskip("pokerroom.hands.high")
    rng = random.Random(99)
    for _ in range(2_000):
        hand = rng.sample(STANDARD_CARDS, 6)
        assert evaluate_six_card_bonus(hand).key == high.evaluate_high(hand).key
    for five in (parse_cards("As Ks Qs Js Ts"), parse_cards("5d 4c 3h 2s Ad"),
                 parse_cards("9c 9d 9h 4s 4c"), parse_cards("Kh Qh 9h 5h 2h")):
        flush = len({c.suit for c in five}) == 1
        assert five_card_key([c.rank for c in five], flush) == high.evaluate_high(five).key


@pytest.mark.rule("tcp-6-card-bonus")
def test_flush_counts_by_dealing_every_flush_hand() -> None:
    """Every hand with five or more cards of one suit, dealt out one by one, gives the
    flush-or-better counts of the multiset method."""
    counts: Counter[SixCardClass] = Counter()
    for suit in range(4):
        suited = [c for c in STANDARD_CARDS if c.suit == suit]
        others = [c for c in STANDARD_CARDS if c.suit != suit]
        for six in combinations(suited, 6):
            counts[six_card_class(six)] += 1
        for five in combinations(suited, 5):
            for extra in others:
                counts[six_card_class((*five, extra))] += 1
    expected = six_card_class_counts()
    for cls in (SixCardClass.ROYAL_FLUSH, SixCardClass.STRAIGHT_FLUSH, SixCardClass.FLUSH):
        assert counts[cls] == expected[cls]


def _classes_by_brute_force() -> dict[str, int]:
    """Every one of the 20,358,520 hands classified with NumPy, independently of the
    module: rank counts, a rank bit mask per suit, and the top of the best run.

    A six-card hand is five cards below its highest (the sixth) and the sixth: the
    counts and masks of the five-card hands are made once, in colex order, where the
    hands of cards below ``t`` are the first C(t, 5); each sixth card then adds itself
    to those of the hands below it."""
    runs = [sum(1 << r for r in range(top - 4, top + 1)) for top in range(4, 13)]
    runs.append(0b1000000001111)                         # A-2-3-4-5
    masks = np.arange(1 << 13)
    has_run = np.zeros(1 << 13, dtype=bool)
    royal_mask = np.zeros(1 << 13, dtype=bool)
    for run in runs:
        has_run |= (masks & run) == run
    royal_mask |= (masks & runs[8]) == runs[8]
    five = np.fromiter(chain.from_iterable(combinations(range(51, -1, -1), 5)),
                       dtype=np.int8, count=comb(52, 5) * 5).reshape(-1, 5)[::-1]
    every = np.arange(len(five))
    rank_counts = np.zeros((13, len(five)), dtype=np.int8)
    suit_counts = np.zeros((4, len(five)), dtype=np.int8)
    suit_masks = np.zeros((4, len(five)), dtype=np.int16)
    for column in range(5):
        ranks, suits = five[:, column] // 4, five[:, column] % 4
        rank_counts[ranks, every] += 1
        suit_counts[suits, every] += 1
        suit_masks[suits, every] |= 1 << ranks.astype(np.int16)
    biggest_of_five = rank_counts.max(axis=0)
    pairs_of_five = (rank_counts >= 2).sum(axis=0, dtype=np.int8)
    ranks_of_five = np.bitwise_or.reduce(suit_masks, axis=0)
    totals: Counter[str] = Counter()
    for sixth in range(5, 52):
        below = comb(sixth, 5)
        rank, suit = divmod(sixth, 4)
        bit = np.int16(1 << rank)
        already = rank_counts[rank, :below]  # the five's cards of the sixth's rank
        biggest = np.maximum(biggest_of_five[:below], already + 1)
        pairs_or_more = pairs_of_five[:below] + (already == 1)
        flush = np.zeros(below, dtype=bool)
        straight_flush = np.zeros(below, dtype=bool)
        royal = np.zeros(below, dtype=bool)
        for other in range(4):
            suited = suit_masks[other, :below]
            in_suit = suit_counts[other, :below]
            if other == suit:
                suited, in_suit = suited | bit, in_suit + 1
            is_flush = in_suit >= 5
            flush |= is_flush
            straight_flush |= is_flush & has_run[suited]
            royal |= is_flush & royal_mask[suited]
        straight = has_run[ranks_of_five[:below] | bit]
        # each hand's class as its place in _BRUTE_CLASSES, the stronger set last
        label = np.zeros(below, dtype=np.int8)
        label[biggest == 3] = 1
        label[straight] = 2
        label[flush] = 3
        label[(biggest == 3) & (pairs_or_more >= 2)] = 4
        label[biggest == 4] = 5
        label[straight_flush] = 6
        label[royal] = 7
        counts = np.bincount(label, minlength=len(_BRUTE_CLASSES)).tolist()
        totals.update({name: n for name, n in zip(_BRUTE_CLASSES, counts, strict=True) if n})
    return dict(totals)


_BRUTE_CLASSES = ("nothing", "three of a kind", "straight", "flush", "full house",
                  "four of a kind", "straight flush", "royal flush")


@pytest.mark.exhaustive
@pytest.mark.rule("tcp-6-card-bonus")
def test_counts_by_classifying_every_six_card_hand() -> None:
    brute = _classes_by_brute_force()
    assert sum(brute.values()) == SIX_CARD_HANDS
    assert brute == {c.label: n for c, n in six_card_class_counts().items()}
