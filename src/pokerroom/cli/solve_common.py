"""What every ``pokerroom solve`` command shares: its options (where the job runs, the
seed, the iterations, ``--json``), running the work under a progress bar with bad input
refused in one line on stderr (exit code 2), printing the result as JSON or as rich
tables, and the 13×13 chart of the starting-hand classes.

>>> cell(1.0, "AKs"), cell(0.5, "AKs"), cell(0.0, "AKs")
('[bold green]AKs[/]', '[yellow]50%[/]', '[dim]·[/]')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypeVar

import typer

from pokerroom.cli.cluster import SCHEDULER_HELP, where
from pokerroom.cli.progress import Update, progress_bar
from pokerroom.errors import PokerroomError

__all__ = ["Cluster", "Iterations", "Json", "Scheduler", "Seed", "Workers", "cell", "chart",
           "emit", "place", "solved", "text_chart"]

T = TypeVar("T")

Cluster = Annotated[str | None, typer.Option(
    "--cluster", help="Where the job's chunks run: 'inline' (default), 'processes', "
    "'local' (a Dask LocalCluster) or 'tcp://host:8786'. Results never depend on it.")]
Scheduler = Annotated[str | None, typer.Option(
    "--scheduler", metavar="tcp://HOST:PORT", help=SCHEDULER_HELP)]
Workers = Annotated[int | None, typer.Option("--workers", help="Worker count.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the sampled deals.")]
Iterations = Annotated[int, typer.Option("--iterations", help="CFR+ iterations.")]


def place(cluster: str | None, scheduler: str | None) -> str:
    """Where the job runs, from ``--cluster`` and ``--scheduler``, checked."""
    from pokerroom.analysis.executors import check_cluster

    found = where(cluster, scheduler) or "inline"
    check_cluster(found)
    return found


def solved(as_json: bool, what: str, work: Callable[[Update], T]) -> T:
    """``work(progress)`` under a progress bar titled ``what`` (none with ``--json``);
    a :class:`PokerroomError` prints ``error: ...`` on stderr and exits with 2."""
    try:
        with progress_bar(not as_json, what) as progress:
            return work(progress)
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None


def emit(as_json: bool, data: Callable[[], Mapping[str, Any]],
         show: Callable[[], None]) -> None:
    """Print ``data()`` as one line of JSON, or ``show()`` the tables."""
    if as_json:
        typer.echo(json.dumps(data()))
    else:
        show()


def cell(freq: float, name: str, pure: float = 0.0) -> str:
    """A chart's cell: the name where the class is always played (within ``pure``), its
    frequency where it mixes, ``·`` where it never is."""
    if freq >= 1.0 - pure:
        return f"[bold green]{name}[/]"
    if freq > pure:
        return f"[yellow]{100 * freq:.0f}%[/]"
    return "[dim]·[/]"


def chart(title: str, freq: Mapping[str, float], pure: float = 0.0) -> Any:
    """The 13×13 grid of the starting-hand classes, each cell by :func:`cell`."""
    return text_chart(title, {name: cell(f, name, pure) for name, f in freq.items()})


def text_chart(title: str, cells: Mapping[str, str]) -> Any:
    """The 13×13 grid of the starting-hand classes with the text ``cells`` by class."""
    from rich.table import Table

    from pokerroom.strategy.charts import grid_rows
    from pokerroom.strategy.classes import RANK_CHARS

    table = Table(title=title, show_header=True, header_style="bold", padding=(0, 0))
    table.add_column("")
    for rank in RANK_CHARS:
        table.add_column(rank, justify="center")
    for rank, row in zip(RANK_CHARS, grid_rows(cells), strict=True):
        table.add_row(f"[bold]{rank}[/]", *row)
    return table
