"""What the card room keeps of a tournament table's tournament: its settings, the level
clock's seconds, the entrants and the session's seats, places, prizes, the rebuys asked
for and a deal on offer (:mod:`pokerroom.server.tournament_table` applies the events
that change it).

>>> from pokerroom.server.tournament_settings import TournamentSettings
>>> t = Tourney(TournamentSettings.from_json({"structure": "turbo"}), played=30.0, since=100.0)
>>> t.played_at(112.5)
42.5
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.server.tournament_settings import TournamentSettings
from pokerroom.sessions.tournament import TournamentSession
from pokerroom.tournament.clock import ClockReading, at_hand, at_seconds
from pokerroom.tournament.standings import Finish
from pokerroom.tournament.structure import TournamentStructure

__all__ = ["DealOffer", "Tourney"]


@dataclass
class DealOffer:
    """A deal on offer: each player's share by room seat, and who accepted."""

    method: str
    amounts: dict[int, int]
    accepted: set[int] = field(default_factory=set)


@dataclass
class Tourney:
    """What the room keeps of its tournament (see the module docstring)."""

    settings: TournamentSettings
    played: float = 0.0
    since: float | None = None
    entrants: tuple[int, ...] = ()
    """The room seats of the players who entered (set at the first deal)."""
    slots: tuple[int, ...] = ()
    """The room seat of each seat of the session, the hands' lineup (set at the first
    deal: the entrants, or every seat of the room when late entries may come)."""
    places: dict[int, Finish] = field(default_factory=dict)
    """Each room seat out, or placed at the end, with its place."""
    prizes: dict[int, int] = field(default_factory=dict)
    asked: dict[int, str] = field(default_factory=dict)
    """Rebuys and add-ons asked for, waiting for the host (room seat: what)."""
    deal: DealOffer | None = None
    dealt: str = ""
    """The deal the players made, in words (empty: none)."""
    over: bool = False
    session: TournamentSession | None = None
    levels: dict[int, int] = field(default_factory=dict)
    """The level each hand was dealt at, by hand number."""
    out_at: dict[int, int] = field(default_factory=dict)
    """The hand each room seat went out on (or the last hand, at a deal)."""
    now: float | None = None
    """While a command is checked: the time now (the clock reads it instead of the
    stored time of the event being applied)."""

    @property
    def structure(self) -> TournamentStructure:
        return self.settings.structure

    def index(self, room_seat: int) -> int:
        """The session's seat of room seat ``room_seat``."""
        return self.slots.index(room_seat)

    def played_at(self, wall: float) -> float:
        """Seconds of play on the clock at wall time ``wall``."""
        if self.since is None:
            return self.played
        return self.played + max(0.0, wall - self.since)

    def reading(self, wall: float) -> ClockReading:
        """The clock at wall time ``wall``."""
        if self.settings.clock == "hands":
            dealt = self.session.hands_dealt if self.session is not None else 0
            return at_hand(self.structure, dealt + 1)
        return at_seconds(self.structure, int(self.played_at(wall)))

    def deal_seconds(self, wall: float) -> int:
        """The clock's seconds for a hand dealt at ``wall``: past a break, when it
        ends."""
        seconds = int(self.played_at(wall))
        reading = at_seconds(self.structure, seconds)
        if reading.on_break and reading.left is not None:
            return seconds + reading.left
        return seconds
