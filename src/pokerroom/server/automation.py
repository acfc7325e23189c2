"""What a table does by itself: the service's part that wakes each table when a bot
must act, a player's time is up or the next hand is due, and does it
(:class:`TableAutomation`, mixed into :class:`~pokerroom.server.service.RoomService`).

A bot chooses in a worker thread while the event loop serves the other tables, and its
answer is dropped if the table moved on meanwhile; a seat whose clock ran out is played
by the timer's default (check, else fold) and sat out; a table where only bots would
play pauses itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any, Protocol

from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.server.bots import bot_action, bot_chooser
from pokerroom.server.follow import CatchUpReader
from pokerroom.server.live import LiveRoom, Timing
from pokerroom.server.pending import PendingEvent
from pokerroom.server.room import Room
from pokerroom.server.schedule import next_due, track_actors

__all__ = ["TableAutomation"]

log = logging.getLogger("pokerroom.server")


class _Service(Protocol):
    timing: Timing
    rooms: dict[str, LiveRoom]
    loop: asyncio.AbstractEventLoop | None
    reader: CatchUpReader | None
    _stopped: bool

    def clock(self) -> float: ...

    def wall(self) -> float: ...

    def get(self, room_id: str) -> LiveRoom: ...

    def catch_up(self, live: LiveRoom) -> bool: ...

    def submit(self, room_id: str, command: Callable[[Room], PendingEvent]
               ) -> tuple[int, Future[None]]: ...

    def step(self, room_id: str) -> bool: ...

    def _after_apply(self, live: LiveRoom) -> None: ...

    def _notify(self, live: LiveRoom) -> None: ...

    def _reschedule(self, live: LiveRoom) -> None: ...

    def _wake(self, room_id: str) -> None: ...

    def _think(self, live: LiveRoom, seat: int, hand_seat: int) -> None: ...

    def _bot_acts(self, room_id: str, seat: int, data: dict[str, Any]) -> None: ...

    def _act(self, room_id: str, seat: int, data: Any, *, auto: bool) -> int: ...


class TableAutomation:
    """Bots, timeouts and deals, each when due (mixed into the service)."""

    def _after_change(self: _Service, live: LiveRoom) -> None:
        self._after_apply(live)
        self._notify(live)

    def _notify(self: _Service, live: LiveRoom) -> None:
        for subscriber in list(live.subscribers):
            subscriber.changed()

    def _after_apply(self: _Service, live: LiveRoom) -> None:
        track_actors(live, self.timing, self.clock(), self.wall())
        self._reschedule(live)

    def _reschedule(self: _Service, live: LiveRoom) -> None:
        if self.loop is None or self._stopped:
            return
        if live.wake is not None:
            live.wake.cancel()
            live.wake = None
        due = next_due(live, self.timing, self.clock())
        if due is None:
            return
        delay = max(0.0, due - self.clock())
        live.wake = self.loop.call_later(delay, self._wake, live.room.id)

    def _wake(self: _Service, room_id: str) -> None:
        live = self.rooms.get(room_id)
        if live is None:
            return
        live.wake = None
        try:
            self.step(room_id)
        except PokerroomError as err:
            log.warning("table %s: %s", room_id, err)
        finally:
            live = self.rooms[room_id]
            if live.wake is None:
                self._reschedule(live)

    def step(self: _Service, room_id: str) -> bool:
        """Do whatever is due now at the table (one bot action, one timeout, or the next
        deal). Returns True if something happened."""
        live = self.get(room_id)
        if self.timing.shared and self.reader is None:
            self.catch_up(live)
        room = live.room
        now = self.clock()
        if room.paused and room.hand is not None:
            return False  # a paused hand waits: no clock runs out, no bot moves
        if room.hand is None:
            if room.can_start_hand() and room.only_bots_would_play():
                self.submit(room_id, partial(Room.set_paused, paused=True,
                                             why=room.bots_alone_reason()))
                return True
            if room.can_start_hand():
                self.submit(room_id, Room.start_hand)
                return True
            return False
        hand = room.hand
        for seat in room.actors():
            info = room.seats.get(seat)
            if info is None or info.sitting_out:
                self._act(room_id, seat, room.default_action(seat), auto=True)
                return True
            if info.bot and room.twice_open():   # a bot agrees to run it twice
                self._act(room_id, seat, {"type": "run_twice", "agree": True}, auto=False)
                return True
            if info.bot:
                if live.thinking:
                    return False
                hand_seat = hand.hand_seat(seat)
                assert hand_seat is not None
                if self.loop is not None and self.loop.is_running():
                    self._think(live, seat, hand_seat)
                    return False
                data = bot_action(hand.state, hand_seat, live.bot_rng, hand.session)
                self._bot_acts(room_id, seat, data)
                return True
            if live.deadlines.get(seat, float("inf")) <= now:
                if room.can_draw_bank(seat):  # the clock goes on from the time bank
                    self.submit(room_id, partial(Room.draw_time_bank, seat=seat))
                    return True
                self._act(room_id, seat, room.default_action(seat), auto=True)
                if seat in self.get(room_id).room.seats:
                    with contextlib.suppress(ConfigError):
                        self.submit(room_id, partial(Room.sit_out, seat=seat, out=True))
                return True
        return False

    def _think(self: _Service, live: LiveRoom, seat: int, hand_seat: int) -> None:
        """Let a bot choose in a worker thread (some bots simulate before acting), so
        the other tables are served meanwhile; its answer is dropped if the table moved
        on while it thought."""
        assert self.loop is not None
        hand = live.room.hand
        assert hand is not None
        seq = live.room.seq
        moves = len(hand.state.events)
        room_id = live.room.id
        choose = bot_chooser(hand.state, hand_seat, live.bot_rng, hand.session)
        live.thinking = True
        loop = self.loop

        def done(future: asyncio.Future[dict[str, Any]]) -> None:
            current = self.rooms.get(room_id)
            if current is None or self._stopped:
                return
            current.thinking = False
            try:
                data = future.result()
            except Exception:
                log.exception("table %s: a bot failed to choose", room_id)
                data = current.room.default_action(seat)
            try:
                # a chat line meanwhile leaves the hand as the bot saw it
                same = current.room.seq == seq or (
                    current.room.hand is hand and not current.room.paused
                    and len(hand.state.events) == moves)
                if same and seat in current.room.actors():
                    self._bot_acts(room_id, seat, data)
            except PokerroomError as err:
                log.warning("table %s: %s", room_id, err)
            except Exception:  # the table must not stall: log it and carry on
                log.exception("table %s: a bot's action failed", room_id)
            finally:
                self._reschedule(self.rooms[room_id])

        future = loop.run_in_executor(None, choose)
        future.add_done_callback(lambda f: loop.call_soon_threadsafe(done, f))

    def _bot_acts(self: _Service, room_id: str, seat: int, data: dict[str, Any]) -> None:
        try:
            self._act(room_id, seat, data, auto=False)
        except PokerroomError:
            room = self.get(room_id).room
            self._act(room_id, seat, room.default_action(seat), auto=True)

    def _act(self: _Service, room_id: str, seat: int, data: Any, *, auto: bool) -> int:
        return self.submit(room_id, partial(Room.act, room_seat=seat, data=data,
                                            auto=auto))[0]
