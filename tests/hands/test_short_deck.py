"""Short-deck high hands: exact category counts over all 376,992 five-card hands, worked
out here from the deck's make-up (9 ranks, 4 suits, 6 straights), the house rule that
swaps three of a kind and the straight, the tables against the readable definition, and
PokerKit's short-deck ranking (straight over three of a kind) on every rank set."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise
from math import comb

import pytest
from pokerkit import Card as PkCard
from pokerkit import ShortDeckHoldemHand
from pokerkit.lookups import ShortDeckHoldemLookup

from pokerroom.cards import STANDARD_CARDS, Card, parse_cards
from pokerroom.errors import InvalidHandError
from pokerroom.hands.short_deck import (
    SHORT_DECK_CARDS,
    ShortDeckOrder,
    evaluate_short_deck,
    evaluate_short_deck_holdem,
    short_deck_categories,
    short_deck_category,
    short_deck_key5,
    short_deck_key_from_ranks,
)

RANKS = 9          # six to ace
SUITS = 4
STRAIGHTS = 6      # A-6-7-8-9 (the ace low), 6-7-8-9-T, ... T-J-Q-K-A
NO_FLUSH = SUITS ** 5 - SUITS          # suit patterns of five different ranks, no flush


def expected_counts() -> dict[str, int]:
    """The number of five-card short-deck hands in each category, by counting."""
    straight_flush = STRAIGHTS * SUITS
    return {
        "straight flush": straight_flush - SUITS,
        "royal flush": SUITS,
        "four of a kind": RANKS * (RANKS - 1) * SUITS,
        "flush": SUITS * comb(RANKS, 5) - straight_flush,
        "full house": RANKS * comb(SUITS, 3) * (RANKS - 1) * comb(SUITS, 2),
        "straight": STRAIGHTS * NO_FLUSH,
        "three of a kind": RANKS * comb(SUITS, 3) * comb(RANKS - 1, 2) * SUITS ** 2,
        "two pair": comb(RANKS, 2) * comb(SUITS, 2) ** 2 * (RANKS - 2) * SUITS,
        "pair": RANKS * comb(SUITS, 2) * comb(RANKS - 1, 3) * SUITS ** 3,
        "high card": (comb(RANKS, 5) - STRAIGHTS) * NO_FLUSH,
    }


def test_the_expected_counts_add_up_to_every_hand() -> None:
    counts = expected_counts()
    assert sum(counts.values()) == comb(36, 5) == 376_992
    assert counts["flush"] == 480 and counts["full house"] == 1_728
    assert counts["straight"] == 6_120 and counts["three of a kind"] == 16_128


def test_the_deck_is_the_36_cards_from_six_to_ace() -> None:
    assert len(SHORT_DECK_CARDS) == 36 == len(set(SHORT_DECK_CARDS))
    assert min(c.rank for c in SHORT_DECK_CARDS) == 6
    assert {c for c in STANDARD_CARDS if c.rank >= 6} == set(SHORT_DECK_CARDS)


@pytest.mark.parametrize("order", list(ShortDeckOrder))
def test_category_counts_over_every_five_card_hand(order: ShortDeckOrder) -> None:
    tally: Counter[str] = Counter()
    by_category: dict[str, tuple[int, int]] = {}
    for five in combinations([int(c) for c in SHORT_DECK_CARDS], 5):
        key = short_deck_key5(*five, order)
        name = short_deck_category(key, order)
        tally[name] += 1
        low, high = by_category.get(name, (key, key))
        by_category[name] = (min(low, key), max(high, key))
    assert tally == expected_counts()
    # the categories do not overlap, and lie in the order's sequence
    ranges = [by_category[n] for n in (*short_deck_categories(order), "royal flush")]
    assert all(a[1] < b[0] for a, b in pairwise(ranges))


def test_a_flush_beats_a_full_house_and_the_ace_makes_the_lowest_straight() -> None:
    def value(text: str) -> int:
        return evaluate_short_deck(parse_cards(text)).key

    assert value("Qs Ts 9s 7s 6s") > value("As Ad Ah Kc Kd")
    assert value("As Ad Ah Ac 6d") > value("Qs Ts 9s 7s 6s")
    assert value("6h 7d 8c 9s Th") > value("Ah 6d 7c 8s 9h") > value("Kh Kd Kc Ad Qs")
    assert value("9h 8h 7h 6h Ah") > value("As Ad Ah Ac Kd")
    assert value("9h 8h 7h 6h Ah") < value("Th 9h 8h 7h 6h")
    # a wraparound is no straight
    assert evaluate_short_deck(parse_cards("Kh Ad 6c 7s 8h")).category == "high card"


def test_the_house_rule_puts_three_of_a_kind_above_every_straight() -> None:
    order = ShortDeckOrder.TRIPS_OVER_STRAIGHT
    best_straight = short_deck_key_from_ranks([14, 13, 12, 11, 10], False, order)
    worst_trips = short_deck_key_from_ranks([6, 6, 6, 7, 8], False, order)
    assert worst_trips > best_straight
    default = ShortDeckOrder.STRAIGHT_OVER_TRIPS
    assert short_deck_key_from_ranks([14, 6, 7, 8, 9], False, default) > \
        short_deck_key_from_ranks([14, 14, 14, 13, 12], False, default)
    assert order.describe().startswith("three of a kind beats a straight")


@pytest.mark.exhaustive
@pytest.mark.parametrize("order", list(ShortDeckOrder))
def test_the_tables_agree_with_the_readable_definition(order: ShortDeckOrder) -> None:
    for five in combinations([int(c) for c in SHORT_DECK_CARDS], 5):
        flush = len({c & 3 for c in five}) == 1
        ranks = [c // 4 + 2 for c in five]
        assert short_deck_key5(*five, order) == short_deck_key_from_ranks(ranks, flush, order)


def _pk(ranks: tuple[int, ...], flush: bool) -> str:
    """PokerKit's text for cards of these ranks: all spades for a flush, else the copies
    of a rank in different suits and five different ranks in more than one suit."""
    if flush:
        return "".join(_SYMBOLS[r - 2] + "s" for r in ranks)
    seen: Counter[int] = Counter()
    out = []
    for r in ranks:
        out.append(_SYMBOLS[r - 2] + "shdc"[(ranks.index(r) + seen[r]) % 4])
        seen[r] += 1
    return "".join(out)


_SYMBOLS = "23456789TJQKA"


def test_order_of_every_rank_set_agrees_with_pokerkit() -> None:
    """Every distinct hand (rank multiset, flush or not): our order, with the default
    rule, is PokerKit's short-deck order exactly, ties included."""
    lookup = ShortDeckHoldemLookup()
    rows = []
    for multiset in combinations_with_replacement(range(6, 15), 5):
        if max(Counter(multiset).values()) > 4:
            continue
        for flush in (False, True) if len(set(multiset)) == 5 else (False,):
            text = _pk(multiset, flush)
            ours = short_deck_key_from_ranks(multiset, flush)
            rows.append((ours, lookup.get_entry(text).index))
    by_ours = sorted(rows)
    assert [r[1] for r in by_ours] == sorted(r[1] for r in rows)
    # equal keys exactly where PokerKit's entries are equal
    assert len({r[0] for r in rows}) == len({r[1] for r in rows}) == len(rows)


def test_seven_card_hands_order_as_pokerkit_orders_them() -> None:
    rng = random.Random(36)
    deck = list(SHORT_DECK_CARDS)
    for _ in range(1_500):
        cards = rng.sample(deck, 9)
        a, b = (cards[:2], cards[4:]), (cards[2:4], cards[4:])
        ours = [evaluate_short_deck_holdem(h, board).key for h, board in (a, b)]
        theirs = [ShortDeckHoldemHand.from_game(_text(h), _text(board)) for h, board in (a, b)]
        assert (ours[0] > ours[1]) == (theirs[0] > theirs[1])
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1])


def _text(cards: list[Card]) -> list[PkCard]:
    return list(PkCard.parse("".join(repr(c) for c in cards)))


def test_cards_outside_the_short_deck_and_bad_hands_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="no card below a six"):
        evaluate_short_deck(parse_cards("As 2d 7c 8h 9s"))
    with pytest.raises(InvalidHandError, match="at least 5"):
        evaluate_short_deck(parse_cards("As Kd"))
    with pytest.raises(InvalidHandError, match="duplicate"):
        evaluate_short_deck_holdem(parse_cards("As Kd"), parse_cards("As 7c 8c"))
    with pytest.raises(InvalidHandError, match="joker"):
        evaluate_short_deck(parse_cards("As Kd Qh Jc Jk"))
    with pytest.raises(ValueError, match="ranks from 6"):
        short_deck_key_from_ranks([14, 2, 3, 4, 5], False)
