"""``pokerroom replay FILE.phh``: read a PHH hand history, replay it through the engine
(every step validated) and print the result.

A malformed or illegal history prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.app import app
from pokerroom.errors import HistoryError, PokerroomError

__all__ = ["replay_command"]


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(help="A PHH hand history (.phh, TOML).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Replay a PHH hand history and print the finishing stacks.

    Example: pokerroom replay hand.phh --json
    """
    from pokerroom.notation import loads, player_seats

    try:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise HistoryError(f"cannot read {path}: {err}") from None
        hand = loads(text)
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    seats = player_seats(hand)
    stacks = [hand.final_stacks[s] for s in seats]
    if as_json:
        typer.echo(json.dumps({"finishing_stacks": stacks}))
        return
    state = "over" if hand.is_over else "not finished"
    typer.echo(f"{hand.variant.title}: {len(seats)} players, hand {state}")
    for i, (seat, stack) in enumerate(zip(seats, stacks, strict=True), start=1):
        typer.echo(f"  p{i} (seat {seat + 1}): {hand.start_stacks[seat]} -> {stack}")
    if hand.result is not None:
        for shown in hand.result.shown:
            words = " / ".join(w for w in (shown.high, shown.low) if w)
            typer.echo(f"  p{seats.index(shown.seat) + 1} shows {words}")
