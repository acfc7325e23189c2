"""Scale-out: four odds jobs inline, on a two-process pool and on a two-worker Dask
cluster (a scheduler and workers started as separate processes on 127.0.0.1), with
their speed-up over inline and a check that every result is identical.

Run alone with ``python -m benchmarks scale`` (``SCALE_RUNS=N`` for the repeats, 3 by
default). The pool and the cluster are started once and warmed (every worker loads the
compiled kernels, :func:`pokerroom.analysis.plan.warm_kernels`), as a long-lived
service or a scheduler already running would be; the wall time of each job is the
median of the repeats. Then, once, the whole cost from nothing: ``cluster="processes"``
and ``cluster="local"`` starting their workers inside the call.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from pokerroom.analysis.executors import open_executor
from pokerroom.analysis.loopback import loopback_cluster
from pokerroom.analysis.odds import OddsResult, compute_odds
from pokerroom.analysis.plan import warm_kernels
from pokerroom.analysis.ranges import parse_range
from pokerroom.cards import parse_cards

Job = tuple[str, str, list[Any], dict[str, Any]]


def _jobs() -> list[Job]:
    omaha = [parse_cards("As Ah Ks Kh"), parse_cards("Jc Tc 9d 8d")]
    return [
        ("Monte Carlo hold'em Ad Ac v Kh Ks, 40,000,000 trials", "holdem",
         [parse_cards("Ad Ac"), parse_cards("Kh Ks")], {"trials": 40_000_000, "seed": 1}),
        ("Monte Carlo Omaha As Ah Ks Kh v Jc Tc 9d 8d, 1,000,000 trials", "omaha", omaha,
         {"trials": 1_000_000, "seed": 1}),
        ("exact Omaha preflop As Ah Ks Kh v Jc Tc 9d 8d", "omaha", omaha, {"exact": True}),
        ("exact hold'em range v range KK+ v QQ-TT", "holdem",
         [parse_range("KK+"), parse_range("QQ-TT")], {"exact": True}),
    ]


def _timed(runs: int, call: Callable[[], OddsResult]) -> tuple[float, OddsResult]:
    walls: list[float] = []
    result: OddsResult | None = None
    for _ in range(runs):
        start = time.perf_counter()
        result = call()
        walls.append(time.perf_counter() - start)
    assert result is not None
    return statistics.median(walls), result


def _warm_and_hold() -> None:
    warm_kernels()
    time.sleep(0.5)  # keep this worker busy so that the next warm-up goes to another


def _warm_pool(pool: Executor, workers: int) -> None:
    """Every process of the pool loads the kernels."""
    for future in [pool.submit(_warm_and_hold) for _ in range(workers)]:
        future.result()


def _warm_cluster(address: str) -> None:
    """Every Dask worker loads the kernels."""
    from distributed import Client

    with Client(address) as client:  # type: ignore[no-untyped-call]
        client.run(warm_kernels)


def main() -> None:
    """Print each job's wall time per executor, the speed-ups and the result checks."""
    runs = int(os.environ.get("SCALE_RUNS", "3"))
    print(f"load average {os.getloadavg()[0]:.2f} (1 min); {os.cpu_count()} CPUs; "
          f"median of {runs}")
    jobs = _jobs()
    inline: list[tuple[float, OddsResult]] = []
    warm_kernels()
    for _, game, hands, options in jobs:
        inline.append(_timed(runs, lambda g=game, h=hands, o=options: compute_odds(
            g, h, cluster="inline", **o)))
    columns: dict[str, list[tuple[float, OddsResult]]] = {}
    with open_executor("processes", workers=2) as pool:
        _warm_pool(pool, 2)
        columns["pool of 2"] = [_timed(runs, lambda g=game, h=hands, o=options: compute_odds(
            g, h, executor=pool, **o)) for _, game, hands, options in jobs]
    with loopback_cluster(workers=2) as address, open_executor(address) as dask:
        _warm_cluster(address)
        columns["Dask, 2 workers"] = [_timed(runs, lambda g=game, h=hands, o=options:
                                             compute_odds(g, h, executor=dask, **o))
                                      for _, game, hands, options in jobs]
    print(f"{'job':<64} {'inline':>8} " + " ".join(f"{n:>22}" for n in columns))
    for i, (name, _, _, _) in enumerate(jobs):
        cells = []
        for column in columns.values():
            wall, result = column[i]
            same = "same" if result == inline[i][1] else "DIFFERENT"
            cells.append(f"{wall:6.2f}s {inline[i][0] / wall:4.2f}x {same:>5}")
        print(f"{name:<64} {inline[i][0]:7.2f}s " + " ".join(f"{c:>22}" for c in cells))
    print("from nothing (the executor started inside the call), first job:")
    _, game, hands, options = jobs[0]
    for where in ("processes", "local"):
        start = time.perf_counter()
        result = compute_odds(game, hands, cluster=where, workers=2, **options)
        wall = time.perf_counter() - start
        same = "same" if result == inline[0][1] else "DIFFERENT"
        print(f"  cluster={where!r:<12} {wall:6.2f}s {inline[0][0] / wall:4.2f}x {same}")


if __name__ == "__main__":
    main()
