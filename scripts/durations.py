"""Measure the tests again and write ``tests/durations.txt``, the seconds the root
``conftest.py`` queues the tests by (longest first; docs/testing.md, "Order").

Runs the main pass as ``make test`` does (``XDIST`` from the environment, default one
worker a core and one more) with pytest's ``--durations=0``, adds up each test's setup,
call and teardown, and keeps those of at least ``--min`` seconds (2).

    python scripts/durations.py              # about as long as the main pass
    python scripts/durations.py --dry-run    # print the file instead of writing it

>>> sorted(parse("12.50s call     tests/a.py::t[1]\\n0.60s setup    tests/a.py::t[1]\\n"
...              "3.00s call     tests/b.py::u\\n").items())
[('tests/a.py::t[1]', 13.1), ('tests/b.py::u', 3.0)]
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "tests" / "durations.txt"
_LINE = re.compile(r"^\s*([0-9.]+)s\s+(setup|call|teardown)\s+(\S.*?)\s*$")


def parse(text: str) -> dict[str, float]:
    """Seconds by test id from pytest's ``--durations`` report (the phases added up)."""
    seconds: dict[str, float] = {}
    for line in text.splitlines():
        found = _LINE.match(line)
        if found:
            test = found.group(3)
            seconds[test] = round(seconds.get(test, 0.0) + float(found.group(1)), 3)
    return seconds


def main(argv: list[str] | None = None) -> int:
    """Run the main pass, write (or print) the durations file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--min", type=float, default=2.0, help="seconds to be listed")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    args = parser.parse_args(argv)
    workers = os.environ.get("XDIST") or f"-n {(os.cpu_count() or 1) + 1} --dist worksteal"
    command = [sys.executable, "-m", "pytest", *shlex.split(workers), "-q",
               "--durations=0", "--durations-min=0.5", "-p", "no:cacheprovider"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if run.returncode not in (0, 1):
        sys.stderr.write(run.stdout[-2000:] + run.stderr[-2000:])
        return run.returncode
    listed = sorted(((s, t) for t, s in parse(run.stdout).items() if s >= args.min),
                    reverse=True)
    today = datetime.date.today().isoformat()
    text = (f"# Seconds of wall time of the tests that took {args.min:g} s or more in a "
            f"whole main pass (setup,\n# call and teardown; {workers}, measured {today}"
            ").\n# The root conftest.py queues the tests longest first by these figures "
            "(docs/testing.md,\n# \"Order\"); a test not listed counts as nothing, or 10 "
            "s when exhaustive.\n# Regenerate: python scripts/durations.py.\n"
            + "".join(f"{s:.1f} {t}\n" for s, t in listed))
    if args.dry_run:
        sys.stdout.write(text)
    else:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {len(listed)} tests to {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
