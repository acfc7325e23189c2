"""How a game's name is matched: in any case, with spaces or underscores for dashes and
with or without an apostrophe. The names themselves are each game's own
(:attr:`pokerroom.game.Game.aliases`); :mod:`pokerroom.games` matches them.

>>> normalise("  Texas Hold'em "), normalise("omaha_hi_lo"), normalise("PLO8")
('texas-holdem', 'omaha-hi-lo', 'plo8')
"""

from __future__ import annotations

__all__ = ["normalise"]


def normalise(name: str) -> str:
    """A name as it is matched: lower case, no apostrophes, words joined by dashes."""
    return "-".join(name.strip().lower().replace("'", "").replace("_", " ").split())
