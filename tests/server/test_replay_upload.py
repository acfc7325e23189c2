"""``POST /api/replay``: a hand history file (PHH, PokerStars text, a PokerNow log) opened
in the card room and stepped through with the table's own replay viewer."""

from __future__ import annotations

import tomllib
from typing import Any

import tomli_w
from fastapi.testclient import TestClient

from pokerroom.history.pokernow import pokernow_csv
from pokerroom.server.app import STATIC
from pokerroom.server.uploaded_replay import MAX_UPLOAD

from .helpers import open_table, play

STARS = """PokerStars Hand #{n}: Hold'em No Limit (1/2) - 2026/11/29 13:00:00 ET
Table 'T' 3-max Seat #3 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Seat 3: Cleo (100 in chips)
Ann: posts small blind 1
Bob: posts big blind 2
*** HOLE CARDS ***
Dealt to Ann [As Kd]
Cleo: folds
Ann: raises 4 to 6
Bob: calls 4
*** FLOP *** [2d 5s 9h]
Ann: bets 10
Bob: {verb}
Uncalled bet (10) returned to Ann
Ann collected 12 from pot
*** SUMMARY ***
"""


def _upload(client: TestClient, text: str | bytes, name: str = "hh.txt",
            **params: Any) -> Any:
    body = text.encode() if isinstance(text, str) else text
    return client.post("/api/replay", content=body, params={"name": name, **params},
                       headers={"Content-Type": "text/plain"})


def _frame_facts(frame: dict[str, Any]) -> tuple[Any, ...]:
    picture = frame["picture"]
    return (frame["actors"], picture["board"], picture["pots"],
            [(s["seat"], s["stack"], s["bet"], s["status"]) for s in picture["seats"]])


def test_a_rooms_own_phh_download_replays_as_the_room_replays_it(
        client: TestClient) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    room_id, _host, _tokens = open_table(service, game="holdem", players=3)
    play(service, room_id, 60, seed=3)
    finished = [r.number for r in service.get(room_id).room.hands if r.result is not None]
    download = client.get(f"/api/tables/{room_id}/history.phh")
    assert download.status_code == 200 and len(finished) >= 3
    for number in finished[:3]:
        own = client.get(f"/api/tables/{room_id}/hands/{number}").json()
        mine = _upload(client, download.text, "room.phh", hand=number)
        assert mine.status_code == 200, mine.text
        uploaded = mine.json()
        assert uploaded["hands"] == finished and uploaded["problems"] == []
        assert uploaded["number"] == number and uploaded["over"]
        assert uploaded["names"] == own["names"]      # the table's record names the players
        assert [_frame_facts(f) for f in uploaded["frames"]] == \
            [_frame_facts(f) for f in own["frames"]]
        assert uploaded["result"]["net"] == own["result"]["net"]
        assert uploaded["starting"] == own["starting"]


def test_a_pokerstars_history_shows_the_owners_cards_and_hides_the_others(
        client: TestClient) -> None:
    text = STARS.format(n=7, verb="folds")
    response = _upload(client, text)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["number"] == 7 and data["names"] == ["Ann", "Bob", "Cleo"]
    assert data["title"] == "Texas hold'em" and data["source"] == "hh.txt"
    first = data["frames"][0]["picture"]["seats"]
    assert [s["cards"] for s in first] == [["As", "Kd"], ["??", "??"], ["??", "??"]]
    lines = [line for step in data["steps"] for line in step["lines"]]
    assert any("As Kd" in line for line in lines)
    # the cards standing in for the hidden ones never appear
    shown = {c for f in data["frames"] for s in f["picture"]["seats"] for c in s["cards"]}
    assert shown == {"As", "Kd", "??"}
    assert data["result"]["net"] == [6, -6, 0]
    assert [f["actors"] for f in data["frames"]][:2] == [[2], [0]]


def test_every_hand_of_a_file_opens_and_a_bad_hand_is_named(client: TestClient) -> None:
    good = STARS.format(n=1, verb="folds")
    bad = STARS.format(n=2, verb="juggles the chips")
    text = good + "\n\n" + bad
    data = _upload(client, text).json()
    assert data["hands"] == [1]
    bad_line = text.splitlines().index("Bob: juggles the chips") + 1
    assert data["problems"] == [f"hh.txt:{bad_line}: a line pokerroom cannot read: "
                                "'Bob: juggles the chips'"]
    only_bad = _upload(client, bad)
    assert only_bad.status_code == 400
    assert only_bad.json()["detail"] == ("hh.txt:15: a line pokerroom cannot read: "
                                         "'Bob: juggles the chips'")
    missing = _upload(client, text, hand=5)
    assert missing.status_code == 400
    assert missing.json()["detail"] == "hh.txt has no hand 5 (hands: 1)"


def test_a_pokernow_log_replays(client: TestClient) -> None:
    log = pokernow_csv([
        "-- starting hand #3 (id: x1) (No Limit Texas Hold'em) (dealer: \"Ann @ a1\") --",
        'Player stacks: #1 "Ann @ a1" (500) | #3 "Bob @ b2" (500)',
        '"Ann @ a1" posts a small blind of 5', '"Bob @ b2" posts a big blind of 10',
        '"Ann @ a1" calls 10', '"Bob @ b2" checks', "Flop:  [J♥, 6♣, 7♣]",
        '"Bob @ b2" bets 20', '"Ann @ a1" folds',
        'Uncalled bet of 20 returned to "Bob @ b2"', '"Bob @ b2" collected 20 from pot',
        "-- ending hand #3 --"])
    response = _upload(client, log, "poker_now_log.csv")
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["number"] == 3 and data["names"] == ["Bob", "Ann"]
    assert data["frames"][-1]["picture"]["board"] == ["Jh", "6c", "7c"]
    assert data["result"]["net"] == [10, -10]


def test_bad_files_get_clear_errors(client: TestClient) -> None:
    assert _upload(client, "").json()["detail"] == "hh.txt is empty"
    assert _upload(client, b"\xff\xfe\x00garbage").json()["detail"] == \
        "hh.txt is not a text file (UTF-8)"
    notes = _upload(client, "my notes\n", "notes.txt")
    assert notes.status_code == 400
    assert notes.json()["detail"].startswith("notes.txt:1: not a hand history pokerroom "
                                             "reads (PHH, PokerStars text or a PokerNow")
    big = _upload(client, "x" * (MAX_UPLOAD + 1))
    assert big.status_code == 413 and "larger than 1,000,000 bytes" in big.json()["detail"]
    guts = {"variant": "GUTS2", "_pokerroom_code": True, "players": ["Ann", "Bob"],
            "antes": [1, 1], "starting_stacks": [50, 50], "actions": []}
    home = _upload(client, tomli_w.dumps(guts), "guts.phh")
    assert home.status_code == 400
    assert home.json()["detail"] == ("hand 1 is Guts (two-card): the room replays the "
                                     "poker games of the engine from a file")
    broken = tomllib.loads(tomli_w.dumps({"variant": "NT", "antes": [0, 0],
                                          "blinds_or_straddles": [1, 2], "min_bet": 2,
                                          "starting_stacks": [10, 10],
                                          "actions": ["d dh p1 AsAs"]}))
    illegal = _upload(client, tomli_w.dumps(broken), "bad.phh")
    assert illegal.status_code == 400
    assert illegal.json()["detail"].startswith("hand 1 does not replay: ")


def test_the_table_page_offers_a_history_file_to_replay(client: TestClient) -> None:
    page = (STATIC / "table.html").read_text(encoding="utf-8")
    assert 'id="replay-file"' in page and 'type="file"' in page
    script = (STATIC / "table.js").read_text(encoding="utf-8")
    assert "/api/replay" in script
