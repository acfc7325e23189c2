"""The ``--scheduler`` option: point a job at a Dask scheduler that is already running.

``--scheduler tcp://host:8786`` is the same as ``--cluster tcp://host:8786``; giving
both with different places is an error. Start a scheduler and workers with
``dask scheduler`` and ``dask worker tcp://host:8786`` (``pip install
'pokerroom[cluster]'``); every worker needs pokerroom installed.

>>> where(None, "tcp://127.0.0.1:8786")
'tcp://127.0.0.1:8786'
>>> where("processes", None)
'processes'
>>> where(None, "127.0.0.1:8786")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: --scheduler takes a Dask scheduler address such as ...
"""

from __future__ import annotations

from pokerroom.errors import ConfigError

__all__ = ["SCHEDULER_HELP", "where"]

SCHEDULER_HELP = ("Run the chunks on the Dask scheduler at this address, e.g. "
                  "tcp://host:8786 (the same as --cluster tcp://host:8786).")


def where(cluster: str | None, scheduler: str | None) -> str | None:
    """Where a job runs, from its ``--cluster`` and ``--scheduler`` options."""
    if scheduler is None:
        return cluster
    if not scheduler.startswith(("tcp://", "tls://")):
        raise ConfigError("--scheduler takes a Dask scheduler address such as "
                          f"tcp://host:8786, got {scheduler!r}")
    if cluster is not None and cluster not in ("inline", scheduler):
        raise ConfigError(f"--cluster {cluster} and --scheduler {scheduler} disagree")
    return scheduler
