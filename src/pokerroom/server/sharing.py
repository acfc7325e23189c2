"""Several processes on one database: the service's part that applies the events the
other processes stored (:class:`ProcessSharing`, mixed into
:class:`~pokerroom.server.service.RoomService`).

A reader thread (:mod:`pokerroom.server.follow`) fetches what is new, when PostgreSQL
says a table changed or every poll interval; the events are applied on the event loop,
each table's in order right after the ones it has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from pokerroom.server.follow import ANY, CatchUpReader, Wanted
from pokerroom.server.live import LiveRoom
from pokerroom.server.storage import Store, StoredEvent

__all__ = ["ProcessSharing"]

log = logging.getLogger("pokerroom.server")


class _Service(Protocol):
    store: Store
    rooms: dict[str, LiveRoom]
    loop: asyncio.AbstractEventLoop | None
    reader: CatchUpReader | None

    def clock(self) -> float: ...

    def _rebuild(self, live: LiveRoom) -> None: ...

    def _after_change(self, live: LiveRoom) -> None: ...

    def _catch_up_with(self, found: dict[str, list[StoredEvent]]) -> None: ...


class ProcessSharing:
    """Catching up with the other processes serving the same database (mixed into the
    service)."""

    def catch_up(self: _Service, live: LiveRoom) -> bool:
        """Apply events other processes stored; True if there were any."""
        fresh = self.store.events(live.room.id, after=live.room.seq)
        for stored in fresh:
            live.room.apply(stored.seq, stored.kind, stored.payload, stored.at)
        return bool(fresh)
    async def _poll(self: _Service, interval: float) -> None:
        """In case a notification was missed (or there are none): every table is read
        again now and then, by the reader thread."""
        while True:
            await asyncio.sleep(interval)
            if self.reader is not None:
                self.reader.want(None)

    def _heard(self: _Service, room_id: str | None, seq: int) -> None:
        """The listener's thread heard that event ``seq`` of a table was stored (``None``:
        events may have been missed): the reader thread fetches what is new."""
        if self.reader is not None:
            self.reader.want(room_id, seq if room_id is not None else ANY)

    def _positions(self: _Service, wanted: Wanted) -> dict[str, int]:
        """(In the reader's thread.) The tables asked about that this process serves
        and is behind on, and the sequence number each has (its own moves are not read
        back)."""
        for _attempt in range(3):
            try:
                served = list(self.rooms.items())
                break
            except RuntimeError:  # a table was opened meanwhile
                continue
        else:
            return {}
        every = wanted.get(None) is not None
        positions: dict[str, int] = {}
        for room_id, live in served:
            heard = wanted.get(room_id)
            if heard is None and not every:
                continue
            seq = live.room.seq
            if heard is None or heard > seq:
                positions[room_id] = seq
        return positions

    def _fetched(self: _Service, found: dict[str, list[StoredEvent]]) -> None:
        """(In the reader's thread.) Events read for some tables: applied on the loop."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is closing
            loop.call_soon_threadsafe(self._catch_up_with, found)

    def _catch_up_with(self: _Service, found: dict[str, list[StoredEvent]]) -> None:
        """Apply events other processes stored, each table's in order right after the
        ones it has; a table with events of its own not yet stored waits for them (its
        events are read again then), and a table that turns out to be further behind
        than what was read is read again."""
        for room_id, events in found.items():
            live = self.rooms.get(room_id)
            if live is None:
                continue
            if live.unsaved:
                live.stale = True
                continue
            fresh = [stored for stored in events if stored.seq > live.room.seq]
            if not fresh:
                continue
            if fresh[0].seq != live.room.seq + 1:
                assert self.reader is not None
                self.reader.want(room_id)
                continue
            try:
                for stored in fresh:
                    live.room.apply(stored.seq, stored.kind, stored.payload, stored.at)
            except Exception:  # the log is the truth: start again from it
                log.exception("table %s: applying stored events failed; rebuilding",
                              room_id)
                self._rebuild(live)
            live.led_elsewhere, live.heard_at = True, self.clock()
            self._after_change(live)
