"""Guts and Herbie debts at the terminal: announced before the first deal, shown as
debts, figures kept readable, and a pot left in the middle accounted for."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pty_harness import play_one_hand
from typer.testing import CliRunner

from pokerroom.cli import app

runner = CliRunner()


@pytest.mark.rule("herbie-4.1", "herbie-table-5", "supp-announce")
def test_a_match_above_the_stack_is_a_debt_and_the_carried_pot_is_told(
        tmp_path: Path) -> None:
    session = play_one_hand("herbie", "--seed", "1", "--stack", "2", "--seats", "4",
                            history_dir=tmp_path)
    screen = " ".join(session.screen.split())
    # before the first deal: what happens when a match is above a stack
    assert ("No match is capped: a player who must match more than their stack pays it "
            "all and owes the rest") in screen
    assert screen.index("No match is capped") < screen.index("Herbie · hand 1")
    # the stack below zero is told as a debt, on the table and at the end
    assert "You D owes 3" in screen and "You: -5 (owes 3)" in screen
    assert re.search(r"You\s+2 -> owes 3 \(-5\)", screen)
    assert "A stack below zero is a debt: those chips are owed to the table." in screen
    # the pot left in the middle: where the chips are
    assert ("The pot of 8 stays on the table: the players paid it in and nobody has won "
            "it yet, so the results above add up to -8.") in screen
    assert session.history is not None
    assert "You: -5 (owes 3)" in session.history.read_text(encoding="utf-8")


@pytest.mark.rule("herbie-4.1", "guts-limit-agree")
@pytest.mark.parametrize("game", ["herbie", "guts2"])
def test_long_bots_only_runs_stay_readable(game: str) -> None:
    args = ["play", game, "--bots-only", "--hands", "1500", "--seed", "1", "--no-history"]
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    assert not re.search(r"\d{11,}", shown.output)           # no 11-digit figure
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    nets = [p["net"] for p in data["players"]]
    assert sum(nets) + data["chips_held"] == 0
    if data["chips_held"]:
        assert (f"so the nets add up to -{data['chips_held']:,}"
                in " ".join(shown.output.split()))
    capped = json.loads(runner.invoke(app, [*args, "--json", "--house-rule",
                                            "max_match=50"]).output)
    assert max(abs(p["net"]) for p in capped["players"]) < 1500 * 50 * 4
    assert capped["chips_held"] <= 4 * 50


def test_a_table_maximum_must_be_positive() -> None:
    result = runner.invoke(app, ["play", "herbie", "--house-rule", "max_match=-3",
                                 "--no-history"])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "table maximum must be positive" in result.output
