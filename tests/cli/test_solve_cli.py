"""``pokerroom solve pushfold``: the charts and the JSON, and bad settings refused in one
line with exit code 2, through the launcher as a user runs it."""

from __future__ import annotations

import json

import pytest
from tests.cli.solve_run import assert_refused, run_cli


@pytest.mark.parametrize(("args", "message"), [
    (["--stack", "0.5"], "the stack must be at least 1 big blind and at most 200, not 0.5"),
    (["--stack", "250"], "the stack must be at least 1 big blind and at most 200, not 250"),
    (["--stack", "nan"], "the stack must be at least 1 big blind and at most 200, not nan"),
    (["--stack", "10", "--ante", "-0.1"], "the ante must be at least 0 and at most 1 big "
                                          "blind (and less than the stack), not -0.1"),
    (["--cluster", "nowhere"], "unknown cluster 'nowhere'"),
])
def test_bad_settings_print_one_line_and_exit_2(args: list[str], message: str) -> None:
    assert_refused(["solve", "pushfold", *args, "--json"], message)


def test_the_help_names_the_options() -> None:
    code, out, _ = run_cli(["solve", "pushfold", "--help"])
    assert code == 0
    for option in ("--stack", "--ante", "--json", "--cluster"):
        assert option in out


@pytest.mark.exhaustive
def test_the_json_at_10_big_blinds() -> None:
    code, out, _ = run_cli(["solve", "pushfold", "--stack", "10", "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["stack"] == 10 and data["ante"] == 0.0
    assert {"AA", "K2o", "Q3s", "J5s", "T9o"} <= set(data["push"])
    assert not {"72o", "32o", "T2o"} & set(data["push"])
    assert {"AA", "A2o", "K8o", "QTs", "22"} <= set(data["call"])
    assert not {"Q2o", "J9o", "76s"} & set(data["call"])
    assert data["mixed"] == {"push": {"43s": 0.710748}, "call": {"Q6s": 0.402779}}
    assert data["exploitability"] <= 1e-12


@pytest.mark.exhaustive
def test_the_charts_with_an_ante() -> None:
    code, out, _ = run_cli(["solve", "pushfold", "--stack", "8", "--ante", "0.125"])
    assert code == 0
    assert "Heads-up push/fold at 8 big blinds, ante 0.125" in out
    assert "Small blind pushes" in out and "Big blind calls" in out
    assert "exploitability" in out
