"""The structures hosts know: turbo, regular and deep.

All three climb the same ladder of blinds on chips of 25, 100, 500, 1,000 and 5,000,
with antes from the fourth level, the 25s raced off before 400/800 and the 100s before
1,000/2,000 (each in a break). Limit games play the big blind as the small bet, twice
it as the big bet, and the small blind as the bring-in.

=========  =====  ===============  ======  ===========  ==================  ===============
preset     stack  level            buy-in  late entry   rebuys              add-on
=========  =====  ===============  ======  ===========  ==================  ===============
turbo      5,000  8 min, 6 hands   10      to level 4   none                none
regular   10,000  20 min, 10 hands 20      to level 4   to level 4, 2 each  10,000 for 20
deep      20,000  30 min, 15 hands 50      to level 6   none                none
=========  =====  ===============  ======  ===========  ==================  ===============

>>> sorted(PRESETS)
['deep', 'regular', 'turbo']
>>> preset("regular").rebuys
Rebuys(until_level=4, per_player=2, chips=10000, price=20)
>>> preset("hyper")
Traceback (most recent call last):
...
pokerroom.errors.TournamentError: preset: no preset 'hyper' (deep, regular, turbo)
"""

from __future__ import annotations

from pokerroom.errors import TournamentError
from pokerroom.tournament.structure import (
    AddOn,
    Break,
    ColourUp,
    Level,
    Rebuys,
    TournamentStructure,
)

__all__ = ["LADDER", "PRESETS", "preset"]

CHIPS = (25, 100, 500, 1000, 5000)

LADDER: tuple[tuple[int, int, int], ...] = (
    (25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 25), (150, 300, 25),
    (200, 400, 50), (300, 600, 75), (400, 800, 100), (500, 1000, 100), (600, 1200, 200),
    (800, 1600, 200), (1000, 2000, 500), (1500, 3000, 500), (2000, 4000, 500),
    (3000, 6000, 1000), (4000, 8000, 1000), (5000, 10000, 1000), (6000, 12000, 2000),
    (8000, 16000, 2000), (10000, 20000, 2500), (15000, 30000, 5000), (20000, 40000, 5000),
)
"""(small blind, big blind, ante) of each level of the presets."""

_COLOUR_UPS = (ColourUp(8, 25), ColourUp(12, 100))


def _levels(minutes: int, hands: int, count: int) -> tuple[Level, ...]:
    return tuple(Level(small_blind=sb, big_blind=bb, ante=ante, bring_in=sb, minutes=minutes,
                       hands=hands) for sb, bb, ante in LADDER[:count])


def _turbo() -> TournamentStructure:
    return TournamentStructure("turbo", starting_stack=5000, buy_in=10, chips=CHIPS,
                     levels=_levels(8, 6, 18), late_registration=4,
                     breaks=(Break(7, 5), Break(11, 5)), colour_ups=_COLOUR_UPS)


def _regular() -> TournamentStructure:
    return TournamentStructure("regular", starting_stack=10000, buy_in=20, chips=CHIPS,
                     levels=_levels(20, 10, 20), late_registration=4,
                     breaks=(Break(4, 10), Break(7, 10), Break(11, 10)),
                     colour_ups=_COLOUR_UPS, rebuys=Rebuys(4, 2, 10000, 20),
                     add_on=AddOn(10000, 20))


def _deep() -> TournamentStructure:
    return TournamentStructure("deep", starting_stack=20000, buy_in=50, chips=CHIPS,
                     levels=_levels(30, 15, 22), late_registration=6,
                     breaks=(Break(4, 10), Break(7, 15), Break(11, 10), Break(15, 10)),
                     colour_ups=_COLOUR_UPS)


PRESETS = {"turbo": _turbo(), "regular": _regular(), "deep": _deep()}
"""The preset structures by name."""


def preset(name: str) -> TournamentStructure:
    """The preset structure ``name``."""
    try:
        return PRESETS[name]
    except KeyError:
        raise TournamentError("preset", f"no preset {name!r} "
                                        f"({', '.join(sorted(PRESETS))})") from None
