"""``pokerroom icm`` and ``pokerroom chop``: tournament equities and deals.

Both take the stacks of the players left, in any order, and the prizes still to be paid:
``--payouts`` as percentages summing to 100 of ``--pool`` (100 by default, so that
equities read as percentages of the pool), or ``--prizes`` as amounts. Bad input (a
stack that is not a whole number above 0, percentages that do not sum to 100, more
places paid than players) prints one line on stderr and exits with 2.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Annotated

import typer

from pokerroom.cli.app import app
from pokerroom.errors import PokerroomError, TournamentError

__all__ = ["chop_command", "icm_command", "parse_stacks"]

_STACKS_HELP = "The chips of each player left (whole numbers above 0), e.g. 5000 3000 2000."
_PAYOUTS_HELP = ("The places paid, first place first, as percentages summing to 100, "
                 "e.g. 50,30,20.")
_PRIZES_HELP = "The places paid, first place first, as amounts, e.g. 500,300,200."
_POOL_HELP = "With --payouts: the prize pool the percentages share (default 100)."
_LOOSE = {"ignore_unknown_options": True}  # '-5000' is a (bad) stack, not an option


def parse_stacks(texts: Sequence[str]) -> list[int]:
    """The stacks of the command line, or a typed error naming the first bad one.

    >>> parse_stacks(["5000", "3000"])
    [5000, 3000]
    >>> parse_stacks(["5000", "-3000"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: stacks[2]: player 2's stack must be ... not '-3000'
    """
    if not texts:
        raise TournamentError("stacks", "give the stack of each player left")
    stacks = []
    for player, text in enumerate(texts, 1):
        if text.startswith("--"):
            raise TournamentError("options", f"no such option: {text}")
        digits = text.replace("_", "")
        if not (digits.isascii() and digits.isdigit()) or int(digits) < 1:
            raise TournamentError(f"stacks[{player}]", f"player {player}'s stack must be a "
                                  f"whole number of chips above 0, not {text!r}")
        stacks.append(int(digits))
    return stacks


def _whole(name: str, text: str) -> int:
    digits = text.strip().replace("_", "")
    if not (digits.isascii() and digits.isdigit()):
        raise TournamentError(name, f"must be a whole number of at least 0, not {text!r}")
    return int(digits)


def _prizes(payouts: str | None, prizes: str | None, pool: str | None,
            whole: bool) -> tuple[Fraction, ...]:
    """The prizes to pay, from ``--payouts``/``--pool`` or ``--prizes``; whole units
    (by the payout rounding rule) when ``whole``."""
    from pokerroom.tournament import payouts as payout_rules

    if (payouts is None) == (prizes is None):
        raise TournamentError("payouts", "give either --payouts (percentages) or --prizes "
                                         "(amounts)")
    if prizes is not None:
        if pool is not None:
            raise TournamentError("pool", "--pool goes with --payouts, not --prizes")
        amounts = tuple(Fraction(_whole(f"prizes[{i}]", part))
                        for i, part in enumerate(prizes.split(","), 1))
        if any(a < b for a, b in pairwise(amounts)):
            raise TournamentError("prizes", "a place is paid more than the place above it")
        return amounts
    shares = payout_rules.parse_percentages(payouts or "")
    total = _whole("pool", pool) if pool is not None else 100
    if whole:
        return tuple(map(Fraction, payout_rules.prizes(total, shares)))
    return tuple(share * total / 100 for share in shares)


def _amount(value: Fraction) -> str:
    """A prize or equity: whole numbers as they are, others to two decimals."""
    return f"{value.numerator:,}" if value.denominator == 1 else f"{float(value):,.2f}"


@app.command("icm", context_settings=_LOOSE)
def icm_command(
    stacks: Annotated[list[str], typer.Argument(help=_STACKS_HELP, show_default=False)],
    payouts: Annotated[str | None, typer.Option("--payouts", "-p",
                                                help=_PAYOUTS_HELP)] = None,
    prizes: Annotated[str | None, typer.Option("--prizes", help=_PRIZES_HELP)] = None,
    pool: Annotated[str | None, typer.Option("--pool", help=_POOL_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Tournament equity of each stack by the Independent Chip Model (Malmuth-Harville).

    Examples: pokerroom icm 5000 3000 2000 --payouts 50,30,20 (equities in percent of the
    pool); pokerroom icm 5000 3000 2000 --prizes 500,300,200 --json
    """
    from pokerroom.tournament.icm import icm_equities

    try:
        chips = parse_stacks(stacks)
        paid = _prizes(payouts, prizes, pool, whole=False)
        equities = icm_equities(chips, paid)
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps({"equities": [float(e) for e in equities]}))
        return
    from rich.console import Console
    from rich.table import Table

    total_chips = sum(chips)
    total = sum(paid, Fraction(0))
    table = Table(title="ICM equities, prizes " + " / ".join(_amount(p) for p in paid))
    for name in ("player", "stack", "chips", "equity", "of the prizes"):
        table.add_column(name, justify="left" if name == "player" else "right")
    for player, (stack, equity) in enumerate(zip(chips, equities, strict=True), 1):
        table.add_row(str(player), f"{stack:,}", f"{100 * stack / total_chips:.2f}%",
                      f"{float(equity):,.2f}", f"{float(100 * equity / total):.2f}%" if total
                      else "-")
    Console().print(table)


@app.command("chop", context_settings=_LOOSE)
def chop_command(
    stacks: Annotated[list[str], typer.Argument(help=_STACKS_HELP, show_default=False)],
    payouts: Annotated[str | None, typer.Option("--payouts", "-p",
                                                help=_PAYOUTS_HELP)] = None,
    prizes: Annotated[str | None, typer.Option("--prizes", help=_PRIZES_HELP)] = None,
    pool: Annotated[str | None, typer.Option("--pool", help=_POOL_HELP)] = None,
    save: Annotated[str, typer.Option(
        "--save", help="Units of first place's prize set aside and played on for (the "
                       "winner takes them); the deal shares the rest.")] = "0",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """A deal of the prizes left: each player's share by ICM and by chip count.

    Amounts are whole units (the largest remainder gets the odd unit). The chip count
    deal pays every player the next place's prize, then shares the rest by chips.
    Examples: pokerroom chop 100000 70000 50000 20000 --prizes 200,120,80,50;
    pokerroom chop 5000 3000 2000 --payouts 50,30,20 --pool 900 --save 100
    """
    from pokerroom.tournament.deal import chip_deal, icm_deal

    try:
        chips = parse_stacks(stacks)
        paid = [int(p) for p in _prizes(payouts, prizes, pool, whole=True)]
        kept = _whole("save", save)
        by_icm = icm_deal(chips, paid, save=kept)
        by_chips = chip_deal(chips, paid, save=kept)
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps({"prizes": paid, "save": kept, "icm": list(by_icm.amounts),
                               "chips": list(by_chips.amounts),
                               "icm_exact": [float(e) for e in by_icm.exact]}))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Deal of {sum(paid) - kept:,}: prizes "
                        + " / ".join(f"{p:,}" for p in paid),
                  caption=f"and {kept:,} to the winner of the play-on" if kept else None)
    for name in ("player", "stack", "chips", "ICM", "chip count"):
        table.add_column(name, justify="left" if name == "player" else "right")
    for player, stack in enumerate(chips, 1):
        table.add_row(str(player), f"{stack:,}", f"{100 * stack / sum(chips):.2f}%",
                      f"{by_icm.amounts[player - 1]:,}", f"{by_chips.amounts[player - 1]:,}")
    Console().print(table)
