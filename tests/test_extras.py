"""The library installs without the card room's server stack and without numba: those
are the extras ``pokerroom[server]`` and ``pokerroom[fast]`` (``pokerroom[all]`` every
extra, ``make install`` everything). Importing the library loads none of them, and the
library's faces work in a process where they cannot be imported at all; a command that
needs an extra says which."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXTRA_PACKAGES = ("numba", "fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic",
                  "websockets", "psycopg")
"""What the server and fast extras bring."""

ABSENT = f"""
import importlib.abc, sys

class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {EXTRA_PACKAGES!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Absent())
"""
"""A process where the extras' packages cannot be imported, as if not installed."""


def _python(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def _command(args: list[str]) -> tuple[int, str, str]:
    """``pokerroom ARGS`` in a process without the extras: exit code, stdout, stderr."""
    code = ABSENT + (
        "from pokerroom.cli.launch import run\n"
        "try:\n"
        f"    code = run({args!r}, prog='pokerroom')\n"
        "except SystemExit as stop:\n"
        "    code = stop.code or 0\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {EXTRA_PACKAGES!r})\n"
        "print('LOADED', loaded, 'EXIT', code)\n")
    done = _python(code)
    out, _, tail = done.stdout.rpartition("LOADED ")
    assert tail.startswith("[] EXIT"), (done.stdout[-2000:], done.stderr[-2000:])
    return int(tail.split()[-1]), out, done.stderr


def test_the_extras_are_extras_and_make_install_installs_them() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = " ".join(project["dependencies"])
    assert not [name for name in ("numba", "fastapi", "uvicorn", "sqlalchemy", "alembic",
                                  "websockets") if name in base]
    extras = project["optional-dependencies"]
    assert any(d.startswith("numba") for d in extras["fast"])
    assert {"fastapi", "uvicorn[standard]", "sqlalchemy"} <= {
        d.split(">")[0] for d in extras["server"]}
    assert extras["all"] == ["pokerroom[server,fast,rl,cluster]"]
    assert "pip install --quiet -e '.[all,dev]'" in (ROOT / "Makefile").read_text()


def test_importing_the_library_loads_no_extra() -> None:
    done = _python(
        "import sys\n"
        "import pokerroom, pokerroom.cards, pokerroom.hands.games, pokerroom.engine\n"
        "import pokerroom.analysis.odds, pokerroom.games, pokerroom.cli, pokerroom.cli.app\n"
        "from pokerroom.games import get_game\n"
        "get_game('holdem').new_table\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {EXTRA_PACKAGES!r}))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_library_s_faces_work_without_the_extras() -> None:
    code, out, _ = _command(["rank", "holdem", "As Kd", "-b", "Qh Jc Tc"])
    assert code == 0 and "straight, ace high" in out
    code, out, _ = _command(["odds", "holdem", "Ad Ac", "Kh Ks", "--json"])
    assert code == 0
    assert json.loads(out)["wins"] == [1388072, 317694]
    code, out, _ = _command(["play", "holdem", "--bots-only", "--hands", "3", "--seed", "1",
                             "--no-history"])
    assert code == 0 and "ledger balances" in out


@pytest.mark.parametrize(("args", "extra"), [
    (["serve"], "pokerroom[server]"),
    (["odds", "stud", "As Ad Kc Kd 9h 2c", "Qh Qs Jd Jc Th 3c", "--exact"], "pokerroom[fast]"),
])
def test_a_command_that_needs_an_extra_names_it(args: list[str], extra: str) -> None:
    code, _, err = _command(args)
    assert code == 2
    assert f"pip install '{extra}'" in err
