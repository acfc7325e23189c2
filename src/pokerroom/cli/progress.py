"""The progress bar of a long command (``analyze``, ``simulate``, ``odds``): one rich bar
on stderr, drawn once the work has run for a second, so a quick run shows nothing and a
long one is never silent.

The bar is for a person: it is off with ``--json`` (the caller says so) and whenever
stderr is not a terminal, so machine output stays clean. It appears after
:data:`SHOWN_AFTER` seconds even before the work reports anything (a pulsing bar while the
first part runs), then counts what the work reports through the ``update(done, total)``
function it is given. ``POKERROOM_PROGRESS_AFTER`` (seconds) changes the wait; the
terminal tests set it to 0.

>>> with progress_bar(False, "deals") as update:
...     update(1, 2)
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["SHOWN_AFTER", "Update", "progress_bar"]

SHOWN_AFTER = 1.0
"""Seconds a job runs before its bar is drawn (``POKERROOM_PROGRESS_AFTER`` changes it)."""

Update = Callable[[int, int], None]
"""What the work calls as it goes: ``update(done, total)``."""


def _after() -> float:
    try:
        return max(0.0, float(os.environ.get("POKERROOM_PROGRESS_AFTER", SHOWN_AFTER)))
    except ValueError:
        return SHOWN_AFTER


@contextmanager
def progress_bar(enabled: bool, what: str, unit: str = "") -> Iterator[Update]:
    """A bar titled ``what`` on stderr while the body runs (``unit``: the counted things,
    shown as ``done/total unit``; none: a percentage), when ``enabled`` and stderr is a
    terminal; otherwise an update function that does nothing."""
    if not (enabled and sys.stderr.isatty()):
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    count: tuple[ProgressColumn, ...] = ((MofNCompleteColumn(), TextColumn(unit)) if unit
                                         else (TextColumn("{task.percentage:>3.0f}%"),))
    with Progress(TextColumn(what), BarColumn(), *count, TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True,
                  refresh_per_second=8) as bar:
        task = bar.add_task(what, total=None, visible=False)
        after, started = _after(), bar.get_time()
        shown = threading.Event()

        def show() -> None:
            shown.set()
            bar.update(task, visible=True, refresh=True)

        timer = threading.Timer(after, show)
        timer.daemon = True
        if after:
            timer.start()
        else:
            show()

        def update(done: int, total: int) -> None:
            # drawn here too, not only by rich's refresh thread: work run in this
            # process may hold the GIL until it ends
            if bar.get_time() - started >= after:
                shown.set()
            bar.update(task, completed=done, total=total, visible=shown.is_set(),
                       refresh=shown.is_set())

        try:
            yield update
        finally:
            timer.cancel()
