"""The room's money and time (issue 37, section 1): chips are added only to an approved
seat, within the table's limits and with the host's approval; a bust player is offered
a rebuy; a pause holds every clock and refuses every action; the server's downtime is
never counted on a clock; a table with no person in the game pauses itself; and after
every hand the ledger accounts for every chip."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.errors import ConfigError, OutOfTurnError, PokerroomError
from pokerroom.server.app import _host
from pokerroom.server.bots import bot_action
from pokerroom.server.room import Room
from pokerroom.server.schedule import next_due
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .helpers import FakeClock, make_service, open_table


def assert_ledger_balances(room: Room) -> None:
    """Every chip is accounted for: for each player, the buy-ins, top-ups, hand results
    and cash-outs the ledger holds leave exactly the chips the player holds."""
    expected: dict[str, int] = {}
    for entry in room.ledger.entries:
        sign = -1 if entry.kind == "cash-out" else 1
        expected[entry.name] = expected.get(entry.name, 0) + sign * entry.amount
    held = {info.name: info.stack for info in room.seats.values() if info.approved}
    for name in set(expected) | set(held):
        assert expected.get(name, 0) == held.get(name, 0), (name, expected, held)
    stacks = {info.name: info.stack for info in room.seats.values() if info.approved}
    balances = room.ledger.balances(stacks)
    assert sum(b.bought for b in balances) + sum(
        e.amount for e in room.ledger.entries if e.kind == "result") == sum(
        b.holding for b in balances)


def play_hands(service: RoomService, room_id: str, hands: int, seed: int = 1,
               humans: tuple[int, ...] | None = None) -> int:
    """Play until ``hands`` more hands are over (or nothing more can happen), the seats
    in ``humans`` (default: all) by a random legal choice; the ledger is checked after
    every hand. Returns how many hands were finished."""
    rng = random.Random(seed)
    room = service.get(room_id).room
    finished = sum(1 for h in room.hands if h.result is not None)
    goal = finished + hands
    for _ in range(5000):
        room = service.get(room_id).room
        done = sum(1 for h in room.hands if h.result is not None)
        if done > finished:
            assert_ledger_balances(room)
            finished = done
        if finished >= goal:
            break
        if service.step(room_id):
            continue
        hand = room.hand
        actors = [s for s in room.actors() if humans is None or s in humans]
        if hand is None or not actors:
            break
        seat = rng.choice(actors)
        hand_seat = hand.hand_seat(seat)
        assert hand_seat is not None
        service.act(room_id, seat, bot_action(hand.state, hand_seat, rng))
    return finished - (goal - hands)


def clocked_service(url: str, clock: FakeClock) -> RoomService:
    """A service whose monotonic and wall clocks are both ``clock``."""
    return RoomService(Store(url), Timing(bot_delay=0.0, warm_up=False), clock=clock,
                       wall=clock)


# ------------------------------------------------------------------ chips


def test_chips_cannot_be_added_before_the_host_approves_the_seat() -> None:
    service = make_service()
    room_id, host = service.create({"game": "high-card", "seats": 2, "buy_in": 200})
    service.join(room_id, 0, "Ann")
    before = service.get(room_id).room.seq
    with pytest.raises(ConfigError, match="Ann is not seated yet"):
        service.execute(room_id, lambda r: r.top_up(0, 500))
    room = service.get(room_id).room
    assert room.seq == before and room.seats[0].stack == 0
    service.execute(room_id, lambda r: r.approve(0))
    room = service.get(room_id).room
    assert room.seats[0].stack == 200
    assert_ledger_balances(room)
    ledger = service.snapshot_for(room_id, None, True)["ledger"]
    assert ledger["balances"] == [{"name": "Ann", "bought": 200, "holding": 200, "net": 0}]
    assert ledger["settle_up"] == []
    assert host


def test_over_the_websocket_a_guest_waiting_for_approval_adds_no_chips(
        client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "high-card", "seats": 2,
                                            "buy_in": 200}).json()
    base = f"/api/tables/{table['id']}"
    token = client.post(f"{base}/join", json={"seat": 0, "name": "Ann"}).json()["token"]
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        ws.send_json({"op": "hello", "token": token})
        ws.send_json({"op": "topup", "amount": 500, "id": 1})
        reply = ws.receive_json()
        while reply.get("id") != 1:
            reply = ws.receive_json()
    assert reply["type"] == "error" and "not seated yet" in reply["message"]
    assert client.post(f"{base}/host/approve", json={"seat": 0},
                       headers={"X-Host-Token": table["host_token"]}).status_code == 200
    state = client.get(base).json()
    assert [p["stack"] for p in state["table"]["players"]] == [200]
    assert state["ledger"]["balances"] == [{"name": "Ann", "bought": 200, "holding": 200,
                                            "net": 0}]
    assert state["ledger"]["settle_up"] == []


def test_a_top_up_waits_for_the_host_and_stays_within_the_maximum_buy_in() -> None:
    service = make_service()
    room_id, _host_token, _tokens = open_table(service, players=2, max_buy_in=500,
                                               min_top_up=50)
    room = service.get(room_id).room
    assert room.config.top_up_approval
    # the old limit of a billion chips is gone: a stack holds at most the maximum buy-in
    for amount, words in ((10**9, "a top-up for Player 1 is 50 to 300 chips"),
                          (301, "is 50 to 300 chips"), (49, "is 50 to 300 chips"),
                          (-5, "positive whole number")):
        with pytest.raises(ConfigError, match=words):
            service.execute(room_id, lambda r, a=amount: r.top_up(0, a))
    service.execute(room_id, lambda r: r.top_up(0, 300))
    room = service.get(room_id).room
    assert room.seats[0].stack == 200 and room.seats[0].asked == 300
    assert_ledger_balances(room)
    with pytest.raises(ConfigError, match="already asked for 300 chips"):
        service.execute(room_id, lambda r: r.top_up(0, 100))
    seat_view = service.snapshot_for(room_id, 0, False)["you"]
    assert seat_view["asked"] == 300 and seat_view["top_up"] == {
        "least": 50, "most": 300, "approves": True}
    host_view = service.snapshot_for(room_id, None, True)
    assert host_view["chips_asked"] == [{"seat": 0, "name": "Player 1", "amount": 300}]
    _host(service, room_id, "approve-chips", {"seat": 0})
    room = service.get(room_id).room
    assert room.seats[0].stack == 500 and room.seats[0].asked == 0
    assert_ledger_balances(room)
    with pytest.raises(ConfigError, match="the most a stack may be topped up to"):
        service.execute(room_id, lambda r: r.top_up(0, 50))
    # a refused request adds nothing
    service.execute(room_id, lambda r: r.top_up(1, 100))
    _host(service, room_id, "refuse-chips", {"seat": 1})
    room = service.get(room_id).room
    assert room.seats[1].stack == 200 and room.seats[1].asked == 0
    # the host's own top-up needs no approval, and keeps to the limit too
    with pytest.raises(ConfigError, match="is 50 to 300 chips"):
        _host(service, room_id, "topup", {"seat": 1, "amount": 10**9})
    _host(service, room_id, "topup", {"seat": 1, "amount": 100})
    assert service.get(room_id).room.seats[1].stack == 300
    assert play_hands(service, room_id, 5) == 5


def test_the_chip_settings_are_validated_described_and_kept_by_a_restart(
        tmp_path: Path) -> None:
    service = make_service()
    for bad, words in (({"max_buy_in": 100}, "maximum buy-in is from the buy-in"),
                       ({"max_buy_in": 10**9 + 1}, "maximum buy-in"),
                       ({"max_buy_in": 400, "min_top_up": 900},
                        "smallest top-up is 1 to 400"),
                       ({"top_up_approval": "yes"}, "true or false")):
        with pytest.raises(ConfigError, match=words):
            service.create({"game": "high-card", "buy_in": 200, **bad})
    url = f"sqlite:///{tmp_path / 'chips.sqlite3'}"
    first = make_service(url)
    room_id, _host_token = first.create({"game": "high-card", "buy_in": 200})
    config = first.get(room_id).room.config
    assert (config.top_up_approval, config.max_buy_in, config.min_top_up) == (True, 200, 20)
    assert ("; chips added up to 200 a stack, at least 20 at a time, each time approved "
            "by the host;") in config.describe()
    other, _ = first.create({"game": "high-card", "buy_in": 200, "max_buy_in": 600,
                             "min_top_up": 100, "top_up_approval": False,
                             "approval": False})
    first.join(other, 0, "Ann")
    first.execute(other, lambda r: r.top_up(0, 100))
    first.stop()
    again = make_service(url)
    room = again.get(other).room
    assert (room.config.max_buy_in, room.config.min_top_up,
            room.config.top_up_approval) == (600, 100, False)
    assert room.seats[0].stack == 300
    assert "without the host's approval" in again.snapshot_for(other, None, False)[
        "table"]["settings"]


def test_a_bust_player_is_offered_a_rebuy_which_the_host_approves(tmp_path: Path) -> None:
    service = make_service()
    room_id, _host_token, _tokens = open_table(service, players=2, buy_in=20,
                                               stakes={"ante": 10})
    for seed in range(50):
        play_hands(service, room_id, 1, seed=seed)
        room = service.get(room_id).room
        if room.hand is None and any(info.stack == 0 for info in room.seats.values()):
            break
    room = service.get(room_id).room
    bust = next(info.seat for info in room.seats.values() if info.stack == 0)
    assert room.waiting_reason() is not None and not room.can_start_hand()
    you = service.snapshot_for(room_id, bust, False)["you"]
    assert you["rebuy"] == 20
    service.execute(room_id, lambda r: r.top_up(bust, you["rebuy"]))
    assert service.snapshot_for(room_id, bust, False)["you"]["rebuy"] == 0
    _host(service, room_id, "approve-chips", {"seat": bust})
    room = service.get(room_id).room
    assert room.seats[bust].stack == 20
    assert_ledger_balances(room)
    assert play_hands(service, room_id, 1, seed=99) == 1


# ------------------------------------------------------------------ pause


def test_a_pause_holds_every_clock_refuses_actions_and_says_so() -> None:
    clock = FakeClock()
    service = clocked_service("sqlite://", clock)
    room_id, _host_token, _tokens = open_table(service, players=2, timer=20)
    assert service.step(room_id)  # the deal
    service.act(room_id, 1, {"type": "Declare", "stay": True})
    room = service.get(room_id).room
    assert room.actors() == (0,)
    clock.now += 5
    _host(service, room_id, "pause", {})
    before = service.get(room_id).room.seq
    clock.now += 25  # past the 20 s clock: nothing runs out while paused
    assert not service.step(room_id)
    room = service.get(room_id).room
    assert room.actors() == (0,) and not room.seats[0].sitting_out and room.seq == before
    with pytest.raises(OutOfTurnError, match="paused by the host"):
        service.act(room_id, 0, {"type": "Declare", "stay": True})
    assert service.get(room_id).room.seq == before
    for seat in (None, 0, 1):
        table = service.snapshot_for(room_id, seat, False)["table"]
        assert table["waiting"] == "Paused by the host." and table["paused"]
        assert table["clock"] == {"0": 15.0}
    clock.now += 100
    _host(service, room_id, "resume", {})
    live = service.get(room_id)
    assert live.deadlines[0] - clock.now == pytest.approx(15.0)
    clock.now += 14.5
    assert not service.step(room_id)
    clock.now += 0.6
    assert service.step(room_id)  # now the clock has run out
    room = service.get(room_id).room
    assert room.hands[-1].actions[-1]["auto"] is True
    assert_ledger_balances(room)


def test_an_action_over_the_api_while_paused_is_refused(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "high-card", "seats": 2,
                                            "approval": False, "timer": 0,
                                            "next_hand_delay": 0}).json()
    base = f"/api/tables/{table['id']}"
    tokens = [client.post(f"{base}/join", json={"seat": s, "name": n}).json()["token"]
              for s, n in ((0, "Ann"), (1, "Bob"))]
    host = {"X-Host-Token": table["host_token"]}
    assert client.post(f"{base}/host/start", headers=host).status_code == 200
    for _ in range(100):
        if client.get(base).json()["hand"] is not None:
            break
    assert client.post(f"{base}/host/pause", headers=host).status_code == 200
    seq = client.get(base).json()["seq"]
    reply = client.post(f"{base}/act", json={"action": {"type": "Declare", "stay": True}},
                        headers={"Authorization": f"Bearer {tokens[0]}"})
    assert reply.status_code == 400 and "paused by the host" in reply.json()["detail"]
    state: dict[str, Any] = client.get(base).json()
    assert state["seq"] == seq and state["table"]["waiting"] == "Paused by the host."


# ------------------------------------------------------------------ restarts


def dealt_table(tmp_path: Path, timer: int) -> tuple[str, FakeClock, RoomService, str]:
    """A table on a database file with its first hand dealt: (database, clock,
    service, table id)."""
    url = f"sqlite:///{tmp_path / 'clocks.sqlite3'}"
    clock = FakeClock()
    service = clocked_service(url, clock)
    room_id, _host_token, _tokens = open_table(service, players=2, timer=timer)
    assert service.step(room_id)
    return url, clock, service, room_id


def clocks_left(service: RoomService, room_id: str, clock: FakeClock) -> dict[int, float]:
    """The seconds left on each running action clock of the table."""
    return {seat: round(due - clock.now, 3)
            for seat, due in service.get(room_id).deadlines.items()}


def test_the_servers_downtime_is_not_counted_on_a_clock(tmp_path: Path) -> None:
    url, clock, first, room_id = dealt_table(tmp_path, timer=30)
    clock.now += 4.3
    first.beat()  # the last heartbeat before the process is killed
    clock.now += 8  # the outage
    second = clocked_service(url, clock)
    assert clocks_left(second, room_id, clock) == {0: 25.7, 1: 25.7}
    assert second.get(room_id).room.hands[-1].actions == []
    # what was left is noted in the log: a longer outage after it folds nobody either
    assert [e.kind for e in second.store.events(room_id)][-1] == "clock"
    clock.now += 60
    third = clocked_service(url, clock)
    assert not third.step(room_id)
    assert clocks_left(third, room_id, clock) == {0: 25.7, 1: 25.7}
    clock.now += 25.8
    assert third.step(room_id)


def test_a_restart_in_a_pause_keeps_the_clocks_held(tmp_path: Path) -> None:
    url, clock, first, room_id = dealt_table(tmp_path, timer=20)
    clock.now += 7.5
    first.set_paused(room_id, True)
    first.beat()
    clock.now += 300
    second = clocked_service(url, clock)
    assert not second.step(room_id)
    assert second.snapshot_for(room_id, None, False)["table"]["clock"] == {"0": 12.5,
                                                                          "1": 12.5}
    second.set_paused(room_id, False)
    assert clocks_left(second, room_id, clock) == {0: 12.5, 1: 12.5}


def test_a_restart_between_hands_waits_out_the_pause_between_hands(tmp_path: Path) -> None:
    url, clock, first, room_id = dealt_table(tmp_path, timer=0)
    while (room := first.get(room_id).room).hand is not None:
        first.act(room_id, room.actors()[0], room.default_action(room.actors()[0]))
    assert room.config.next_hand_delay == 3
    clock.now += 0.5
    second = clocked_service(url, clock)
    assert next_due(second.get(room_id), second.timing, clock.now) == clock.now + 2.5


def test_a_command_the_database_fails_to_store_leaves_the_table_as_its_log_says(
        tmp_path: Path) -> None:
    service = make_service(f"sqlite:///{tmp_path / 'fails.sqlite3'}")
    room_id, _host_token, _tokens = open_table(service, players=2)
    assert service.writer is not None
    real = service.store.append_many
    calls: list[int] = []

    def failing(rows: Any) -> None:
        calls.append(len(rows))
        if len(calls) == 1:
            raise OSError("the disk went away")
        real(rows)

    service.store.append_many = failing  # type: ignore[method-assign]
    with pytest.raises(PokerroomError, match="could not store that"):
        service.execute(room_id, lambda r: r.sit_out(0, True))
    room = service.get(room_id).room
    assert room.seq == service.store.last_seq(room_id) and not room.seats[0].sitting_out
    service.execute(room_id, lambda r: r.sit_out(0, True))  # the next one is stored
    assert service.get(room_id).room.seats[0].sitting_out
    assert [e.seq for e in service.store.events(room_id)] == list(
        range(1, service.get(room_id).room.seq + 1))
    service.stop()


# ------------------------------------------------------------------ bots alone


def test_bots_never_play_on_once_the_last_person_leaves(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'alone.sqlite3'}"
    service = make_service(url)
    room_id, _host_token, _tokens = open_table(service, players=1, seats=3, timer=0)
    service.fill_with_bots(room_id)
    assert play_hands(service, room_id, 2, humans=(0,)) == 2
    service.execute(room_id, lambda r: r.remove(0, "left"))
    play_hands(service, room_id, 3, humans=(0,))
    room = service.get(room_id).room
    hands = len(room.hands)
    assert room.paused and room.hand is None
    assert "no player is in the game with chips" in (room.waiting_reason() or "")
    assert_ledger_balances(room)
    again = make_service(url)
    assert not again.step(room_id)
    assert again.get(room_id).room.paused and len(again.get(room_id).room.hands) == hands


def test_a_table_made_to_watch_the_bots_lets_them_play_alone() -> None:
    service = make_service()
    with pytest.raises(ConfigError, match="bots_play_alone must be true or false"):
        service.create({"game": "high-card", "bots_play_alone": 1})
    room_id, _host_token, _tokens = open_table(service, players=0, seats=3, timer=0,
                                               bots_play_alone=True)
    service.fill_with_bots(room_id)
    room = service.get(room_id).room
    assert "; the bots play on with no person in the game;" in room.config.describe()
    assert play_hands(service, room_id, 3) == 3
    assert not service.get(room_id).room.paused


def test_bots_never_play_on_once_the_people_are_bust() -> None:
    service = make_service()
    room_id, _host_token, _tokens = open_table(
        service, game="dealers-choice", players=1, seats=3, timer=0, buy_in=20,
        max_buy_in=1000, rotation=["high-card"])
    service.fill_with_bots(room_id)
    for bot in (1, 2):  # the bots outlast her
        _host(service, room_id, "topup", {"seat": bot, "amount": 980})
    hands = 0
    for _ in range(3000):  # Ann only ever declares out: her antes run out
        room = service.get(room_id).room
        if len([h for h in room.hands if h.result is not None]) > hands:
            hands += 1
            assert_ledger_balances(room)
        if service.step(room_id):
            continue
        if 0 not in room.actors():
            break
        service.act(room_id, 0, room.default_action(0))
    room = service.get(room_id).room
    assert room.seats[0].stack == 0 and room.paused and room.hand is None
    assert "out of chips" in (room.waiting_reason() or "")
    assert_ledger_balances(room)
    assert not service.step(room_id) and len(service.get(room_id).room.hands) == len(
        room.hands)
