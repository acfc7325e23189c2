"""The queue's order: ``tests/durations.txt`` (written by scripts/durations.py) read by
the root ``conftest.py``, which deals the tests longest first to the xdist workers."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Item:
    def __init__(self, nodeid: str, exhaustive: bool = False) -> None:
        self.nodeid, self.exhaustive = nodeid, exhaustive

    def get_closest_marker(self, name: str) -> object:
        return (name == "exhaustive" and self.exhaustive) or None


def test_the_file_lists_measured_tests_longest_first() -> None:
    conftest = _load("root_conftest", ROOT / "conftest.py")
    seconds = conftest.durations((ROOT / "tests" / "durations.txt").read_text("utf-8"))
    assert len(seconds) > 50
    assert all(test.startswith("tests/") and "::" in test for test in seconds)
    assert list(seconds.values()) == sorted(seconds.values(), reverse=True)
    assert all(value >= 2.0 for value in seconds.values())


def test_every_test_is_queued_once_and_each_worker_starts_on_a_long_one() -> None:
    conftest = _load("root_conftest", ROOT / "conftest.py")
    items = [_Item(f"t{n}", exhaustive=n % 7 == 0) for n in range(40)]
    seconds = {"t3": 90.0, "t5": 30.0, "t8": 12.0}
    for workers in (2, 3, 4):
        queued = conftest.longest_first(items, workers, seconds)
        assert sorted(item.nodeid for item in queued) == sorted(i.nodeid for i in items)
        shares = conftest.xdist_shares(len(items), workers)
        starts = [sum(shares[:w]) for w in range(workers)]
        firsts = [queued[start].nodeid for start in starts]
        assert firsts[:3] == ["t3", "t5", "t8"][:workers]


def test_the_script_reads_the_clock_plugins_lines() -> None:
    script = _load("durations_script", ROOT / "scripts" / "durations.py")
    lines = ('{"test": "tests/cli/test_solve_cli.py::test_json", "wall": 32.3, "cpu": 31.0}\n'
             '{"test": "tests/server/test_crash.py::test_x[a b]", "wall": 2.0, "cpu": 0.1}\n')
    assert script.read_clock(lines) == {
        "tests/cli/test_solve_cli.py::test_json": (32.3, 31.0),
        "tests/server/test_crash.py::test_x[a b]": (2.0, 0.1)}


def test_the_clock_plugin_times_a_test_and_the_cpu_of_the_children_it_waited_for(
        tmp_path: Path) -> None:
    out = tmp_path / "clock.jsonl"
    (tmp_path / "test_sample.py").write_text(
        "import subprocess, sys, time\n\n"
        "def test_waits():\n    time.sleep(0.3)\n\n"
        "def test_works_in_a_child():\n"
        "    subprocess.run([sys.executable, '-c', 'sum(range(20_000_000))'], check=True)\n",
        encoding="utf-8")
    env = {**os.environ, "DURATIONS_CLOCK_OUT": str(out),
           "PYTHONPATH": str(ROOT / "scripts")}
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "durations_clock",
                          "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
                          "test_sample.py"], cwd=tmp_path, env=env, capture_output=True,
                         text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    script = _load("durations_script", ROOT / "scripts" / "durations.py")
    timed = script.read_clock(out.read_text(encoding="utf-8"))
    waits = timed["test_sample.py::test_waits"]
    works = timed["test_sample.py::test_works_in_a_child"]
    assert waits[0] >= 0.3 and waits[1] < waits[0] / 3
    assert works[1] > 0.02 and works[1] > works[0] / 3


def test_the_tests_that_mostly_wait_get_runs_of_their_own() -> None:
    conftest = _load("root_conftest", ROOT / "conftest.py")
    items = [_Item(f"t{n}") for n in range(40)]
    seconds = {f"t{n}": 20.0 - n for n in range(12)}
    busy = {f"t{n}": (0.05 if n % 3 == 0 else 0.9) for n in range(12)}
    for workers, cores in ((3, 2), (4, 2)):
        queued = conftest.longest_first(items, workers, seconds, busy=busy, cores=cores)
        assert sorted(item.nodeid for item in queued) == sorted(i.nodeid for i in items)
        shares = conftest.xdist_shares(len(items), workers)
        bounds = [sum(shares[:w]) for w in range(workers + 1)]
        runs = [[item.nodeid for item in queued[bounds[w]:bounds[w + 1]]]
                for w in range(workers)]
        waiting = {f"t{n}" for n in range(0, 12, 3)}
        computing = {f"t{n}" for n in range(12)} - waiting
        assert all(name in waiting for run in runs[cores:] for name in run
                   if name in seconds)
        assert all(name in computing for run in runs[:cores] for name in run
                   if name in seconds)
        assert all(run[0] in seconds for run in runs)
    # without the CPU figures, or with a worker a core, the tests are not told apart
    assert (conftest.longest_first(items, 2, seconds, busy=busy, cores=2)
            == conftest.longest_first(items, 2, seconds))
    assert (conftest.longest_first(items, 3, seconds, cores=2)
            == conftest.longest_first(items, 3, seconds))


def test_the_file_gives_the_cpu_of_every_listed_test() -> None:
    conftest = _load("root_conftest", ROOT / "conftest.py")
    text = (ROOT / "tests" / "durations.txt").read_text("utf-8")
    seconds, busy = conftest.durations(text), conftest.busy_shares(text)
    assert busy.keys() == seconds.keys()
    assert all(share >= 0 for share in busy.values())


def test_the_tests_of_a_module_fixture_go_to_one_worker_one_after_the_other() -> None:
    conftest = _load("root_conftest", ROOT / "conftest.py")
    items = [_Item(f"t{n}") for n in range(30)]
    seconds = {"t1": 40.0, "t2": 5.0, "t3": 5.0, "t4": 5.0, "t9": 20.0}
    shared = {"t2", "t3", "t4", "t20"}
    queued = conftest.longest_first(items, 3, seconds,
                                    together=lambda item: "m" if item.nodeid in shared
                                    else None)
    names = [item.nodeid for item in queued]
    at = sorted(names.index(name) for name in shared)
    assert at == list(range(at[0], at[0] + 4))  # one after the other, longest first
    assert names[at[0]:at[0] + 3] == ["t2", "t3", "t4"]
    shares = conftest.xdist_shares(len(items), 3)
    bounds = [sum(shares[:w]) for w in range(4)]
    runs = [names[bounds[w]:bounds[w + 1]] for w in range(3)]
    assert sum(any(name in shared for name in run) for run in runs) == 1
    assert sorted(run[0] for run in runs) == ["t1", "t2", "t9"]


class _Definition:
    def __init__(self, scope: str) -> None:
        self.scope = scope


class _Info:
    def __init__(self, **scopes: str) -> None:
        self.name2fixturedefs = {name: [_Definition(scope)] for name, scope in scopes.items()}


def test_a_module_scoped_fixture_keys_the_tests_by_their_file() -> None:
    conftest = _load("root_conftest", ROOT / "conftest.py")
    item = _Item("tests/a/test_b.py::test_c[1]")
    item._fixtureinfo = _Info(solved="module", tmp_path="function")  # type: ignore[attr-defined]
    assert conftest.shared_fixture_key(item) == "tests/a/test_b.py"
    item._fixtureinfo = _Info(browser="session", tmp_path="function")  # type: ignore[attr-defined]
    assert conftest.shared_fixture_key(item) is None
