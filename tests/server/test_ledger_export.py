"""The ledger's CSV download: each player's chips bought in, cashed out, at the table
and net; the house's line at a house-banked game; the settle-up in the fewest payments;
and every chip accounted for."""

from __future__ import annotations

import csv
import io

from fastapi.testclient import TestClient

from pokerroom.server.room import Room
from pokerroom.server.settle import fewest_transfers
from pokerroom.server.snapshot import ledger_csv

from .helpers import make_service, open_table, play
from .test_seat_ownership import new_table


def read(text: str) -> tuple[dict[str, list[int]], list[tuple[str, str, int]]]:
    """The CSV's lines by name ([bought, cashed, at the table, net]; the house: [net])
    and its settle-up."""
    lines = list(csv.reader(io.StringIO(text)))
    blank = lines.index([])
    assert lines[0] == ["player", "bought in", "cashed out", "at the table", "net"]
    assert lines[blank + 1] == ["pays", "to", "chips"]
    players = {row[0]: [int(cell) for cell in row[1:] if cell] for row in lines[1:blank]}
    payments = [(row[0], row[1], int(row[2])) for row in lines[blank + 2:]]
    return players, payments


def check(room: Room, text: str) -> dict[str, list[int]]:
    """Every chip is accounted for, and the settle-up squares every party in the
    fewest payments."""
    players, payments = read(text)
    nets = {}
    for name, cells in players.items():
        if name == "the house":
            nets[name] = cells[0]
            continue
        bought, cashed, held, net = cells
        assert net == cashed + held - bought
        nets[name] = net
    assert sum(nets.values()) == 0  # the house's line is what the players won or lost
    moved = dict.fromkeys(nets, 0)
    for payer, payee, chips in payments:
        moved[payer] -= chips
        moved[payee] += chips
    assert moved == nets
    assert len(payments) == len(fewest_transfers(nets))
    seated = sum(info.stack for info in room.seats.values() if info.approved)
    assert sum(cells[2] for name, cells in players.items() if name != "the house") == seated
    return players


def test_the_csv_counts_buy_ins_top_ups_cash_outs_and_results() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="holdem", players=4,
                                         top_up_approval=False, max_buy_in=400)
    play(service, room_id, 60)
    room = service.get(room_id).room
    while room.hand is not None:
        play(service, room_id, 1)
        room = service.get(room_id).room
    room_stack = room.seats[1].stack
    if room_stack < 400:
        service.execute(room_id, lambda r: r.top_up(1, min(100, 400 - room_stack)))
    service.execute(room_id, lambda r: r.remove(3, "left"))
    room = service.get(room_id).room
    players = check(room, ledger_csv(room))
    assert set(players) == {"Player 1", "Player 2", "Player 3", "Player 4"}
    assert players["Player 2"][0] == 200 + sum(
        e.amount for e in room.ledger.entries if e.kind == "top-up")
    cashed = [e.amount for e in room.ledger.entries if e.kind == "cash-out"]
    assert players["Player 4"][1:3] == [sum(cashed), 0]  # cashed out, none at the table
    settle = service.snapshot_for(room_id, None, False)["ledger"]["settle_up"]
    assert [tuple(t) for t in settle] == read(ledger_csv(room))[1]


def test_a_house_banked_game_has_the_house_s_line() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="three-card-poker", players=2)
    for turn in range(60):
        play(service, room_id, 1, seed=turn)
        room = service.get(room_id).room
        if room.hand is None and "the house" in read(ledger_csv(room))[0]:
            break
    room = service.get(room_id).room
    players = check(room, ledger_csv(room))
    assert players["the house"] == [-sum(cells[3] for name, cells in players.items()
                                         if name != "the house")]


def test_a_name_a_spreadsheet_would_read_as_a_formula_is_written_as_text() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "high-card", "seats": 2, "buy_in": 200,
                                     "approval": False})
    service.join(room_id, 0, "=SUM(A1)")
    service.join(room_id, 1, "+Bob")
    text = ledger_csv(service.get(room_id).room)
    assert "'=SUM(A1),200,0,200,0" in text and "'+Bob,200" in text
    assert "\n=SUM" not in text and "\n+Bob" not in text


def test_the_csv_is_downloaded_over_http(client: TestClient) -> None:
    table = new_table(client, seats=2)
    room_id = table["id"]
    client.post(f"/api/tables/{room_id}/join", json={"seat": 0, "name": "Ann"})
    response = client.get(f"/api/tables/{room_id}/ledger.csv")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert f'filename="pokerroom-{room_id}-ledger.csv"' in \
        response.headers["content-disposition"]
    assert response.text.splitlines()[1] == "Ann,500,0,500,0"
    missing = client.get("/api/tables/no-such-table/ledger.csv")
    assert missing.status_code == 404 and "does not exist" in missing.json()["detail"]
