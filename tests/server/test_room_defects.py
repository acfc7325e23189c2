"""What a host and guests read at the table: the histories' seats and dates, the
formats a game offers, refusals that say what is allowed, and the page's own icon."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.core import PassOption
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


def test_a_refused_pass_in_hearts_poker_names_the_cards_that_may_be_passed() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="hearts-poker", players=3)
    for _turn in range(60):
        if service.step(room_id):
            continue
        room = service.get(room_id).room
        actor = room.actors()[0]
        passing = [o for o in room.legal_options(actor) if isinstance(o, PassOption)]
        if passing:
            break
        service.act(room_id, actor, room.default_action(actor))
    else:
        pytest.fail("no pass came in 60 turns")
    hand = room.hand
    assert hand is not None
    seat = hand.hand_seat(actor)
    assert seat is not None
    up_card = next(c for c in hand.state.view(seat).seats[seat].cards
                   if c not in passing[0].cards)
    seq = room.seq
    allowed = " ".join(map(repr, passing[0].cards))
    with pytest.raises(IllegalActionError) as refused:
        service.act(room_id, actor, {"type": "PassCard", "card": repr(up_card)})
    words = str(refused.value)
    assert words == f"you cannot pass {up_card!r} now: pass one of {allowed}"
    assert "you may pass a card" not in words
    assert service.get(room_id).room.seq == seq


@pytest.mark.parametrize(("game", "words"), [
    ("guts2", "then say out and sit out"),
    ("three-card-poker", "then place the smallest Ante, then fold and sit out"),
    ("herbie", "then say out and sit out"),
    ("stud", "then bring in, check or fold and sit out"),
    ("holdem", "then check or fold and sit out")])
def test_the_header_says_what_the_timer_does_in_the_game(game: str, words: str) -> None:
    service = make_service()
    room_id, _host = service.create({"game": game, "seats": 4, "timer": 20})
    settings = service.snapshot_for(room_id, None, False)["table"]["settings"]
    assert f"20 s to act ({words})" in settings
    if game in ("guts2", "three-card-poker", "herbie"):
        assert "check" not in settings


def test_a_dealers_choice_header_names_the_games_whose_timer_does_otherwise() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "dealers-choice", "seats": 4,
                                     "rotation": ["holdem", "guts2", "three-card-poker"]})
    settings = service.snapshot_for(room_id, None, False)["table"]["settings"]
    assert ("30 s to act (then check or fold — Guts (two-card): say out; Three Card "
            "Poker: place the smallest Ante, then fold — and sit out)") in settings, settings
