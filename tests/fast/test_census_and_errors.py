"""Full enumerations of 5-, 6- and 7-card hands, and bad input to the fast evaluators."""

from __future__ import annotations

import numpy as np
import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.fast import batch, single
from pokerroom.fast.census import census
from pokerroom.fast.tables import build_tables, cache_path, load_tables


@pytest.mark.rule("stud8-2", "a5-intro")
def test_five_card_census() -> None:
    c = census(5)
    assert c.total == 2_598_960 == sum(c.by_category.values())
    assert c.by_category["straight flush"] == 40 and c.royal_flushes == 4
    assert c.eight_or_better == 57_344


@pytest.mark.exhaustive
@pytest.mark.rule("stud-intro", "holdem-intro", "supp-suits")
def test_six_card_census() -> None:
    c = census(6)
    assert c.total == 20_358_520 == sum(c.by_category.values())
    expected = {"straight flush": 1656 + 188, "four of a kind": 14_664,
                "full house": 165_984, "flush": 205_792, "straight": 361_620,
                "three of a kind": 732_160}
    assert {k: c.by_category[k] for k in expected} == expected
    assert c.royal_flushes == 188


@pytest.mark.exhaustive
@pytest.mark.rule("stud-intro", "holdem-intro", "stud8-2", "stud8-3", "supp-suits")
def test_seven_card_census() -> None:
    c = census(7)
    assert c.total == 133_784_560
    assert c.by_category == {
        "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184,
        "flush": 4_047_644, "straight": 6_180_020, "three of a kind": 6_461_620,
        "two pair": 31_433_400, "pair": 58_627_800, "high card": 23_294_460,
    }
    assert c.royal_flushes == 4_324
    assert c.eight_or_better == 24_530_944


def test_census_refuses_other_sizes() -> None:
    with pytest.raises(ConfigError):
        census(4)


def test_bad_batches_raise_and_compute_nothing() -> None:
    with pytest.raises(InvalidHandError, match="shape"):
        batch.high_keys(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(InvalidHandError, match=r"0\.\.51"):
        batch.high_keys([[0, 1, 2, 3, 52]])
    with pytest.raises(InvalidHandError, match="row 1 holds a card twice"):
        batch.a5_low_keys([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]])
    with pytest.raises(InvalidHandError, match="both in the hand and on the board"):
        batch.omaha_high_keys([[0, 1, 2, 3]], [[3, 10, 20, 30, 40]])
    with pytest.raises(InvalidHandError, match="hole-card rows"):
        batch.omaha_low8_keys([[0, 1, 2, 3]], [[9, 10, 20], [11, 21, 31]])


def test_bad_single_hands_raise() -> None:
    for bad in ([0, 1, 2, 3], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 60], [0, 0, 1, 2, 3],
                [-1, 1, 2, 3, 4]):
        with pytest.raises(InvalidHandError):
            single.high_key(bad)
        with pytest.raises(InvalidHandError):
            single.a5_low_key(bad)
        with pytest.raises(InvalidHandError):
            single.deuce_seven_key(bad)
    with pytest.raises(InvalidHandError):
        single.omaha_high_key(parse_cards("As Ks Qs Js"), parse_cards("As 2c 3c"))


def test_lists_and_tuples_give_the_same_key() -> None:
    cards = parse_cards("As Ks Qs Js 9s 2c 3d")
    assert single.high_key(cards) == single.high_key(list(cards)) == 0x5EDCB9


def test_tables_rebuild_into_an_empty_cache(tmp_path: object, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    monkeypatch.setenv("POKERROOM_CACHE_DIR", str(tmp_path))
    load_tables.cache_clear()
    try:
        fresh = load_tables()
        assert cache_path().exists()
        built = build_tables()
        for name, array in fresh.arrays().items():
            assert np.array_equal(array, built.arrays()[name]), name
    finally:
        load_tables.cache_clear()
