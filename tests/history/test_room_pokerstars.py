"""The card room's PokerStars download: every finished hand as the asking seat saw it,
read back by ``pokerroom import`` to the stacks the room paid."""

from __future__ import annotations

import random
import re

from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.notation import phh_to_hand, player_seats
from pokerroom.server.bots import bot_action
from pokerroom.server.codec import card_strings, to_json
from pokerroom.server.history import hand_history_pokerstars
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store


def _table(game: str, players: int, actions: int) -> tuple[RoomService, str]:
    """A room of ``players`` seated humans at ``game``, played ``actions`` random legal
    actions (due dealer and bot steps first)."""
    service = RoomService(Store("sqlite://"), Timing(bot_delay=0.0, warm_up=False),
                          clock=lambda: 1796000000.0)
    room_id, _host = service.create({"game": game, "seats": players, "buy_in": 200,
                                     "approval": False})
    for seat in range(players):
        service.join(room_id, seat, f"Player {seat + 1}")
    service.execute(room_id, lambda room: room.set_paused(False))
    rng = random.Random(1)
    done = 0
    while done < actions:
        if service.step(room_id):
            continue
        room = service.get(room_id).room
        hand = room.hand
        if hand is None or not room.actors():
            break
        seat = room.actors()[0]
        hand_seat = hand.hand_seat(seat)
        assert hand_seat is not None
        service.act(room_id, seat, bot_action(hand.state, hand_seat, rng))
        done += 1
    return service, room_id



def test_the_room_writes_each_hand_as_the_seat_saw_it_and_it_imports_back() -> None:
    service, room_id = _table("omaha-hilo", 3, 150)
    room = service.get(room_id).room
    finished = {r.number: r for r in room.hands if r.result is not None}
    assert len(finished) >= 3
    for reader in (None, 0):
        text = hand_history_pokerstars(room, reader)
        result = read_pokerstars(text, "room.txt")
        assert result.problems == []
        assert sorted(result.hands) == sorted(finished)
        for number, record in finished.items():
            imported = result.hands[number]
            hand = phh_to_hand(imported)
            names = [record.names[s] for s in player_seats(record.state)]  # type: ignore[arg-type]
            assert imported["players"] == names
            assert [hand.final_stacks[s] for s in player_seats(hand)] == \
                [record.state.final_stacks[s] for s in player_seats(record.state)]  # type: ignore[arg-type, attr-defined]
            seen: set[str] = set()
            for event in record.state.events_for(record.reader_seat(
                    reader, room.holder_of(reader))):
                seen |= card_strings(to_json(event))
            block = text.split(f"PokerStars Hand #{number}:")[1].split("PokerStars Hand")[0]
            assert set(re.findall(r"\b[2-9TJQKA][cdhs]\b", block)) <= seen
