"""Instant fan-out between processes sharing one PostgreSQL database.

Every stored event also sends a PostgreSQL notification on :data:`CHANNEL`, in the same
transaction as its row, so it is delivered once the row is committed and never before.
Each process keeps one connection listening on that channel (:class:`EventListener`,
a thread of its own); a notification names the table and the sequence number stored,
and the process catches that table up from the log at once, if it serves it and is
behind. The sequence constraint stays the guard: a notification only says where to
look, the log is still the truth, and a slow poll still runs in case a notification was
missed while the listening connection was down.

>>> notification_payload("abc", 17)
'abc 17'
>>> parse_notification("abc 17"), parse_notification("nonsense")
(('abc', 17), None)
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

__all__ = ["CHANNEL", "EventListener", "notification_payload", "parse_notification"]

log = logging.getLogger("pokerroom.server")

CHANNEL = "pokerroom_events"


def notification_payload(room_id: str, seq: int) -> str:
    """What a notification says: the table and the sequence number just stored."""
    return f"{room_id} {seq}"


def parse_notification(payload: str) -> tuple[str, int] | None:
    """``(table id, sequence number)`` from a notification (``None`` if malformed)."""
    room_id, _, seq = payload.partition(" ")
    if not room_id or not seq.isdigit():
        return None
    return room_id, int(seq)


class EventListener:
    """Listens on :data:`CHANNEL` in a daemon thread and calls ``on_event(room_id,
    seq)`` for every event another process (or this one) stored; after the listening
    connection was lost and is back, ``on_event(None, 0)`` says "anything may have been
    missed: catch every table up"."""

    def __init__(self, url: str, on_event: Callable[[str | None, int], None],
                 retry: float = 1.0) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://")
        self.on_event = on_event
        self.retry = retry
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pokerroom-listen",
                                        daemon=True)

    def start(self, timeout: float = 10.0) -> bool:
        """Start listening; True once the first connection listens (within
        ``timeout`` seconds)."""
        self._thread.start()
        return self._ready.wait(timeout)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    if not first:
                        self.on_event(None, 0)
                    first = False
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5):
                            parsed = parse_notification(note.payload)
                            if parsed is not None:
                                self.on_event(*parsed)
            except Exception:  # the database went away: listen again soon
                if self._stop.is_set():
                    return
                log.warning("listening for table events failed; retrying", exc_info=True)
                self._stop.wait(self.retry)
