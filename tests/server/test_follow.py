"""Processes sharing a database: the others' events are read by a thread of their own,
many tables in one query, and applied in order on the event loop; the process that made
a table's latest move makes its bots' moves, timeouts and deals, and the others only
after a grace period (when that process has gone quiet)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pokerroom.server.follow import ANY, CatchUpReader, Wanted
from pokerroom.server.schedule import next_due
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store, StoredEvent

from .helpers import FakeClock, open_table


def test_the_events_of_many_tables_are_read_in_one_query(database_url: str) -> None:
    store = Store(database_url)
    for room in ("a", "b", "c"):
        store.create_room(room, {})
        for seq in (1, 2, 3):
            store.append(room, seq, "e", {"room": room, "n": seq})
    found = store.events_after({"a": 0, "b": 2, "c": 3})
    assert {room: [(e.seq, e.payload["n"]) for e in events]
            for room, events in found.items()} == {"a": [(1, 1), (2, 2), (3, 3)],
                                                   "b": [(3, 3)]}
    assert store.events_after({}) == {}
    store.close()


def test_an_event_keeps_the_time_it_was_made(database_url: str) -> None:
    store = Store(database_url)
    store.create_room("a", {})
    store.append("a", 1, "e", {}, at=1_700_000_000.25)
    store.append_many([("a", 2, "e", {}, 1_700_000_001.5)])
    assert [e.at for e in store.events("a")] == [1_700_000_000.25, 1_700_000_001.5]
    store.close()


def test_requests_queued_together_are_read_together(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'f.sqlite3'}")
    rooms = [f"t{n}" for n in range(30)]
    for room in rooms:
        store.create_room(room, {})
        store.append(room, 1, "e", {})
    delivered: list[dict[str, list[StoredEvent]]] = []
    asked: list[Wanted] = []

    def positions(wanted: Wanted) -> dict[str, int]:
        asked.append(dict(wanted))
        return {r: 0 for r in wanted if r is not None}

    reader = CatchUpReader(store, positions, delivered.append)
    for room in rooms:  # heard before the reader runs: one batch
        reader.want(room, 1)
    reader.want(rooms[0])  # "read whatever is new" prevails over a number heard
    reader.start()
    assert reader.flush()
    reader.stop()
    assert reader.queries == 1
    assert asked[0][rooms[0]] == ANY and asked[0][rooms[1]] == 1
    assert len(delivered) == 1 and sorted(delivered[0]) == sorted(rooms)
    store.close()


def bot_table(service: RoomService) -> str:
    room_id, _host = service.create({"game": "high-card", "seats": 2, "buy_in": 200,
                                     "approval": False, "next_hand_delay": 0,
                                     "bots_play_alone": True})
    service.fill_with_bots(room_id)
    service.execute(room_id, lambda room: room.set_paused(False))
    return room_id


def test_the_process_that_made_the_latest_move_makes_the_next_automatic_one(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    clock = FakeClock()
    timing = Timing(bot_delay=1.0, bot_spread=0.5, shared=True, takeover=2.0,
                    warm_up=False)
    a = RoomService(Store(url), timing, clock=clock)
    b = RoomService(Store(url), timing, clock=clock)
    room_id = bot_table(a)
    follower = b.get(room_id)
    assert a.step(room_id)  # the deal (or a bot's move) through a
    b._catch_up_with(b.store.events_after({room_id: follower.room.seq}))
    assert follower.room.seq == a.get(room_id).room.seq
    led = next_due(a.get(room_id), timing, clock.now)
    follows = next_due(follower, timing, clock.now)
    assert led is not None and follows is not None
    # a bot of the leading process waits at most 1.5 s; the follower waits that, and
    # the grace period on top
    assert led <= clock.now + 1.5
    assert follows == clock.now + 1.5 + 2.0
    # once b makes a move itself, b leads the table
    assert b.step(room_id)
    again = next_due(b.get(room_id), timing, clock.now)
    assert again is not None and again <= clock.now + 1.5


def test_a_following_process_applies_the_other_s_moves_and_never_races_it(
        database_url: str) -> None:
    timing = Timing(bot_delay=0.0, shared=True, poll_interval=0.05, takeover=600.0,
                    warm_up=False)
    lead = RoomService(Store(database_url), timing)
    follow = RoomService(Store(database_url), timing)

    async def play() -> tuple[int, int]:
        loop = asyncio.get_running_loop()
        follow.start(loop)
        room_id = bot_table(lead)
        follow.get(room_id)  # a connection opened the table on the following process
        lead.start(loop)
        for _ in range(2000):  # until a few hands are played (bounded, not timed)
            await asyncio.sleep(0.01)
            if len(lead.get(room_id).room.hands) >= 4:
                break
        lead.stop()
        last = lead.store.last_seq(room_id)
        for _ in range(2000):
            await asyncio.sleep(0.01)
            if follow.get(room_id).room.seq == last:
                break
        follow.stop()
        return last, follow.get(room_id).room.seq

    last, followed = asyncio.run(play())
    assert len(lead.rooms) == 1
    room_id = next(iter(lead.rooms))
    assert followed == last
    mirror, original = follow.get(room_id), lead.get(room_id)
    assert mirror.generation == 0, "the following process never wrote a move of its own"
    assert {s: i.stack for s, i in mirror.room.seats.items()} == \
        {s: i.stack for s, i in original.room.seats.items()}
    assert len(mirror.room.hands) == len(original.room.hands) >= 4
    seqs = [e.seq for e in lead.store.events(room_id)]
    assert seqs == list(range(1, last + 1))


def test_a_table_opened_in_a_worker_thread_is_the_table_of_the_log(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'open.sqlite3'}"
    timing = Timing(bot_delay=0.0, shared=True, poll_interval=0.05, warm_up=False)
    maker = RoomService(Store(url), timing)
    service = RoomService(Store(url), timing)

    async def open_twice() -> tuple[str, object, object]:
        service.start(asyncio.get_running_loop())
        room_id = bot_table(maker)  # made by another process once this one runs
        for _ in range(30):
            maker.step(room_id)
        assert room_id not in service.rooms
        first, again = await asyncio.gather(service.open(room_id), service.open(room_id))
        service.stop()
        return room_id, first, again

    room_id, first, again = asyncio.run(open_twice())
    assert first is again is service.rooms[room_id]
    assert service.rooms[room_id].room.seq == maker.store.last_seq(room_id)
    assert {s: i.stack for s, i in service.rooms[room_id].room.seats.items()} == \
        {s: i.stack for s, i in maker.get(room_id).room.seats.items()}


def test_a_process_that_catches_up_a_whole_hand_still_waits_the_pause_between_hands(
        tmp_path: Path) -> None:
    """The timer race behind "an event was not stored (already has event N);
    rebuilding": a process that heard of a hand only once it was over (its events read in
    one batch) took the pause between hands as long gone, so its timer dealt the next
    hand at once (after the grace period), racing the process that made the hand's last
    move for the same event number, and the deal came well before the pause was over.
    The pause runs from the stored time of the hand's last move, whoever reads it."""
    url = f"sqlite:///{tmp_path / 'pause.sqlite3'}"
    clock = FakeClock()
    timing = Timing(bot_delay=0.0, shared=True, takeover=2.0, warm_up=False)
    lead = RoomService(Store(url), timing, clock=clock, wall=clock)
    follow = RoomService(Store(url), timing, clock=clock, wall=clock)
    room_id, _host, _tokens = open_table(lead, players=2, timer=0, next_hand_delay=3)
    follower = follow.get(room_id)
    clock.now += 10
    assert lead.step(room_id)  # the deal, then both players' moves to the hand's end
    while (hand := lead.get(room_id).room.hand) is not None:
        seat = lead.get(room_id).room.actors()[0]
        lead.act(room_id, seat, lead.get(room_id).room.default_action(seat))
    assert hand is None and lead.get(room_id).room.hands[-1].result is not None
    led = next_due(lead.get(room_id), timing, clock.now)
    assert led == clock.now + 3
    clock.now += 0.5  # the other process reads the whole hand at once, half a second on
    follow._catch_up_with(follow.store.events_after({room_id: follower.room.seq}))
    assert follower.room.seq == lead.get(room_id).room.seq
    follows = next_due(follower, timing, clock.now)
    # the pause ends 2.5 s from now; the follower waits that, and its grace period
    assert follows == clock.now + 2.5 + 2.0
