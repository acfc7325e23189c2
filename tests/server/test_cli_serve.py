"""``pokerroom serve``: bad settings exit with code 2 and one clear line."""

from __future__ import annotations

from typer.testing import CliRunner

from pokerroom.cli import app  # the typer app with every command registered


def test_serve_with_an_unusable_database_exits_2() -> None:
    result = CliRunner().invoke(app, ["serve", "--database", "nosuchdb://nowhere"])
    assert result.exit_code == 2
    assert "cannot open the database" in result.output
    assert "Traceback" not in result.output


def test_serve_help_shows_examples() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "pokerroom serve" in result.output and "DATABASE_URL" in result.output
