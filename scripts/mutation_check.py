"""Plant each listed defect in a copy of the sources and see whether a test selection
catches it: the mutation check of ``docs/testing.md``.

Usage::

    python scripts/mutation_check.py [--only ID,...] [--timeout S] [--json OUT]
        [--tests-from REV] [--check] -- PYTEST_ARGS ...
    python scripts/mutation_check.py --compare BEFORE.json AFTER.json

The defects are listed in ``tests/mutants/mutants.toml`` (``--mutants`` for another
list): each has an ``id``, a ``file`` of ``src/``, the ``original`` text, which must
occur in that file exactly once (the check stops otherwise), its ``replacement``, and
``breaks``, the rule or invariant it breaks.

The sources, the tests and the files pytest reads (``conftest.py``, ``pyproject.toml``,
``README.md``, ``docs/``) are copied to a temporary folder once; the checkout is only
read. ``--tests-from REV`` takes the tests, ``conftest.py`` and ``pyproject.toml`` from
the git revision ``REV`` instead (to score a selection as it was before a change). The
selection first runs on the unchanged copy and must pass. Then, for each defect in turn,
one file of the copy is changed, the selection runs once (niced, one pytest process at a
time, ``-x``: it stops at the first failure) from the copy's sources with
``PYTHONPATH=<copy>/src POKERROOM_PURE_PYTHON=1``, and the file is put back. A defect is
*killed* when a test fails (or the tests cannot even be collected), *survived* when the
selection passes, *timeout* when it runs longer than ``--timeout`` seconds (then it is
not counted as killed). The table, the score (killed of all) and, with ``--json``, every
result are written out. ``--compare`` lists the defects the first result file killed and
the second did not.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_LIST = ROOT / "tests" / "mutants" / "mutants.toml"
COPIED = ("src", "tests", "docs", "conftest.py", "pyproject.toml", "README.md")
FROM_REVISION = ("tests", "conftest.py", "pyproject.toml")
_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


@dataclass(frozen=True)
class Mutant:
    """One planted defect."""

    id: str
    file: str
    original: str
    replacement: str
    breaks: str


@dataclass
class Result:
    """What one run of the selection made of one defect."""

    id: str
    file: str
    outcome: str          # killed, survived, timeout
    seconds: float
    killer: str           # the first test that failed, where one did


class MutantError(Exception):
    """A listed defect that cannot be planted as written."""


def load_mutants(path: Path) -> list[Mutant]:
    """The defects listed in ``path``; each must plant in exactly one place.

    >>> mutants = load_mutants(DEFAULT_LIST)
    >>> len({m.id for m in mutants}) == len(mutants) >= 30
    True
    """
    with path.open("rb") as handle:
        rows = tomllib.load(handle).get("mutant", [])
    mutants = [Mutant(**row) for row in rows]
    seen: set[str] = set()
    for mutant in mutants:
        if mutant.id in seen:
            raise MutantError(f"defect {mutant.id!r} is listed twice")
        seen.add(mutant.id)
        planted(mutant, (ROOT / mutant.file).read_text(encoding="utf-8"))
    return mutants


def planted(mutant: Mutant, text: str) -> str:
    """``text`` with ``mutant`` planted in it; its original must occur exactly once.

    >>> m = Mutant("m", "f.py", "a < b", "a <= b", "off by one")
    >>> planted(m, "if a < b:\\n    pass\\n")
    'if a <= b:\\n    pass\\n'
    >>> planted(m, "a < b or a < b")
    Traceback (most recent call last):
    ...
    mutation_check.MutantError: m: the original text occurs 2 times in f.py, not once
    """
    count = text.count(mutant.original)
    if count != 1:
        raise MutantError(f"{mutant.id}: the original text occurs {count} times in "
                          f"{mutant.file}, not once")
    if mutant.replacement == mutant.original:
        raise MutantError(f"{mutant.id}: the replacement changes nothing")
    return text.replace(mutant.original, mutant.replacement)


def _ignore(_folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".so", ".egg-info"))}


def make_copy(workdir: Path, tests_from: str | None) -> None:
    """Copy what a pytest run reads into ``workdir`` (see the module's text)."""
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, workdir / name, ignore=_ignore)
        elif source.exists():
            shutil.copy2(source, workdir / name)
    if tests_from is None:
        return
    shutil.rmtree(workdir / "tests")
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", tests_from, *FROM_REVISION],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(workdir)], input=archive, check=True)


def run_selection(workdir: Path, pytest_args: list[str], timeout: float
                  ) -> tuple[str, float, str]:
    """Run the selection once in ``workdir``: (outcome, seconds, first failing test)."""
    env = {**os.environ, "PYTHONPATH": str(workdir / "src"), "POKERROOM_PURE_PYTHON": "1"}
    command = ["nice", "-n", "10", sys.executable, "-m", "pytest", "-x", "-q",
               "-p", "no:cacheprovider", *pytest_args]
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=workdir, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)    # the run's own process group only
        process.communicate()
        return "timeout", time.monotonic() - start, ""
    finally:
        if process.poll() is None:                # the check itself was stopped
            os.killpg(process.pid, signal.SIGKILL)
    seconds = time.monotonic() - start
    failed = _FAILED.findall(output)
    if process.returncode == 0:
        return "survived", seconds, ""
    if process.returncode in (1, 2):       # a test failed; the tests could not be collected
        return "killed", seconds, failed[0] if failed else "(collection)"
    tail = "\n".join(output.splitlines()[-15:])
    raise RuntimeError(f"pytest stopped with code {process.returncode}:\n{tail}")


def check_mutants(mutants: list[Mutant], pytest_args: list[str], timeout: float,
                  tests_from: str | None, baseline: bool) -> list[Result]:
    """Plant each defect in turn in one copy and run the selection against it."""
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="pokerroom-mutation-") as folder:
        workdir = Path(folder)
        if ROOT in workdir.parents:
            raise RuntimeError("the copy must lie outside the checkout")
        make_copy(workdir, tests_from)
        if baseline:
            outcome, seconds, killer = run_selection(workdir, pytest_args, timeout)
            print(f"unchanged sources: {outcome} in {seconds:.0f} s {killer}", flush=True)
            if outcome != "survived":
                raise RuntimeError("the selection must pass on the unchanged sources")
        for mutant in mutants:
            target = workdir / mutant.file
            original = target.read_text(encoding="utf-8")
            stat = target.stat()
            target.write_text(planted(mutant, original), encoding="utf-8")
            try:
                outcome, seconds, killer = run_selection(workdir, pytest_args, timeout)
            finally:
                target.write_text(original, encoding="utf-8")
                os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
            results.append(Result(mutant.id, mutant.file, outcome, round(seconds, 1), killer))
            print(f"{mutant.id:34} {outcome:9} {seconds:7.0f} s  {killer}", flush=True)
    return results


def score(results: list[Result]) -> dict[str, int]:
    """How many defects were killed, survived, timed out, of how many.

    >>> score([Result("a", "f", "killed", 1.0, "t"), Result("b", "f", "survived", 2.0, "")])
    {'killed': 1, 'survived': 1, 'timeout': 0, 'total': 2}
    """
    counts = {"killed": 0, "survived": 0, "timeout": 0}
    for result in results:
        counts[result.outcome] += 1
    return {**counts, "total": len(results)}


def compare(before: Path, after: Path) -> int:
    """Print the defects ``before`` killed and ``after`` did not; 1 if there are any."""
    killed = [{r["id"] for r in json.loads(path.read_text())["results"]
               if r["outcome"] == "killed"} for path in (before, after)]
    lost = sorted(killed[0] - killed[1])
    print(f"killed before: {len(killed[0])}, after: {len(killed[1])}; "
          f"killed before but not after: {', '.join(lost) or 'none'}")
    return 1 if lost else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=Path, default=DEFAULT_LIST)
    parser.add_argument("--only", action="append", default=[],
                        help="ids to check (comma-separated; repeatable)")
    parser.add_argument("--timeout", type=float, default=1800.0)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--tests-from", metavar="REV")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--check", action="store_true",
                        help="only check that every defect plants in one place")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args(argv)
    # stopped from outside: unwind, so the run in progress and the copy are removed
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if args.compare:
        return compare(*args.compare)
    mutants = load_mutants(args.mutants)
    wanted = {i for group in args.only for i in group.split(",") if i}
    unknown = wanted - {m.id for m in mutants}
    if unknown:
        parser.error(f"no such defects: {', '.join(sorted(unknown))}")
    chosen = [m for m in mutants if not wanted or m.id in wanted]
    if args.check:
        print(f"{len(chosen)} defects, each planting in exactly one place")
        return 0
    if not args.pytest_args:
        parser.error("give the pytest selection after --")
    results = check_mutants(chosen, args.pytest_args, args.timeout, args.tests_from,
                            not args.no_baseline)
    counts = score(results)
    print(f"score: {counts['killed']} of {counts['total']} killed "
          f"({counts['survived']} survived, {counts['timeout']} timed out)")
    if args.json:
        args.json.write_text(json.dumps(
            {"selection": args.pytest_args, "tests_from": args.tests_from, "score": counts,
             "results": [asdict(r) for r in results]}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
