"""The ``pokerroom`` command: one typer app that every command module registers on."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="pokerroom",
    help=(
        "Deal and rule every game in the rulebook: play at the terminal against bots, rank "
        "and compare hands, compute exact odds, analyze casino games, replay histories.\n\n"
        "Examples:\n\n"
        "  pokerroom games\n\n"
        "  pokerroom rank holdem 'As Kd' --board 'Qh Jc Ts'\n\n"
        "  pokerroom play herbie --seats 5"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("pokerroom")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree only
            number = "unknown (not installed)"
        typer.echo(f"pokerroom {number}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True,
        help="Print the version and exit.")) -> None:
    """Deal and rule every game in the rulebook."""
