"""The tests' servers forked from a fork server (``forked.py``) are processes of their
own: killed with SIGKILL, stopped with SIGTERM, started again on the same port and
database; and what the fork server imports before forking them leaves them nothing
running or open."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from . import conftest
from .conftest import ROOT, ForkedServer, ServerProcess
from .forked import PRELOAD

PROBE = """
import importlib, json, os, sys, threading
sys.path[:0] = [sys.argv[1], sys.argv[2]]
before = set(os.listdir("/proc/self/fd"))
for name in sys.argv[3:]:
    try:
        importlib.import_module(name)
    except ImportError:  # as the fork server does: an optional driver not installed
        pass
import asyncio
print(json.dumps({
    "threads": [t.name for t in threading.enumerate()],
    "tasks": len(os.listdir("/proc/self/task")),
    "fds": sorted(set(os.listdir("/proc/self/fd")) - before),
    "loop": asyncio.events._get_running_loop() is not None,
}))
"""


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux's /proc")
def test_the_fork_servers_imports_start_no_thread_and_open_nothing() -> None:
    out = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", PROBE, str(ROOT), str(ROOT / "src"),
         *PRELOAD],
        capture_output=True, text=True, check=True, cwd=str(ROOT))
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found == {"threads": ["MainThread"], "tasks": 1, "fds": [], "loop": False}


def test_a_server_is_killed_with_sigkill_and_starts_again_on_its_port(
        tmp_path: Path, server_factory: type[ServerProcess]) -> None:
    database = f"sqlite:///{tmp_path / 'room.sqlite3'}"
    server = server_factory(database).start()
    assert server.process is not None
    if conftest._fork_context() is not None:
        assert isinstance(server.process, ForkedServer)
    table = httpx.post(server.url + "/api/tables", json={
        "game": "high-card", "seats": 2, "buy_in": 100, "approval": False}).json()
    server.kill()
    assert server.process.returncode == -signal.SIGKILL
    with pytest.raises(httpx.HTTPError):
        httpx.get(server.url + "/api/games", timeout=1)

    again = server_factory(database, port=server.port).start()
    assert again.process is not None and again.process.pid != server.process.pid
    assert httpx.get(f"{again.url}/api/tables/{table['id']}").status_code == 200
    again.stop()
    assert again.process.returncode in (0, -signal.SIGTERM)
