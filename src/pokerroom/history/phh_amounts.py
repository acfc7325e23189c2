"""Amounts of a PHH file in whole chips, and back in the file's own units.

The PHH standard lets amounts be decimal (``starting_stacks = [200.30, 81.60]``, HandHQ's
dollars and cents; ``finishing_stacks = [10187.5, ...]``, a split pot written with half
chips) and a stack its writer did not know as ``inf`` (it is replayed as a stack deeper
than the whole hand can take: :func:`in_chips`). The engine counts whole chips, so a
file is read at the smallest power of ten that makes every amount it writes whole (its
scale), exactly (each number is read by its decimal text, never as a binary fraction),
and what the replay gives back is divided by the same scale.

>>> data = {"antes": [0.25, 0.25], "blinds_or_straddles": [0.5, 1], "min_bet": 1,
...         "starting_stacks": [200.3, 81.6], "actions": ["p1 cbr 3.00", "p2 f"]}
>>> chip_scale(data)
100
>>> scaled = in_chips(data, 100)
>>> scaled["starting_stacks"], scaled["antes"], scaled["actions"]
([20030, 8160], [25, 25], ['p1 cbr 300', 'p2 f'])
>>> in_file_units(20255, 100), in_file_units(10000, 100)
(Decimal('202.55'), 100)
>>> chip_scale({"starting_stacks": [10000], "finishing_stacks": [10187.5]})
10
"""

from __future__ import annotations

import functools
from decimal import Decimal, InvalidOperation
from typing import Any

from pokerroom.errors import HistoryError
from pokerroom.history.phh_lines import words_of_line

__all__ = ["AMOUNT_FIELDS", "chip_scale", "in_chips", "in_file_units", "unknown_stacks"]

AMOUNT_FIELDS = ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
                 "min_bet", "starting_stacks", "finishing_stacks", "_ante", "_bet_sizes",
                 "_seat_stacks", "_dead_money")
"""The fields that hold amounts of chips (a number or a list of numbers)."""

_LARGEST_SCALE = 10 ** 6


def _whole(value: object) -> int | None:
    """``value`` as a whole number of chips when it plainly is one (a non-negative
    ``int``, or a string of ASCII digits: what every file pokerroom writes holds), else
    ``None`` (read it with :func:`_exact`). The quick path of the amounts: no decimal is
    made for them.

    >>> _whole(25), _whole("300"), _whole(2.5), _whole(True), _whole(-1), _whole("1e3")
    (25, 300, None, None, None, None)
    """
    if type(value) is int:
        return value if value >= 0 else None
    if type(value) is str and value.isascii() and value.isdigit():
        return int(value)
    return None


def _exact(value: object, where: str) -> Decimal:
    """A number of the file as an exact decimal (a float by its shortest text)."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise HistoryError(f"{where} must be a number, not {value!r}")
    try:
        number = Decimal(repr(value) if isinstance(value, float) else str(value))
    except InvalidOperation:
        raise HistoryError(f"{where} must be a number, not {value!r}") from None
    if not number.is_finite() or number < 0:
        raise HistoryError(f"{where} must be a number of chips, not {value!r}")
    return number


def unknown_stacks(data: dict[str, Any]) -> list[int]:
    """The players (0 for p1) whose starting stack the file writes as ``inf``: not known
    to its writer (HandHQ's iPoker hands).

    >>> unknown_stacks({"starting_stacks": [float("inf"), 100]})
    [0]
    """
    stacks = data.get("starting_stacks")
    return [i for i, s in enumerate(stacks) if s == float("inf")] \
        if isinstance(stacks, list) else []


def _raw_amounts(data: dict[str, Any]) -> list[tuple[object, str]]:
    """Every amount the hand writes (an unknown stack is none) as written, with where
    it is written (for an error's words)."""
    found: list[tuple[object, str]] = []
    for name in AMOUNT_FIELDS:
        value = data.get(name)
        if value is None:
            continue
        for item in value if isinstance(value, list) else [value]:
            if name != "starting_stacks" or item != float("inf"):
                found.append((item, name))
    for line in data.get("actions", []) or []:
        words = words_of_line(str(line))
        if len(words) == 3 and words[1] == "cbr":
            found.append((words[2], f"{line!r}"))
    return found


def _amounts(data: dict[str, Any]) -> list[Decimal]:
    """Every amount the hand writes (an unknown stack is none)."""
    return [_exact(value, where) for value, where in _raw_amounts(data)]


def chip_scale(data: dict[str, Any]) -> int:
    """The smallest power of ten that makes every amount of a PHH hand whole (1 for a
    file of whole chips); :class:`HistoryError` past a millionth of a unit.

    >>> chip_scale({"starting_stacks": [100, 200], "actions": ["p1 cbr 2.5"]})
    10
    """
    places = 0
    for value, where in _raw_amounts(data):
        if _whole(value) is not None:
            continue            # a whole number adds no places
        exponent = _exact(value, where).normalize().as_tuple().exponent
        assert isinstance(exponent, int)
        places = max(places, -exponent)
    scale: int = 10 ** places
    if scale > _LARGEST_SCALE:
        raise HistoryError("amounts finer than a millionth of a unit cannot be read as "
                           "chips")
    return int(scale)


def _scaled(value: object, scale: int, where: str) -> int:
    plain = _whole(value)
    if plain is not None:
        return plain * scale
    whole = _exact(value, where) * scale
    if whole != whole.to_integral_value():
        raise HistoryError(f"{where}: {value!r} is not a whole number of chips")
    return int(whole)


def in_chips(data: dict[str, Any], scale: int) -> dict[str, Any]:
    """A copy of a PHH hand with every amount multiplied by ``scale``, as whole chips
    (an amount the scale does not make whole is a :class:`HistoryError`)."""
    out = dict(data)
    unknown = unknown_stacks(data)
    if unknown:
        # deeper than the whole hand can take from anyone: never short of a call
        deep = sum(_amounts(data)) * scale + 1
        stacks = list(data["starting_stacks"])
        for i in unknown:
            stacks[i] = int(deep)
        data = data | {"starting_stacks": stacks}
    for name in AMOUNT_FIELDS:
        value = data.get(name)
        if value is None:
            continue
        out[name] = ([_scaled(v, scale, name) for v in value] if isinstance(value, list)
                     else _scaled(value, scale, name))
    actions = data.get("actions")
    if isinstance(actions, list):
        out["actions"] = [_scaled_line(str(line), scale) for line in actions]
    posts = data.get("_posts")
    if isinstance(posts, list) and scale != 1:
        out["_posts"] = [[p[0], _scaled(p[1], scale, "_posts"), *p[2:]] for p in posts]
    return out


@functools.lru_cache(maxsize=4096)
def _scaled_line(line: str, scale: int) -> str:
    words = words_of_line(line)
    if len(words) != 3 or words[1] != "cbr":
        return line
    return f"{words[0]} cbr {_scaled(words[2], scale, repr(line))}"


def in_file_units(chips: int, scale: int) -> int | Decimal:
    """Whole chips back in the file's units: an ``int`` when whole, else the exact
    decimal.

    >>> in_file_units(101875, 10)
    Decimal('10187.5')
    """
    if chips % scale == 0:
        return chips // scale
    return (Decimal(chips) / scale).normalize() if scale > 1 else Decimal(chips)
