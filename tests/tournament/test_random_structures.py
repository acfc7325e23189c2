"""Random valid structures: a file reads back to the same structure, the clocks visit
every level for exactly its minutes and hands, and the documentation's example file is
a valid structure."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.tournament.clock import at_hand, at_seconds
from pokerroom.tournament.files import structure_from_toml, structure_to_toml
from pokerroom.tournament.payouts import PRESETS, PayoutTable, Tier
from pokerroom.tournament.structure import (
    AddOn,
    Break,
    ColourUp,
    Level,
    Rebuys,
    TournamentStructure,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournaments.md"


@st.composite
def structures(draw: st.DrawFn) -> TournamentStructure:
    chips = (5, 25, 100)
    count = draw(st.integers(1, 8))
    race_at = draw(st.none() | st.integers(2, count)) if count > 1 else None
    levels = []
    for number in range(1, count + 1):
        unit = 25 if race_at is not None and number >= race_at else 5
        big = unit * draw(st.integers(1, 40))
        levels.append(Level(small_blind=unit * draw(st.integers(0, big // unit)),
                            big_blind=big, ante=unit * draw(st.integers(0, 4)),
                            bring_in=unit * draw(st.integers(0, big // unit)),
                            minutes=draw(st.integers(1, 30)), hands=draw(st.integers(1, 12))))
    breaks = tuple(Break(n, draw(st.integers(1, 15)))
                   for n in sorted(draw(st.sets(st.integers(1, count - 1), max_size=3)))
                   ) if count > 1 else ()
    rebuys = draw(st.none() | st.builds(Rebuys, st.integers(1, count), st.integers(1, 3),
                                        st.integers(1, 100).map(lambda n: 25 * n),
                                        st.integers(0, 50)))
    add_on = draw(st.none() | st.builds(AddOn, st.integers(1, 100).map(lambda n: 25 * n),
                                        st.integers(0, 50))) if rebuys else None
    places = draw(st.integers(1, 4))
    payouts = draw(st.sampled_from(sorted(PRESETS)).map(PRESETS.__getitem__)
                   | st.just(PayoutTable("custom", (Tier(places, tuple(
                       [100 - 10 * (places - 1)] + [10] * (places - 1))),))))
    return TournamentStructure(name=draw(st.text(min_size=1, max_size=12).filter(str.strip)),
                     starting_stack=25 * draw(st.integers(1, 800)),
                     buy_in=draw(st.integers(0, 100)), chips=chips, levels=tuple(levels),
                     breaks=breaks,
                     colour_ups=(ColourUp(race_at, 5),) if race_at is not None else (),
                     late_registration=draw(st.integers(0, count)), rebuys=rebuys,
                     add_on=add_on, payouts=payouts)


@settings(max_examples=120, deadline=None)
@given(structures())
def test_a_random_structure_survives_its_file(structure: TournamentStructure) -> None:
    assert structure_from_toml(structure_to_toml(structure)) == structure


@settings(max_examples=60, deadline=None)
@given(structures())
def test_the_clocks_give_each_level_its_minutes_and_hands(structure: TournamentStructure) -> None:
    last = len(structure.levels)
    hands = [at_hand(structure, n).level
             for n in range(1, sum(lv.hands for lv in structure.levels) + 1)]
    assert hands == [n for n, lv in enumerate(structure.levels, 1) for _ in range(lv.hands)]
    total = sum(lv.minutes for lv in structure.levels) + sum(b.minutes
                                                             for b in structure.breaks)
    playing = [0] * (last + 1)
    pauses = [0] * (last + 1)
    for minute in range(total):
        reading = at_seconds(structure, minute * 60)
        (pauses if reading.on_break else playing)[reading.level] += 1
    assert playing[1:last] == [lv.minutes for lv in structure.levels[:-1]]
    for pause in structure.breaks:
        assert pauses[pause.after_level + 1] == pause.minutes


def test_the_documentation_s_example_file_is_valid() -> None:
    text = DOC.read_text(encoding="utf-8")
    example = re.search(r"```toml\n(.*?)```", text, re.DOTALL)
    assert example is not None
    structure = structure_from_toml(example.group(1))
    assert structure.name == "friday" and len(structure.levels) == 4
