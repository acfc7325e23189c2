"""Seat changes: a seated player moves with their chips to a free seat between hands.

A move is a ``move`` event in the table's log; the player keeps their name, chips and
seat token, and the next deal is dealt to the new seating. What the move costs is the
game's rule (:func:`seat_change_words`):

- In the blind games of the poker engine the player is a new player at the new seat
  (``supp-new-player``): they wait there for the big blind, or post one to be dealt in at
  once (in lowball a new player's kill, ``lowball-3b``). In lowball with several blinds
  a player who has taken both blinds in turn at the old seat is dealt in at once
  (``lowball-7``). The engine's :class:`~pokerroom.engine.table.Table` applies the rule:
  the room marks the player at the seat they move to, and the table deals them in when
  the rule says (``wait`` until the big blind reaches them, ``post`` to post one).
- In the stud and draw games with antes, the home games and Three Card Poker the player
  simply plays on from the new seat at the next deal.

A move is refused while the player's chips are in play (their hand, or a Guts or Herbie
pot not yet won), to a taken seat, or when the host turned seat changes off (the
table's ``seat_changes`` setting, on by default).

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> room = Room("t1", RoomConfig.from_json({"game": "holdem", "approval": False}), "h")
>>> room.seq = 1
>>> _ = room.apply(2, "seat", room.join(0, "Ann")[0].payload)
>>> _ = room.apply(3, "seat", room.join(1, "Bob")[0].payload)
>>> room.change_seat(0, 1)
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: seat 2 is taken: choose a free seat
>>> _ = room.apply(4, "move", room.change_seat(0, 4).payload)
>>> sorted(room.seats), room.seats[4].name, room.seats[4].stack
([1, 4], 'Ann', 1000)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from pokerroom.core import Event
    from pokerroom.engine.table import Table
    from pokerroom.server.config import GameChoice, RoomConfig
    from pokerroom.server.records import RoomHandRecord, SeatInfo
    from pokerroom.session import Session

__all__ = ["SeatChanges", "engine_table", "seat_change_words"]

_PLAYS_ON = "a player who changes seats plays on from the new seat at the next deal"


def engine_table(session: Session | None) -> Table | None:
    """The poker engine's table a session deals on (``None``: not a poker table)."""
    from pokerroom.sessions.poker import PokerSession

    return session.table if isinstance(session, PokerSession) else None


def _blind_game(session: Session | None) -> bool:
    from pokerroom.engine.variants import Forced

    table = engine_table(session)
    return table is not None and table.config.variant.forced is Forced.BLINDS


def seat_change_words(session: Session | None) -> str:
    """What a seat change costs at a table dealing on ``session``, in words.

    >>> seat_change_words(None)
    'a player who changes seats plays on from the new seat at the next deal'
    """
    table = engine_table(session)
    return table.seat_change_words() if table is not None else _PLAYS_ON


class _SeatedRoom(Protocol):
    config: RoomConfig
    seats: dict[int, SeatInfo]
    closed: bool
    session: Session | None
    session_lineup: tuple[int, ...]
    session_choice: GameChoice | None
    session_dirty: bool
    hands: list[RoomHandRecord]
    banks: dict[int, float]

    @property
    def hand(self) -> RoomHandRecord | None: ...

    def game_in_progress(self) -> bool: ...

    def current_choice(self) -> GameChoice: ...

    def _seat(self, seat: object) -> SeatInfo: ...

    def _dealt_at_once(self, info: SeatInfo) -> bool: ...


class SeatChanges:
    """The room's part that moves players between seats (mixed into
    :class:`~pokerroom.server.room.Room`)."""

    def change_seat(self: _SeatedRoom, seat: object, new_seat: object, *,
                    post: object = False) -> PendingEvent:
        """Move the player in ``seat`` to the free ``new_seat`` between hands (``post``:
        in a blind game, post a big blind to be dealt in at once instead of waiting for
        it). A :class:`ConfigError` says why not, in the table's words."""
        info = self._seat(seat)
        if not self.config.seat_changes:
            raise ConfigError("the host does not allow seat changes at this table")
        if self.closed:
            raise ConfigError("this table is closed")
        if not info.approved:
            raise ConfigError(f"{info.name} is not seated yet: seats change once the host "
                              "approves the seat")
        if info.leaving:
            raise ConfigError(f"{info.name} is leaving the table")
        if isinstance(new_seat, bool) or not isinstance(new_seat, int) \
                or not 0 <= new_seat < self.config.seats:
            raise ConfigError(f"pick a seat from 1 to {self.config.seats}")
        if new_seat == info.seat:
            raise ConfigError(f"{info.name} is already in seat {new_seat + 1}")
        if new_seat in self.seats:
            raise ConfigError(f"seat {new_seat + 1} is taken: choose a free seat")
        if not isinstance(post, bool):
            raise ConfigError("say whether to post a blind (true or false)")
        if self.hand is not None:
            raise ConfigError("players change seats between hands: wait for this hand to "
                              "end")
        if self.game_in_progress() and info.seat in self.session_lineup:
            raise ConfigError(f"{info.name}'s chips are in the pot carried in the middle: "
                              "seats change once it is won")
        payload: dict[str, Any] = {"seat": info.seat, "to": new_seat}
        if _blind_game(self.session) and not self._dealt_at_once(info):
            payload["then"] = "post" if post else "wait"
        return PendingEvent("move", payload)

    def post_now(self: _SeatedRoom, seat: object) -> PendingEvent:
        """A player waiting for the big blind after a seat change posts one instead, to
        be dealt in at the next deal."""
        info = self._seat(seat)
        if info.moved != "wait":
            raise ConfigError(f"{info.name} is not waiting for the big blind")
        if self.hand is not None:
            raise ConfigError("a blind is posted between hands: wait for this hand to end")
        return PendingEvent("move_post", {"seat": info.seat})

    def _dealt_at_once(self: _SeatedRoom, info: SeatInfo) -> bool:
        """``lowball-7``: in lowball with several blinds a player who has taken both
        blinds in turn at the old seat is dealt in at once at the new one."""
        table = engine_table(self.session)
        if table is None or info.seat not in self.session_lineup:
            return False
        state = table.seats[self.session_lineup.index(info.seat)]
        lowball = table.config.variant.low in ("lowball-a5", "lowball-27")
        several = len(table.config.stakes.blinds) > 1
        return bool(lowball and several and state is not None and state.took_big_blind
                    and state.took_small_blind and not state.missed_big
                    and not state.missed_small)

    # ----------------------------------------------------------------- applying

    def _on_move(self: _SeatedRoom, p: dict[str, Any]) -> list[Event]:
        info = self.seats.pop(p["seat"])
        if info.seat in self.banks:
            self.banks[int(p["to"])] = self.banks.pop(info.seat)
        info.seat = int(p["to"])
        info.moved = str(p.get("then", ""))
        self.seats[info.seat] = info
        self.session_dirty = True
        return []

    def _on_move_post(self: _SeatedRoom, p: dict[str, Any]) -> list[Event]:
        self.seats[p["seat"]].moved = "post"
        self.session_dirty = True
        return []

    def _deal_in_movers(self: _SeatedRoom, lineup: tuple[int, ...], fresh: bool) -> None:
        """Before a deal: at a new session of a blind game, mark each player who moved
        at their new seat as the engine's table deals a new player (waiting for the big
        blind, or posting one); in any other game the move costs nothing."""
        movers = [s for s in lineup if s in self.seats and self.seats[s].moved]
        if not movers or not fresh:
            return
        table = engine_table(self.session) if _blind_game(self.session) else None
        for room_seat in movers:
            info = self.seats[room_seat]
            if table is None:
                info.moved = ""
                continue
            state = table.seats[lineup.index(room_seat)]
            assert state is not None  # every lineup seat is a player of the session
            state.waiting_for_big_blind = info.moved == "wait"
            state.wants_to_post = info.moved == "post"

    def _movers_dealt(self: _SeatedRoom, lineup: tuple[int, ...]) -> None:
        """After a deal: a player who moved and was dealt in this time is an ordinary
        player again."""
        table = engine_table(self.session)
        for index, room_seat in enumerate(lineup):
            info = self.seats.get(room_seat)
            if info is None or not info.moved or table is None:
                continue
            state = table.seats[index]
            if state is not None and not state.waiting_for_big_blind:
                info.moved = ""

