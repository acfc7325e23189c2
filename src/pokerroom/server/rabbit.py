"""The rabbit hunt: after a hand won without a showdown in a board game, a seated player
asks to see the board cards that would have come, and everyone is shown them as such.

The cards are the hand's own: the engine reads them from the hand's stub as the dealer
would have dealt them, burn cards taken and not shown
(:func:`~pokerroom.engine.rabbit.undealt_board`), the moment the hand ends (before the
next deal draws on the table's shuffle), and the room keeps them out of every frame
until someone asks. Asking is a ``rabbit`` event of the table's log; it changes no
chip, no result and no history: the hand was won when everyone else folded, and the
cards are shown apart from the board, marked as not dealt. They are cards nobody held,
so no hidden hole card is ever shown by them (``tests/server/test_rabbit.py`` checks
every frame).

The host allows it with the table's ``rabbit_hunt`` setting (off by default: it shows
what a fold would have met, which not every table wants); it is offered in the board
games of the poker engine (hold'em and the Omahas) between the end of such a hand and
the next deal.

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> room = Room("t1", RoomConfig.from_json({"game": "holdem", "approval": False}), "h")
>>> room.seq = 1
>>> _ = room.apply(2, "seat", room.join(0, "Ann")[0].payload)
>>> room.rabbit_hunt(0)
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: the host does not allow the rabbit hunt at this table
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from pokerroom.core import Event
    from pokerroom.server.config import RoomConfig
    from pokerroom.server.records import RoomHandRecord, SeatInfo

__all__ = ["RabbitHunts", "hidden_board"]


def hidden_board(record: RoomHandRecord) -> tuple[str, ...]:
    """The board cards a finished hand would still have dealt, when it was won without
    a showdown in a board game (``()``: there is no rabbit to hunt)."""
    from pokerroom.engine.rabbit import undealt_board
    from pokerroom.engine.state import PokerHand

    state = record.state
    if not isinstance(state, PokerHand) or not state.is_over:
        return ()
    left = [s for s in range(len(state.in_hand)) if state.in_hand[s] and not state.folded[s]]
    if len(left) != 1:
        return ()      # a showdown: every card there was to deal was dealt
    return tuple(repr(card) for card in undealt_board(state) or ())


class _HuntingRoom(Protocol):
    config: RoomConfig
    seats: dict[int, SeatInfo]
    hands: list[RoomHandRecord]

    @property
    def hand(self) -> RoomHandRecord | None: ...

    def _seat(self, seat: object) -> SeatInfo: ...

    def rabbit_offer(self) -> bool: ...


class RabbitHunts:
    """The room's part that keeps and shows the rabbit hunt (mixed into
    :class:`~pokerroom.server.room.Room`)."""

    def rabbit_offer(self: _HuntingRoom) -> bool:
        """Whether a seated player may ask for the rabbit hunt now."""
        record = self.hands[-1] if self.hands else None
        return (self.config.rabbit_hunt and self.hand is None and record is not None
                and bool(record.rabbit) and not record.rabbit_by)

    def rabbit_hunt(self: _HuntingRoom, seat: object) -> PendingEvent:
        """The player in ``seat`` asks to see what the last hand would have dealt."""
        info = self._seat(seat)
        if not self.config.rabbit_hunt:
            raise ConfigError("the host does not allow the rabbit hunt at this table")
        if not info.approved:
            raise ConfigError(f"{info.name} is not seated yet")
        if self.hand is not None:
            raise ConfigError("the rabbit hunt is asked for after a hand, before the next "
                              "deal")
        record = self.hands[-1] if self.hands else None
        if record is None:
            raise ConfigError("no hand has been played yet")
        if record.rabbit_by:
            raise ConfigError(f"{record.rabbit_by} already asked: the cards are shown")
        if not record.rabbit:
            raise ConfigError(f"hand {record.number} has nothing to hunt: the rabbit hunt "
                              "follows a hand won without a showdown in hold'em or Omaha, "
                              "before the whole board is dealt")
        return PendingEvent("rabbit", {"seat": info.seat, "hand": record.number})

    def _on_rabbit(self: _HuntingRoom, p: dict[str, Any]) -> list[Event]:
        record = self.hands[-1]
        record.rabbit_by = self.seats[p["seat"]].name
        return []
