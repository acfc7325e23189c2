"""The players' commands at a table: taking a seat, seating bots, acting and chatting
(:class:`PlayerCommands`, mixed into :class:`~pokerroom.server.service.RoomService`).
Each is checked by the room and stored by the service (``execute`` waits for the
database, ``submit`` does not when called on the event loop).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any, Protocol

from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.server.chat import CHAT_BURST, CHAT_RATE
from pokerroom.server.live import LiveRoom
from pokerroom.server.names import bot_name, skeleton
from pokerroom.server.pending import PendingEvent
from pokerroom.server.ratelimit import TokenBucket
from pokerroom.server.room import Room, new_token

__all__ = ["BOT_NAMES", "PlayerCommands"]

BOT_NAMES = ("Ada", "Bix", "Cleo", "Dex", "Echo", "Fitz", "Gus", "Hana", "Ivo", "Juno")


class _Service(Protocol):
    chat_limits: dict[tuple[str, str], TokenBucket]

    def clock(self) -> float: ...

    def get(self, room_id: str) -> LiveRoom: ...

    def execute(self, room_id: str, command: Callable[[Room], PendingEvent]) -> int: ...

    def submit(self, room_id: str, command: Callable[[Room], PendingEvent]
               ) -> tuple[int, Future[None]]: ...

    def join(self, room_id: str, seat: Any, name: Any, *, bot: bool = False,
             host_token: str | None = None) -> str: ...

    def act_soon(self, room_id: str, seat: int | None,
                 action: Any) -> tuple[int, Future[None]]: ...


class PlayerCommands:
    """The players' commands (mixed into the service)."""

    def join(self: _Service, room_id: str, seat: Any, name: Any, *, bot: bool = False,
             host_token: str | None = None) -> str:
        """Take a seat; returns the seat's secret token."""
        live = self.get(room_id)
        secret = new_token()

        def command(room: Room) -> PendingEvent:
            return room.join(seat, name, bot=bot, token=secret,
                             host=room.is_host(host_token))[0]

        self.execute(room_id, command)
        del live
        return secret

    def fill_with_bots(self: _Service, room_id: str) -> int:
        """Seat a bot in every empty seat; returns how many."""
        live = self.get(room_id)
        empty = [s for s in range(live.room.config.seats) if s not in live.room.seats]
        for seat in empty:
            self.join(room_id, seat, _bot_name(live.room, seat), bot=True)
        return len(empty)

    def add_bot(self: _Service, room_id: str, seat: Any) -> None:
        live = self.get(room_id)
        self.join(room_id, seat, _bot_name(live.room, seat), bot=True)

    def act(self: _Service, room_id: str, seat: int | None, action: Any) -> int:
        """Play a seat's action; returns its sequence number once it is stored."""
        seq, stored = self.act_soon(room_id, seat, action)
        stored.result()
        return seq

    def act_soon(self: _Service, room_id: str, seat: int | None,
                 action: Any) -> tuple[int, Future[None]]:
        """Play a seat's action without waiting for the database (see :meth:`submit`)."""
        if seat is None:
            raise PokerroomError("take a seat first: spectators cannot act")
        return self.submit(room_id, partial(Room.act, room_seat=seat, data=action,
                                            auto=False))

    def act_as(self: _Service, room_id: str, credential: str | None,
               action: Any) -> tuple[int, Future[None], str]:
        """Play an action for whichever seat the token with hash ``credential`` holds
        when the command runs (after catching up with other processes): a revoked
        token acts for nobody, whoever sits in its old seat now. Returns the sequence
        number, the future of its storing, and the words of any cut made to the
        amount (an oversize bet cut to the maximum; empty if none)."""
        notes: list[str] = []

        def command(room: Room) -> PendingEvent:
            pending = room.act(room.require_seat(credential), action, auto=False)
            notes.append(str(pending.payload.get("note", "")))
            return pending

        seq, stored = self.submit(room_id, command)
        return seq, stored, notes[-1] if notes else ""

    def chat(self: _Service, room_id: str, credential: str | None, text: Any, *, host: bool = False,
             watcher: str | None = None, name: Any = None) -> int:
        """Post a chat line for whoever the tokens say is posting (the seat the
        credential holds, else the host, else the spectator with this watcher token's
        hash, under ``name``): at most :data:`~pokerroom.server.chat.CHAT_BURST` lines at
        once and :data:`~pokerroom.server.chat.CHAT_RATE` a second after that, per
        person."""
        limited: list[bool] = []

        def command(room: Room) -> PendingEvent:
            identity = room.chat_identity(credential, host=host, watcher=watcher,
                                          name=name)
            pending = room.post_chat(identity, text)  # a refused line costs nothing
            if not limited:
                limited.append(True)
                bucket = self.chat_limits.setdefault(
                    (room_id, identity[0]), TokenBucket(CHAT_RATE, CHAT_BURST, self.clock))
                if not bucket.allow():
                    raise ConfigError("you are sending chat messages too fast: wait a few "
                                      "seconds and send again")
            return pending

        return self.execute(room_id, command)

    def as_seat(self: _Service, room_id: str, credential: str | None,
                command: Callable[[Room, int], PendingEvent]) -> int:
        """Run a seat's own command (sit out, top up, leave) for the seat the
        credential holds when it runs."""
        return self.execute(room_id, lambda room: command(room,
                                                          room.require_seat(credential)))


def _bot_name(room: Room, seat: object) -> str:
    """The first of :data:`BOT_NAMES` nobody at the table has taken, as a bot's name."""
    taken = {skeleton(info.name) for info in room.seats.values()}
    return next((bot_name(n) for n in BOT_NAMES if skeleton(bot_name(n)) not in taken),
                bot_name(f"Bot {seat + 1 if isinstance(seat, int) else 0}"))
