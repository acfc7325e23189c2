"""The snapshots a table's connections receive, built once per table state and shared.

Every connection that sees the table the same way (its seat, whether it is the host)
gets the same JSON text; the ledger is drawn and encoded only when it changes and is
left out for a connection that already has it.

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> live = LiveRoom(Room("t1", RoomConfig.from_json({"game": "holdem"}), "hash"))
>>> text, key = view_update(live, None, False, None, now=0.0)
>>> '"ledger":' in text, view_update(live, None, False, key, now=0.0)[0] == text
(True, False)
"""

from __future__ import annotations

import json
from typing import Any

from pokerroom.server.live import LiveRoom
from pokerroom.server.snapshot import ledger_key, ledger_payload, seat_stacks, snapshot

__all__ = ["snapshot_for", "view_update"]

REFRESH = 0.5
"""Seconds after which a view is drawn again while an action clock runs."""


def snapshot_for(live: LiveRoom, seat: int | None, host: bool, now: float, *,
                 ledger: bool = True) -> dict[str, Any]:
    """The table as ``seat`` sees it, with the seconds left on each running clock (on
    each held clock while the table is paused)."""
    if live.room.paused:  # held at what each had when the pause began
        deadlines = {s: left for s, (left, _since) in live.room.clocks.items()}
    else:
        deadlines = {s: max(0.0, d - now) for s, d in live.deadlines.items()
                     if d != float("inf")}
    return snapshot(live.room, seat, host, deadlines, ledger=ledger)


def view_update(live: LiveRoom, seat: int | None, host: bool, known_ledger: object,
                now: float) -> tuple[str, tuple[Any, ...]]:
    """The snapshot's text for a connection that last received the ledger
    ``known_ledger`` (a key of :func:`~pokerroom.server.snapshot.ledger_key`; None: none
    yet), without its ``ledger`` when that is unchanged, and the ledger's key now."""
    timed = any(d != float("inf") for d in live.deadlines.values())
    if live.views_seq != live.room.seq or (timed and now - live.views_at > REFRESH):
        live.views.clear()  # a new state, or the action clocks have moved on
        live.views_seq = live.room.seq
        live.views_at = now
        key = ledger_key(live.room)
        if key != live.ledger_key:
            live.ledger_key = key
            live.ledger_text = json.dumps(
                ledger_payload(live.room, seat_stacks(live.room)), separators=(",", ":"))
    assert live.ledger_key is not None
    with_ledger = known_ledger != live.ledger_key
    view = (seat, host, with_ledger)
    text = live.views.get(view)
    if text is None:
        bare = (seat, host, False)
        text = live.views.get(bare)
        if text is None:
            text = json.dumps(snapshot_for(live, seat, host, now, ledger=False),
                              separators=(",", ":"))
            live.views[bare] = text
        if with_ledger:  # the ledger, encoded once, closes the object
            text = f'{text[:-1]},"ledger":{live.ledger_text}}}'
            live.views[view] = text
    return text, live.ledger_key
