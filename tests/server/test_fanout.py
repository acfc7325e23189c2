"""Two server processes on one PostgreSQL database, with no sticky routing: a move made
through one reaches the players connected to the other at once (PostgreSQL's
notifications, not the slow catch-up poll), and when one process is killed in the
middle of a hand the other carries the table on with nothing lost."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .conftest import ServerProcess
from .wsplayer import choose

HTTP = httpx.Client(timeout=30, limits=httpx.Limits(max_keepalive_connections=0))
"""Waits up to 30 s for an answer: on a loaded machine, the first action a new server
plays (its game warming up) can take longer than httpx's usual 5 s, and no test here is
about that. No connection is kept: the servers are killed and started again."""

# the catch-up poll runs only once a minute here, so only a notification can explain a
# move showing up on the other process within a few seconds
SLOW_POLL = ("--shared", "--listen-poll", "60", "--bot-delay", "0", "--rate", "1000")


def frames_until(ws: ClientConnection, test: Any, seconds: float = 5.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            frame: dict[str, Any] = json.loads(ws.recv(timeout=0.1))
        except TimeoutError:
            continue
        if frame.get("type") == "state" and test(frame):
            return frame
    raise AssertionError(f"no such frame within {seconds} s")


def two_player_table(server: ServerProcess) -> tuple[str, str, list[str]]:
    table = HTTP.post(server.url + "/api/tables", json={
        "game": "holdem", "seats": 2, "buy_in": 1000, "approval": False, "timer": 0,
        "next_hand_delay": 0}).json()
    tokens = [HTTP.post(f"{server.url}/api/tables/{table['id']}/join",
                         json={"seat": s, "name": f"P{s}"}).json()["token"] for s in range(2)]
    return table["id"], table["host_token"], tokens


def test_a_move_through_one_process_reaches_the_other_at_once(
        postgres_database: str, server_factory: type[ServerProcess]) -> None:
    a = server_factory(postgres_database, extra=SLOW_POLL).start()
    b = server_factory(postgres_database, extra=SLOW_POLL).start()
    room_id, host, tokens = two_player_table(a)
    with connect(b.url.replace("http", "ws") + f"/ws/{room_id}") as watcher:
        watcher.send(json.dumps({"op": "hello", "token": tokens[1]}))
        HTTP.post(f"{a.url}/api/tables/{room_id}/host/start",
                   headers={"X-Host-Token": host})
        frame = frames_until(watcher, lambda f: f["hand"] is not None)
        waits = []
        for _ in range(6):
            actor = frame["table"]["actors"][0] if frame["table"]["actors"] else None
            if actor is None or frame["hand"]["over"]:
                break
            view = HTTP.get(f"{a.url}/api/tables/{room_id}/me",
                             headers={"Authorization": f"Bearer {tokens[actor]}"}).json()
            action = choose(view, random.Random(actor))
            sent = time.monotonic()
            reply = HTTP.post(f"{a.url}/api/tables/{room_id}/act", json={"action": action},
                               headers={"Authorization": f"Bearer {tokens[actor]}"})
            assert reply.status_code == 200, reply.text
            seq = reply.json()["seq"]
            frame = frames_until(watcher, lambda f, seq=seq: f["seq"] >= seq)
            waits.append(time.monotonic() - sent)
        assert waits, "no move was made"
    # what the second process shows is the log: the same table as the first one's
    assert HTTP.get(f"{b.url}/api/tables/{room_id}").json()["seq"] == \
        HTTP.get(f"{a.url}/api/tables/{room_id}").json()["seq"]


def test_killing_one_process_mid_hand_the_other_carries_the_table_on(
        postgres_database: str, server_factory: type[ServerProcess]) -> None:
    a = server_factory(postgres_database, extra=SLOW_POLL).start()
    b = server_factory(postgres_database, extra=SLOW_POLL).start()
    room_id, host, tokens = two_player_table(a)
    HTTP.post(f"{a.url}/api/tables/{room_id}/host/start", headers={"X-Host-Token": host})
    rng = random.Random(3)
    acked: list[int] = []

    def play(server: ServerProcess, moves: int) -> None:
        for _ in range(moves):
            state = HTTP.get(f"{server.url}/api/tables/{room_id}").json()
            actors = state["table"]["actors"]
            if not actors:
                time.sleep(0.05)
                continue
            headers = {"Authorization": f"Bearer {tokens[actors[0]]}"}
            view = HTTP.get(f"{server.url}/api/tables/{room_id}/me", headers=headers).json()
            action = choose(view, rng)
            if action is None:
                continue
            reply = HTTP.post(f"{server.url}/api/tables/{room_id}/act", headers=headers,
                               json={"action": action})
            if reply.status_code == 200:
                acked.append(reply.json()["seq"])

    # moves alternate between the processes, then one dies in the middle of a hand
    play(a, 3)
    play(b, 3)
    while HTTP.get(f"{a.url}/api/tables/{room_id}").json()["hand"]["over"]:
        play(a, 1)
    a.kill()
    with connect(b.url.replace("http", "ws") + f"/ws/{room_id}") as ws:
        ws.send(json.dumps({"op": "hello", "token": tokens[0]}))
        frames_until(ws, lambda f: f["hand"] is not None)
        played_before = HTTP.get(f"{b.url}/api/tables/{room_id}").json()["table"][
            "hands_played"]
        for _ in range(200):
            play(b, 1)
            if HTTP.get(f"{b.url}/api/tables/{room_id}").json()["table"][
                    "hands_played"] >= played_before + 2:
                break
    state = HTTP.get(f"{b.url}/api/tables/{room_id}").json()
    assert state["table"]["hands_played"] >= played_before + 2
    store = Store(postgres_database)
    seqs = [e.seq for e in store.events(room_id)]
    assert seqs == list(range(1, len(seqs) + 1))
    assert set(acked) <= set(seqs), "an acknowledged move is missing from the log"
    room = RoomService(store, Timing(warm_up=False))._replay(room_id)
    # seat stacks change when a hand settles; in a hand, count its stacks and its pot
    hand = room.hand
    chips = (sum(info.stack for info in room.seats.values()) if hand is None
             else sum(hand.state.stacks) + hand.state.pot)  # type: ignore[attr-defined]
    assert chips == 2000
    store.close()
