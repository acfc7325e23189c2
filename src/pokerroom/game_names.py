"""The one list of game names and aliases, for every command, the card room and the
library: ``play``, ``rank``, ``showdown``, ``odds``, ``analyze``, ``floor``, the engine's
variants and the catalog all look a name up here and nowhere else.

A name is matched in any case, with spaces or underscores for dashes and with or without
an apostrophe:

>>> canonical("Hold'em"), canonical("PLO8"), canonical("triple_draw"), canonical("tcp")
('holdem', 'omaha-hilo', 'lowball-27-triple', 'three-card-poker')
>>> structure_named("LHE"), structure_named("plo8"), structure_named("holdem")
('fixed-limit', 'pot-limit', None)
>>> canonical("canasta")
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: unknown game 'canasta'; `pokerroom games` lists them
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pokerroom.errors import ConfigError

__all__ = ["ALIASES", "GAMES", "STRUCTURE_ALIASES", "canonical", "normalise", "structure_named"]

GAMES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "holdem": ("texas-holdem", "texas-hold-em", "holdem-nl", "nlhe", "lhe", "th"),
    "omaha": ("plo", "omaha-high", "omaha-hi"),
    "omaha-hilo": ("omaha8", "omaha-8", "o8", "plo8", "omaha-hi-lo", "omaha-high-low",
                   "omaha-eight-or-better"),
    "stud": ("seven-card-stud", "7-card-stud", "7stud", "7cs"),
    "stud-hilo": ("stud8", "stud-8", "stud-hi-lo", "seven-card-stud-hi-lo",
                  "stud-eight-or-better"),
    "razz": ("seven-card-razz",),
    "lowball-a5": ("a5", "a-5", "ace-to-five", "california-lowball", "a5-lowball"),
    "lowball-27": ("27", "2-7", "deuce-to-seven", "kansas-city-lowball", "27-lowball"),
    "lowball-27-triple": ("27-triple", "triple-draw", "deuce-to-seven-triple-draw"),
    "draw-high": ("draw", "five-card-draw", "5-card-draw"),
    "jacks-or-better": ("jacks", "jacks-or-better-draw"),
    "hearts-poker": ("hearts",),
    "guts2": ("guts", "two-card-guts", "2-card-guts", "guts-2"),
    "guts3": ("three-card-guts", "3-card-guts", "guts-3"),
    "herbie": ("herbie-guts",),
    "three-card-poker": ("tcp", "3cp", "3-card-poker", "three-card"),
})
"""Every game's name (as ``pokerroom games`` lists it) and the other names it answers to."""

STRUCTURE_ALIASES: Mapping[str, str] = MappingProxyType({
    "nlhe": "no-limit", "holdem-nl": "no-limit", "lhe": "fixed-limit",
    "plo": "pot-limit", "plo8": "pot-limit"})
"""The other names that name a betting structure as well as a game (the L of LHE, the
PL of PLO8): a table dealt under one of them plays that structure."""


def normalise(name: str) -> str:
    """A name as it is matched: lower case, no apostrophes, words joined by dashes.

    >>> normalise("  Texas Hold'em "), normalise("omaha_hi_lo")
    ('texas-holdem', 'omaha-hi-lo')
    """
    return "-".join(name.strip().lower().replace("'", "").replace("_", " ").split())


ALIASES: Mapping[str, str] = MappingProxyType(
    {normalise(alias): game for game, aliases in GAMES.items()
     for alias in (game, *aliases)})
"""Every accepted spelling of every name, to the game's name."""


def canonical(name: str) -> str:
    """The game called ``name`` (or an alias of it); :class:`ConfigError` if none is."""
    game = ALIASES.get(normalise(name))
    if game is None:
        raise ConfigError(f"unknown game {name!r}; `pokerroom games` lists them")
    return game


def structure_named(name: str) -> str | None:
    """The betting structure (``fixed-limit``, ``pot-limit``, ``no-limit``) that the name
    ``name`` gives its game, or ``None`` for a name that names no structure."""
    return STRUCTURE_ALIASES.get(normalise(name))
