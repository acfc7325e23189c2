"""``pokerroom solve guts2`` (``guts3``, ``herbie``): the equilibrium of the declare at a
given pot and table maximum, for 2 to 4 players. It prints, for every decision (each
seat, and declaring in turn each sequence of declares it heard), the weakest hand from
which every stronger one stays in, the hands that mix, the share of hands that stay, each
seat's chips per deal and the exploitability; ``--json`` prints the same.

Bad input (a pot below 1 chip, fewer than 2 or more than 4 players, a house rule the
solver does not play) prints one line on stderr and exits with 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from pokerroom.cli.solve import solve_app
from pokerroom.cli.solve_common import (
    Cluster,
    Iterations,
    Json,
    Scheduler,
    Seed,
    Workers,
    emit,
    place,
    solved,
)

__all__ = ["declare_command"]

SHOWN = 6
"""The most hands a cell lists (``--json`` lists them all)."""

_HELP = {
    "guts2": "two-card Guts",
    "guts3": "three-card Guts",
    "herbie": "Herbie",
}


def declare_command(game: str) -> Callable[..., None]:
    """The ``solve`` command of ``game``."""

    def command(
        players: Annotated[int, typer.Option("--players", "-p",
                                             help="Players at the table (2 to 4).")] = 2,
        pot: Annotated[int, typer.Option("--pot", help="The pot played for, in chips.")] = 10,
        ante: Annotated[int, typer.Option(
            "--ante", help="The ante (only the rule of the best hand paying everyone's "
            "ante when all are out uses it).")] = 1,
        house_rule: Annotated[list[str] | None, typer.Option(
            "--house-rule", help="NAME=VALUE (repeat), as `pokerroom play` takes them, "
            "e.g. declare=simultaneous or max_match=20.")] = None,
        carry: Annotated[bool, typer.Option(
            "--carry", help="Value the pot left for the next deal (the matches, or a pot "
            "nobody won) as an even share for each player, not at nothing.")] = False,
        iterations: Iterations = 300,
        deals: Annotated[int, typer.Option(
            "--deals", help="Random deals the game is solved over (three-card Guts, "
            "Herbie, four players; two-card Guts with 2 or 3 is exact).")] = 200_000,
        seed: Seed = 0,
        cluster: Cluster = None,
        scheduler: Scheduler = None,
        workers: Workers = None,
        as_json: Json = False,
    ) -> None:
        from pokerroom.catalog import parse_house_rules
        from pokerroom.homegames.house_rules import GUTS3_RULES, GUTS_RULES, HERBIE_RULES
        from pokerroom.strategy.declare import DeclareSolution, solve_declare
        from pokerroom.strategy.declare_game import DeclareSetting

        def work(progress: Callable[[int, int], None]) -> DeclareSolution:
            specs = {"guts2": GUTS_RULES, "guts3": GUTS3_RULES, "herbie": HERBIE_RULES}[game]
            rules = parse_house_rules(specs, list(house_rule or []), game=game)
            setting = DeclareSetting.of(game, players=players, pot=pot, ante=ante,
                                        rules=rules, carry=carry)
            return solve_declare(setting, iterations=iterations, deals=deals, seed=seed,
                         where=place(cluster, scheduler), workers=workers,
                         progress=progress)

        solution = solved(as_json, "CFR+ iterations", work)
        emit(as_json, solution.to_json, lambda: _print(solution))

    command.__doc__ = (
        f"The equilibrium of the declare of {_HELP[game]}: who stays in, with what.\n\n"
        "Each player is dealt a hand and declares in or out (in turn from the dealer's "
        "left or all at once, as the house rules say); those in who are beaten match the "
        "pot, up to the table maximum. Solved by CFR+; the exploitability is exact for the "
        "deals solved (docs/strategy.md).\n\n"
        f"Examples: pokerroom solve {game} --players 3 --pot 10; pokerroom solve {game} "
        "--pot 10 --house-rule max_match=5 --json")
    return command


for _game in _HELP:
    solve_app.command(_game)(declare_command(_game))


def _print(solution: object) -> None:
    from rich.console import Console
    from rich.table import Table

    from pokerroom.strategy.declare import DeclareSolution

    assert isinstance(solution, DeclareSolution)
    setting, console = solution.setting, Console()
    cap = (f", matches capped at {setting.match}" if setting.match < setting.pot else "")
    how = "all at once" if setting.simultaneous else "in turn"
    carried = "; the pot left for the next deal shared evenly" if setting.carry else ""
    console.print(f"{_HELP[setting.game].capitalize()}, {setting.players} players, pot "
                  f"{setting.pot}{cap}; declaring {how}{carried}", soft_wrap=True)
    table = Table(show_header=True, header_style="bold")
    for column in ("decision", "stays with", "and also", "mixes", "hands in"):
        table.add_column(column)
    for player, heard in solution.decisions():
        low = solution.threshold(player, heard)
        mixes = [f"{n} {100 * f:.0f}%" for n, f in solution.mixed(player, heard).items()]
        also = solution.exceptions(player, heard)
        mixed = ", ".join(mixes[:SHOWN]) + (f" (+{len(mixes) - SHOWN})"
                                             if len(mixes) > SHOWN else "")
        table.add_row(solution.label(player, heard),
                      "nothing" if low is None else f"{low} or better",
                      ", ".join(also[:SHOWN]) + (f" (+{len(also) - SHOWN})"
                                                 if len(also) > SHOWN else ""),
                      mixed, f"{100 * solution.share(player, heard):.1f}%")
    console.print(table)
    values = ", ".join(f"seat {i + 1} {float(v):+.3f}"
                       for i, v in enumerate(solution.evaluation.values))
    console.print(f"Chips per deal with this play: {values}", soft_wrap=True)
    deals = ("every combination of hands" if setting.exact
             else f"{solution.deals:,} random deals")
    console.print(f"Exploitability {solution.exploitability:.2e} chips per deal (summed "
                  f"over the players; exact over {deals}) after {solution.iterations} "
                  "CFR+ iterations", soft_wrap=True)
