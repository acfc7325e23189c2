"""The compiled hand machine: which modules are built, and whether the build is in use.

``make install`` compiles the hand machine's modules (:data:`MODULES`) with mypyc into C
extensions beside their sources, and Python then loads an extension in place of its
source: the same code, about twice as fast. The sources load instead, every one of them
(a compiled module of the group cannot run beside a source one), when

- the environment sets ``POKERROOM_PURE_PYTHON=1`` (the test suite runs the hand
  machine's tests this way too, so the pure-Python path stays tested), or
- in a checkout, a source has changed since the build: a warning says so, and
  ``make install`` (which ``make test`` runs) builds again.

:func:`use_sources_if_needed` decides, once, when :mod:`pokerroom` is first imported.

>>> "pokerroom.engine.state" in MODULES
True
>>> state().reason in ("compiled", "no compiled build", "POKERROOM_PURE_PYTHON is set",
...                    "the compiled build is incomplete", "the compiled build is out of date")
True
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

__all__ = ["GROUP", "LIBRARY", "MODULES", "PURE_ENV", "BuildState", "state",
           "use_sources_if_needed"]

MODULES: tuple[str, ...] = (
    "pokerroom.engine.actions",
    "pokerroom.engine.betting",
    "pokerroom.engine.builders",
    "pokerroom.engine.draws",
    "pokerroom.engine.phases",
    "pokerroom.engine.plan",
    "pokerroom.engine.pots",
    "pokerroom.engine.rounds",
    "pokerroom.engine.settle",
    "pokerroom.engine.showdown",
    "pokerroom.engine.state",
)
"""The modules compiled together (one mypyc group)."""

GROUP = "pokerroom.engine.native"
"""The group's name."""

LIBRARY = f"{GROUP}__mypyc"
"""The group's shared library, a module of its own."""

PURE_ENV = "POKERROOM_PURE_PYTHON"
"""Set to ``1`` to run the sources even where a compiled build is present."""

_PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class BuildState:
    """Whether the compiled build runs (``compiled``), and why (``reason``)."""

    compiled: bool
    reason: str


def _source(module: str, root: Path = _PACKAGE) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def _extension(module: str, root: Path) -> Path | None:
    source = _source(module, root)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def _decide(environ: Mapping[str, str], root: Path = _PACKAGE,
            checkout: bool | None = None) -> BuildState:
    """The decision for the sources under ``root`` (the folder holding ``pokerroom``).
    The group's shared library holds the compiled code of every module (each module's
    own extension only loads it), so in a checkout (``setup.py`` beside ``root``, where
    sources change) the build is current when that library is newer than every source;
    an installed package's files are as old as their installation, and trusted."""
    if checkout is None:
        checkout = (root.parent / "setup.py").exists()
    built = {module: _extension(module, root) for module in MODULES}
    library = _extension(LIBRARY, root)
    if not any(built.values()) and library is None:
        return BuildState(False, "no compiled build")
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return BuildState(False, f"{PURE_ENV} is set")
    if library is None or not all(built.values()):
        return BuildState(False, "the compiled build is incomplete")
    made = library.stat().st_mtime
    if checkout and any(_source(module, root).stat().st_mtime > made for module in MODULES):
        return BuildState(False, "the compiled build is out of date")
    return BuildState(True, "compiled")


_STATE: list[BuildState] = []


def state() -> BuildState:
    """The decision :func:`use_sources_if_needed` took (taking it if not yet taken)."""
    if not _STATE:
        _STATE.append(_decide(os.environ))
    return _STATE[0]


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources, ahead of their extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def use_sources_if_needed() -> BuildState:
    """Load the sources of :data:`MODULES` from now on unless the compiled build is
    present, complete, up to date and not turned off; warn when it is there but stale
    or incomplete. Returns the decision."""
    decided = state()
    if not decided.compiled and decided.reason != "no compiled build":
        if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceFinder())
        if decided.reason != f"{PURE_ENV} is set":
            warnings.warn(f"{decided.reason}: the hand machine runs from its sources; "
                          "`make install` builds it again", RuntimeWarning, stacklevel=2)
    return decided
