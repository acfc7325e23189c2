"""No websocket frame ever shows a seat (or a spectator) another seat's hidden card.

Real servers in their own processes, real websocket clients: three or four seats are
played by scripted clients with random legal actions (bots fill the rest), and a
spectator watches. Every frame each client receives is recorded. Afterwards the
tables are rebuilt from the database and, for every frame, the cards that its reader
could know at that moment (every card in the hand's log so far as the game redacts it
for that seat) are compared with every card the frame's hand contains: its view, its
table picture, its narrated log and its options. The table-level text (names, the
house-rule announcement) holds no card of any hand. The seats and the spectator chat
now and then, and every frame carrying the chat is scanned as well: it holds no card.
The tables allow the rabbit hunt, and in the board games a seat asks for it whenever it
is offered: the cards it shows are none the hand dealt to anyone, so a frame may show
them besides what its reader could know, and nothing else. A hold'em table with
straddles and a bomb pot every other hand is scanned the same way, each seat ticking
*Straddle* as soon as it is offered; every hand's chips add up, and the ledger too.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from pokerroom.core import HandState
from pokerroom.games import all_games
from pokerroom.server.codec import card_strings, to_json
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .conftest import ServerProcess
from .wsplayer import choose

WATCHER = "leak-test-watcher"
CHAT = ("good luck", "nice hand", "I fold too much", "<b>all in</b> & more", "brb")
"""Chat lines the clients post now and then (the spectator as "Watcher")."""
CHAT_SHARE = 0.2
CARD_IN_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def cards_in(frame: Any) -> set[str]:
    found = card_strings(frame)
    stack = [frame]
    while stack:
        item = stack.pop()
        if isinstance(item, str) and len(item) > 2:
            found.update(CARD_IN_TEXT.findall(item))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def hand_logs(store: Store, room_id: str) -> dict[int, HandState]:
    """Each hand, rebuilt from the stored log by replaying it (the privileged record)."""
    room = RoomService(store, Timing())._replay(room_id)
    return {record.number: record.state for record in room.hands}


def allowed_cards(state: HandState, upto: int, seat: int | None) -> set[str]:
    """Cards the first ``upto`` events show ``seat`` (the game's own redaction)."""
    allowed: set[str] = set()
    for event in state.events[:upto]:
        allowed |= cards_in(to_json(event.for_seat(seat)))
    return allowed


def private_cards(state: HandState) -> int:
    """How many cards the hand dealt that some seat may not see."""
    hidden = set()
    for event in state.events:
        hidden |= cards_in(to_json(event)) - cards_in(to_json(event.for_seat(None)))
    return len(hidden)


def play_and_record(server: ServerProcess, game: str, humans: int, seats: int,
                    hands: int, seed: int, **settings: Any
                    ) -> tuple[str, list[tuple[int | None, dict[str, Any]]]]:
    rng = random.Random(seed)
    base = server.url
    table = httpx.post(base + "/api/tables", json={
        "game": game, "seats": seats, "buy_in": 100000, "approval": False, "timer": 0,
        # in the board games a moment between hands to ask for the rabbit hunt
        "next_hand_delay": 0.3 if game in BOARD_GAMES else 0, "rabbit_hunt": True,
        # and an all-in pot there is asked to run it twice
        "run_it_twice": game in BOARD_GAMES, **settings}).json()
    room_id = table["id"]
    tokens = [httpx.post(f"{base}/api/tables/{room_id}/join",
                         json={"seat": s, "name": f"P{s}"}).json()["token"]
              for s in range(humans)]
    host = {"X-Host-Token": table["host_token"]}
    httpx.post(f"{base}/api/tables/{room_id}/host/fill", headers=host)
    ws_url = base.replace("http", "ws") + f"/ws/{room_id}"
    clients = [connect(ws_url) for _ in range(humans + 1)]
    for client, token in zip(clients, [*tokens, None], strict=True):
        client.send(json.dumps({"op": "hello", "token": token, "watcher": WATCHER}))
    httpx.post(f"{base}/api/tables/{room_id}/host/start", headers=host)
    frames: list[tuple[int | None, dict[str, Any]]] = []
    waiting: set[int] = set()
    last: dict[int, dict[str, Any]] = {}
    deadline = time.monotonic() + 300
    finished = 0
    topped: set[tuple[int, int]] = set()
    straddling: set[int] = set()
    while finished < hands and time.monotonic() < deadline:
        for index, client in enumerate(clients):
            seat = index if index < humans else None
            try:
                raw = client.recv(timeout=0.005)
            except TimeoutError:
                continue
            frame = json.loads(raw)
            if str(frame.get("id", "")).startswith(("chat", "rabbit", "straddle")):
                continue  # the answer to a chat line or a rabbit hunt (or its refusal)
            if frame.get("type") == "state" and rng.random() < CHAT_SHARE:
                client.send(json.dumps({"op": "chat", "id": f"chat{len(frames)}",
                                        "name": "Watcher", "text": rng.choice(CHAT)}))
            if frame.get("type") in ("ok", "error") and seat is not None:
                waiting.discard(seat)
            if frame.get("type") == "error" and seat is not None and seat in last:
                frame = last[seat]  # refused (e.g. openers broken): choose again
            elif frame.get("type") != "state":
                continue
            else:
                frames.append((seat, frame))
                if seat is not None:
                    last[seat] = frame
            finished = max(finished, frame["table"]["hands_played"])
            offer = frame["table"].get("straddle")
            if seat is not None and offer and not offer["on"] and seat not in straddling:
                straddling.add(seat)   # ticks Straddle as soon as it is offered
                client.send(json.dumps({"op": "straddle", "on": True,
                                        "id": f"straddle{len(frames)}"}))
            if seat is not None and frame["table"].get("rabbit_offer"):
                client.send(json.dumps({"op": "rabbit", "id": f"rabbit{len(frames)}"}))
            if seat is None:  # the host tops up a busted player, so play goes on
                for player in frame["table"]["players"]:
                    if player["stack"] == 0 and (player["seat"], finished) not in topped:
                        topped.add((player["seat"], finished))
                        httpx.post(f"{base}/api/tables/{room_id}/host/topup", headers=host,
                                   json={"seat": player["seat"], "amount": 100000})
            hand = frame.get("hand")
            twice = (hand or {}).get("twice") or {}
            if seat is not None and seat in twice.get("waiting", ()) and seat not in waiting:
                waiting.add(seat)        # asked to run it twice: most agree
                client.send(json.dumps({"op": "act", "action": {
                    "type": "run_twice", "agree": rng.random() < 0.8}}))
                continue
            if seat is None or not hand or not hand["legal"] or seat in waiting:
                continue
            action = choose(frame, rng)
            if action is not None:
                waiting.add(seat)
                client.send(json.dumps({"op": "act", "action": action}))
    for client in clients:
        client.close()
    stuck = {seat: ((frame.get("hand") or {}).get("legal"), frame["table"]["actors"])
             for seat, frame in last.items()}
    assert finished >= hands, (f"only {finished} hands of {game} were played; waiting for "
                               f"an answer: {sorted(waiting)}; last seen: {stuck}; "
                               f"server log: {server.log_text()[-3000:]}")
    return room_id, frames


def dealt_cards(state: HandState) -> set[str]:
    """Every card the hand dealt to anyone (the privileged record)."""
    dealt: set[str] = set()
    for event in state.events:
        dealt |= cards_in(to_json(event))
    return dealt


def check_frames(store: Store, room_id: str,
                 frames: list[tuple[int | None, dict[str, Any]]]) -> tuple[int, int, int]:
    """How many frames with a hand, how many carrying chat lines and how many showing a
    rabbit hunt were checked."""
    logs = hand_logs(store, room_id)
    checked = chats = rabbits = 0
    for room_seat, frame in frames:
        if "chat" in frame and frame["chat"]["lines"]:
            # the chat holds what people typed, and no card of any hand
            assert not cards_in(frame["chat"]), f"a chat frame holds {cards_in(frame['chat'])}"
            chats += 1
        hand = frame.get("hand")
        if hand is None:
            continue
        seat = hand["lineup"].index(room_seat) if room_seat in hand["lineup"] else None
        assert hand["you"] == seat
        allowed = allowed_cards(logs[hand["number"]], hand["events"], seat)
        if "rabbit" in hand:
            # the rabbit hunt shows cards nobody was dealt: none of the hand's own
            rabbit = set(hand["rabbit"]["cards"])
            assert rabbit and not rabbit & dealt_cards(logs[hand["number"]]), (
                f"hand {hand['number']}: the rabbit hunt showed a dealt card")
            allowed |= rabbit
            rabbits += 1
        leaked = cards_in(hand) - allowed
        assert not leaked, (f"hand {hand['number']}: seat {room_seat} was sent "
                            f"{sorted(leaked)} it may not see")
        checked += 1
    return checked, chats, rabbits


def available(name: str) -> bool:
    return name in {entry.name for entry in all_games()}


BOARD_GAMES = ("holdem", "omaha", "omaha-hilo")
"""The games with a board, where a hand won without a showdown has a rabbit to hunt."""
SLOW = pytest.mark.exhaustive
GAMES = [("holdem", 3, 4, 20), ("herbie", 3, 5, 10),
         ("guts2", 3, 4, 20), ("three-card-poker", 2, 3, 15),
         pytest.param("stud", 2, 4, 12, marks=SLOW),
         pytest.param("lowball-27-triple", 2, 3, 10, marks=SLOW),
         pytest.param("jacks-or-better", 2, 4, 10, marks=SLOW),
         pytest.param("omaha-hilo", 2, 3, 10, marks=SLOW),
         pytest.param("guts3", 2, 4, 15, marks=SLOW),
         pytest.param("hearts-poker", 3, 4, 8, marks=SLOW)]


@pytest.mark.rule("herbie-3.1", "guts-5.1-simultaneous")
@pytest.mark.parametrize("game, humans, seats, hands", GAMES)
def test_no_frame_shows_another_seats_hidden_card(
        tmp_path: Path, server_factory: type[ServerProcess], game: str, humans: int,
        seats: int, hands: int) -> None:
    if not available(game):
        pytest.skip(f"{game} is not in the catalog yet")
    database = f"sqlite:///{tmp_path / 'leak.sqlite3'}"
    server = server_factory(database, extra=("--bot-delay", "0", "--rate", "1000")).start()
    seed = sum(map(ord, game)) % 97  # stable across processes, unlike hash()
    room_id, frames = play_and_record(server, game, humans, seats, hands, seed=seed)
    store = Store(database)
    checked, chats, rabbits = check_frames(store, room_id, frames)
    assert checked > hands and chats > hands
    if game == "holdem":
        assert rabbits, "no rabbit hunt was shown: the test would prove nothing of it"
    hidden = sum(private_cards(state) for state in hand_logs(store, room_id).values())
    assert hidden > hands, "the game dealt no hidden card: the test would prove nothing"


@pytest.mark.rule("supp-blinds")
def test_straddles_and_bomb_pots_show_no_hidden_card(
        tmp_path: Path, server_factory: type[ServerProcess]) -> None:
    """Hold'em with the Mississippi straddle and a bomb pot every other hand: no frame
    shows a card its reader may not see, every hand's chips add up and the ledger
    balances."""
    from pokerroom.engine.events import ForcedBet
    from pokerroom.engine.extras import BOMB_POT, STRADDLE
    from pokerroom.engine.state import PokerHand

    from .test_room_money_time import assert_ledger_balances

    database = f"sqlite:///{tmp_path / 'extras.sqlite3'}"
    server = server_factory(database, extra=("--bot-delay", "0", "--rate", "1000")).start()
    room_id, frames = play_and_record(server, "holdem", 3, 5, 16, seed=37,
                                      straddle="mississippi", bomb_pot=50,
                                      bomb_pot_every=2)
    store = Store(database)
    checked, _chats, _rabbits = check_frames(store, room_id, frames)
    assert checked > 16
    logs = hand_logs(store, room_id)
    kinds: list[set[str]] = []
    for state in logs.values():
        assert isinstance(state, PokerHand)
        kinds.append({e.kind for e in state.events if isinstance(e, ForcedBet)})
        assert state.total_chips == sum(state.start_stacks)      # chips conserved
    bombs = [number for number, state in logs.items() if BOMB_POT in kinds[number - 1]]
    assert bombs and all(number % 2 == 0 for number in bombs)
    assert any(STRADDLE in k for k in kinds), "no straddle: the test would prove nothing"
    room = RoomService(store, Timing())._replay(room_id)
    assert_ledger_balances(room)
