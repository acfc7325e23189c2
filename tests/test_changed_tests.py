"""``make test-changed``: which tests a changed file picks (scripts/changed_tests.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("changed_tests",
                                                  ROOT / "scripts" / "changed_tests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_changed_file_picks_its_tests_and_examples() -> None:
    selection = _script().selection
    tests, modules, everything = selection([
        "src/pokerroom/engine/ledger.py",            # a package: its mirror and examples
        "src/pokerroom/cards.py",                    # a top-level module: its test file
        "src/pokerroom/catalog.py",                  # no mirror: its examples only
        "tests/engine/test_kernel.py",               # inside a folder already chosen
        "tests/homegames/conformance.py",            # a helper: its whole folder
        "tests/history/test_pokernow_import.py",     # a test file
        "tests/history/test_no_longer_here.py",      # deleted: nothing
        "docs/testing.md", "Makefile",               # nothing
        "README.md",                                 # its examples
    ])
    assert not everything
    assert tests == ["README.md", "tests/engine", "tests/history/test_pokernow_import.py",
                     "tests/homegames", "tests/test_cards.py"]
    assert modules == ["src/pokerroom/cards.py", "src/pokerroom/catalog.py",
                       "src/pokerroom/engine/ledger.py"]


def test_a_change_every_test_depends_on_runs_every_test() -> None:
    selection = _script().selection
    assert selection(["src/pokerroom/cards.py", "tests/conftest.py"])[2]
    assert selection(["pyproject.toml"])[2]
    assert selection(["docs/testing.md"]) == ([], [], False)
