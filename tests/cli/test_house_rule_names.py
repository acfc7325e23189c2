"""One list of games and one spelling of every house rule on every command.

``pokerroom games`` lists what ``play`` deals; every house-rule name that ``games``,
``rules`` or any ``--help`` prints is accepted by ``play`` (and by ``rank``, ``showdown``,
``odds`` and ``analyze`` where they take it), with dashes or underscores alike.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.errors import PokerroomError
from pokerroom.games import all_games
from pokerroom.games import get_game as playable
from pokerroom.terminal.seating import build_session

runner = CliRunner()

HANDS: dict[str, tuple[str, str]] = {      # a hand and a board for rank/showdown
    "holdem": ("As Kd", "Qh Jc Ts"), "omaha": ("As Kd 3c 3d", "Qh Jc Ts"),
    "omaha-hilo": ("As 2s Kd Kh", "4c 5d 8h"), "stud": ("As Ad Kc Kd 2c", ""),
    "stud-hilo": ("As 2d 3c 4h 5s", ""), "razz": ("Kd 7c 4h 2s Ah", ""),
    "lowball-a5": ("5d 4c 3h As 2c", ""), "lowball-27": ("7d 5c 4h 3s 2h", ""),
    "lowball-27-triple": ("7d 5c 4h 3s 2h", ""), "draw-high": ("As Ad Ah Ac Ks", ""),
    "jacks-or-better": ("Js Jd 4h 7c 9s", ""), "hearts-poker": ("Ah 3d", "Kh Kd 7c"),
    "guts2": ("2c 2d", ""), "guts3": ("2c 2d 2s", ""), "herbie": ("Kc 9d 7s", ""),
    "three-card-poker": ("Ac 2d 3h", ""), "short-deck": ("As Kd", "Qh Jc Ts"),
    "badugi": ("4c 3d 2h As", ""), "omaha5": ("As Kd 3c 3d 9h", "Qh Jc Ts"),
    "omaha5-hilo": ("As 2s Kd Kh 9c", "4c 5d 8h"),
}


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def games() -> list[dict[str, Any]]:
    code, out, err = run("games", "--json")
    assert code == 0, err
    rows: list[dict[str, Any]] = json.loads(out)
    return rows


def plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def play_accepts(game: str, name: str, value: str) -> None:
    """``play GAME --house-rule NAME=VALUE`` sets the table up (as `play` does)."""
    session = build_session(playable(game), seats=None, stakes=None,
                            house_rules=[f"{name}={value}"], seed=1, name="You")
    assert session.announce()


def test_games_lists_every_game_play_deals_under_its_own_names() -> None:
    rows = games()
    assert [r["name"] for r in rows] == [g.name for g in all_games()]
    by_name = {r["name"]: r for r in rows}
    assert {"jacks-or-better", "lowball-27-triple"} <= set(by_name)
    assert not {"jacks", "jacks-or-better"} & set(by_name["draw-high"]["aliases"])
    assert "jacks" in by_name["jacks-or-better"]["aliases"]
    toys = {entry.name for entry in all_games() if entry.family == "test"}
    for row in rows:
        if row["name"] in toys:     # a test suite's toy game, registered in this process
            continue
        for name in (row["name"], *row["aliases"]):
            assert playable(name).name == row["name"], name
            ranking = playable(name).ranking
            assert ranking is not None and ranking.name == row["name"], name
        low, high = row["seats"]
        assert low <= high
        assert build_session(playable(row["name"]), seats=low, stakes=None,
                             house_rules=(), seed=1, name="You")
        assert set(row["ranking_house_rules"]) <= set(row["house_rules"]), row["name"]
    code, out, _ = run("games")
    assert code == 0
    assert all(re.search(rf"^{re.escape(r['name'])} ", out, re.MULTILINE) for r in rows)


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_house_rule_games_and_rules_print_is_accepted_by_play(game: str) -> None:
    row = next(r for r in games() if r["name"] == game)
    code, out, err = run("rules", game, "--json")
    assert code == 0, err
    printed = json.loads(out)["house_rules"]
    assert [r["name"] for r in printed] == row["house_rules"]
    for rule in printed:
        name, value = rule["name"], plain(rule["default"])
        for spelling in (name, name.replace("_", "-"), name.upper()):
            play_accepts(game, spelling, value)
            code, _, err = run("rules", game, "--house-rule", f"{spelling}={value}")
            assert code == 0, err


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_ranking_house_rule_is_taken_by_rank_showdown_and_odds(game: str) -> None:
    row = next(r for r in games() if r["name"] == game)
    cards, board = HANDS[game]
    defaults = {r["name"]: plain(r["default"])
                for r in json.loads(run("rules", game, "--json")[1])["house_rules"]}
    for name in row["ranking_house_rules"]:
        value = defaults[name]
        for spelling in (name, name.replace("_", "-")):
            extra = ["--board", board] if board else []
            code, _, err = run("rank", game, cards, *extra, "-r", f"{spelling}={value}")
            assert code == 0, (name, err)
            code, _, err = run("showdown", game, cards, *extra, "-r", f"{spelling}={value}")
            assert code == 0, (name, err)
            if "odds" in row["commands"]:
                other = {"lowball-a5": "9d 8c 7h 6s 4d", "draw-high": "Qs Qd Qh Qc Js",
                         "jacks-or-better": "Qs Qd 5h 8c Ts",
                         "omaha-hilo": "7c 7d 9h 9s", "stud-hilo": "Ah 2c 3d 4s 6h",
                         "omaha5-hilo": "7c 7d 9h 9s Th"}[game]
                code, _, err = run("odds", game, cards, other, *extra, "-n", "200",
                                   "--seed", "1", "-r", f"{spelling}={value}", "--json")
                assert code == 0, (name, err)
            play_accepts(game, spelling, value)


@pytest.mark.rule("herbie-4.4", "guts-single-loser", "guts-three-card-sf-high")
@pytest.mark.parametrize(("game", "players"), [("herbie", "4"), ("guts2", "2"),
                                                 ("guts3", "2")])
def test_analyze_lists_and_takes_plays_house_rules(game: str, players: str) -> None:
    row = next(r for r in games() if r["name"] == game)
    text = _option_help(f"analyze {game}", "house_rule")
    listed = re.search(r"NAME=VALUE, repeatable: ([a-z_, ]+) \(", text)
    assert listed is not None, text
    assert listed.group(1).split(", ") == row["house_rules"]
    defaults = {r["name"]: plain(r["default"])
                for r in json.loads(run("rules", game, "--json")[1])["house_rules"]}
    for name in row["house_rules"]:
        if name == "everyone_out":
            continue                        # needs declare=simultaneous, as play says
        code, _, err = run("analyze", game, "--players", players, "--trials", "0" if
                           game == "herbie" else "1", "--deals", "0", "--json",
                           "--house-rule", f"{name.replace('_', '-')}={defaults[name]}")
        assert code == 0, (name, err)


def _commands() -> dict[str, Any]:
    """Every command of the app by its path (``'analyze herbie'``)."""
    out: dict[str, Any] = {}

    def walk(command: Any, path: str) -> None:
        out[path] = command
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(typer.main.get_command(app), "")
    return out


def _option_help(command: str, option: str) -> str:
    params = _commands()[command].params
    return str(next(p.help for p in params if p.name == option))


def _help_texts() -> list[tuple[str, str]]:
    """(command, text) of every command's help, epilog and option help, unwrapped."""
    out: list[tuple[str, str]] = []
    for path, command in _commands().items():
        for text in (command.help, command.epilog):
            if text:
                out.append((path, text))
        for param in command.params:
            if getattr(param, "help", None) and "stakes" not in str(param.name):
                out.append((path, str(param.help)))
    return out


EXAMPLE = re.compile(r"(?:--house-rule|-r|e\.g\.|,)\s+([a-z][a-z0-9_-]*)=([a-z0-9][a-z0-9+-]*)")


def test_every_house_rule_example_in_any_help_is_accepted_by_play() -> None:
    seen = 0
    for command, text in _help_texts():
        for name, value in EXAMPLE.findall(text):
            takers = [g for g in all_games()
                      if any(spec.answers_to(name) for spec in g.house_rules)]
            assert takers, (command, f"{name}={value}")
            accepted = []
            for entry in takers:
                try:
                    play_accepts(entry.name, name, value)
                    accepted.append(entry.name)
                except PokerroomError:      # the value may fit one game only
                    continue
            assert accepted, (command, f"{name}={value}")
            seen += 1
    assert seen >= 6


def test_one_spelling_for_structures_and_community_everywhere(tmp_path: object) -> None:
    for spelling in ("no limit", "no-limit", "no_limit", "NL"):
        play_accepts("holdem", "structure", spelling)
    for spelling in ("six", "6"):
        play_accepts("hearts-poker", "community", spelling)
    code, out, err = run("rules", "holdem", "--house-rule", "structure=no limit", "--json")
    assert code == 0 and json.loads(out)["house_rules"][0]["value"] == "no-limit", err
    for structure in ("no-limit", "no limit", "nl"):
        result = runner.invoke(app, ["floor", "holdem", "--structure", structure, "--json"],
                               input="quit\n")
        assert result.exit_code == 0, result.output
    # play's names and aliases are good at the floor too
    result = runner.invoke(app, ["floor", "7stud", "--json"], input="quit\n")
    assert result.exit_code == 0, result.output
    code, _, err = run("rules", "herbie", "--house-rule", "colour=blue")
    assert code == 2 and "unknown house rule 'colour' for herbie (known: odd_card, " in err
