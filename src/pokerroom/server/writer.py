"""Group commit: the events of many tables stored together by one writer thread.

The event loop never waits for the database. Each event is queued with
:meth:`GroupCommitter.submit`, which returns a future; a dedicated thread takes whatever
is queued (waiting up to ``window`` seconds for more once the first row arrives), stores
the batch in one transaction, and only then resolves the futures, in queue order. A
caller acknowledges an event (its reply, the broadcast of the new table) only after its
future is done, so a crash never loses an acknowledged event.

If a batch cannot be stored as a whole (a sequence number already taken), its rows are
stored one transaction each so the others still go in; the failing row's future gets the
error, and so does every later row of the same table submitted with the same
``generation``: the table rebuilds from its log and submits under a new generation, so
its log never gets a gap.

>>> from pokerroom.server.storage import Store
>>> store = Store("sqlite://")
>>> store.create_room("abc", {})
>>> writer = GroupCommitter(store)
>>> first = writer.submit("abc", 1, "created", {})
>>> second = writer.submit("abc", 1, "again", {})
>>> third = writer.submit("abc", 2, "after", {})
>>> rebuilt = writer.submit("abc", 2, "rebuilt", {}, generation=1)
>>> first.result(5)
>>> second.exception(5)
SequenceConflict('table abc already has event 1')
>>> third.exception(5)
SequenceConflict('table abc: event 1 was not stored')
>>> rebuilt.result(5)
>>> writer.close()
>>> [e.kind for e in store.events("abc")]
['created', 'rebuilt']
"""

from __future__ import annotations

import queue
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from pokerroom.server.storage import SequenceConflict, Store

__all__ = ["GroupCommitter"]

MAX_BATCH = 512


@dataclass(slots=True)
class _Row:
    room_id: str
    seq: int
    kind: str
    payload: dict[str, Any]
    generation: int
    at: float
    future: Future[None] = field(default_factory=Future)


class GroupCommitter:
    """One writer thread for a :class:`Store`; see the module docstring."""

    def __init__(self, store: Store, window: float = 0.002) -> None:
        self.store = store
        self.window = window
        self._queue: queue.SimpleQueue[_Row | Future[None] | None] = queue.SimpleQueue()
        self._failed: dict[str, tuple[int, int]] = {}  # table: (generation, seq)
        self._closed = False
        self.batches = 0
        self.rows = 0
        self._thread = threading.Thread(target=self._run, name="pokerroom-writer",
                                        daemon=True)
        self._thread.start()

    def submit(self, room_id: str, seq: int, kind: str, payload: dict[str, Any],
               generation: int = 0, at: float | None = None) -> Future[None]:
        """Queue event ``seq`` of a table, made at ``at`` (seconds since the epoch; now
        when not given); the future is done once it is stored. ``generation`` counts the
        table's rebuilds from its log."""
        if self._closed:
            raise RuntimeError("the writer is closed")
        row = _Row(room_id, seq, kind, payload, generation,
                   time.time() if at is None else at)
        # running: a caller that stops waiting cannot cancel a row being stored
        row.future.set_running_or_notify_cancel()
        self._queue.put(row)
        return row.future

    def flush(self) -> None:
        """Wait until every row queued so far is stored (or refused)."""
        if self._closed:
            return
        marker: Future[None] = Future()
        self._queue.put(marker)
        marker.result()

    def close(self) -> None:
        """Store everything queued, then stop the thread."""
        if not self._closed:
            self._closed = True
            self._queue.put(None)
            self._thread.join()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            if isinstance(first, Future):
                first.set_result(None)
                continue
            batch = [first]
            stop = False
            marker: Future[None] | None = None
            deadline = time.monotonic() + self.window
            while len(batch) < MAX_BATCH:
                try:
                    left = deadline - time.monotonic()
                    row = self._queue.get(timeout=left) if left > 0 else \
                        self._queue.get_nowait()
                except queue.Empty:
                    break
                if row is None:
                    stop = True
                    break
                if isinstance(row, Future):
                    marker = row
                    break
                batch.append(row)
            self._store(batch)
            if marker is not None:
                marker.set_result(None)
            if stop:
                return

    def _store(self, batch: list[_Row]) -> None:
        ready = [row for row in batch if not self._refuse(row)]
        if not ready:
            return
        try:
            self.store.append_many([(r.room_id, r.seq, r.kind, r.payload, r.at)
                                    for r in ready])
        except SequenceConflict:
            for row in ready:
                if self._refuse(row):
                    continue
                try:
                    self.store.append(row.room_id, row.seq, row.kind, row.payload, row.at)
                except Exception as err:  # handed to the waiting caller
                    self._failed[row.room_id] = (row.generation, row.seq)
                    row.future.set_exception(err)
                else:
                    row.future.set_result(None)
            return
        except Exception as err:  # handed to every waiting caller
            for row in ready:
                self._failed.setdefault(row.room_id, (row.generation, row.seq))
                row.future.set_exception(err)
            return
        self.batches += 1
        self.rows += len(ready)
        for row in ready:
            row.future.set_result(None)

    def _refuse(self, row: _Row) -> bool:
        """Fail a row queued after an earlier row of its table failed."""
        failed = self._failed.get(row.room_id)
        if failed is None:
            return False
        generation, seq = failed
        if row.generation != generation:  # the table was rebuilt since
            del self._failed[row.room_id]
            return False
        row.future.set_exception(
            SequenceConflict(f"table {row.room_id}: event {seq} was not stored"))
        return True
