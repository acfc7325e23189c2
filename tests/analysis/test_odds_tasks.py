"""How jobs are cut into tasks and where a job of one task runs; the Dask batch path."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from pokerroom.analysis import odds_tasks
from pokerroom.analysis.executors import (
    DASK_TASK_SECONDS,
    POOL_TASK_SECONDS,
    InlineExecutor,
    open_executor,
    run_chunks,
)
from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.odds_game import HOLDEM
from pokerroom.cards import parse_cards
from pokerroom.errors import ConfigError

T = TypeVar("T")
HANDS = [parse_cards("Ad Ac"), parse_cards("Kh Ks")]


class CountingPool(ThreadPoolExecutor):
    """A two-worker thread pool that counts the tasks it is given."""

    def __init__(self) -> None:
        super().__init__(2)
        self.pokerroom_workers = 2
        self.submitted = 0

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize("overhead", [0.0, POOL_TASK_SECONDS, DASK_TASK_SECONDS, 0.05])
def test_a_job_worth_two_tasks_gets_one_a_worker_whatever_the_overhead(
        overhead: float) -> None:
    """Tasks that run at once cost no more waiting than one: a job worth two minimum
    tasks is cut in two even where each task is dear to ship."""
    small = odds_tasks.MIN_TASK_SECONDS
    assert odds_tasks.task_count(1.9 * small, 2, overhead) == 1
    assert odds_tasks.task_count(2 * small, 2, overhead) == 2
    assert odds_tasks.task_count(2.5 * small, 3, overhead) == 2
    assert odds_tasks.task_count(3 * small, 3, overhead) == 3


def test_more_tasks_than_workers_only_when_each_outweighs_its_overhead() -> None:
    seconds = 0.8
    assert odds_tasks.task_count(seconds, 2, POOL_TASK_SECONDS) == 16  # capped: 8 a worker
    dask = odds_tasks.task_count(seconds, 2, DASK_TASK_SECONDS)
    assert dask == 2 * int(seconds / (odds_tasks.OVERHEAD_SHARE * DASK_TASK_SECONDS) / 2)
    assert odds_tasks.task_count(seconds, 2, 0.1) == 2
    for workers in (2, 3, 5):
        for seconds in (0.05, 0.3, 3.0, 30.0):
            count = odds_tasks.task_count(seconds, workers, DASK_TASK_SECONDS)
            assert count < workers or count % workers == 0
            assert count <= workers * odds_tasks.TASKS_PER_WORKER


def test_block_runs_cover_the_trials_with_the_job_seeds() -> None:
    trials = 3 * odds_tasks.SEED_BLOCK + 17
    runs = [run for first, last in odds_tasks.split(odds_tasks.blocks(trials), 3)
            for run in odds_tasks.block_runs(7, trials, first, last)]
    assert sum(t for t, _ in runs) == trials
    assert [s for _, s in runs] == [odds_tasks.block_seed(7, b) for b in range(4)]


def test_a_one_task_job_runs_here_once_its_kernel_has(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shipping a job of one task only adds the round trip: once the kernel has run in
    this process, the job runs here and the executor gets nothing; before, it ships
    (the pool's threads are of this process, so its first task loads it here)."""
    monkeypatch.setattr(odds_tasks, "_RAN", set())
    small = {"trials": 100_000, "seed": 3}
    with CountingPool() as pool:
        assert not odds_tasks.ran_here(odds_tasks.LEAN, False)
        shipped = compute_odds(HOLDEM, HANDS, executor=pool, **small)
        assert pool.submitted == 1
        assert odds_tasks.ran_here(odds_tasks.LEAN, False)
        assert not odds_tasks.ran_here(odds_tasks.LEAN, True)
        assert compute_odds(HOLDEM, HANDS, executor=pool, **small) == shipped
        assert pool.submitted == 1
        big = compute_odds(HOLDEM, HANDS, executor=pool, trials=10_000_000, seed=3)
        assert pool.submitted > 1
    assert big == compute_odds(HOLDEM, HANDS, cluster="inline", trials=10_000_000, seed=3)


def test_a_one_task_job_still_checks_the_cluster_name() -> None:
    compute_odds(HOLDEM, HANDS, trials=1000, seed=1, cluster="inline")
    with pytest.raises(ConfigError, match="unknown cluster"):
        compute_odds(HOLDEM, HANDS, trials=1000, seed=1, cluster="nowhere")


@pytest.mark.parametrize("runners", [True, False])
def test_chunks_run_on_dask_in_order(runners: bool) -> None:
    """On the chunk runners, and as one batch of tasks when there are none."""
    pytest.importorskip("distributed")
    import threading

    seen: list[tuple[int, int]] = []
    with open_executor("local", workers=2, processes=False) as dask:
        assert getattr(dask, "pokerroom_client", None) is not None
        if not runners:
            dask.pokerroom_runners.clear()  # type: ignore[attr-defined]
        assert run_chunks(dask, abs, [-3, 1, -2, 5, -8],
                          lambda done, total: seen.append((done, total))) == [3, 1, 2, 5, 8]
        assert run_chunks(dask, abs, [-1]) == [1]
        names = run_chunks(dask, lambda _: threading.current_thread().name, [0, 1])
        assert all(n.startswith("pokerroom-chunk") == runners for n in names)
        with pytest.raises(ZeroDivisionError):
            run_chunks(dask, lambda x: 1 // x, [1, 0])
        on_dask = compute_odds(HOLDEM, HANDS, executor=dask, trials=10_000_000, seed=4)
    assert seen == [(i, 5) for i in range(1, 6)]
    assert on_dask == compute_odds(HOLDEM, HANDS, executor=InlineExecutor(),
                                   trials=10_000_000, seed=4)

