"""Decks: composition, seeded reproducibility, exhaustion."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import JOKER, parse_cards
from pokerroom.deck import Deck
from pokerroom.errors import DeckExhaustedError, InvalidHandError


def test_standard_and_joker_decks() -> None:
    assert len(Deck.standard(rng=random.Random(1))) == 52
    deck = Deck.with_joker(rng=random.Random(1))
    assert len(deck) == 53
    assert deck.cards.count(JOKER) == 1


def test_same_seed_same_order_different_seed_different_order() -> None:
    first = Deck.standard(rng=random.Random(42)).cards
    assert Deck.standard(rng=random.Random(42)).cards == first
    assert Deck.standard(rng=random.Random(43)).cards != first
    assert sorted(first) == sorted(Deck.standard(rng=random.Random(43)).cards)


def test_default_shuffle_is_system_random() -> None:
    orders = {Deck.standard().cards for _ in range(3)}
    assert len(orders) == 3


def test_deal_takes_from_the_top() -> None:
    deck = Deck.stacked("As Kd Qh")
    assert deck.deal(2) == parse_cards("As Kd")
    assert deck.draw() == parse_cards("Qh")[0]
    assert len(deck) == 0


def test_exhaustion_is_typed_and_deals_nothing() -> None:
    deck = Deck.stacked("As Kd")
    with pytest.raises(DeckExhaustedError) as info:
        deck.deal(3)
    assert (info.value.wanted, info.value.left) == (3, 2)
    assert len(deck) == 2


def test_remove_and_reshuffle_back() -> None:
    deck = Deck.standard(rng=random.Random(3))
    deck.remove(parse_cards("As Kd"))
    assert len(deck) == 50
    with pytest.raises(InvalidHandError):
        deck.remove(parse_cards("As"))
    deck.add(parse_cards("As Kd"), rng=random.Random(4))
    assert len(deck) == 52


def test_duplicate_cards_rejected() -> None:
    with pytest.raises(InvalidHandError):
        Deck(parse_cards("As As"))
