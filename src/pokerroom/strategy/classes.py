"""The 169 starting-hand classes of hold'em and the 1,326 two-card combos they group.

A class is a pair (``"77"``, six combos), a suited hand (``"AKs"``, four) or an offsuit
hand (``"T9o"``, twelve). Classes are numbered by their cell in the usual 13×13 chart,
aces first: cell ``(row, column)`` is the pair when ``row == column``, the suited hand
above the diagonal (``row`` the higher rank) and the offsuit hand below it, so class
``13 * row + column``. Combos are numbered in the order of
``itertools.combinations(range(52), 2)`` over pokerroom's card numbers (``4 * rank +
suit``, deuce 0, ace 12).

>>> CLASS_NAMES[:3], CLASS_NAMES[13], CLASS_NAMES[168]
(('AA', 'AKs', 'AQs'), 'AKo', '22')
>>> class_index("T9o"), len(class_combos("T9o")), len(class_combos("AKs"))
(69, 12, 4)
>>> COMBO_CLASS.shape, int(COMBO_CLASS[combo_index(51, 50)])  # As Ah: aces
((1326,), 0)
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from pokerroom.errors import ConfigError

__all__ = [
    "CLASS_COUNT",
    "CLASS_NAMES",
    "COMBOS",
    "COMBO_CLASS",
    "COMBO_COUNT",
    "RANK_CHARS",
    "class_combos",
    "class_index",
    "class_sizes",
    "combo_index",
]

RANK_CHARS = "AKQJT98765432"
"""The ranks in chart order (row and column 0 is the ace)."""
CLASS_COUNT = 169
COMBO_COUNT = 1326


def _name(row: int, column: int) -> str:
    high, low = RANK_CHARS[min(row, column)], RANK_CHARS[max(row, column)]
    if row == column:
        return high + low
    return high + low + ("s" if row < column else "o")


CLASS_NAMES: tuple[str, ...] = tuple(_name(r, c) for r in range(13) for c in range(13))
"""Every class, by its number (row by row of the chart)."""
_INDEX = {name: i for i, name in enumerate(CLASS_NAMES)}

COMBOS: npt.NDArray[np.int64] = np.array(list(combinations(range(52), 2)), dtype=np.int64)
"""The cards of each combo, ``(1326, 2)``, the lower card number first."""


def _combo_class(first: int, second: int) -> int:
    """The class of two card numbers."""
    rows = sorted((12 - (first >> 2), 12 - (second >> 2)))
    if rows[0] == rows[1]:
        return 13 * rows[0] + rows[0]
    suited = (first & 3) == (second & 3)
    high, low = rows
    return 13 * high + low if suited else 13 * low + high


COMBO_CLASS: npt.NDArray[np.int64] = np.array(
    [_combo_class(int(a), int(b)) for a, b in COMBOS], dtype=np.int64)
"""The class of each combo."""


def combo_index(first: int, second: int) -> int:
    """The number of the combo of two different card numbers (in either order).

    >>> combo_index(0, 1), combo_index(1, 0), combo_index(50, 51)
    (0, 0, 1325)
    """
    a, b = sorted((first, second))
    if a == b or not 0 <= a < b < 52:
        raise ConfigError(f"not two different cards: {first}, {second}")
    return a * 51 - a * (a - 1) // 2 + (b - a - 1)


def class_index(name: str) -> int:
    """The number of a class name (``"AKs"``, ``"t9o"``, ``"22"``; case of the ranks free,
    the suffix required for unpaired hands).

    >>> class_index("AA"), class_index("aks"), class_index("AKo")
    (0, 1, 13)
    >>> class_index("AK")
    Traceback (most recent call last):
    ...
    pokerroom.errors.ConfigError: not a hand class: 'AK' (e.g. 'AKs', 'T9o', '22')
    """
    text = name.strip()
    key = text[:2].upper() + text[2:].lower()
    index = _INDEX.get(key)
    if index is None:
        # the lower rank first, as in "KAs"
        swapped = key[1::-1] + key[2:]
        index = _INDEX.get(swapped)
    if index is None:
        raise ConfigError(f"not a hand class: {name!r} (e.g. 'AKs', 'T9o', '22')")
    return index


@cache
def _members() -> tuple[tuple[int, ...], ...]:
    groups: list[list[int]] = [[] for _ in range(CLASS_COUNT)]
    for combo, cls in enumerate(COMBO_CLASS.tolist()):
        groups[cls].append(combo)
    return tuple(tuple(g) for g in groups)


def class_combos(name: str | int) -> tuple[int, ...]:
    """The combos of a class (by name or number), in combo order.

    >>> [COMBOS[c].tolist() for c in class_combos("AKs")]  # clubs, diamonds, hearts, spades
    [[44, 48], [45, 49], [46, 50], [47, 51]]
    """
    index = class_index(name) if isinstance(name, str) else name
    return _members()[index]


def class_sizes() -> npt.NDArray[np.int64]:
    """The number of combos of each class (6, 4 or 12).

    >>> int(class_sizes().sum())
    1326
    """
    return np.bincount(COMBO_CLASS, minlength=CLASS_COUNT).astype(np.int64)
