"""A card-room tournament's settings: its structure and how its level clock counts,
checked when the host creates the table (:mod:`pokerroom.server.tournament_table` runs
the tournament itself).

>>> settings = TournamentSettings.from_json({"structure": "turbo"})
>>> settings.structure.starting_stack, settings.clock
(5000, 'minutes')
>>> TournamentSettings.from_json({"structure": "turbo", "clock": "days"})
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: tournament clock is one of minutes, hands, not 'days'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerroom.errors import ConfigError, TournamentError
from pokerroom.sessions.tournament import TournamentSession, check_tournament_game
from pokerroom.tournament.clock import HandClock, WallClock
from pokerroom.tournament.files import (
    structure_from_data,
    structure_from_toml,
    structure_to_data,
)
from pokerroom.tournament.presets import PRESETS, preset
from pokerroom.tournament.structure import TournamentStructure

if TYPE_CHECKING:
    from pokerroom.catalog import TableSpec
    from pokerroom.game import Game

__all__ = ["CLOCK_UNITS", "TournamentSettings", "check_room_tournament", "tournament_session"]

CLOCK_UNITS = ("minutes", "hands")
"""How a room's level clock counts: in minutes of play (the default) or in hands."""


@dataclass(frozen=True)
class TournamentSettings:
    """A room's tournament: its ``structure`` and how its clock counts (``clock``, one
    of :data:`CLOCK_UNITS`)."""

    structure: TournamentStructure
    clock: str = "minutes"

    def to_json(self) -> dict[str, Any]:
        return {"structure": structure_to_data(self.structure), "clock": self.clock}

    @classmethod
    def from_json(cls, data: object) -> TournamentSettings:
        """Settings from the host's JSON: ``{"structure": ..., "clock": "minutes"}``,
        the structure a preset's name, a structure file's text, or its tables as an
        object; a :class:`ConfigError` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise ConfigError("tournament: give {structure, clock}")
        unknown = sorted(set(data) - {"structure", "clock"})
        if unknown:
            raise ConfigError(f"unknown tournament setting(s): {', '.join(unknown)}")
        clock = data.get("clock", "minutes")
        if clock not in CLOCK_UNITS:
            raise ConfigError(f"tournament clock is one of {', '.join(CLOCK_UNITS)}, "
                              f"not {clock!r}")
        given = data.get("structure", "regular")
        if isinstance(given, str) and "=" in given:  # a structure file's text
            try:
                structure = structure_from_toml(given)
            except TournamentError as err:
                raise ConfigError(f"tournament structure: {err}") from None
        elif isinstance(given, str):
            if given not in PRESETS:
                raise ConfigError(f"tournament structure is a preset ("
                                  f"{', '.join(PRESETS)}) or a structure, not {given!r}")
            structure = preset(given)
        elif isinstance(given, Mapping):
            try:
                structure = structure_from_data(given)
            except TournamentError as err:
                raise ConfigError(f"tournament structure: {err}") from None
        else:
            raise ConfigError("tournament structure is a preset's name or a structure")
        return cls(structure, str(clock))

    def describe(self) -> str:
        """The tournament in a few words, for the table's settings line."""
        s = self.structure
        words = [f"tournament {s.name}: {s.starting_stack} chips for {s.buy_in}, "
                 f"{len(s.levels)} levels of "
                 + (f"{s.levels[0].minutes} min" if self.clock == "minutes"
                    else f"{s.levels[0].hands} hands")]
        if s.rebuys is not None:
            words.append(f"rebuys to level {s.rebuys.until_level}")
        if s.add_on is not None:
            words.append("an add-on")
        return ", ".join(words)


def check_room_tournament(settings: TournamentSettings | None, seats: int, game: Game,
                          house_rules: Mapping[str, Any]) -> None:
    """Refuse a tournament the room cannot deal: a game with no tournament, a level the
    game cannot be dealt at, or payouts a field of 2 to ``seats`` entries cannot fill."""
    if settings is None:
        return
    try:
        check_tournament_game(game)
    except TournamentError as err:
        raise ConfigError(str(err)) from None
    if seats < 2:
        raise ConfigError("a tournament needs a table of at least 2 seats")
    from pokerroom.catalog import TableSpec

    spec = TableSpec(players=("Seat 1", "Seat 2"), stacks=(settings.structure.starting_stack,) * 2,
                     stakes=dict(game.default_stakes), house_rules=dict(house_rules),
                     rng=random.Random(0))
    try:
        tournament_session(game, spec, settings, lambda: 0)
        for entries in range(2, seats + 1):
            settings.structure.prizes(entries)
    except TournamentError as err:
        raise ConfigError(f"tournament: {err}") from None


def tournament_session(game: Game, spec: TableSpec, settings: TournamentSettings,
             seconds: Callable[[], int]) -> TournamentSession:
    """The tournament session of a room's table: the game's own table of ``spec``, the
    structure, and the clock (``seconds``: the time played, on a clock in minutes)."""
    from pokerroom.sessions.poker import PokerSession

    table = game.factory(spec)
    assert isinstance(table, PokerSession)
    clock = WallClock(seconds) if settings.clock == "minutes" else HandClock()
    return TournamentSession(table, settings.structure, clock=clock,
                             rng=random.Random(spec.rng.random() if spec.rng else 0))
