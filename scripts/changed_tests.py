"""Run the tests that touch the files changed since a base branch (``make test-changed``).

Usage: python scripts/changed_tests.py [--base REF] [--list] [PYTEST_ARGS ...]

The changed files are those that differ from where the branch left ``REF`` (``main``
unless ``--base`` or ``$BASE`` says otherwise): commits since then, changes not yet
committed, and new files git does not ignore. The mapping, kept simple on purpose:

- a changed test file (``tests/**/test_*.py``) runs;
- a changed helper of a test folder (its ``conftest.py``, ``game_harness.py`` and the
  like) runs the whole folder;
- a changed package ``src/pokerroom/<pkg>/`` runs the test folder that mirrors it,
  ``tests/<pkg>/``, and a changed top-level module ``src/pokerroom/<name>.py`` runs
  ``tests/test_<name>.py`` where there is one;
- every changed module of ``src/pokerroom`` runs its examples (its doctests), from the
  sources (``POKERROOM_PURE_PYTHON=1``: a compiled module's examples run where its
  source does) and with plain asserts, as the full run's doctests do;
- ``README.md`` runs its examples;
- a change to what every test depends on (``conftest.py``, ``tests/conftest.py``,
  ``pyproject.toml``, ``setup.py``) runs every test but the exhaustive ones, as
  ``make quick`` does.

Anything else (documents, benchmarks, the Makefile) runs nothing. It is the inner
loop's check of a change, not a replacement for ``make test``: a change to the engine
is also exercised by the harness in ``tests/every_game`` and the sessions, which this
mapping does not pick. ``--list`` prints the pytest runs instead of making them.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVERYTHING = {"conftest.py", "tests/conftest.py", "pyproject.toml", "setup.py"}


def _git(*args: str) -> list[str]:
    out = subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout
    return [line for line in out.splitlines() if line]


def changed_files(base: str) -> list[str]:
    """Every file that differs from the merge base with ``base``, committed or not, and
    every untracked file git does not ignore."""
    fork = _git("merge-base", base, "HEAD")[0]
    files = set(_git("diff", "--name-only", fork)) | set(
        _git("ls-files", "--others", "--exclude-standard"))
    return sorted(files)


def selection(files: list[str]) -> tuple[list[str], list[str], bool]:
    """The test paths, the modules whose examples run, and whether every test runs."""
    tests: set[str] = set()
    modules: set[str] = set()
    for name in files:
        path = Path(name)
        if name in EVERYTHING:
            return [], [], True
        if not (ROOT / path).exists():
            continue  # deleted: nothing of it left to run
        parts = path.parts
        if parts[0] == "tests" and path.suffix == ".py":
            if path.name.startswith("test_"):
                tests.add(name)
            else:
                tests.add(str(path.parent))
        elif parts[:2] == ("src", "pokerroom") and path.suffix == ".py":
            modules.add(name)
            if len(parts) > 3 and (ROOT / "tests" / parts[2]).is_dir():
                tests.add(f"tests/{parts[2]}")
            elif len(parts) == 3 and (ROOT / "tests" / f"test_{path.stem}.py").exists():
                tests.add(f"tests/test_{path.stem}.py")
        elif name == "README.md":
            tests.add(name)
    # a folder chosen whole already runs the files in it
    folders = {t for t in tests if (ROOT / t).is_dir()}
    kept = {t for t in tests
            if not any(t != f and Path(t).is_relative_to(f) for f in folders)}
    return sorted(kept), sorted(modules), False


def runs(base: str, extra: list[str]) -> list[tuple[dict[str, str], list[str]]]:
    """The pytest runs to make: (environment additions, arguments)."""
    tests, modules, everything = selection(changed_files(base))
    xdist = shlex.split(os.environ.get("XDIST", "-n 2 --dist worksteal"))
    if everything:
        return [({}, [*xdist, "-q", "-m", "not exhaustive", *extra])]
    plan: list[tuple[dict[str, str], list[str]]] = []
    if tests:
        plan.append(({}, [*xdist, "-q", *extra, *tests]))
    if modules:
        plan.append(({"POKERROOM_PURE_PYTHON": "1"},
                     ["-q", "--assert=plain", *extra, *modules]))
    return plan


def main(argv: list[str]) -> int:
    base = os.environ.get("BASE") or "main"
    listing = False
    extra: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == "--base":
            base = next(args)
        elif arg == "--list":
            listing = True
        else:
            extra.append(arg)
    plan = runs(base, extra)
    if not plan:
        print(f"no tests touch the files changed since {base}")
        return 0
    script = Path(sys.executable).with_name("pytest")
    pytest = [str(script)] if script.exists() else [sys.executable, "-m", "pytest"]
    status = 0
    for env, args_ in plan:
        words = [*(f"{k}={v}" for k, v in env.items()), "pytest", *args_]
        print(shlex.join(words), flush=True)
        if not listing:
            done = subprocess.run([*pytest, *args_], cwd=ROOT, env={**os.environ, **env},
                                  check=False)
            status = status or done.returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
