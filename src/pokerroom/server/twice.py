"""Run it twice at the card room: when the betting is over with board cards still to
come, every player in the pot is asked whether to run the rest of the board twice.

The host allows it with the table's ``run_it_twice`` setting (off by default: a table
plays each hand out once unless the host says otherwise). It is offered in the board
games of the poker engine, hold'em, Omaha and Omaha hi-lo; stud and stud hi-lo are
refused (every card still to come is a player's own: there is no board to run again,
see :mod:`pokerroom.engine.twice`), and so are the draw and home games.

At that moment the room stops dealing and the players still in the pot are the ones to
act (:meth:`RunsTwice.twice_deciders`): each answers with the action ``{"type":
"run_twice", "agree": true}`` (or ``false``), stored as a ``twice`` event of the table's
log. All must agree: the first "no" runs the board once at once, and so does a clock
running out (the timer's answer is no; a bot answers yes). When the last one agrees,
the engine records the agreement (:func:`~pokerroom.engine.twice.run_twice`) and the
dealer deals the first board to its end, then the second; each pot is split in halves,
one for each board. The decision lives in the log like any action, so a restart (or a
kill) in the middle of it comes back to the same question, the same answers and the
same clocks; and the second board's cards are drawn only once everyone has agreed, so
no frame can show them before they are dealt.

>>> from pokerroom.server.config import RoomConfig
>>> from pokerroom.server.room import Room
>>> room = Room("t1", RoomConfig.from_json({"game": "holdem", "approval": False}), "h")
>>> room.seq = 1
>>> _ = room.apply(2, "seat", room.join(0, "Ann")[0].payload)
>>> room.twice_vote(0, {"type": "run_twice", "agree": True})
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: the host does not allow run it twice at this table
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from pokerroom.core import Event
    from pokerroom.server.config import RoomConfig
    from pokerroom.server.records import RoomHandRecord, SeatInfo

__all__ = ["TWICE", "RunsTwice", "twice_payload", "wants_twice"]

TWICE = "run_twice"
"""The ``type`` of the answer a player sends."""


def wants_twice(data: object) -> bool:
    """Whether an action a client sent is an answer to the run-it-twice question."""
    return isinstance(data, dict) and data.get("type") == TWICE


def _live_seats(record: RoomHandRecord) -> list[int]:
    """The room seats whose hands are still in the pot."""
    state: Any = record.state
    return [room_seat for seat, room_seat in enumerate(record.lineup)
            if not state.folded[seat]]


def twice_payload(record: RoomHandRecord, names: dict[int, str]) -> dict[str, Any] | None:
    """What every reader is told of the hand's run-it-twice decision (``None``: it was
    never offered): ``state`` (``asked``, ``twice``, ``once``), who still decides, who
    agreed, who said no, and each board as dealt so far (the second only once the
    agreement is made and its cards are dealt: every card in it is face up)."""
    if not record.twice:
        return None
    from pokerroom.engine.twice import board_of

    state: Any = record.state
    votes = record.twice_votes
    payload: dict[str, Any] = {
        "state": record.twice,
        "waiting": [seat for seat in _live_seats(record) if seat not in votes]
        if record.twice == "asked" else [],
        "agreed": [names.get(seat, "") for seat, yes in votes.items() if yes],
        "refused": [names.get(seat, "") for seat, yes in votes.items() if not yes],
    }
    if record.twice == "twice":
        payload["boards"] = [[repr(c) for c in board_of(state, 1)],
                             [repr(c) for c in board_of(state, 2)]]
    return payload


class _TwiceRoom(Protocol):
    config: RoomConfig
    seats: dict[int, SeatInfo]
    paused: bool

    @property
    def hand(self) -> RoomHandRecord | None: ...

    def _run_dealer(self, record: RoomHandRecord, before: int) -> list[Event]: ...

    def twice_open(self) -> bool: ...

    def twice_deciders(self) -> tuple[int, ...]: ...

    def twice_vote(self, room_seat: int, data: object, *,
                   auto: bool = False) -> PendingEvent: ...


class RunsTwice:
    """The room's part that asks the players in an all-in pot whether to run it twice
    (mixed into :class:`~pokerroom.server.room.Room`)."""

    def twice_open(self: _TwiceRoom) -> bool:
        """Whether the players in the pot are deciding now."""
        record = self.hand
        return record is not None and record.twice == "asked"

    def twice_deciders(self: _TwiceRoom) -> tuple[int, ...]:
        """The room seats still to answer (in seat order)."""
        record = self.hand
        if record is None or record.twice != "asked":
            return ()
        return tuple(seat for seat in _live_seats(record) if seat not in record.twice_votes)

    def _offers_twice(self: _TwiceRoom, record: RoomHandRecord) -> bool:
        """Whether the dealer stops for the decision now: it is open, or the moment has
        come (betting over, board cards to come) at a table that allows it."""
        if record.twice:
            return record.twice == "asked"
        if not self.config.run_it_twice:
            return False
        from pokerroom.engine.state import PokerHand
        from pokerroom.engine.twice import twice_refusal

        if not isinstance(record.state, PokerHand) or twice_refusal(record.state) is not None:
            return False
        record.twice = "asked"
        return True

    def twice_answer(self: _TwiceRoom, room_seat: int, data: object, *,
                     auto: bool = False) -> PendingEvent | None:
        """An action that is an answer about running it twice, or comes while the
        players decide: the answer's event (:meth:`twice_vote`); ``None``: an
        ordinary action."""
        record = self.hand
        if record is None or not (record.twice == "asked" or wants_twice(data)):
            return None
        return self.twice_vote(room_seat, data, auto=auto)

    def twice_default(self: _TwiceRoom) -> dict[str, Any] | None:
        """The timer's answer while the players decide: run it once (``None``: they
        are not deciding)."""
        return {"type": "run_twice", "agree": False} if self.twice_open() else None

    def twice_vote(self: _TwiceRoom, room_seat: int, data: object, *,
                   auto: bool = False) -> PendingEvent:
        """The answer of the player in ``room_seat`` (``data``: ``{"type": "run_twice",
        "agree": true|false}``); refused in words when no such question is open."""
        if not self.config.run_it_twice:
            raise ConfigError("the host does not allow run it twice at this table")
        record = self.hand
        if record is None:
            raise IllegalActionError("no hand is being played")
        if self.paused:
            raise OutOfTurnError("the game is paused by the host: no one acts until the "
                                 "host resumes it")
        if record.twice != "asked":
            from pokerroom.engine.state import PokerHand
            from pokerroom.engine.twice import twice_refusal

            why = (twice_refusal(record.state) if isinstance(record.state, PokerHand)
                   else f"{record.game} has no board to run again")
            raise IllegalActionError(why or "run it twice is not offered now")
        if not wants_twice(data):
            raise OutOfTurnError("the players in the pot are deciding whether to run it "
                                 "twice: answer yes or no first")
        assert isinstance(data, dict)
        agree = data.get("agree")
        if not isinstance(agree, bool):
            raise IllegalActionError("answer run it twice with agree: true or false")
        if room_seat in record.twice_votes:
            raise OutOfTurnError("you have already answered")
        if room_seat not in self.twice_deciders():
            raise OutOfTurnError("only the players in the pot decide whether to run it "
                                 "twice")
        return PendingEvent("twice", {"seat": room_seat, "agree": agree, "auto": auto})

    def _on_twice(self: _TwiceRoom, p: dict[str, Any]) -> list[Event]:
        record = self.hand
        assert record is not None
        before = len(record.state.events)
        record.twice_votes[int(p["seat"])] = bool(p["agree"])
        if not p["agree"]:
            record.twice = "once"
        elif not self.twice_deciders():
            from pokerroom.engine.twice import run_twice

            state: Any = record.state
            run_twice(state)
            record.twice = "twice"
        else:
            return []
        return self._run_dealer(record, before)
