"""A direct line between a client and a chunk runner: framed pickles over one TCP socket.

A chunk sent as a Dask actor call passes through two event loops and a thread hop at
each end, and on a two-core machine that costs a job 3-6 ms before its first chunk
starts. A :class:`Channel` is one TCP connection from the client straight to the
runner's worker, opened beside Dask's own (the runner listens with a
:class:`ChannelServer`, on the host of its worker's address): the calling thread writes
a chunk, a thread of the runner reads it and hands it to the runner's threads, and the
reply comes back on the same socket to a reader thread of the client. Dask still places
the runners, finds the workers and runs the chunks as tasks when a runner is lost.

A frame is its length (8 bytes, big-endian) and its bytes. The client's first frame
is the token the runner was created with (drawn at random by the client and handed to
the runner through Dask); a connection that does not send it within five seconds is
closed. Then every request is a ticket (8 bytes) and a packed chunk; every reply the
ticket, a status byte (0: the result, 1: the exception the chunk raised) and the pickle.

>>> import threading
>>> from concurrent.futures import ThreadPoolExecutor
>>> server = ChannelServer("127.0.0.1", b"secret", ThreadPoolExecutor(1), len)
>>> got = []
>>> done = threading.Event()
>>> channel = Channel(server.address, b"secret", lambda *reply: (got.append(reply), done.set()),
...                   lambda error: None)
>>> channel.send(7, b"four")
>>> _ = done.wait(10)
>>> got
[(7, 4, None)]
>>> channel.close(); server.close()
"""

from __future__ import annotations

import hmac
import pickle
import socket
import struct
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future
from contextlib import suppress
from functools import partial
from typing import Any

__all__ = ["Channel", "ChannelServer", "outcome_bytes", "read_outcome"]

_LENGTH = struct.Struct("!Q")
_TICKET = struct.Struct("!Q")
_OK, _RAISED = 0, 1
_HANDSHAKE_SECONDS = 5.0
_LARGEST_FRAME = 1 << 34
"""A length beyond this (16 GiB) is not a frame of this protocol."""


def _no_delay(sock: socket.socket) -> None:
    """Send each frame at once (a frame is small; waiting to fill a packet only adds a
    round trip's delay)."""
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def _send_frame(sock: socket.socket, lock: threading.Lock, *parts: bytes) -> None:
    with lock:
        sock.sendall(_LENGTH.pack(sum(len(part) for part in parts)) + b"".join(parts))


def _receive_exactly(sock: socket.socket, size: int) -> bytes | None:
    """``size`` bytes from ``sock``, or None if it closes first."""
    buffer = bytearray(size)
    view = memoryview(buffer)
    got = 0
    while got < size:
        count = sock.recv_into(view[got:])
        if count == 0:
            return None
        got += count
    return bytes(buffer)


def _receive_frame(sock: socket.socket) -> bytes | None:
    """The next frame from ``sock``, or None once it is closed."""
    header = _receive_exactly(sock, _LENGTH.size)
    if header is None:
        return None
    (size,) = _LENGTH.unpack(header)
    if size > _LARGEST_FRAME:
        raise ConnectionError(f"a frame of {size} bytes is not of this protocol")
    return _receive_exactly(sock, size)


def outcome_bytes(ok: bool, value: Any, what: str = "chunk") -> bytes:
    """A status byte (0: ``value`` is the result, 1: the exception raised) and
    ``value`` pickled; where it cannot be pickled, status 1 and a
    :class:`RuntimeError` saying so, naming the ``what`` whose result or error it was.

    >>> outcome_bytes(True, 7)[0], outcome_bytes(False, ValueError("x"))[0]
    (0, 1)
    >>> str(pickle.loads(outcome_bytes(True, lambda: 0)[1:]))[:40]
    "the chunk's result cannot be pickled: Ca"
    """
    try:
        return bytes([_OK if ok else _RAISED]) + pickle.dumps(
            value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # the result or the error cannot travel: say why
        return bytes([_RAISED]) + pickle.dumps(RuntimeError(
            f"the {what}'s {'result' if ok else 'error'} cannot be pickled: {exc}"))


def read_outcome(body: bytes) -> tuple[bool, Any]:
    """What :func:`outcome_bytes` wrote: True and the result, or False and the exception.

    >>> read_outcome(outcome_bytes(True, 7)), read_outcome(outcome_bytes(False, "x"))
    ((True, 7), (False, 'x'))
    """
    return body[0] == _OK, pickle.loads(body[1:])


def _reply(ticket: int, future: Future[Any]) -> bytes:
    """The reply frame's body for the chunk ``ticket`` that ``future`` ran."""
    error: BaseException | None = (CancelledError("the chunk was cancelled")
                                   if future.cancelled() else future.exception())
    return _TICKET.pack(ticket) + outcome_bytes(
        error is None, future.result() if error is None else error)


class ChannelServer:
    """Listens on ``host`` (a free port) for clients holding ``token``; each request's
    chunk is handed to ``run`` on ``pool`` and its reply written when it is done, or,
    with no ``pool``, run by the thread that read it, one after another (a runner of one
    thread: no hand-off between two threads of the worker for each chunk). Its threads
    are daemons; :meth:`close` stops listening (connections open end when their client
    closes them)."""

    def __init__(self, host: str, token: bytes, pool: Executor | None,
                 run: Callable[[bytes], Any]) -> None:
        self._token = token
        self._pool = pool
        self._run = run
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self._listener = socket.create_server((host, 0), family=family)
        self.address: tuple[str, int] = (host, self._listener.getsockname()[1])
        threading.Thread(target=self._accept, name="pokerroom-channel-accept",
                         daemon=True).start()

    def close(self) -> None:
        """Stop taking new connections."""
        with suppress(OSError):
            self._listener.close()

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self._listener.accept()
            except OSError:  # closed
                return
            threading.Thread(target=self._serve, args=(sock,), name="pokerroom-channel",
                             daemon=True).start()

    def _serve(self, sock: socket.socket) -> None:
        with sock:
            _no_delay(sock)
            sock.settimeout(_HANDSHAKE_SECONDS)
            try:
                token = _receive_frame(sock)
            except (OSError, ConnectionError):
                return
            if token is None or not hmac.compare_digest(token, self._token):
                return
            sock.settimeout(None)
            lock = threading.Lock()

            def answer(ticket: int, future: Future[Any]) -> None:
                with suppress(OSError):  # the client went away: nobody to tell
                    _send_frame(sock, lock, _reply(ticket, future))

            while True:
                try:
                    frame = _receive_frame(sock)
                except (OSError, ConnectionError):
                    return
                if frame is None:
                    return
                (ticket,) = _TICKET.unpack_from(frame)
                if self._pool is None:
                    answer(ticket, _ran(self._run, frame[_TICKET.size:]))
                    continue
                try:
                    future = self._pool.submit(self._run, frame[_TICKET.size:])
                except RuntimeError:  # the runner's threads are shut down: hang up
                    return
                future.add_done_callback(partial(answer, ticket))


def _ran(run: Callable[[bytes], Any], payload: bytes) -> Future[Any]:
    """``run(payload)`` done here, as a finished future (its result or its exception)."""
    future: Future[Any] = Future()
    try:
        future.set_result(run(payload))
    except BaseException as exc:  # handed to the client with the reply
        future.set_exception(exc)
    return future


class Channel:
    """The client's end: connected to ``address`` (within ``timeout`` seconds, else
    :class:`OSError`), it sends chunks with :meth:`send`; a reader thread calls
    ``on_reply(ticket, result, error)`` for each reply (``error`` is the exception the
    chunk raised, or None) and ``on_lost(error)`` once if the connection breaks."""

    def __init__(self, address: tuple[str, int], token: bytes,
                 on_reply: Callable[[int, Any, BaseException | None], None],
                 on_lost: Callable[[OSError], None], timeout: float = 2.0) -> None:
        self._sock = socket.create_connection(address, timeout=timeout)
        self._sock.settimeout(None)
        _no_delay(self._sock)
        self._lock = threading.Lock()
        self._closed = False
        self._on_reply = on_reply
        self._on_lost = on_lost
        _send_frame(self._sock, self._lock, token)
        threading.Thread(target=self._read, name="pokerroom-channel-reader",
                         daemon=True).start()

    def send(self, ticket: int, payload: bytes) -> None:
        """Send one chunk (``payload``, a packed function and item) as ``ticket``;
        :class:`OSError` if the connection is gone."""
        _send_frame(self._sock, self._lock, _TICKET.pack(ticket), payload)

    def close(self) -> None:
        """Close the connection (the runner's end then closes too)."""
        self._closed = True
        with suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()

    def _read(self) -> None:
        while True:
            try:
                frame = _receive_frame(self._sock)
            except (OSError, ConnectionError) as exc:
                frame, lost = None, exc
            else:
                lost = ConnectionError("the chunk runner closed the connection")
            if frame is None:
                if not self._closed:
                    self._on_lost(lost)
                return
            (ticket,) = _TICKET.unpack_from(frame)
            ok, value = read_outcome(frame[_TICKET.size:])
            if ok:
                self._on_reply(ticket, value, None)
            else:
                self._on_reply(ticket, None, value)
