"""The snapshots a table's connections receive, built once per table state and shared.

Every connection that sees the table the same way (its seat, whether it is the host)
gets the same JSON text; the ledger and the chat are each drawn and encoded only when
they change and are left out for a connection that already has them.

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> live = LiveRoom(Room("t1", RoomConfig.from_json({"game": "holdem"}), "hash"))
>>> text, key = view_update(live, None, False, None, now=0.0)
>>> '"ledger":' in text, '"chat":{' in text
(True, True)
>>> again = view_update(live, None, False, key, now=0.0)[0]
>>> '"ledger":' in again, '"chat":{' in again
(False, False)
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
    each held clock while the table is paused); with its ledger and its chat unless
    ``ledger`` is false."""
    if live.room.paused:  # held at what each had when the pause began
        deadlines = {s: left for s, (left, _since) in live.room.clocks.items()}
    else:
        deadlines = {s: max(0.0, d - now) for s, d in live.deadlines.items()
                     if d != float("inf")}
    data = snapshot(live.room, seat, host, deadlines, ledger=ledger)
    if ledger:  # the whole snapshot: the chat too
        data["chat"] = live.room.chat_payload()
    return data


def view_update(live: LiveRoom, seat: int | None, host: bool, known: object,
                now: float) -> tuple[str, tuple[Any, ...]]:
    """The snapshot's text for a connection that last received what the key ``known``
    says (None: nothing yet), without its ``ledger`` and its ``chat`` when those are
    unchanged, and the key now: the ledger's (a key of
    :func:`~pokerroom.server.snapshot.ledger_key`) and how many lines the chat has."""
    room = live.room
    timed = any(d != float("inf") for d in live.deadlines.values()) or (
        room.tourney is not None and room.tourney.since is not None)
    if live.views_seq != room.seq or (timed and now - live.views_at > REFRESH):
        live.views.clear()  # a new state, or the action clocks have moved on
        live.views_seq = room.seq
        live.views_at = now
        key = ledger_key(room)
        if key != live.ledger_key:
            live.ledger_key = key
            live.ledger_text = json.dumps(
                ledger_payload(room, seat_stacks(room)), separators=(",", ":"))
        if len(room.chat) != live.chat_count:
            live.chat_count = len(room.chat)
            live.chat_text = json.dumps(room.chat_payload(), separators=(",", ":"))
    assert live.ledger_key is not None
    known_ledger, known_chat = known if isinstance(known, tuple) and len(known) == 2 \
        else (None, None)
    with_ledger = known_ledger != live.ledger_key
    with_chat = known_chat != live.chat_count
    view = (seat, host, with_ledger, with_chat)
    text = live.views.get(view)
    if text is None:
        bare = (seat, host, False, False)
        text = live.views.get(bare)
        if text is None:
            text = json.dumps(snapshot_for(live, seat, host, now, ledger=False),
                              separators=(",", ":"))
            live.views[bare] = text
        # the ledger and the chat, each encoded once, close the object
        if with_ledger:
            text = f'{text[:-1]},"ledger":{live.ledger_text}}}'
        if with_chat:
            text = f'{text[:-1]},"chat":{live.chat_text}}}'
        live.views[view] = text
    return text, (live.ledger_key, live.chat_count)
