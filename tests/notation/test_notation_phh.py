"""PHH hand histories: writing, reading, round trips, bad input, and the replay command."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import commands_registry  # noqa: F401
from pokerroom.cli.app import app
from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    BringIn,
    BringInOption,
    Call,
    Check,
    CheckOption,
    Draw,
    DrawOption,
    Raise,
    RaiseOption,
)
from pokerroom.engine import GameConfig
from pokerroom.errors import HistoryError
from pokerroom.history.phh import dumps, loads, phh_code, phh_to_hand, player_seats

# A no-limit hold'em hand written by hand in PHH (three players, p3 is the button).
NT_HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 7h2c",
  "p3 f", "p1 cbr 10", "p2 cc",
  "d db 2d5s9h", "p1 cbr 20", "p2 cbr 190", "p1 cc",
  "d db Jc", "d db 3c",
  "p1 sm AsAd", "p2 sm KcKd",
]
"""


def test_reads_a_hand_written_by_hand() -> None:
    hand = loads(NT_HAND)
    assert hand.is_over
    seats = player_seats(hand)
    assert [hand.final_stacks[s] for s in seats] == [400, 0, 200]
    assert hand.button == 2


@pytest.mark.parametrize("game,structure,kwargs,code", [
    ("holdem", "fixed limit", {"blinds": (1, 2)}, "FT"),
    ("holdem", "no limit", {"blinds": (1, 2)}, "NT"),
    ("omaha", "pot limit", {"blinds": (1, 2)}, "PO"),
    ("omaha-hilo", "fixed limit", {"blinds": (1, 2)}, "FO/8"),
    ("stud", "fixed limit", {"ante": 1, "bring_in": 2}, "F7S"),
    ("stud-hilo", "fixed limit", {"ante": 1, "bring_in": 2}, "F7S/8"),
    ("razz", "fixed limit", {"ante": 1, "bring_in": 2}, "FR"),
    ("lowball-27", "no limit", {"blinds": (1, 2)}, "N2L1D"),
    ("lowball-27-triple", "fixed limit", {"blinds": (1, 2)}, "F2L3D"),
    ("lowball-a5", "fixed limit", {"blinds": (1, 2)}, "FA5L1D"),
    ("jacks", "fixed limit", {"ante": 1}, "FJ5D"),
    ("holdem", "pot limit", {"blinds": (1, 2)}, "PT"),
])
def test_codes_and_round_trip(game: str, structure: str, kwargs: dict[str, object],
                              code: str) -> None:
    config = GameConfig.of(game, structure, **kwargs)  # type: ignore[arg-type]
    assert phh_code(config) == code
    hand = config.new_hand([100] * 4, rng=random.Random(3))
    rng = random.Random(4)
    while not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        options = hand.legal_actions(seat)
        option = rng.choice(options)
        if isinstance(option, DrawOption):
            hand.apply(Draw(seat, tuple(hand.hole[seat][: rng.randint(0, 3)])) if
                       seat != hand.opener_seat else Draw(seat, ()))
        elif isinstance(option, RaiseOption) and rng.random() < 0.3:
            hand.apply(Raise(seat, option.max_to))
        elif isinstance(option, BetOption):
            hand.apply(Bet(seat, option.max_amount))
        elif isinstance(option, BringInOption):
            hand.apply(BringIn(seat))
        else:
            hand.apply(Check(seat) if CheckOption() in options else Call(seat))
    text = dumps(hand)
    again = loads(text)
    assert dumps(again) == text
    assert again.final_stacks == hand.final_stacks
    assert f'variant = "{code}"' in text
    assert ("_pokerroom_code = true" in text) == (code in ("FA5L1D", "FJ5D", "PT"))


@pytest.mark.parametrize("text,message", [
    ("this is not toml [", "not a PHH"),
    ('variant = "ZZ"\nactions = []', "unknown variant"),
    (NT_HAND.replace('"p3 f"', '"p3 cbr 1"'), "not allowed"),
    (NT_HAND.replace('"d dh p2 KcKd"', '"d dh p2 AsKd"'), "not in the stub"),
    (NT_HAND.replace('"p1 cc",', '"p1 xx",'), "bad action"),
    (NT_HAND.replace("starting_stacks = [200, 200, 200]", "starting_stacks = [200, 200]"),
     "bad player"),
    (NT_HAND.replace('"p2 cc",', '"p2 cc", "p2 cc",'), "no betting now"),
])
def test_malformed_or_illegal_histories(text: str, message: str) -> None:
    with pytest.raises(HistoryError, match=message):
        loads(text)


def test_replay_command_json(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(NT_HAND, encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"finishing_stacks": [400, 0, 200]}
    human = CliRunner().invoke(app, ["replay", str(path)])
    assert human.exit_code == 0 and "p1" in human.stdout


def test_replay_command_bad_input_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(NT_HAND.replace('"p3 f"', '"p3 cbr 1"'), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 2
    assert "error:" in result.stderr and "Traceback" not in result.stderr
    missing = CliRunner().invoke(app, ["replay", str(tmp_path / "none.phh")])
    assert missing.exit_code == 2


@pytest.mark.rule("holdem-intro", "stud-intro")
@pytest.mark.parametrize("reveal", [False, True])
@pytest.mark.parametrize("game", ["holdem", "stud", "lowball-27-triple"])
def test_replay_reads_the_hand_sets_play_writes(game: str, reveal: bool,
                                                tmp_path: Path) -> None:
    args = ["play", game, "--bots-only", "--hands", "5", "--seed", "3", "--json",
            "--history-dir", str(tmp_path)] + (["--reveal"] if reveal else [])
    played = CliRunner().invoke(app, args)
    assert played.exit_code == 0, played.output
    path = Path(json.loads(played.stdout)["history"]).with_suffix(".phhs")
    every = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert every.exit_code == 0, every.output
    hands = json.loads(every.stdout)
    assert [h["hand"] for h in hands] == [1, 2, 3, 4, 5]
    assert all((h["hidden_cards"] == 0) == reveal for h in hands)
    # each hand ends with the stacks the next one starts with
    records = tomllib.loads(path.read_text(encoding="utf-8"))
    for hand, number in zip(hands, range(1, 5), strict=False):
        replayed = phh_to_hand(records[str(number)])
        assert hand["finishing_stacks"] == [replayed.final_stacks[s]
                                            for s in player_seats(replayed)]
        assert list(replayed.final_stacks) == records[str(number + 1)]["_seat_stacks"]
    one = CliRunner().invoke(app, ["replay", str(path), "--hand", "3", "--json"])
    assert [h["hand"] for h in json.loads(one.stdout)] == [3]
    text = CliRunner().invoke(app, ["replay", str(path)])
    assert text.exit_code == 0 and text.stdout.count(": 5 players, hand over") == 5
    assert text.stdout.startswith("hand 1: ")
    assert ("hidden card(s) replayed as stand-ins" in text.stdout) != reveal


def test_replay_refuses_a_set_whose_every_hand_is_bad(tmp_path: Path) -> None:
    path = tmp_path / "bad.phhs"
    path.write_text('[1]\nvariant = "NT"\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {path}:1: hand 1: a PHH history needs an actions array",
        "replayed 0 of 1 hands"]


@pytest.mark.parametrize(("content", "args", "message"), [
    ("[x]\nactions = []\n", [], "holds no PHH hand"),
    ("", [], "holds no PHH hand"),
    ("not = [toml", [], "not a PHH (TOML) file"),
    (NT_HAND, ["--hand", "2"], "has no hand 2 (hands: 1)"),
])
def test_replay_refuses_bad_sets_with_one_line(tmp_path: Path, content: str,
                                               args: list[str], message: str) -> None:
    path = tmp_path / "bad.phhs"
    path.write_text(content, encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path), *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1
