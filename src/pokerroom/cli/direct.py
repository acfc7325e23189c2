"""Calling a typer command without typer's parser, for the command lines it reads as
typer would.

Typer checks and converts every parameter through pydantic, which costs more to import
than a quick command takes to run. For the commands marked ``direct`` in
:mod:`pokerroom.cli.manifest`, the launcher asks :func:`bind` to read the arguments from
the command's own typer declarations (the same ``typer.Option``/``typer.Argument``
objects typer reads, through typer's own ``get_params_from_function``). :func:`bind`
takes only plain shapes: string, integer, path and flag options spelled ``--name VALUE``,
``--name=VALUE``, ``-n VALUE`` or ``--flag``; repeatable options; positional arguments,
the last one possibly taking the rest. Anything else (``--help``, an unknown or
misspelt option, a missing argument, a value that starts with ``-``, an option
declared with checks, callbacks or environment variables) gives ``None``, and the
launcher hands the whole command line to typer, which answers or explains the error as
always. :func:`call` then runs the command and ends the way typer ends one: the exit
code of a ``typer.Exit``, 0 otherwise.

``tests/cli/test_startup.py`` runs the same command lines both ways and compares what
they print.

>>> def greet(name: str, loud: bool = False) -> None: ...
>>> bind(greet, ["Ann"]) is None  # a bool option with no ``typer.Option`` declaration
True
>>> import typer
>>> from typing import Annotated
>>> def deal(game: Annotated[str, typer.Argument()],
...          history_dir: Annotated[str, typer.Option()] = "histories") -> None: ...
>>> bind(deal, ["holdem", "--history-dir", "old"])
{'history_dir': 'old', 'game': 'holdem'}
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from inspect import Parameter
from pathlib import Path
from typing import Any, Union, get_args, get_origin

__all__ = ["bind", "call", "has_readable_params"]

# ParameterInfo attributes that may differ from their defaults: they change only the
# help screen, never how a value is read.
_HELP_ONLY = frozenset({"default", "param_decls", "help", "metavar", "show_default",
                        "rich_help_panel", "hidden", "show_choices", "show_envvar"})
_PLAIN = (str, int, Path)


@dataclass
class _Param:
    name: str
    kind: type  # str, int, Path or bool
    many: bool  # a repeatable option, or the argument that takes the rest
    default: Any
    required: bool
    names: tuple[str, ...] = ()  # option names; none for an argument


def _element(annotation: Any) -> tuple[type, bool] | None:
    """``(element type, many)`` of a supported annotation, else ``None``."""
    many = False
    if get_origin(annotation) in (Union, type(int | None)):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) != 1:
            return None
        annotation = args[0]
    if get_origin(annotation) is list:
        (annotation,) = get_args(annotation)
        many = True
    if annotation is bool and not many:
        return bool, False
    if annotation in _PLAIN:
        return annotation, many
    return None


def _params(fn: Callable[..., Any]) -> list[_Param] | None:
    from typer.models import ArgumentInfo, OptionInfo, ParameterInfo
    from typer.utils import get_params_from_function

    params: list[_Param] = []
    for meta in get_params_from_function(fn).values():
        shape = _element(meta.annotation)
        if shape is None:
            return None
        kind, many = shape
        info = meta.default
        if not isinstance(info, ParameterInfo):
            return None  # typer's implicit options: spelt from the name, bool pairs
        fresh = type(info)()
        if any(getattr(fresh, k, None) != v for k, v in vars(info).items()
               if k not in _HELP_ONLY):
            return None
        required = info.default is ... or info.default is Parameter.empty
        default = None if required else info.default
        if isinstance(info, OptionInfo):
            names = tuple(info.param_decls or ())
            if not names and kind is not bool:
                # typer spells an option declared without names from its parameter
                names = ("--" + meta.name.replace("_", "-"),)
            if not names or any(not n.startswith("-") or "/" in n for n in names):
                return None
            if required or (kind is bool and default is not False):
                return None
            params.append(_Param(meta.name, kind, many, default, False, names))
        elif isinstance(info, ArgumentInfo):
            if kind is bool:
                return None
            params.append(_Param(meta.name, kind, many, default, required))
        else:
            return None
    return params


def has_readable_params(fn: Callable[..., Any]) -> bool:
    """True when :func:`bind` can read ``fn``'s parameters at all."""
    return _params(fn) is not None


def _convert(param: _Param, text: str) -> Any:
    if param.kind is int:
        return int(text) if text.isascii() and text.isdigit() else None
    if param.kind is Path:
        return Path(text) if text else None
    return text


def bind(fn: Callable[..., Any], args: Sequence[str]) -> dict[str, Any] | None:
    """The keyword arguments typer would call ``fn`` with for ``args``, when the command
    line is of a plain shape (see the module docstring); otherwise ``None``."""
    params = _params(fn)
    if params is None:
        return None
    options = {name: p for p in params if p.names for name in p.names}
    positional = [p for p in params if not p.names]
    if any(p.many for p in positional[:-1]):
        return None
    values: dict[str, Any] = {}
    loose: list[str] = []
    tokens = list(args)
    while tokens:
        token = tokens.pop(0)
        if not token.startswith("-"):
            loose.append(token)
            continue
        name, eq, attached = token.partition("=")
        param = options.get(name)
        if param is None or (eq and (param.kind is bool or not name.startswith("--"))):
            return None
        if param.kind is bool:
            values[param.name] = True
            continue
        if not eq:
            if not tokens or tokens[0].startswith("-"):
                return None
            attached = tokens.pop(0)
        value = _convert(param, attached)
        if value is None:
            return None
        if param.many:
            values.setdefault(param.name, []).append(value)
        else:
            values[param.name] = value
    for param in positional:
        if param.many:
            taken, loose = loose, []
        else:
            taken, loose = loose[:1], loose[1:]
        if not taken:
            if param.required:
                return None
            values[param.name] = param.default
            continue
        converted = [_convert(param, t) for t in taken]
        if any(v is None for v in converted):
            return None
        values[param.name] = converted if param.many else converted[0]
    if loose:
        return None
    for param in params:
        values.setdefault(param.name, param.default)
    return values


def call(fn: Callable[..., Any], kwargs: dict[str, Any]) -> int:
    """Run ``fn(**kwargs)`` as typer would run the command; the process exit code."""
    from typer import Abort, Exit
    from typer._click.exceptions import ClickException

    try:
        fn(**kwargs)
    except Exit as done:
        return done.exit_code
    except KeyboardInterrupt:
        return 130
    except ClickException as err:
        from typer import rich_utils

        rich_utils.rich_format_error(err)
        return err.exit_code
    except (Abort, EOFError) as stop:
        if isinstance(stop, EOFError):
            print(file=sys.stderr)
        from typer import rich_utils

        rich_utils.rich_abort_error()
        return 1
    except OSError as err:
        if err.errno != errno.EPIPE:
            raise
        # the reader went away (``pokerroom games | head -1``): end quietly, as typer does
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 0
