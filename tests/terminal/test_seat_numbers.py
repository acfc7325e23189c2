"""Seats are numbered from 1 wherever a person reads them (names where the table has
them); JSON keeps its documented indexes from 0."""

from __future__ import annotations

import random
import re

import pytest

from pokerroom.bots.home_games import RandomBot, play_out
from pokerroom.engine.events import HandEnded, Showdown
from pokerroom.history.narration_poker import PokerStory
from pokerroom.homegames.events import ShowdownSettled
from pokerroom.homegames.guts_table import GutsTable
from pokerroom.homegames.hearts_options import HeartsOptions
from pokerroom.homegames.hearts_table import HeartsTable
from pokerroom.homegames.herbie_table import HerbieTable
from pokerroom.homegames.options import GutsOptions, HerbieOptions

SEAT = re.compile(r"\bseat (\d+)\b")


@pytest.mark.rule("jacks-9", "a5-4")
def test_the_engines_notes_are_told_with_the_players_names() -> None:
    story = PokerStory(("You", "Ann", "Bob"), stud=False)
    notes = ("seat 0 split openers; discards shown: Jc 4d",
             "sevens rule: seat 2 checked a seven or better and loses the pot")
    lines = story.ending(HandEnded(Showdown(), (), (), (100, 100, 100), 0, notes))
    assert lines == ["You split openers; discards shown: Jc 4d",
                     "sevens rule: Bob checked a seven or better and loses the pot"]


@pytest.mark.rule("herbie-table-4", "guts-showdown", "hearts-best-five")
@pytest.mark.parametrize("game", ["guts", "herbie", "hearts"])
def test_home_game_summaries_number_seats_from_one(game: str) -> None:
    rng = random.Random(3)
    players = 4
    table: GutsTable | HerbieTable | HeartsTable
    if game == "guts":
        table = GutsTable(GutsOptions(players=players), rng=rng)
    elif game == "herbie":
        table = HerbieTable(HerbieOptions(players=players), rng=rng)
    else:
        table = HeartsTable(HeartsOptions(players=players, ante=1), stacks=[500] * players,
                            rng=rng)
    bots = [RandomBot(rng) for _ in range(players)]
    numbers: set[int] = set()
    for _ in range(40):
        deal = table.new_hand()
        play_out(deal, bots, rng)
        table.settle(deal)
        for event in deal.events:
            summary = getattr(event, "summary", "")
            if isinstance(event, ShowdownSettled) or summary:
                numbers |= {int(n) for n in SEAT.findall(summary)}
        if table.is_finished:
            break
    assert numbers and numbers <= set(range(1, players + 1)), numbers
    transfers = " ".join(str(t) for t in table.ledger)
    assert {int(n) for n in SEAT.findall(transfers)} <= set(range(1, players + 1))


def test_a_three_card_poker_wager_too_big_names_seat_one() -> None:
    from pokerroom.casino.actions import PlaceWagers
    from pokerroom.errors import IllegalActionError
    from pokerroom.games import get_game
    from pokerroom.terminal.seating import build_session

    session = build_session(get_game("three-card-poker"), seats=2, stakes=None,
                            house_rules=(), seed=1, name="You", stack=50)
    state = session.new_hand()
    with pytest.raises(IllegalActionError, match=r"seat 1 has 50|seat 1's 50 chips"):
        state.apply(PlaceWagers(seat=0, ante=40, pair_plus=5))
