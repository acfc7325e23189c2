"""Decks and the kernel's stub: composition, seeded reproducibility, dealing from the top
or lazily, named cards, exhaustion, cards put back."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pokerroom.cards import JOKER, Card, parse_cards
from pokerroom.deck import Deck
from pokerroom.engine.kernel import Kernel
from pokerroom.errors import DeckExhaustedError, IllegalActionError, InvalidHandError
from pokerroom.tableview import View


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


class _Stub(Kernel):
    """Just the kernel's stub (no game)."""

    def view(self, seat: int | None) -> View:
        raise NotImplementedError


def _stub(cards: str | tuple[Card, ...], rng: random.Random | None = None, *,
          lazy: bool = False) -> _Stub:
    stub = _Stub("deal", 2)
    stub._stock(parse_cards(cards) if isinstance(cards, str) else cards, rng, lazy=lazy)
    return stub


def test_a_given_stub_is_dealt_from_the_top() -> None:
    stub = _stub("As Kd Qh")
    assert stub._draw_cards(2) == parse_cards("As Kd")
    assert stub._deal_card() == parse_cards("Qh")[0]
    assert stub.deck == []


def test_a_lazy_stub_deals_every_card_once_in_a_seeded_order() -> None:
    cards = Deck.standard(rng=random.Random(5)).cards
    dealt = [_stub(cards, random.Random(seed), lazy=True)._draw_cards(52) for seed in (1, 1, 2)]
    assert dealt[0] == dealt[1] != dealt[2]
    assert sorted(dealt[0]) == sorted(cards)


def test_a_lazy_stub_draws_each_card_uniformly() -> None:
    """The first card of a lazy stub of three is each card a third of the time."""
    rng = random.Random(9)
    firsts = Counter(_stub("As Kd Qh", rng, lazy=True)._draw_cards(1) for _ in range(6000))
    assert set(firsts) == {(c,) for c in parse_cards("As Kd Qh")}
    assert all(1800 < n < 2200 for n in firsts.values())


def test_exhaustion_is_typed_and_deals_nothing() -> None:
    for lazy in (False, True):
        stub = _stub("As Kd", random.Random(1), lazy=lazy)
        with pytest.raises(DeckExhaustedError) as info:
            stub._draw_cards(3)
        assert (info.value.wanted, info.value.left) == (3, 2)
        assert len(stub.deck) == 2
    with pytest.raises(DeckExhaustedError):
        _stub("")._deal_card()


def test_a_named_card_comes_from_anywhere_in_the_stub_or_is_refused() -> None:
    stub = _stub("As Kd 7c")
    assert stub._deal_card(parse_cards("7c")[0]) == parse_cards("7c")[0]
    with pytest.raises(IllegalActionError, match="2c is not in the deck"):
        stub._deal_card(parse_cards("2c")[0])
    assert stub.deck == list(parse_cards("As Kd"))


def test_cards_put_back_are_mixed_into_the_stub() -> None:
    stub = _stub("As", random.Random(4))
    stub._put_back(parse_cards("Kd Qh Jc Ts 9s"))
    assert sorted(stub.deck) == sorted(parse_cards("As Kd Qh Jc Ts 9s"))
    assert stub.deck != list(parse_cards("As Kd Qh Jc Ts 9s"))


def test_duplicate_cards_rejected() -> None:
    with pytest.raises(InvalidHandError):
        Deck(parse_cards("As As"))
