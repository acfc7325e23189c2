"""The level clock: the stakes at any second or hand, breaks, and the last level."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import TournamentError
from pokerroom.tournament.clock import at_hand, at_minute, at_seconds
from pokerroom.tournament.presets import PRESETS, preset
from pokerroom.tournament.structure import Break, ColourUp, Level, TournamentStructure

SHORT = TournamentStructure("short", 1000, 10, (25, 100), (
    Level(25, 50, minutes=10, hands=5), Level(50, 100, minutes=10, hands=5),
    Level(100, 200, minutes=15, hands=4)),
    breaks=(Break(2, 5),), colour_ups=(ColourUp(3, 25),))


@pytest.mark.parametrize(("seconds", "level", "on_break", "left"), [
    (0, 1, False, 600), (599, 1, False, 1), (600, 2, False, 600), (1199, 2, False, 1),
    (1200, 3, True, 300), (1499, 3, True, 1), (1500, 3, False, None),
    (10 ** 9, 3, False, None),
])
def test_the_time_clock_runs_levels_then_breaks(seconds: int, level: int, on_break: bool,
                                                left: int | None) -> None:
    reading = at_seconds(SHORT, seconds)
    assert (reading.level, reading.on_break, reading.left) == (level, on_break, left)
    assert reading.stakes == SHORT.levels[level - 1]


def test_the_clock_line_names_the_break_and_the_colour_up() -> None:
    assert at_seconds(SHORT, 1230).describe() == (
        "break before level 3; 4:30 left; then blinds 100/200; colour-up of the 25 chips")
    assert at_seconds(SHORT, 1500).describe() == (
        "level 3: blinds 100/200; colour-up of the 25 chips")
    assert at_seconds(SHORT, 1501).describe() == "level 3: blinds 100/200"
    assert at_minute(SHORT, 3).describe() == (
        "level 1: blinds 25/50; 7 min left; next blinds 50/100")
    assert at_hand(SHORT, 10).describe() == (
        "level 2: blinds 50/100; 1 hand left; next blinds 100/200")


@pytest.mark.parametrize(("hand", "level", "left"), [
    (1, 1, 5), (5, 1, 1), (6, 2, 5), (10, 2, 1), (11, 3, None), (500, 3, None)])
def test_the_hand_clock_skips_breaks(hand: int, level: int, left: int | None) -> None:
    reading = at_hand(SHORT, hand)
    assert (reading.level, reading.left, reading.on_break) == (level, left, False)
    assert (reading.colour_up is not None) == (hand == 11)


def test_bad_moments_are_refused() -> None:
    with pytest.raises(TournamentError, match="hand"):
        at_hand(SHORT, 0)
    with pytest.raises(TournamentError, match="seconds"):
        at_seconds(SHORT, -1)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 20 * 3600))
def test_time_never_lowers_the_stakes_of_a_preset(name: str, seconds: int) -> None:
    structure = preset(name)
    now, later = at_seconds(structure, seconds), at_seconds(structure, seconds + 60)
    assert later.level >= now.level
    assert later.stakes.big_blind >= now.stakes.big_blind
    hand = 1 + seconds // 60
    assert at_hand(structure, hand + 1).level >= at_hand(structure, hand).level
