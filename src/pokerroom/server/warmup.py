"""Warming a fresh server process before its tables need it.

The first showdown in a process loads the compiled evaluators and the first hand of a
game imports the modules it needs; done in the middle of play, that stalls every table
the process serves for about a second. :func:`warm_up_room` plays one hand of every game,
bots in every seat, through a throwaway in-memory card room (the same path a live table
takes: commands, events, bots, snapshots as JSON), so all of that happens at start-up.
:class:`~pokerroom.server.service.RoomService` runs it in a background thread when it
starts, unless its timing says not to (:func:`~pokerroom.server.service.warm_up_process`
makes the throwaway room).

>>> from pokerroom.server.service import warm_up_process
>>> warm_up_process(["guts2", "holdem"])
{'guts2': 1, 'holdem': 1}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from pokerroom.games import all_games, get_game
from pokerroom.server.live import LiveRoom
from pokerroom.server.room import PendingEvent, Room

__all__ = ["WarmingService", "warm_up_room"]

MAX_STEPS = 2000


class WarmingService(Protocol):
    """What warming up asks of a card-room service (the server's
    :class:`~pokerroom.server.service.RoomService` is one): to make a table, seat bots,
    run commands, step the table and draw it, and forget it again."""

    rooms: dict[str, LiveRoom]

    def create(self, data: Any) -> tuple[str, str]: ...

    def get(self, room_id: str) -> LiveRoom: ...

    def fill_with_bots(self, room_id: str) -> int: ...

    def execute(self, room_id: str, command: Callable[[Room], PendingEvent]) -> int: ...

    def step(self, room_id: str) -> bool: ...

    def view_json(self, room_id: str, seat: int | None, host: bool) -> str | None: ...


def warm_up_room(service: WarmingService, games: Iterable[str] | None = None) -> dict[str, int]:
    """Play one hand of each game in ``games`` (every game when None) with bots in
    every seat, in ``service`` (a throwaway room); returns the hands finished per game."""
    names = list(games) if games is not None else [entry.name for entry in all_games()]
    _compile_evaluators()
    return {name: _one_hand(service, name) for name in names}


def _compile_evaluators() -> None:
    """Load the compiled one-hand evaluators for every hand size a table meets (each
    size is compiled separately), whether or not the hands played reach them."""
    from pokerroom.fast import single

    deck = list(range(52))
    for size in (5, 6, 7):
        cards = deck[:: 52 // size][:size]
        single.high_key(cards)
        single.a5_low_key(cards)
        single.deuce_seven_key(cards)
        single.low8_key(cards)
    for board in (3, 4, 5):
        single.omaha_high_key(deck[1:5], deck[10:10 + board])


def _one_hand(service: WarmingService, game: str) -> int:
    entry = get_game(game)
    seats = max(entry.min_seats, min(3, entry.max_seats))
    room_id, _host = service.create({"game": game, "seats": seats, "approval": False,
                                     "timer": 0, "next_hand_delay": 0,
                                     "bots_play_alone": True})
    service.fill_with_bots(room_id)
    service.execute(room_id, lambda room: room.set_paused(False))
    for _step in range(MAX_STEPS):
        room = service.get(room_id).room
        if room.hands and room.hands[-1].result is not None:
            break
        for seat in (None, *room.seats):
            service.view_json(room_id, seat, False)
        if not service.step(room_id):
            break
    room = service.get(room_id).room
    done = sum(1 for hand in room.hands if hand.result is not None)
    service.execute(room_id, Room.close)
    del service.rooms[room_id]
    return done
