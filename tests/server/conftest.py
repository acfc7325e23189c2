"""Fixtures for the card-room tests: the toy game, databases and a live server process.

Browser tests need Debian's Chromium: the ``chromium-headless-shell`` package, which
draws the same pages for about half the CPU, or else ``chromium``; PostgreSQL
tests need a server on 127.0.0.1:5432 with trust authentication and a database
``test``. Each is skipped, with the reason, only when it is absent.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from . import toygame
from .browser_fixtures import (  # noqa: F401
    _room_server,
    browser,
    chromium,
    heads_up,
    server,
)

CHROMIUMS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
"""The Chromiums the browser tests can drive, the cheaper first (the headless shell
costs about half the CPU of the full browser for the same pages)."""


def _chromium() -> Path:
    """The Chromium the browser tests drive: the one ``POKERROOM_CHROMIUM`` names, else
    the first of :data:`CHROMIUMS` installed."""
    named = os.environ.get("POKERROOM_CHROMIUM")
    if named:
        return Path(named)
    return next((path for path in CHROMIUMS if path.exists()), CHROMIUMS[0])


CHROMIUM = _chromium()
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@pytest.fixture(autouse=True)
def _toy_game() -> Iterator[None]:
    """The toy game is in the catalog for the room's tests only."""
    added = toygame.ensure_registered()
    yield
    toygame.unregister_if(added)


def postgres_url() -> str | None:
    """A URL for the local PostgreSQL test database, or None when none answers."""
    try:
        import psycopg
    except ImportError:
        return None
    for user in ("postgres", "root"):
        try:
            with psycopg.connect(host="127.0.0.1", port=5432, dbname="test", user=user,
                                 connect_timeout=2):
                return f"postgresql://{user}@127.0.0.1:5432/test"
        except Exception:
            continue
    return None


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The same storage tests run on a SQLite file and on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.sqlite3'}"
        return
    yield from fresh_postgres()


@pytest.fixture
def postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database of this test's own (skipped without a server)."""
    yield from fresh_postgres()


def fresh_postgres() -> Iterator[str]:
    """A database of its own for one test, so tests running side by side (pytest-xdist
    workers) never share tables; dropped afterwards."""
    import uuid

    import psycopg

    url = postgres_url()
    if url is None:
        pytest.skip("no PostgreSQL server answers on 127.0.0.1:5432 (database 'test')")
    name = f"pokerroom_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


START = os.environ.get("POKERROOM_SERVER_START", "fork")
"""How :class:`ServerProcess` starts a server: ``fork`` (the default) forks it from a
fork server, a process of this test process's own that has imported the server's
modules once (:data:`forked.PRELOAD`); ``subprocess`` runs ``python run_server.py``
each time, which imports them all again, about 0.9 CPU s a start. Where the fork server
cannot be had (no ``fork``), or the environment has changed since it started (what a
module reads as it is imported would differ), a server is started the second way."""


class ForkedServer:
    """A server forked from the fork server, seen as :class:`subprocess.Popen` sees a
    process: ``poll``, ``wait``, ``terminate`` (SIGTERM), ``kill`` (SIGKILL)."""

    def __init__(self, process: Any) -> None:
        self.process = process
        self.pid: int = process.pid

    @property
    def returncode(self) -> int | None:
        return self.poll()

    def poll(self) -> int | None:
        return cast("int | None", self.process.exitcode)

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        code = self.poll()
        if code is None:
            raise subprocess.TimeoutExpired(str(HERE / "run_server.py"), timeout or 0)
        return code

    def terminate(self) -> None:
        self.process.terminate()

    def kill(self) -> None:
        self.process.kill()


_forkserver: dict[str, Any] = {}
"""This process's fork server: its context and the environment it was started in."""


def _fork_context() -> Any:
    """The fork server's context, started (once a process) with the server's modules
    imported; None when servers are to be started as new programs."""
    import multiprocessing

    if START != "fork" or "forkserver" not in multiprocessing.get_all_start_methods():
        return None
    spec = importlib.util.find_spec("pokerroom")
    if spec is None or spec.origin is None or not Path(spec.origin).is_relative_to(ROOT):
        return None  # the fork server would import another room than the program would
    if "context" not in _forkserver:
        from .forked import PRELOAD, forked_main

        context = multiprocessing.get_context("forkserver")
        # the main module (pytest's script) is imported once there too, not in every
        # server; the module this process knows forked_main by (``server.forked``,
        # pytest's name for it) is the one the fork server unpickles it from
        context.set_forkserver_preload(["__main__", forked_main.__module__, *PRELOAD])
        _forkserver.update(context=context, environ=_environ())
    if _forkserver["environ"] != _environ():
        return None
    return _forkserver["context"]


def _environ() -> dict[str, str]:
    """The environment a module could read as it is imported (pytest sets
    ``PYTEST_CURRENT_TEST`` anew for each test)."""
    return {key: value for key, value in os.environ.items()
            if key != "PYTEST_CURRENT_TEST"}


def stop_fork_server() -> None:
    """End this process's fork server (if it started one) and wait for it, so that the
    CPU of the servers it forked is counted among this process's children."""
    if _forkserver.pop("context", None) is not None:
        from multiprocessing import forkserver

        forkserver._forkserver._stop()


class ServerProcess:
    """A card-room server in its own process (so a test can kill -9 it)."""

    def __init__(self, database: str, port: int | None = None,
                 extra: tuple[str, ...] = ()) -> None:
        self.database = database
        self.port = port or free_port()
        self.extra = extra
        self.process: subprocess.Popen[bytes] | ForkedServer | None = None
        self.log: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        env = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'src'}")
        # the server's log goes to a file: a pipe nobody reads would fill up and stall
        # the server on its next log line
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (open while it runs)
            prefix="pokerroom-server-", suffix=".log", delete=False)
        argv = ["--port", str(self.port), "--database", self.database, *self.extra]
        context = _fork_context()
        if context is not None:
            from .forked import forked_main

            process = context.Process(target=forked_main, args=(argv, env, self.log.name),
                                      name=f"pokerroom-server-{self.port}")
            process.start()
            self.process = ForkedServer(process)
        else:
            self.process = subprocess.Popen(
                [sys.executable, str(HERE / "run_server.py"), *argv],
                env=env, cwd=str(ROOT), stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 30
        with httpx.Client() as client:  # one client: a client a call costs ~25 ms CPU
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"server exited: {self.log_text()[-2000:]}")
                try:
                    if client.get(self.url + "/api/games", timeout=1).status_code == 200:
                        return self
                except httpx.HTTPError:
                    time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def log_text(self) -> str:
        """What the server wrote to its log so far."""
        return Path(self.log.name).read_text(errors="replace") if self.log else ""

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.log is not None:
            self.log.close()
            Path(self.log.name).unlink(missing_ok=True)
            self.log = None


@pytest.fixture
def server_factory() -> Iterator[type[ServerProcess]]:
    started: list[ServerProcess] = []

    class Tracked(ServerProcess):
        def start(self) -> ServerProcess:
            started.append(self)
            return super().start()

    yield Tracked
    for process in started:
        process.stop()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is absent: install Debian's "
                                   "'chromium-headless-shell' (or 'chromium') package "
                                   "to run the browser tests")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the page in headless Chromium")


def pytest_unconfigure(config: pytest.Config) -> None:
    stop_fork_server()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    """The application over a SQLite file, in process, with bots that act at once."""
    from fastapi.testclient import TestClient

    from pokerroom.server.app import create_app
    from pokerroom.server.service import Timing

    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite3'}",
                     timing=Timing(bot_delay=0.0, warm_up=False))
    with TestClient(app) as test_client:
        yield test_client
