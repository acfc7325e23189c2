"""Small helpers shared by the card-room tests."""

from __future__ import annotations

import random
from typing import Any

from pokerroom.server.bots import bot_action
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_service(url: str = "sqlite://", clock: FakeClock | None = None) -> RoomService:
    return RoomService(Store(url), Timing(bot_delay=0.0, warm_up=False),
                       clock=clock or FakeClock())


def open_table(service: RoomService, game: str = "high-card", players: int = 2,
               **settings: Any) -> tuple[str, str, list[str]]:
    """A started table with ``players`` seated humans; returns (id, host token, tokens)."""
    config = {"game": game, "seats": max(players, 2), "buy_in": 200, "approval": False,
              **settings}
    room_id, host = service.create(config)
    tokens = [service.join(room_id, seat, f"Player {seat + 1}") for seat in range(players)]
    service.execute(room_id, lambda room: room.set_paused(False))
    return room_id, host, tokens


def play(service: RoomService, room_id: str, actions: int, seed: int = 1) -> int:
    """Drive the table: due steps first, then a random legal action for a human."""
    rng = random.Random(seed)
    done = 0
    while done < actions:
        if service.step(room_id):
            continue
        room = service.get(room_id).room
        actors = room.actors()
        if not actors:
            break
        hand = room.hand
        assert hand is not None
        seat = rng.choice(actors)
        hand_seat = hand.hand_seat(seat)
        assert hand_seat is not None
        service.act(room_id, seat, bot_action(hand.state, hand_seat, rng))
        done += 1
    return done
