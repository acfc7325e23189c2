"""``pokerroom stats FILE...``: each player's figures over hand histories, as a hand
tracker counts them: hands, VPIP, PFR, 3-bet, aggression factor, went to showdown, won
at showdown, bb/100 and the net by position (definitions in docs/histories.md).

The files are PHH (one hand, a set, or the card room's download), PokerStars text or
PokerNow CSV logs, told apart by their text as ``pokerroom import`` does; every hand is
replayed (and so checked) before it counts. The preflop and postflop figures count only
hands of board games with blinds (hold'em and Omaha); hands of the other games count in
the hands, the net and bb/100 (games with blinds), and the home games not at all.

One bad hand never costs the others: each is reported on stderr (``FILE:LINE: why``) and
the summary ``counted N of M hands`` ends the report (with ``--json``, only when a hand
was refused). ``--strict`` stops at the first.
The exit status: 0 every hand counted; 1 some were refused; 2 nothing was counted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from pokerroom.cli.app import app

__all__ = ["stats_command"]

_POKERSTARS = re.compile(r"^\ufeff?PokerStars (?:Hand|Game|Zoom Hand) #\d+:", re.MULTILINE)


@app.command("stats")
def stats_command(
    files: Annotated[list[Path], typer.Argument(
        help="PHH (.phh, .phhs), PokerStars hand histories (.txt) or PokerNow logs (.csv).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Stop at the first hand that cannot be counted.")] = False,
) -> None:
    """Each player's hands, VPIP, PFR, 3-bet, aggression, showdowns and bb/100.

    Exit status: 0 every hand counted, 1 some were refused (each reported on stderr), 2
    nothing counted. Examples: pokerroom stats hands.phhs; pokerroom stats
    HH20261129.txt poker_now_log.csv --json
    """
    from pokerroom.errors import PokerroomError
    from pokerroom.games import variants
    from pokerroom.history.stats import PlayerStats, check_poker, hand_lines_of, tally

    players: dict[str, PlayerStats] = {}
    counted = refused = flop_hands = 0
    for where, data in _hands(files):
        try:
            if isinstance(data, str):
                raise PokerroomError(data)
            check_poker(data, variants())
            lines = hand_lines_of(data, variants())
        except PokerroomError as err:
            refused += 1
            typer.echo(f"error: {where}: {err}", err=True)
            if strict:
                break
            continue
        tally(lines, players)
        counted += 1
        flop_hands += bool(lines) and lines[0].flop_game
    rows = [players[name].figures() for name in
            sorted(players, key=lambda n: (-players[n].hands, n))]
    if as_json:
        typer.echo(json.dumps({"hands": counted, "flop_game_hands": flop_hands,
                               "players": rows}, indent=1))
    elif rows:
        _print(rows, counted, flop_hands)
    if refused or not as_json:      # --json: quiet when every hand counts
        stopped = " (stopped at the first bad hand: --strict)" if strict and refused else ""
        typer.echo(f"counted {counted} of {counted + refused} hands{stopped}", err=True)
    if refused or not counted:
        raise typer.Exit(1 if counted else 2)


def _hands(files: list[Path]) -> Iterator[tuple[str, dict[str, Any] | str]]:
    """Each hand of the files as ``(where, PHH dict)``, or ``(where, why)`` for one that
    cannot be read (a file that cannot be read, or holds no hand, is one such)."""
    from pokerroom.errors import HistoryError
    from pokerroom.games import variants
    from pokerroom.history.importing import ImportedHand
    from pokerroom.history.reading import hand_lines, is_pokernow, iter_imported, read_phh_set
    from pokerroom.history.text_encoding import decode_history

    for path in files:
        try:
            text = decode_history(path.read_bytes())
        except OSError as err:
            yield str(path), f"cannot read the file: {err}"
            continue
        if is_pokernow(text) or _POKERSTARS.search(text):
            for item in iter_imported(text, str(path), variants=variants()):
                if isinstance(item, ImportedHand):
                    yield f"{path}:{item.line}", item.data
                else:
                    yield f"{item.path}:{item.line}", item.reason
            continue
        try:
            hands, is_set, unread = read_phh_set(text, name=str(path))
        except HistoryError as err:
            yield str(path), str(err)
            continue
        for problem in unread:
            yield f"{problem.path}:{problem.line}", problem.reason
        lines = hand_lines(text) if is_set else {}
        for number, data in hands.items():
            yield (f"{path}:{lines[number]}: hand {number}" if number in lines
                   else str(path)), data


def _print(rows: list[dict[str, Any]], counted: int, flop_hands: int) -> None:
    """The figures as two tables: the figures, and the net by position."""
    from rich.console import Console
    from rich.table import Table

    def shown(value: object, suffix: str = "") -> str:
        return "-" if value is None else f"{value}{suffix}"

    table = Table(title=f"Players over {counted} hands")
    for head in ("Player", "Hands", "VPIP", "PFR", "3-bet", "AF", "WTSD", "W$SD",
                 "bb/100", "Net (bb)"):
        table.add_column(head, justify="left" if head == "Player" else "right")
    for row in rows:
        table.add_row(row["player"], str(row["hands"]), shown(row["vpip"], "%"),
                      shown(row["pfr"], "%"), shown(row["three_bet"], "%"),
                      shown(row["aggression_factor"]), shown(row["wtsd"], "%"),
                      shown(row["wsd"], "%"), shown(row["bb_per_100"]), str(row["net_bb"]))
    places = sorted({p for row in rows for p in row["net_bb_by_position"]},
                    key=_position_order)
    by_place = Table(title="Net by position (big blinds)")
    by_place.add_column("Player")
    for place in places:
        by_place.add_column(place, justify="right")
    for row in rows:
        by_place.add_row(row["player"], *(shown(row["net_bb_by_position"].get(p))
                                          for p in places))
    console = Console(width=120, highlight=False)
    console.print(table)
    if places:
        console.print(by_place)
    if flop_hands < counted:
        console.print(f"VPIP, PFR, 3-bet, AF, WTSD and W$SD count the {flop_hands} hands "
                      "of board games with blinds (hold'em, Omaha); the other "
                      f"{counted - flop_hands} count in hands, net and bb/100 only.")


_ORDER = ("UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN", "SB", "BB")


def _position_order(place: str) -> tuple[int, str]:
    """Positions in the order of the preflop action (others after, by name).

    >>> sorted(["BB", "CO", "UTG", "p1"], key=_position_order)
    ['UTG', 'CO', 'BB', 'p1']
    """
    return (_ORDER.index(place), "") if place in _ORDER else (len(_ORDER), place)
