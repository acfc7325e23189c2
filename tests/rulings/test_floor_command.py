"""``pokerroom floor GAME``: a live-dealt hand at the terminal, fed through CliRunner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.cli.commands_registry import floor  # noqa: F401

runner = CliRunner()

HOLDEM_HAND = [
    "As", "Kd", "Qh", "Jc", "Ts", "9s",      # the starting hands
    "report extra 1 2h",                      # holdem-5: the extra card is the burn
    "call", "call", "check",
    "3c", "4c", "5c",                         # the flop: no burn to deal
    "check", "check", "check",
    "6c", "7c", "check", "check", "check",
    "8c", "9c", "check", "check", "check",
    "showdown",
]


@pytest.mark.rule("holdem-5")
def test_a_guided_holdem_hand_with_a_ruling() -> None:
    result = runner.invoke(app, ["floor", "holdem", "--structure", "no limit"],
                           input="\n".join(HOLDEM_HAND) + "\n")
    assert result.exit_code == 0, result.output
    assert "RULING [holdem-5] The extra card to the first player goes back" in result.output
    assert "Final stacks: 104, 98, 98" in result.output


@pytest.mark.rule("holdem-5")
def test_json_result_lists_the_rulings_and_final_stacks() -> None:
    result = runner.invoke(app, ["floor", "holdem", "--structure", "no limit", "--json"],
                           input="\n".join(HOLDEM_HAND) + "\n")
    assert result.exit_code == 0
    data = json.loads(result.output.strip().splitlines()[-1])
    assert data["final_stacks"] == [104, 98, 98] and data["over"]
    assert [r["rule"] for r in data["rulings"]] == ["holdem-5"]


@pytest.mark.rule("holdem-1")
def test_a_misdeal_starts_the_deal_over_and_bad_lines_are_answered() -> None:
    lines = ["As", "report exposed 1 As", "bogus", "report nothing", "help", "quit"]
    result = runner.invoke(app, ["floor", "holdem"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0
    assert "Misdeal: the first hole card was exposed" in result.output
    assert "not done:" in result.output and "report what?" in result.output
    assert "report exposed SEAT CARD" in result.output
    assert "The hand was left unfinished." in result.output


@pytest.mark.rule("stud-17a")
def test_a_ruling_choice_is_answered_at_the_prompt() -> None:
    third = ["2c", "9d", "9h", "Kc", "Td", "Th", "3s", "Jd", "Qh"]
    lines = [*third, "bringin", "call", "call",
             "7c", "4d", "4h", "4s", "check", "check", "check",
             "7d", "5d", "5h", "5s", "check", "check", "check",
             "7h", "6d", "6h", "6s", "check", "check", "check",
             "7s", "3d", "report exposed 1 3d", "8c", "8d", "no",
             "check", "check", "check", "showdown"]
    result = runner.invoke(app, ["floor", "stud", "--json"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    assert data["over"] and sum(data["final_stacks"]) == 300
    assert data["rulings"][0]["rule"] == "stud-17a"


def test_bad_options_exit_2_with_one_line() -> None:
    for args in (["floor", "nothing"], ["floor", "holdem", "--seats", "1"],
                 ["floor", "holdem", "--blinds", "x"], ["floor", "stud", "--button", "5"],
                 ["floor", "holdem", "--stack", "0"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert result.output.count("\n") == 1 and "error:" in result.output


@pytest.mark.rule("supp-nlpl")
def test_an_oversize_pot_limit_raise_is_cut_to_the_maximum() -> None:
    lines = ["As", "Kd", "Qh", "Jc", "Ts", "9s", "8s", "7s", "6s", "5s", "4s", "3s",
             "raise 500", "state", "quit"]
    result = runner.invoke(app, ["floor", "omaha", "--structure", "pot limit"],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "a raise to 500 is over the pot limit: cut to the maximum, 7" in result.output
    assert "seat 3 (button): stack 93, bet 7" in result.output
    limit = runner.invoke(app, ["floor", "holdem"],
                          input="\n".join([*HOLDEM_HAND[:6], "raise 500", "quit"]) + "\n")
    assert "not done:" in limit.output and "cut to" not in limit.output   # fixed limit


@pytest.mark.rule("holdem-1")
def test_seats_are_numbered_from_one_on_the_screen_and_in_reports() -> None:
    lines = ["As", "Kd", "state", "report exposed 0 As", "report exposed 2 Kd", "quit"]
    result = runner.invoke(app, ["floor", "holdem", "--button", "3"],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "deal a card to seat 1 (down)" in out and "deal a card to seat 0" not in out
    assert "seat 3 (button): stack 100" in out and "seat 1: stack 99, bet 1" in out
    assert "not done: seats are numbered from 1, not 0" in out
    # the second card, dealt to seat 2, exposed: the deal goes on and seat 2 is made good
    assert "the exposed Kd may not be kept; seat 2 gets" in " ".join(out.split())
    assert "seat 0" not in out.lower()
    data = runner.invoke(app, ["floor", "holdem", "--json"], input="quit\n").output
    assert json.loads(data.strip().splitlines()[-1])["final_stacks"] == [99, 98, 100]
