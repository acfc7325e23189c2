"""Command line entry point.

``pokerroom`` runs :func:`main`, which imports only the modules of the command asked
for (:mod:`pokerroom.cli.launch`). Each command lives in its own module and registers
itself on the typer app of :mod:`pokerroom.cli.app` when imported. The attribute
``pokerroom.cli.app`` is that typer app with every command module loaded, loaded at the
first look (``from pokerroom.cli import app``, for typer's test runner and scripts), as
it always was; importing this package alone imports no command module and not typer.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerroom.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    """Run the ``pokerroom`` command."""
    from pokerroom.cli.launch import run_and_exit as launch

    launch()


class _Package(types.ModuleType):
    """This package, whose ``app`` attribute loads every command on first use."""

    @property
    def app(self) -> Any:
        from pokerroom.cli import commands_registry  # noqa: F401  (registers every command)

        return sys.modules["pokerroom.cli.app"].app

    @app.setter
    def app(self, module: Any) -> None:
        """The import system records the submodule :mod:`pokerroom.cli.app` here; it
        stays in ``sys.modules`` and the attribute keeps naming the typer app."""


sys.modules[__name__].__class__ = _Package
