"""Catching up with the other processes' events, off the event loop.

In shared mode each process must apply to its live tables the events other processes
stored. Reading them on the event loop would hold every table up for a query each time,
so a :class:`CatchUpReader` does it in a thread of its own: requests (a notification
heard, "read every table" after a missed notification or on the slow poll) are queued
with :meth:`CatchUpReader.want`; the thread takes every request queued so far at once,
asks ``positions`` which of those tables this process serves and is behind on (an event
it made itself is not read back), reads all their new events in **one** query
(:meth:`~pokerroom.server.storage.Store.events_after`), and hands them to ``deliver``,
which applies them on the event loop. Requests that arrive while a query runs are
taken together by the next one.

The reader only fetches: the log is still the truth and the sequence constraint still
the guard, so the event loop applies a table's fetched events only in order, right
after the ones it has.

>>> from pokerroom.server.storage import Store
>>> store = Store("sqlite://")
>>> store.create_room("abc", {})
>>> for seq in (1, 2, 3):
...     store.append("abc", seq, "e", {})
>>> got = []
>>> reader = CatchUpReader(store, lambda wanted: {"abc": 1}, got.append)
>>> reader.start()
>>> reader.want("abc", 3)
>>> reader.flush()
True
>>> [[e.seq for e in events] for events in got[0].values()]
[[2, 3]]
>>> reader.stop()
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Mapping

from pokerroom.server.storage import Store, StoredEvent

__all__ = ["ANY", "CatchUpReader"]

log = logging.getLogger("pokerroom.server")

ANY = 2**62
"""The sequence number of a request that does not know how far the table got: read
whatever follows the table's position (above any real number, so it prevails when
requests for one table are taken together)."""

Wanted = dict[str | None, int]
"""Tables asked about (``None``: every table served) and the highest sequence number
heard of for each (:data:`ANY` when unknown)."""


class CatchUpReader:
    """The reader thread; see the module docstring. ``positions(wanted)`` (called in
    the reader's thread) gives each table to read and the sequence number it has;
    ``deliver(found)`` (also in the reader's thread) receives every table's events
    read, keyed by table."""

    def __init__(self, store: Store, positions: Callable[[Wanted], Mapping[str, int]],
                 deliver: Callable[[dict[str, list[StoredEvent]]], None],
                 retry: float = 0.5) -> None:
        self.store = store
        self.positions = positions
        self.deliver = deliver
        self.retry = retry
        self.queries = 0
        self._queue: queue.SimpleQueue[tuple[str | None, int] | threading.Event | None] = \
            queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="pokerroom-catch-up",
                                        daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._queue.put(None)
        self._thread.join(5)

    def want(self, room_id: str | None, seq: int = ANY) -> None:
        """Ask for a table's events up to ``seq`` (``room_id`` ``None``: every table's);
        safe from any thread."""
        self._queue.put((room_id, seq))

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every request queued so far was read and delivered."""
        done = threading.Event()
        self._queue.put(done)
        return done.wait(timeout)

    def _run(self) -> None:
        while True:
            wanted: Wanted = {}
            markers: list[threading.Event] = []
            item = self._queue.get()
            while True:
                if item is None:
                    return
                if isinstance(item, threading.Event):
                    markers.append(item)
                else:
                    room_id, seq = item
                    wanted[room_id] = max(seq, wanted.get(room_id, 0))
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            if wanted:
                self._read(wanted)
            for marker in markers:
                marker.set()

    def _read(self, wanted: Wanted) -> None:
        try:
            positions = self.positions(wanted)
            if not positions:
                return
            found = self.store.events_after(positions)
            self.queries += 1
        except Exception:  # the database is away: ask again soon
            log.warning("reading other processes' events failed; retrying", exc_info=True)
            threading.Timer(self.retry, self._requeue, (wanted,)).start()
            return
        if found:
            self.deliver(found)

    def _requeue(self, wanted: Wanted) -> None:
        for room_id, seq in wanted.items():
            self.want(room_id, seq)
