"""The queue's order: ``tests/durations.txt`` (written by scripts/durations.py) read by
the root ``conftest.py``, which deals the tests longest first to the xdist workers."""

from __future__ import annotations

import importlib.util
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


def test_the_script_reads_pytests_report() -> None:
    script = _load("durations_script", ROOT / "scripts" / "durations.py")
    report = ("============ slowest durations ============\n"
              "31.60s call     tests/cli/test_solve_cli.py::test_the_json_at_10_big_blinds\n"
              "0.70s setup    tests/cli/test_solve_cli.py::test_the_json_at_10_big_blinds\n"
              "2.00s teardown tests/server/test_crash.py::test_x[a b]\n")
    assert script.parse(report) == {
        "tests/cli/test_solve_cli.py::test_the_json_at_10_big_blinds": 32.3,
        "tests/server/test_crash.py::test_x[a b]": 2.0}


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
