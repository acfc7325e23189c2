"""The ``pokerroom`` command: one typer app that every command module registers on."""

from __future__ import annotations

import typer

from pokerroom.cli.manifest import APP_HELP

app = typer.Typer(
    name="pokerroom",
    help=APP_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def print_version() -> None:
    """``pokerroom X.Y.Z``: the installed version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("pokerroom")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree only
        number = "unknown (not installed)"
    print(f"pokerroom {number}")


def _version(value: bool) -> None:
    if value:
        print_version()
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True,
        help="Print the version and exit.")) -> None:
    """Deal and rule every game in the rulebook."""
