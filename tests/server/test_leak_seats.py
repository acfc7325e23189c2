"""No frame shows a card its reader may not know while seats change hands on open
connections: a guest is turned away, a player is removed, another leaves, both sit down
again elsewhere, and bots fill what is empty, all while every connection stays open.

Who may know what is decided from the stored log alone, never from the frame: a
connection holds the seat its token was given from the ``seat`` event to the ``remove``
event of that occupancy, and is a spectator before and after. Each frame carries the
sequence number of the table state it shows, so its reader's seat at that moment is
known, and the cards it may hold are those the hand's log so far shows that seat.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from pokerroom.server.room import hash_token
from pokerroom.server.storage import Store

from .conftest import ServerProcess
from .test_leak import allowed_cards, cards_in, hand_logs
from .wsplayer import choose


class Guest:
    """One open websocket, its tokens over time and every state frame it was sent."""

    def __init__(self, url: str, name: str) -> None:
        self.socket: ClientConnection = connect(url)
        self.name = name
        self.tokens: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self.waiting = False
        self.notices: list[str] = []
        self.socket.send(json.dumps({"op": "hello"}))

    def join(self, seat: int) -> None:
        self.waiting = True
        self.socket.send(json.dumps({"op": "join", "seat": seat, "name": self.name}))

    def send(self, message: dict[str, Any]) -> None:
        self.waiting = True
        self.socket.send(json.dumps(message))

    def poll(self, rng: random.Random) -> dict[str, Any] | None:
        try:
            frame: dict[str, Any] = json.loads(self.socket.recv(timeout=0.005))
        except TimeoutError:
            return None
        kind = frame.get("type")
        if kind in ("ok", "error", "joined"):
            self.waiting = False
            if kind == "joined":
                self.tokens.append(frame["token"])
            if kind == "error" and self.last is not None:
                frame = self.last  # refused (e.g. the seat was just taken back): look again
            else:
                return frame
        elif kind == "revoked":
            self.notices.append(frame["message"])
            return frame
        elif kind != "state":
            return frame
        else:
            self.frames.append(frame)
            self.last = frame
        hand = frame.get("hand")
        if hand and hand["legal"] and not self.waiting:
            action = choose(frame, rng)
            if action is not None:
                self.send({"op": "act", "action": action})
        return frame


def occupancies(store: Store, room_id: str) -> dict[str, list[tuple[int, int, float]]]:
    """For each token hash: the (seat, first seq, seq it ended) of its occupancy."""
    held: dict[str, list[tuple[int, int, float]]] = {}
    open_seats: dict[int, tuple[str, int]] = {}
    for stored in store.events(room_id):
        if stored.kind == "seat":
            open_seats[stored.payload["seat"]] = (stored.payload["token_hash"], stored.seq)
        elif stored.kind == "remove":
            token_hash, start = open_seats.pop(stored.payload["seat"])
            held.setdefault(token_hash, []).append((stored.payload["seat"], start,
                                                    stored.seq))
    for seat, (token_hash, start) in open_seats.items():
        held.setdefault(token_hash, []).append((seat, start, float("inf")))
    return held


def seat_at(guest: Guest, held: dict[str, list[tuple[int, int, float]]],
            seq: int) -> int | None:
    for token in guest.tokens:
        for seat, start, end in held.get(hash_token(token), []):
            if start <= seq < end:
                return seat
    return None


@pytest.mark.rule("herbie-3.1", "guts-5.1-simultaneous")
@pytest.mark.parametrize("game", ["holdem", "guts2"])
def test_no_frame_leaks_while_seats_change_hands_on_open_connections(
        tmp_path: Path, server_factory: type[ServerProcess], game: str) -> None:
    database = f"sqlite:///{tmp_path / 'seats.sqlite3'}"
    server = server_factory(database, extra=("--bot-delay", "0", "--rate", "1000")).start()
    base = server.url
    table = httpx.post(base + "/api/tables", json={
        "game": game, "seats": 4, "buy_in": 100000, "approval": True, "timer": 0,
        "next_hand_delay": 0}).json()
    room_id = table["id"]
    host = {"X-Host-Token": table["host_token"]}

    def command(name: str, **data: Any) -> None:
        reply = httpx.post(f"{base}/api/tables/{room_id}/host/{name}", headers=host,
                           json=data)
        assert reply.status_code == 200, reply.text

    url = base.replace("http", "ws") + f"/ws/{room_id}"
    ann, bob, cleo, dee = (Guest(url, n) for n in ("Ann", "Bob", "Cleo", "Dee"))
    guests = [ann, bob, cleo, dee]
    watcher = Guest(url, "watcher")
    rng = random.Random(7)

    def pump(seconds: float = 0.3) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for guest in [*guests, watcher]:
                guest.poll(rng)

    for seat, guest in enumerate(guests):
        guest.join(seat)
    pump()
    assert all(g.tokens for g in guests), "every guest should hold a seat request"
    for seat in range(3):
        command("approve", seat=seat)
    command("remove", seat=3)  # Dee is turned away
    command("fill")
    command("start")
    steps = {2: "remove-bob", 3: "cleo-leaves", 4: "dee-sits", 5: "cleo-sits", 6: "fill"}
    done: set[str] = set()
    deadline = time.monotonic() + 240
    played = 0
    # until nine hands are played and every step is taken (a step may wait for its seat
    # to be free, and the bots play on meanwhile)
    while (played < 9 or done != set(steps.values())) and time.monotonic() < deadline:
        pump(0.05)
        state = httpx.get(f"{base}/api/tables/{room_id}").json()
        played = state["table"]["hands_played"]
        taken = {p["seat"] for p in state["table"]["players"]}
        for at, step in steps.items():
            if played < at or step in done:
                continue
            if step == "remove-bob":
                command("remove", seat=1)
            elif step == "cleo-leaves":
                cleo.send({"op": "leave"})
            elif step == "dee-sits":
                if 1 in taken:
                    continue  # Bob is cashed out when his last hand ends
                dee.join(1)
                pump()
                command("approve", seat=1)
            elif step == "cleo-sits":
                if 2 in taken:
                    continue
                cleo.join(2)
                pump()
                command("approve", seat=2)
            else:
                command("fill")
            done.add(step)
    pump(0.5)
    for guest in [*guests, watcher]:
        guest.socket.close()
    assert played >= 9 and done == set(steps.values()), (played, done,
                                                          server.log_text()[-2000:])
    assert any("turned down" in n for n in dee.notices)
    assert any("removed you" in n for n in bob.notices)
    assert any("you left" in n for n in cleo.notices)

    store = Store(database)
    held = occupancies(store, room_id)
    logs = hand_logs(store, room_id)
    checked = demoted = 0
    for guest in [*guests, watcher]:
        for frame in guest.frames:
            reader = seat_at(guest, held, frame["seq"])
            assert frame["you"]["seat"] == reader, (guest.name, frame["seq"])
            hand = frame.get("hand")
            if hand is None:
                continue
            seat = hand["lineup"].index(reader) if reader in hand["lineup"] else None
            assert hand["you"] == seat
            if seat is None:
                assert hand["legal"] == []
            allowed = allowed_cards(logs[hand["number"]], hand["events"], seat)
            leaked = cards_in(hand) - allowed
            assert not leaked, (f"{guest.name} (seat {reader}) was sent {sorted(leaked)} "
                                f"of hand {hand['number']}")
            checked += 1
            demoted += guest.tokens != [] and reader is None
    assert checked > 100 and demoted > 10
