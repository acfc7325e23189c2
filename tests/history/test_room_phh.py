"""The card room's PHH download for the games outside the engine: each hand replays to
the stacks the room paid, and shows a spectator no card it did not see."""

from __future__ import annotations

import re
import tomllib

import pytest

from pokerroom.history.phh_home import home_replay
from pokerroom.server.codec import card_strings, to_json
from pokerroom.server.history import hand_history_phh

from .room_table import played_table


@pytest.mark.parametrize("game,players", [("guts2", 3), ("herbie", 4),
                                          ("hearts-poker", 4), ("three-card-poker", 3)])
def test_the_room_writes_phh_that_replays(game: str, players: int) -> None:
    service, room_id = played_table(game, players, 120)
    room = service.get(room_id).room
    finished = {r.number: r for r in room.hands if r.result is not None}
    assert finished
    documents = hand_history_phh(room, None).split("# hand ")[1:]
    assert len(documents) == len(finished)
    for document in documents:
        number = int(document.split("\n", 1)[0])
        record = finished[number]
        data = tomllib.loads(document.split("\n", 1)[1])
        replay = home_replay(data)
        start = list(data["starting_stacks"])
        assert [e - s for s, e in zip(start, replay.finishing, strict=True)] == \
            [record.result.net[s] for s in _seats(data)]  # type: ignore[union-attr]
        public: set[str] = set()
        for event in record.state.events_for(None):
            public |= card_strings(to_json(event))
        written = set(re.findall(r"\b[2-9TJQKA][cdhs]\b", " ".join(data["actions"])))
        assert written <= public


def _seats(data: dict[str, object]) -> list[int]:
    seats = data.get("seats")
    if isinstance(seats, list):
        return [int(s) - 1 for s in seats]
    stacks = data["starting_stacks"]
    assert isinstance(stacks, list)
    return list(range(len(stacks)))
