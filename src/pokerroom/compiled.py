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

# Every command of the command line imports this first: only what Python has loaded
# at start-up anyway (no pathlib, dataclasses or importlib.util, some 20 ms between them).
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, SourceFileLoader
from types import ModuleType

__all__ = ["GROUP", "LIBRARY", "MODULES", "PURE_ENV", "BuildState", "state",
           "use_sources_if_needed"]

MODULES: tuple[str, ...] = (
    "pokerroom.engine.actions",
    "pokerroom.engine.betting",
    "pokerroom.engine.blinds",
    "pokerroom.engine.builders",
    "pokerroom.engine.draws",
    "pokerroom.engine.kernel",
    "pokerroom.engine.ledger",
    "pokerroom.engine.phases",
    "pokerroom.engine.plan",
    "pokerroom.engine.pots",
    "pokerroom.engine.rounds",
    "pokerroom.engine.seats",
    "pokerroom.engine.settle",
    "pokerroom.engine.showdown",
    "pokerroom.engine.state",
    "pokerroom.engine.table",
    "pokerroom.env.handobs",
    "pokerroom.env.spots",
)
"""The modules compiled together (one mypyc group): the hand machine, the table that
deals its hands one after another (:mod:`pokerroom.engine.table`, with its seats and the
blinds of its deals, :mod:`pokerroom.engine.seats` and :mod:`pokerroom.engine.blinds`: a
learning environment deals one a few steps), and the learning environments' observer of its
hands (:mod:`pokerroom.env.handobs`), which reads the hand's lists at every step, with
its spots of plain betting (:mod:`pokerroom.env.spots`)."""

GROUP = "pokerroom.engine.native"
"""The group's name."""

LIBRARY = f"{GROUP}__mypyc"
"""The group's shared library, a module of its own."""

PURE_ENV = "POKERROOM_PURE_PYTHON"
"""Set to ``1`` to run the sources even where a compiled build is present."""

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class BuildState:
    """Whether the compiled build runs (``compiled``), and why (``reason``).

    >>> BuildState(False, "no compiled build")
    BuildState(compiled=False, reason='no compiled build')
    """

    __slots__ = ("compiled", "reason")

    def __init__(self, compiled: bool, reason: str) -> None:
        self.compiled = compiled
        self.reason = reason

    def __repr__(self) -> str:
        return f"BuildState(compiled={self.compiled}, reason={self.reason!r})"


def _source(module: str, root: str = _PACKAGE) -> str:
    return os.path.join(root, *module.split(".")) + ".py"


def _extension(module: str, root: str) -> str | None:
    base = os.path.join(root, *module.split("."))
    return next((base + suffix for suffix in EXTENSION_SUFFIXES
                 if os.path.exists(base + suffix)), None)


def _decide(environ: Mapping[str, str], root: str | os.PathLike[str] = _PACKAGE,
            checkout: bool | None = None) -> BuildState:
    """The decision for the sources under ``root`` (the folder holding ``pokerroom``).
    The group's shared library holds the compiled code of every module (each module's
    own extension only loads it), so in a checkout (``setup.py`` beside ``root``, where
    sources change) the build is current when that library is newer than every source;
    an installed package's files are as old as their installation, and trusted."""
    root = os.fspath(root)
    if checkout is None:
        checkout = os.path.exists(os.path.join(os.path.dirname(root), "setup.py"))
    built = {module: _extension(module, root) for module in MODULES}
    library = _extension(LIBRARY, root)
    if not any(built.values()) and library is None:
        return BuildState(False, "no compiled build")
    if environ.get(PURE_ENV, "") not in ("", "0"):
        return BuildState(False, f"{PURE_ENV} is set")
    if library is None or not all(built.values()):
        return BuildState(False, "the compiled build is incomplete")
    made = os.stat(library).st_mtime
    if checkout and any(os.stat(_source(module, root)).st_mtime > made
                        for module in MODULES):
        return BuildState(False, "the compiled build is out of date")
    return BuildState(True, "compiled")


_STATE: list[BuildState] = []


def state() -> BuildState:
    """The decision :func:`use_sources_if_needed` took (taking it if not yet taken)."""
    if not _STATE:
        _STATE.append(_decide(os.environ))
    return _STATE[0]


class _SourceFinder:
    """A finder (:data:`sys.meta_path`) of the compiled modules' sources, ahead of their
    extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in MODULES:
            return None
        source = _source(fullname)
        spec = ModuleSpec(fullname, SourceFileLoader(fullname, source), origin=source)
        spec.has_location = True
        return spec


def use_sources_if_needed() -> BuildState:
    """Load the sources of :data:`MODULES` from now on unless the compiled build is
    present, complete, up to date and not turned off; warn when it is there but stale
    or incomplete. Returns the decision."""
    decided = state()
    if not decided.compiled and decided.reason != "no compiled build":
        if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceFinder())
        if decided.reason != f"{PURE_ENV} is set":
            import warnings  # only for this warning

            warnings.warn(f"{decided.reason}: the hand machine runs from its sources; "
                          "`make install` builds it again", RuntimeWarning, stacklevel=2)
    return decided
