"""The host's next-game form sends each stake as typed; the room checks them as it
checks a new table's, refusing in words and changing nothing, or deals the game at
those stakes from the next hand."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .test_seat_ownership import Tab, new_table

REFUSALS = [
    ({"big_blind": ""}, "stake big_blind must be a whole number, not ''"),
    ({"big_blind": "x"}, "stake big_blind must be a whole number, not 'x'"),
    ({"big_blind": 2.5}, "stake big_blind must be a whole number"),
    ({"big_blind": -1}, "the big blind must be positive"),
    ({"small_blind": 5, "big_blind": 3}, "the small blind (5) is above the big blind (3)"),
    ({"ante": 2}, "holdem has no stake 'ante' (it has big_blind, small_blind)"),
]


@pytest.mark.parametrize("stakes, words", REFUSALS)
def test_a_stake_that_does_not_fit_is_refused_in_words_and_changes_nothing(
        client: TestClient, stakes: dict[str, Any], words: str) -> None:
    table = new_table(client, game="high-card")
    service = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        host = Tab(ws)
        host.send(op="hello", host_token=table["host_token"])
        host.until("welcome")
        before = service.get(table["id"]).room.seq
        host.send(op="host", command="game", data={"game": "holdem", "stakes": stakes})
        assert words in host.until("error")["message"]
        assert service.get(table["id"]).room.seq == before


def test_the_stakes_of_the_form_are_dealt_from_the_next_hand(client: TestClient) -> None:
    table = new_table(client, game="high-card")
    response = client.post(f"/api/tables/{table['id']}/host/game",
                           headers={"X-Host-Token": table["host_token"]},
                           json={"game": "stud", "stakes": {"ante": 1, "bring_in": 2,
                                                            "small_bet": 5, "big_bet": 10}})
    assert response.status_code == 200, response.text
    next_game = client.get(f"/api/tables/{table['id']}").json()["table"]["next_game"]
    assert next_game["game"] == "stud"
    assert {k: next_game["stakes"][k] for k in ("ante", "bring_in", "small_bet",
                                                "big_bet")} == {
        "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
