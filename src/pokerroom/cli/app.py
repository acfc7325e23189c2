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
