"""The 169 starting-hand classes and the 1,326 combos they group."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import ConfigError
from pokerroom.strategy.classes import (
    CLASS_NAMES,
    COMBO_CLASS,
    COMBOS,
    class_combos,
    class_index,
    class_sizes,
    combo_index,
)


def test_every_combo_is_numbered_in_combination_order() -> None:
    pairs = list(combinations(range(52), 2))
    assert [tuple(row) for row in COMBOS.tolist()] == pairs
    assert [combo_index(a, b) for a, b in pairs] == list(range(1326))
    assert combo_index(51, 50) == combo_index(50, 51) == 1325


def test_classes_hold_6_pairs_4_suited_and_12_offsuit_combos() -> None:
    sizes = dict(zip(CLASS_NAMES, class_sizes().tolist(), strict=True))
    assert len(CLASS_NAMES) == len(set(CLASS_NAMES)) == 169
    assert sum(sizes.values()) == 1326
    assert {n: s for n, s in sizes.items() if len(n) == 2} == {
        r + r: 6 for r in "AKQJT98765432"}
    assert {s for n, s in sizes.items() if n.endswith("s")} == {4}
    assert {s for n, s in sizes.items() if n.endswith("o")} == {12}


@pytest.mark.parametrize(("cards", "name"), [
    ("As Ad", "AA"), ("Kh Ah", "AKs"), ("Ac Kd", "AKo"), ("9c Th", "T9o"),
    ("2d 2s", "22"), ("3c 2c", "32s"), ("7d 2s", "72o")])
def test_a_combo_belongs_to_its_class(cards: str, name: str) -> None:
    first, second = (int(c) for c in parse_cards(cards))
    combo = combo_index(first, second)
    assert CLASS_NAMES[int(COMBO_CLASS[combo])] == name
    assert combo in class_combos(name)


def test_the_chart_puts_suited_hands_above_the_diagonal() -> None:
    grid = np.array(CLASS_NAMES).reshape(13, 13)
    assert grid[0, 1] == "AKs" and grid[1, 0] == "AKo" and grid[4, 4] == "TT"
    assert all(grid[r, c].endswith("s") for r in range(13) for c in range(r + 1, 13))
    assert all(grid[r, c].endswith("o") for r in range(13) for c in range(r))


def test_class_names_read_loosely_and_refuse_nonsense() -> None:
    assert class_index("aks") == class_index("KAs") == class_index("AKs")
    for bad in ("AK", "AAs", "1Ko", "", "AKx"):
        with pytest.raises(ConfigError):
            class_index(bad)
    with pytest.raises(ConfigError):
        combo_index(7, 7)
