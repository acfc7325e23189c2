"""Chunks on Dask without a task's trip through the scheduler: one actor a worker.

A Dask task costs a job some 10-20 ms on a two-core machine however small it is: the
scheduler takes it in, hands it to a worker, hears that it finished, tells the client,
and the client then asks for the result in a second exchange. A Dask *actor* is an
object that lives on one worker; calling one of its methods is a single request and its
reply (relayed by the scheduler, which only forwards it), about 2-4 ms for an empty
call here. So
:func:`start_runners` places one :class:`ChunkRunner` on each worker when a Dask
executor opens, and :func:`run_on_runners` sends a job's chunks to them, keeping each
runner's threads busy and one more chunk waiting at each runner, so that a worker never
waits for the round trip between two chunks. A chunk travels as one pickle
(:func:`_pack`). Where this process can reach every runner's worker itself (a local
cluster, or workers on the client's network), the calls go straight to the workers
instead of through the scheduler (:func:`reach_workers_directly`): about 1 ms an empty
call here instead of 1.6 ms, and no relaying for the scheduler's process to do beside
the workers. The runners live as long as the client; the worker processes keep the
compiled kernels loaded from one job to the next. While they live, Dask cannot retire
their workers gracefully (an actor cannot move); closing the client releases them.

Only the worker an actor lives on can run its calls. Should a runner's worker become
unreachable, :func:`run_on_runners` raises :class:`RunnerLost` with the results it has,
and the caller runs the rest as ordinary tasks (:mod:`pokerroom.analysis.executors`).
"""

from __future__ import annotations

import asyncio
import itertools
import pickle
import queue
import secrets
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, TypeVar

from pokerroom.analysis.channel import Channel, ChannelServer

__all__ = ["HEAP_TOP_PAD", "ChunkRunner", "DirectLine", "Runner", "RunnerLost",
           "keep_heap_top", "reach_workers_directly", "run_on_runners", "start_runners",
           "stop_runners"]

T = TypeVar("T")


def _pack(fn: Callable[[T], Any], item: T) -> bytes:
    """``fn`` and ``item`` as one pickle. Dask would send each NumPy array of a chunk
    as a message frame of its own, and an exact range job's chunk has two arrays an
    assignment, hundreds in all: on the project's two-core machine such a chunk took
    20-90 ms to reach its worker, the same 64 KB as one blob 3-15 ms.

    The standard pickler packs it where it can, naming each function and class by its
    module: cloudpickle, which looks at every object in Python, took 0.55 ms of the
    solving thread for each group of a declare solve's iterations (1.1 ms an iteration
    of two workers), the standard one a few microseconds. Cloudpickle packs the rest:
    functions and classes made at run time, which the standard pickler cannot name, and
    those of the script being run (``__main__``, another module on the worker), which
    it would name wrongly."""
    try:
        packed = pickle.dumps((fn, item), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):
        packed = b"__main__"  # not by name: by value, below
    if b"__main__" not in packed:
        return packed
    import cloudpickle  # Dask's own pickler: it also carries functions made at run time

    return bytes(cloudpickle.dumps((fn, item)))


def _unpack_and_run(payload: bytes) -> Any:
    fn, item = pickle.loads(payload)
    return fn(item)


class ChunkRunner:
    """Runs chunks on the Dask worker it lives on, on ``threads`` threads of its own (the
    worker's thread count: the kernels release the GIL). Its method is a coroutine, so
    the worker takes up each call at once on its event loop, several at a time. Given a
    ``token``, it also listens on its worker's host for a client holding that token
    (:meth:`line_address`, :class:`DirectLine`), until it is released."""

    def __init__(self, threads: int, token: bytes | None = None) -> None:
        keep_heap_top()
        self._pool = ThreadPoolExecutor(max(1, threads), thread_name_prefix="pokerroom-chunk")
        self._server: ChannelServer | None = None
        if token is not None:
            host = _worker_host()
            if host is not None:
                with suppress(OSError):  # no socket to be had: the calls go through Dask
                    self._server = ChannelServer(host, token,
                                                 self._pool if threads > 1 else None,
                                                 _unpack_and_run)
                    weakref.finalize(self, self._server.close)

    def line_address(self) -> tuple[str, int] | None:
        """Where the runner listens for a direct line, or None."""
        return None if self._server is None else self._server.address

    async def run(self, payload: bytes) -> Any:
        """The chunk ``payload`` packs (a function and its argument) on one of the
        runner's threads, unpacked there too."""
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, _unpack_and_run, payload)


class RunnerLost(Exception):
    """A runner's worker could not be reached; ``done`` holds the results that came
    back, by chunk index."""

    def __init__(self, done: dict[int, Any]) -> None:
        super().__init__("a Dask worker holding a chunk runner could not be reached")
        self.done = done


HEAP_TOP_PAD = 16 << 20
"""Bytes of freed memory a runner's worker keeps at the top of its heap (glibc's
``M_TOP_PAD``); blocks up to this size come from the heap rather than from blocks
mapped apart (``M_MMAP_THRESHOLD``)."""
_M_TOP_PAD = -2
_M_MMAP_THRESHOLD = -3


def keep_heap_top(pad: int = HEAP_TOP_PAD) -> bool:
    """Have this process's allocator keep ``pad`` bytes at the top of its heap when it
    gives freed memory back to the system, and take blocks up to ``pad`` bytes from the
    heap (glibc only; True if it now does).

    Dask's nanny starts each worker with ``MALLOC_TRIM_THRESHOLD_=65536``, so every
    64 KB freed at the heap's top goes back to the system at once, and the next chunk's
    arrays are fresh pages, faulted in one by one: about a thousand pages (2-3 ms) for
    a chunk of an exact range job on the project's two-core machine, 300 for a Monte
    Carlo Omaha chunk, none on a process pool. With a pad of 16 MB the pages stay; what
    is freed beyond it still goes back as the nanny intends. The same setting fixes
    glibc's mmap threshold at 128 KB (it otherwise rises to the largest block freed),
    so every larger block was mapped apart and its pages faulted in afresh each time:
    making the declare solve's deals (temporary arrays of a few megabytes a chunk) took
    a Dask worker 40 % more CPU than any other process, with three times the page
    faults. Blocks up to the pad now come from the heap and stay in it."""
    import ctypes

    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):  # not glibc: its allocator keeps its own rules
        return False
    return bool(mallopt(_M_TOP_PAD, pad)) and bool(mallopt(_M_MMAP_THRESHOLD, pad))


def _worker_host() -> str | None:
    """The host of the ``tcp://`` address of the worker running this, else None."""
    from distributed import get_worker
    from distributed.comm.addressing import get_address_host

    try:
        address = str(get_worker().address)
    except ValueError:  # not on a worker
        return None
    return str(get_address_host(address)) if address.startswith("tcp://") else None


_TICKETS = itertools.count()
Answer = Callable[[Any, BaseException | None], None]


class DirectLine:
    """The client's direct line to one runner (:class:`~.channel.Channel`): each
    :meth:`call` is answered once, with the chunk's result or the exception it raised,
    or with an :class:`OSError` when the line is or goes down."""

    def __init__(self, address: tuple[str, int], token: bytes) -> None:
        self._waiting: dict[int, Answer] = {}
        self._down: OSError | None = None
        self._channel = Channel(address, token, self._answer, self._lost)

    def call(self, payload: bytes, answer: Answer) -> None:
        """Send the packed chunk ``payload``; ``answer(result, error)`` is called once,
        from another thread."""
        ticket = next(_TICKETS)
        self._waiting[ticket] = answer
        if self._down is None:
            try:
                self._channel.send(ticket, payload)
                return
            except OSError as exc:
                self._lost(exc)
        self._answer(ticket, None, self._down)

    def close(self) -> None:
        """Hang up (calls still waiting are answered with an error)."""
        self._channel.close()
        self._lost(ConnectionError("the direct line was closed"))

    def _answer(self, ticket: int, result: Any, error: BaseException | None) -> None:
        answer = self._waiting.pop(ticket, None)
        if answer is not None:
            answer(result, error)

    def _lost(self, error: OSError) -> None:
        if self._down is None:
            self._down = error
        for ticket in list(self._waiting):
            self._answer(ticket, None, self._down)


@dataclass(frozen=True)
class Runner:
    """A :class:`ChunkRunner` as the client sees it: the Dask future that keeps it alive,
    the actor to call, its worker's address and thread count, and the direct line to it
    when there is one."""

    future: Any
    actor: Any
    address: str
    threads: int
    line: DirectLine | None = None

    def lost(self, client: Any) -> bool:
        """True when the runner's worker has left the cluster."""
        return bool(self.future.status != "finished"
                    or self.address not in client.nthreads())


def start_runners(client: Any, timeout: float = 10.0) -> list[Runner]:
    """One :class:`ChunkRunner` on each worker of ``client``'s cluster, placed by a task
    of its own: those started within ``timeout`` seconds (a worker busy with other
    work may take longer; one that cannot import this module never does), the others
    cancelled. Chunks go to the runners started."""
    from distributed import wait

    token = secrets.token_bytes(32)
    started = [(client.submit(ChunkRunner, threads, token, actor=True, workers=[address],
                              allow_other_workers=False, pure=False), address, threads)
               for address, threads in client.nthreads().items()]
    with suppress(TimeoutError):  # those not started by then are left out
        wait([future for future, _, _ in started], timeout=timeout)  # type: ignore[no-untyped-call]
    runners = []
    with client.as_current():  # the actors call through this client
        for future, address, threads in started:
            if future.status == "finished":
                actor = future.result()
                runners.append(Runner(future, actor, address, threads,
                                      _open_line(actor, token, timeout)))
            else:
                future.cancel()
    reach_workers_directly(client, [runner.address for runner in runners])
    return runners


def _open_line(actor: Any, token: bytes, timeout: float) -> DirectLine | None:
    """A direct line to the runner ``actor``, or None when it does not listen or this
    process cannot reach where it does (the calls then go through Dask)."""
    try:
        address = actor.line_address().result(timeout=timeout)
        return None if address is None else DirectLine((str(address[0]), int(address[1])), token)
    except (OSError, TimeoutError):
        return None


def stop_runners(runners: Sequence[Runner]) -> None:
    """Hang up the runners' direct lines (the runners themselves go with the client)."""
    for runner in runners:
        if runner.line is not None:
            runner.line.close()


def reach_workers_directly(client: Any, addresses: Sequence[str],
                           timeout: float = 2.0) -> bool:
    """Have ``client`` talk to its workers directly (its actor calls and results then
    skip the scheduler) when every worker at ``addresses`` answers this process within
    ``timeout`` seconds; True if it now does. A client that cannot reach a worker (one
    behind the scheduler's network) keeps going through the scheduler."""
    if client.direct_to_workers or not addresses:
        return bool(client.direct_to_workers)

    async def answers(address: str) -> bool:
        try:
            await asyncio.wait_for(client.rpc(address).identity(), timeout)
        except (TimeoutError, OSError):
            return False
        return True

    async def all_answer() -> bool:
        return all(await asyncio.gather(*(answers(address) for address in addresses)))

    if client.sync(all_answer):
        client.direct_to_workers = True
    return bool(client.direct_to_workers)


def run_on_runners(client: Any, runners: Sequence[Runner],
                   fn: Callable[[T], Any], items: Sequence[T],
                   progress: Callable[[int, int], None] | None = None) -> list[Any]:
    """``fn`` over every item on the runners, results in item order;
    ``progress(done, total)`` after each item, in the calling thread. Each runner gets
    up to its threads plus one items at a time, and the next item as soon as one of its
    own comes back, so a slow worker takes fewer. An error raised by ``fn`` is raised
    here (the items already sent still run to their end, their results dropped)."""
    if not runners:
        raise RunnerLost({})
    replies: queue.SimpleQueue[tuple[int, int, Any, BaseException | None]] = (
        queue.SimpleQueue())

    async def forward(index: int, runner: int, call: Any) -> None:
        try:
            replies.put((index, runner, await call, None))
        except BaseException as exc:  # handed to the calling thread
            replies.put((index, runner, None, exc))

    def send(runner: int, index: int) -> None:
        payload = _pack(fn, items[index])
        line = runners[runner].line
        if line is not None:
            line.call(payload, lambda result, error: replies.put((index, runner, result, error)))
        else:
            client.loop.add_callback(forward, index, runner, runners[runner].actor.run(payload))

    results: dict[int, Any] = {}
    waiting = iter(range(len(items)))
    # a chunk for every thread of every runner first, then one more waiting at each
    first = [r for r, runner in enumerate(runners) for _ in range(runner.threads)]
    for runner, index in zip([*first, *range(len(runners))], waiting, strict=False):
        send(runner, index)
    for done in range(1, len(items) + 1):
        index, runner, result, error = replies.get()
        if error is not None and (isinstance(error, OSError)
                                  or runners[runner].lost(client)):
            raise RunnerLost(results) from error
        if error is not None:
            raise error
        results[index] = result
        if progress is not None:
            progress(done, len(items))
        following = next(waiting, None)
        if following is not None:
            send(runner, following)
    return [results[i] for i in range(len(items))]
