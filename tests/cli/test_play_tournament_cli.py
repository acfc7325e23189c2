"""``pokerroom play --tournament``: a bots-only tournament printed to its standings, and
settings a tournament cannot take refused in one line with exit code 2."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest

from pokerroom.cli.launch import run


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run(args, prog="pokerroom")
    return code, out.getvalue(), err.getvalue()


def test_a_bots_only_turbo_prints_its_standings() -> None:
    code, out, err = _run(["play", "holdem", "--tournament", "turbo", "--bots-only",
                           "--seats", "3", "--seed", "3", "--bots", "easy", "--no-history"])
    assert (code, err) == (0, "")
    assert "Standings (turbo)" in out and "prize pool 30" in out
    places = re.findall(r"│ (1st|2nd|3rd)\s+│ (\w+)\s+│\s+(\d+) │", out)
    assert [place for place, _, _ in places] == ["1st", "2nd", "3rd"]
    assert [int(prize) for _, _, prize in places] == [30, 0, 0]   # 3 entries: one paid


@pytest.mark.parametrize(("args", "words"), [
    (["guts2", "--tournament", "turbo"], "game: Guts (two-card) has no tournament"),
    (["three-card-poker", "--tournament", "turbo"], "the house banks it"),
    (["holdem", "--tournament", "turbo", "--stakes", "1/2"],
     "--stakes cannot be used with --tournament"),
    (["holdem", "--tournament", "no-such-structure"], "no preset of that name"),
    (["holdem", "--tournament", "turbo", "--seats", "11"], "seats 2 to 10 players, not 11"),
])
def test_what_a_tournament_cannot_take_is_refused(args: list[str], words: str) -> None:
    code, out, err = _run(["play", *args, "--no-history"])
    assert code == 2 and out == ""
    assert err.startswith("error: ") and words in err and err.count("\n") == 1
