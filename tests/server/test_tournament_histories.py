"""A tournament table's hand histories: every hand with its tournament id and level, in
PHH and in the PokerStars layout (a ``$B+$F USD`` tournament header at ``Level III``),
under distinct hand numbers, read back by pokerroom's own importers; the players who
went out and the prizes on the hands they went out on, and the final standings."""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

import pokerroom.server.tournament_table as tt
from pokerroom.history.phh import phh_to_hand
from pokerroom.history.pokerstars import HAND_NUMBERS, from_roman, hand_id, roman, table_id
from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.history.reading import read_history
from pokerroom.server.history import (
    hand_history_phh,
    hand_history_pokerstars,
    hand_history_text,
)
from pokerroom.server.room import Room

from .test_tournament_room import Driver, tourney_config

HEADER = re.compile(r"^PokerStars Hand #(\d+): Tournament #(\d+), \$10\+\$0 USD "
                    r"Hold'em No Limit - Level ([IVX]+) \((\d+)/(\d+)\) - ", re.MULTILINE)


@pytest.fixture(scope="module")
def played() -> Iterator[Room]:
    """A bots' tournament at a room, played to its winner."""
    now = [1_000.0]
    saved = tt.wall_time
    tt.wall_time = lambda: now[0]
    try:
        driver = Driver(tourney_config(top_up_approval=False))
        driver.seat([], bots=4)
        driver(driver.room.set_paused(False))
        rng = random.Random(21)
        while driver.room.tourney is not None and not driver.room.tourney.over:
            now[0] = driver.now
            if (driver.room.tourney_hold() or "").startswith("On a break"):
                driver.now += 30
                continue
            driver.play_hand(rng, step=4.0)
        yield driver.room
    finally:
        tt.wall_time = saved


def test_every_phh_hand_has_the_tournament_its_level_and_its_number(played: Room) -> None:
    t = played.tourney
    assert t is not None
    hands = read_history(hand_history_phh(played, None), "room.phh").hands
    finished = [h.number for h in played.hands if h.result is not None]
    assert sorted(hands) == finished                    # one document per hand
    levels = []
    for number, data in hands.items():
        assert data["_tournament"] == zlib.crc32(played.id.encode())
        # the hand's id: the table's id and its number, unique across tables and sessions
        assert data["hand"] == hand_id(table_id(played.id), number)
        assert data["event"] == "pokerroom tournament quick"
        assert data["level"] == t.levels[number]
        small, big = data["blinds_or_straddles"][:2]
        level = t.structure.level(data["level"])
        assert {small, big} <= {level.small_blind, level.big_blind, 0}
        assert phh_to_hand(data).is_over                 # it replays
        levels.append(data["level"])
    assert levels == sorted(levels) and levels[-1] > 1
    out = [row for data in hands.values() for row in data.get("_finishes", [])]
    assert sorted(row["place"] for row in out) == [1, 2, 3, 4]
    assert sorted(row["prize"] for row in out) == [0, 0, 12, 28]


def test_the_pokerstars_layout_has_tournament_headers_that_read_back(played: Room) -> None:
    t = played.tourney
    assert t is not None
    text = hand_history_pokerstars(played, None)
    heads = HEADER.findall(text)
    assert len(heads) == len([h for h in played.hands if h.result is not None])
    numbers = [int(h[0]) for h in heads]
    assert len(set(numbers)) == len(numbers)
    for number, tournament, level, small, big in heads:
        assert int(tournament) == zlib.crc32(played.id.encode())
        stakes = t.structure.level(from_roman(level))
        # each hand under its id: the table's id and the hand's number at the table
        assert int(number) // HAND_NUMBERS == table_id(played.id)
        assert from_roman(level) == t.levels[int(number) % HAND_NUMBERS]
        assert (int(small), int(big)) == (stakes.small_blind, stakes.big_blind)
    assert text.count("finished the tournament in") == 3
    assert re.search(r"wins the tournament and received \$28\.00", text)
    result = read_pokerstars(text, "room.txt")
    assert result.problems == []
    assert sorted(result.hands) == numbers
    for number, data in result.hands.items():
        assert data["_tournament"] == zlib.crc32(played.id.encode())
        assert data["level"] == t.levels[number % HAND_NUMBERS]
        assert data["_buy_in"] == [10, 0]


def test_the_text_history_ends_with_the_final_standings(played: Room) -> None:
    text = hand_history_text(played, None)
    tail = text[text.index("Final standings of the tournament quick"):]
    assert re.search(r"1st: .+, paid 28\n2nd: .+, paid 12\n3rd: .+\n4th: .+\n$", tail)


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 9, 14, 19, 40, 90, 99, 400, 1994])
def test_roman_level_numbers_read_back(number: int) -> None:
    assert from_roman(roman(number)) == number


def test_a_terminal_tournament_writes_each_hand_with_its_level(tmp_path: Path) -> None:
    """``pokerroom play --tournament``'s history: each hand's PHH has its level, and the
    PokerStars layout of the file heads each hand as a tournament's, with the level and
    the buy-in, under hand ids no other session shares; the importer reads them back."""
    from pokerroom.games import get_game
    from pokerroom.history.pokerstars import export_table, phh_to_pokerstars
    from pokerroom.history.reading import read_phh_hands
    from pokerroom.sessions.tournament import tournament_table
    from pokerroom.terminal.histfile import HistoryFile
    from pokerroom.terminal.tournament import run_tournament
    from pokerroom.tournament.presets import preset

    session = tournament_table(get_game("holdem"), preset("turbo"), ("Ann", "Bob", "Cy"),
                               rng=random.Random(5))
    history = HistoryFile.create(tmp_path, "holdem", seed=5, now="20261205-180000")
    result = run_tournament(session, seed=5, history=history)
    hands, _ = read_phh_hands(history.phh_path.read_text(encoding="utf-8"))
    assert [data["level"] for data in hands.values()] == list(result.levels)
    texts = [phh_to_pokerstars(data, "Hold'em",
                               **export_table(data, history.phh_path.stem, number))
             for number, data in hands.items()]
    stars = "\n\n\n".join(texts)
    heads = re.findall(r"^PokerStars Hand #(\d+): Tournament #\d+, \$10\+\$0 USD Hold'em "
                       r"No Limit - Level ([IVX]+) ", stars, re.MULTILINE)
    assert [from_roman(level) for _, level in heads] == list(result.levels)
    assert len({number for number, _ in heads}) == len(heads)
    back = read_pokerstars(stars, "t.txt")
    assert back.problems == []
    assert [data["level"] for data in back.hands.values()] == list(result.levels)
