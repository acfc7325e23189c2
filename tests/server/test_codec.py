"""Actions, options and events as JSON, and client input checked field by field."""

from __future__ import annotations

import pytest
from toy_high_card.hand import Dealt  # examples/toy-game, on the path (conftest)

from pokerroom.cards import parse_cards
from pokerroom.core import Declare, Discard, Draw, PassCard, Raise, RaiseOption
from pokerroom.errors import IllegalActionError
from pokerroom.server.codec import action_from_json, card_strings, to_json


def test_actions_round_trip_through_json() -> None:
    for action in (Raise(seat=1, to=60), Declare(seat=0, stay=True),
                   Draw(seat=2, discards=parse_cards("As 2c")),
                   PassCard(seat=1, card=parse_cards("Qs")[0]),
                   Discard(seat=3, cards=parse_cards("Jd Qs"))):
        data = to_json(action)
        data.pop("seat")
        assert action_from_json(data, seat=action.seat) == action


def test_client_cannot_choose_the_seat() -> None:
    action = action_from_json({"type": "Raise", "to": 60, "seat": 5}, seat=1)
    assert action.seat == 1


@pytest.mark.parametrize("data, message", [
    ("Raise", "JSON object"),
    ({}, "needs a 'type'"),
    ({"type": "Nuke"}, "unknown action type"),
    ({"type": "Action"}, "unknown action type"),
    ({"type": "Raise"}, "missing field"),
    ({"type": "Raise", "to": True}, "whole number"),
    ({"type": "Raise", "to": 1.5}, "whole number"),
    ({"type": "Raise", "to": 5, "extra": 1}, "unknown field"),
    ({"type": "Declare", "stay": "yes"}, "true or false"),
    ({"type": "PassCard", "card": "Zz"}, "bad card"),
    ({"type": "Draw", "discards": "As"}, "must be a list"),
    ({"type": "Draw", "discards": ["As"] * 100}, "too long"),
])
def test_malformed_actions_are_refused_clearly(data: object, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        action_from_json(data, seat=0)


def test_events_encode_cards_and_private_seats() -> None:
    event = Dealt(2, parse_cards("Ah")[0], private_to=frozenset({2}))
    assert to_json(event) == {"type": "Dealt", "private_to": [2], "seat": 2, "card": "Ah"}
    assert to_json(event.redacted())["card"] == "??"
    assert to_json(RaiseOption(min_to=4, max_to=8, tos=(4, 8)))["tos"] == [4, 8]


def test_card_strings_finds_only_whole_cards() -> None:
    assert card_strings({"x": ["As", "??", "Asx", ["Td"]], "y": "2c"}) == {"As", "Td", "2c"}
