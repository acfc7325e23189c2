"""Dask workers that start ready for the strategy lab's long solves: a preload module.

A ``dask worker`` process starts cold. The first chunk of a solve that it runs imports
pokerroom and numba, loads the compiled kernels from numba's cache and builds the
game's hand table (Herbie's takes about half a second): about a second of a job's wall
time on a fresh worker, while a process pool's processes, forked from the process that
solves, start with all of it loaded. Given to the workers as a preload::

    dask worker tcp://10.0.0.5:8786 --nworkers 2 --nthreads 1 \\
        --preload pokerroom.strategy.warm

this module has each worker process do that work once, as it starts and before it joins
the scheduler (:func:`dask_setup`, Dask's hook), so that a long-lived cluster's workers
are ready when the first job comes. :func:`warm_solvers` loads

- the exact hold'em kernel of the equity table and its tables (by enumerating one
  matchup, :func:`~pokerroom.strategy.equity.matchup_task`);
- the compiled walk that values the declare deals
  (:func:`~pokerroom.strategy.declare.compile_walks`) and the hand tables of two-card
  Guts, three-card Guts and Herbie under their default rules (a table of other house
  rules is built by the first chunk that needs it, as before).

Nothing a worker computes depends on it: a warm worker gives the answers a cold one
gives, to the bit. :func:`~pokerroom.analysis.loopback.loopback_cluster` starts its
workers with it when asked (``preload=``; the benchmark ``solve_cluster`` does), and a
preload that fails is logged by Dask and leaves the worker as cold as it would be
without it.

>>> warm_solvers(games=("guts2",))[-1]
'hand table of guts2'
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

__all__ = ["GAMES", "MODULE", "dask_setup", "warm_solvers"]

MODULE = __name__
"""This module's name, as ``dask worker --preload`` takes it."""

GAMES: tuple[str, ...] = ("guts2", "guts3", "herbie")
"""The declare games whose hand tables (default rules) :func:`warm_solvers` builds."""

_log = logging.getLogger(__name__)


def warm_solvers(games: Sequence[str] = GAMES) -> list[str]:
    """Load in this process what the long solves' first chunks would otherwise load (the
    module docstring), and say what was loaded, in order."""
    import numpy as np

    from pokerroom.fast.jit import compiled
    from pokerroom.strategy.declare import compile_walks
    from pokerroom.strategy.declare_game import DeclareSetting, hand_table
    from pokerroom.strategy.equity import matchup_job, matchup_task

    loaded = []
    if compiled():  # one matchup is 1.7 million boards: only with the compiled kernel
        matchup_task(matchup_job(np.array([0, 1325], dtype=np.int64))[:1])  # 2c2d v AhAs
        loaded.append("hold'em exact kernel")
    if compile_walks():
        loaded.append("declare walk")
    for game in games:
        hand_table(game, DeclareSetting.of(game, players=2, pot=10).options)
        loaded.append(f"hand table of {game}")
    return loaded


def dask_setup(worker: Any) -> None:
    """Dask's preload hook: warm this worker's process up (:func:`warm_solvers`) as it
    starts, before it joins the scheduler."""
    began = time.perf_counter()
    loaded = warm_solvers()
    _log.info("worker %s warmed up in %.2f s: %s", getattr(worker, "name", "?"),
              time.perf_counter() - began, ", ".join(loaded))
