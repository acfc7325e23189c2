"""What the ``pokerroom solve`` tests share: running the program through its launcher as
a user runs it, and the check that bad settings are refused in one line."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

from pokerroom.cli.launch import run


def run_cli(args: list[str]) -> tuple[int, str, str]:
    """The exit code, stdout and stderr of ``pokerroom ARGS``."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run(args, prog="pokerroom")
    return code, out.getvalue(), err.getvalue()


def assert_refused(args: list[str], message: str) -> None:
    """``pokerroom ARGS`` prints ``error: MESSAGE...`` as one line on stderr, nothing on
    stdout, and exits with 2."""
    code, out, err = run_cli(args)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {message}") and err.count("\n") == 1
