"""Direct lines to a process pool's processes, for a job that calls them hundreds of times.

A :class:`~concurrent.futures.ProcessPoolExecutor` passes each task and its result
through two threads of the calling process (the executor's manager thread and its call
queue's feeder) and wakes the caller through a future: for a job such as the declare
solve (:mod:`pokerroom.strategy.declare`), which asks every process for a few sums
once per CFR+ iteration, hundreds of times, those hand-offs come on top of every
iteration. :func:`hold_processes` holds the pool's processes for the length of such a
job instead: it submits one task a process, which connects back to the calling process
over a socket of its own (a Unix socket in a private folder, the first frame a random
token) and answers calls on it until released (:class:`ProcessLines`). The calling
thread writes each call to its line itself and reads the reply there, asleep in the
system while the processes work; item ``k`` of a call always goes to line ``k``, so a
process keeps the state of the same part of the job every time. A call of two
processes that return at once took 0.1 ms on the project's two-core machine, against
0.37 ms as two tasks of the pool.

A process that dies while held breaks its line: the call raises
:class:`~concurrent.futures.process.BrokenProcessPool`, saying so (the pool itself is
broken too, as when a task's process dies). A pool whose processes are not all free
within the timeout is not held (:func:`hold_processes` yields None; the job then runs
its chunks as tasks), and the processes it did hold are let go at once.

>>> from concurrent.futures import ProcessPoolExecutor
>>> with ProcessPoolExecutor(2) as pool, hold_processes(pool, 2) as lines:
...     lines.call(abs, [-3, 4])
[3, 4]
"""

from __future__ import annotations

import hmac
import os
import secrets
import shutil
import socket
import tempfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from pokerroom.analysis.channel import outcome_bytes, read_outcome

__all__ = ["ProcessLines", "hold_processes"]

T = TypeVar("T")
_TOKEN_BYTES = 32
_BUFFER_BYTES = 4 << 20


def _serve(path: str, token: bytes, timeout: float) -> bool:
    """The task a held process runs: connect to ``path``, send ``token``, then answer each
    call ``(fn, item)`` with ``(status, fn(item) or the exception it raised)`` until
    the line closes or sends None. False if the calling process could not be reached
    (it gave up holding the pool before this task started)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(path)
    except OSError:
        sock.close()
        return False
    sock.settimeout(None)
    _roomy(sock)
    with Connection(sock.detach()) as line:
        line.send_bytes(token)
        while True:
            try:
                request = line.recv()
            except (EOFError, OSError):
                return True
            if request is None:
                return True
            try:
                line.send_bytes(_answer(request))
            except OSError:  # the calling process hung up meanwhile
                return True


def _roomy(sock: socket.socket) -> None:
    """Let ``sock`` hold a whole reply (a few hundred kilobytes of sums) at once, as far
    as the system allows: with the default buffer of about 200 KB, a round trip with
    two processes each answering 250 KB took 1.0 ms on the project's two-core machine,
    with a roomy one 0.75 ms."""
    for option in (socket.SO_SNDBUF, socket.SO_RCVBUF):
        with suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, option, _BUFFER_BYTES)


def _answer(request: Any) -> bytes:
    """The reply to one call: its result, else the exception raised (or, when that
    cannot travel, a :class:`RuntimeError` saying so), as
    :func:`~pokerroom.analysis.channel.outcome_bytes`."""
    try:
        fn, item = request
        result = fn(item)
    except Exception as exc:  # handed to the caller
        return outcome_bytes(False, exc, "call")
    return outcome_bytes(True, result, "call")


class ProcessLines:
    """The calling process's ends of the lines to the held processes."""

    def __init__(self, lines: Sequence[Connection]) -> None:
        self._lines = list(lines)

    def __len__(self) -> int:
        return len(self._lines)

    def call(self, fn: Callable[[T], Any], items: Sequence[T]) -> list[Any]:
        """``fn(items[k])`` in held process ``k``, all at once; the results in order.
        An exception raised by a call is raised here once every call has answered;
        :class:`~concurrent.futures.process.BrokenProcessPool` if a process is gone."""
        if len(items) > len(self._lines):
            raise ValueError(f"{len(items)} items for {len(self._lines)} processes")
        for k, item in enumerate(items):
            try:
                self._lines[k].send((fn, item))
            except OSError as exc:
                raise _lost(k) from exc
        replies = []
        for k in range(len(items)):
            try:
                reply = self._lines[k].recv_bytes()
            except (EOFError, OSError) as exc:
                raise _lost(k) from exc
            replies.append(read_outcome(reply))
        for ok, value in replies:
            if not ok:
                raise value
        return [value for _, value in replies]

    def release(self) -> None:
        """Let the processes go back to the pool's other tasks."""
        for line in self._lines:
            with suppress(OSError):
                line.send(None)
            line.close()


def _lost(k: int) -> BrokenProcessPool:
    return BrokenProcessPool(f"the pool's process held on line {k} died or closed its "
                             "line during a call")


@contextmanager
def hold_processes(executor: Executor, count: int,
                   timeout: float = 10.0) -> Iterator[ProcessLines | None]:
    """Lines to ``count`` of ``executor``'s processes, held until the block ends; None
    when ``executor`` is not a process pool or fewer than ``count`` of its processes
    answered within ``timeout`` seconds (those that did are let go)."""
    if (not isinstance(executor, ProcessPoolExecutor) or count < 1
            or not hasattr(socket, "AF_UNIX")):
        yield None
        return
    count = min(count, int(getattr(executor, "_max_workers", count)))
    folder = tempfile.mkdtemp(prefix="pokerroom-lines-")  # only this user may connect
    path = os.path.join(folder, "lines")
    token = secrets.token_bytes(_TOKEN_BYTES)
    held: list[Connection] = []
    tasks: list[Future[bool]] = []
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
            listener.bind(path)
            listener.listen(count)
            listener.settimeout(timeout)
            tasks = [executor.submit(_serve, path, token, timeout) for _ in range(count)]
            while len(held) < count:
                line = _accept(listener, token)
                if line is None:
                    break
                held.append(line)
    except OSError:  # no socket to be had (a folder name too long for one, say)
        pass
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    lines = ProcessLines(held)
    try:
        yield lines if len(held) == count else None
    finally:
        lines.release()
        for task in tasks:  # the processes are free again once their tasks end
            with suppress(FutureTimeout, BrokenProcessPool, OSError):
                task.result(timeout=timeout)


def _accept(listener: socket.socket, token: bytes) -> Connection | None:
    """The next held process's line (its token checked), or None after the timeout."""
    while True:
        try:
            sock, _ = listener.accept()
        except (TimeoutError, OSError):
            return None
        sock.settimeout(None)
        _roomy(sock)
        line = Connection(sock.detach())
        try:
            ok = line.poll(5.0) and hmac.compare_digest(line.recv_bytes(_TOKEN_BYTES), token)
        except (EOFError, OSError):
            ok = False
        if ok:
            return line
        line.close()
