"""The strategy lab's long solves inline, on a process pool of 2 and on a 2-worker
``dask.distributed`` cluster (a scheduler and two worker processes started apart on
loopback, :func:`pokerroom.analysis.loopback.loopback_cluster`), with the answers checked
identical to the bit.

The jobs (each of 10 s or more inline on one core of the project's machine before the
declare solves kept their deals on the workers, see BENCHMARKS.md):

* ``equity``: the exact equity of every pair of starting hands (47,008 matchups);
* ``sweep``: the heads-up push/fold equilibrium at every stack from 1 to 25 big blinds by
  0.1 (241 solves; the equity table read from the cache);
* ``guts2x3``: the declare of two-card Guts, 3 players, declaring in turn, over every
  deal (753,571 combinations of hands), 300 CFR+ iterations;
* ``herbie4``: the declare of Herbie, 4 players, over 200,000 random deals, 300 CFR+
  iterations;
* ``guts2x3-deals``, ``herbie4-deals``: the one pass over those solves' deals alone
  (each worker makes and keeps its chunks' deals, :func:`~pokerroom.strategy.declare.load_deals`);
* ``herbie4-1m``: the Herbie declare over 1,000,000 deals, a solve that still takes more
  than 10 s inline.

Every place starts warm: this process runs :func:`pokerroom.strategy.warm.warm_solvers`
before the first job (so the inline run does not build a hand table either), the pool's
processes are forked from it, and the cluster's workers start with the preload
:mod:`pokerroom.strategy.warm` (they load the kernels and hand tables before they join,
as a long-lived cluster's workers have them loaded). ``SOLVE_CLUSTER_WARM=0`` warms
nothing: the first job inline, and every job's first chunks on Dask, load it all. The
cluster is started before a job's timing begins: its start (``start_s``, the warm-up
included) is printed apart.

**Rounds.** A job runs ``SOLVE_CLUSTER_ROUNDS`` times (5 unless set), each round
inline, then on a new pool of 2, then on the job's cluster (started once for the job,
its start timed apart), so that the three places meet the same moments of the machine:
on the project's shared two-core machine one run of a ten-second job can take a tenth
longer than the next with nothing else running. Each round of a declare job samples its
deals from a seed of its own (round *r*: seed *r*), so no place finds a round's deals
already made by the round before; the answers are compared place by place each round.

**The machine's two cores.** Each round also measures what the machine gives two
processes at that moment (``capacity``): a fixed amount of pure computing (the declare
walk over one chunk of Herbie's deals, again and again, about a second) in one process
alone, then the same in each of two processes side by side; the capacity is twice the
time alone over the time side by side: 2.0 where both cores are whole, less where the
machine's host lends one of them elsewhere meanwhile (this machine's two cores are
shared with others: one run of a ten-second job can take a tenth longer than the next
with nothing else running here). It is measured just before each round's jobs, so a
round's speed-up follows it only roughly.

Printed per round and place: wall seconds, the CPU seconds of this process (inline: the
job's own) and of every process of the place (the pool's processes too, counted when
they exit; for the cluster, its processes' CPU seconds during the job, ``job_cpu_s``),
the speed-up over that round's inline run and whether the answer is identical. Then per
job and place the median wall of the rounds and the **speed-up of the medians** (the
headline), with the lowest and highest round's, and that speed-up over the median of
the rounds' capacities (``of_capacity``: 0.9 keeps nine tenths of what the machine's two
cores gave meanwhile); and the load average before and after,
since wall times mean little on a busy machine. The ≥1.8× target can only be measured
on a quiet one.

    python -m benchmarks solve_cluster                 # every job, 5 rounds
    SOLVE_CLUSTER_JOBS=sweep,guts2x3 SOLVE_CLUSTER_ROUNDS=1 python -m benchmarks solve_cluster
    SOLVE_CLUSTER_WARM=0 python -m benchmarks solve_cluster      # workers start cold
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor
from functools import lru_cache
from typing import Any

import numpy as np

JOBS = ("equity", "sweep", "guts2x3", "herbie4", "guts2x3-deals", "herbie4-deals",
        "herbie4-1m")


def _equity(executor: Executor) -> Any:
    from pokerroom.strategy.classes import COMBO_COUNT
    from pokerroom.strategy.equity import matchup_job, run_matchups

    keys = matchup_job(np.arange(COMBO_COUNT, dtype=np.int64))
    return run_matchups(keys, executor=executor)


def _sweep(executor: Executor) -> Any:
    from pokerroom.strategy.charts import preflop_classes, sweep

    preflop_classes()
    stacks = [round(1 + 0.1 * k, 6) for k in range(241)]
    grid = sweep(stacks, executor=executor)
    return np.concatenate([grid.push, grid.call]), grid.exploitability


def _declare(game: str, players: int, deals: int,
             solve: bool) -> Callable[[Executor, int], Any]:
    def run(executor: Executor, seed: int) -> Any:
        from pokerroom.strategy.declare import load_deals, solve_declare
        from pokerroom.strategy.declare_game import DeclareSetting
        from pokerroom.strategy.declare_work import forget

        forget()  # inline, no deals left from an earlier run of the job
        setting = DeclareSetting.of(game, players=players, pot=10)
        if not solve:
            return load_deals(setting, deals=deals, seed=seed, executor=executor)
        sol = solve_declare(setting, iterations=300, deals=deals, seed=seed,
                            executor=executor)
        return sol.stay, sol.exploitability

    return run


def _same_each_round(job: Callable[[Executor], Any]) -> Callable[[Executor, int], Any]:
    return lambda executor, _seed: job(executor)


RUN: dict[str, Callable[[Executor, int], Any]] = {
    "equity": _same_each_round(_equity), "sweep": _same_each_round(_sweep),
    "guts2x3": _declare("guts2", 3, 0, True), "herbie4": _declare("herbie", 4, 200_000, True),
    "guts2x3-deals": _declare("guts2", 3, 0, False),
    "herbie4-deals": _declare("herbie", 4, 200_000, False),
    "herbie4-1m": _declare("herbie", 4, 1_000_000, True)}


def _same(one: Any, two: Any) -> bool:
    if isinstance(one, tuple):
        return all(_same(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, np.ndarray):
        return bool(np.array_equal(one, two))
    return bool(one == two)


def _timed(job: str, executor: Executor, seed: int) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    answer = RUN[job](executor, seed)
    return answer, time.perf_counter() - wall, time.process_time() - cpu


def _children_cpu() -> float:
    """CPU seconds of this process's finished children (pool and cluster processes
    count once they have exited)."""
    times = os.times()
    return times.children_user + times.children_system


def _cluster_cpu() -> float:
    """CPU seconds so far of this process's running children and their children (the
    cluster's scheduler, nannies and workers), 0 without ``psutil``."""
    try:
        import psutil
    except ImportError:
        return 0.0
    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:  # gone meanwhile
            continue
        total += times.user + times.system
    return total


@lru_cache(maxsize=1)
def _walk_inputs() -> tuple[Any, Any, bool]:
    """One chunk of Herbie's deals, prepared, and even chances of staying: made once, in
    this process before any fork, so the processes of :func:`_side_by_side` only walk."""
    from pokerroom.strategy.declare_game import DeclareSetting, deal_chunks, make_chunk_deals
    from pokerroom.strategy.declare_values import chances, prepare

    setting = DeclareSetting.of("herbie", players=4, pot=10)
    deals = prepare(make_chunk_deals(deal_chunks(setting, 10_000)[0]))
    return deals, chances(setting, np.full((4, 1, 140), 0.5), 1e-6), setting.simultaneous


def _busy(reps: int) -> None:
    """``reps`` walks of one chunk of Herbie's deals (pure computing, no allocation)."""
    from pokerroom.strategy.declare_values import values_into

    deals, chance, simultaneous = _walk_inputs()
    out = np.zeros((4, 1, 140, 2))
    for _ in range(reps):
        values_into(deals, chance, simultaneous, out)


def _side_by_side(count: int, reps: int) -> float:
    """Wall seconds of ``count`` forked processes each running :func:`_busy`."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    began = time.perf_counter()
    running = [context.Process(target=_busy, args=(reps,)) for _ in range(count)]
    for process in running:
        process.start()
    for process in running:
        process.join()
    return time.perf_counter() - began


def _capacity(reps: int) -> float:
    """Twice the time of :func:`_busy` alone over its time in two processes at once."""
    return round(2 * _side_by_side(1, reps) / _side_by_side(2, reps), 2)


def _calibrated_reps(seconds: float = 1.0) -> int:
    """Repetitions of the walk that take about ``seconds`` in this process."""
    _busy(1)  # the deals' making, and the walk's first call
    began = time.perf_counter()
    _busy(200)
    walks = max(time.perf_counter() - began, 1e-6)
    return max(200, int(200 * seconds / walks))


def _round(job: str, seed: int, dask: Executor) -> list[dict[str, Any]]:
    """One round of ``job``: inline, on a new pool of 2, on the cluster ``dask``."""
    from pokerroom.analysis.executors import open_executor

    with open_executor("inline") as inline:
        answer, wall, cpu = _timed(job, inline, seed)
    rows: list[dict[str, Any]] = [{"job": job, "round": seed, "place": "inline",
                                   "wall_s": round(wall, 2), "cpu_s": round(cpu, 1)}]
    before = _children_cpu()
    with open_executor("processes", workers=2) as pool:
        other, pool_wall, pool_cpu = _timed(job, pool, seed)
    rows.append({"job": job, "round": seed, "place": "pool of 2",
                 "wall_s": round(pool_wall, 2), "cpu_s": round(pool_cpu, 1),
                 "all_cpu_s": round(pool_cpu + _children_cpu() - before, 1),
                 "speedup": round(wall / pool_wall, 2), "identical": _same(answer, other)})
    running = _cluster_cpu()
    other, dask_wall, dask_cpu = _timed(job, dask, seed)
    rows.append({"job": job, "round": seed, "place": "dask 2 workers",
                 "wall_s": round(dask_wall, 2), "cpu_s": round(dask_cpu, 1),
                 "job_cpu_s": round(dask_cpu + _cluster_cpu() - running, 1),
                 "speedup": round(wall / dask_wall, 2), "identical": _same(answer, other)})
    return rows


def _summary(job: str, rows: list[dict[str, Any]], start: float) -> list[dict[str, Any]]:
    """Per place, the median wall of the rounds and the speed-up of the medians."""
    walls = {place: [r["wall_s"] for r in rows if r["place"] == place]
             for place in ("inline", "pool of 2", "dask 2 workers")}
    inline = float(np.median(walls["inline"]))
    out: list[dict[str, Any]] = [{"job": job, "place": "inline", "rounds": len(walls["inline"]),
                                  "median_wall_s": round(inline, 2)}]
    for place in ("pool of 2", "dask 2 workers"):
        ratios = [r["speedup"] for r in rows if r["place"] == place]
        out.append({"job": job, "place": place, "median_wall_s": round(float(np.median(
            walls[place])), 2), "speedup": round(inline / float(np.median(walls[place])), 2),
            "lowest_round": min(ratios), "highest_round": max(ratios),
            "identical": all(r["identical"] for r in rows if r["place"] == place),
            **({"start_s": round(start, 1)} if place.startswith("dask") else {})})
    return out


def main() -> None:
    from pokerroom.analysis.executors import open_executor
    from pokerroom.analysis.loopback import loopback_cluster
    from pokerroom.strategy import warm

    wanted = [j for j in os.environ.get("SOLVE_CLUSTER_JOBS", ",".join(JOBS)).split(",") if j]
    rounds = int(os.environ.get("SOLVE_CLUSTER_ROUNDS", "5"))
    preload = [warm.MODULE] if os.environ.get("SOLVE_CLUSTER_WARM", "1") != "0" else []
    if preload:
        warm.warm_solvers()
    print("load average before:", os.getloadavg(), "workers preloaded:", preload,
          "rounds:", rounds, flush=True)
    reps = _calibrated_reps()
    for job in wanted:
        started = time.perf_counter()
        with (loopback_cluster(workers=2, preload=preload) as address,
              open_executor(address) as dask):
            start = time.perf_counter() - started
            rows, capacity = [], []
            for seed in range(rounds):
                capacity.append(_capacity(reps))
                rows += _round(job, seed, dask)
                for row in rows[-3:]:
                    print("solve_cluster round:", json.dumps(
                        {**row, **({"capacity": capacity[-1]} if row["place"] == "inline"
                                   else {})}), flush=True)
        machine = float(np.median(capacity))
        for row in _summary(job, rows, start):
            if row["place"] == "inline":
                row["median_capacity"] = machine
            else:  # the share of the two cores the machine gave meanwhile
                row["of_capacity"] = round(row["speedup"] / machine, 3)
            print("solve_cluster:", json.dumps(row), flush=True)
    print("load average after:", os.getloadavg(), flush=True)


if __name__ == "__main__":
    main()
