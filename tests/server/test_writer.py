"""Group commit: events of many tables stored by one writer thread, in order, and a
table is only shown (or an action acknowledged) once its events are stored."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pokerroom.server.room import Room
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import SequenceConflict, Store
from pokerroom.server.writer import GroupCommitter

from .helpers import open_table


def test_rows_of_many_tables_are_stored_in_few_transactions(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    rooms = [f"t{n}" for n in range(20)]
    for room in rooms:
        store.create_room(room, {})
    writer = GroupCommitter(store, window=0.05)
    futures = [writer.submit(room, seq, "e", {"n": seq}) for seq in range(1, 11)
               for room in rooms]
    for future in futures:
        assert future.result(10) is None
    writer.close()
    assert writer.rows == 200
    assert writer.batches < 200
    for room in rooms:
        assert [(e.seq, e.payload) for e in store.events(room)] == \
            [(seq, {"n": seq}) for seq in range(1, 11)]


def test_a_refused_row_fails_the_later_rows_of_its_table_only(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    store.create_room("a", {})
    store.create_room("b", {})
    store.append("a", 1, "taken", {})
    writer = GroupCommitter(store, window=0.05)
    clash = writer.submit("a", 1, "mine", {})
    later = writer.submit("a", 2, "mine", {})
    other = writer.submit("b", 1, "fine", {})
    assert isinstance(clash.exception(10), SequenceConflict)
    assert isinstance(later.exception(10), SequenceConflict)
    assert other.result(10) is None
    writer.flush()
    stale = writer.submit("a", 2, "stale", {})  # queued before the table was rebuilt
    assert isinstance(stale.exception(10), SequenceConflict)
    retry = writer.submit("a", 2, "after rebuild", {}, generation=1)
    assert retry.result(10) is None
    writer.close()
    assert [(e.seq, e.kind) for e in store.events("a")] == [(1, "taken"), (2, "after rebuild")]
    assert [e.kind for e in store.events("b")] == ["fine"]


class Recorder:
    seat: int | None = None
    host = False

    def __init__(self) -> None:
        self.calls = 0

    def changed(self) -> None:
        self.calls += 1


def test_on_the_loop_a_table_is_shown_only_once_stored(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    service = RoomService(Store(database), Timing(bot_delay=0.0, freeze_interval=0))
    assert service.writer is not None
    room_id, _host, _tokens = open_table(service, players=2)

    async def scenario() -> None:
        service.loop = asyncio.get_running_loop()
        watcher = Recorder()
        service.subscribe(room_id, watcher)
        before = service.get(room_id).room.seq
        seq, stored = service.submit(room_id, lambda room: room.set_paused(True))
        assert seq == before + 1
        assert service.view_json(room_id, None, False) is None  # not stored yet
        await asyncio.wrap_future(stored)
        await asyncio.sleep(0.01)  # the loop hears of it
        text = service.view_json(room_id, None, False)
        assert text is not None and f'"seq":{seq},' in text
        assert text is service.view_json(room_id, None, False)  # built once, shared
        assert watcher.calls >= 1
        assert Store(database).last_seq(room_id) == seq

    asyncio.run(scenario())
    service.loop = None
    service.stop()
    assert service.get(room_id).room.paused
    assert isinstance(service.get(room_id).room, Room)


def test_a_shared_view_keeps_the_action_clock_fresh() -> None:
    import json

    from .helpers import FakeClock, make_service

    clock = FakeClock()
    service = make_service(clock=clock)
    room_id, _host, _tokens = open_table(service, players=2, timer=30)
    service.step(room_id)  # the first deal: someone's clock runs
    first = json.loads(service.view_json(room_id, None, False) or "{}")
    assert first["table"]["clock"], "a timed table shows its action clock"
    clock.now += 0.2
    assert json.loads(service.view_json(room_id, None, False) or "{}") == first
    clock.now += 5
    later = json.loads(service.view_json(room_id, None, False) or "{}")
    seat = next(iter(first["table"]["clock"]))
    assert later["table"]["clock"][seat] == first["table"]["clock"][seat] - 5.2


def test_a_caller_that_stops_waiting_does_not_stop_the_writer(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    store.create_room("a", {})
    writer = GroupCommitter(store, window=0.05)
    first = writer.submit("a", 1, "e", {})
    assert not first.cancel()  # e.g. its websocket closed while it was queued
    assert writer.submit("a", 2, "e", {}).result(10) is None
    writer.close()
    assert [e.seq for e in store.events("a")] == [1, 2]
