"""Run every ``bench_*.py`` module's ``main()``, or only the ones named.

    python -m benchmarks            # all of them, in name order
    python -m benchmarks eval       # benchmarks/bench_eval.py only
    python -m benchmarks eval odds  # several
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def available() -> list[str]:
    """The benchmark names (``bench_eval.py`` is ``eval``), sorted."""
    folder = Path(__file__).resolve().parent
    return sorted(m.name.removeprefix("bench_") for m in pkgutil.iter_modules([str(folder)])
                  if m.name.startswith("bench_"))


def run(names: list[str]) -> int:
    """Run the named benchmarks (all when ``names`` is empty); 2 for an unknown name."""
    known = available()
    wanted = [n.removeprefix("bench_").removesuffix(".py") for n in names] or known
    unknown = [n for n in wanted if n not in known]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(known)}",
              file=sys.stderr)
        return 2
    for name in wanted:
        print(f"== {name} ==", flush=True)
        module = importlib.import_module(f"benchmarks.bench_{name}")
        module.main()
        print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
