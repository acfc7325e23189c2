"""Command line entry point. Each command lives in its own module and registers itself
on :data:`pokerroom.cli.app.app` when imported here."""

from __future__ import annotations

# Command modules (each registers its commands on ``app`` when imported).
from pokerroom.cli import commands_registry  # noqa: F401  (keeps import order explicit)
from pokerroom.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    """Run the ``pokerroom`` command."""
    app()
