"""A seat token belongs to one occupancy: turned away, removed or gone, an open connection
holding it becomes a spectator at once and acts for nobody, whoever sits down next."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from pokerroom.errors import OutOfTurnError
from pokerroom.server.codec import card_strings, to_json
from pokerroom.server.room import Room, hash_token

from .helpers import make_service, open_table


def new_table(client: TestClient, **settings: Any) -> dict[str, Any]:
    body = {"game": "holdem", "seats": 2, "buy_in": 500, "approval": False,
            "timer": 0, "next_hand_delay": 0, **settings}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


class Tab:
    """One open websocket and every frame it has been sent."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []

    def until(self, kind: str, limit: int = 200) -> dict[str, Any]:
        for _ in range(limit):
            message: dict[str, Any] = self.ws.receive_json()
            self.frames.append(message)
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message")

    def state_where(self, test: Any, limit: int = 200) -> dict[str, Any]:
        for _ in range(limit):
            frame = self.until("state")
            if test(frame):
                return frame
        raise AssertionError("no such state")

    def send(self, **message: Any) -> None:
        self.ws.send_json(message)


def play_until(tab: Tab, hands: int) -> None:
    """Answer the tab's turns (check or call) until ``hands`` hands are over."""
    for _ in range(400):
        frame = tab.until("state")
        if frame["table"]["hands_played"] >= hands:
            return
        legal = {o["type"] for o in (frame["hand"] or {}).get("legal", [])}
        if legal:
            tab.send(op="act", action={"type": "Check" if "CheckOption" in legal
                                       else "Call"})
    raise AssertionError(f"{hands} hands were not played")


def secret_cards_of(client: TestClient, room_id: str, room_seat: int,
                    first_hand: int = 1) -> dict[int, set[str]]:
    """By hand number (from ``first_hand``): the cards dealt face down to
    ``room_seat`` that a spectator never saw."""
    room = client.app.state.service.get(room_id).room  # type: ignore[attr-defined]
    secret: dict[int, set[str]] = {}
    for record in room.hands:
        seat = record.hand_seat(room_seat)
        if seat is None or record.number < first_hand:
            continue
        public: set[str] = set()
        for event in record.state.events_for(None):
            public |= card_strings(to_json(event))
        hidden = secret.setdefault(record.number, set())
        for event in record.state.events:
            if seat in (getattr(event, "private_to", None) or ()):
                hidden |= card_strings(to_json(event)) - public
    return secret


def leaked(frames: list[dict[str, Any]], secret: dict[int, set[str]]) -> set[str]:
    """The secret cards of a hand that a frame about that hand holds."""
    shown: set[str] = set()
    for frame in frames:
        hand = frame.get("hand") if frame.get("type") == "state" else None
        if hand is not None:
            shown |= card_strings(frame) & secret.get(hand["number"], set())
    return shown


def seated_pair(client: TestClient, table: dict[str, Any],
                host_ws: WebSocketTestSession,
                guest_ws: WebSocketTestSession) -> tuple[Tab, Tab, str]:
    """The host sits in seat 1 and a guest in seat 2, each on an open websocket."""
    host, guest = Tab(host_ws), Tab(guest_ws)
    host.send(op="hello", host_token=table["host_token"])
    host.until("welcome")
    host.send(op="join", seat=0, name="Ann", host_token=table["host_token"])
    host.until("joined")
    guest.send(op="hello")
    guest.until("welcome")
    guest.send(op="join", seat=1, name="Bob")
    token = guest.until("joined")["token"]
    return host, guest, token


def assert_watching_only(client: TestClient, table: dict[str, Any], guest: Tab,
                         after: int) -> None:
    """Every frame the old connection got after revocation is a spectator's, and none
    holds a hidden card of the seat's next occupant."""
    later = [f for f in guest.frames[after:] if f["type"] == "state"]
    assert later, "the old connection kept receiving the table"
    for frame in later:
        assert frame["you"]["seat"] is None and frame["you"]["name"] is None
        if frame["hand"] is not None:
            assert frame["hand"]["you"] is None and frame["hand"]["legal"] == []
    secret = secret_cards_of(client, table["id"], 1)
    assert any(secret.values()), "the next occupant was dealt no hidden card"
    assert not leaked(guest.frames[after:], secret)


def assert_refused_everywhere(client: TestClient, table: dict[str, Any], guest: Tab,
                              token: str, reason: str) -> None:
    """Every command from the revoked connection or token is refused with the reason
    and changes nothing."""
    service = client.app.state.service  # type: ignore[attr-defined]
    before = service.get(table["id"]).room.seq
    for message in ({"op": "act", "action": {"type": "Fold"}},
                    {"op": "act", "action": {"type": "Check"}},
                    {"op": "sitout"}, {"op": "sitin"}, {"op": "leave"},
                    {"op": "topup", "amount": 100}):
        guest.send(**message)
        error = guest.until("error")
        assert "spectators cannot act" in error["message"] or reason in error["message"]
    assert service.get(table["id"]).room.seq == before
    headers = {"Authorization": f"Bearer {token}"}
    reply = client.post(f"/api/tables/{table['id']}/act", headers=headers,
                        json={"action": {"type": "Fold"}})
    assert reply.status_code == 403 and reason in reply.json()["detail"]
    assert client.get(f"/api/tables/{table['id']}/me", headers=headers).status_code == 403
    assert service.get(table["id"]).room.seq == before


@pytest.mark.parametrize("how", ["removed", "left"])
def test_a_removed_or_departed_tab_never_sees_or_acts_for_the_next_occupant(
        client: TestClient, how: str) -> None:
    table = new_table(client)
    room = table["id"]
    with client.websocket_connect(f"/ws/{room}") as host_ws, \
            client.websocket_connect(f"/ws/{room}") as guest_ws:
        host, guest, token = seated_pair(client, table, host_ws, guest_ws)
        if how == "removed":
            host.send(op="host", command="remove", data={"seat": 1})
            host.until("ok")
            reason = "the host removed you from seat 2"
        else:
            guest.send(op="leave")
            reason = "you left seat 2"
        notice = guest.until("revoked")
        assert reason in notice["message"]
        mark = len(guest.frames)
        host.send(op="host", command="fill")
        host.until("ok")
        host.send(op="host", command="start")
        host.until("ok")
        guest.state_where(lambda f: f["hand"] is not None)
        host.state_where(lambda f: (f["hand"] is not None and f["hand"]["legal"] != [])
                         or f["table"]["hands_played"] >= 1)
        assert_refused_everywhere(client, table, guest, token, reason)
        guest.send(op="ping")
        guest.until("pong")
        assert_watching_only(client, table, guest, mark)
    # a fresh connection with the old token is told why, and watches
    with client.websocket_connect(f"/ws/{room}") as ws:
        ws.send_json({"op": "hello", "token": token})
        welcome = Tab(ws).until("welcome")
        assert welcome["seat"] is None and reason in welcome["revoked"]


def test_a_player_turned_away_keeps_no_claim_on_the_seat(client: TestClient) -> None:
    table = new_table(client, approval=True)
    room = table["id"]
    with client.websocket_connect(f"/ws/{room}") as host_ws, \
            client.websocket_connect(f"/ws/{room}") as guest_ws:
        host, guest, token = seated_pair(client, table, host_ws, guest_ws)
        waiting = guest.state_where(lambda f: f["you"]["seat"] == 1)
        assert waiting["you"]["approved"] is False
        host.send(op="host", command="remove", data={"seat": 1})
        host.until("ok")
        reason = "the host turned down your request for seat 2"
        assert reason in guest.until("revoked")["message"]
        mark = len(guest.frames)
        host.send(op="host", command="bot", data={"seat": 1})
        host.until("ok")
        host.send(op="host", command="start")
        host.until("ok")
        guest.state_where(lambda f: f["hand"] is not None)
        assert_refused_everywhere(client, table, guest, token, reason)
        guest.send(op="ping")
        guest.until("pong")
        assert_watching_only(client, table, guest, mark)


def test_removed_in_the_middle_of_a_hand_the_tab_is_demoted_at_once(
        client: TestClient) -> None:
    table = new_table(client)
    room = table["id"]
    service = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{room}") as host_ws, \
            client.websocket_connect(f"/ws/{room}") as guest_ws:
        host, guest, token = seated_pair(client, table, host_ws, guest_ws)
        host.send(op="host", command="start")
        host.until("ok")
        guest.state_where(lambda f: f["hand"] is not None and f["hand"]["you"] == 1)
        host.send(op="host", command="remove", data={"seat": 1})
        host.until("ok")
        reason = "the host removed you from seat 2"
        assert reason in guest.until("revoked")["message"]
        assert_refused_everywhere(client, table, guest, token, reason)
        # the seat is played out by the timer's default and cashed out after the hand
        play_until(host, hands=1)
        room_state = service.get(room).room
        assert 1 not in room_state.seats or room_state.seats[1].leaving
        mark = len(guest.frames)
        # a new guest takes the seat on a fresh connection
        with client.websocket_connect(f"/ws/{room}") as cat_ws:
            cat = Tab(cat_ws)
            cat.send(op="hello")
            cat.until("welcome")
            cat.send(op="join", seat=1, name="Cat")
            cat.until("joined")
            cat.state_where(lambda f: f["hand"] is not None and f["hand"]["you"] == 1
                            and f["hand"]["number"] >= 2)
            guest.state_where(lambda f: f["hand"] is not None and f["hand"]["number"] >= 2)
            guest.send(op="act", action={"type": "Fold"})
            assert reason in guest.until("error")["message"]
            guest.send(op="ping")
            guest.until("pong")
            later = [f for f in guest.frames[mark:] if f["type"] == "state"]
            assert all(f["you"]["seat"] is None for f in later)
            cat_secret = secret_cards_of(client, room, 1, first_hand=2)
            assert any(cat_secret.values())
            assert not leaked(guest.frames, cat_secret)


def test_the_room_revokes_a_token_with_its_occupancy() -> None:
    service = make_service()
    room_id, _host, tokens = open_table(service, game="holdem", players=2)
    room: Room = service.get(room_id).room
    credential = hash_token(tokens[1])
    assert room.seat_for(credential) == 1 and room.require_seat(credential) == 1
    service.execute(room_id, lambda r: r.remove(1, "left"))
    assert room.seat_for(credential) is None
    assert room.revocation(credential) == "you left seat 2"
    with pytest.raises(OutOfTurnError, match="you left seat 2"):
        room.require_seat(credential)
    with pytest.raises(OutOfTurnError, match="spectators cannot act"):
        room.require_seat(None)
    # a second remove of a seat already leaving is refused, and a bad reason too
    if 1 in room.seats:
        with pytest.raises(Exception, match="already leaving"):
            room.remove(1)
    with pytest.raises(Exception, match="a seat ends as one of"):
        room.remove(0, "vanished")
    # the revocation survives a rebuild from the log
    replayed = service._replay(room_id)
    assert replayed.revocation(credential) == "you left seat 2"
    assert replayed.seat_for(credential) is None


def test_the_next_occupant_never_sees_the_last_occupant_s_hands() -> None:
    """Past hands, the last finished hand on the table, replays and histories show a
    seat's cards only to the occupancy they were dealt to."""
    from pokerroom.server.history import hand_history_text, replay_payload

    from .helpers import play

    service = make_service()
    room_id, _host, tokens = open_table(service, game="holdem", players=2)

    def hidden_from_spectators(record: Any, seat: int) -> set[str]:
        public: set[str] = set()
        for event in record.state.events_for(None):
            public |= card_strings(to_json(event))
        cards: set[str] = set()
        for event in record.state.events:
            if seat in (getattr(event, "private_to", None) or ()):
                cards |= card_strings(to_json(event)) - public
        return cards

    bob_cards: set[str] = set()
    for turn in range(500):  # until a hand ends with Bob's cards never shown
        room = service.get(room_id).room
        last = room.hands[-1] if room.hands else None
        if last is not None and last.result is not None and room.hand is None:
            bob_cards = hidden_from_spectators(last, last.hand_seat(1) or 0)
            if bob_cards:
                break
        play(service, room_id, 1, seed=turn)
    service.execute(room_id, lambda r: r.set_paused(True))
    room = service.get(room_id).room
    record = room.hands[-1]
    assert record.result is not None and room.hand is None
    bob = record.hand_seat(1)
    assert bob is not None and bob_cards
    # while Bob holds the seat he sees his own cards
    mine = service.snapshot_for(room_id, 1, False)
    assert mine["hand"]["you"] == bob
    service.execute(room_id, lambda r: r.remove(1, "left"))
    cat = service.join(room_id, 1, "Cat")
    room = service.get(room_id).room
    assert room.seat_of(cat) == 1
    seen = service.snapshot_for(room_id, 1, False)
    assert seen["hand"]["number"] == record.number and seen["hand"]["you"] is None
    assert not card_strings(seen) & bob_cards
    replay = replay_payload(room, record.number, 1)
    assert replay["you"] is None and not card_strings(replay) & bob_cards
    text = hand_history_text(room, 1).split(f"Hand #{record.number}:")[1]
    written = set(re.findall(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])", text))
    assert not written & bob_cards, written & bob_cards
    del tokens
