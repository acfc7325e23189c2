"""``pokerroom serve``: run the web card room on this machine."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from pokerroom.cli.app import app
from pokerroom.errors import PokerroomError


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0: all)."),
    port: int = typer.Option(8000, help="TCP port."),
    database: str = typer.Option(
        "", "--database", envvar="DATABASE_URL",
        help="SQLAlchemy URL; default: a SQLite file pokerroom.sqlite3 here. "
             "PostgreSQL: postgresql://user@host/dbname"),
    shared: bool = typer.Option(
        False, "--shared/--single",
        help="Other processes serve the same database (on by default for PostgreSQL)."),
    bot_delay: float = typer.Option(0.6, help="Seconds a bot waits before acting."),
) -> None:
    """Open the card room in the browser: private tables for every game, with bots.

    Examples:

      pokerroom serve                      # http://127.0.0.1:8000, SQLite file here

      DATABASE_URL=postgresql://postgres@127.0.0.1/poker pokerroom serve --port 8001
    """
    try:
        import uvicorn

        from pokerroom.server.app import create_app
        from pokerroom.server.service import Timing
        from pokerroom.server.storage import default_url
    except ImportError as err:
        typer.echo(f"error: the card room needs pokerroom's server extra ({err.name} is not "
                   "installed): pip install 'pokerroom[server]'", err=True)
        raise typer.Exit(2) from None

    url = database or default_url(Path(os.getcwd()))
    try:
        application = create_app(url, timing=Timing(
            bot_delay=bot_delay, shared=shared or url.startswith("postgres")))
    except PokerroomError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(2) from None
    except Exception as err:  # a database that cannot be reached or migrated
        typer.echo(f"error: cannot open the database: {err.__class__.__name__}: "
                   f"{str(err).splitlines()[0] if str(err) else ''}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"pokerroom card room on http://{host}:{port}/  (database: "
               f"{url.split('@')[-1] if '@' in url else url})")
    uvicorn.run(application, host=host, port=port, log_level="warning",
                ws_max_size=65536)
