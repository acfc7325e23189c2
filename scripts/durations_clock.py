"""A pytest plugin for ``scripts/durations.py``: each test's wall seconds from its setup
to its teardown, and the CPU seconds its processes spent meanwhile (the test's own
process and the child processes it waited for), one JSON line a test, appended to the
file ``DURATIONS_CLOCK_OUT`` names (nothing is written without it).

    DURATIONS_CLOCK_OUT=clock.jsonl PYTHONPATH=scripts pytest -p durations_clock ...

>>> sorted(spent())
['children', 'own']
"""

from __future__ import annotations

import json
import os
import resource
import time
from collections.abc import Generator

import pytest


def spent() -> dict[str, float]:
    """The CPU seconds (user and system) of this process and of its children waited
    for, so far."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"own": own.ru_utime + own.ru_stime,
            "children": children.ru_utime + children.ru_stime}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None
                            ) -> Generator[None, None, None]:
    """Time the test's setup, call and teardown."""
    target = os.environ.get("DURATIONS_CLOCK_OUT")
    before, started = spent(), time.perf_counter()
    yield
    if target:
        after, wall = spent(), time.perf_counter() - started
        cpu = sum(after.values()) - sum(before.values())
        with open(target, "a", encoding="utf-8") as out:
            out.write(json.dumps({"test": item.nodeid, "wall": round(wall, 4),
                                  "cpu": round(cpu, 4)}) + "\n")
