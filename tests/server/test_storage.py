"""The event log on SQLite and on PostgreSQL: migrations, per-table sequence numbers,
racing writers, and tables rebuilt by a second process."""

from __future__ import annotations

import multiprocessing
import os
import sys
from pathlib import Path

import pytest

from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import SequenceConflict, Store

from .helpers import open_table, play


def test_migrations_run_once_and_again_harmlessly(database_url: str) -> None:
    first = Store(database_url)
    first.close()
    second = Store(database_url)
    second.create_room("t1", {"game": "x"})
    assert second.room_ids() == ["t1"]
    assert second.room_config("t1") == {"game": "x"}
    second.close()


def test_sequence_numbers_are_unique_per_table(database_url: str) -> None:
    store = Store(database_url)
    store.create_room("a", {})
    store.create_room("b", {})
    store.append("a", 1, "created", {"n": 1})
    store.append("b", 1, "created", {"n": 2})
    with pytest.raises(SequenceConflict):
        store.append("a", 1, "created", {"n": 3})
    store.append("a", 2, "seat", {"n": 4})
    assert [(e.seq, e.payload["n"]) for e in store.events("a")] == [(1, 1), (2, 4)]
    assert [e.seq for e in store.events("a", after=1)] == [2]
    assert store.last_seq("b") == 1
    store.close()


def _racer(url: str, room_id: str, writer: int, count: int, out: multiprocessing.Queue) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    store = Store(url)
    written = []
    conflicts = 0
    while len(written) < count:
        seq = store.last_seq(room_id) + 1
        try:
            store.append(room_id, seq, "note", {"writer": writer, "n": len(written)})
            written.append(seq)
        except SequenceConflict:
            conflicts += 1
    store.close()
    out.put((writer, written, conflicts))


def test_racing_processes_never_lose_or_duplicate_an_event(database_url: str) -> None:
    store = Store(database_url)
    store.create_room("race", {})
    context = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue = context.Queue()
    writers = [context.Process(target=_racer, args=(database_url, "race", w, 60, out))
               for w in range(3)]
    for process in writers:
        process.start()
    results = [out.get(timeout=120) for _ in writers]
    for process in writers:
        process.join(30)
    events = store.events("race")
    assert [e.seq for e in events] == list(range(1, 181))
    claimed = sorted(seq for _, written, _ in results for seq in written)
    assert claimed == list(range(1, 181))
    for writer, written, _ in results:
        mine = [e for e in events if e.payload["writer"] == writer]
        assert [e.seq for e in mine] == written
        assert [e.payload["n"] for e in mine] == list(range(60))
    store.close()


def test_two_services_on_one_database_share_a_table(database_url: str) -> None:
    """Two server processes (here: two services with their own stores) play the same
    table; whichever is behind catches up from the log before it writes."""
    a = RoomService(Store(database_url), Timing(bot_delay=0, shared=True))
    b = RoomService(Store(database_url), Timing(bot_delay=0, shared=True))
    room_id, _host, _tokens = open_table(a, players=3)
    b.get(room_id)
    for turn in range(40):
        play(a if turn % 2 else b, room_id, 3, seed=turn)
    a.catch_up(a.get(room_id))
    b.catch_up(b.get(room_id))
    ra, rb = a.get(room_id).room, b.get(room_id).room
    assert ra.seq == rb.seq == a.store.last_seq(room_id)
    assert {s: i.stack for s, i in ra.seats.items()} == {s: i.stack for s, i in rb.seats.items()}
    assert len(ra.hands) == len(rb.hands) > 5
    # a stale writer is told, rebuilds and retries: nothing is lost or doubled
    stale = RoomService(Store(database_url), Timing(bot_delay=0, shared=False))
    stale.get(room_id)
    play(a, room_id, 5, seed=99)
    play(stale, room_id, 5, seed=98)
    seqs = [e.seq for e in a.store.events(room_id)]
    assert seqs == list(range(1, len(seqs) + 1))
    final = RoomService(Store(database_url), Timing()).get(room_id).room
    assert final.seq == seqs[-1]
    assert sum(i.stack for i in final.seats.values()) == 600


def test_default_database_is_a_sqlite_file(tmp_path: Path) -> None:
    from pokerroom.server.storage import default_url

    url = default_url(tmp_path)
    assert url == f"sqlite:///{tmp_path.as_posix()}/pokerroom.sqlite3"
    Store(url).close()
    assert (tmp_path / "pokerroom.sqlite3").exists()
    assert os.path.getsize(tmp_path / "pokerroom.sqlite3") > 0
