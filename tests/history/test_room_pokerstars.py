"""The card room's PokerStars and PHH downloads: every finished hand as the asking seat
saw it, read back by ``pokerroom import`` to the stacks the room paid, each hand under
its id across tables and sessions (the table's id and the hand's number)."""

from __future__ import annotations

import re
import tomllib

from pokerroom.history.phh import phh_to_hand, player_seats
from pokerroom.history.pokerstars import HAND_NUMBERS, hand_id, table_id
from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.server.codec import card_strings, to_json
from pokerroom.server.history import hand_history_phh, hand_history_pokerstars

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
        ids = {hand_id(table_id(room.id), number): number for number in finished}
        assert sorted(result.hands) == sorted(ids)
        for number, record in finished.items():
            imported = result.hands[hand_id(table_id(room.id), number)]
            hand = phh_to_hand(imported)
            names = [record.names[s] for s in player_seats(record.state)]  # type: ignore[arg-type]
            assert imported["players"] == names
            assert [hand.final_stacks[s] for s in player_seats(hand)] == \
                [record.state.final_stacks[s] for s in player_seats(record.state)]  # type: ignore[arg-type, attr-defined]
            seen: set[str] = set()
            for event in record.state.events_for(record.reader_seat(
                    reader, room.holder_of(reader))):
                seen |= card_strings(to_json(event))
            block = text.split(f"PokerStars Hand #{hand_id(table_id(room.id), number)}:")[1] \
                .split("PokerStars Hand")[0]
            assert set(re.findall(r"\b[2-9TJQKA][cdhs]\b", block)) <= seen


def test_two_tables_never_write_one_hand_id_for_their_hand_1() -> None:
    """Each room numbers its hands from 1; its downloads write each hand under its
    table's id and its number, so a tracker given two sessions keeps every hand."""
    rooms = []
    for game in ("holdem", "holdem"):
        service, room_id = played_table(game, 2, 60)
        rooms.append(service.get(room_id).room)
    assert rooms[0].id != rooms[1].id
    ids: list[set[int]] = []
    for room in rooms:
        stars = set(read_pokerstars(hand_history_pokerstars(room, None), "r.txt").hands)
        phh = hand_history_phh(room, None).split("# hand ")[1:]
        written = {tomllib.loads(doc.split("\n", 1)[1])["hand"] for doc in phh}
        tables = {tomllib.loads(doc.split("\n", 1)[1])["table"] for doc in phh}
        assert stars == written and tables == {room.id}
        assert {i // HAND_NUMBERS for i in stars} == {table_id(room.id)}
        assert hand_id(table_id(room.id), 1) in stars
        ids.append(stars)
    assert not ids[0] & ids[1]
