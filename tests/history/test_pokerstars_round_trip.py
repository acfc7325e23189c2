"""Export → ``pokerroom import`` → replay: the PokerStars layout of every game it names
reads back into PHH hands that replay to the same final stacks."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from pokerroom.cli import commands_registry  # noqa: F401
from pokerroom.cli.app import app
from pokerroom.engine.variants import VARIANTS
from pokerroom.errors import HistoryError
from pokerroom.history.phh import phh_to_hand, player_seats
from pokerroom.history.pokerstars import GAME_NAMES, phh_to_pokerstars
from pokerroom.history.pokerstars_import import read_pokerstars

RESHUFFLE = ("no card left to burn", "the dealer must deal", "no card left to stand in",
             "cannot discard")
"""Why a draw hand that dealt through the whole deck may not come back: the layout never
names the burn cards, nor, to an onlooker, how a draw was split around the reshuffle of
the discards (see docs/histories.md)."""


def _finals(data: dict[str, Any]) -> dict[str, int]:
    hand = phh_to_hand(data)
    return dict(zip(data["players"], (hand.final_stacks[s] for s in player_seats(hand)),
                    strict=True))


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
@pytest.mark.parametrize("reveal", [True, False], ids=["every-card", "onlooker"])
def test_export_import_replay_keeps_the_final_stacks(bot_hands: Any, game: str,
                                                     reveal: bool) -> None:
    played = 600 if reveal else 300
    hands = bot_hands(game, played, seats=6, reveal=reveal)
    texts = []
    for number, data in list(hands.items()):
        try:
            texts.append(phh_to_pokerstars(data, hand_no=number))
        except HistoryError as err:        # an onlooker's draw hand that reshuffled
            assert "no card left" in str(err)
            del hands[number]
    result = read_pokerstars("\n\n\n".join(texts), "export.txt")
    assert all(any(why in p.reason for why in RESHUFFLE) for p in result.problems), \
        result.problems[:3]
    assert len(result.hands) + len(result.problems) == len(hands)
    lost = len(result.problems) + played - len(hands)
    drawing = any(street.draw for street in VARIANTS[game].streets)
    assert lost * 10 <= played if drawing else lost == 0
    for number, imported in result.hands.items():
        assert _finals(imported) == _finals(hands[number]), number


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
    texts = [phh_to_pokerstars(data, hand_no=n) for n, data in hands.items()]
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
