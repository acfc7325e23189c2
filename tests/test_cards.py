"""Cards: parsing, printing, ordering and errors."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.cards import (
    JOKER,
    STANDARD_CARDS,
    UNKNOWN,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)
from pokerroom.errors import CardParseError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", "As"),
        ("Td", "Td"),
        ("10d", "Td"),
        ("AsKd", "As Kd"),
        ("As Kd", "As Kd"),
        ("[As Kd]", "As Kd"),
        ("[As, Kd]", "As Kd"),
        ("Jk", "Jk"),
        ("??", "??"),
        ("10s10h", "Ts Th"),
        ("A♠ K♦", "As Kd"),
        ("ah kd", "Ah Kd"),
    ],
)
def test_parse_common_notations(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


def test_repr_pastes_back() -> None:
    for c in (*STANDARD_CARDS, JOKER, UNKNOWN):
        assert Card.parse(repr(c)) is c
        assert parse_cards(repr(c)) == (c,)


def test_every_standard_card_once() -> None:
    assert len(set(STANDARD_CARDS)) == 52
    assert {(c.rank, c.suit) for c in STANDARD_CARDS} == {(r, s) for r in Rank for s in Suit}


@pytest.mark.rule("supp-suits")
def test_suit_order_for_bring_ins_and_odd_chips() -> None:
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    two_of_each = parse_cards("2c 2d 2h 2s")
    assert sorted(reversed(two_of_each)) == list(two_of_each)


@pytest.mark.parametrize("bad", ["Zz", "A", "1s", "Ax", "11c", "As Kx", "AsK", "Jkk"])
def test_bad_card_names_the_token(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(bad)
    assert info.value.token in bad
    assert repr(info.value.token) in str(info.value)


def test_bad_token_is_the_offending_one() -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards("As Kd Qx Jh")
    assert info.value.token == "Qx"


def test_joker_and_unknown_have_no_rank() -> None:
    assert JOKER.is_joker and not JOKER.is_standard
    assert not UNKNOWN.is_known
    with pytest.raises(ValueError):
        _ = JOKER.rank
    with pytest.raises(ValueError):
        _ = UNKNOWN.suit


def test_cards_pickle_to_the_same_singleton() -> None:
    for c in (Card.parse("As"), JOKER, UNKNOWN):
        assert pickle.loads(pickle.dumps(c)) is c


@given(st.lists(st.sampled_from((*STANDARD_CARDS, JOKER)), max_size=10))
def test_format_parse_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards("".join(map(repr, cards))) == tuple(cards)
