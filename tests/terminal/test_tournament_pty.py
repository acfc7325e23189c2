"""``pokerroom play --tournament`` at a real pseudo-terminal: a short structure played
against bots to the end, with the clock line before each hand and the standings after."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest
from pty_harness import PROMPT, clean, spawn_play

from pokerroom.tournament.files import save_structure
from pokerroom.tournament.structure import AddOn, Level, Rebuys, TournamentStructure

QUICK = TournamentStructure("quick", starting_stack=200, buy_in=10, chips=(5,), levels=(
    Level(5, 10, minutes=5, hands=2), Level(10, 20, minutes=5, hands=2),
    Level(25, 50, minutes=5, hands=2), Level(50, 100, ante=10, minutes=5, hands=2)),
    rebuys=Rebuys(until_level=2, per_player=1, chips=200, price=10),
    add_on=AddOn(chips=100, price=5))


def _answer(screen: str) -> str:
    last = screen.splitlines()[-1]
    if "Rebuy" in last or "add-on" in last:
        return "y"
    if "Enter: next hand" in last:
        return ""
    moves = next((line for line in reversed(screen.splitlines())
                  if line.startswith("Your move:")), "")
    if "a all-in" in moves or "all-in" in moves:
        return "a"
    return "c"


@pytest.mark.rule("supp-blinds", "supp-announce")
def test_a_tournament_against_bots_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "quick.toml"
    save_structure(QUICK, path)
    child = spawn_play(["holdem", "--tournament", str(path), "--seats", "3", "--seed", "4",
                        "--no-history", "--bots", "easy"], rows=60, timeout=60)
    seen: list[str] = []
    try:
        for _ in range(300):
            index = child.expect([PROMPT, pexpect.EOF])
            seen.append(child.before + (child.after if isinstance(child.after, str) else ""))
            if index == 1:
                break
            child.sendline(_answer(clean("".join(seen))))
        else:  # pragma: no cover - a tournament that never ends
            raise AssertionError("the tournament did not end in 300 prompts")
    finally:
        child.close(force=True)
    screen = clean("".join(seen))
    assert "Tournament: quick, 3 players, 200 chips each, buy-in 10" in screen
    clock = re.findall(r"^Clock: (.*)$", screen, re.MULTILINE)
    assert clock[0] == ("level 1: blinds 5/10; 2 hands left; next blinds 10/20 · average "
                        "stack 200 · 3 of 3 players left · prize pool 30")
    # the blinds go up every two hands, and stay at the last level
    levels = [int(line.split(":")[0].split()[1]) for line in clock]
    assert levels[:6] == [1, 1, 2, 2, 3, 3] and set(levels[6:]) == {4}
    # the add-on is offered at the end of level 2, and its price joins the prize pool
    assert "Take the add-on, 100 chips for 5? (y/n) > y" in screen
    assert "You: takes the add-on" in screen
    assert clock[4].endswith("prize pool 40")
    assert "You: out in 3rd place" in screen
    assert re.search(r"1st\s+│ Bob\s+│\s+40 │", screen)
    assert re.search(r"3rd\s+│ You\s+│\s+0 │", screen)
    assert "Tournament over (the tournament is over) after 13 hand(s)." in screen
