"""Chips a seated player adds between hands: top-ups, rebuys and the host's answer.

:class:`ChipRequests` is the part of :class:`~pokerroom.server.room.Room` that checks a
request against the table's limits (:meth:`ChipRequests.chip_limits`: up to the maximum
buy-in, at least the minimum top-up), asks the host when the table wants approval
(a ``topup_ask`` event, answered by ``topup`` or ``topup_refuse``), offers a bust player
a rebuy, and applies the chips added to the stack and the ledger.

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> room = Room("t1", RoomConfig.from_json({"game": "holdem", "buy_in": 200,
...                                         "approval": False}), "hash")
>>> room.seq = 1                  # the "created" event
>>> _ = room.apply(2, "seat", room.join(0, "Ann")[0].payload)
>>> room.chip_limits(0)           # the stack is already at the maximum buy-in
(0, 0)
>>> room.top_up(0, 50)
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: Ann has 200 chips, the most a stack may be topped up to (200)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from pokerroom.core import Event
    from pokerroom.server.config import RoomConfig
    from pokerroom.server.ledger import CashLedger
    from pokerroom.server.records import RoomHandRecord, SeatInfo

__all__ = ["ChipRequests"]


class _ChippedRoom(Protocol):
    config: RoomConfig
    seats: dict[int, SeatInfo]
    ledger: CashLedger
    hands: list[RoomHandRecord]
    session_lineup: tuple[int, ...]
    session_dirty: bool

    def in_play(self, room_seat: int) -> bool: ...

    def chip_limits(self, room_seat: int) -> tuple[int, int]: ...

    def _seat(self, seat: object) -> SeatInfo: ...

    def _check_top_up(self, info: SeatInfo, amount: object) -> int: ...


class ChipRequests:
    """The room's part that adds chips between hands (mixed into
    :class:`~pokerroom.server.room.Room`)."""

    def chip_limits(self: _ChippedRoom, room_seat: int) -> tuple[int, int]:
        """``(least, most)`` chips the seat may add now (``most`` 0: none, its stack is
        at the table's maximum buy-in)."""
        info = self._seat(room_seat)
        if self.config.tournament is not None:  # rebuys and add-ons: tournament_table
            return 0, 0
        most = max(0, self.config.max_buy_in - info.stack)
        return min(self.config.min_top_up, most), most

    def rebuy_offer(self: _ChippedRoom, room_seat: int | None) -> int:
        """The chips a bust player is offered to buy in again (0: no offer: the seat is
        not bust, its chips are in play, or it already asked)."""
        info = self.seats.get(room_seat) if room_seat is not None else None
        if self.config.tournament is not None:  # a tournament's rebuys: tournament_table
            return 0
        if info is None or info.bot or not info.approved or info.stack > 0 or info.asked \
                or info.leaving or self.in_play(info.seat):
            return 0
        return min(self.config.buy_in, self.config.max_buy_in)

    def top_up(self: _ChippedRoom, seat: object, amount: object, *,
               host: bool = False) -> PendingEvent:
        """Add chips to a seated player's stack (a top-up, or a rebuy once bust) between
        hands, within the table's limits (:meth:`chip_limits`). Unless the host gives
        them (``host``) or the table needs no approval, this asks the host, who
        approves (:meth:`approve_top_up`) or refuses (:meth:`refuse_top_up`)."""
        info = self._seat(seat)
        if self.config.tournament is not None:
            raise ConfigError("a tournament sells rebuys and the add-on, as its structure "
                              "allows; no other chips are added")
        if not info.approved:
            raise ConfigError(f"{info.name} is not seated yet: chips can be added once the "
                              "host approves the seat")
        chips = self._check_top_up(info, amount)
        if self.config.top_up_approval and not host and not info.bot:
            if info.asked:
                raise ConfigError(f"{info.name} already asked for {info.asked} chips; the "
                                  "host has not answered yet")
            return PendingEvent("topup_ask", {"seat": info.seat, "amount": chips})
        return PendingEvent("topup", {"seat": info.seat, "amount": chips})

    def approve_top_up(self: _ChippedRoom, seat: object) -> PendingEvent:
        """The host adds the chips a player asked for (checked again against the limits
        and the hand in play now)."""
        info = self._seat(seat)
        if not info.asked:
            raise ConfigError(f"{info.name} has not asked for chips")
        return PendingEvent("topup", {"seat": info.seat,
                                      "amount": self._check_top_up(info, info.asked)})

    def refuse_top_up(self: _ChippedRoom, seat: object) -> PendingEvent:
        """The host turns down the chips a player asked for."""
        info = self._seat(seat)
        if not info.asked:
            raise ConfigError(f"{info.name} has not asked for chips")
        return PendingEvent("topup_refuse", {"seat": info.seat})

    def _check_top_up(self: _ChippedRoom, info: SeatInfo, amount: object) -> int:
        """The chips to add to ``info``'s stack, or a :class:`ConfigError` saying why
        not: a positive whole number, between hands, within :meth:`chip_limits`."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise ConfigError("a top-up is a positive whole number of chips")
        if info.leaving:
            raise ConfigError(f"{info.name} is leaving the table")
        if self.in_play(info.seat):
            raise ConfigError(f"chips are added between hands: {info.name}'s chips are in "
                              "play")
        least, most = self.chip_limits(info.seat)
        if most == 0:
            raise ConfigError(f"{info.name} has {info.stack} chips, the most a stack may be "
                              f"topped up to ({self.config.max_buy_in})")
        if not least <= amount <= most:
            raise ConfigError(f"a top-up for {info.name} is {least} to {most} chips (a stack "
                              f"holds at most {self.config.max_buy_in}); not {amount}")
        return amount

    # ----------------------------------------------------------------- applying

    def _on_topup_ask(self: _ChippedRoom, p: dict[str, Any]) -> list[Event]:
        self.seats[p["seat"]].asked = int(p["amount"])
        return []

    def _on_topup_refuse(self: _ChippedRoom, p: dict[str, Any]) -> list[Event]:
        self.seats[p["seat"]].asked = 0
        return []

    def _on_topup(self: _ChippedRoom, p: dict[str, Any]) -> list[Event]:
        info = self.seats[p["seat"]]
        info.asked = 0
        info.stack += int(p["amount"])
        self.ledger.add(info.name, "top-up", int(p["amount"]), len(self.hands))
        if info.seat in self.session_lineup:
            self.session_dirty = True
        return []
