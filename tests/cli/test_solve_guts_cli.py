"""``pokerroom solve guts2`` (``guts3``, ``herbie``): the table and the JSON, and bad
settings refused in one line with exit code 2, through the launcher as a user runs it."""

from __future__ import annotations

import json

import pytest
from tests.cli.solve_run import assert_refused, run_cli


@pytest.mark.parametrize(("args", "message"), [
    (["guts2", "--players", "5"], "the declare solver takes 2 to 4 players, not 5"),
    (["guts2", "--pot", "0"], "the pot must be at least 1 chip, not 0"),
    (["guts2", "--house-rule", "ghost=always"], "the declare solver does not play the ghost"),
    (["guts3", "--house-rule", "nonsense=1"], "unknown house rule 'nonsense' for guts3"),
    (["herbie", "--deals", "0"], "the number of deals must be at least 1"),
    (["guts2", "--cluster", "nowhere"], "unknown cluster 'nowhere'"),
])
def test_bad_settings_print_one_line_and_exit_2(args: list[str], message: str) -> None:
    assert_refused(["solve", *args, "--json"], message)


def test_the_help_names_the_options() -> None:
    code, out, _ = run_cli(["solve", "guts2", "--help"])
    assert code == 0
    for option in ("--players", "--pot", "--house-rule", "--iterations", "--cluster",
                   "--scheduler", "--json"):
        assert option in out


@pytest.mark.rule("guts-declare-in-turn", "guts-dealer-auto-in")
def test_the_json_of_heads_up_guts() -> None:
    code, out, _ = run_cli(["solve", "guts2", "--pot", "10", "--iterations", "200",
                            "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "guts2" and data["declare"] == "in-turn" and data["exact_deals"]
    # the dealer who heard out is in by rule: two decisions are left
    assert [d["heard"] for d in data["decisions"]] == ["seat 1, first", "dealer, after in"]
    assert data["decisions"][1]["stays_from"] in ("J8", "J9", "JT")
    assert 0 <= data["exploitability"] < 0.01


@pytest.mark.rule("herbie-3.1", "guts-limit-agree")
def test_the_table_of_herbie() -> None:
    code, out, _ = run_cli(["solve", "herbie", "--players", "3", "--pot", "12",
                            "--house-rule", "max_match=6", "--deals", "10000",
                            "--iterations", "30"])
    assert code == 0
    assert "Herbie, 3 players, pot 12, matches capped at 6; declaring all at once" in out
    assert "seat 3" in out and "Exploitability" in out and "10,000 random deals" in out
