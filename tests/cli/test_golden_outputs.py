"""The command line's text and JSON stay as they are while the engine underneath changes.

Each case runs one command in-process and compares what it printed (and, for ``play``,
every history file it wrote) with the copy kept in ``tests/cli/golden/``. Times of day
and durations are the only parts masked. When a change of output is intended, write the
copies again and review the difference like any other change of code::

    POKERROOM_WRITE_GOLDEN=1 .venv/bin/pytest tests/cli/test_golden_outputs.py

The bots are the ``easy`` ones (rules of thumb, no simulation), so a better bot at the
other levels does not move these copies; every card is written (``--reveal``).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli import app
from pokerroom.games import all_games

GOLDEN = Path(__file__).parent / "golden"
TESTS = Path(__file__).parents[1]
STATS_INPUT = [str(TESTS / "data" / "stats" / "holdem-bots-seed7.phhs"),
               str(TESTS / "history" / "fixtures" / "pokernow_session.csv")]
WRITE = os.environ.get("POKERROOM_WRITE_GOLDEN") == "1"

_CLOCK = re.compile(r"\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}( [A-Z]{2,4})?")
_PHH_TIME = re.compile(r'^(year|month|day|time|time_zone|time_zone_abbreviation) = .*$',
                       re.MULTILINE)
_STAMP = re.compile(r"-\d{8}-\d{6}-")

runner = CliRunner()


def _masked(text: str) -> str:
    """``text`` with the clock's readings replaced by ``<time>``."""
    text = _CLOCK.sub("<time>", text)
    text = _PHH_TIME.sub(r"\1 = <time>", text)
    return _STAMP.sub("-<stamp>-", text)


def _without_durations(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_durations(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_without_durations(v) for v in value]
    return value


def _compare(name: str, text: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if WRITE:
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"no golden copy {path.name}: write it (see the module docstring)"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name}: the output changed (see the module docstring)"


def _run(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, (args, result.output)
    return result.output


GAMES = sorted(entry.name for entry in all_games())


@pytest.mark.parametrize("game", GAMES)
def test_bots_only_play_prints_and_writes_the_same(game: str, tmp_path: Path) -> None:
    out = _run(["play", game, "--bots-only", "--bots", "easy", "--hands", "6", "--seed",
                "11", "--json", "--reveal", "--history-dir", str(tmp_path)])
    data = _without_durations(json.loads(out))
    assert isinstance(data, dict)
    data["history"] = None      # the path of the temporary folder
    parts = [json.dumps(data, indent=1, sort_keys=True)]
    written = sorted(tmp_path.iterdir())
    assert written, "play wrote no history"
    for path in written:
        parts.append(f"==> {_masked(path.name)}\n{_masked(path.read_text(encoding='utf-8'))}")
    phh = [p for p in written if p.suffix == ".phhs"]
    for path in phh:
        parts.append(f"==> replay {_masked(path.name)}\n" + _run(["replay", str(path)]))
    _compare(f"play-{game}", "\n".join(parts))


CASES: dict[str, list[str]] = {
    "showdown-holdem": ["showdown", "holdem", "As Ks", "Qh Qd", "-b", "Ah 7c 2d 9s Qc"],
    "showdown-omaha-hilo-json": ["showdown", "omaha-hilo", "As 2s Kd Qd", "3h 4h Jc Jd",
                                 "-b", "5c 8d Ks 9h Qc", "--json"],
    "rank-holdem": ["rank", "holdem", "As Kd", "-b", "Qh Jc Tc"],
    "rank-razz-json": ["rank", "razz", "As 2d 3c 4h 4s 9c Kd", "--json"],
    "odds-holdem-json": ["odds", "holdem", "Ad Ac", "Kh Ks", "--json"],
    "odds-holdem-three": ["odds", "holdem", "Ah Kh", "Qs Qd", "7c 6c", "--exact"],
    "odds-omaha-json": ["odds", "omaha", "As Ah Ks Kh", "Jc Tc 9d 8d", "--exact", "--json"],
    "odds-stud-json": ["odds", "stud", "As Ad Kc Kd 9h", "Qh Qs Jd Jc Th", "--exact",
                       "--json"],
    "odds-razz": ["odds", "razz", "Ah 2d 3c 4s 9d", "5h 6d 7c 8s 2c", "--exact"],
    "odds-holdem-sample-json": ["odds", "holdem", "Ad Ac", "Kh Ks", "-n", "20000",
                                "--seed", "5", "--json"],
    "analyze-three-card-poker-json": ["analyze", "three-card-poker", "--json"],
    "games": ["games"],
    "rules-herbie-json": ["rules", "herbie", "--json"],
    "icm": ["icm", "5000", "3000", "2000", "--payouts", "50,30,20"],
    "icm-json": ["icm", "5000", "3000", "2000", "--payouts", "50,30,20", "--json"],
    "chop": ["chop", "100000", "70000", "50000", "20000", "--prizes", "200,120,80,50"],
    "stats": ["stats", *STATS_INPUT],
    "stats-json": ["stats", *STATS_INPUT, "--json"],
    "chop-save-json": ["chop", "5000", "3000", "2000", "--payouts", "50,30,20", "--pool",
                       "900", "--save", "100", "--json"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_commands_print_the_same(name: str) -> None:
    out = _run(CASES[name])
    if name.endswith("-json"):
        out = json.dumps(_without_durations(json.loads(out)), indent=1, sort_keys=True)
    _compare(name, _masked(out))
