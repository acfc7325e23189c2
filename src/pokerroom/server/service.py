"""Live tables: every command goes through here, is stored, then broadcast.

:class:`RoomService` keeps each open table as a :class:`~pokerroom.server.room.Room`
rebuilt from its log, runs commands with optimistic concurrency (validate and apply,
store under the next sequence number; if another process stored that number first,
rebuild from the log and try again), and wakes each table when a bot must act, a
player's time is up, or the next hand is due. When several processes share the
database, each applies the others' events as a reader thread fetches them
(:mod:`pokerroom.server.follow`), and a table's automatic steps (bots, timeouts, deals)
are made by the process that made its latest move: the others wait
:attr:`Timing.takeover` seconds longer, and carry the table on only if that process
has gone quiet. With one process on its database, events
are stored by a writer thread in group commits (:mod:`pokerroom.server.writer`) and a
change is acknowledged and shown only once stored. Subscribers (websocket connections)
are told that the table changed and fetch its snapshot from ``view(seat)``, built once
per table state for each view and shared.

The service's parts, each one concern, are mixed into :class:`RoomService` from modules
of their own: the players' commands (:mod:`pokerroom.server.seat_commands`), what a
table does by itself, bots, timeouts and deals (:mod:`pokerroom.server.automation`),
catching up with the other processes on the database (:mod:`pokerroom.server.sharing`)
and the heartbeats and clocks resumed after a restart
(:mod:`pokerroom.server.downtime`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from typing import Any

from pokerroom.errors import PokerroomError
from pokerroom.server.automation import TableAutomation
from pokerroom.server.codec import to_json
from pokerroom.server.config import RoomConfig, trial_announcement
from pokerroom.server.downtime import DowntimeClocks
from pokerroom.server.follow import CatchUpReader
from pokerroom.server.live import LiveRoom, Subscriber, Timing
from pokerroom.server.notify import EventListener
from pokerroom.server.ratelimit import TokenBucket
from pokerroom.server.room import PendingEvent, Room, hash_token, new_token
from pokerroom.server.schedule import draw_bot_wait, track_actors
from pokerroom.server.seat_commands import PlayerCommands
from pokerroom.server.sharing import ProcessSharing
from pokerroom.server.storage import RoomNotFound, SequenceConflict, Store
from pokerroom.server.views import snapshot_for, view_update
from pokerroom.server.warmup import warm_up_room
from pokerroom.server.writer import GroupCommitter

__all__ = ["LiveRoom", "RoomService", "Subscriber", "Timing"]

log = logging.getLogger("pokerroom.server")


class RoomService(DowntimeClocks, PlayerCommands, TableAutomation, ProcessSharing):
    """Every table this process serves. See the module docstring."""

    def __init__(self, store: Store, timing: Timing | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.store = store
        self.timing = timing or Timing()
        self.clock = clock
        self.wall = wall  # the stored times of events are on this clock
        self.rooms: dict[str, LiveRoom] = {}
        self.chat_limits: dict[tuple[str, str], TokenBucket] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self._poller: asyncio.Task[None] | None = None
        self._listener: EventListener | None = None
        self.reader: CatchUpReader | None = None
        self._stopped = False
        self._collector: asyncio.Task[None] | None = None
        self._beater: asyncio.Task[None] | None = None
        self._switch_interval: float | None = None
        # Events are stored by a writer thread (group commit), off the event loop: by a
        # process owning a database file, and by each of the processes sharing one
        # PostgreSQL database (an event another process stored first fails its batch
        # on the sequence constraint, and the table is rebuilt from the log). A shared
        # SQLite file, or a database in memory, stores each event in the caller's
        # thread.
        memory = store.url in ("sqlite://", "sqlite:///:memory:")
        self._memory = memory  # one connection for every thread: read on the loop
        shared_file = self.timing.shared and store.dialect != "postgresql"
        self.writer = None if shared_file or memory else GroupCommitter(store)

    # ----------------------------------------------------------------- lifecycle

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach to the running loop; resume every stored table (timers, bots)."""
        self.loop = loop
        if self.timing.switch_interval is not None:
            self._switch_interval = sys.getswitchinterval()
            sys.setswitchinterval(self.timing.switch_interval)
        if self.timing.warm_up:
            threading.Thread(target=_warm_up, name="pokerroom-warm-up", daemon=True).start()
        for room_id in self.store.room_ids():
            try:
                live = self.get(room_id)
            except PokerroomError:
                log.exception("table %s could not be restored", room_id)
                continue
            self._after_change(live)
        interval = self.timing.poll_interval
        if self.timing.shared:
            self.reader = CatchUpReader(self.store, self._positions, self._fetched)
            self.reader.start()
        if self.timing.shared and self.store.dialect == "postgresql":
            listener = EventListener(self.store.url, self._heard)
            if listener.start():
                self._listener = listener
                interval = self.timing.listen_poll_interval
            else:
                log.warning("could not listen for table events; polling instead")
        if self.timing.shared and interval > 0:
            self._poller = loop.create_task(self._poll(interval))
        if self.timing.freeze_interval > 0:
            self._collector = loop.create_task(self._collect())
        if self.timing.heartbeat > 0:
            self._beater = loop.create_task(self._heartbeat())

    def stop(self) -> None:
        self._stopped = True  # a bot still choosing in a worker thread acts no more
        if self._switch_interval is not None:
            sys.setswitchinterval(self._switch_interval)
            self._switch_interval = None
        for live in self.rooms.values():
            if live.wake is not None:
                live.wake.cancel()
        if self._poller is not None:
            self._poller.cancel()
        if self._listener is not None:
            self._listener.stop()
            self._listener = None
        if self.reader is not None:
            self.reader.stop()
            self.reader = None
        if self._collector is not None:
            self._collector.cancel()
        if self._beater is not None:
            self._beater.cancel()
            with contextlib.suppress(Exception):  # the last moment the tables were served
                self.beat()
        if self.writer is not None:
            self.writer.close()

    # ----------------------------------------------------------------- tables

    def create(self, data: Any) -> tuple[str, str]:
        """A new table from the host's settings; returns (table id, host token)."""
        config = RoomConfig.from_json(data)
        for choice in config.choices():
            from pokerroom.games import get_game

            trial_announcement(get_game(choice.game), choice, config.buy_in)
        room_id = secrets.token_urlsafe(9)
        host_token = new_token()
        self.store.create_room(room_id, config.to_json())
        self.store.append(room_id, 1, "created", {"host_hash": hash_token(host_token),
                                                  "config": config.to_json()})
        live = self.get(room_id)
        self._reschedule(live)
        return room_id, host_token

    def get(self, room_id: str) -> LiveRoom:
        """The live table, rebuilt from its log on first use."""
        live = self.rooms.get(room_id)
        if live is None:
            live = self._install(self._replay(room_id))
            self._note_outage(live)
        return live

    async def open(self, room_id: str) -> LiveRoom:
        """Like :meth:`get`, on the event loop: a table not loaded yet is rebuilt from
        its log in a worker thread, so the loop serves the other tables meanwhile (many
        connections opening at once after a restart would otherwise hold it up); what
        other processes stored meanwhile is read right after."""
        live = self.rooms.get(room_id)
        if live is not None or self._memory:
            return live or self.get(room_id)
        room = await asyncio.to_thread(self._replay, room_id)
        live = self.rooms.get(room_id)
        if live is not None:  # opened meanwhile
            return live
        live = self._install(room)
        if self.reader is not None:
            self.reader.want(room.id)
        self._note_outage(live)
        return live

    def _install(self, room: Room) -> LiveRoom:
        """Serve a table rebuilt from its log."""
        live = LiveRoom(room)
        self._resume_clocks(live)
        track_actors(live, self.timing, self.clock(), self.wall())
        if self.timing.shared:  # another process may be carrying the table on
            live.led_elsewhere, live.heard_at = True, self.clock()
            draw_bot_wait(live, self.timing, live.heard_at)
        self.rooms[room.id] = live
        return live

    def _replay(self, room_id: str) -> Room:
        """The table rebuilt from its log."""
        events = self.store.events(room_id)
        if not events or events[0].kind != "created":
            raise RoomNotFound(f"no table {room_id!r}")
        first = events[0].payload
        config = RoomConfig.from_json(first["config"])
        room = Room(room_id, config, first["host_hash"])
        room.seq = 1
        for stored in events[1:]:
            room.apply(stored.seq, stored.kind, stored.payload, stored.at)
        return room

    def _rebuild(self, live: LiveRoom) -> None:
        """Rebuild a live table from its log, once every event queued is stored (those
        refused are dropped), so the table never goes back to a number an event still
        on its way to the database holds."""
        if self.writer is not None:  # every row queued, whoever queued it
            self.writer.flush()
        live.room = self._replay(live.room.id)
        live.generation += 1
        if self.timing.shared:  # another process stored what this one did not know
            live.led_elsewhere, live.heard_at = True, self.clock()

    # ----------------------------------------------------------------- commands

    def execute(self, room_id: str, command: Callable[[Room], PendingEvent]) -> int:
        """Validate, apply, store and broadcast one command; returns its sequence
        number once it is stored. Bad commands raise a :class:`PokerroomError` and change
        nothing."""
        live = self.get(room_id)
        for _attempt in range(8):
            if self.timing.shared:
                self.catch_up(live)
            seq, payload, kind, at = self._apply(live, command)
            try:
                if self.writer is None:
                    self.store.append(room_id, seq, kind, payload, at)
                else:
                    self.writer.submit(room_id, seq, kind, payload,
                                       live.generation, at).result()
            except SequenceConflict:
                self._rebuild(live)
                continue
            except Exception:  # the table in memory must never run ahead of its log
                log.exception("table %s: event %s could not be stored; rebuilding",
                              room_id, seq)
                self._rebuild(live)
                self._after_change(live)
                raise PokerroomError("the server could not store that; the table is "
                                     "as its log says") from None
            self._after_change(live)
            return seq
        raise PokerroomError("the table is too busy; try again")

    def submit(self, room_id: str,
               command: Callable[[Room], PendingEvent]) -> tuple[int, Future[None]]:
        """Like :meth:`execute`, without waiting for the database when called on the
        event loop: returns the sequence number and a future done once the event is
        stored. Only then may it be acknowledged; the table's connections are told
        then too (see :meth:`view_json`)."""
        loop = self.loop
        if self.writer is None or loop is None or not _on_loop(loop):
            done: Future[None] = Future()
            done.set_result(None)
            return self.execute(room_id, command), done
        live = self.get(room_id)
        seq, payload, kind, at = self._apply(live, command)
        stored = self.writer.submit(room_id, seq, kind, payload, live.generation, at)
        live.unsaved += 1
        stored.add_done_callback(
            lambda future: loop.call_soon_threadsafe(self._stored, room_id, future))
        self._after_apply(live)
        return seq, stored

    def _apply(self, live: LiveRoom, command: Callable[[Room], PendingEvent],
               ) -> tuple[int, dict[str, Any], str, float]:
        """Validate and apply a command in memory: (sequence number, payload, kind, when
        it was made)."""
        room_id = live.room.id
        pending = command(live.room)
        seq = live.room.seq + 1
        at = self.wall()
        try:
            produced = live.room.apply(seq, pending.kind, pending.payload, at)
        except PokerroomError:
            self._rebuild(live)
            raise
        except Exception:
            log.exception("table %s: event %s failed; rebuilding", room_id, pending.kind)
            self._rebuild(live)
            raise PokerroomError("the server could not apply that; nothing changed") \
                from None
        payload = dict(pending.payload)
        if produced:
            payload["events"] = [to_json(event) for event in produced]
        live.led_elsewhere = False
        return seq, payload, pending.kind, at

    def _stored(self, room_id: str, future: Future[None]) -> None:
        """An event queued by :meth:`submit` was stored (or refused)."""
        live = self.rooms.get(room_id)
        if live is None:
            return
        live.unsaved -= 1
        error = future.exception()
        if error is not None:
            log.warning("table %s: an event was not stored (%s); rebuilding", room_id, error)
            self._rebuild(live)
            self._after_change(live)
        elif live.unsaved == 0:
            self._notify(live)
        if live.unsaved == 0 and live.stale and self.reader is not None:
            live.stale = False
            self.reader.want(room_id)

    async def _collect(self) -> None:
        """Keep garbage-collection pauses short: the tables' long-lived hand records
        are moved out of the collector's sight every few seconds (``gc.freeze``), and a
        full collection runs only now and then, instead of ever longer full scans in
        the middle of play."""
        last_full = self.clock()
        while True:
            await asyncio.sleep(self.timing.freeze_interval)
            if self.clock() - last_full >= self.timing.full_collect_interval:
                gc.unfreeze()
                gc.collect()
                last_full = self.clock()
            gc.freeze()

    # ----------------------------------------------------------------- views

    def snapshot_for(self, room_id: str, seat: int | None, host: bool, *,
                     ledger: bool = True) -> dict[str, Any]:
        return snapshot_for(self.get(room_id), seat, host, self.clock(), ledger=ledger)

    def view_json(self, room_id: str, seat: int | None, host: bool) -> str | None:
        """The snapshot for a connection as JSON text, or None while the table has
        events not yet stored (they are sent once stored). Built once per table state
        for each (seat, host) pair and shared by every connection that sees the same
        (while an action clock runs, rebuilt when half a second old)."""
        update = self.view_update(room_id, seat, host, None)
        return None if update is None else update[0]

    def view_update(self, room_id: str, seat: int | None, host: bool,
                    known_ledger: object) -> tuple[str, tuple[Any, ...]] | None:
        """Like :meth:`view_json`, for a connection that last received the ledger
        ``known_ledger``: see :func:`pokerroom.server.views.view_update`."""
        live = self.get(room_id)
        if live.unsaved:
            return None
        return view_update(live, seat, host, known_ledger, self.clock())

    def subscribe(self, room_id: str, subscriber: Subscriber) -> None:
        self.get(room_id).subscribers.add(subscriber)

    def unsubscribe(self, room_id: str, subscriber: Subscriber) -> None:
        live = self.rooms.get(room_id)
        if live is not None:
            live.subscribers.discard(subscriber)


def warm_up_process(games: Iterable[str] | None = None) -> dict[str, int]:
    """Load what the first hands would load, by playing one hand of each game in a
    throwaway in-memory room (see :mod:`pokerroom.server.warmup`)."""
    store = Store("sqlite://")
    try:
        return warm_up_room(RoomService(store, Timing(bot_delay=0.0, warm_up=False)), games)
    finally:
        store.close()


def _warm_up() -> None:
    try:
        warm_up_process()
    except Exception:  # a failed warm-up only means the first hands load it themselves
        log.exception("warming up failed")


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether the caller runs on ``loop``'s thread."""
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
