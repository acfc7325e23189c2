"""Late registration at a card-room tournament: who may take a seat and enter once the
tournament has started, and the late entries made between hands
(:class:`LateEntries`, part of :class:`~pokerroom.server.tournament_table.TournamentTable`).

A structure with late registration makes the tournament's session at the first deal
with every seat of the room, the free ones empty (nameless, without chips). A player
may take one and buy in while the clock shows a level up to the structure's
``late_registration`` and no hand of a later level has been dealt; the seat (and the
host's approval of it) is refused in words after that. The player enters with the
starting stack between hands: at once, or before the next deal when they sat down
during a hand, and in a game with blinds waits for the big blind (``supp-new-player``,
:meth:`~pokerroom.sessions.tournament.TournamentSession.register`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from pokerroom.errors import ConfigError

if TYPE_CHECKING:
    from pokerroom.server.config import RoomConfig
    from pokerroom.server.records import SeatInfo
    from pokerroom.server.tourney import Tourney

__all__ = ["LateEntries"]


class _EntriesRoom(Protocol):
    tourney: Tourney | None
    config: RoomConfig
    seats: dict[int, SeatInfo]

    def tourney_entry_refusal(self) -> str | None: ...

    def _tourney_register(self) -> None: ...

    def _tourney_sync(self) -> None: ...

    def _tourney_clock(self) -> float: ...


class LateEntries:
    """Late registration (part of the room's tournament)."""

    def tourney_deal_lineup(self: _EntriesRoom, lineup: tuple[int, ...]) -> tuple[int, ...]:
        """The lineup of a deal: at a tournament's first deal with late registration,
        every seat of the room (the free ones left empty for late entries)."""
        t = self.tourney
        if t is None or t.slots or t.structure.late_registration == 0:
            return lineup
        return tuple(range(self.config.seats))

    def tourney_entrant(self: _EntriesRoom, room_seat: int) -> bool:
        """True when the seat's player entered the tournament (and so keeps their
        place when they leave: they are blinded off)."""
        t = self.tourney
        return t is not None and room_seat in t.entrants

    def check_tourney_entry(self: _EntriesRoom) -> None:
        """Refuse a seat, or its approval, when nobody may enter now (a
        :class:`ConfigError` in words: :meth:`tourney_entry_refusal`)."""
        words = self.tourney_entry_refusal()
        if words is not None:
            raise ConfigError(words)

    def tourney_entry_refusal(self: _EntriesRoom) -> str | None:
        """Why nobody may take a seat and enter now (``None``: they may: the
        tournament has not started, or late registration is open)."""
        t = self.tourney
        if t is None or not t.slots:
            return None
        session = t.session
        last = t.structure.late_registration
        if t.over or session is None or session.is_finished:
            return "the tournament is over: no one enters now"
        if last == 0:
            return ("the tournament has started: no one enters now (this structure has "
                    "no late registration)")
        if not session.registration_open:
            return session.registration_closed()
        reading = t.reading(self._tourney_clock())
        if reading.level > last:
            return (f"late registration is over: entries were taken through level {last}, "
                    f"and the clock shows {reading.describe()}")
        return None

    def _tourney_before_deal(self: _EntriesRoom, names: tuple[str, ...]) -> tuple[str, ...]:
        """Before a deal: the late entries enter; the names the hand is dealt to (a
        tournament's: its session's, the free seats nameless)."""
        t = self.tourney
        if t is None or t.session is None:
            return names
        self._tourney_register()
        return tuple(t.session.players)

    def _tourney_register(self: _EntriesRoom) -> None:
        """Between hands: each player who bought in at a free seat of the session (and
        is in the game) enters, while late registration is open."""
        t = self.tourney
        session = t.session if t is not None else None
        if t is None or session is None or not t.slots \
                or session.table.table.hand is not None or not session.registration_open:
            return
        for index, seat in enumerate(t.slots):
            info = self.seats.get(seat)
            if session.entered[index] or info is None or not info.approved \
                    or info.sitting_out or info.leaving or info.stack <= 0:
                continue
            session.register(index, info.name)
        self._tourney_sync()
