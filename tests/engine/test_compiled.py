"""The compiled build of the hand machine: used when present and current, never mixed
with its sources, and turned off by ``POKERROOM_PURE_PYTHON=1``."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokerroom import compiled
from pokerroom.compiled import LIBRARY, MODULES, PURE_ENV, _decide

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_every_module_of_the_group_loads_as_decided() -> None:
    decided = compiled.state()
    for name in MODULES:
        module = importlib.import_module(name)
        assert (module.__file__ or "").endswith(SUFFIX) == decided.compiled, name


def test_ci_runs_the_compiled_build() -> None:
    if not os.environ.get("CI") or os.environ.get(PURE_ENV):
        pytest.skip("checked where CI builds the compiled hand machine")
    assert compiled.state().compiled, compiled.state().reason


def _tree(root: Path, *, built: tuple[str, ...], newer_source: str = "",
          library: bool = True) -> Path:
    """Sources at time 1,000 (``newer_source`` at 3,000) and, for ``built``, module
    extensions from time 500 (an unchanged module's extension keeps its old time) with
    the group's library at 2,000."""
    for name in (*MODULES, LIBRARY):
        source = root.joinpath(*name.split(".")).with_suffix(".py")
        source.parent.mkdir(parents=True, exist_ok=True)
        if name != LIBRARY:
            source.write_text("")
            os.utime(source, (1_000, 1_000))
        if name in built or (name == LIBRARY and built and library):
            extension = source.with_suffix(SUFFIX)
            extension.write_text("")
            os.utime(extension, (2_000, 2_000) if name == LIBRARY else (500, 500))
        if name == newer_source:
            os.utime(source, (3_000, 3_000))
    return root


def test_the_decision_follows_the_build(tmp_path: Path) -> None:
    assert _decide({}, _tree(tmp_path / "a" / "src", built=())).reason == "no compiled build"
    assert _decide({}, _tree(tmp_path / "b", built=MODULES[:2])).reason == \
        "the compiled build is incomplete"
    stale = _tree(tmp_path / "c" / "src", built=MODULES, newer_source=MODULES[3])
    assert _decide({}, stale, checkout=True).reason == "the compiled build is out of date"
    assert _decide({}, stale, checkout=False).compiled  # an installed package's times
    (stale.parent / "setup.py").write_text("")
    assert _decide({}, stale).reason == "the compiled build is out of date"
    assert _decide({}, _tree(tmp_path / "e", built=MODULES, library=False)).reason == \
        "the compiled build is incomplete"
    fresh = _tree(tmp_path / "d", built=MODULES)
    assert _decide({}, fresh).compiled
    assert _decide({PURE_ENV: "0"}, fresh).compiled
    assert _decide({PURE_ENV: "1"}, fresh).reason == f"{PURE_ENV} is set"


def test_the_environment_turns_the_build_off() -> None:
    code = ("import pokerroom.engine.state as s, pokerroom.compiled as c; "
            "print(s.__file__.endswith('.py'), c.state().compiled)")
    env = {**os.environ, PURE_ENV: "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True)
    assert out.stdout.split() == ["True", "False"]
    assert "RuntimeWarning" not in out.stderr


def test_isinstance_of_the_hand_classes_does_not_depend_on_what_was_asked_before() -> None:
    """The compiled classes are built without ``ABCMeta`` (mypyc): each must still keep
    its own record of ``isinstance`` answers, not share ``HandState``'s (asked in this
    order, a Guts deal was then no kernel and a Herbie deal a ``PokerHand``)."""
    code = ("from pokerroom.engine.kernel import Kernel\n"
            "from pokerroom.engine.state import PokerHand\n"
            "from pokerroom.homegames.guts import GutsDeal\n"
            "from pokerroom.homegames.herbie import HerbieDeal\n"
            "print(issubclass(GutsDeal, PokerHand), issubclass(GutsDeal, Kernel),\n"
            "      issubclass(HerbieDeal, Kernel), issubclass(HerbieDeal, PokerHand),\n"
            "      issubclass(PokerHand, Kernel), issubclass(Kernel, PokerHand))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["False", "True", "True", "False", "True", "False"]


def test_every_hand_class_keeps_its_own_isinstance_record() -> None:
    from pokerroom.core import HandState
    from pokerroom.engine.state import PokerHand

    shared = [cls.__name__ for cls in PokerHand.__mro__
              if issubclass(cls, HandState) and "_abc_impl" not in vars(cls)]
    assert shared == []
