"""Chat at the table: who may post, the limits, the host's mute, and a chat that is
kept with the table's events (a restart keeps it; a past hand's replay shows it)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.errors import ConfigError
from pokerroom.server.chat import CHAT_BURST, MAX_CHAT, chat_author
from pokerroom.server.config import RoomConfig
from pokerroom.server.room import hash_token
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .helpers import FakeClock, make_service, open_table, play
from .test_seat_ownership import Tab, new_table

WATCHER = "w" * 20


def chat_lines(service: RoomService, room_id: str) -> list[dict[str, Any]]:
    return list(service.snapshot_for(room_id, None, False)["chat"]["lines"])


def refused(service: RoomService, room_id: str, words: str, **kwargs: Any) -> None:
    """The post is refused with ``words`` and stores nothing."""
    before = service.get(room_id).room.seq
    with pytest.raises(ConfigError, match=words):
        service.chat(room_id, **kwargs)
    assert service.get(room_id).room.seq == before


def test_a_player_s_line_is_posted_under_the_seat_s_name_and_shown_to_everyone() -> None:
    service = make_service()
    room_id, _host, tokens = open_table(service, players=2)
    service.chat(room_id, hash_token(tokens[1]), "  good   luck\n all ")
    line = chat_lines(service, room_id)[-1]
    assert (line["name"], line["role"], line["text"]) == ("Player 2", "player", "good luck all")
    assert line["author"] == chat_author(hash_token(tokens[1]))
    for seat in (None, 0, 1):  # a seat, the other seat and a spectator see the same chat
        assert service.snapshot_for(room_id, seat, False)["chat"]["lines"][-1] == line
    service.chat(room_id, None, "welcome", host=True)
    assert chat_lines(service, room_id)[-1]["name"] == "Host"


def test_a_line_is_text_within_the_length_and_refused_otherwise_in_words() -> None:
    service = make_service()
    room_id, _host, tokens = open_table(service, players=2)
    me = hash_token(tokens[0])
    refused(service, room_id, "cannot be empty", credential=me, text=" \n\t ")
    refused(service, room_id, f"at most {MAX_CHAT} characters; this one has {MAX_CHAT + 1}",
            credential=me, text="x" * (MAX_CHAT + 1))
    refused(service, room_id, "is text", credential=me, text={"html": "<b>hi</b>"})
    refused(service, room_id, "control characters", credential=me, text="a\x07b")
    refused(service, room_id, "turn the text around", credential=me, text="abc\u202edcba")
    service.chat(room_id, me, "x" * MAX_CHAT)
    # markup is kept as the text it is: the page shows it as text, never as markup
    service.chat(room_id, me, '<img src=x onerror="alert(1)"> & <b>bold</b>')
    assert chat_lines(service, room_id)[-1]["text"] == \
        '<img src=x onerror="alert(1)"> & <b>bold</b>'


def test_a_person_posts_a_few_lines_at_once_then_one_every_two_seconds() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    room_id, _host, tokens = open_table(service, players=2)
    me, other = hash_token(tokens[0]), hash_token(tokens[1])
    for n in range(CHAT_BURST):
        service.chat(room_id, me, f"line {n}")
    refused(service, room_id, "too fast: wait a few seconds", credential=me, text="more")
    service.chat(room_id, other, "the others are not held back")
    clock.now += 2.0
    service.chat(room_id, me, "one more")
    refused(service, room_id, "too fast", credential=me, text="and another")


def test_the_host_mutes_and_unmutes_a_person_with_a_notice_in_the_chat() -> None:
    service = make_service()
    room_id, _host, tokens = open_table(service, players=2)
    bob = hash_token(tokens[1])
    service.chat(room_id, bob, "spam")
    author = chat_lines(service, room_id)[-1]["author"]
    service.execute(room_id, lambda r: r.mute(author))
    assert chat_lines(service, room_id)[-1] == {**chat_lines(service, room_id)[-1],
                                                "role": "notice",
                                                "text": "The host muted Player 2."}
    assert service.snapshot_for(room_id, None, False)["chat"]["muted"] == [author]
    refused(service, room_id, "the host has muted you", credential=bob, text="hello?")
    service.chat(room_id, hash_token(tokens[0]), "the others still chat")
    with pytest.raises(ConfigError, match="already muted"):
        service.execute(room_id, lambda r: r.mute(author))
    service.execute(room_id, lambda r: r.mute(author, muted=False))
    assert chat_lines(service, room_id)[-1]["text"] == "The host let Player 2 chat again."
    service.chat(room_id, bob, "sorry")
    for wrong, words in ((chat_author(service.get(room_id).room.host_hash),
                          "the host cannot be muted"),
                         ("0123456789abcdef", "nobody with that id"),
                         (None, "say whom to mute")):
        with pytest.raises(ConfigError, match=words):
            service.execute(room_id, lambda r, w=wrong: r.mute(w))


def test_a_spectator_chats_under_a_name_nobody_at_the_table_reads_as() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, players=2)
    refused(service, room_id, "type your name first", credential=None, watcher=WATCHER,
            text="hi")
    refused(service, room_id, "reload it", credential=None, name="Eve", text="hi")
    refused(service, room_id, "looks like 'Player 1'", credential=None, watcher=WATCHER,
            name="P1ayer 1", text="I am player one")
    refused(service, room_id, "the room marks its bots", credential=None,
            watcher=WATCHER, name="Eve (bot)", text="beep")
    refused(service, room_id, "looks like 'Host'", credential=None, watcher=WATCHER,
            name="host", text="I run this table")
    service.chat(room_id, None, "hello", watcher=WATCHER, name="Eve")
    line = chat_lines(service, room_id)[-1]
    assert (line["name"], line["role"]) == ("Eve", "spectator")
    # another spectator cannot take the name Eve chats under; Eve can keep it
    refused(service, room_id, "is taken", credential=None, watcher="v" * 20, name="Eve",
            text="I am Eve")
    service.chat(room_id, None, "me again", watcher=WATCHER, name="Eve")


@pytest.mark.parametrize("mode, spectators, players", [("everyone", True, True),
                                                      ("players", False, True),
                                                      ("off", False, False)])
def test_the_chat_setting_says_who_may_post(mode: str, spectators: bool,
                                            players: bool) -> None:
    service = make_service()
    room_id, _host, tokens = open_table(service, players=2, chat=mode)
    config = service.get(room_id).room.config
    assert config.chat == mode and "chat" in config.describe()
    attempts = ((spectators, {"credential": None, "watcher": WATCHER, "name": "Eve"}),
                (players, {"credential": hash_token(tokens[0])}),
                (players, {"credential": None, "host": True}))
    for allowed, who in attempts:
        if allowed:
            service.chat(room_id, text="hi", **who)
        else:
            refused(service, room_id, "chat is off|only the players", text="hi", **who)


def test_the_chat_setting_is_typed_with_a_default() -> None:
    assert RoomConfig.from_json({"game": "holdem"}).chat == "everyone"
    for bad in ("all", 1, None, True):
        with pytest.raises(ConfigError, match="chat is one of everyone, players, off"):
            RoomConfig.from_json({"game": "holdem", "chat": bad})


def test_a_restart_keeps_the_chat_and_the_mutes(database_url: str) -> None:
    first = RoomService(Store(database_url), Timing(bot_delay=0.0, warm_up=False),
                        clock=FakeClock())
    room_id, _host, tokens = open_table(first, players=2)
    first.chat(room_id, hash_token(tokens[0]), "before the restart")
    first.chat(room_id, None, "watching", watcher=WATCHER, name="Eve")
    eve = chat_lines(first, room_id)[-1]["author"]
    first.execute(room_id, lambda r: r.mute(eve))
    play(first, room_id, 3)
    first.chat(room_id, hash_token(tokens[1]), "mid-game")
    lines = chat_lines(first, room_id)
    first.store.close()
    second = RoomService(Store(database_url), Timing(bot_delay=0.0, warm_up=False),
                         clock=FakeClock())
    assert chat_lines(second, room_id) == lines
    refused(second, room_id, "muted", credential=None, watcher=WATCHER, name="Eve",
            text="am I back?")
    second.store.close()


def test_a_past_hand_s_replay_shows_its_chat_and_every_step(client: TestClient) -> None:
    table = new_table(client, seats=2)
    room_id, host = table["id"], {"X-Host-Token": table["host_token"]}
    tokens = [client.post(f"/api/tables/{room_id}/join",
                          json={"seat": s, "name": n}).json()["token"]
              for s, n in enumerate(("Ann", "Bob"))]
    service = client.app.state.service  # type: ignore[attr-defined]
    client.post(f"/api/tables/{room_id}/host/start", headers=host)
    bearer = [{"Authorization": f"Bearer {t}"} for t in tokens]
    deadline = time.monotonic() + 10
    while service.get(room_id).room.hand is None and time.monotonic() < deadline:
        time.sleep(0.02)  # the first deal
    said = 0
    for _ in range(40):  # check or call down, a chat line before every action
        room = service.get(room_id).room
        hand = room.hand
        if hand is None or hand.number > 1:
            break
        actor = room.actors()[0]
        service.chat(room_id, hash_token(tokens[actor]), f"my move {said}")
        said += 1
        legal = {type(o).__name__ for o in room.legal_options(actor)}
        kind = "Check" if "CheckOption" in legal else "Call"
        assert client.post(f"/api/tables/{room_id}/act", headers=bearer[actor],
                           json={"action": {"type": kind}}).status_code == 200
    record = service.get(room_id).room.hands[0]
    assert record.result is not None and said > 2
    replay = client.get(f"/api/tables/{room_id}/hands/1", headers=bearer[0]).json()
    assert [line["text"] for line in replay["chat"]][:said] == [
        f"my move {n}" for n in range(said)]
    assert len(replay["frames"]) == 1 + len(record.actions)  # no step lost to a chat line
    seqs = [frame["seq"] for frame in replay["frames"]]
    assert seqs == sorted(seqs)


def test_chat_over_the_websocket_forged_and_out_of_table_requests_are_refused(
        client: TestClient) -> None:
    table = new_table(client, seats=2)
    room_id = table["id"]
    service = client.app.state.service  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{room_id}") as ws_player, \
            client.websocket_connect(f"/ws/{room_id}") as ws_watcher:
        player, watcher = Tab(ws_player), Tab(ws_watcher)
        player.send(op="hello")
        player.until("welcome")
        player.send(op="join", seat=0, name="Ann")
        player.until("joined")
        watcher.send(op="hello", watcher=WATCHER)
        watcher.until("welcome")
        # a spectator naming a seat, a role or an author still posts as a spectator
        watcher.send(op="chat", text="I am Ann", seat=0, role="player", name="Eve",
                     author=chat_author("x"))
        assert watcher.until("ok")
        line = chat_lines(service, room_id)[-1]
        assert (line["name"], line["role"]) == ("Eve", "spectator")
        # the new line reaches the player's connection, in a frame carrying the chat
        frame = player.state_where(lambda f: "chat" in f and f["chat"]["lines"]
                                   and f["chat"]["lines"][-1]["text"] == "I am Ann")
        assert json.dumps(frame["chat"]).count("I am Ann") == 1
        # only the host mutes
        watcher.send(op="host", command="mute", data={"author": line["author"]})
        assert "only the host" in watcher.until("error")["message"]
        player.send(op="chat", text="x" * (MAX_CHAT + 1))
        assert "at most" in player.until("error")["message"]
    response = client.post(f"/api/tables/{room_id}/host/mute",
                           headers={"X-Host-Token": "not-the-host"},
                           json={"author": line["author"]})
    assert response.status_code == 403
    response = client.post("/api/tables/no-such-table/host/mute",
                           headers={"X-Host-Token": table["host_token"]},
                           json={"author": line["author"]})
    assert response.status_code == 404
    response = client.post(f"/api/tables/{room_id}/host/mute",
                           headers={"X-Host-Token": table["host_token"]},
                           json={"author": line["author"]})
    assert response.status_code == 200
    assert service.get(room_id).room.muted == {line["author"]: "Eve"}
    with client.websocket_connect("/ws/no-such-table") as ws:
        assert "does not exist" in ws.receive_json()["message"]
