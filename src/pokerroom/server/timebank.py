"""The time bank: a reserve of seconds each player's action clock draws on once it runs
out, refilled at a pace the host sets.

A seat gets the table's ``time_bank`` seconds when the host approves it. When the
seat's action clock runs out in its turn and the bank holds time, the room stores a
``bank`` event instead of acting for the player: the seat's clock starts again from the
seconds in the bank (:func:`~pokerroom.server.clocks.track_clocks`), so a pause holds a
draw and the server's downtime is not counted on it, like any clock. When the turn ends
the bank keeps what the clock had left; when a draw runs out too, the timer acts for the
player as it always does. Every ``time_bank_every`` hands each player's bank gains
``time_bank_refill`` seconds, never above ``time_bank``. The banks are worked out from
the events alone, so a restart keeps them to the millisecond.

>>> spent(left=20.0, since=100.0, at=104.5, paused=False)
15.5
>>> spent(left=20.0, since=100.0, at=130.0, paused=False)
0.0
>>> spent(left=12.0, since=100.0, at=130.0, paused=True)     # a pause holds the bank
12.0
>>> refilled(5.0, hand=10, every=10, refill=10.0, most=60.0)
15.0
>>> refilled(55.0, hand=20, every=10, refill=10.0, most=60.0)
60.0
>>> refilled(5.0, hand=11, every=10, refill=10.0, most=60.0)
5.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from pokerroom.core import Event
    from pokerroom.server.config import RoomConfig
    from pokerroom.server.records import SeatInfo

__all__ = ["TimeBanks", "refilled", "spent"]


def spent(*, left: float, since: float, at: float, paused: bool) -> float:
    """The seconds a bank keeps when a draw ends at ``at``: what the clock had left
    (``left`` from ``since``), held while ``paused``, never below 0 (to the
    millisecond)."""
    if paused:
        return round(max(0.0, left), 3)
    return round(max(0.0, left - max(0.0, at - since)), 3)


def refilled(bank: float, *, hand: int, every: int, refill: float, most: float) -> float:
    """A bank after hand number ``hand`` ends: ``refill`` more seconds every ``every``
    hands, up to ``most``."""
    if every <= 0 or refill <= 0 or hand % every:
        return bank
    return min(most, bank + refill)


class _BankedRoom(Protocol):
    config: RoomConfig
    seats: dict[int, SeatInfo]
    paused: bool
    clocks: dict[int, tuple[float, float]]
    banks: dict[int, float]
    drawing: set[int]
    restarted_clocks: set[int]

    def actors(self) -> tuple[int, ...]: ...

    def _seat(self, seat: object) -> SeatInfo: ...


class TimeBanks:
    """The room's part that keeps each player's time bank (mixed into
    :class:`~pokerroom.server.room.Room`)."""

    def bank_of(self: _BankedRoom, room_seat: int) -> float:
        """The seconds in the seat's bank now (a draw in progress not yet taken off)."""
        return self.banks.get(room_seat, 0.0)

    def can_draw_bank(self: _BankedRoom, room_seat: int) -> bool:
        """Whether the seat's clock, run out, goes on from its time bank now."""
        info = self.seats.get(room_seat)
        return (self.config.timer > 0 and self.config.time_bank > 0 and info is not None
                and not info.bot and not info.sitting_out and not self.paused
                and room_seat in self.actors() and room_seat not in self.drawing
                and self.banks.get(room_seat, 0.0) > 0)

    def draw_time_bank(self: _BankedRoom, seat: object) -> PendingEvent:
        """The seat's action clock ran out: it goes on from the seat's time bank."""
        info = self._seat(seat)
        if self.config.timer <= 0 or self.config.time_bank <= 0:
            raise ConfigError("this table has no time bank")
        if info.seat not in self.actors():
            raise ConfigError(f"it is not {info.name}'s turn")
        if info.seat in self.drawing:
            raise ConfigError(f"{info.name} is already on the time bank")
        if self.paused:
            raise ConfigError("the game is paused: no clock runs")
        seconds = self.banks.get(info.seat, 0.0)
        if seconds <= 0:
            raise ConfigError(f"{info.name}'s time bank is empty")
        return PendingEvent("bank", {"seat": info.seat, "seconds": seconds})

    # ----------------------------------------------------------------- applying

    def _on_bank(self: _BankedRoom, p: dict[str, Any]) -> list[Event]:
        self.drawing.add(int(p["seat"]))
        return []  # the seat's clock is set by _track_clocks

    def _open_bank(self: _BankedRoom, room_seat: int) -> None:
        """A seat the host approved starts with a full bank."""
        self.banks[room_seat] = float(self.config.time_bank)

    def _track_banks(self: _BankedRoom, kind: str, payload: dict[str, Any],
                     at: float) -> None:
        """After an event stored at ``at`` (before the clocks move on): a draw ends
        when the seat acts or its turn is over, and the bank keeps what the clock had
        left; a seat still to act after its move starts a full clock again. The seats
        whose clock this event started again are in :attr:`restarted_clocks`."""
        self.restarted_clocks.clear()
        if kind == "bank":
            self.restarted_clocks.add(int(payload["seat"]))
        if not self.drawing:
            return
        actors = set(self.actors())
        mover = payload.get("seat") if kind == "act" else None
        for seat in [s for s in self.drawing if s not in actors or s == mover]:
            self.drawing.discard(seat)
            clock = self.clocks.get(seat)
            if seat in self.banks and clock is not None:
                self.banks[seat] = spent(left=clock[0], since=clock[1], at=at,
                                         paused=self.paused)
            if seat in actors:
                self.clocks[seat] = (float(self.config.timer), at)
                self.restarted_clocks.add(seat)

    def _refill_banks(self: _BankedRoom, hand: int) -> None:
        """After hand number ``hand``: the refill, when it is due."""
        config = self.config
        for seat, bank in self.banks.items():
            self.banks[seat] = refilled(bank, hand=hand, every=config.time_bank_every,
                                        refill=config.time_bank_refill,
                                        most=config.time_bank)
