"""The games the odds engine computes, by name, for the commands that only list them
(loading no numeric library).

>>> "holdem" in ODDS_GAME_NAMES, "herbie" in ODDS_GAME_NAMES
(True, False)
"""

from __future__ import annotations

__all__ = ["ODDS_GAME_NAMES"]

ODDS_GAME_NAMES = frozenset({
    "holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz", "lowball-a5",
    "lowball-27", "draw-high", "jacks-or-better", "lowball-27-triple"})
"""The keys of :data:`pokerroom.analysis.odds.ODDS_GAMES` (a test keeps them equal)."""
