"""The heads-up push/fold solve: the exact equity table, the equilibrium at every chart
stack with its exploitability, and the thresholds against the published charts.

Run alone with ``python -m benchmarks pushfold``. It times the enumeration of the 47,008
canonical matchups (every pair of starting hands) inline on one core (CPU seconds of
this process and wall seconds) and, with ``PUSHFOLD_POOL=N``, on a process pool of N
workers, checking that the counts are identical (neither run reads or writes the
cache); then solves the 169-class game at
every stack from 1 to 25 big blinds by 0.5, without an ante and with 0.125 big blind
each, printing the largest exploitability (exact best responses) and the mean solve
time; then, with ``PUSHFOLD_CHARTS=1``, solves every stack from 1 to 20 by 0.1 and
compares each hand's highest pushing and calling stack with HoldemResources' published
charts (:mod:`pokerroom.strategy.published`).
"""

from __future__ import annotations

import os
import time

import numpy as np

from pokerroom.analysis.odds import warm_kernels
from pokerroom.strategy import published
from pokerroom.strategy.charts import STACKS, thresholds
from pokerroom.strategy.classes import CLASS_NAMES
from pokerroom.strategy.equity import ClassEquity, class_equity, combo_equity, matchup_job
from pokerroom.strategy.pushfold import PushFoldGame, solve


def _equity_job() -> ClassEquity:
    keys = matchup_job(np.arange(1326, dtype=np.int64))
    started, cpu = time.perf_counter(), time.process_time()
    table = combo_equity(cached=False)
    print(f"equity table: {len(keys):,} canonical matchups of 1,326 x 1,225 pairs, inline "
          f"{time.process_time() - cpu:.1f} s CPU ({time.perf_counter() - started:.1f} s "
          "wall)", flush=True)
    pool = int(os.environ.get("PUSHFOLD_POOL", "0"))
    if pool:
        started = time.perf_counter()
        pooled = combo_equity(None, "processes", workers=pool, cached=False)
        same = np.array_equal(pooled.wins, table.wins) and np.array_equal(pooled.ties,
                                                                           table.ties)
        print(f"  on a pool of {pool}: {time.perf_counter() - started:.1f} s wall, "
              f"identical: {same}", flush=True)
    return class_equity(table)


def _solves(table: ClassEquity) -> None:
    for ante in (0.0, 0.125):
        worst, seconds = 0.0, []
        for stack in STACKS:
            started = time.process_time()
            sol = solve(PushFoldGame.build(table, stack, ante))
            seconds.append(time.process_time() - started)
            worst = max(worst, sol.exploitability)
        print(f"ante {ante:g}: {len(STACKS)} stacks (1 to 25 by 0.5), largest "
              f"exploitability {worst:.1e} bb a hand, solve {np.mean(seconds):.3f} s CPU "
              f"on average, {max(seconds):.3f} s at most", flush=True)


def _charts(table: ClassEquity) -> None:
    grid = [round(1.0 + 0.1 * k, 1) for k in range(191)]
    started = time.process_time()
    solved = thresholds(table, grid)
    differ = []
    for side, chart in (("push", published.PUSH), ("call", published.CALL)):
        for name in CLASS_NAMES:
            mine = solved.highest(side, name)
            if mine != chart[name]:
                differ.append(f"{side} {name}: published {chart[name]}, solved {mine}")
    print(f"published charts: {338 - len(differ)} of 338 thresholds equal, 191 stacks "
          f"solved in {time.process_time() - started:.1f} s CPU (largest exploitability "
          f"{solved.exploitability:.1e})")
    for line in differ:
        print("  " + line)


def main() -> None:
    warm_kernels()
    table = _equity_job()
    _solves(table)
    if os.environ.get("PUSHFOLD_CHARTS"):
        _charts(table)


if __name__ == "__main__":
    main()
