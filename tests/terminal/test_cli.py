"""The ``play``, ``rules`` and ``history show`` commands: help with examples, bad input
as a one-line error with exit code 2, JSON for scripts."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from pokerroom.cli import app

runner = CliRunner()


def test_help_shows_examples() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "pokerroom play herbie" in result.output
    for command in (["play", "--help"], ["rules", "--help"], ["history", "show", "--help"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, command
        assert "Examples" in result.output, command


@pytest.mark.rule("supp-announce", "herbie-1.5-unpaired")
def test_rules_prints_summary_and_house_rules_with_values() -> None:
    result = runner.invoke(app, ["rules", "herbie"])
    assert result.exit_code == 0
    assert "Herbie" in result.output and "wild" in result.output
    assert "lone_tie" in result.output and "herbie-wins" in result.output
    changed = runner.invoke(app, ["rules", "herbie", "--house-rule", "unpaired=no-value",
                                  "--json"])
    data = json.loads(changed.output)
    values = {rule["name"]: rule["value"] for rule in data["house_rules"]}
    assert values["unpaired"] == "no-value"
    assert "all hands without a pair are equal" in data["announce"]


@pytest.mark.parametrize("game", ["holdem", "stud", "guts3", "hearts-poker", "tcp"])
def test_rules_for_each_family(game: str) -> None:
    result = runner.invoke(app, ["rules", game, "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["summary"] and data["announce"]


@pytest.mark.parametrize(("args", "message"), [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "holdem", "--house-rule", "ghost=yes"], "unknown house rule 'ghost'"),
    (["play", "holdem", "--house-rule", "structure=wild"], "expected one of"),
    (["play", "herbie", "--seats", "2"], "4 to 10 players, not 2"),
    (["play", "holdem", "--stakes", "1/x"], "stakes '1/x'"),
    (["play", "holdem", "--hands", "0"], "--hands must be positive"),
    (["play", "--bots-only"], "--bots-only needs a GAME"),
    (["play", "--stakes", "1/2"], "--stakes and --house-rule need a GAME"),
    (["rules", "nothing"], "unknown game 'nothing'"),
])
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_bots_only_prints_the_ledger(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "guts2", "--bots-only", "--hands", "40", "--seed",
                                 "3", "--history-dir", str(tmp_path), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["hands"] == 40 and data["balanced"] is True
    assert sum(p["net"] for p in data["players"]) + data["chips_held"] == 0
    history = Path(data["history"])
    assert history.exists() and history.read_text().count("pokerroom Hand #") == 40
    table = runner.invoke(app, ["play", "holdem", "--bots-only", "--hands", "20", "--seed",
                                "3", "--no-history"])
    assert table.exit_code == 0 and "ledger balances" in table.output


def test_history_show_prints_hands(tmp_path: Path) -> None:
    runner.invoke(app, ["play", "stud", "--bots-only", "--hands", "3", "--seed", "1",
                        "--history-dir", str(tmp_path)])
    (path,) = tmp_path.glob("*.txt")
    every = runner.invoke(app, ["history", "show", str(path)])
    assert every.exit_code == 0
    assert every.output.count("pokerroom Hand #") == 3
    one = runner.invoke(app, ["history", "show", str(path), "--hand", "2", "--json"])
    (hand,) = json.loads(one.output)
    assert hand["hand"] == 2 and hand["game"] == "Seven-card stud"
    assert "*** 3rd STREET ***" in hand["text"]


@pytest.mark.parametrize(("content", "args", "message"), [
    (None, [], "No such file"),
    ("not a history\n", [], "no hands in this file"),
    ("pokerroom Hand #1: Razz (x) - now\n*** SUMMARY ***\n", ["--hand", "5"],
     "there is no hand #5"),
])
def test_history_show_errors(tmp_path: Path, content: str | None, args: list[str],
                             message: str) -> None:
    path = tmp_path / "h.txt"
    if content is not None:
        path.write_text(content)
    result = runner.invoke(app, ["history", "show", str(path), *args])
    assert result.exit_code == 2
    assert message in result.output


def test_poker_sessions_also_write_phh(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "stud", "--bots-only", "--hands", "6", "--seed",
                                 "2", "--history-dir", str(tmp_path), "--json"])
    text_path = Path(json.loads(result.output)["history"])
    phh_path = text_path.with_suffix(".phhs")
    assert phh_path.exists()
    shown = runner.invoke(app, ["history", "show", str(phh_path), "--json"])
    assert shown.exit_code == 0
    hands = json.loads(shown.output)
    assert [h["hand"] for h in hands] == [1, 2, 3, 4, 5, 6]
    assert {h["variant"] for h in hands} == {"F7S"}
    # the replayed PHH hands end with the stacks the text history starts the next with
    texts = runner.invoke(app, ["history", "show", str(text_path), "--json"])
    starts = [[int(x) for x in re.findall(r"\((\d+) in chips\)", h["text"])]
              for h in json.loads(texts.output)]
    for replayed, following in zip(hands, starts[1:], strict=False):
        assert replayed["finishing_stacks"] == following


def test_home_games_write_phh_that_replays(tmp_path: Path) -> None:
    runner.invoke(app, ["play", "herbie", "--bots-only", "--hands", "3", "--seed", "2",
                        "--history-dir", str(tmp_path)])
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".phhs", ".txt"]
    phhs = next(tmp_path.glob("*.phhs"))
    result = runner.invoke(app, ["replay", str(phhs), "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.output)) == 3


def test_bad_phh_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.phhs"
    path.write_text('[1]\nvariant = "NT"\n')
    result = runner.invoke(app, ["history", "show", str(path)])
    assert result.exit_code == 2 and "error:" in result.output


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("pokerroom ") and result.output.count("\n") == 1


def _commands(command: Any, path: str = "pokerroom") -> Iterator[tuple[str, Any]]:
    """Every command under ``command`` (a group lists its commands, which load on first
    use), with its full name."""
    yield path, command
    if hasattr(command, "list_commands"):
        context = typer.Context(command)
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            assert sub is not None, name
            yield from _commands(sub, f"{path} {name}")


def test_every_command_lists_with_a_one_line_summary() -> None:
    """A command's summary in its group's list is one sentence on one line (a summary
    spread over lines breaks where the docstring did, not where the terminal does)."""
    found = list(_commands(typer.main.get_command(app)))
    assert len(found) > 15
    broken = [path for path, command in found
              if "\n" in (command.short_help or (command.help or "").split("\n\n")[0]).strip()]
    assert not broken, broken
