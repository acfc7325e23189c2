"""Measure the tests again and write ``tests/durations.txt``, the seconds the root
``conftest.py`` queues the tests by (longest first; docs/testing.md, "Order").

Runs the main pass as ``make test`` does (``XDIST`` from the environment, default one
worker a core and one more) with the plugin ``scripts/durations_clock.py``, which times
each test's setup, call and teardown and the CPU its processes spent meanwhile, and
keeps the tests of at least ``--min`` wall seconds (2): ``SECONDS CPU ID`` a line. The
CPU seconds tell the queue which tests mostly wait (docs/testing.md, "Order").

    python scripts/durations.py              # about as long as the main pass
    python scripts/durations.py --dry-run    # print the file instead of writing it

>>> read_clock('{"test": "tests/a.py::t[1]", "wall": 13.1, "cpu": 0.4}\\n'
...            '{"test": "tests/b.py::u", "wall": 3.0, "cpu": 2.9}\\n')
{'tests/a.py::t[1]': (13.1, 0.4), 'tests/b.py::u': (3.0, 2.9)}
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "tests" / "durations.txt"


def read_clock(text: str) -> dict[str, tuple[float, float]]:
    """Wall and CPU seconds by test id from the plugin's JSON lines (a test met twice,
    as a rerun, keeps its last figures)."""
    timed: dict[str, tuple[float, float]] = {}
    for line in text.splitlines():
        if line.strip():
            record = json.loads(line)
            timed[record["test"]] = (float(record["wall"]), float(record["cpu"]))
    return timed


def main(argv: list[str] | None = None) -> int:
    """Run the main pass, write (or print) the durations file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--min", type=float, default=2.0, help="seconds to be listed")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    args = parser.parse_args(argv)
    cores = len(os.sched_getaffinity(0))
    workers = os.environ.get("XDIST") or f"-n {cores + 1} --dist worksteal"
    command = [sys.executable, "-m", "pytest", *shlex.split(workers), "-q",
               "-p", "durations_clock", "-p", "no:cacheprovider"]
    with tempfile.TemporaryDirectory() as folder:
        clock = Path(folder) / "clock.jsonl"
        path = os.pathsep.join(filter(None, [str(ROOT / "scripts"),
                                             os.environ.get("PYTHONPATH")]))
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                             check=False, env={**os.environ, "PYTHONPATH": path,
                                               "DURATIONS_CLOCK_OUT": str(clock)})
        if run.returncode not in (0, 1):
            sys.stderr.write(run.stdout[-2000:] + run.stderr[-2000:])
            return run.returncode
        timed = read_clock(clock.read_text(encoding="utf-8") if clock.exists() else "")
    listed = sorted(((wall, cpu, test) for test, (wall, cpu) in timed.items()
                     if wall >= args.min), reverse=True)
    today = datetime.date.today().isoformat()
    text = (f"# Seconds of wall time of the tests that took {args.min:g} s or more in a "
            f"whole main pass (setup,\n# call and teardown; {workers}, measured {today}"
            "), then the CPU seconds their processes\n# spent meanwhile (the test's own and "
            "the child processes it waited for).\n# The root conftest.py queues the tests "
            "longest first by these figures, the tests that\n# mostly wait apart "
            "(docs/testing.md, \"Order\"); a test not listed counts as nothing, or 10 s\n"
            "# when exhaustive.\n# Regenerate: python scripts/durations.py.\n"
            + "".join(f"{wall:.1f} {cpu:.1f} {test}\n" for wall, cpu, test in listed))
    if args.dry_run:
        sys.stdout.write(text)
    else:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {len(listed)} tests to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
