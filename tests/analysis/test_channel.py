"""The direct line between a client and a chunk runner (:mod:`pokerroom.analysis.channel`
and :class:`pokerroom.analysis.actors.DirectLine`): framed pickles over one socket,
answered in any order, errors carried back, strangers and lost peers handled."""

from __future__ import annotations

import pickle
import queue
import socket
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from pokerroom.analysis.actors import DirectLine
from pokerroom.analysis.channel import Channel, ChannelServer

TOKEN = b"t" * 32


def _run(payload: bytes) -> Any:
    """What the runner does with a chunk here: a pickled ``(function, argument)``."""
    fn, item = pickle.loads(payload)
    return fn(item)


@pytest.fixture
def server() -> Iterator[ChannelServer]:
    pool = ThreadPoolExecutor(2)
    listening = ChannelServer("127.0.0.1", TOKEN, pool, _run)
    yield listening
    listening.close()
    pool.shutdown(wait=False, cancel_futures=True)


def _sleep_then(value: tuple[float, int]) -> int:
    time.sleep(value[0])
    return value[1]


def _fail(_: object) -> None:
    raise ValueError("no such hand")


def _unpicklable(_: object) -> Callable[[], None]:
    return lambda: None


Reply = tuple[Any, BaseException | None]


def _answers() -> tuple[queue.SimpleQueue[Reply],
                        Callable[[Any, BaseException | None], None]]:
    replies: queue.SimpleQueue[Reply] = queue.SimpleQueue()
    return replies, lambda result, error: replies.put((result, error))


def test_calls_are_answered_each_once_in_the_order_they_finish(server: ChannelServer) -> None:
    line = DirectLine(server.address, TOKEN)
    replies, answer = _answers()
    line.call(pickle.dumps((_sleep_then, (0.3, 1))), answer)
    line.call(pickle.dumps((_sleep_then, (0.0, 2))), answer)
    assert [replies.get(timeout=10) for _ in range(2)] == [(2, None), (1, None)]
    assert replies.empty()
    line.close()


def test_a_chunk_s_error_comes_back_as_its_error(server: ChannelServer) -> None:
    line = DirectLine(server.address, TOKEN)
    replies, answer = _answers()
    line.call(pickle.dumps((_fail, None)), answer)
    result, error = replies.get(timeout=10)
    assert result is None and isinstance(error, ValueError) and str(error) == "no such hand"
    line.call(pickle.dumps((_unpicklable, None)), answer)
    result, error = replies.get(timeout=10)
    assert isinstance(error, RuntimeError) and "cannot be pickled" in str(error)
    line.call(pickle.dumps((abs, -3)), answer)  # the line still serves
    assert replies.get(timeout=10) == (3, None)
    line.close()


def test_a_stranger_without_the_token_gets_nothing_run(server: ChannelServer) -> None:
    ran: list[bytes] = []
    pool = ThreadPoolExecutor(1)
    guarded = ChannelServer("127.0.0.1", TOKEN, pool, ran.append)
    lost: queue.SimpleQueue[OSError] = queue.SimpleQueue()
    stranger = Channel(guarded.address, b"wrong", lambda *_: None, lost.put)
    with pytest.raises(OSError):  # the runner hangs up on it ...
        for _ in range(50):
            stranger.send(1, b"payload")
            time.sleep(0.05)
    assert isinstance(lost.get(timeout=10), ConnectionError)
    with socket.create_connection(guarded.address) as silent:  # ... and on one that says nothing
        silent.settimeout(30)
        assert silent.recv(1) == b""
    assert ran == []
    guarded.close()
    pool.shutdown()


def test_calls_waiting_on_a_lost_runner_are_answered_with_an_error() -> None:
    """The runner's end of the connection is cut while a chunk runs: the call waiting is
    answered with an OSError, and so is a call made on the line after that."""
    pool = ThreadPoolExecutor(1)
    doomed = ChannelServer("127.0.0.1", TOKEN, pool, _run)
    accepted: queue.SimpleQueue[socket.socket] = queue.SimpleQueue()
    serve = doomed._serve

    def keep_and_serve(sock: socket.socket) -> None:
        accepted.put(sock)
        serve(sock)

    doomed._serve = keep_and_serve  # type: ignore[method-assign]
    line = DirectLine(doomed.address, TOKEN)
    replies, answer = _answers()
    line.call(pickle.dumps((_sleep_then, (3.0, 0))), answer)
    accepted.get(timeout=10).shutdown(socket.SHUT_RDWR)
    result, error = replies.get(timeout=10)
    assert result is None and isinstance(error, OSError)
    line.call(pickle.dumps((abs, 1)), answer)
    result, error = replies.get(timeout=10)
    assert result is None and isinstance(error, OSError)
    line.close()
    doomed.close()
    pool.shutdown(wait=False, cancel_futures=True)


def test_closing_the_line_answers_what_waits(server: ChannelServer) -> None:
    line = DirectLine(server.address, TOKEN)
    replies, answer = _answers()
    line.call(pickle.dumps((_sleep_then, (2.0, 0))), answer)
    line.close()
    result, error = replies.get(timeout=10)
    assert result is None and isinstance(error, ConnectionError)


def test_a_server_without_threads_runs_each_chunk_on_the_thread_that_reads_it() -> None:
    import threading

    listening = ChannelServer("127.0.0.1", TOKEN, None, _run)
    line = DirectLine(listening.address, TOKEN)
    try:
        replies, answer = _answers()
        line.call(pickle.dumps((_thread_name, 0)), answer)
        line.call(pickle.dumps((_fail, 0)), answer)
        line.call(pickle.dumps((_sleep_then, (0.0, 3))), answer)
        name, error = replies.get(timeout=10)
        assert name == "pokerroom-channel" and error is None
        assert name != threading.current_thread().name
        result, error = replies.get(timeout=10)  # the error travels, the line goes on
        assert result is None and isinstance(error, ValueError)
        assert replies.get(timeout=10) == (3, None)
    finally:
        line.close()
        listening.close()


def _thread_name(_: object) -> str:
    import threading

    return threading.current_thread().name
