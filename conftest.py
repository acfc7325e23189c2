"""Collection rules for the whole checkout."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from pokerroom import compiled

_SOURCE = Path(__file__).resolve().parent / "src"
_SLOW = Path(__file__).resolve().parent / "tests" / "slow_tests.txt"
_DURATIONS = Path(__file__).resolve().parent / "tests" / "durations.txt"
EXHAUSTIVE_GUESS = 10.0
"""The seconds counted for an exhaustive test ``tests/durations.txt`` does not list."""
WAITING = 1 / 3
"""A test whose processes were busy less than this share of its wall time mostly waits
(:func:`longest_first`)."""


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
                  together: Callable[[pytest.Item], str | None] | None = None,
                  busy: Mapping[str, float] | None = None, cores: int = 0
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

    With more workers than ``cores``, the units that mostly wait (a server, a browser, a
    clock: their processes busy less than :data:`WAITING` of the time, by ``busy``, the
    measured share of each test's wall time its processes spent on a core) go to the
    runs past the first ``cores``, the others to the first ``cores`` runs: the tests
    that compute then share the cores with tests that leave them free, rather than with
    each other, and the waits overlap one another instead of the work.

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
    >>> waits = {"c": 60.0, "B": 30.0, "D": 20.0}       # c mostly waits: a run of its own
    >>> longest_first(items, 2, waits, busy={"c": 0.1, "B": 0.9, "D": 0.9}, cores=1)
    [B, D, c, a]
    """
    known = seconds or {}
    shares = busy or {}
    computing = min(cores, workers) if 0 < cores < workers and shares else workers

    def cost(item: pytest.Item) -> float:
        guess = EXHAUSTIVE_GUESS if item.get_closest_marker("exhaustive") else 0.0
        return known.get(item.nodeid, guess)

    def waits(unit: list[pytest.Item]) -> bool:
        wall = sum(known.get(item.nodeid, 0.0) for item in unit)
        spent = sum(known.get(item.nodeid, 0.0) * shares.get(item.nodeid, 1.0)
                    for item in unit)
        return wall > 0 and spent < WAITING * wall

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
            place = (range(computing, workers) if computing < workers and waits(unit)
                     else range(computing))
            run = min(place, key=lambda k: (loads[k], len(runs[k])))
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
    shares: list[int] = []
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
    r"""The wall seconds by test id of ``tests/durations.txt`` (``SECONDS CPU ID`` a line:
    the wall seconds, the CPU seconds of the test's processes, the id; ``#`` comments;
    a line without the CPU figure is read too).

    >>> durations("# measured\n12.5 0.4 tests/a.py::test_b[1]\n\n3 tests/c.py::test_d\n")
    {'tests/a.py::test_b[1]': 12.5, 'tests/c.py::test_d': 3.0}
    """
    return {test: wall for test, (wall, _) in _measured(text).items()}


def busy_shares(text: str) -> dict[str, float]:
    r"""The share of its wall time each test's processes spent on a core, by test id, for
    the lines of ``tests/durations.txt`` that give the CPU seconds.

    >>> busy_shares("12.5 0.5 tests/a.py::test_b[1 2]\n3 tests/c.py::test_d\n")
    {'tests/a.py::test_b[1 2]': 0.04}
    """
    return {test: round(cpu / wall, 6) for test, (wall, cpu) in _measured(text).items()
            if cpu is not None and wall > 0}


def _measured(text: str) -> dict[str, tuple[float, float | None]]:
    found: dict[str, tuple[float, float | None]] = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            fields = line.split(maxsplit=2)
            if len(fields) == 3 and _is_number(fields[1]):
                found[fields[2].strip()] = (float(fields[0]), float(fields[1]))
            else:
                value, test = line.split(maxsplit=1)
                found[test.strip()] = (float(value), None)
    return found


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


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
            text = _DURATIONS.read_text(encoding="utf-8") if _DURATIONS.exists() else ""
            items[:] = longest_first(items, workers, durations(text),
                                     together=shared_fixture_key, busy=busy_shares(text),
                                     cores=len(os.sched_getaffinity(0)))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "queue_with(key): run one after the other, on one "
                                       "worker, with the other tests of that key")
    config.pluginmanager.register(_Queue(), "pokerroom-queue")
