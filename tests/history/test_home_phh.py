"""PHH for Guts and Herbie: the terminal writes each settled deal with pokerroom's
variant codes, and ``pokerroom replay`` re-runs it to the same events and stacks."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from pokerroom.cli import commands_registry  # noqa: F401
from pokerroom.cli.app import app
from pokerroom.errors import HistoryError
from pokerroom.games import get_game
from pokerroom.history.phh_casino import tcp_round
from pokerroom.history.phh_hearts import hearts_replay
from pokerroom.history.phh_home import home_replay
from pokerroom.homegames.events import Decided
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.seating import build_session

GAMES = [("guts2", ()), ("guts2", ("declare=simultaneous", "ghost=always")),
         ("guts3", ("discard=true",)), ("guts3", ("ghost=single",)), ("herbie", ()),
         ("hearts-poker", ())]
CODES = {"guts2": "GUTS2", "guts3": "GUTS3", "herbie": "HERBIE", "hearts-poker": "HEARTS"}


def _bots(session: Any) -> dict[int, Any]:
    rng = random.Random(3)
    return {seat: session.make_bot(seat, random.Random(rng.random()), "easy")
            for seat in range(5)}


def _without_decided(events: Any) -> list[Any]:
    """Events of a deal but the "seat has chosen" notes of simultaneous choices, whose
    order the history keeps in its action lines."""
    return [e for e in events if not isinstance(e, Decided)]


@pytest.mark.parametrize("game,rules", GAMES)
def test_every_deal_replays_to_the_same_events_and_stacks(game: str,
                                                          rules: tuple[str, ...]) -> None:
    session = build_session(get_game(game), seats=5, stakes=None, house_rules=rules,
                            seed=11, name="You", bots_only=True)
    bots = _bots(session)
    for number in range(1, 151):
        outcome = play_hand(session, hand_no=number, bots=bots, narrate=False)
        data = session.phh_record(outcome.state)  # type: ignore[attr-defined]
        assert data is not None and data["variant"] == CODES[game]
        text = tomli_w.dumps(data)
        replay = home_replay(tomllib.loads(text))
        assert replay.finishing == list(session.stacks)
        events = hearts_replay(data).events if game == "hearts-poker" else \
            replay.deal.events  # type: ignore[union-attr]
        assert _without_decided(events) == _without_decided(outcome.state.events)
        if session.is_finished:
            break


def test_every_three_card_poker_round_replays_to_the_same_events_and_stacks() -> None:
    session = build_session(get_game("three-card-poker"), seats=5, stakes=None,
                            house_rules=(), seed=11, name="You", bots_only=True)
    bots = _bots(session)
    for number in range(1, 151):
        outcome = play_hand(session, hand_no=number, bots=bots, narrate=False)
        data = session.phh_record(outcome.state)  # type: ignore[attr-defined]
        assert data is not None and data["variant"] == "TCP"
        game = tcp_round(tomllib.loads(tomli_w.dumps(data)))
        seats = [s - 1 for s in data["seats"]]
        assert [game.bankrolls[s] for s in seats] == [session.stacks[s] for s in seats]
        assert [e for e in game.events if type(e).__name__ != "DeckShuffled"] == \
            [e for e in outcome.state.events if type(e).__name__ != "DeckShuffled"]
        if session.is_finished:
            break


@pytest.mark.parametrize("game", ["guts2", "guts3", "herbie", "hearts-poker",
                                  "three-card-poker"])
def test_an_onlookers_history_replays_to_the_stacks_paid(bot_hands: Any, game: str,
                                                         tmp_path: Path) -> None:
    hands = bot_hands(game, 300, seats=5, reveal=False)
    assert any("??" in line for data in hands.values() for line in data["actions"]) or \
        game == "three-card-poker"            # the house shows every hand it settles
    path = tmp_path / "deals.phhs"
    path.write_text(tomli_w.dumps({str(n): d for n, d in hands.items()}), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["finishing_stacks"] for r in rows] == \
        [hands[n]["finishing_stacks"] for n in sorted(hands)]
    assert {r["variant"] for r in rows} == {game}


def test_a_changed_deal_is_refused(bot_hands: Any) -> None:
    data = next(iter(bot_hands("guts2", 1, seats=4).values()))
    declared = next(i for i, line in enumerate(data["actions"]) if line.endswith(" in")
                    or line.endswith(" out"))
    line = data["actions"][declared]
    data["actions"][declared] = line[:-3] + " out" if line.endswith(" in") else \
        line[:-4] + " in"
    with pytest.raises(HistoryError):
        home_replay(data)
