"""What a host and guests read at the table: the histories' seats and dates, the
formats a game offers, refusals that say what is allowed, and the page's own icon."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.errors import IllegalActionError
from pokerroom.server.history import hand_history_phh, hand_history_text

from .helpers import make_service, open_table, play


def test_the_text_history_numbers_seats_as_the_table_does_and_dates_each_hand() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "holdem", "seats": 4, "approval": False,
                                     "buy_in": 200})
    service.join(room_id, 0, "Hostie")
    service.join(room_id, 2, "Bob")
    service.execute(room_id, lambda r: r.set_paused(False))
    play(service, room_id, 12)
    text = hand_history_text(service.get(room_id).room, 0)
    assert "Seat 1: Hostie (200 in chips)" in text and "Seat 3: Bob" in text
    assert "Seat 2:" not in text and "Seat 4:" not in text
    header = text.splitlines()[0]
    assert re.search(r" - \d{4}/\d\d/\d\d \d\d:\d\d:\d\d UTC$", header), header
    assert "House rule: " in text and "is the button" in text


def test_a_table_offers_only_the_history_formats_its_games_have() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="guts2", players=3)
    play(service, room_id, 30)
    room = service.get(room_id).room
    snapshot = service.snapshot_for(room_id, None, False)
    assert snapshot["table"]["formats"] == ["text", "phh"]
    assert 'variant = "GUTS2"' in hand_history_phh(room, None)
    assert "Hand #1" in hand_history_text(room, None)
    poker, _host, _tokens = open_table(service, game="holdem", players=2)
    assert service.snapshot_for(poker, None, False)["table"]["formats"] == ["text", "phh",
                                                                      "pokerstars"]


def test_a_refused_bet_says_what_is_allowed() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="holdem", players=2)
    service.step(room_id)
    room = service.get(room_id).room
    actor = room.actors()[0]
    with pytest.raises(IllegalActionError, match=r"a raise here is to \d+ to \d+ chips"):
        service.act(room_id, actor, {"type": "Raise", "to": 3})
    with pytest.raises(IllegalActionError, match="you cannot bet now: you may"):
        service.act(room_id, actor, {"type": "Bet", "amount": 5})
    assert service.get(room_id).room.seq == room.seq


def test_the_page_has_its_icon_and_shows_game_titles(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")
    body: dict[str, Any] = {"game": "three-card-poker", "seats": 2, "approval": False,
                            "timer": 0, "next_hand_delay": 0}
    table = client.post("/api/tables", json=body).json()
    assert table["settings"].startswith("Three Card Poker; 2 seats")
    client.post(f"/api/tables/{table['id']}/join", json={"seat": 0, "name": "Ann"})
    client.post(f"/api/tables/{table['id']}/host/start",
                headers={"X-Host-Token": table["host_token"]})
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["hand"]["title"] == "Three Card Poker"
    assert state["hand"]["stakes"] == {"ante": 10, "pair_plus": 5, "six_card_bonus": 0}


@pytest.mark.rule("guts-game-end")
def test_a_carried_pot_is_the_game_s_in_the_ledger_not_a_house_s() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="guts2", players=3)
    for turn in range(400):
        room = service.get(room_id).room
        if room.hand is None and room.carried_pot()[0] > 0:
            break
        play(service, room_id, 1, seed=turn)
    room = service.get(room_id).room
    pot, reserve = room.carried_pot()
    assert pot > 0
    ledger = service.snapshot_for(room_id, None, False)["ledger"]
    assert ledger["pot"]["pot"] == pot and ledger["pot"]["reserve"] == reserve
    assert "belong to the game" in ledger["pot"]["rule"]
    assert all("the house" not in (payer, payee) for payer, payee, _ in ledger["settle_up"])
    # every chip is somewhere: seats plus the pot make what was bought
    held = sum(row["holding"] for row in ledger["balances"])
    assert held + pot + reserve == sum(row["bought"] for row in ledger["balances"])
    kinds = {entry["kind"] for entry in ledger["entries"]}
    assert {"buy-in", "result"} <= kinds
