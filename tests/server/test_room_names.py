"""Names and links a table refuses in words, changing nothing: a name that reads as one
already at the table (a Cyrillic "Аnn" beside "Ann"), a person's name ending as a
bot's does, and a link to a table the room does not have (404 over HTTP, a websocket
closed with the reason)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerroom.errors import ConfigError
from pokerroom.server.app import NO_TABLE, NO_TABLE_CLOSE

from .helpers import make_service

CYRILLIC_ANN = "\u0410nn"  # a Cyrillic capital A, then Latin "nn"


@pytest.mark.parametrize(("first", "second"), [
    ("Ann", CYRILLIC_ANN), ("Ann", "ANN"), ("Ann", "\uff21nn"),  # full-width A
    ("Bob", "B\u03bfb"),  # a Greek omicron
    ("Leo", "Le0"), ("Carl", "CarI".replace("I", "1")), ("Marnie", "Mamie"),
    ("Ann Lee", "Ann  Lee")])
def test_a_name_that_reads_as_one_at_the_table_is_refused(first: str, second: str) -> None:
    service = make_service()
    room_id, _host = service.create({"game": "holdem", "seats": 4})
    service.join(room_id, 0, first)
    seq = service.get(room_id).room.seq
    with pytest.raises(ConfigError, match=r"is taken at this table|looks like"):
        service.join(room_id, 1, second)
    room = service.get(room_id).room
    assert room.seq == seq and list(room.seats) == [0]


def test_a_name_like_another_says_which_it_looks_like() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "holdem", "seats": 4})
    service.join(room_id, 0, "Ann")
    with pytest.raises(ConfigError) as refused:
        service.join(room_id, 1, CYRILLIC_ANN)
    assert str(refused.value) == (f"the name {CYRILLIC_ANN!r} looks like 'Ann', who is at "
                                  "this table: choose a name that reads differently")


@pytest.mark.parametrize("name", ["Ann (bot)", "Ann (BOT)", "Ann(bot)", "Ann (b0t)",
                                  "Ann (b\u043et)"])  # a Cyrillic o
def test_a_person_s_name_cannot_end_as_a_bot_s(name: str) -> None:
    service = make_service()
    room_id, _host = service.create({"game": "holdem", "seats": 4})
    with pytest.raises(ConfigError, match=r'a name cannot end in "\(bot\)"'):
        service.join(room_id, 0, name)
    assert service.get(room_id).room.seats == {}


def test_names_that_only_look_alike_in_part_are_still_accepted() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "holdem", "seats": 6, "approval": False})
    for seat, name in enumerate(["Ann", "Anna", "Bot fan", "Jos\u00e9", "Jose", "Robot"]):
        service.join(room_id, seat, name)
    assert [info.name for info in service.get(room_id).room.seats.values()] == [
        "Ann", "Anna", "Bot fan", "Jos\u00e9", "Jose", "Robot"]


def test_bots_are_named_with_the_suffix_beside_a_look_alike_person() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "holdem", "seats": 3, "approval": False})
    service.join(room_id, 0, "\u0410da")  # a Cyrillic "Ada" beside the first bot's name
    service.fill_with_bots(room_id)
    names = [info.name for info in service.get(room_id).room.seats.values()]
    assert names == ["\u0410da", "Ada (bot)", "Bix (bot)"]


def test_the_api_refuses_a_confusable_name_and_a_bot_suffix(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "holdem", "seats": 4}).json()
    join = f"/api/tables/{table['id']}/join"
    assert client.post(join, json={"seat": 0, "name": "Ann"}).status_code == 200
    before = client.get(f"/api/tables/{table['id']}",
                        headers={"X-Host-Token": table["host_token"]}).json()["seq"]
    twin = client.post(join, json={"seat": 1, "name": CYRILLIC_ANN})
    assert twin.status_code == 400 and "looks like 'Ann'" in twin.json()["detail"]
    bot = client.post(join, json={"seat": 2, "name": "Ann (bot)"})
    assert bot.status_code == 400
    assert bot.json()["detail"] == 'a name cannot end in "(bot)": the room marks its bots so'
    after = client.get(f"/api/tables/{table['id']}").json()
    assert after["seq"] == before


def test_the_websocket_refuses_a_bot_suffix_with_an_error(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "holdem", "seats": 4}).json()
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"op": "hello"})
        assert ws.receive_json()["type"] == "welcome"
        ws.send_json({"op": "join", "seat": 0, "name": "Ann (bot)", "id": 7})
        reply = next(m for m in iter(ws.receive_json, None) if m["type"] != "state")
        assert reply == {"type": "error", "id": 7, "message":
                         'a name cannot end in "(bot)": the room marks its bots so'}


def test_a_table_that_does_not_exist_is_said_so(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/history.txt"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["detail"] == NO_TABLE
    joined = client.post("/api/tables/nope/join", json={"seat": 0, "name": "Ann"})
    assert joined.status_code == 404 and joined.json()["detail"] == NO_TABLE
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json() == {"type": "error", "message": NO_TABLE}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == NO_TABLE_CLOSE and closed.value.reason == NO_TABLE
