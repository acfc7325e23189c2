"""Players' names at a table: what a name may hold, and when two names would be taken
for one another.

Two names clash when their *skeletons* are equal: the name in Unicode's compatibility
form (NFKC: full-width letters, ligatures), case-folded, with each letter that looks
like a Latin one written as that Latin letter (Cyrillic and Greek look-alikes, and the
digits and strokes read as ``o`` and ``l``). So a Cyrillic "Аnn" cannot sit beside
"Ann". A person's name never ends in :data:`BOT_SUFFIX`, which marks the room's bots.

>>> skeleton("Аnn") == skeleton("ANN") == skeleton("ａｎｎ")
True
>>> skeleton("Bob") == skeleton("Rob")
False
>>> check_name("  Ann   Lee ", taken=["Bob"])
'Ann Lee'
>>> check_name("Ann (bot)", taken=[])
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: a name cannot end in "(bot)": the room marks its bots so
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from pokerroom.errors import ConfigError

__all__ = ["BOT_SUFFIX", "MAX_NAME", "bot_name", "check_name", "skeleton"]

MAX_NAME = 24
BOT_SUFFIX = " (bot)"
"""The end of every bot's name at a table."""

# Letters that look like Latin ones (Cyrillic and Greek, upper and lower case as each
# looks), mapped before case folding; then the digits and strokes read as letters, and
# pairs of letters read as one.
_LOOK_ALIKES = str.maketrans(dict(zip(
    "АВЕНІЈКМОРСЅТХУаеһіјԁԛѕԝӏорсухё"  # Cyrillic
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧαιονρυχγ",  # Greek
    "ABEHIJKMOPCSTXYaehijdqswlopcyxë"
    "ABEZHIKMNOPTYXaiovpuxy", strict=True)))
_READ_AS = str.maketrans({"0": "o", "1": "l", "|": "l", "ǀ": "l"})
_PAIRS = (("rn", "m"), ("vv", "w"))


def skeleton(name: str) -> str:
    """What a name looks like, for comparing names (not for showing): equal skeletons
    read as one name. Spaces are folded as a name's are when it is taken."""
    normal = unicodedata.normalize("NFKC", " ".join(name.split()))
    looked = normal.translate(_LOOK_ALIKES).casefold().translate(_READ_AS)
    for pair, letter in _PAIRS:
        looked = looked.replace(pair, letter)
    return looked


def check_name(name: object, taken: Iterable[str], *, bot: bool = False) -> str:
    """``name`` with its spaces folded, if a player may take it beside the names
    ``taken`` at the table; a :class:`ConfigError` in words if not. Only a bot's name
    (``bot``) ends in :data:`BOT_SUFFIX`."""
    if not isinstance(name, str):
        raise ConfigError("a name is text")
    cleaned = " ".join(name.split())
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise ConfigError(f"a name has 1 to {MAX_NAME} characters")
    if any(not ch.isprintable() for ch in cleaned):
        raise ConfigError("a name cannot hold control characters")
    shape = skeleton(cleaned)
    suffix = skeleton(BOT_SUFFIX).strip()
    if not bot and shape.replace(" ", "").endswith(suffix):
        raise ConfigError(f'a name cannot end in "{BOT_SUFFIX.strip()}": the room marks '
                          "its bots so")
    for other in taken:
        if skeleton(other) == shape:
            if other == cleaned:
                raise ConfigError(f"the name {cleaned!r} is taken at this table")
            raise ConfigError(f"the name {cleaned!r} looks like {other!r}, who is at this "
                              "table: choose a name that reads differently")
    return cleaned


def bot_name(first: str) -> str:
    """The name a bot called ``first`` has at a table.

    >>> bot_name("Ada")
    'Ada (bot)'
    """
    return first + BOT_SUFFIX
