"""What the room keeps of each seat and each hand dealt: :class:`SeatInfo` and
:class:`RoomHandRecord`, shared by the room and the parts of it (chips, clocks, chat, seat
changes, the time bank, the rabbit hunt) without their importing the room itself."""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any

from pokerroom.core import HandState
from pokerroom.session import HandResult, Session

__all__ = ["RoomHandRecord", "SeatInfo"]


@dataclass(slots=True)
class SeatInfo:
    """A seat at the room and the player in it."""

    seat: int
    name: str
    token_hash: str
    bot: bool = False
    approved: bool = False
    stack: int = 0
    sitting_out: bool = False
    leaving: bool = False
    asked: int = 0
    """Chips this player asked to add, waiting for the host's approval (0: none)."""
    moved: str = ""
    """After a seat change in a blind game, until dealt in: ``wait`` for the big blind
    or ``post`` one (see :mod:`pokerroom.server.seating`; empty: an ordinary player)."""

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "bot": self.bot,
                "approved": self.approved, "stack": self.stack,
                "sitting_out": self.sitting_out, "asked": self.asked,
                "moved": self.moved}


@dataclass(slots=True)
class RoomHandRecord:
    """A hand dealt at the room: its game, lineup, state and (once over) result."""

    number: int
    game: str
    lineup: tuple[int, ...]
    names: tuple[str, ...]
    state: HandState
    session: Session
    starting: tuple[int, ...] = ()
    result: HandResult | None = None
    phh: dict[str, object] | None = None
    """The finished hand as PHH, every card in it, as its table gave it when the hand was
    settled (:meth:`~pokerroom.session.Session.phh_record`; ``None``: PHH does not write
    the game)."""
    actions: list[dict[str, Any]] = field(default_factory=list)
    dealer: int | None = None
    """The room seat that deals or holds the button (``None``: the house deals)."""
    stakes: dict[str, int] = field(default_factory=dict)
    started_at: float = 0.0
    """When the hand was dealt (seconds since the epoch; 0: unknown)."""
    rabbit: tuple[str, ...] = ()
    """The board cards the hand would still have dealt, kept from its end when it was
    won without a showdown at a table with the rabbit hunt (shown once asked for)."""
    rabbit_by: str = ""
    """Who asked for the rabbit hunt (empty: nobody has)."""
    twice: str = ""
    """Run it twice (:mod:`pokerroom.server.twice`): ``"asked"`` while the players in the
    pot decide, then ``"twice"`` or ``"once"`` (empty: never offered)."""
    twice_votes: dict[int, bool] = field(default_factory=dict)
    """Each room seat's answer so far, while they decide (and kept after)."""
    holders: tuple[str, ...] = ()
    """The seat token (hash) each lineup seat was held with when the hand was dealt: a
    hand is shown as a seat saw it only to that occupancy, not to whoever sits there
    later."""

    def hand_seat(self, room_seat: int | None) -> int | None:
        """The seat's number in this hand (``None``: not dealt in, sees as a spectator)."""
        if room_seat is None or room_seat not in self.lineup:
            return None
        return self.lineup.index(room_seat)

    def reader_seat(self, room_seat: int | None, holder: str | None) -> int | None:
        """The hand seat whose cards the reader may see: the one dealt to the occupancy
        the reader holds (``holder``: its token hash), wherever that player sits now
        (a seat change keeps the token); otherwise ``None`` (a spectator's view). A hand
        logged without its holders goes by ``room_seat`` alone."""
        if not self.holders:
            return self.hand_seat(room_seat)
        if holder:
            for seat, dealt in enumerate(self.holders):
                if dealt and hmac.compare_digest(dealt, holder):
                    return seat
        return None

    def seated(self, room_seat: int) -> bool:
        """True when a player sat in ``room_seat`` as the hand was dealt (a
        tournament's hands also carry its free seats, nameless)."""
        return room_seat in self.lineup and bool(self.names[self.lineup.index(room_seat)])

    def room_seat(self, hand_seat: int) -> int:
        return self.lineup[hand_seat]
