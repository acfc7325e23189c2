"""The ``pokerroom --help`` screen, drawn with rich from :mod:`pokerroom.cli.manifest`.

Typer draws the same screen only after importing every command module and its own help
machinery (a few hundred milliseconds); this module draws it from the manifest with the
same rich elements, styles and console settings, so the output is the same byte for
byte, in a terminal (colours) or not. ``tests/cli/test_startup.py`` compares the two.

>>> import io
>>> out = io.StringIO()
>>> print_app_help("pokerroom", file=out, width=80)
>>> out.getvalue().splitlines()[1].strip()
'Usage: pokerroom [OPTIONS] COMMAND [ARGS]...'
"""

from __future__ import annotations

import inspect
import os
from typing import IO

from rich.align import Align
from rich.columns import Columns
from rich.console import Console, Group
from rich.highlighter import RegexHighlighter
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.theme import Theme

from pokerroom.cli.manifest import APP_HELP, COMMANDS

__all__ = ["print_app_help"]


class _OptionHighlighter(RegexHighlighter):
    highlights = [  # noqa: RUF012  (rich reads a class attribute)
        r"(^|\W)(?P<switch>\-\w+)(?![a-zA-Z0-9])",
        r"(^|\W)(?P<option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
        r"(?P<types>\<[^\>]+\>)",
        r"(?P<usage>Usage: )",
    ]


class _NegativeHighlighter(RegexHighlighter):
    highlights = [  # noqa: RUF012
        r"(^|\W)(?P<negative_switch>\-\w+)(?![a-zA-Z0-9])",
        r"(^|\W)(?P<negative_option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
    ]


class _TypesHighlighter(RegexHighlighter):
    highlights = [  # noqa: RUF012
        r"^(?P<types_sep>(\[|<))",
        r"(?P<types_sep>\|)",
        r"(?P<types_sep>(\]|>))(\.\.\.)?$",
    ]


_THEME = {"option": "bold cyan", "switch": "bold green", "negative_option": "bold magenta",
          "negative_switch": "bold red", "types": "bold yellow", "types_sep": "dim",
          "usage": "yellow"}


def _console(file: IO[str] | None, width: int | None) -> Console:
    """A console set up as typer sets up its help console (environment included)."""
    force = True if (os.getenv("GITHUB_ACTIONS") or os.getenv("FORCE_COLOR")
                     or os.getenv("PY_COLORS")) else None
    if os.getenv("_TYPER_FORCE_DISABLE_TERMINAL"):
        force = False
    env_width = os.getenv("TERMINAL_WIDTH")
    return Console(theme=Theme(_THEME), highlighter=_OptionHighlighter(),
                   color_system="auto", force_terminal=force,
                   width=width if width is not None else int(env_width) if env_width else None,
                   file=file)


def _rich_text(text: str, style: str = "") -> Text:
    return _OptionHighlighter()(Text.from_markup(inspect.cleandoc(text), style=style))


def _table(highlight: bool) -> Table:
    return Table(highlight=highlight, show_header=False, expand=True, box=None,
                 show_lines=False, leading=0, border_style=None, row_styles=None,
                 pad_edge=False, padding=(0, 1))


def print_app_help(prog: str, *, file: IO[str] | None = None,
                   width: int | None = None) -> None:
    """Print the help of the ``pokerroom`` command (``prog`` as it was called)."""
    console = _console(file, width)
    highlighter = _OptionHighlighter()
    console.print(Padding(highlighter(f"Usage: {prog} [OPTIONS] COMMAND [ARGS]..."), 1),
                  style="bold")
    first, *rest = inspect.cleandoc(APP_HELP).split("\n\n")
    parts: list[Text] = [_rich_text(first.replace("\n", " ").strip())]
    if rest:
        parts += [Text(""), _rich_text("\n\n".join(rest), "dim")]
    console.print(Padding(Align(Group(*parts), pad=False), (0, 1, 1, 1)))

    options = _table(highlight=True)
    for flag, words in (("--version", "Print the version and exit."),
                        ("--help", "Show this message and exit.")):
        types = Text(style="bold yellow", overflow="fold")
        types.append("<bool>")
        options.add_row(highlighter(flag), highlighter(""), _NegativeHighlighter()(""),
                        _NegativeHighlighter()(""), _TypesHighlighter()(types),
                        Columns([_rich_text(words)]))
    console.print(Panel(options, border_style="dim", title="Options", title_align="left"))

    commands = _table(highlight=False)
    commands.add_column(style="bold cyan", no_wrap=True,
                        width=max(len(e.name) for e in COMMANDS))
    commands.add_column("Description", justify="left", no_wrap=False, ratio=10)
    for entry in COMMANDS:
        commands.add_row(Text(entry.name), _rich_text(entry.summary.strip()))
    console.print(Panel(commands, border_style="dim", title="Commands", title_align="left"))
