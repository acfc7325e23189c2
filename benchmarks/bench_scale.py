"""Scale-out: four odds jobs inline, on a two-process pool and on a two-worker Dask
cluster (a scheduler and workers started as separate processes on 127.0.0.1), with
their speed-up over inline and a check that every result is identical.

Run alone with ``python -m benchmarks scale`` (``SCALE_RUNS=N`` for the repeats, 5 by
default). The pool and the cluster are started once and warmed (every worker loads the
compiled kernels, :func:`pokerroom.analysis.odds.warm_kernels`), as a long-lived
service or a scheduler already running would be; each round runs every job inline, on
the pool and on the cluster in turn (so the load of a shared machine falls on all three
alike), and the figures are the medians of the rounds' wall times and speed-ups.
Then, once, the whole cost from nothing: ``cluster="processes"`` and
``cluster="local"`` starting their workers inside the call.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor
from functools import partial
from pathlib import Path
from typing import Any

from pokerroom.analysis.executors import open_executor
from pokerroom.analysis.loopback import loopback_cluster
from pokerroom.analysis.odds import OddsResult, compute_odds, warm_kernels
from pokerroom.analysis.ranges import parse_range
from pokerroom.cards import parse_cards

Job = tuple[str, str, list[Any], dict[str, Any]]
_CPU_RESOLVED = 0.1
"""Busiest-worker CPU below this (ten clock ticks of /proc) is not compared."""


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


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _timed(call: Callable[..., OddsResult],
           workers: list[int]) -> tuple[float, float, OddsResult, int]:
    """(wall, busiest worker's CPU, result, tasks); inline, this process is the worker
    (and the job runs here too when it is one task, see ``compute_odds``)."""
    pids = workers or [os.getpid()]
    totals: list[int] = []
    before = [_cpu(pid) for pid in pids]
    start = time.perf_counter()
    result = call(progress=lambda _done, total: totals.append(total))
    wall = time.perf_counter() - start
    cpu = max(_cpu(pid) - b for pid, b in zip(pids, before, strict=True))
    return wall, cpu, result, totals[-1] if totals else 0


def _warm_and_hold() -> None:
    warm_kernels()
    time.sleep(0.5)  # keep this worker busy so that the next warm-up goes to another


def _warm_pool(pool: Executor, workers: int) -> None:
    """Every process of the pool loads the kernels."""
    for future in [pool.submit(_warm_and_hold) for _ in range(workers)]:
        future.result()


def _warm_cluster(address: str) -> list[int]:
    """Every Dask worker loads the kernels; their process ids."""
    from distributed import Client

    with Client(address) as client:  # type: ignore[no-untyped-call]
        client.run(warm_kernels)
        return sorted(client.run(os.getpid).values())


def main() -> None:
    """Print each job's wall time per executor, the speed-ups and the result checks."""
    runs = int(os.environ.get("SCALE_RUNS", "5"))
    print(f"load average {_load()} (1, 5, 15 min); {os.cpu_count()} CPUs; "
          f"median of {runs} interleaved rounds")
    jobs = _jobs()
    warm_kernels()
    names = ["inline", "pool of 2", "Dask, 2 workers"]
    walls: dict[tuple[int, str], list[float]] = {}
    cpus: dict[tuple[int, str], list[float]] = {}
    ratios: dict[tuple[int, str], list[float]] = {}
    same: dict[tuple[int, str], bool] = {}
    tasks: dict[tuple[int, str], int] = {}
    with (open_executor("processes", workers=2) as pool,
          loopback_cluster(workers=2) as address, open_executor(address) as dask):
        _warm_pool(pool, 2)
        dask_pids = _warm_cluster(address)
        pool_pids = sorted(pool._processes)  # type: ignore[attr-defined]
        places: list[tuple[dict[str, Any], list[int]]] = [
            ({"cluster": "inline"}, []), ({"executor": pool}, pool_pids),
            ({"executor": dask}, dask_pids)]
        for _ in range(runs):  # each round runs every job everywhere, so load hits all
            for i, (_, game, hands, options) in enumerate(jobs):
                results = []
                for name, (where, pids) in zip(names, places, strict=True):
                    wall, cpu, result, tasks[(i, name)] = _timed(
                        partial(compute_odds, game, hands, **where, **options), pids)
                    walls.setdefault((i, name), []).append(wall)
                    cpus.setdefault((i, name), []).append(cpu)
                    results.append(result)
                for name, result in zip(names[1:], results[1:], strict=True):
                    ratios.setdefault((i, name), []).append(
                        walls[(i, "inline")][-1] / walls[(i, name)][-1])
                    same[(i, name)] = same.get((i, name), True) and result == results[0]
    print("wall: median seconds and median speed-up over inline; cpu: the busiest "
          "worker's CPU seconds and inline CPU / that (the speed-up on free cores); "
          "the job's tasks")
    for i, (label, _, _, _) in enumerate(jobs):
        inline_cpu = statistics.median(cpus[(i, "inline")])
        print(f"{label}\n  inline           wall {statistics.median(walls[(i, 'inline')]):7.3f}s"
              f"          cpu {inline_cpu:6.2f}s  {tasks[(i, 'inline')]:2d} tasks")
        for n in names[1:]:
            busiest = statistics.median(cpus[(i, n)])
            cpu_ratio = (f"{inline_cpu / busiest:4.2f}x" if busiest >= _CPU_RESOLVED
                         else "  --")  # a few clock ticks say nothing
            print(f"  {n:<16} wall {statistics.median(walls[(i, n)]):7.3f}s "
                  f"{statistics.median(ratios[(i, n)]):4.2f}x  cpu {busiest:6.2f}s "
                  f"{cpu_ratio}  {tasks[(i, n)]:2d} tasks  "
                  f"{'same' if same[(i, n)] else 'DIFFERENT'}")
    print(f"load average {_load()} (1, 5, 15 min) at the end")
    print("from nothing (the executor started inside the call), first job:")
    _, game, hands, options = jobs[0]
    inline_wall, _, inline_result, _ = _timed(partial(
        compute_odds, game, hands, cluster="inline", **options), [])
    for started in ("processes", "local"):
        wall, _, result, _ = _timed(partial(compute_odds, game, hands, cluster=started,
                                            workers=2, **options), [])
        verdict = "same" if result == inline_result else "DIFFERENT"
        print(f"  cluster={started!r:<12} {wall:6.2f}s {inline_wall / wall:4.2f}x {verdict} "
              f"(inline {inline_wall:.2f}s)")


if __name__ == "__main__":
    main()
