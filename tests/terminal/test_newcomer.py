"""What a newcomer trips over at the terminal (issue 38): names that say a betting
structure, the draw's numbers, the replay of a history, rules between hands, messages in
the words of the table, the house in the summary, the triple-draw banner and the
progress of long analyses, each shown on a screen."""

from __future__ import annotations

import os

import pexpect
import pytest
from pty_harness import POKERROOM, clean, drive

from pokerroom import game_names
from pokerroom.terminal.seating import build_session, named_game


def run(*args: str, cols: int = 100, timeout: float = 120) -> str:
    """The screen of ``pokerroom ARGS`` on a pseudo-terminal, ANSI styling stripped."""
    env = dict(os.environ, NO_COLOR="1", COLUMNS=str(cols), TERM="xterm")
    child = pexpect.spawn(POKERROOM, list(args), env=env, encoding="utf-8",
                          timeout=timeout, dimensions=(32, cols))
    try:
        child.expect(pexpect.EOF)
        return clean(child.before)
    finally:
        child.close(force=True)


def one_line(text: str) -> str:
    """``text`` with panel borders and line breaks folded to single spaces."""
    return " ".join(text.replace("│", " ").split())


# --------------------------------------------------------------- 2. names of a structure

_STRUCTURE_WORDS = {"fixed-limit": "fixed limit", "pot-limit": "pot limit",
                    "no-limit": "no limit"}


@pytest.mark.parametrize(("alias", "structure"), [("lhe", "fixed limit"),
                                                  ("plo8", "pot limit")])
def test_an_alias_that_names_a_structure_deals_it(alias: str, structure: str) -> None:
    screens = drive([alias, "--seed", "1"], ["q"])
    banner = one_line(screens[0])
    assert f", {structure}, blinds 1/2" in banner
    assert f"({structure}, blinds 1/2) · hand 1" in banner


def test_every_alias_deals_the_structure_it_names_or_else_the_games_own() -> None:
    for game, aliases in game_names.GAMES.items():
        default = build_session(named_game(game, [])[0], seats=None, stakes=None,
                                house_rules=(), seed=1, name="You").announce()
        for alias in aliases:
            entry, rules = named_game(alias, [])
            announce = build_session(entry, seats=None, stakes=None, house_rules=rules,
                                     seed=1, name="You").announce()
            named = game_names.structure_named(alias)
            if named is None:
                assert announce == default, alias
            else:
                assert f", {_STRUCTURE_WORDS[named]}, " in announce.splitlines()[0], alias
    assert set(game_names.STRUCTURE_ALIASES) <= set(game_names.ALIASES)


def test_a_structure_rule_against_the_name_is_refused() -> None:
    screens = drive(["lhe", "--house-rule", "structure=nl"], [])
    assert ("error: lhe is fixed-limit Texas hold'em, not no-limit: play holdem "
            "--house-rule structure=no-limit") in one_line(screens[-1])
