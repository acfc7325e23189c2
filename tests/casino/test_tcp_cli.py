"""``pokerroom analyze three-card-poker`` and ``pokerroom simulate three-card-poker``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerroom.cli import casino
from pokerroom.cli.app import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def analyze_json(*args: str) -> dict[str, Any]:
    code, out, err = run("analyze", "three-card-poker", *args, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_analyze_is_a_group_others_can_extend() -> None:
    assert casino.analyze_app.info.name == "analyze"
    assert casino.simulate_app.info.name == "simulate"


@pytest.mark.rule("tcp-house-edge", "tcp-ante-bonus-table", "tcp-pair-plus-table",
                  "tcp-6-card-bonus")
def test_analyze_json_reproduces_the_supplement() -> None:
    data = analyze_json()
    assert data["ante_play"]["house_edge"] == pytest.approx(0.033730, abs=1e-6)
    assert data["ante_play"]["element_of_risk"] == pytest.approx(0.020147, abs=1e-6)
    assert data["ante_play"]["optimal_threshold"] == "Q-6-4"
    assert data["pair_plus"]["house_edge"] == pytest.approx(0.023167, abs=1e-6)
    assert data["six_card_bonus"]["house_edge"] == pytest.approx(0.085614, abs=1e-6)
    assert data["dealer_qualifying_hands"] == 15_380
    assert data["hand_counts"] == {"high card": 16_440, "pair": 3_744, "flush": 1_096,
                                   "straight": 720, "three of a kind": 52,
                                   "straight flush": 48}
    other = analyze_json("--ante-bonus", "4-3-1", "--pair-plus", "1-3-6-30-40",
                         "--six-card-bonus", "1000-200-50-25-20-10-5", "--strategy", "always")
    assert other["ante_play"]["strategy"] == "always play"
    assert other["pair_plus"]["house_edge"] == pytest.approx(0.072760, abs=1e-6)
    assert other["six_card_bonus"]["house_edge"] == pytest.approx(0.102248, abs=1e-6)
    queen = analyze_json("--strategy", "queen")
    assert queen["ante_play"]["house_edge"] == pytest.approx(0.034491, abs=1e-6)


def test_analyze_human_output_shows_probabilities_and_pays() -> None:
    code, out, _ = run("analyze", "three-card-poker")
    assert code == 0
    assert "3.3730 %" in out and "2.0147 %" in out
    assert "dealer does not qualify" in out and "40 to 1" in out and "1000 to 1" in out
    assert "Q-6-4" in out


@pytest.mark.parametrize("args", [("--pair-plus", "1-4-6"), ("--ante-bonus", "x"),
                                  ("--six-card-bonus", "1-2-3"), ("--strategy", "Q6")])
def test_analyze_bad_input_exits_2_with_one_line(args: tuple[str, str]) -> None:
    code, out, err = run("analyze", "three-card-poker", *args)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "Traceback" not in err + out


def test_simulate_json_and_errors() -> None:
    code, out, err = run("simulate", "three-card-poker", "--rounds", "400", "--seed", "9",
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["rounds"] == 400 and data["seed"] == 9 and data["engine"] == "table"
    assert data["ante_play"]["exact_house_edge"] == pytest.approx(0.0337298, abs=1e-7)
    low, high = data["pair_plus"]["ci95"]
    assert low <= data["pair_plus"]["mean"] <= high
    code, out2, _ = run("simulate", "three-card-poker", "--rounds", "400", "--seed", "9",
                        "--json", "--engine", "direct")
    assert code == 0
    direct = json.loads(out2)
    assert direct["ante_play"]["mean"] == data["ante_play"]["mean"]
    for bad in (("--rounds", "1"), ("--engine", "warp"), ("--strategy", "zz")):
        code, _, err = run("simulate", "three-card-poker", "--rounds", "10", *bad)
        assert code == 2 and err.startswith("error: ")


def test_simulate_human_output() -> None:
    code, out, _ = run("simulate", "three-card-poker", "--rounds", "300", "--seed", "1")
    assert code == 0
    assert "95 % CI" in out and "pair plus" in out and "hands played" in out


def test_simulate_long_run_goes_through_the_progress_bar() -> None:
    code, out, err = run("simulate", "three-card-poker", "--rounds", "20000", "--seed", "2",
                         "--engine", "direct")
    assert code == 0, err
    assert "20,000 rounds (direct engine)" in out
