"""Card-room servers forked from a fork server that has imported them already.

Started as a program (``python tests/server/run_server.py ...``), each server imports
FastAPI, pydantic, SQLAlchemy, uvicorn and the room again: about 0.9 of the 1.05 CPU s
a start costs, and the tests start dozens. A fork server (``multiprocessing``'s
``forkserver``, one a test process, started at its first server) imports
:data:`PRELOAD` once; each server is then a new process forked from it, which runs
:func:`forked_main` and is killed, stopped and waited for as the program was
(``tests/server/conftest.py``, ``ServerProcess``).
"""

from __future__ import annotations

import atexit
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRELOAD = (
    "tests.server.run_server",
    # what a server imports only as it starts: uvicorn's event loop, protocols and
    # lifespan, the database drivers, the migrations (alembic, with mako and pygments)
    "uvicorn.loops.auto", "uvicorn.loops.uvloop", "uvicorn.protocols.http.auto",
    "uvicorn.protocols.http.httptools_impl", "uvicorn.protocols.websockets.auto",
    "uvicorn.protocols.websockets.websockets_sansio_impl", "uvicorn.lifespan.on",
    "sqlalchemy.dialects.sqlite", "sqlalchemy.dialects.postgresql",
    "sqlalchemy.engine.strategies", "sqlalchemy.ext.compiler", "alembic.command",
    "alembic.config", "alembic.autogenerate", "alembic.op", "alembic.context",
    "alembic.ddl.sqlite", "alembic.ddl.postgresql", "alembic.ext.checkconstraint_byname",
    "mako.ext.pygmentplugin", "pydantic.v1", "fastapi.telemetry._runtime",
    "concurrent.futures.thread", "encodings.idna", "timeit", "termios",
    "anyio._backends._asyncio", "sqlite3", "psycopg", "ctypes.util",
    # numpy, scipy and numba (the odds the bots of some games use) are left out: numpy
    # starts OpenBLAS's threads as it is imported, and a fork server must have none
)
"""The modules the fork server imports before it forks any server (one not installed,
such as the optional PostgreSQL driver, is left out): importing them starts no thread
and opens no socket, file or database connection that a server would inherit
(``tests/server/test_forked.py`` checks it)."""


def forked_main(argv: Sequence[str], environ: Mapping[str, str], log: str) -> None:
    """Be the server ``python run_server.py ARGV`` would be, in a process forked from
    one that imported this module: the same environment, working directory, arguments
    and standard streams (output discarded, errors to the file ``log``), and the exit
    handlers run as the interpreter would run them on leaving."""
    # the fork server ends when the test process lets go of it: a server keeps none of
    # its ends open (one a test left running would otherwise hold the fork server, and
    # the test process waiting for it, for as long as it runs)
    from multiprocessing import forkserver

    if forkserver._forkserver._forkserver_alive_fd is not None:
        os.close(forkserver._forkserver._forkserver_alive_fd)
        forkserver._forkserver._forkserver_alive_fd = None
    os.chdir(ROOT)
    os.environ.clear()
    os.environ.update(environ)
    for fd, path, flags in ((1, os.devnull, os.O_WRONLY), (2, log, os.O_WRONLY)):
        opened = os.open(path, flags)
        os.dup2(opened, fd)
        os.close(opened)
    sys.argv = [__file__, *argv]
    source = ROOT / "src"
    import pokerroom
    if not Path(pokerroom.__file__).resolve().is_relative_to(source):
        raise SystemExit(f"pokerroom was imported from {pokerroom.__file__}, not {source}")
    from tests.server.run_server import main

    try:
        main(argv)
    finally:
        atexit._run_exitfuncs()


