"""``pokerroom solve icm-pushfold``: the push/fold equilibrium of a final table of 2 to 6
players with ICM payoffs. It prints every seat's shoving chart and the calling charts
against a single shover on the 13×13 grid, the overcalling ranges as text (all of them
as text with ``--compact``), or with ``--json`` every range.

Bad input (a stack that does not cover the ante and the big blind, more than six
stacks, more places paid than players, blinds not ``SB/BB``) prints one line on stderr
and exits with 2.

>>> parse_stacks_or_blinds("5000, 12.5bb", 200)
[5000, 2500]
>>> parse_blinds("100/200")
(100, 200)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from pokerroom.cli.solve import solve_app
from pokerroom.cli.solve_common import Iterations, Json, Seed, chart, emit, solved
from pokerroom.errors import ConfigError

__all__ = ["icm_pushfold_command", "parse_blinds", "parse_stacks_or_blinds"]


def parse_blinds(text: str) -> tuple[int, int]:
    """``"SB/BB"`` in chips."""
    parts = text.replace(" ", "").split("/")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ConfigError(f"--blinds takes SB/BB in whole chips, e.g. 100/200, not {text!r}")
    return int(parts[0]), int(parts[1])


def parse_stacks_or_blinds(text: str, big_blind: int) -> list[int]:
    """Comma-separated stacks in chips, or in big blinds with a ``bb`` suffix (whole
    chips once multiplied)."""
    out = []
    for part in (p.strip().lower() for p in text.split(",")):
        try:
            if part.endswith("bb"):
                chips = float(part[:-2]) * big_blind
                if not chips.is_integer():
                    raise ValueError
                out.append(int(chips))
            else:
                out.append(int(part))
        except ValueError:
            raise ConfigError(f"--stacks takes chips or big blinds ('5000' or '25bb', "
                              f"whole chips), not {part!r}") from None
    return out


def _numbers(text: str, what: str) -> list[int]:
    try:
        return [int(p) for p in text.replace(" ", "").split(",")]
    except ValueError:
        raise ConfigError(f"{what} takes whole numbers separated by commas, "
                          f"not {text!r}") from None


@solve_app.command("icm-pushfold")
def icm_pushfold_command(
    stacks: Annotated[str, typer.Option(
        "--stacks", help="The stacks in the order the players act, the small blind and "
        "the big blind last (2 to 6 players): chips, or big blinds with a 'bb' suffix "
        "(e.g. 5000,3000,2000 or 25bb,15bb,10bb).")],
    blinds: Annotated[str, typer.Option("--blinds", help="SB/BB in chips.")] = "100/200",
    ante: Annotated[int, typer.Option("--ante", help="The ante each player posts, in "
                                      "chips.")] = 0,
    payouts: Annotated[str, typer.Option(
        "--payouts", help="The prizes of the places still paid, first place first "
        "(e.g. 50,30,20).")] = "50,30,20",
    deals: Annotated[int | None, typer.Option(
        "--deals", help="Random deals the game is solved over (default: from 200,000 "
        "at three players to 20,000 at six; more is closer to the true game, slower).")
    ] = None,
    boards: Annotated[int, typer.Option(
        "--boards", help="Random boards per deal for the showdowns of three or more "
        "players (two-player showdowns are exact).")] = 4,
    iterations: Iterations = 400,
    seed: Seed = 0,
    compact: Annotated[bool, typer.Option(
        "--compact", help="Every range as text, no grids.")] = False,
    as_json: Json = False,
) -> None:
    """The ICM push/fold equilibrium at a final table: who shoves, who calls.

    Each player in turn shoves all in or folds until someone shoves; then each later
    player calls all in or folds (overcalls allowed, side pots as at the table). The
    payoff is each player's ICM equity (Malmuth-Harville) of the stacks after the hand.
    Solved by CFR+ over random deals of the whole deck; the exploitability printed is
    exact for that set of deals (docs/strategy.md).

    Examples: pokerroom solve icm-pushfold --stacks 5000,3000,2000 --blinds 100/200
    --payouts 50,30,20; pokerroom solve icm-pushfold --stacks 20bb,15bb,10bb,8bb
    --ante 25 --payouts 50,30,20 --json
    """
    from pokerroom.strategy.icm_game import IcmGame, IcmTable, sample_deals
    from pokerroom.strategy.icm_pushfold import IcmSolution, default_deals, solve_icm

    def work(progress: Callable[[int, int], None]) -> object:
        small, big = parse_blinds(blinds)
        table = IcmTable.build(parse_stacks_or_blinds(stacks, big), small, big, ante,
                            _numbers(payouts, "--payouts"))
        count = default_deals(table.seats) if deals is None else deals
        game = IcmGame.build(table, sample_deals(table.seats, count, seed),
                             boards=boards, seed=seed + 1)
        return solve_icm(game, iterations=iterations, progress=progress)

    solution = solved(as_json, "CFR+ iterations", work)
    assert isinstance(solution, IcmSolution)
    emit(as_json, solution.to_json, lambda: _print(solution, compact))


def _print(solution: object, compact: bool) -> None:
    from rich.console import Console

    from pokerroom.strategy.icm_game import position_names
    from pokerroom.strategy.icm_pushfold import PURE, IcmSolution

    assert isinstance(solution, IcmSolution)
    game, console = solution.game, Console()
    table = game.table
    names = position_names(table.seats)
    seats = ", ".join(f"{n} {s}" for n, s in zip(names, table.stacks, strict=True))
    ante = f", ante {table.ante}" if table.ante else ""
    prizes = ",".join(f"{float(p):g}" for p in table.prizes)
    console.print(f"ICM push/fold: {seats}; blinds {table.small_blind}/{table.big_blind}"
                  f"{ante}; payouts {prizes}", soft_wrap=True)

    ranges = solution.ranges()
    for node in game.nodes:
        title = f"{node.label} ({100 * solution.share(node.label):.1f}% of hands)"
        if compact or node.callers:
            console.print(f"{title}: {', '.join(ranges[node.label]) or 'nothing'}",
                          soft_wrap=True)
        else:
            console.print(chart(title, solution.frequencies(node.label), PURE))
    mixed = [f"{label}: " + ", ".join(f"{n} {100 * f:.0f}%" for n, f in mix.items())
             for label, mix in solution.mixed().items()]
    if mixed:
        console.print("Mixed (ranges list a class played at least half the time): "
                      + "; ".join(mixed), soft_wrap=True)
    equity = ", ".join(f"{n} {float(v):.3f}" for n, v in
                       zip(names, solution.values, strict=True))
    console.print(f"ICM equity with this play: {equity}", soft_wrap=True)
    console.print(f"Exploitability {solution.exploitability:.2e} (prize units, summed over "
                  f"the players; exact over {len(game.deals.weight):,} deals) after "
                  f"{solution.iterations} CFR+ iterations", soft_wrap=True)
