"""Where the chunks of an enumeration or simulation run: ``concurrent.futures`` executors.

* ``"inline"``: in the calling thread, one chunk after another (small jobs, tests).
* ``"processes"``: a :class:`~concurrent.futures.ProcessPoolExecutor` on this machine
  (the default for big jobs).
* ``"local"``: a Dask :class:`distributed.LocalCluster` bound to 127.0.0.1.
* ``"tcp://host:8786"``: an existing Dask scheduler.

Dask (``pip install 'pokerroom[cluster]'``) is imported only when asked for; there,
:func:`run_chunks` hands a job's chunks to one chunk runner a worker
(:mod:`pokerroom.analysis.actors`) rather than the scheduler's tasks. Whatever runs the
chunks, the results are the same (see :mod:`pokerroom.analysis.odds_tasks`).
:func:`worker_count` tells how many chunks an executor runs at once and
:func:`task_overhead` what each costs it, for cutting a job into even chunks worth
shipping.

>>> with open_executor("inline") as run:
...     list(run.map(abs, [-1, 2]))
[1, 2]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any, TypeVar

from pokerroom.analysis.actors import keep_heap_top
from pokerroom.errors import ConfigError

QUIET_DASK: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "200ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask settings for a cluster that runs the compiled odds kernels: no statistical
profiler sampling each worker's stack every 10 ms, the event loops' health checks every
200 ms rather than 20 ms, the system monitor every 2 s rather than 0.5 s, and each
worker's and nanny's look at the worker's memory (to spill, pause or restart it) every
second rather than every 100 ms. An idle two-worker cluster then takes about 1.5 % of
one core instead of about 15 % (2.7 % with the memory looked at every 100 ms), which a
running job would otherwise lose. ``cluster="local"`` and
:func:`~pokerroom.analysis.loopback.loopback_cluster` start their processes with them;
docs/analysis.md gives the same for a cluster of one's own."""

__all__ = [
    "InlineExecutor",
    "check_cluster",
    "open_executor",
    "run_chunks",
    "task_overhead",
    "worker_count",
]

T = TypeVar("T")


class InlineExecutor(Executor):
    """Runs each submitted call at once in the calling thread."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future
            future.set_exception(exc)
        return future


@contextmanager
def open_executor(where: str = "processes", *, workers: int | None = None,
                  processes: bool = True) -> Iterator[Executor]:
    """An executor for ``where`` (see the module docstring), shut down on exit. For
    ``"local"``, ``processes=False`` runs the Dask workers as threads of this process
    (light, for tests); the kernels release the GIL, so threads still run in parallel."""
    if workers is not None and workers < 1:
        raise ConfigError("workers must be at least 1")
    if where == "inline":
        yield InlineExecutor()
        return
    if where == "processes":
        count = workers or os.cpu_count() or 1
        # each process keeps its freed blocks (actors.keep_heap_top): a process making
        # the declare solve's deals faulted in fresh pages 200,000 times without it
        with ProcessPoolExecutor(max_workers=count, initializer=keep_heap_top) as pool:
            _set_workers(pool, count)
            yield pool
        return
    check_cluster(where)
    with _dask_executor(where, workers, processes) as executor:
        yield executor


def check_cluster(where: str) -> None:
    """Raise :class:`~pokerroom.errors.ConfigError` unless ``where`` names an executor
    :func:`open_executor` knows.

    >>> check_cluster("tcp://10.0.0.5:8786")
    >>> check_cluster("nowhere")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.ConfigError: unknown cluster 'nowhere': use 'local', ...
    """
    if where not in ("inline", "processes", "local") and not where.startswith(
            ("tcp://", "tls://")):
        raise ConfigError(f"unknown cluster {where!r}: use 'local', 'tcp://host:port', "
                          "'processes' or 'inline'")


@contextmanager
def _dask_executor(where: str, workers: int | None, processes: bool) -> Iterator[Executor]:
    try:
        import dask
        from distributed import Client
    except ImportError:
        raise ConfigError("a Dask cluster needs the 'cluster' extra: "
                          "pip install 'pokerroom[cluster]'") from None
    if where == "local":
        with (dask.config.set(QUIET_DASK),
              _local_executor(workers, processes) as executor):
            yield executor
        return
    try:
        client = Client(where, timeout=10)  # type: ignore[no-untyped-call]
    except OSError as exc:
        raise ConfigError(f"cannot reach the Dask scheduler at {where}: {exc}") from None
    with client, _runners_stopped(_client_executor(client)) as executor:
        yield executor


@contextmanager
def _local_executor(workers: int | None, processes: bool) -> Iterator[Executor]:
    """A :class:`distributed.LocalCluster` on this machine and its executor."""
    from distributed import Client, LocalCluster

    if processes:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or 2, threads_per_worker=1, processes=True,
            host="127.0.0.1", dashboard_address=None)
    else:  # in-process workers talk over inproc://, which never leaves this process
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or 2, threads_per_worker=1, processes=False,
            dashboard_address=None)
    try:
        with (Client(cluster) as client,  # type: ignore[no-untyped-call]
              _runners_stopped(_client_executor(client)) as executor):
            yield executor
    finally:
        cluster.close()


@contextmanager
def _runners_stopped(executor: Executor) -> Iterator[Executor]:
    """``executor``, whose chunk runners' direct lines are hung up on exit."""
    from pokerroom.analysis.actors import stop_runners

    try:
        yield executor
    finally:
        stop_runners(getattr(executor, "pokerroom_runners", []))


def _client_executor(client: Any) -> Executor:
    """The client's executor, told how many tasks the cluster runs at once (waiting up
    to ten seconds for a first worker when the scheduler has none yet), which client it
    belongs to and the chunk runners placed on the workers (:func:`run_chunks` hands a
    job's chunks to them, see :mod:`pokerroom.analysis.actors`)."""
    from pokerroom.analysis.actors import start_runners

    if not client.nthreads():
        try:
            client.wait_for_workers(1, timeout=10)
        except TimeoutError:
            raise ConfigError("the Dask scheduler has no workers") from None
    executor: Executor = client.get_executor(pure=False)
    runners = start_runners(client)
    executor.pokerroom_runners = runners  # type: ignore[attr-defined]
    direct = bool(runners) and all(runner.line is not None for runner in runners)
    _set_workers(executor, sum(client.nthreads().values()),
                 DIRECT_TASK_SECONDS if direct else DASK_TASK_SECONDS)
    executor.pokerroom_client = client  # type: ignore[attr-defined]
    return executor


POOL_TASK_SECONDS = 0.001
DIRECT_TASK_SECONDS = 0.001
DASK_TASK_SECONDS = 0.003
"""What one more task and its result cost, roughly, on a process pool, on Dask chunk
runners reached by their direct lines, and on runners reached through Dask's own calls
(on top of that, such a job waits a few milliseconds for the round trip of its first
chunks, 10-20 ms when they run as tasks, however many it has)."""


def _set_workers(executor: Executor, count: int, overhead: float = POOL_TASK_SECONDS) -> None:
    executor.pokerroom_workers = count  # type: ignore[attr-defined]
    executor.pokerroom_task_seconds = overhead  # type: ignore[attr-defined]


def task_overhead(executor: Executor) -> float:
    """Roughly what ``executor`` spends on each task: nothing inline, the figure
    :func:`open_executor` recorded, else that of a process pool.

    >>> task_overhead(InlineExecutor())
    0.0
    """
    if isinstance(executor, InlineExecutor):
        return 0.0
    overhead = getattr(executor, "pokerroom_task_seconds", None)
    return overhead if isinstance(overhead, float) else POOL_TASK_SECONDS


def worker_count(executor: Executor) -> int:
    """How many chunks ``executor`` runs at once: 1 inline, the pool's processes, the
    Dask cluster's worker threads (when it came from :func:`open_executor`), else the
    number of CPUs.

    >>> worker_count(InlineExecutor())
    1
    """
    if isinstance(executor, InlineExecutor):
        return 1
    count = getattr(executor, "pokerroom_workers", None)
    return count if isinstance(count, int) and count > 0 else os.cpu_count() or 1


def run_chunks(executor: Executor, fn: Callable[[T], Any], chunks: Iterable[T],
               progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """``fn`` over every chunk, results in chunk order; ``progress(done, total)`` after
    each chunk finishes."""
    items = list(chunks)
    if isinstance(executor, InlineExecutor):  # one after another, reporting each
        ran: list[Any] = []
        for done, item in enumerate(items, start=1):
            ran.append(fn(item))
            if progress is not None:
                progress(done, len(items))
        return ran
    client = getattr(executor, "pokerroom_client", None)
    if client is not None:
        return _run_on_dask(client, getattr(executor, "pokerroom_runners", []), fn, items,
                            progress)
    futures = [executor.submit(fn, item) for item in items]
    results: list[Any] = [None] * len(futures)
    index = {id(f): i for i, f in enumerate(futures)}
    for done, future in enumerate(as_completed(futures), start=1):
        results[index[id(future)]] = future.result()
        if progress is not None:
            progress(done, len(futures))
    return results


def _run_on_dask(client: Any, runners: list[Any], fn: Callable[[T], Any], items: list[T],
                 progress: Callable[[int, int], None] | None) -> list[Any]:
    """The chunks on the workers' chunk runners (:mod:`pokerroom.analysis.actors`), or as
    Dask tasks when there are none or a runner's worker is lost (those that came back
    are kept, the others run as tasks)."""
    from pokerroom.analysis.actors import RunnerLost, run_on_runners, stop_runners

    if not runners:
        return _run_tasks(client, fn, items, progress)
    try:
        return run_on_runners(client, runners, fn, items, progress)
    except RunnerLost as lost:
        stop_runners(runners)
        runners.clear()  # for the executor's later jobs too
        done = lost.done
    left = [i for i in range(len(items)) if i not in done]

    def step(finished: int, _total: int) -> None:
        if progress is not None:
            progress(len(done) + finished, len(items))

    for i, result in zip(left, _run_tasks(client, fn, [items[i] for i in left], step),
                         strict=True):
        done[i] = result
    return [done[i] for i in range(len(items))]


def _run_tasks(client: Any, fn: Callable[[T], Any], items: list[T],
               progress: Callable[[int, int], None] | None) -> list[Any]:
    """The chunks as one batch of Dask tasks: one message to the scheduler for them all
    (the client holds back a message sent within 10 ms of its last, so tasks submitted
    one by one wait for it from the second on), then one fetch of every result."""
    from distributed import as_completed, wait

    futures = client.map(fn, items, pure=False)
    try:
        if progress is None:
            wait(futures)  # type: ignore[no-untyped-call]
        else:
            for done, _ in enumerate(as_completed(futures),  # type: ignore[no-untyped-call]
                                     start=1):
                progress(done, len(futures))
        return list(client.gather(futures))
    except BaseException:
        client.cancel(futures)
        raise
