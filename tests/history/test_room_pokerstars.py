"""The card room's PokerStars download: every finished hand as the asking seat saw it,
read back by ``pokerroom import`` to the stacks the room paid."""

from __future__ import annotations

import re

from pokerroom.history.phh import phh_to_hand, player_seats
from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.server.codec import card_strings, to_json
from pokerroom.server.history import hand_history_pokerstars

from .room_table import played_table


def test_the_room_writes_each_hand_as_the_seat_saw_it_and_it_imports_back() -> None:
    service, room_id = played_table("omaha-hilo", 3, 150)
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
