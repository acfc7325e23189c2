"""The mutation check's list of planted defects (scripts/mutation_check.py): each one
still plants in exactly one place of the sources, and planting never touches them."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_check",
                                                  ROOT / "scripts" / "mutation_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation_check"] = module      # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_every_listed_defect_plants_in_exactly_one_place() -> None:
    script = _script()
    mutants = script.load_mutants(script.DEFAULT_LIST)
    assert len(mutants) >= 30
    for mutant in mutants:
        source = (ROOT / mutant.file).read_text(encoding="utf-8")
        planted = script.planted(mutant, source)
        assert planted != source and mutant.breaks


def test_a_defect_found_twice_or_not_at_all_is_refused() -> None:
    script = _script()
    mutant = script.Mutant("m", "f.py", "a < b", "a <= b", "off by one")
    with pytest.raises(script.MutantError, match="occurs 0 times"):
        script.planted(mutant, "a > b")
    with pytest.raises(script.MutantError, match="occurs 2 times"):
        script.planted(mutant, "a < b or a < b")


def test_the_script_examples() -> None:
    failures, tried = doctest.testmod(_script())
    assert tried and not failures
