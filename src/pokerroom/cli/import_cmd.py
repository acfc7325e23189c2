"""``pokerroom import FILE...``: read PokerStars hand histories and PokerNow CSV logs into
a PHH hand-history set (``.phhs``) that ``pokerroom replay``, the odds and the card
room's replay read.

A file whose first line is a CSV header with an ``entry`` column is a PokerNow log;
any other is read as PokerStars text, in whatever encoding it was saved (UTF-8 with or
without a byte-order mark, UTF-16, Windows-1252). Every hand read is written; each line that could
not be read is printed on stderr as ``file:line: why`` (only its hand is left out), a file
in which no hand is found says so, and a summary line ends the report (``imported N of M
hands``). ``--strict`` stops at the first problem and writes nothing. The exit status: 0
every hand imported; 1 something was refused or no hand was found (the hands read are
still written, unless ``--strict``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.app import app

__all__ = ["import_command"]


@app.command("import")
def import_command(
    files: Annotated[list[Path], typer.Argument(
        help="PokerStars hand histories (.txt) or PokerNow logs (.csv).")],
    out: Annotated[Path, typer.Option(
        "--out", "-o", help="The PHH set to write (.phhs).")] = Path("imported.phhs"),
    strict: Annotated[bool, typer.Option(
        "--strict", help="Stop at the first hand or line that cannot be read.")] = False,
) -> None:
    """Read PokerStars hand histories and PokerNow CSV logs into a PHH set (.phhs).

    Examples: pokerroom import HH20261129.txt -o hands.phhs; pokerroom import
    poker_now_log.csv -o hands.phhs && pokerroom replay hands.phhs
    """
    import tomli_w

    from pokerroom.games import variants
    from pokerroom.history.importing import LineProblem
    from pokerroom.history.pokernow import read_pokernow
    from pokerroom.history.pokerstars_import import read_pokerstars
    from pokerroom.history.reading import is_pokernow
    from pokerroom.history.text_encoding import decode_history

    hands: dict[str, object] = {}
    problems: list[LineProblem] = []
    found = 0
    lookup = variants()     # every game's variants, the registry's too
    for path in files:
        try:
            text = decode_history(path.read_bytes())
        except OSError as err:
            problems.append(LineProblem(str(path), 0, f"cannot read the file: {err}"))
            continue
        result = (read_pokernow(text, str(path), variants=lookup) if is_pokernow(text)
                  else read_pokerstars(text, str(path), variants=lookup))
        found += result.found
        problems.extend(result.problems)
        if result.found == 0 and not result.problems:
            problems.append(LineProblem(str(path), 0, "no hand found in this file"))
        if strict and problems:
            typer.echo(f"error: {problems[0].message}", err=True)
            typer.echo("stopped at the first problem (--strict): nothing written", err=True)
            raise typer.Exit(1)
        for number, data in result.hands.items():
            hands[str(len(hands) + 1)] = data | {"_source": f"{path.name} #{number}"}
    for problem in problems:
        typer.echo(f"error: {problem.message}", err=True)
    if hands:
        out.write_text(tomli_w.dumps(hands), encoding="utf-8")
        typer.echo(f"{len(hands)} hand(s) written to {out}")
    typer.echo(f"imported {len(hands)} of {max(found, len(hands))} hands", err=True)
    if problems or not hands:
        raise typer.Exit(1)
