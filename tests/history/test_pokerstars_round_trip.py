"""Export → ``pokerroom import`` → replay: the PokerStars layout of every game it names
reads back into PHH hands that replay to the same final stacks."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from tests.history.pokerstars_export import as_pokerstars, final_stacks
from typer.testing import CliRunner

from pokerroom.cli import commands_registry  # noqa: F401
from pokerroom.cli.app import app
from pokerroom.core import DEALER
from pokerroom.engine import GameConfig
from pokerroom.games import RULEBOOK, variants
from pokerroom.history.phh import hand_to_phh, player_seats
from pokerroom.history.pokerstars import phh_to_pokerstars
from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.history.redaction import phh_as_seen

from .stubborn import stubborn_action

VARIANTS = variants()     # every game's engine variants (badugi's among them)
EXPORTED = sorted(game.name for game in RULEBOOK if game.pokerstars is not None)
"""The games the PokerStars layout has a name for."""
ROUND_TRIP_HANDS = 1000
"""The hands of each exhaustive round trip: the first 1,000 of the seeded session (3,000
until every planted defect of the history modules was shown caught by the tests that are
not exhaustive; see docs/testing.md, "History tests")."""
DRAW_GAMES = sorted(game.name for game in RULEBOOK if game.pokerstars is not None
                    and game.variant and any(s.draw for s in VARIANTS[game.variant].streets))


def _finals(data: dict[str, Any]) -> dict[str, int]:
    return dict(zip(data["players"], final_stacks(data), strict=True))


def _replayed(imported: dict[str, Any]) -> dict[str, int]:
    """An imported hand's final stacks, as the import's own replay of it ended them
    (``settle`` replays every hand it reads and writes its ``finishing_stacks``)."""
    return dict(zip(imported["players"], imported["finishing_stacks"], strict=True))


def _round_trip(bot_hands: Any, game: str, played: int, *, seats: int,
                reveal: bool) -> None:
    """Every hand exports, imports and replays to the same final stacks."""
    hands = bot_hands(game, played, seats=seats, reveal=reveal)
    texts = [as_pokerstars(data, hand_no=number) for number, data in hands.items()]
    result = read_pokerstars("\n\n\n".join(texts), "export.txt", variants=VARIANTS)
    assert result.problems == []
    assert sorted(result.hands) == sorted(hands)
    for number, imported in result.hands.items():
        assert _replayed(imported) == _finals(hands[number]), number


@pytest.mark.parametrize("game", EXPORTED)
@pytest.mark.parametrize("reveal", [True, False], ids=["every-card", "onlooker"])
def test_export_import_replay_keeps_the_final_stacks(bot_hands: Any, game: str,
                                                     reveal: bool) -> None:
    _round_trip(bot_hands, game, 600 if reveal else 300, seats=6, reveal=reveal)


@pytest.mark.rule("lowball-10")
@pytest.mark.parametrize("reveal", [True, False], ids=["every-card", "onlooker"])
def test_a_five_card_draw_dealt_four_then_one_imports(bot_hands: Any, reveal: bool) -> None:
    """lowball-10: a five-card draw is dealt four now and the fifth after the others (or,
    to the last drawer, four, a burn and one); the PokerStars layout shows the parts the
    reader saw, and the import writes the draw as one PHH line the replay deals in parts."""
    hands = bot_hands("lowball-27-triple", 200, seats=6, reveal=reveal)
    split = [n for n, d in hands.items()
             if any(a.startswith("d dh") and len(a.split()[-1]) == 2 and
                    d["actions"][i - 1].startswith("d dh")
                    for i, a in enumerate(d["actions"]) if i > 6)]
    assert split, "no five-card draw in the sample"
    texts = [as_pokerstars(hands[n], hand_no=n) for n in split]
    result = read_pokerstars("\n\n\n".join(texts), "export.txt", variants=VARIANTS)
    assert result.problems == [] and sorted(result.hands) == split
    for number in split:
        assert _finals(result.hands[number]) == _finals(hands[number])


@pytest.mark.exhaustive
@pytest.mark.parametrize("game", DRAW_GAMES)
@pytest.mark.parametrize("reveal", [True, False], ids=["every-card", "onlooker"])
def test_thousands_of_draw_hands_round_trip_reshuffles_included(
        bot_hands: Any, game: str, reveal: bool) -> None:
    """A draw that runs through the deck is dealt from the discards and burns shuffled
    in; the layout names no burn and, to an onlooker, no discard, and every hand still
    imports and replays to its stacks."""
    _round_trip(bot_hands, game, ROUND_TRIP_HANDS, seats=6, reveal=reveal)


def test_the_commands_round_trip_a_session(bot_hands: Any, tmp_path: Path) -> None:
    hands = bot_hands("omaha-hilo", 40, seats=5, reveal=False)
    phhs = tmp_path / "session.phhs"
    phhs.write_text(tomli_w.dumps({str(n): d for n, d in hands.items()}), encoding="utf-8")
    runner = CliRunner()
    shown = runner.invoke(app, ["history", "show", str(phhs), "--format", "pokerstars"])
    assert shown.exit_code == 0, shown.output
    assert shown.output.count("PokerStars Hand #") == 40
    export = tmp_path / "HH-session.txt"
    export.write_text(shown.output, encoding="utf-8")
    back = tmp_path / "back.phhs"
    imported = runner.invoke(app, ["import", str(export), "-o", str(back)])
    assert imported.exit_code == 0, imported.output
    replayed = runner.invoke(app, ["replay", str(back), "--json"])
    assert replayed.exit_code == 0, replayed.output
    stacks = {row["hand"]: row["finishing_stacks"] for row in json.loads(replayed.output)}
    for number, data in hands.items():
        assert sorted(stacks[number]) == sorted(_finals(data).values())


def test_an_unreadable_line_is_named_and_only_its_hand_is_left_out(bot_hands: Any,
                                                                   tmp_path: Path) -> None:
    hands = bot_hands("holdem", 3, seats=3)
    texts = [as_pokerstars(data, hand_no=n) for n, data in hands.items()]
    lines = texts[1].splitlines()
    lines.insert(8, "Player2: juggles the chips")
    texts[1] = "\n".join(lines)
    export = tmp_path / "hands.txt"
    export.write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
    bad_line = next(number for number, line in
                    enumerate(export.read_text().splitlines(), start=1) if "juggles" in line)
    back = tmp_path / "back.phhs"
    result = CliRunner().invoke(app, ["import", str(export), "-o", str(back)])
    assert result.exit_code == 1
    assert f"{export}:{bad_line}: a line pokerroom cannot read" in result.output
    assert "2 hand(s) written" in result.output
    assert sorted(tomllib.loads(back.read_text())) == ["1", "2"]


def test_a_file_with_no_hand_is_refused(tmp_path: Path) -> None:
    export = tmp_path / "notes.txt"
    export.write_text("my notes\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(export), "-o", str(tmp_path / "x.phhs")])
    assert result.exit_code == 1
    assert f"{export}:1: no PokerStars hand in this file" in result.output
    assert not (tmp_path / "x.phhs").exists()


@pytest.mark.rule("draw-intro")
@pytest.mark.parametrize("reader", [None, 0], ids=["onlooker", "seat"])
def test_draws_with_no_betting_between_them_each_get_their_marker(reader: int | None
                                                                  ) -> None:
    """Both players all in on the blinds: the three draws follow one another with no
    betting, and the layout still opens each with its marker, as PokerStars does; the
    hand imports to the same stacks."""
    hand = GameConfig.of("lowball-27-triple", blinds=(1, 2)).new_hand(
        [2, 2], rng=random.Random(7))
    while not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        hand.apply(stubborn_action(seat, hand.legal_actions(seat), tuple(hand.hole[seat])))
    data = phh_as_seen(hand_to_phh(hand), hand, reader)
    text = as_pokerstars(data, hand_no=1)
    markers = [line for line in text.splitlines() if line.endswith("DRAW ***")]
    assert markers == ["*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***"]
    result = read_pokerstars(text, "allin.txt")
    assert result.problems == []
    assert result.hands[1]["finishing_stacks"] == [hand.final_stacks[s]
                                                   for s in player_seats(hand)]


def test_an_uncalled_bet_goes_back_in_a_line_of_its_own() -> None:
    """The raise nobody called: the layout returns its uncalled part to the raiser in a
    line of its own, as PokerStars writes it, and the raiser collects only the pot."""
    data = {"variant": "NT", "antes": [0, 0], "min_bet": 2, "blinds_or_straddles": [1, 2],
            "starting_stacks": [100, 100],
            "actions": ["d dh p1 AsKd", "d dh p2 QhQd", "p2 cbr 6", "p1 f"]}
    lines = phh_to_pokerstars(data, "Hold'em", hand_no=7).splitlines()
    returned = [line for line in lines if line.startswith("Uncalled bet")]
    assert len(returned) == 1 and returned[0].startswith("Uncalled bet (4) returned to ")
    raiser = returned[0].removeprefix("Uncalled bet (4) returned to ")
    assert f"{raiser} collected 4 from pot" in lines
    assert read_pokerstars("\n".join(lines)).hands[7]["finishing_stacks"] == [98, 102]
