"""Collection rules for the whole checkout."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from pokerroom import compiled

_SOURCE = Path(__file__).resolve().parent / "src"
_SLOW = Path(__file__).resolve().parent / "tests" / "slow_tests.txt"
_DURATIONS = Path(__file__).resolve().parent / "tests" / "durations.txt"
EXHAUSTIVE_GUESS = 10.0
"""The seconds counted for an exhaustive test ``tests/durations.txt`` does not list."""


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """A compiled module's examples run where its source does: the run with
    ``POKERROOM_PURE_PYTHON=1`` (``make test`` does both; see ``pokerroom.compiled``)."""
    if not compiled.state().compiled or collection_path.suffix != ".py":
        return None
    try:
        name = collection_path.resolve().relative_to(_SOURCE).with_suffix("")
    except ValueError:
        return None
    return True if ".".join(name.parts) in compiled.MODULES else None



def longest_first(items: list[pytest.Item], workers: int,
                  seconds: Mapping[str, float] | None = None) -> list[pytest.Item]:
    """The tests by their measured seconds (``seconds``, by test id; see
    ``tests/durations.txt``), longest first, an exhaustive test not measured counted as
    :data:`EXHAUSTIVE_GUESS` and any other as nothing, dealt in turn into ``workers``
    equal runs laid end to end: xdist's work stealing hands each worker one run of the
    list to start with, so each starts on its share of the long tests and an idle one
    steals the short ones queued last.

    >>> class Item:
    ...     def __init__(self, name, long): self.name, self.nodeid, self.long = name, name, long
    ...     def get_closest_marker(self, name): return self.long or None
    ...     def __repr__(self): return self.name
    >>> items = [Item("a", False), Item("B", True), Item("c", False), Item("D", True)]
    >>> longest_first(items, 1), longest_first(items, 2)
    ([B, D, a, c], [B, a, D, c])
    >>> longest_first(items, 2, {"c": 60.0, "a": 0.5})
    [c, D, B, a]
    """
    known = seconds or {}

    def cost(item: pytest.Item) -> float:
        guess = EXHAUSTIVE_GUESS if item.get_closest_marker("exhaustive") else 0.0
        return known.get(item.nodeid, guess)

    ordered = sorted(items, key=cost, reverse=True)
    return [item for start in range(workers) for item in ordered[start::workers]]


def durations(text: str) -> dict[str, float]:
    r"""The seconds by test id of ``tests/durations.txt`` (``SECONDS ID`` a line, ``#``
    comments).

    >>> durations("# measured\n12.5 tests/a.py::test_b[1]\n\n3 tests/c.py::test_d\n")
    {'tests/a.py::test_b[1]': 12.5, 'tests/c.py::test_d': 3.0}
    """
    found: dict[str, float] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            value, test = line.split(maxsplit=1)
            found[test.strip()] = float(value)
    return found


def slow_ids(text: str) -> frozenset[str]:
    r"""The test ids listed in ``tests/slow_tests.txt`` (one a line, ``#`` comments).

    >>> sorted(slow_ids("# measured\ntests/a.py::test_b[1]\n\ntests/c.py::test_d\n"))
    ['tests/a.py::test_b[1]', 'tests/c.py::test_d']
    """
    return frozenset(line.strip() for line in text.splitlines()
                     if line.strip() and not line.startswith("#"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``slow`` the tests listed in ``tests/slow_tests.txt`` (``make quick`` leaves
    them out), before ``-m`` selects (which keeps the order). On two or more xdist
    workers, longest first by ``tests/durations.txt`` (see :func:`longest_first`; each
    worker collects, and the
    order it collects in is the queue's); a run in one process keeps the files' order
    (quick tests first: what ``-x`` wants)."""
    slow = slow_ids(_SLOW.read_text(encoding="utf-8")) if _SLOW.exists() else frozenset()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    if workers > 1:
        measured = (durations(_DURATIONS.read_text(encoding="utf-8"))
                    if _DURATIONS.exists() else {})
        items[:] = longest_first(items, workers, measured)
