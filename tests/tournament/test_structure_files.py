"""Structures: every field checked with a typed error naming it, the presets valid, and
TOML files read back to the same structure."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.errors import ConfigError, TournamentError
from pokerroom.tournament.files import (
    load_structure,
    save_structure,
    structure_from_toml,
    structure_to_toml,
)
from pokerroom.tournament.payouts import PayoutTable
from pokerroom.tournament.presets import PRESETS, preset
from pokerroom.tournament.structure import AddOn, ColourUp, Level, Rebuys, TournamentStructure

SMALL = """
name = "friday"
starting_stack = 3000
buy_in = 20
chips = [25, 100, 500]
late_registration = 2

levels = [
  { small_blind = 25, big_blind = 50, minutes = 15, hands = 8 },
  { small_blind = 50, big_blind = 100, ante = 25, minutes = 15, hands = 8 },
  { small_blind = 100, big_blind = 200, ante = 100, minutes = 15, hands = 8 },
  { ante = 100, bring_in = 100, small_bet = 400, minutes = 15, hands = 8 },
]
breaks = [{ after_level = 2, minutes = 10 }]
colour_ups = [{ at_level = 3, chip = 25 }]
payouts = [
  { up_to = 6, percentages = [100] },
  { up_to = 9, percentages = [62.5, 37.5] },
]

[rebuys]
until_level = 2
per_player = 1
chips = 3000
price = 20

[add_on]
chips = 3000
price = 10
"""


def test_a_hand_written_file_reads_with_its_defaults_filled() -> None:
    s = structure_from_toml(SMALL)
    assert s.levels[0] == Level(25, 50, 0, 0, 50, 100, 15, 8)
    assert s.levels[3].describe() == "ante 100, bring-in 100, limits 400/800"
    assert s.rebuys == Rebuys(2, 1, 3000, 20) and s.add_on == AddOn(3000, 10)
    assert s.add_on_level == 2 and s.chips_in_play(3) == (100, 500)
    assert [str(p) for p in s.payouts.percentages(8)] == ["125/2", "75/2"]
    assert structure_from_toml(structure_to_toml(s)) == s


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_survives_a_file(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.toml"
    save_structure(preset(name), path)
    assert load_structure(path) == preset(name) == load_structure(name)


def _bad(text: str, old: str, new: str) -> TournamentError:
    assert old in text
    with pytest.raises(TournamentError) as caught:
        structure_from_toml(text.replace(old, new))
    return caught.value


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ("big_blind = 100, ante = 25", "big_blind = 40, ante = 25", "levels[2].big_blind",
     "at least the small blind (50)"),
    ("minutes = 15, hands = 8 },\n  { small_blind = 50", "minutes = 0, hands = 8 },\n"
     "  { small_blind = 50", "levels[1].minutes", "at least 1"),
    ("ante = 25,", "ante = -25,", "levels[2].ante", "at least 0"),
    ("ante = 25,", "ante = 30,", "levels[2]", "30 cannot be paid in chips of 25"),
    ("ante = 100, minutes", "ante = 50, minutes", "levels[3]",
     "50 cannot be paid in chips of 100"),
    ("ante = 25,", "antes = 25,", "levels[2].antes", "unknown key"),
    ("starting_stack = 3000", "starting_stack = 3010", "starting_stack", "multiple"),
    ("starting_stack = 3000", "starting_stack = \"lots\"", "starting_stack",
     "whole number"),
    ("chips = [25, 100, 500]", "chips = [25, 110, 500]", "chips[2]", "multiple"),
    ("late_registration = 2", "late_registration = 9", "late_registration",
     "past the last level"),
    ("after_level = 2", "after_level = 4", "breaks[1].after_level", "before the last"),
    ("chip = 25", "chip = 100", "colour_ups[1].chip", "smallest in play (25)"),
    ("at_level = 3", "at_level = 1", "colour_ups[1].at_level", "at least 2"),
    ("until_level = 2", "until_level = 7", "rebuys.until_level", "past the last level"),
    ("per_player = 1", "per_player = 0", "rebuys.per_player", "at least 1"),
    ("percentages = [62.5, 37.5]", "percentages = [60, 30]",
     "payouts[2].percentages", "sum to 90"),
    ("percentages = [62.5, 37.5]", "percentages = [40, 60]",
     "payouts[2].percentages", "place 2 (60%) is paid more"),
    ("up_to = 6, percentages = [100] },\n  { up_to = 9, percentages = [62.5, 37.5]",
     "up_to = 1, percentages = [100] },\n  { up_to = 9, percentages = [50, 30, 20]",
     "payouts[2].percentages", "pays 3 places, but the tier starts at 2 entries"),
    ("up_to = 6, percentages = [100]", "up_to = 1, percentages = [50, 50]",
     "payouts[1].up_to", "1 entry cannot fill the 2 places"),
    ('name = "friday"', 'name = "friday"\ncolour = "red"', "colour", "unknown key"),
    ('name = "friday"\n', "", "name", "missing"),
    ("[add_on]", "[add_on]\nextra = 1", "add_on.extra", "unknown key"),
])
def test_every_bad_field_is_named(old: str, new: str, field: str, words: str) -> None:
    err = _bad(SMALL, old, new)
    assert err.field == field, str(err)
    assert words in str(err)
    assert isinstance(err, ConfigError)


def test_stacks_sold_after_a_colour_up_are_made_of_the_chips_left() -> None:
    late = SMALL.replace("late_registration = 2", "late_registration = 3")
    err = _bad(late, "starting_stack = 3000", "starting_stack = 3025")
    assert err.field == "starting_stack" and "while players may enter (100)" in str(err)
    longer = SMALL.replace("until_level = 2", "until_level = 3")
    err = _bad(longer, "chips = 3000\nprice = 10", "chips = 3050\nprice = 10")
    assert err.field == "add_on.chips" and "rebuy period (100)" in str(err)


def test_an_add_on_needs_a_rebuy_period() -> None:
    err = _bad(SMALL, "[rebuys]\nuntil_level = 2\nper_player = 1\nchips = 3000\nprice = 20\n",
               "")
    assert err.field == "add_on" and "rebuy period" in str(err)


def test_not_toml_and_missing_files_are_typed_errors(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="not TOML"):
        structure_from_toml("name = ")
    with pytest.raises(TournamentError, match="no preset of that name"):
        load_structure(str(tmp_path / "nothing.toml"))


def test_rebuys_late_entry_and_colour_ups_answer_by_level() -> None:
    s = structure_from_toml(SMALL)
    assert s.may_register(2) and not s.may_register(3)
    assert s.may_rebuy(2, 3000, 0) and not s.may_rebuy(2, 3025, 0)
    assert not s.may_rebuy(3, 0, 0) and not s.may_rebuy(1, 0, 1)
    assert s.colour_up_at(3) == ColourUp(3, 25) and s.colour_up_at(2) is None
    assert s.level(99) == s.levels[-1]


def test_a_structure_made_in_code_is_checked_the_same() -> None:
    with pytest.raises(TournamentError, match="levels: a structure needs at least one"):
        TournamentStructure("x", 1000, 10, (25,), ())
    with pytest.raises(TournamentError, match="payouts"):
        PayoutTable("x", ())


def test_any_name_survives_a_file() -> None:
    from dataclasses import replace

    odd = replace(preset("turbo"), name='Jo\'s "big" night\\\t\x7f\u00e9\n')
    assert structure_from_toml(structure_to_toml(odd)) == odd
