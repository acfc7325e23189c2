"""The JSON API and the websocket: tokens, turns, bad input and rate limits."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from pokerroom.server.app import MAX_MESSAGE, STATIC


def new_table(client: TestClient, **settings: Any) -> dict[str, Any]:
    body = {"game": "high-card", "seats": 3, "buy_in": 100, "approval": False,
            "timer": 0, "next_hand_delay": 0, **settings}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def receive_until(ws: WebSocketTestSession, kind: str, limit: int = 50) -> dict[str, Any]:
    for _ in range(limit):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_create_join_and_play_over_http(client: TestClient) -> None:
    table = new_table(client)
    assert table["invite"] == f"/t/{table['id']}" and len(table["host_token"]) >= 32
    lobby = client.get(f"/api/tables/{table['id']}").json()
    assert lobby["table"]["announcement"].startswith("High card")
    tokens = []
    for seat, name in enumerate(("Ann", "Bob")):
        response = client.post(f"/api/tables/{table['id']}/join",
                               json={"seat": seat, "name": name})
        assert response.status_code == 200
        tokens.append(response.json()["token"])
    host = {"X-Host-Token": table["host_token"]}
    assert client.post(f"/api/tables/{table['id']}/host/start",
                       headers={"X-Host-Token": tokens[0]}).status_code == 403
    assert client.post(f"/api/tables/{table['id']}/host/start", headers=host).status_code == 200
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["hand"]["number"] == 1
    url = f"/api/tables/{table['id']}/act"
    declare = {"action": {"type": "Declare", "stay": True}}
    assert client.post(url, json=declare).status_code == 403
    assert client.post(url, json=declare,
                       headers={"Authorization": "Bearer not-a-token"}).status_code == 403
    ok = client.post(url, json=declare, headers={"Authorization": f"Bearer {tokens[0]}"})
    assert ok.status_code == 200
    again = client.post(url, json=declare, headers={"Authorization": f"Bearer {tokens[0]}"})
    assert again.status_code == 400 and "not your turn" in again.json()["detail"]
    assert client.get("/api/tables/nope").status_code == 404
    spec = client.get("/openapi.json").json()
    assert "/api/tables/{room_id}/act" in spec["paths"]


def test_websocket_hello_join_act_and_errors(client: TestClient) -> None:
    table = new_table(client)
    room = table["id"]
    with client.websocket_connect(f"/ws/{room}") as ws:
        ws.send_json({"op": "hello", "host_token": table["host_token"]})
        assert receive_until(ws, "welcome")["host"] is True
        ws.send_json({"op": "join", "seat": 0, "name": "<b>Ann</b>"})
        joined = receive_until(ws, "joined")
        ws.send_json({"op": "host", "command": "bot", "data": {"seat": 1}})
        receive_until(ws, "ok")
        ws.send_json({"op": "host", "command": "start"})
        receive_until(ws, "ok")
        state = receive_until(ws, "state")
        while not (state["hand"] and state["hand"]["legal"]):
            state = receive_until(ws, "state")
        assert state["you"]["seat"] == 0
        assert state["table"]["players"][0]["name"] == "<b>Ann</b>"
        for bad, message in ((b"{not json", "not valid JSON"),
                             (json.dumps([1, 2]).encode(), "'op'"),
                             (json.dumps({"op": "fly"}).encode(), "unknown op"),
                             (json.dumps({"op": "act", "action": {"type": "Raise",
                                                                  "to": "x"}}).encode(),
                              "whole number"),
                             (json.dumps({"op": "x", "pad": "y" * MAX_MESSAGE}).encode(),
                              "too large"),
                             (json.dumps({"op": "host", "command": "pause"}).encode(),
                              "")):
            ws.send_text(bad.decode())
            reply = receive_until(ws, "error") if message else None
            if reply is not None:
                assert message in reply["message"]
        ws.send_json({"op": "act", "action": {"type": "Declare", "stay": True}})
        assert receive_until(ws, "ok")["seq"] > 0
    with client.websocket_connect(f"/ws/{room}") as ws:
        ws.send_json({"op": "hello", "token": joined["token"]})
        welcome = receive_until(ws, "welcome")
        assert welcome["seat"] == 0 and welcome["host"] is False
        ws.send_json({"op": "host", "command": "pause"})
        assert "only the host" in receive_until(ws, "error")["message"]
        ws.send_json({"op": "hello", "token": "forged"})
        assert "not valid" in receive_until(ws, "error")["message"]


def test_a_spectator_cannot_act_and_the_connection_is_rate_limited(
        client: TestClient) -> None:
    table = new_table(client)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"op": "hello"})
        receive_until(ws, "welcome")
        ws.send_json({"op": "act", "action": {"type": "Check"}})
        assert "spectators cannot act" in receive_until(ws, "error")["message"]
        for _ in range(80):
            ws.send_json({"op": "ping"})
        replies = []
        while len(replies) < 80:
            message = ws.receive_json()
            if message["type"] in ("pong", "error"):
                replies.append(message)
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and all("too many" in r["message"] for r in limited)
        assert 30 <= sum(r["type"] == "pong" for r in replies) < 80


def test_unknown_table_on_the_websocket(client: TestClient) -> None:
    with client.websocket_connect("/ws/missing") as ws:
        assert "does not exist" in ws.receive_json()["message"]


def test_page_is_served_and_never_writes_names_as_html(client: TestClient) -> None:
    assert "Open a table" in client.get("/").text
    assert "Hand log" in client.get("/t/anything").text
    assert client.get("/static/table.js").status_code == 200
    for script in STATIC.glob("*.js"):
        text = script.read_text()
        assert "innerHTML" not in text and "insertAdjacentHTML" not in text, script.name


def test_oversized_and_malformed_http_bodies(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{" + b" " * (MAX_MESSAGE * 5) + b"}")
    assert response.status_code == 413
    response = client.post("/api/tables", content=b"not json")
    assert response.status_code == 400 and "JSON" in response.json()["detail"]
    response = client.post("/api/tables", json={"game": "high-card", "seats": 99})
    assert response.status_code == 400 and "seats" in response.json()["detail"]


def test_histories_and_replays_show_a_seat_only_what_it_saw(client: TestClient) -> None:
    from .wsplayer import choose

    table = new_table(client, game="holdem", seats=2, buy_in=500)
    room = table["id"]
    tokens = [client.post(f"/api/tables/{room}/join", json={"seat": s, "name": f"P{s}"})
              .json()["token"] for s in range(2)]
    client.post(f"/api/tables/{room}/host/start", headers={"X-Host-Token": table["host_token"]})
    rng = random.Random(4)
    headers = [{"Authorization": f"Bearer {t}"} for t in tokens]
    for _ in range(200):
        views = [client.get(f"/api/tables/{room}/me", headers=h).json() for h in headers]
        if views[0]["table"]["hands_played"] >= 3:
            break
        actor = next((i for i, v in enumerate(views) if v["hand"] and v["hand"]["legal"]),
                     None)
        if actor is None:
            continue
        reply = client.post(f"/api/tables/{room}/act", headers=headers[actor],
                            json={"action": choose(views[actor], rng)})
        assert reply.status_code == 200, reply.text
    assert client.get(f"/api/tables/{room}/me").status_code == 403
    service = client.app.state.service  # type: ignore[attr-defined]
    record = service.get(room).room.hands[0]
    text = client.get(f"/api/tables/{room}/history.txt", headers=headers[0]).text
    assert "Hand #1" in text and "Hand #3" in text
    # PHH: the spectator's copy hides every hole card never shown; the seat's shows its own
    phh_mine = client.get(f"/api/tables/{room}/history.phh", headers=headers[0]).text
    phh_public = client.get(f"/api/tables/{room}/history.phh").text
    assert 'variant = "NT"' in phh_public
    first = record.state.events
    dealt = [e for e in first if getattr(e, "private_to", None)]
    hidden_from_spectators = {c for e in dealt for c in _cards_of(e)}
    shown = {c for e in first if getattr(e, "private_to", None) is None for c in _cards_of(e)}
    secret = hidden_from_spectators - shown
    hand_one = phh_public.split("# hand 2")[0]
    assert secret and not any(card in hand_one for card in secret)
    own = {c for e in dealt if 0 in (e.private_to or ()) for c in _cards_of(e)}
    assert all(card in phh_mine.split("# hand 2")[0] for card in own)
    replay = client.get(f"/api/tables/{room}/hands/1", headers=headers[1]).json()
    assert replay["number"] == 1 and replay["steps"] and replay["you"] == 1
    lines = [line for step in replay["steps"] for line in step["lines"]]
    assert any("P1" in line for line in lines)
    assert client.get(f"/api/tables/{room}/hands/99").status_code == 400


def _cards_of(event: object) -> set[str]:
    from pokerroom.server.codec import card_strings, to_json

    data = to_json(event)
    data.pop("private_to", None)
    return card_strings(data)


def test_a_history_reveals_no_card_spelled_inside_a_word() -> None:
    """A spectator's PHH shows no hole card that was never shown, even when the card's
    notation is spelled inside an event's name (the "Ac" of "PlayerActed")."""
    import re

    from pokerroom.history.redaction import card_slots
    from pokerroom.server.codec import card_strings, to_json
    from pokerroom.server.history import hand_history_phh

    from .helpers import make_service, open_table, play

    service = make_service()
    room_id, _host, _tokens = open_table(service, game="holdem", players=2)
    play(service, room_id, actions=80)
    room = service.get(room_id).room
    documents = hand_history_phh(room, None).split("# hand ")[1:]
    finished = [r for r in room.hands if r.result is not None]
    assert len(finished) >= 3 and len(documents) == len(finished)
    for record, document in zip(finished, documents, strict=True):
        public = set()
        for event in record.state.events_for(None):
            public |= card_strings(to_json(event))
        every = set()
        for event in record.state.events:
            every |= card_strings(to_json(event))
        # the table's id is random letters and digits, which may spell a card ("9hWy...")
        text = re.sub(r'^table = ".*"$', "", document, flags=re.MULTILINE)
        written = set(re.findall(r"[2-9TJQKA][cdhs]", text))
        assert written <= public, f"hand {record.number} shows {written - public}"
        acted = any(type(e).__name__ == "PlayerActed" for e in record.state.events)
        if acted and "Ac" not in public:
            assert "Ac" not in {repr(s.card) for s in card_slots(record.state, None)
                                if s.seen}
        assert every >= public
