"""The server's downtime is not counted on the action clocks.

:class:`DowntimeClocks` is the part of :class:`~pokerroom.server.service.RoomService`
that notes in the database every :attr:`~pokerroom.server.live.Timing.heartbeat`
seconds that the server is alive, starts each table's running clocks after a restart
from the time each seat had when the server went down (its last heartbeat; see
:func:`~pokerroom.server.clocks.resumed_clocks`), and, after a longer outage, stores
those times (a ``clock`` event) so a later restart starts from them; a tournament's
level clock likewise (a ``tclock`` event). It also measures
the clocks a host's pause holds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from pokerroom.errors import PokerroomError
from pokerroom.server.clocks import resumed_clocks
from pokerroom.server.live import LiveRoom, Timing
from pokerroom.server.pending import PendingEvent
from pokerroom.server.room import Room
from pokerroom.server.storage import Store
from pokerroom.tournament.clock import level_start

__all__ = ["DowntimeClocks"]

log = logging.getLogger("pokerroom.server")


class _Service(Protocol):
    store: Store
    timing: Timing
    _memory: bool

    def clock(self) -> float: ...

    def wall(self) -> float: ...

    def beat(self) -> None: ...

    def _resume_level_clock(self, live: LiveRoom) -> None: ...

    def execute(self, room_id: str, command: Callable[[Room], PendingEvent]) -> int: ...

    def get(self, room_id: str) -> LiveRoom: ...


class DowntimeClocks:
    """Heartbeats and the clocks resumed after a restart (mixed into the service)."""

    def _resume_clocks(self: _Service, live: LiveRoom) -> None:
        """After a restart, each running action clock goes on with the time its seat had
        when the server went down (its last heartbeat, :meth:`Store.beat`): the time the
        server was down is not counted. When it was down for longer than a couple of
        heartbeats, those times are noted in the log (:meth:`_note_outage`) so a later
        restart starts from them. A paused table's clocks stay held."""
        room = live.room
        self._resume_level_clock(live)
        if room.config.timer <= 0 or room.paused or not room.clocks:
            return
        left, outage = resumed_clocks(room.clocks, wall=self.wall(),
                                      beat=self.store.last_beat(),
                                      heartbeat=self.timing.heartbeat)
        now = self.clock()
        for seat, remaining in left.items():
            live.deadlines[seat] = now + remaining
            if outage:
                live.outage_clocks[seat] = remaining

    def _resume_level_clock(self: _Service, live: LiveRoom) -> None:
        """After an outage, a tournament's running level clock goes on from what it
        showed at the server's last heartbeat (noted by :meth:`_note_outage`), never
        from before the start of the level the last hand was dealt at: a level change
        between that beat and the outage is not taken back."""
        t = live.room.tourney
        beat = self.store.last_beat()
        if t is None or t.since is None or t.over or beat is None:
            return
        wall = self.wall()
        if wall - beat > 2 * self.timing.heartbeat:
            played = t.played_at(min(wall, max(beat, t.since)))
            if t.settings.clock == "minutes" and t.levels:
                played = max(played, float(level_start(t.structure, max(t.levels.values()))))
            live.outage_level = played

    def _note_outage(self: _Service, live: LiveRoom) -> None:
        """Store the clocks a restart resumed after an outage (see
        :meth:`_resume_clocks`)."""
        played, live.outage_level = live.outage_level, None
        if played is not None:
            try:
                self.execute(live.room.id, lambda room: room.note_level_clock(played))
            except PokerroomError as err:
                log.warning("table %s: the level clock was not noted (%s)", live.room.id,
                            err)
        clocks, live.outage_clocks = live.outage_clocks, {}
        if not clocks:
            return
        try:
            self.execute(live.room.id, lambda room: room.note_clocks(clocks))
        except PokerroomError as err:  # the table moved on meanwhile: nothing to keep
            log.warning("table %s: the clocks were not noted (%s)", live.room.id, err)

    def set_paused(self: _Service, room_id: str, paused: bool) -> int:
        """The host pauses or resumes the game; a pause keeps the seconds each seat to
        act has left on its clock, which it has again on the resume."""
        live = self.get(room_id)

        def command(room: Room) -> PendingEvent:
            now = self.clock()
            clocks = {seat: due - now for seat, due in live.deadlines.items()
                      if due != float("inf")}
            return room.set_paused(paused, clocks=clocks if paused else None)

        return self.execute(room_id, command)

    def beat(self: _Service) -> None:
        """Note in the database that this server is alive now (see
        :meth:`_resume_clocks`)."""
        self.store.beat(self.wall())

    async def _heartbeat(self: _Service) -> None:
        """Beat every :attr:`Timing.heartbeat` seconds, off the event loop."""
        while True:
            try:
                if self._memory:
                    self.beat()
                else:
                    await asyncio.to_thread(self.beat)
            except Exception:  # a missed beat only makes a later outage look longer
                log.exception("the heartbeat could not be stored")
            await asyncio.sleep(self.timing.heartbeat)
