"""When a table's next automatic step is due: a bot's move, a timeout or the next deal.

The service calls :func:`track_actors` after every change: each seat to act gets its
action clock (``inf`` when the table has no timer) with the time the room keeps for it
(a full turn, or what was left when a pause began), a finished hand starts the pause
before the next deal, and a bot's wait is drawn (:func:`draw_bot_wait`). While the
table is paused nothing is due: no clock runs, no bot moves, no hand is dealt. :func:`next_due`
then says when the table must be woken (``None``: nothing is due).

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> live = LiveRoom(Room("t1", RoomConfig.from_json({"game": "holdem"}), "hash"))
>>> next_due(live, Timing(), now=5.0)       # nobody seated: nothing is due
"""

from __future__ import annotations

from pokerroom.server.live import LiveRoom, Timing

__all__ = ["draw_bot_wait", "next_due", "track_actors"]

INFINITY = float("inf")


def track_actors(live: LiveRoom, timing: Timing, now: float,
                 wall: float | None = None) -> None:
    """Start the action clock of every seat that is to act now and drop the others'
    (all of them while the table is paused); note when the last hand ended; draw the
    next bot's wait. The last hand ended when the log says it did (its last move's
    stored time, read on the wall clock ``wall``), however late this process heard of
    it: a table caught up or rebuilt from its log waits the whole pause between hands
    from there, never less."""
    room = live.room
    actors = set(room.actors())
    if room.paused:  # held: each starts again from the time the room keeps for it
        actors = set()
    for seat in list(live.deadlines):
        if seat not in actors:
            del live.deadlines[seat]
    timer = room.config.timer
    for seat in actors:
        if seat not in live.deadlines or seat in room.restarted_clocks:
            kept = room.clocks.get(seat)
            left = kept[0] if kept is not None else timer
            live.deadlines[seat] = now + left if timer > 0 else INFINITY
    if room.hand is None and room.hands:
        if wall is not None and room.hand_over_time > 0:
            live.hand_over_at = now - max(0.0, wall - room.hand_over_time)
        elif live.hand_over_at < 0:
            live.hand_over_at = now
    if room.hand is not None:
        live.hand_over_at = -1.0
    draw_bot_wait(live, timing, now)


def draw_bot_wait(live: LiveRoom, timing: Timing, now: float) -> None:
    """A bot's wait, drawn once per table state; a process following the table counts
    the longest wait the leading process could draw."""
    spread = timing.bot_spread
    share = 1 + spread if live.led_elsewhere else live.think_rng.uniform(1 - spread,
                                                                          1 + spread)
    live.bot_at = now + timing.bot_delay * share


def next_due(live: LiveRoom, timing: Timing, now: float) -> float | None:
    """When the table's next automatic step is due (None: none is); a process that did
    not make the table's latest move waits :attr:`Timing.takeover` longer."""
    due = _due(live, now)
    if due is not None and live.led_elsewhere:
        due = max(due, live.heard_at) + timing.takeover
    return due


def _due(live: LiveRoom, now: float) -> float | None:
    room = live.room
    if room.closed or (room.paused and room.hand is not None):
        return None
    if room.hand is not None:
        due: float | None = None
        for seat in room.actors():
            info = room.seats.get(seat)
            if info is None or info.sitting_out:
                when = now
            elif info.bot:
                if live.thinking:  # rescheduled once the bot has chosen
                    continue
                when = max(now, live.bot_at)
            else:
                when = live.deadlines.get(seat, INFINITY)
            due = when if due is None else min(due, when)
        return None if due is None or due == INFINITY else due
    if room.can_start_hand():
        start = max(live.hand_over_at, 0.0)
        return max(now, start + room.config.next_hand_delay) if room.hands else now
    wake = room.tourney_wake()  # a tournament's break ends
    return None if wake is None or room.paused else now + wake + 0.05
