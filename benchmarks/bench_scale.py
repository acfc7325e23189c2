"""Scale-out: four odds jobs inline, on a two-process pool and on a two-worker Dask
cluster (a scheduler and workers started as separate processes on 127.0.0.1), with
their speed-up over inline and a check that every result is identical.

Run alone with ``python -m benchmarks scale`` (``SCALE_RUNS=N`` for the repeats, 5 by
default). The pool and the cluster are each started once and warmed (every worker loads
the compiled kernels, :func:`pokerroom.analysis.odds.warm_kernels`), as a long-lived
service or a scheduler already running would be, and each is measured while it is the
only one running (an idle Dask cluster's own event loops would otherwise take from the
pool's cores). Each round runs every job inline and then on the executor, back to back
(so the load of a shared machine falls on both alike), and the figures are the medians
of the rounds' wall times and speed-ups; the inline figures are over both phases.
Then, once, the whole cost from nothing: ``cluster="processes"`` and
``cluster="local"`` starting their workers inside the call.

First, what the host allows: the pool's two workers each run the same one-task job, one
alone and then both at once (:func:`_ceiling`). On a shared machine two busy processes
each run slower than one alone, and no executor can beat twice the ratio of the two.
And for the exact Omaha job, how much of the call is its kernel (:func:`_kernel_share`):
the rest runs in the caller wherever the kernel runs.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from pokerroom.analysis import odds_tasks
from pokerroom.analysis.executors import open_executor
from pokerroom.analysis.loopback import loopback_cluster
from pokerroom.analysis.odds import OddsResult, compute_odds, warm_kernels
from pokerroom.analysis.odds_game import HOLDEM
from pokerroom.analysis.ranges import parse_range
from pokerroom.cards import parse_cards
from pokerroom.games import get_game

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


def _busy_seconds(trials: int) -> float:
    """Wall seconds of a one-task hold'em simulation of ``trials`` trials, run here."""
    hands = [parse_cards("Ad Ac"), parse_cards("Kh Ks")]
    start = time.perf_counter()
    compute_odds(HOLDEM, hands, trials=trials, seed=1, cluster="inline")
    return time.perf_counter() - start


def _ceiling(pool: Executor, rounds: int, trials: int = 5_000_000) -> tuple[float, float]:
    """(best seconds of the job on one worker alone, best of the slower of two workers
    running it at once) over ``rounds`` rounds on the pool's two processes."""
    alone, both = [], []
    for _ in range(rounds):
        alone.append(pool.submit(_busy_seconds, trials).result())
        pair = [pool.submit(_busy_seconds, trials) for _ in range(2)]
        both.append(max(future.result() for future in pair))
    return min(alone), min(both)


def _kernel_share(job: Job, rounds: int = 20) -> tuple[float, float]:
    """(best seconds of the whole inline call of the one-task exact ``job``, best seconds
    of its kernel alone, timed inside that call)."""
    _, game, hands, options = job
    real = odds_tasks.exact_task
    spent: list[float] = []

    def timed(task: tuple[Any, ...]) -> Any:
        start = time.perf_counter()
        tally = real(task)
        spent.append(time.perf_counter() - start)
        return tally

    whole = []
    odds_tasks.exact_task = timed
    try:
        for _ in range(rounds):
            start = time.perf_counter()
            compute_odds(get_game(game).odds, hands, cluster="inline", **options)
            whole.append(time.perf_counter() - start)
    finally:
        odds_tasks.exact_task = real
    return min(whole), min(spent)


@dataclass
class _Record:
    """Every round's figures, by (job index, executor name)."""

    walls: dict[tuple[int, str], list[float]] = field(default_factory=dict)
    cpus: dict[tuple[int, str], list[float]] = field(default_factory=dict)
    ratios: dict[tuple[int, str], list[float]] = field(default_factory=dict)
    same: dict[tuple[int, str], bool] = field(default_factory=dict)
    tasks: dict[tuple[int, str], int] = field(default_factory=dict)


def _rounds(jobs: list[Job], runs: int, name: str, where: dict[str, Any], pids: list[int],
            record: _Record) -> None:
    """``runs`` rounds of every job inline then on ``where`` (each job's two runs back to
    back, so the load of a shared machine falls on both alike)."""
    for _ in range(runs):
        for i, (_, game, hands, options) in enumerate(jobs):
            results = []
            for label, place, workers in (("inline", {"cluster": "inline"}, []),
                                          (name, where, pids)):
                wall, cpu, result, record.tasks[(i, label)] = _timed(
                    partial(compute_odds, game, hands, **place, **options), workers)
                record.walls.setdefault((i, label), []).append(wall)
                record.cpus.setdefault((i, label), []).append(cpu)
                results.append(result)
            record.ratios.setdefault((i, name), []).append(
                record.walls[(i, "inline")][-1] / record.walls[(i, name)][-1])
            record.same[(i, name)] = (record.same.get((i, name), True)
                                      and results[1] == results[0])


def main() -> None:
    """Print each job's wall time per executor, the speed-ups and the result checks."""
    runs = int(os.environ.get("SCALE_RUNS", "5"))
    print(f"load average {_load()} (1, 5, 15 min); {os.cpu_count()} CPUs; "
          f"median of {runs} interleaved rounds")
    jobs = _jobs()
    warm_kernels()
    names = ["inline", "pool of 2", "Dask, 2 workers"]
    whole, kernel = _kernel_share(jobs[2])
    print(f"{jobs[2][0]}, inline: the call {whole * 1000:.2f} ms, its kernel "
          f"{kernel * 1000:.2f} ms; with the kernel halved at no cost, two workers give "
          f"at most {whole / (whole - kernel / 2):.2f}x")
    record = _Record()
    # each executor is measured while it is the only one running, as a user runs it
    with open_executor("processes", workers=2) as pool:
        _warm_pool(pool, 2)
        alone, both = _ceiling(pool, runs)
        trips = []
        for _ in range(20):
            start = time.perf_counter()
            pool.submit(int, 1).result()
            trips.append(time.perf_counter() - start)
        print(f"an empty task's round trip on the pool: best {min(trips) * 1000:.2f} ms, "
              f"median {statistics.median(trips) * 1000:.2f} ms")
        print(f"this host: a one-task job takes {alone:.3f}s on a worker alone and "
              f"{both:.3f}s on each of two at once, so two workers give at most "
              f"{2 * alone / both:.2f}x")
        pool_pids = sorted(pool._processes)  # type: ignore[attr-defined]
        _rounds(jobs, runs, names[1], {"executor": pool}, pool_pids, record)
    with loopback_cluster(workers=2) as address, open_executor(address) as dask:
        dask_pids = _warm_cluster(address)
        _rounds(jobs, runs, names[2], {"executor": dask}, dask_pids, record)
    walls, cpus, ratios, same, tasks = (record.walls, record.cpus, record.ratios,
                                        record.same, record.tasks)
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
