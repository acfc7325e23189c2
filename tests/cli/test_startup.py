"""Start-up of the ``pokerroom`` command: what each command imports, the top-level help
drawn from the manifest, and command lines read without typer's parser, all checked
against the full typer app."""

from __future__ import annotations

import inspect
import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.cli.direct import bind, has_readable_params
from pokerroom.cli.launch import run
from pokerroom.cli.manifest import COMMANDS

HEAVY = ("numpy", "numba", "typer", "rich", "pydantic", "fastapi", "sqlalchemy")
SRC = str(Path(__file__).resolve().parents[2] / "src")
PHH = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 7h2c",
  "p3 f", "p1 cbr 10", "p2 cc",
  "d db 2d5s9h", "p1 cbr 20", "p2 cbr 190", "p1 cc",
  "d db Jc", "d db 3c",
  "p1 sm AsAd", "p2 sm KcKd",
]
"""


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PY_COLORS")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _loaded_by(args: list[str]) -> set[str]:
    """The heavy packages loaded once ``pokerroom ARGS`` has run, in a fresh process."""
    code = ("import sys, io, contextlib\n"
            "from pokerroom.cli.launch import run\n"
            "with contextlib.redirect_stdout(io.StringIO()), "
            "contextlib.redirect_stderr(io.StringIO()):\n"
            f"    run({args!r}, prog='pokerroom')\n"
            f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], env=_env(), capture_output=True,
                         text=True, timeout=120, check=True).stdout
    return set(out.split())


def test_importing_the_cli_pulls_in_no_numpy_numba_typer_or_rich() -> None:
    code = f"import sys, pokerroom.cli; print([m for m in {HEAVY!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], env=_env(), capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(("args", "allowed"), [
    (["--help"], {"rich"}),
    ([], {"rich"}),
    (["rank", "holdem", "As Kd", "-b", "Qh Jc Tc"], {"typer"}),
    (["showdown", "holdem", "As Kd", "Qs Qd", "-b", "Qh Jc Tc 2c 3d"], {"typer"}),
    (["games", "--json"], {"typer"}),
    (["icm", "5000", "3000", "--payouts", "60,40", "--json"], {"typer"}),
    (["rank", "--help"], {"typer", "rich", "pydantic"}),
    (["rules", "holdem"], {"typer", "rich", "pydantic"}),
    (["floor", "--help"], {"typer", "rich", "pydantic"}),
    (["serve", "--help"], {"typer", "rich", "pydantic"}),
])
def test_a_command_loads_only_what_it_needs(args: list[str], allowed: set[str]) -> None:
    """No command but the analyses loads numpy or numba; the help and the quick
    commands load neither typer's parser (pydantic) nor the web server."""
    assert _loaded_by(args) <= allowed


def test_odds_loads_numpy_but_not_numba_for_a_small_job() -> None:
    loaded = _loaded_by(["odds", "holdem", "Ad Ac", "Kh Ks", "--exact", "--json"])
    assert "numpy" in loaded and "numba" not in loaded and "pydantic" not in loaded


def test_the_manifest_matches_the_typer_app() -> None:
    import typer.main

    group = typer.main.get_group(app)
    names = group.list_commands(None)  # type: ignore[arg-type]
    assert names == [e.name for e in COMMANDS]
    for entry in COMMANDS:
        command = group.commands[entry.name]
        first = inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0]
        assert first.strip() == entry.summary, entry.name
    for info in app.registered_commands:
        assert info.callback is not None
        name = info.name or info.callback.__name__.replace("_", "-")
        entry = next(e for e in COMMANDS if e.name == name)
        assert info.callback.__module__ in entry.modules
        if entry.direct:
            assert has_readable_params(info.callback), entry.name


def _help(via_typer: bool, env: dict[str, str], args: list[str]) -> str:
    if via_typer:
        code = ("import sys, typer.main\nfrom pokerroom.cli import app\n"
                f"typer.main.get_group(app).main(args={args!r}, prog_name='pokerroom')")
    else:
        code = ("import sys\nsys.argv[0] = '/bin/pokerroom'\n"
                f"from pokerroom.cli.launch import run_and_exit\nrun_and_exit({args!r})")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)
    return f"{done.returncode}\n{done.stdout}\n{done.stderr}"


@pytest.mark.parametrize("settings", [{"COLUMNS": "80"}, {"COLUMNS": "57"},
                                      {"COLUMNS": "131"},
                                      {"COLUMNS": "100", "FORCE_COLOR": "1"}])
@pytest.mark.parametrize("args", [["--help"], []])
def test_the_top_level_help_is_typers_byte_for_byte(settings: dict[str, str],
                                                   args: list[str]) -> None:
    env = _env(**settings)
    assert _help(False, env, args) == _help(True, env, args)


PLAIN = [
    ["rank", "holdem", "As Kd", "-b", "Qh Jc Tc"],
    ["rank", "nlhe", "As Kd", "--board=Qh Jc Ts", "--json"],
    ["rank", "--json", "omaha-hilo", "As 2s Kd Kh", "--board", "4c 5d 8h Kc Qd"],
    ["rank", "lowball-a5", "Ah 2d 3c 4s Jk", "-r", "joker=off"],
    ["rank", "holdem", "As Kx"],
    ["rank", "stud-hilo", "As Ks Qs Js 9s 9d 9h", "-r", "qualifier=7", "-r", "qualifier=8"],
    ["showdown", "holdem", "--board", "9c 8d 7h 6s 5c", "2c 3d", "Ac Kd", "--json"],
    ["showdown", "omaha-hilo", "As 2s Kd Kh", "3c 4d Qh Qs", "-b", "5h 8c Tc 2d Jh"],
    ["games"],
    ["games", "--json"],
    ["odds", "holdem", "Ad Ac", "Kh Ks", "-b", "2c 7h 9d", "--exact", "--json"],
    ["odds", "holdem", "QQ+", "AKs", "--trials", "20000", "--seed", "4", "--json"],
    ["odds", "stud", "As Ad", "Ks Kd", "--exact"],
    ["icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--json"],
    ["icm", "5000", "3000", "--payouts=50,30,20"],
    ["chop", "9000", "4000", "2000", "--prizes", "500,300,200", "--save", "50"],
    ["odds", "holdem", "As Ad", "Ks Kd", "--exact", "--trials", "10"],
]
DECLINED = [
    ["rank", "--help"],
    ["rank", "holdem", "As Kd", "-bQh Jc Tc"],
    ["rank", "holdem", "As Kd", "--bogus"],
    ["rank", "holdem"],
    ["rank", "holdem", "As Kd", "extra"],
    ["odds", "holdem", "Ad Ac", "Kh Ks", "--trials", "-5"],
    ["odds", "holdem", "Ad Ac", "Kh Ks", "--trials", "many"],
    ["games", "--json=yes"],
    ["showdown", "holdem", "--", "2c 3d"],
    ["icm", "5000", "-3000", "--payouts", "50,30,20"],
]


def _callback(name: str) -> object:
    return next(i.callback for i in app.registered_commands
                if (i.name or i.callback.__name__) == name)  # type: ignore[union-attr]


def _direct(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run(args, prog="pokerroom")
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("args", PLAIN, ids=" ".join)
def test_plain_command_lines_skip_typer_and_print_the_same(args: list[str]) -> None:
    assert bind(_callback(args[0]), args[1:]) is not None  # type: ignore[arg-type]
    via_typer = CliRunner().invoke(app, args)
    code, out, err = _direct(args)
    assert (code, out, err) == (via_typer.exit_code, via_typer.stdout, via_typer.stderr)


@pytest.mark.parametrize("args", DECLINED, ids=" ".join)
def test_other_command_lines_go_to_typer(args: list[str]) -> None:
    assert bind(_callback(args[0]), args[1:]) is None  # type: ignore[arg-type]


# The commands that run a session (they read the keyboard, so they are compared here by
# the values typer would call them with, not by their screens).
SESSIONS = [
    ["play"],
    ["play", "holdem", "--seed", "1", "--no-history"],
    ["play", "--seed=2", "--seats", "6", "--history-dir", "h", "--stack", "500",
     "--name", "Ann", "--hands", "3"],
    ["play", "herbie", "--house-rule", "lone_tie=player-wins", "--house-rule",
     "max_match=10", "--bots-only", "--hands", "3", "--json", "--reveal", "--bots", "easy"],
    ["play", "holdem", "--tournament", "turbo", "--seats", "3", "--history-dir=t"],
    ["play", "lhe", "--stakes", "1/2", "--seed", "1", "--seed", "2"],
    ["floor", "holdem"],
    ["floor", "stud", "--seats", "4", "--stack", "50", "--button", "2", "--structure",
     "no-limit", "--blinds", "1,2", "--ante", "1", "--bring-in", "2", "--small-bet", "2",
     "--big-bet", "4", "--json"],
]
SESSIONS_DECLINED = [
    ["play", "holdem", "--seats", "-3"],
    ["play", "holdem", "--no-history=yes"],
    ["play", "holdem", "--help"],
    ["play", "holdem", "--history_dir", "h"],
    ["play", "holdem", "--seat", "3"],
    ["play", "holdem", "omaha"],
    ["floor"],
    ["floor", "holdem", "--seats", "three"],
]


def _typer_values(fn: object, args: list[str]) -> dict[str, object]:
    """The keyword arguments typer's parser calls ``fn`` with for ``args``."""
    import functools

    import typer

    seen: dict[str, object] = {}

    @functools.wraps(fn)  # type: ignore[arg-type]
    def record(**kwargs: object) -> None:
        seen.update(kwargs)

    alone = typer.Typer()
    alone.command()(record)
    done = CliRunner().invoke(alone, args)
    assert done.exit_code == 0, done.output
    return seen


@pytest.mark.parametrize("args", SESSIONS, ids=" ".join)
def test_play_and_floor_lines_are_read_as_typer_reads_them(args: list[str]) -> None:
    fn = _callback(args[0])
    assert bind(fn, args[1:]) == _typer_values(fn, args[1:])  # type: ignore[arg-type]


@pytest.mark.parametrize("args", SESSIONS_DECLINED, ids=" ".join)
def test_other_play_and_floor_lines_go_to_typer(args: list[str]) -> None:
    assert bind(_callback(args[0]), args[1:]) is None  # type: ignore[arg-type]


def test_replay_skips_typer_too(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(PHH, encoding="utf-8")
    for args in (["replay", str(path)], ["replay", str(path), "--json"],
                 ["replay", str(tmp_path / "missing.phh")]):
        assert bind(_callback("replay"), args[1:]) is not None  # type: ignore[arg-type]
        via_typer = CliRunner().invoke(app, args)
        assert _direct(args) == (via_typer.exit_code, via_typer.stdout, via_typer.stderr)
    assert json.loads(_direct(["replay", str(path), "--json"])[1])["finishing_stacks"]


def test_the_odds_command_takes_the_games_that_offer_odds() -> None:
    from pokerroom.cli.odds import odds_game
    from pokerroom.errors import ConfigError
    from pokerroom.games import all_games

    offered = [game for game in all_games() if game.odds is not None]
    assert {"holdem", "razz", "lowball-27-triple"} <= {game.name for game in offered}
    for game in all_games():
        if game.odds is None:
            with pytest.raises(ConfigError, match=f"odds are not available for {game.name}"):
                odds_game(game.name)
        else:
            assert odds_game(game.name.upper()) is game.odds
            assert game.odds.name == game.name
