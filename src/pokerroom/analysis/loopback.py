"""A real Dask cluster on this machine's loopback address: a ``dask scheduler`` and
``dask worker`` processes started apart, as one would start them on other machines.

For the tests and benchmarks of the executors, and to try ``--scheduler`` without a
cluster at hand::

    with loopback_cluster(workers=2) as address:
        compute_odds(..., cluster=address)

The scheduler listens on 127.0.0.1 at a free port (no dashboard); each worker is a
process of one thread, which first runs the ``preload`` modules given (``dask worker
--preload``: :mod:`pokerroom.strategy.warm` has a worker load what the long solves need
before it joins, as a long-lived cluster's workers have it loaded). Unless the
environment already says otherwise, the processes run with :data:`QUIET` settings, so
that an idle cluster leaves the cores to the jobs.
Leaving the block stops the processes this function started, and only those.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from pokerroom.analysis.executors import QUIET_DASK
from pokerroom.errors import ConfigError

__all__ = ["QUIET", "cluster_environment", "loopback_cluster"]

QUIET = {"DASK_" + key.upper().replace(".", "__").replace("-", "_"): str(value)
         for key, value in QUIET_DASK.items()}
""":data:`~pokerroom.analysis.executors.QUIET_DASK` as the environment variables the
cluster's processes read."""


def _dask() -> list[str]:
    found = shutil.which("dask", path=str(Path(sys.executable).parent))
    if found is None:
        raise ConfigError("a Dask cluster needs the 'cluster' extra: "
                          "pip install 'pokerroom[cluster]'")
    return [found]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


def cluster_environment(base: Mapping[str, str]) -> dict[str, str]:
    """The environment of the cluster's processes: ``base`` over the :data:`QUIET`
    settings, and this process's ``pokerroom`` first on ``PYTHONPATH`` (the workers
    import the same one, whatever their folder).

    >>> env = cluster_environment({"DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "50ms"})
    >>> env["DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL"]  # what the caller set stays
    '50ms'
    >>> env["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"]
    'False'
    >>> env["PYTHONPATH"] == str(Path(__file__).resolve().parents[2])
    True
    """
    env = {**QUIET, **base}
    here = str(Path(__file__).resolve().parents[2])
    paths = [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join([here, *paths])
    return env


@contextmanager
def loopback_cluster(workers: int = 2, *, timeout: float = 60.0,
                     preload: Sequence[str] = ()) -> Iterator[str]:
    """Start a scheduler and ``workers`` one-thread worker processes on 127.0.0.1, each
    running the ``preload`` modules (names) as it starts, and yield the scheduler's
    address (``tcp://127.0.0.1:PORT``) once every worker has joined; stop them all on
    exit."""
    from distributed import Client

    dask = _dask()
    folder = Path(tempfile.mkdtemp(prefix="pokerroom-dask-"))
    info = folder / "scheduler.json"
    env = cluster_environment(os.environ)
    started: list[subprocess.Popen[bytes]] = []
    try:
        started.append(subprocess.Popen(
            [*dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
             "--scheduler-file", str(info)], env=env, cwd=folder,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + timeout
        while not info.exists() or not info.read_text().strip():
            if time.monotonic() > deadline or started[0].poll() is not None:
                raise ConfigError("the Dask scheduler did not start")
            time.sleep(0.1)
        address = str(json.loads(info.read_text())["address"])
        started.append(subprocess.Popen(
            [*dask, "worker", address, "--nworkers", str(workers), "--nthreads", "1",
             "--host", "127.0.0.1", "--no-dashboard", "--local-directory", str(folder),
             *(arg for module in preload for arg in ("--preload", module))],
            env=env, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with Client(address, timeout=timeout) as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(workers, timeout=timeout)
        yield address
    finally:
        for process in reversed(started):
            _stop(process)
        shutil.rmtree(folder, ignore_errors=True)
