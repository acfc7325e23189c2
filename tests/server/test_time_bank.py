"""The time bank (issue 37, section 2): a player's action clock, run out, goes on from a
reserve of seconds the host set, refilled at a set pace; a pause holds a draw, a
restart keeps it, and the chips are where the hand put them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerroom.errors import ConfigError
from pokerroom.server.config import RoomConfig
from pokerroom.server.service import RoomService

from .helpers import FakeClock, open_table
from .test_room_money_time import assert_ledger_balances, clocked_service, clocks_left

BANKED = {"timer": 20, "time_bank": 30, "time_bank_refill": 5, "time_bank_every": 2}


def banked_table(url: str = "sqlite://", **settings: object,
                 ) -> tuple[FakeClock, RoomService, str]:
    """A two-seat toy table with a time bank, its first hand dealt (both seats to act)."""
    clock = FakeClock()
    service = clocked_service(url, clock)
    room_id, _host, _tokens = open_table(service, players=2, **(BANKED | settings))
    assert service.step(room_id)
    return clock, service, room_id


def finish_hand(service: RoomService, room_id: str) -> None:
    """Every seat to act checks or folds at once until the hand is over."""
    while (room := service.get(room_id).room).hand is not None:
        seat = room.actors()[0]
        service.act(room_id, seat, room.default_action(seat))


def test_a_clock_run_out_draws_on_the_bank_and_the_bank_keeps_what_is_left() -> None:
    clock, service, room_id = banked_table()
    room = service.get(room_id).room
    assert room.banks == {0: 30.0, 1: 30.0}
    service.act(room_id, 1, {"type": "Declare", "stay": True})
    clock.now += 20
    assert service.step(room_id)            # the clock ran out: the bank, not a fold
    room = service.get(room_id).room
    assert room.actors() == (0,) and not room.seats[0].sitting_out
    assert room.drawing == {0}
    assert clocks_left(service, room_id, clock) == {0: 30.0}
    snap = service.snapshot_for(room_id, 0, False)
    assert snap["table"]["clock"] == {"0": 30.0}
    mine = next(p for p in snap["table"]["players"] if p["seat"] == 0)
    assert mine["drawing"] is True and mine["bank"] == 30.0
    assert not service.step(room_id)        # nothing more is due yet
    clock.now += 12.25
    service.act(room_id, 0, {"type": "Declare", "stay": True})
    room = service.get(room_id).room
    assert room.banks[0] == 17.75 and room.drawing == set()
    assert room.banks[1] == 30.0
    # still to act (the betting round): a full clock again, not what the bank had
    if 0 in room.actors():
        assert clocks_left(service, room_id, clock)[0] == 20.0
    finish_hand(service, room_id)
    assert_ledger_balances(room)


def test_an_empty_bank_leaves_the_timer_to_act_and_sit_the_player_out() -> None:
    clock, service, room_id = banked_table(time_bank=5)
    service.act(room_id, 1, {"type": "Declare", "stay": True})
    clock.now += 20
    assert service.step(room_id)
    clock.now += 5.01
    assert service.step(room_id)            # the draw ran out too
    room = service.get(room_id).room
    assert room.banks[0] == 0.0 and room.seats[0].sitting_out
    assert room.hands[0].actions[-1]["auto"] is True
    with pytest.raises(ConfigError, match=r"is not Player 1's turn|time bank is empty"):
        service.execute(room_id, lambda r: r.draw_time_bank(0))
    assert_ledger_balances(room)


def test_the_bank_is_refilled_at_the_pace_the_host_set() -> None:
    clock, service, room_id = banked_table()
    service.act(room_id, 1, {"type": "Declare", "stay": True})
    clock.now += 20
    assert service.step(room_id)
    clock.now += 18
    service.act(room_id, 0, {"type": "Declare", "stay": True})     # 12 s kept
    assert service.get(room_id).room.banks == {0: 12.0, 1: 30.0}
    finish_hand(service, room_id)
    for number in (2, 3, 4):
        clock.now += 5
        assert service.step(room_id)        # the deal
        finish_hand(service, room_id)
        room = service.get(room_id).room
        assert room.hands[-1].number == number and room.hands[-1].result is not None
        expected = {2: 17.0, 3: 17.0, 4: 22.0}[number]      # 5 s every 2 hands
        assert room.banks == {0: expected, 1: 30.0}         # never above 30
        assert_ledger_balances(room)


def test_a_pause_holds_a_draw_and_a_restart_keeps_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bank.sqlite3'}"
    clock, first, room_id = banked_table(url)
    first.act(room_id, 1, {"type": "Declare", "stay": True})
    clock.now += 20
    assert first.step(room_id)
    clock.now += 4
    first.set_paused(room_id, True)
    clock.now += 100                        # nothing runs while paused
    assert not first.step(room_id)
    assert first.snapshot_for(room_id, None, False)["table"]["clock"] == {"0": 26.0}
    first.set_paused(room_id, False)
    clock.now += 6
    first.beat()
    before = first.snapshot_for(room_id, 0, False)
    clock.now += 50                         # the server is down: not counted
    second = clocked_service(url, clock)
    room = second.get(room_id).room
    assert room.drawing == {0} and room.banks == {0: 30.0, 1: 30.0}
    assert clocks_left(second, room_id, clock) == {0: 20.0}
    after = second.snapshot_for(room_id, 0, False)
    for key in ("players", "clock", "actors"):
        assert after["table"][key] == before["table"][key]
    assert after["ledger"] == before["ledger"] and after["you"] == before["you"]
    clock.now += 20.01
    assert second.step(room_id)             # the draw runs out where it would have
    room = second.get(room_id).room
    assert room.banks[0] == 0.0 and room.hands[0].actions[-1]["auto"] is True
    assert_ledger_balances(room)


def test_a_seat_change_keeps_the_players_bank() -> None:
    clock, service, room_id = banked_table(seats=4)
    service.act(room_id, 1, {"type": "Declare", "stay": True})
    clock.now += 20
    assert service.step(room_id)
    clock.now += 10
    service.act(room_id, 0, {"type": "Declare", "stay": True})
    finish_hand(service, room_id)
    service.execute(room_id, lambda r: r.change_seat(0, 3))
    assert service.get(room_id).room.banks == {3: 20.0, 1: 30.0}


def test_the_settings_are_checked_and_said_in_words() -> None:
    words = RoomConfig.from_json({"game": "holdem", **BANKED}).describe()
    assert "a time bank of 30 s once the clock runs out, 5 s more every 2 hands (up to " \
        "30 s)" in words
    assert "time bank" not in RoomConfig.from_json({"game": "holdem"}).describe()
    for setting, words_ in (({"time_bank": -1}, "the time bank is 0 (none) to 600"),
                            ({"time_bank": 601}, "the time bank is 0 (none) to 600"),
                            ({"time_bank_refill": -2}, "refill is 0 (none) to 600"),
                            ({"time_bank_every": 0}, "every 1 to 1000 hands"),
                            ({"time_bank": "lots"}, "time_bank must be a number")):
        with pytest.raises(ConfigError, match=re.escape(words_)):
            RoomConfig.from_json({"game": "holdem", **setting})
