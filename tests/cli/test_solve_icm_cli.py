"""``pokerroom solve icm-pushfold``: the charts, the compact text and the JSON, and bad
settings refused in one line with exit code 2, through the launcher as a user runs it."""

from __future__ import annotations

import json

import pytest
from tests.cli.solve_run import assert_refused, run_cli

QUICK = ["--deals", "3000", "--iterations", "30"]


@pytest.mark.parametrize(("args", "message"), [
    (["--stacks", "5000,100,2000"], "stacks[2]: 100 chips do not cover the ante and the "
                                    "big blind (200)"),
    (["--stacks", "5000,3000", "--payouts", "50,30,20"], "payouts: 3 places paid but only "
                                                         "2 players left"),
    (["--stacks", ",".join(["3000"] * 7)], "stacks: give 2 to 6 stacks"),
    (["--stacks", "5000,3000,2000", "--blinds", "100-200"], "--blinds takes SB/BB"),
    (["--stacks", "5000,lots,2000"], "--stacks takes chips or big blinds"),
    (["--stacks", "5000,3000,2000", "--payouts", "50,x"], "--payouts takes whole numbers"),
    (["--stacks", "5000,3000,2000", "--deals", "0"], "the number of deals must be at "
                                                     "least 1"),
])
def test_bad_settings_print_one_line_and_exit_2(args: list[str], message: str) -> None:
    assert_refused(["solve", "icm-pushfold", *args, "--json"], message)


def test_the_help_names_the_options() -> None:
    code, out, _ = run_cli(["solve", "icm-pushfold", "--help"])
    assert code == 0
    for option in ("--stacks", "--blinds", "--ante", "--payouts", "--deals", "--json"):
        assert option in out


def test_the_json_lists_every_range() -> None:
    code, out, _ = run_cli(["solve", "icm-pushfold", "--stacks", "25bb,15bb,10bb",
                         "--blinds", "100/200", "--ante", "25", "--payouts", "50,30,20",
                         *QUICK, "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["stacks"] == [5000, 3000, 2000] and data["ante"] == 25
    assert data["positions"] == ["BTN", "SB", "BB"]
    assert set(data["push"]) == {"BTN", "SB"}
    assert set(data["call"]) == {"SB calls BTN", "BB calls BTN + SB", "BB calls BTN",
                                 "BB calls SB"}
    assert all("AA" in r for r in data["push"].values())
    assert "72o" not in data["call"]["BB calls BTN"]
    assert sum(data["equity"]) == pytest.approx(100.0)
    assert data["deals"] == 3000 and data["exploitability"] >= 0


def test_the_charts_and_the_compact_text() -> None:
    code, out, _ = run_cli(["solve", "icm-pushfold", "--stacks", "5000,3000,2000", *QUICK])
    assert code == 0
    assert "BTN shoves" in out and "BB calls SB" in out and "Exploitability" in out
    assert "BB calls BTN + SB" in out  # the overcall, as text
    code, out, _ = run_cli(["solve", "icm-pushfold", "--stacks", "5000,3000,2000", *QUICK,
                         "--compact"])
    assert code == 0
    assert "BTN shoves (" in out and "┃" not in out
