"""What the service keeps for each table it serves, and how its automatic steps are timed.

A :class:`LiveRoom` is one open table: the :class:`~pokerroom.server.room.Room` rebuilt
from its log, the connections watching it, each seat's action clock, the bots' waits
and the views built for its current state. :class:`Timing` holds the service's settings
for bots, timers and following other processes.

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> live = LiveRoom(Room("t1", RoomConfig.from_json({"game": "holdem"}), "hash"))
>>> live.deadlines, live.unsaved, Timing().bot_delay
({}, 0, 0.6)
"""

from __future__ import annotations

import asyncio
import random
import secrets
from dataclasses import dataclass, field
from typing import Any, Protocol

from pokerroom.server.room import Room

__all__ = ["LiveRoom", "Subscriber", "Timing"]


class Subscriber(Protocol):
    """A connection watching a table (its seat, whether it is the host)."""

    seat: int | None
    host: bool

    def changed(self) -> None:
        """The table changed: send a fresh snapshot soon."""


@dataclass(frozen=True, slots=True)
class Timing:
    """How long bots think and, when not set per table, how timers behave.

    ``bot_delay``: seconds a bot waits before acting on average; each wait is drawn
    between ``1 - bot_spread`` and ``1 + bot_spread`` times that. ``shared``: other
    processes write to the same database: on PostgreSQL each stored event is announced
    to every process at once (:mod:`pokerroom.server.notify`) and the database is
    polled every ``listen_poll_interval`` seconds in case an announcement was missed; on
    other databases it is polled every ``poll_interval`` seconds; either way the events
    are read by a thread of their own (:mod:`pokerroom.server.follow`). ``takeover``:
    in shared mode, how much longer than its due time a process that did not make a
    table's latest move waits before a bot's move, a timeout or a deal there (the
    process that made it does them; this one carries on if that one has gone).
    ``freeze_interval`` and ``full_collect_interval``: see the service's garbage
    collection (``RoomService._collect``). ``warm_up``: play a hand of every game in
    the background at start-up so the first real hands do not
    stall the process (:mod:`pokerroom.server.warmup`). ``switch_interval``: how long
    (seconds) a thread holds the interpreter before another may run while the service
    is started; short, so the event loop answers soon after the writer thread has
    stored a batch (None leaves the interpreter's setting alone). ``heartbeat``: how
    often (seconds) the service notes in the database that it is alive, so that after
    a restart the time it was down is not counted on the action clocks (0: never)."""

    bot_delay: float = 0.6
    bot_spread: float = 0.5
    shared: bool = False
    takeover: float = 2.0
    poll_interval: float = 1.0
    listen_poll_interval: float = 10.0
    freeze_interval: float = 10.0
    full_collect_interval: float = 600.0
    warm_up: bool = True
    switch_interval: float | None = 0.0005
    heartbeat: float = 0.5


@dataclass
class LiveRoom:
    room: Room
    subscribers: set[Subscriber] = field(default_factory=set)
    deadlines: dict[int, float] = field(default_factory=dict)
    hand_over_at: float = 0.0
    wake: asyncio.TimerHandle | None = None
    bot_rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    thinking: bool = False
    unsaved: int = 0
    generation: int = 0
    views_seq: int = -1
    views_at: float = 0.0
    views: dict[tuple[int | None, bool, bool, bool], str] = field(default_factory=dict)
    ledger_key: tuple[Any, ...] | None = None
    ledger_text: str = "null"
    chat_count: int = -1
    chat_text: str = "null"
    # shared mode: another process made the latest move (at heard_at, this clock)
    led_elsewhere: bool = False
    heard_at: float = 0.0
    # fetched events waited for this table's own events to be stored: read again then
    stale: bool = False
    # when the bot to act may act
    bot_at: float = 0.0
    think_rng: random.Random = field(default_factory=lambda: random.Random(
        secrets.randbits(64)))
    # the clocks a restart resumed after an outage, to be noted in the log
    outage_clocks: dict[int, float] = field(default_factory=dict)
    # a tournament's level clock after an outage, to note in the log (None: none)
    outage_level: float | None = None
