"""How an odds job is cut into tasks, and the task functions that run on the workers.

The unit of work never depends on where it runs: an exact job is the sequence of its
deals (every hand assignment of the ranges, then every deal of it, in a fixed order),
and a Monte Carlo job is a sequence of *seed blocks* of :data:`SEED_BLOCK` trials, block
``i`` drawn with its own seed derived from the job's seed and ``i``. Tasks are
contiguous runs of that sequence, so their number and size are free: :func:`task_count`
picks them from the job's estimated cost and the workers at hand: one task a worker as
soon as each is worth :data:`MIN_TASK_SECONDS` of work (they run at once, so the split
costs no more waiting), then more even tasks (up to :data:`TASKS_PER_WORKER` a worker,
to balance the load and feed the progress bar, and a multiple of the workers), each
worth :data:`OVERHEAD_SHARE` times what one more task costs its executor (about a
millisecond on a process pool or over Dask runners' direct lines, three through Dask's
own calls). A job that stays one task gains nothing
from running elsewhere: :func:`ran_here` tells whether this process can run it at once.
An exact job whose kernel counts a whole hand assignment at once
(:func:`whole_assignments`) is cut between hand assignments. The tallies add up to the
same integers whatever the cut.

>>> task_count(seconds=0.001, workers=2)   # tiny: one task
1
>>> task_count(seconds=0.05, workers=2)    # two tasks' worth: one a worker
2
>>> task_count(seconds=10.0, workers=2)    # big: eight tasks a worker
16
>>> split(10, 3)
[(0, 4), (4, 7), (7, 10)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import pairwise
from math import ceil, comb
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.analysis.modes import A5, D27, HIGH, HIGH_LOW8, OMAHA_HIGH, OMAHA_HILO, tally_shape
from pokerroom.errors import InvalidHandError
from pokerroom.fast.tables import load_tables

__all__ = [
    "GENERAL",
    "HANDS",
    "LEAN",
    "MIN_TASK_SECONDS",
    "OMAHA",
    "OVERHEAD_SHARE",
    "SEED_BLOCK",
    "TASKS_PER_WORKER",
    "dealt_base",
    "estimate_seconds",
    "exact_task",
    "kernel_for",
    "lean",
    "monte_carlo_task",
    "ran_here",
    "split",
    "task_count",
    "whole_assignments",
]

SEED_BLOCK = 1 << 16
"""Monte Carlo trials per seed block (fixed: a seeded result never depends on tasks)."""
TASKS_PER_WORKER = 8
MIN_TASK_SECONDS = 0.02
OVERHEAD_SHARE = 20
"""A task is worth at least this many times what its executor spends shipping it."""

# Rough single-core cost of one hand scored on one deal, measured on the project's
# machine (2026-12-02, the scale-out benchmark's jobs); only the number of tasks and the
# inline-or-pool choice depend on them.
_COST_LEAN_EXACT = 1.4e-10
_COST_LEAN_MONTE_CARLO = 1.1e-8
_COST_GENERAL = 1e-6
_COST_OMAHA = 1.2e-6
_COST_OMAHA_EXACT = 1.8e-9
_COST_OMAHA_MONTE_CARLO = 4.5e-8
_COST_HANDS_EXACT = 1.2e-9

BINOM = np.array([[comb(n, k) for k in range(9)] for n in range(53)], dtype=np.int64)
Tally = npt.NDArray[np.int64]


LEAN, OMAHA, HANDS, GENERAL = "lean", "omaha", "hands", "general"
"""The kernels an odds job can run on (:func:`kernel_for`)."""


def lean(mode: int, need: Sequence[int], nknown: Sequence[int], bneed: int) -> bool:
    """True when the lean best-five high kernels apply: high, every hand's cards known
    (all of one size) and at least one board card to deal."""
    return mode == HIGH and bneed > 0 and not any(need) and len(set(nknown)) == 1


def kernel_for(mode: int, need: Sequence[int], nknown: Sequence[int], nbk: int,
               bneed: int) -> str:
    """Which kernel scores a job: :data:`LEAN` (:mod:`.board_kernels`, hold'em with
    every hand known), :data:`OMAHA` (:mod:`.omaha_kernels`, Omaha with every hand's
    four cards known), :data:`HANDS` (:mod:`.hand_kernels`, exact jobs of the games
    without a board or joker) or :data:`GENERAL` (:mod:`.kernels`); the last three need
    at least one card to deal (a board card, or a card to some hand).

    >>> kernel_for(HIGH, [0, 0], [2, 2], 0, 5), kernel_for(HIGH, [2, 2], [5, 5], 0, 0)
    ('lean', 'hands')
    """
    if lean(mode, need, nknown, bneed):
        return LEAN
    if (mode in (OMAHA_HIGH, OMAHA_HILO) and bneed > 0 and not any(need)
            and set(nknown) == {4}):
        return OMAHA
    if mode in (HIGH, HIGH_LOW8, A5, D27) and nbk == 0 and bneed == 0 and any(need):
        return HANDS
    return GENERAL


def whole_assignments(kernel: str) -> bool:
    """True when an exact job on ``kernel`` runs each hand assignment whole (the kernel
    counts many deals at once rather than visiting them in order), so that its tasks are
    cut between hand assignments, never inside one."""
    return kernel in (LEAN, OMAHA, HANDS)


def estimate_seconds(kernel: str, mode: int, exact: bool, deals: int,
                     players: int) -> float:
    """Rough single-core seconds of a job of ``deals`` deals of ``players`` hands."""
    if kernel == OMAHA:
        cost = _COST_OMAHA_EXACT if exact else _COST_OMAHA_MONTE_CARLO
    elif kernel == HANDS and exact:
        cost = _COST_HANDS_EXACT
    elif kernel == LEAN:
        cost = _COST_LEAN_EXACT if exact else _COST_LEAN_MONTE_CARLO
    else:
        cost = _COST_OMAHA if mode in (OMAHA_HIGH, OMAHA_HILO) else _COST_GENERAL
    return deals * players * cost


def task_count(seconds: float, workers: int, overhead: float = 0.001) -> int:
    """How many tasks to cut a job of ``seconds`` (single core) into for ``workers``
    whose executor spends about ``overhead`` seconds on each task: one a worker when
    each is worth :data:`MIN_TASK_SECONDS` (fewer when the job is smaller), more only
    when each is still worth :data:`OVERHEAD_SHARE` times the overhead, at most
    :data:`TASKS_PER_WORKER` a worker, and a multiple of the workers when there are
    enough tasks for each, so that they all finish together.

    >>> task_count(seconds=0.07, workers=2)  # three tasks' worth: two
    2
    >>> task_count(seconds=0.07, workers=2, overhead=0.01)  # on Dask: two all the same
    2
    >>> task_count(seconds=0.03, workers=2)  # not two tasks' worth: one
    1
    """
    at_once = min(workers, int(seconds / MIN_TASK_SECONDS))
    smallest = max(MIN_TASK_SECONDS, OVERHEAD_SHARE * overhead)
    more = min(workers * TASKS_PER_WORKER, int(seconds / smallest))
    count = max(1, at_once, more)
    return count - count % workers if count >= workers else count


def split(total: int, parts: int) -> list[tuple[int, int]]:
    """``[0, total)`` cut into ``parts`` contiguous ranges whose sizes differ by at
    most one (fewer when ``total`` is smaller)."""
    parts = max(1, min(parts, total))
    size, extra = divmod(total, parts)
    bounds = [i * size + min(i, extra) for i in range(parts + 1)]
    return list(pairwise(bounds))


def blocks(trials: int) -> int:
    """Seed blocks of a Monte Carlo job of ``trials`` trials."""
    return ceil(trials / SEED_BLOCK)


def block_seed(seed: int, index: int) -> int:
    """The seed of Monte Carlo block ``index`` of a job seeded with ``seed``."""
    return int(np.random.SeedSequence([seed, index]).generate_state(1)[0])


def block_runs(seed: int, trials: int, first: int,
               last: int) -> list[tuple[int, int]]:
    """``(trials, seed)`` of seed blocks ``first..last-1`` of a job of ``trials``
    trials seeded with ``seed`` (every block full but the job's last).

    >>> [t for t, _ in block_runs(1, SEED_BLOCK + 5, 0, 2)]
    [65536, 5]
    """
    return [(min(SEED_BLOCK, trials - b * SEED_BLOCK), block_seed(seed, b))
            for b in range(first, last)]


_RAN: set[tuple[str, bool]] = set()


def task_kernel(kernel: str, exact: bool, every_hand_known: bool) -> str:
    """The kernel a task of the job runs: that of :func:`kernel_for`, but a simulation
    runs the lean kernel only when every hand is known (not a range) and the hand
    kernel only for enumerations; otherwise the general one."""
    if exact or kernel == OMAHA or (kernel == LEAN and every_hand_known):
        return kernel
    return GENERAL


def ran_here(kernel: str, exact: bool) -> bool:
    """True when a task of :func:`task_kernel` ``kernel`` (an enumeration or a
    simulation) has already run in this process, so that its compiled code is loaded
    (a first call loads it from numba's cache, a tenth of a second or more)."""
    return (kernel, exact) in _RAN


@cache
def tables() -> tuple[npt.NDArray[Any], ...]:
    """The table arrays the kernels take; the card values get a 53rd entry, zero, for
    the joker (which the joker modes score on their own)."""
    t = load_tables()
    values = np.append(t.card_value, np.uint64(0))
    return (values, t.base, t.high_index, t.key_high, t.flush_high, t.key_a5, t.key_27,
            t.flush_27)


@cache
def order_tables() -> tuple[npt.NDArray[Any], ...]:
    """The tables of the lean best-five high kernels (:mod:`.board_kernels`): card
    values, base and high index as they are, then the high and flush keys each replaced
    by its order among all of them, as ``uint16`` (half the memory to read; equal keys
    get equal orders, a better key a higher one)."""
    values, base, high_index, key_high, flush_high = tables()[:5]
    distinct, order = np.unique(np.concatenate([key_high, flush_high]), return_inverse=True)
    if len(distinct) > np.iinfo(np.uint16).max + 1:
        raise AssertionError("too many distinct high keys for 16-bit orders")
    order = order.reshape(-1).astype(np.uint16)
    return values, base, high_index, order[:len(key_high)], order[len(key_high):]


@cache
def dealt_base() -> npt.NDArray[np.int32]:
    """Base rows of the dealt index (:mod:`.dealt`): row ``k`` (0..5) with the fast
    tables' high index numbers the multisets of ``k`` ranks, as
    :mod:`pokerroom.fast.tables` does for hands of five to seven cards."""
    def digit_sums(digits: int) -> npt.NDArray[np.int64]:
        values = np.arange(5**digits, dtype=np.int64)
        total = np.zeros_like(values)
        for _ in range(digits):
            total += values % 5
            values //= 5
        return total

    per_size = np.bincount(digit_sums(6), minlength=25)
    low_sizes = digit_sums(7)
    base = np.full((6, 5**7), -1, dtype=np.int32)
    for k in range(6):
        fits = low_sizes <= k
        block = np.where(fits, per_size[np.clip(k - low_sizes, 0, None)], 0)
        base[k, fits] = (np.cumsum(block) - block)[fits]
    return base


def exact_task(task: tuple[Any, ...]) -> Tally:
    """Tally one exact task: ``(mode, nknown, need, board, nbk, bneed, limit, parts)``
    where ``parts`` is four arrays, row ``i`` of each for one hand assignment: its hands,
    the deck it leaves, and the first and the end of its deals to visit (deals
    ``start..stop-1``)."""
    from pokerroom.analysis import board_kernels as bk
    from pokerroom.analysis import kernels as ak

    mode, nknown, need, board, nbk, bneed, limit, parts = task
    tally = np.zeros(tally_shape(len(nknown)), dtype=np.int64)
    kernel = kernel_for(mode, need.tolist(), nknown.tolist(), nbk, bneed)
    _RAN.add((kernel, True))
    every = _deals(parts[1].shape[1], bneed, need.tolist())
    for hands, deck, start, stop in zip(*parts, strict=True):
        whole = start == 0 and stop == every
        if kernel == OMAHA and whole:
            from pokerroom.analysis.omaha_kernels import omaha_exact

            omaha_exact(hands, 4, board, nbk, bneed, deck, BINOM, tables(), dealt_base(),
                        mode == OMAHA_HILO, limit, tally)
        elif kernel == HANDS and whole:
            from pokerroom.analysis.hand_kernels import hands_exact

            hands_exact(mode, hands, nknown, need, deck, tables(), limit, tally)
        elif kernel == LEAN and whole:
            from pokerroom.analysis.holdem_kernels import holdem_exact

            holdem_exact(hands, board, nbk, bneed, deck, BINOM, order_tables(), dealt_base(),
                         tally)
        elif kernel == LEAN:
            bk.board_high_chunk(hands, int(nknown[0]), board, nbk, bneed, deck, start,
                                stop, BINOM, order_tables(), tally)
        else:
            ak.exact_chunk(mode, hands, nknown, need, board, nbk, bneed, deck, start, stop,
                           BINOM, tables(), tally, limit)
    return tally


def _deals(deck: int, bneed: int, need: Sequence[int]) -> int:
    """The deals of one hand assignment: the board, then each hand, from what is left."""
    total = comb(deck, bneed)
    deck -= bneed
    for n in need:
        total *= comb(deck, n)
        deck -= n
    return total


def monte_carlo_task(task: tuple[Any, ...]) -> Tally:
    """Tally one Monte Carlo task: ``(mode, cands, starts, nknown, need, board, nbk,
    bneed, dead, cards, limit, (seed, trials, first, last))``, seed blocks
    ``first..last-1`` of a job of ``trials`` trials seeded with ``seed``
    (:func:`block_runs`; the worker derives the blocks' seeds)."""
    from pokerroom.analysis import kernels as ak
    from pokerroom.analysis.holdem_kernels import holdem_monte_carlo

    (mode, cands, starts, nknown, need, board, nbk, bneed, dead, cards, limit,
     (seed, trials, first, last)) = task
    runs = block_runs(seed, trials, first, last)
    tally = np.zeros(tally_shape(len(nknown)), dtype=np.int64)
    kernel = task_kernel(kernel_for(mode, need.tolist(), nknown.tolist(), nbk, bneed),
                         False, len(starts) - 1 == len(cands))
    _RAN.add((kernel, False))
    if kernel == LEAN:
        # every hand known, only the board to come: the lean kernel
        taken = dead
        for c in cands[:, :int(nknown[0])].ravel().tolist():
            taken |= 1 << c
        holdem_monte_carlo(cands, board, nbk, bneed, taken, *_runs(runs), BINOM,
                           order_tables(), dealt_base(), tally)
        return tally
    if kernel == OMAHA:
        from pokerroom.analysis.omaha_kernels import omaha_monte_carlo

        taken = dead
        for c in cands[:, :4].ravel().tolist():
            taken |= 1 << c
        omaha_monte_carlo(cands, 4, board, nbk, bneed, taken, *_runs(runs), BINOM, tables(),
                          dealt_base(), mode == OMAHA_HILO, limit, tally)
        return tally
    for trials, seed in runs:
        drawn = ak.monte_carlo_chunk(mode, cands, starts, nknown, need, board, nbk, bneed,
                                     dead, cards, trials, seed, tables(), tally, limit)
        if drawn < 0:
            raise InvalidHandError("the ranges can hardly ever be dealt without sharing "
                                   "a card")
    return tally


def _runs(runs: Sequence[tuple[int, int]]) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """The trials and the seeds of a task's seed blocks, as the kernels take them."""
    return (np.array([t for t, _ in runs], dtype=np.int64),
            np.array([s for _, s in runs], dtype=np.uint64))
