"""``pokerroom odds`` from the command line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app

runner = CliRunner()


@pytest.mark.rule("holdem-intro")
def test_exact_json() -> None:
    result = runner.invoke(app, ["odds", "holdem", "Ad Ac", "Kh Ks", "--exact", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["wins"] == [1_388_072, 317_694]
    assert data["ties"] == [6_538, 6_538]
    assert data["method"] == "exact"
    assert sum(data["equities"]) == pytest.approx(1.0)


def test_ranges_and_trials_json() -> None:
    result = runner.invoke(app, ["odds", "holdem", "QQ+", "AKs", "--trials", "50000",
                                 "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["method"] == "monte-carlo" and data["seed"] == 4
    assert len(data["stderr"]) == 2 and all(0 < e < 0.01 for e in data["stderr"])
    again = runner.invoke(app, ["odds", "holdem", "QQ+", "AKs", "--trials", "50000",
                                "--seed", "4", "--json"])
    assert json.loads(again.stdout) == data


@pytest.mark.rule("omaha8-2")
def test_hilo_json_has_split_shares() -> None:
    result = runner.invoke(app, ["odds", "omaha-hilo", "As 2s Kd Kh", "3c 4d Qh Qs",
                                 "--board", "5h 8c Tc", "--exact", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"scoop", "half", "quarter"} <= set(data)
    assert data["deals"] == 820


@pytest.mark.rule("joker-1")
def test_house_rule_option() -> None:
    base = ["odds", "lowball-a5", "Ah 2d 3c 4s", "5h 6d 7c 8s 9d", "--exact", "--json"]
    on = json.loads(runner.invoke(app, base).stdout)
    off = json.loads(runner.invoke(app, [*base, "-r", "joker=off"]).stdout)
    assert (on["deals"], off["deals"]) == (44, 43)
    bad = runner.invoke(app, [*base, "-r", "colour=blue"])
    assert bad.exit_code == 2 and bad.stderr.startswith("error:")


def test_table_output() -> None:
    result = runner.invoke(app, ["odds", "razz", "Ah 2d 3c 4s 5h 6d", "Kh Kd 9c 8s 7h 6c",
                                 "--dead", "Qs", "--exact"])
    assert result.exit_code == 0, result.output
    assert "razz" in result.stdout and "equity" in result.stdout


@pytest.mark.parametrize("args", [
    ["odds", "holdem", "Ad Ac", "Ad Ks", "--exact"],
    ["odds", "holdem", "Ad Ac", "Ad Ks"],
    ["odds", "holdem", "Ad Ac", "Kh Ks", "--exact", "--trials", "5"],
    ["odds", "holdem", "Ad Ac", "Zz", "--exact"],
    ["odds", "stud", "Ad Ac", "QQ+", "--trials", "5"],
    ["odds", "canasta", "Ad Ac", "Kh Ks", "--exact"],
    ["odds", "holdem", "Ad Ac", "Kh Ks", "--trials", "5", "--cluster", "nowhere"],
])
def test_bad_input_exits_2_with_one_line(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr


@pytest.mark.rule("holdem-intro")
def test_asked_for_neither_method_it_enumerates_when_cheap_and_says_so() -> None:
    """AA v KK all in before the flop: 1,712,304 boards, exact (SUPPLEMENT §4)."""
    result = runner.invoke(app, ["odds", "holdem", "Ad Ac", "Kh Ks", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["method"] == "exact" and data["auto"] is True
    assert data["deals"] == 1_712_304 and data["wins"] == [1_388_072, 317_694]
    shown = runner.invoke(app, ["odds", "holdem", "Ad Ac", "Kh Ks"])
    assert shown.exit_code == 0
    assert ("exact: every one of the 1,712,304 deals (no --exact or --trials given; "
            "enumeration is cheap here)") in " ".join(shown.stdout.split())
    asked = json.loads(runner.invoke(app, ["odds", "holdem", "Ad Ac", "Kh Ks", "--exact",
                                           "--json"]).stdout)
    assert asked["auto"] is False and asked["wins"] == data["wins"]


@pytest.mark.rule("stud-intro")
def test_asked_for_neither_method_it_simulates_when_enumeration_is_dear() -> None:
    args = ["odds", "stud", "As Ah Ks", "Jc Tc 9d", "--seed", "3"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["method"] == "monte-carlo" and data["auto"] is True
    assert data["deals"] == 200_000 and data["seed"] == 3
    assert all(e < 0.0012 for e in data["stderr"])
    shown = " ".join(runner.invoke(app, args).stdout.split())
    assert ("Monte Carlo: 200,000 random deals, seed 3 (no --exact or --trials given; an "
            "exact enumeration would visit 18,265,297,050 deals)") in shown
