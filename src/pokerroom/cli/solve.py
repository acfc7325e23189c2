"""``pokerroom solve``: equilibria of small games. ``solve pushfold`` prints the heads-up
push/fold equilibrium at one stack: the small blind's pushing chart and the big blind's
calling chart on the 13×13 grid, or with ``--json`` the classes that push and call
always and those that mix, with their frequency.

The first run enumerates the exact equity of every pair of starting hands (about a
minute on one core; ``--cluster processes`` or a Dask scheduler spreads it) and caches
it; later runs read it. Bad input (a stack below 1 or above 200 big blinds, a negative
ante) prints one line on stderr and exits with 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from pokerroom.cli.app import app
from pokerroom.cli.solve_common import (
    Cluster,
    Json,
    Scheduler,
    Workers,
    chart,
    emit,
    place,
    solved,
    text_chart,
)

__all__ = ["pushfold_command", "solve_app"]

solve_app = typer.Typer(
    help="Solve a small game for its equilibrium: heads-up push/fold hold'em, ICM "
         "push/fold at a final table, and the declare of Guts and Herbie.\n\n"
         "Examples:\n\n  pokerroom solve pushfold --stack 10\n\n"
         "  pokerroom solve icm-pushfold --stacks 5000,3000,2000 --blinds 100/200 "
         "--payouts 50,30,20\n\n"
         "  pokerroom solve guts2 --players 3 --pot 10",
    no_args_is_help=True)
app.add_typer(solve_app, name="solve")


@solve_app.command("pushfold")
def pushfold_command(
    stack: Annotated[float, typer.Option(
        "--stack", "-s", help="The effective stack in big blinds, before the blinds and "
        "antes are posted (1 to 200; the charts are made for 1 to 25).")] = 10.0,
    ante: Annotated[float, typer.Option(
        "--ante", "-a", help="The ante each of the two players posts, in big blinds "
        "(e.g. 0.125).")] = 0.0,
    sweep: Annotated[bool, typer.Option(
        "--sweep", help="Solve every stack from 1 big blind to --up-to by --step and "
        "print each hand's highest pushing and calling stack, as the published charts "
        "do.")] = False,
    step: Annotated[float, typer.Option("--step", help="The sweep's step in big "
                                        "blinds.")] = 0.5,
    up_to: Annotated[float, typer.Option("--up-to", help="The sweep's largest stack.")
                     ] = 25.0,
    cluster: Cluster = None,
    scheduler: Scheduler = None,
    workers: Workers = None,
    as_json: Json = False,
) -> None:
    """The heads-up push/fold equilibrium at one stack: who pushes, who calls.

    The small blind pushes all in or folds; the big blind calls or folds; the payoffs
    are chips (big blinds), with the exact all-in equity of every pair of hands. The
    charts show each class: its name where it is played always, its frequency where it
    mixes, '·' where it is never played. The first run's equity enumeration runs where
    --cluster says.

    Examples: pokerroom solve pushfold --stack 10; pokerroom solve pushfold --stack 8
    --ante 0.125 --json
    """
    from pokerroom.strategy.charts import solve_pushfold

    if sweep:
        _sweep(ante, step, up_to, place_of=lambda: place(cluster, scheduler),
               workers=workers, as_json=as_json)
        return
    solution = solved(as_json, "enumerating hand matchups", lambda progress: solve_pushfold(
        stack, ante, where=place(cluster, scheduler), workers=workers, progress=progress))
    emit(as_json, solution.to_json, lambda: _print_charts(solution))


def _print_charts(solution: object) -> None:
    from rich.console import Console

    from pokerroom.strategy.pushfold import Solution

    assert isinstance(solution, Solution)
    game = solution.game
    console = Console()
    share = _share(solution)
    ante = f", ante {game.ante:g}" if game.ante else ""
    console.print(f"Heads-up push/fold at {game.stack:g} big blinds{ante}")
    for side, who, freq in (("push", "Small blind pushes", solution.push),
                            ("call", "Big blind calls", solution.call)):
        at = 0 if side == "push" else 1
        console.print(chart(f"{who} ({100 * share[at]:.1f}% of hands)",
                            dict(zip(game.names, freq.tolist(), strict=True))))
    mixed = [f"{side} {name} {100 * f:.1f}%" for side in ("push", "call")
             for name, f in solution.mixed(side).items()]
    if mixed:
        console.print("Mixed: " + ", ".join(mixed))
    console.print(f"Small blind's value {solution.value:+.4f} bb a hand; exploitability "
                  f"{solution.exploitability:.2e} bb a hand (exact best responses)",
                  soft_wrap=True)


def _sweep(ante: float, step: float, up_to: float, *, place_of: Callable[[], str],
           workers: int | None, as_json: bool) -> None:
    """The stack sweep: every stack solved where ``place_of()`` says, each hand's
    highest stack printed."""
    from pokerroom.errors import ConfigError
    from pokerroom.strategy.charts import Thresholds, sweep

    def work(progress: Callable[[int, int], None]) -> Thresholds:
        if not 0.05 <= step <= up_to - 1 or not 1 < up_to <= 200:
            raise ConfigError(f"the sweep takes a step of at least 0.05 big blind and a "
                              f"largest stack above 1 and at most 200, not {step:g} and "
                              f"{up_to:g}")
        count = round((up_to - 1) / step) + 1
        stacks = [round(1 + step * k, 6) for k in range(count)]
        return sweep(stacks, ante, where=place_of(), workers=workers, progress=progress)

    grid = solved(as_json, "solving every stack", work)

    def highest(side: str) -> dict[str, float | None]:
        return {name: grid.highest(side, name) for name in grid.names}

    def data() -> dict[str, object]:
        return {"stacks": [grid.stacks[0], grid.stacks[-1], step], "ante": ante,
                "push": highest("push"), "call": highest("call"),
                "exploitability": grid.exploitability}

    def show() -> None:
        from rich.console import Console

        console = Console()
        top = f"{grid.stacks[-1]:g}+"
        for side, who in (("push", "Small blind pushes"), ("call", "Big blind calls")):
            cells = {name: (top if v is None else "·" if v == 0 else f"{v:g}")
                     for name, v in highest(side).items()}
            console.print(text_chart(f"{who} up to (big blinds, played at least half "
                                     "the time)", cells))
        console.print(f"{len(grid.stacks)} stacks from {grid.stacks[0]:g} to "
                      f"{grid.stacks[-1]:g}; largest exploitability "
                      f"{grid.exploitability:.2e} bb a hand", soft_wrap=True)

    emit(as_json, data, show)


def _share(solution: object) -> tuple[float, float]:
    """The share of the 1,326 combos that push and (of those that face a push) call."""
    from pokerroom.strategy.classes import class_index, class_sizes
    from pokerroom.strategy.pushfold import Solution

    assert isinstance(solution, Solution)
    sizes = class_sizes()[[class_index(n) for n in solution.game.names]]
    total = float(sizes.sum())
    return (float(sizes @ solution.push) / total, float(sizes @ solution.call) / total)
