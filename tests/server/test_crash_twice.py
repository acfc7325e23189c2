"""A kill -9 during a run-it-twice decision (issue 37, "Must show"): the server is killed
while the players in an all-in pot are deciding, one of them having agreed; started
again on the same database, the table is where it was: the same question, the same
answers, the clocks as they were (the outage not counted), the same chips; and the
hand then goes on to be run twice with the chips conserved."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

from .conftest import ServerProcess
from .test_crash import seat_frame

HTTP = httpx.Client(timeout=30, limits=httpx.Limits(max_keepalive_connections=0))
"""Waits up to 30 s for an answer: on a loaded machine, the first action a new server
plays (its game warming up) can take longer than httpx's usual 5 s, and no test here is
about that. No connection is kept: the servers are killed and started again."""


def act(server: ServerProcess, room_id: str, token: str, action: dict[str, Any]) -> None:
    # a generous timeout: the first showdown of a fresh process loads the evaluators
    reply = HTTP.post(f"{server.url}/api/tables/{room_id}/act", json={"action": action},
                       headers={"Authorization": f"Bearer {token}"}, timeout=120)
    assert reply.status_code == 200, reply.text


def same_table(old: dict[str, Any], new: dict[str, Any]) -> None:
    """Two snapshots of one reader show the same table, hand, answers and chips."""
    assert new["seq"] >= old["seq"]
    assert new["table"]["players"] == old["table"]["players"]
    assert new["table"]["actors"] == old["table"]["actors"]
    assert new["hand"]["log"] == old["hand"]["log"]
    assert new["hand"]["twice"] == old["hand"]["twice"]
    assert new["hand"]["picture"] == old["hand"]["picture"]
    assert new["ledger"] == old["ledger"]
    assert new["you"] == old["you"]


def test_kill_9_during_a_run_it_twice_decision_keeps_the_question_the_clocks_and_the_chips(
        tmp_path: Path, server_factory: type[ServerProcess]) -> None:
    database = f"sqlite:///{tmp_path / 'twice.sqlite3'}"
    server = server_factory(database).start()
    base = server.url
    table = HTTP.post(base + "/api/tables", json={
        "game": "holdem", "seats": 2, "buy_in": 300, "approval": False, "timer": 40,
        "next_hand_delay": 0, "run_it_twice": True}).json()
    room_id = table["id"]
    host = {"X-Host-Token": table["host_token"]}
    tokens = [HTTP.post(f"{base}/api/tables/{room_id}/join",
                         json={"seat": s, "name": f"P{s}"}).json()["token"] for s in range(2)]
    HTTP.post(f"{base}/api/tables/{room_id}/host/start", headers=host)
    # the first to act goes all in, the other calls: the question is asked
    for moves in range(2):
        deadline = time.monotonic() + 20
        while True:
            frames = [seat_frame(server, room_id, token) for token in tokens]
            mover = next((i for i, f in enumerate(frames)
                          if f["hand"] is not None and f["hand"]["legal"]), None)
            if mover is not None:
                break
            assert time.monotonic() < deadline, "nobody was to act"
            time.sleep(0.1)
        legal = {o["type"]: o for o in frames[mover]["hand"]["legal"]}
        act(server, room_id, tokens[mover], {"type": "Raise",
                                             "to": legal["RaiseOption"]["max_to"]}
            if moves == 0 else {"type": "Call"})
    asked = seat_frame(server, room_id, tokens[0])
    assert asked["hand"]["twice"]["state"] == "asked"
    assert asked["hand"]["twice"]["waiting"] == [0, 1] == asked["table"]["actors"]
    act(server, room_id, tokens[1], {"type": "run_twice", "agree": True})
    time.sleep(1.0)                                  # a heartbeat or two while deciding
    before = [seat_frame(server, room_id, token) for token in tokens]
    left = before[0]["table"]["clock"]["0"]
    assert set(before[0]["table"]["clock"]) == {"0"} and 30 < left <= 40
    assert before[0]["hand"]["twice"]["agreed"] == ["P1"]
    server.kill()                                     # SIGKILL: no shutdown handler runs
    time.sleep(3.0)                                   # the outage

    again = server_factory(database).start()
    after = [seat_frame(again, room_id, token) for token in tokens]
    for old, new in zip(before, after, strict=True):
        same_table(old, new)
        # within a heartbeat, the half second a shown clock may be old and the restart
        # itself: the 3 s the server was down are not counted
        assert left - 2.0 <= new["table"]["clock"]["0"] <= left + 1.0
    assert after[0]["hand"]["twice"] == {"state": "asked", "waiting": [0], "agreed": ["P1"],
                                         "refused": []}
    assert not any(f["hand"]["over"] for f in after)

    # paused in the middle of the question: a second kill keeps the held clock exactly
    assert HTTP.post(f"{again.url}/api/tables/{room_id}/host/pause",
                      headers=host).status_code == 200
    held = [seat_frame(again, room_id, token) for token in tokens]
    again.kill()
    third = server_factory(database).start()
    restored = [seat_frame(third, room_id, token) for token in tokens]
    for old, new in zip(held, restored, strict=True):
        same_table(old, new)
        assert new["table"]["paused"] and new["table"]["clock"] == old["table"]["clock"]
    refused = HTTP.post(f"{third.url}/api/tables/{room_id}/act",
                         json={"action": {"type": "run_twice", "agree": True}},
                         headers={"Authorization": f"Bearer {tokens[0]}"})
    assert refused.status_code == 400 and "paused by the host" in refused.json()["detail"]
    assert HTTP.post(f"{third.url}/api/tables/{room_id}/host/resume",
                      headers=host).status_code == 200
    act(third, room_id, tokens[0], {"type": "run_twice", "agree": True})
    deadline = time.monotonic() + 20
    while not (done := seat_frame(third, room_id, tokens[0]))["table"]["hands_played"]:
        assert time.monotonic() < deadline, "the hand never ended"
        time.sleep(0.1)
    hand = done["hand"] if done["hand"]["number"] == 1 else None
    if hand is not None:
        assert hand["twice"]["state"] == "twice" and len(hand["twice"]["boards"]) == 2
        assert any("Hand was run twice" in line for line in hand["result"]["summary"])
    balances = done["ledger"]["balances"]
    assert sum(b["holding"] for b in balances) == sum(b["bought"] for b in balances) == 600
