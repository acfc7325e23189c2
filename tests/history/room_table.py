"""A card-room table played by random legal actions, for the download tests."""

from __future__ import annotations

import random
from functools import partial

from pokerroom.errors import IllegalActionError
from pokerroom.server.bots import bot_action
from pokerroom.server.room import Room
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

__all__ = ["played_table", "seated_table"]


def seated_table(game: str, players: int) -> tuple[RoomService, str]:
    """A started room of ``players`` seated humans at ``game``."""
    service = RoomService(Store("sqlite://"), Timing(bot_delay=0.0, warm_up=False),
                          clock=lambda: 1796000000.0)
    room_id, _host = service.create({"game": game, "seats": players, "buy_in": 200,
                                     "approval": False})
    for seat in range(players):
        service.join(room_id, seat, f"Player {seat + 1}")
    service.execute(room_id, lambda room: room.set_paused(False))
    return service, room_id


def played_table(game: str, players: int, actions: int, *, seed: int | None = None
                 ) -> tuple[RoomService, str]:
    """A room of ``players`` seated humans at ``game``, played ``actions`` random legal
    actions (due dealer and bot steps first; a random draw that breaks openers is
    declared a split, ``jacks-9``). With a ``seed`` the whole room replays: the actions
    and the deal's shuffle come from it; without, the room shuffles as it does live."""
    service, room_id = seated_table(game, players)
    rng = random.Random(1 if seed is None else seed)
    done = 0
    while done < actions:
        room = service.get(room_id).room
        if seed is not None and room.hand is None and room.can_start_hand() \
                and not room.only_bots_would_play():
            service.execute(room_id, partial(Room.start_hand, seed=rng.getrandbits(64)))
            continue
        if service.step(room_id):
            continue
        room = service.get(room_id).room
        hand = room.hand
        if hand is None or not room.actors():
            break
        seat = room.actors()[0]
        hand_seat = hand.hand_seat(seat)
        assert hand_seat is not None
        action = bot_action(hand.state, hand_seat, rng)
        try:
            service.act(room_id, seat, action)
        except IllegalActionError:      # a random draw that breaks openers says so
            if action.get("type") != "Draw":
                raise
            service.act(room_id, seat, {**action, "split_openers": True})
        done += 1
    return service, room_id
