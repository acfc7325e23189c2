"""Impossible stakes are refused when the table is made, in every betting structure:
one line on stderr and exit code 2 at the command line, nothing played."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.errors import ConfigError
from pokerroom.games import all_games, get_game
from pokerroom.terminal.seating import build_session

runner = CliRunner()
BLIND_GAMES = [g.name for g in all_games() if "small_blind" in g.default_stakes]
STRUCTURES = ["fixed-limit", "pot-limit", "no-limit"]


@pytest.mark.rule("supp-blinds")
@pytest.mark.parametrize("structure", STRUCTURES)
@pytest.mark.parametrize("game", BLIND_GAMES)
def test_reversed_or_empty_blinds_are_refused_in_every_structure(game: str,
                                                                  structure: str) -> None:
    rule = [f"structure={structure}"]
    for stakes, words in (("2/1", "the small blind (2) is above the big blind (1)"),
                          ("5/2", "the small blind (5) is above the big blind (2)"),
                          ("small_blind=3,big_blind=2", "above the big blind"),
                          ("1/0", "the big blind must be positive")):
        with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
            build_session(get_game(game), seats=None, stakes=stakes, house_rules=rule,
                          seed=1, name="You")
    for stakes in ("1/2", "2/2", "0/2"):       # equal blinds, or a single big blind
        assert build_session(get_game(game), seats=None, stakes=stakes, house_rules=rule,
                             seed=1, name="You").announce()


@pytest.mark.rule("supp-blinds")
@pytest.mark.parametrize("args", [
    ["play", "holdem", "--stakes", "2/1"],
    ["play", "holdem", "--stakes", "2/1", "--bots-only", "--hands", "3"],
    ["play", "omaha", "--stakes", "10/5", "--house-rule", "structure=no-limit"],
    ["play", "lowball-27-triple", "--stakes", "1/0", "--bots-only"],
    ["floor", "holdem", "--blinds", "2,1"],
])
def test_the_command_line_refuses_reversed_blinds_with_one_line(args: list[str],
                                                                 tmp_path: object) -> None:
    result = runner.invoke(app, [*args, "--no-history"] if args[0] == "play" else args)
    assert result.exit_code == 2
    assert result.output.startswith("error: ") and result.output.count("\n") == 1
