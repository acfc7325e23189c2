"""The ``pokerroom`` program: imports only what the command asked for.

* ``pokerroom`` and ``pokerroom --help`` print the top-level help from the manifest
  (:mod:`pokerroom.cli.helpscreen`), importing no command module and not typer.
* ``pokerroom COMMAND ...`` imports the modules that register ``COMMAND`` and no other
  (:mod:`pokerroom.cli.manifest`). A command marked ``direct`` whose arguments are of a
  plain shape is called straight away (:mod:`pokerroom.cli.direct`); every other
  command line goes to typer, which parses it, prints the command's help or explains
  the error exactly as before.
* Anything else (an unknown command, a top-level option) goes to typer with every
  command loaded, for the same messages and suggestions as ever.

Tests and scripts that want the whole typer app still do ``from pokerroom.cli import
app``.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.cli.manifest import ALL_MODULES, Entry, find

__all__ = ["run", "run_and_exit"]


def _program_name() -> str | None:
    """How click names the program for the usage line, when it is the plain script name
    (``python -m`` runs are left to typer)."""
    package = getattr(sys.modules.get("__main__"), "__package__", None)
    if package not in (None, ""):
        return None
    return os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None


def _callback(entry: Entry) -> Callable[..., Any] | None:
    from pokerroom.cli.app import app

    for info in app.registered_commands:
        fn = info.callback
        name = info.name or (fn.__name__.replace("_", "-") if fn is not None else None)
        if name == entry.name:
            return fn
    return None


def run(args: Sequence[str], prog: str | None = None, *, settle: bool = False) -> int:
    """Run the command line ``args`` (without the program name); the exit code.

    With ``settle`` (the console script), the objects the command's modules made on
    import are moved out of the garbage collector's sight once imported
    (``gc.freeze``): they live as long as the process, and every full collection would
    otherwise walk them again."""
    args = list(args)
    prog = prog or _program_name()
    completing = "_POKERROOM_COMPLETE" in os.environ
    if prog is not None and not completing and (not args or args == ["--help"]):
        from pokerroom.cli.helpscreen import print_app_help

        print_app_help(prog)
        if args:  # typer prints the help, then an empty line, and exits with 0
            print()
            return 0
        return 2  # no command at all: the help, and a usage error's code
    if args == ["--version"] and not completing:
        from pokerroom.cli.app import print_version

        print_version()
        return 0
    entry = find(args[0]) if args else None
    for module in entry.modules if entry is not None else ALL_MODULES:
        importlib.import_module(module)
    if settle:
        gc.freeze()
    if entry is not None and entry.direct and not completing:
        from pokerroom.cli.direct import bind, call

        fn = _callback(entry)
        kwargs = bind(fn, args[1:]) if fn is not None else None
        if fn is not None and kwargs is not None:
            return call(fn, kwargs)
    import typer.main

    from pokerroom.cli.app import app

    try:
        typer.main.get_group(app).main(args=args, prog_name=prog)
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        raise
    return 0


YOUNG_THRESHOLD = 20_000
"""New objects between two collections of the youngest generation in the console
script (Python's default: 700)."""


def run_and_exit(argv: Sequence[str] | None = None) -> None:
    """The ``pokerroom`` console script.

    A command's start-up makes a few hundred thousand objects that live as long as the
    process: its modules, and NumPy's and numba's when a bot first judges a hand. With
    the collector's defaults they are scanned again and again as they are made, and
    once more by the full collection at exit, which costs about as much CPU as the
    rest of a short command (a third of ``pokerroom play holdem`` to its first
    prompt). So the script collects
    the youngest objects less often, moves the imported modules' objects out of the
    collector's sight (:func:`run` with ``settle``), and, the command done, every
    object (``gc.freeze``): the process ends without that last walk. Nothing is lost
    by it: the program closes every file where it writes it, and the standard streams
    are flushed at exit as always."""
    gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    code = run(sys.argv[1:] if argv is None else argv, settle=True)
    gc.freeze()
    sys.exit(code)
