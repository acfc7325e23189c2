"""Collection rules for the whole checkout."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
                  seconds: Mapping[str, float] | None = None,
                  together: Callable[[pytest.Item], str | None] | None = None
                  ) -> list[pytest.Item]:
    """The tests as ``workers`` runs laid end to end, the longest first in each: xdist's
    work stealing hands each worker one run of the list to start with (the list cut in
    equal counts), and an idle worker steals from the end of another's queue.

    A test costs its measured seconds (``seconds``, by test id; see
    ``tests/durations.txt``), an exhaustive test not measured :data:`EXHAUSTIVE_GUESS`,
    any other nothing. Tests for which ``together`` gives the same key (those sharing a
    module-scoped fixture: :func:`shared_fixture_key`) go to one run, one after the
    other, so the fixture is built once. Costly units go, longest first, to the run with
    the fewest seconds so far; the others then to the run with the most room left
    (:func:`xdist_shares`), so xdist's cut falls between the runs.

    >>> class Item:
    ...     def __init__(self, name, long): self.name, self.nodeid, self.long = name, name, long
    ...     def get_closest_marker(self, name): return self.long or None
    ...     def __repr__(self): return self.name
    >>> items = [Item("a", False), Item("B", True), Item("c", False), Item("D", True)]
    >>> longest_first(items, 1), longest_first(items, 2)
    ([B, D, a, c], [B, a, D, c])
    >>> longest_first(items, 2, {"c": 60.0, "a": 0.5})   # c alone weighs as much as the rest
    [c, B, D, a]
    >>> longest_first(items, 2, together=lambda item: "x" if item.name in "BD" else None)
    [B, D, a, c]
    """
    known = seconds or {}

    def cost(item: pytest.Item) -> float:
        guess = EXHAUSTIVE_GUESS if item.get_closest_marker("exhaustive") else 0.0
        return known.get(item.nodeid, guess)

    units: dict[str, list[pytest.Item]] = {}
    for item in items:
        key = together(item) if together is not None else None
        units.setdefault(key if key is not None else "\0" + item.nodeid, []).append(item)
    costed = [(sum(cost(item) for item in unit), unit) for unit in units.values()]
    costed.sort(key=lambda pair: pair[0], reverse=True)
    runs: list[list[pytest.Item]] = [[] for _ in range(workers)]
    loads = [0.0] * workers
    sizes = xdist_shares(len(items), workers)
    for total, unit in costed:
        if total > 0:
            run = min(range(workers), key=lambda k: (loads[k], len(runs[k])))
        else:
            run = max(range(workers), key=lambda k: (sizes[k] - len(runs[k]), -loads[k]))
        runs[run].extend(sorted(unit, key=cost, reverse=True))
        loads[run] += total
    return [item for run in runs for item in run]


def xdist_shares(count: int, workers: int) -> list[int]:
    """How many of ``count`` queued tests xdist's work stealing hands each of ``workers``
    workers at the start: what is left split evenly, the remainder to the last ones.

    >>> xdist_shares(40, 3)
    [13, 13, 14]
    """
    shares = []
    for worker in range(workers):
        shares.append((count - sum(shares)) // (workers - worker))
    return shares


def shared_fixture_key(item: pytest.Item) -> str | None:
    """What the test shares with others, best run one after the other by one worker (see
    :func:`longest_first`): the key of its ``queue_with`` mark (say, the hands a folder's
    fixture deals once a process and keeps), or its file when it uses a fixture built
    once a module (or a class or a package, torn down when the next test is from
    elsewhere); else ``None``."""
    mark = item.get_closest_marker("queue_with")
    if mark is not None:
        return str(mark.args[0])
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for definitions in info.name2fixturedefs.values():
        if any(definition.scope in ("module", "class", "package")
               for definition in definitions):
            return item.nodeid.split("::")[0]
    return None


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
    them out), before ``-m`` selects."""
    slow = slow_ids(_SLOW.read_text(encoding="utf-8")) if _SLOW.exists() else frozenset()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)


class _Queue:
    """The queue's order, after ``-m`` and ``-k`` have deselected."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        """On two or more xdist workers, longest first by ``tests/durations.txt`` (see
        :func:`longest_first`; each worker collects, and the order it collects in is the
        queue's); a run in one process keeps the files' order (quick tests first: what
        ``-x`` wants)."""
        workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
        if workers > 1:
            measured = (durations(_DURATIONS.read_text(encoding="utf-8"))
                        if _DURATIONS.exists() else {})
            items[:] = longest_first(items, workers, measured, together=shared_fixture_key)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "queue_with(key): run one after the other, on one "
                                       "worker, with the other tests of that key")
    config.pluginmanager.register(_Queue(), "pokerroom-queue")
