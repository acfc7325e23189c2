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
        starts = [sum(len(items[k::workers]) for k in range(w)) for w in range(workers)]
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
