"""Push/fold charts: the equilibrium at a stack, on the 13×13 grid, and each hand's
stack thresholds over a range of stacks.

:func:`preflop_classes` is the full class equity table
(:func:`pokerroom.strategy.equity.combo_equity`, read from the cache after the first
run), kept for the life of the process. :func:`solve_pushfold` solves one stack;
:func:`thresholds` solves many and records each class's frequencies, from which
:meth:`Thresholds.highest` gives the highest stack at which a class is pushed (called)
at least half the time: the figure the published charts print
(:mod:`pokerroom.strategy.published`; 336 of their 338 figures are this one, on a grid
of 0.1 big blind, see docs/strategy.md).

>>> STACKS[0], STACKS[-1], len(STACKS)
(1.0, 25.0, 49)
>>> grid_rows({"AA": "x", "AKs": "s", "AKo": "o"})[0][:2], grid_rows({"AKo": "o"})[1][0]
(['x', 's'], 'o')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.analysis import odds_tasks
from pokerroom.analysis.executors import open_executor, run_chunks, task_overhead, worker_count
from pokerroom.strategy.classes import CLASS_NAMES
from pokerroom.strategy.equity import ClassEquity, class_equity, combo_equity
from pokerroom.strategy.pushfold import PushFoldGame, Solution, check_settings, solve

__all__ = [
    "STACKS",
    "Thresholds",
    "grid_rows",
    "preflop_classes",
    "solve_pushfold",
    "sweep",
    "thresholds",
]

STACKS: tuple[float, ...] = tuple(1.0 + 0.5 * k for k in range(49))
"""The stacks of the charts: 1 to 25 big blinds in steps of 0.5."""

_TABLES: dict[str | tuple[str, ...], ClassEquity] = {}


def preflop_classes(where: str = "inline", *, workers: int | None = None,
                    progress: Callable[[int, int], None] | None = None) -> ClassEquity:
    """The equity of every pair of the 169 classes (see
    :func:`~pokerroom.strategy.equity.combo_equity`; ``where`` and ``workers`` say where
    the enumeration runs when the cache does not hold it)."""
    if "full" not in _TABLES:
        _TABLES["full"] = class_equity(combo_equity(None, where, workers=workers,
                                                    progress=progress))
    return _TABLES["full"]


def solve_pushfold(stack: float, ante: float = 0.0, *, table: ClassEquity | None = None,
                   where: str = "inline", workers: int | None = None,
                   progress: Callable[[int, int], None] | None = None) -> Solution:
    """The push/fold equilibrium at ``stack`` big blinds with an ``ante`` each, over the
    classes of ``table`` (default: all 169, :func:`preflop_classes`)."""
    check_settings(stack, ante)  # before any enumeration
    if table is None:
        table = preflop_classes(where, workers=workers, progress=progress)
    return solve(PushFoldGame.build(table, stack, ante))


@dataclass(frozen=True)
class Thresholds:
    """Over the ``stacks`` solved (increasing): each class's push and call frequency at
    each stack (``(stacks, classes)`` arrays, classes in the order of ``names``), and
    the largest exploitability of the solutions."""

    stacks: tuple[float, ...]
    names: tuple[str, ...]
    push: npt.NDArray[np.float64]
    call: npt.NDArray[np.float64]
    exploitability: float

    def played(self, side: str, name: str, at_least: float = 0.5) -> list[float]:
        """The stacks at which ``name`` is pushed (``side="push"``) or called with a
        frequency of at least ``at_least`` (above 0 when ``at_least`` is 0)."""
        freq = (self.push if side == "push" else self.call)[:, self.names.index(name)]
        hit = freq > 0 if at_least == 0 else freq >= at_least
        return [s for s, h in zip(self.stacks, hit.tolist(), strict=True) if h]

    def ranges(self, side: str, name: str, at_least: float = 0.5) -> list[tuple[float, float]]:
        """The runs of consecutive stacks of :meth:`played`, as (lowest, highest)."""
        runs: list[tuple[float, float]] = []
        at = {s: i for i, s in enumerate(self.stacks)}
        for s in self.played(side, name, at_least):
            if runs and at[s] == at[runs[-1][1]] + 1:
                runs[-1] = (runs[-1][0], s)
            else:
                runs.append((s, s))
        return runs

    def highest(self, side: str, name: str, at_least: float = 0.5) -> float | None:
        """The highest stack of :meth:`played` (0 when there is none), or ``None`` when
        it is the largest solved (the charts' "20+" for stacks up to 20)."""
        played = self.played(side, name, at_least)
        if not played:
            return 0.0
        return None if played[-1] == self.stacks[-1] else played[-1]


def thresholds(table: ClassEquity, stacks: Iterable[float], ante: float = 0.0,
               progress: Callable[[int, int], None] | None = None) -> Thresholds:
    """Solve every stack of ``stacks`` and record each class's frequencies."""
    solved = sorted(stacks)
    push, call, worst = [], [], 0.0
    names: tuple[str, ...] = ()
    for done, stack in enumerate(solved, start=1):
        sol = solve(PushFoldGame.build(table, stack, ante))
        worst = max(worst, sol.exploitability)
        names = sol.game.names
        push.append(sol.push)
        call.append(sol.call)
        if progress is not None:
            progress(done, len(solved))
    return Thresholds(tuple(solved), names, np.array(push), np.array(call), worst)


SECONDS_PER_SOLVE = 0.05
"""Rough single-core cost of one stack's solve; only the number of chunks depends on it."""


def _table(classes: tuple[str, ...] | None) -> ClassEquity:
    """The class table of ``classes`` (``None``: all 169, from the cache), made once a
    process: what a worker loads itself rather than being sent."""
    if classes is None:
        return preflop_classes()
    if classes not in _TABLES:
        _TABLES[classes] = class_equity(combo_equity(list(classes)))
    return _TABLES[classes]


def _solve_stacks(job: tuple[tuple[str, ...] | None, float, tuple[float, ...]]
                  ) -> list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], float,
                                  tuple[str, ...]]]:
    """Solve each stack of a chunk: its push and call frequencies, its exploitability
    and the classes' names. The task function of :func:`sweep`."""
    classes, ante, stacks = job
    table = _table(classes)
    out = []
    for stack in stacks:
        sol = solve(PushFoldGame.build(table, stack, ante))
        out.append((sol.push, sol.call, sol.exploitability, sol.game.names))
    return out


def sweep(stacks: Iterable[float], ante: float = 0.0, *,
          classes: Sequence[str] | None = None, where: str = "inline",
          workers: int | None = None, executor: Executor | None = None,
          progress: Callable[[int, int], None] | None = None) -> Thresholds:
    """:func:`thresholds` over every stack of ``stacks``, the solves cut into chunks of
    stacks that run inline, on a process pool or on Dask (``where``, or an open
    ``executor``). Each chunk ships its stacks only; a worker loads the class table once
    (``classes``: a few class names, made on the spot; ``None``: all 169, from the cache,
    which is filled first where it is missing). Every solve is the same wherever it runs,
    so the result is too, to the bit."""
    solved = sorted(stacks)
    for stack in solved:
        check_settings(stack, ante)
    key = None if classes is None else tuple(sorted(set(classes)))
    if executor is None:
        if key is None:
            preflop_classes(where, workers=workers)  # the cache, before the workers read it
        with open_executor(where, workers=workers) as opened:
            return sweep(solved, ante, classes=key, executor=opened, progress=progress)
    count = odds_tasks.task_count(len(solved) * SECONDS_PER_SOLVE, worker_count(executor),
                            task_overhead(executor))
    count = max(1, min(len(solved), max(count, len(solved) // 4)))
    chunks = [(key, ante, tuple(solved[a:b])) for a, b in odds_tasks.split(len(solved), count)]
    parts = [row for part in run_chunks(executor, _solve_stacks, chunks, progress)
             for row in part]
    return Thresholds(tuple(solved), parts[0][3], np.array([p[0] for p in parts]),
                      np.array([p[1] for p in parts]), max(p[2] for p in parts))


def _names(table: ClassEquity) -> set[str]:
    return {CLASS_NAMES[i] for i in table.classes}


def grid_rows(cells: Mapping[str, str], empty: str = "") -> list[list[str]]:
    """The 13×13 chart of ``cells`` (text by class name): row by row, aces first, the
    suited hands above the diagonal."""
    return [[cells.get(CLASS_NAMES[13 * r + c], empty) for c in range(13)]
            for r in range(13)]
