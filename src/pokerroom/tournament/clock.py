"""The level clock as a pure function: what the stakes are at a moment of a tournament.

A table asks with the time it has played (:func:`at_seconds`, :func:`at_minute`; a
paused clock simply stops counting) or with the number of the hand about to be dealt
(:func:`at_hand`, for clocks counted in hands). The answer is a :class:`ClockReading`:
the level, its stakes, whether the players are on a break, what is left of the level
or break, and the next level's stakes. On the time clock the levels and breaks follow
one another as the structure lists them; on the hand clock breaks take no hands. Past
the last level the last level's stakes stay (nothing is left to count down).

>>> from pokerroom.tournament.presets import preset
>>> turbo = preset("turbo")
>>> at_minute(turbo, 0).describe()
'level 1: blinds 25/50; 8 min left; next blinds 50/100'
>>> at_minute(turbo, 8).describe()
'level 2: blinds 50/100; 8 min left; next blinds 75/150'
>>> at_hand(turbo, 7).level, at_hand(turbo, 7).left  # the first of 6 hands
(2, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from pokerroom.tournament.structure import ColourUp, Level, TournamentStructure, check_count

__all__ = ["Clock", "ClockReading", "HandClock", "WallClock", "at_hand", "at_minute",
           "at_seconds", "level_start"]


@dataclass(frozen=True)
class ClockReading:
    """The clock at one moment.

    ``level`` is the level in play (on a break: the level that follows it), ``stakes``
    its stakes; ``left`` is what remains of the level or break, in seconds on the time
    clock and in hands (this one included) on the hand clock, ``None`` on the last
    level; ``colour_up`` is the colour-up due before the level starts, shown during the
    break before it and at the level's first second or first hand (a table
    races the chips when the level starts).
    """

    level: int
    stakes: Level
    on_break: bool
    left: int | None
    unit: str
    next_stakes: Level | None
    colour_up: ColourUp | None

    def describe(self) -> str:
        """The clock line in words."""
        words = [f"break before level {self.level}" if self.on_break
                 else f"level {self.level}: {self.stakes.describe()}"]
        if self.left is not None:
            if self.unit == "seconds":
                minutes, seconds = divmod(self.left, 60)
                words.append(f"{minutes} min left" if not seconds
                             else f"{minutes}:{seconds:02d} left")
            else:
                words.append(f"{self.left} hand{'s' if self.left != 1 else ''} left")
        if self.on_break:
            words.append(f"then {self.stakes.describe()}")
        elif self.next_stakes is not None:
            words.append(f"next {self.next_stakes.describe()}")
        if self.colour_up is not None:
            words.append(f"colour-up of the {self.colour_up.chip} chips")
        return "; ".join(words)


def _reading(structure: TournamentStructure, number: int, on_break: bool, left: int | None,
             unit: str, starting: bool) -> ClockReading:
    last = len(structure.levels)
    return ClockReading(
        level=number, stakes=structure.level(number), on_break=on_break,
        left=left if number < last or on_break else None, unit=unit,
        next_stakes=structure.level(number + 1) if number < last else None,
        colour_up=structure.colour_up_at(number) if on_break or starting else None)


def _timeline(structure: TournamentStructure) -> Iterator[tuple[int, Level, int, int]]:
    """Each level in order: its number, the level, the seconds of play at its start and
    the seconds of the break after it (0: none)."""
    start = 0
    for number, level in enumerate(structure.levels, 1):
        pause = structure.break_after(number)
        rest = pause.minutes * 60 if pause is not None else 0
        yield number, level, start, rest
        start += level.minutes * 60 + rest


def at_seconds(structure: TournamentStructure, seconds: int) -> ClockReading:
    """The clock after ``seconds`` of play (breaks count; pauses do not).

    >>> from pokerroom.tournament.presets import preset
    >>> reading = at_seconds(preset("regular"), 4 * 20 * 60 + 30)
    >>> reading.on_break, reading.level, reading.left
    (True, 5, 570)
    """
    check_count("seconds", seconds)
    last = len(structure.levels)
    for number, level, start, rest in _timeline(structure):
        end = start + level.minutes * 60
        if seconds < end or number == last:
            return _reading(structure, number, False, end - seconds, "seconds",
                            seconds == start)
        if seconds < end + rest:
            return _reading(structure, number + 1, True, end + rest - seconds, "seconds",
                            False)
    raise AssertionError("unreachable: the last level has no end")  # pragma: no cover


def level_start(structure: TournamentStructure, number: int) -> int:
    """The seconds of play at which level ``number`` starts on the time clock (the
    breaks before it counted; level 0, before the first deal, starts at 0).

    >>> from pokerroom.tournament.presets import preset
    >>> regular = preset("regular")
    >>> level_start(regular, 1), level_start(regular, 2), level_start(regular, 5)
    (0, 1200, 5400)
    >>> at_seconds(regular, level_start(regular, 5)).level
    5
    """
    if not 0 <= number <= len(structure.levels):
        raise ValueError(f"level {number} is not in the structure "
                         f"(1 to {len(structure.levels)})")
    return next((start for n, _, start, _ in _timeline(structure) if n == number), 0)


def at_minute(structure: TournamentStructure, minute: int) -> ClockReading:
    """The clock after ``minute`` whole minutes of play."""
    return at_seconds(structure, check_count("minute", minute) * 60)


def at_hand(structure: TournamentStructure, hand: int) -> ClockReading:
    """The clock for the tournament's hand number ``hand`` (the first hand is 1).

    >>> from pokerroom.tournament.presets import preset
    >>> [at_hand(preset("turbo"), n).level for n in (1, 6, 7, 12, 13)]
    [1, 1, 2, 2, 3]
    """
    check_count("hand", hand, least=1)
    dealt = 0
    last = len(structure.levels)
    for number, level in enumerate(structure.levels, 1):
        if hand <= dealt + level.hands or number == last:
            return _reading(structure, number, False, dealt + level.hands - hand + 1,
                            "hands", hand == dealt + 1)
        dealt += level.hands
    raise AssertionError("unreachable: the last level has no end")  # pragma: no cover


class Clock(Protocol):
    """Where a tournament table reads its clock: the reading for the hand about to be
    dealt (``hand``, the first is 1)."""

    def read(self, structure: TournamentStructure, hand: int) -> ClockReading:
        """The clock as hand number ``hand`` is about to be dealt."""
        ...


class HandClock:
    """The clock counted in hands (the terminal's): each level lasts its ``hands``.

    >>> from pokerroom.tournament.presets import preset
    >>> HandClock().read(preset("turbo"), 7).level
    2
    """

    def read(self, structure: TournamentStructure, hand: int) -> ClockReading:
        return at_hand(structure, hand)


class WallClock:
    """The clock counted in time: ``seconds()`` says how long the tournament has been
    played (the caller stops counting while play is paused), so a test gives a fake.

    >>> from pokerroom.tournament.presets import preset
    >>> played = [0]
    >>> clock = WallClock(lambda: played[0])
    >>> clock.read(preset("turbo"), 1).level
    1
    >>> played[0] = 8 * 60
    >>> clock.read(preset("turbo"), 2).level
    2
    """

    def __init__(self, seconds: Callable[[], int]) -> None:
        self.seconds = seconds

    def read(self, structure: TournamentStructure, hand: int) -> ClockReading:
        return at_seconds(structure, self.seconds())
