"""One card-room table as a state machine over its event log (no I/O, no clock).

A :class:`Room` changes only by :meth:`Room.apply`, one stored event at a time, so
replaying a table's log rebuilds it exactly: seats and names, approvals, pauses, game
changes, the ledger, and every hand, whose actions run again through the game's own
state machine with the same seed. Commands (``room.join(...)``, ``room.act(...)``) check
everything first and return the event to store, changing nothing; the service stores
it under the next sequence number and then applies it.

Seats at the room are numbered 0..seats-1; a hand is dealt to the *lineup*, the seated
players taking part, renumbered 0..n-1 for the game's session.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.catalog import HandResult, Session, TableSpec, get_game
from pokerroom.core import DEALER, Action, Check, Declare, Event, Fold, HandState, Option
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError, PokerroomError
from pokerroom.server.codec import action_from_json, to_json
from pokerroom.server.config import GameChoice, RoomConfig, resolve_game
from pokerroom.server.ledger import Ledger

__all__ = [
    "MAX_NAME",
    "HandRecord",
    "PendingEvent",
    "Room",
    "SeatInfo",
    "hash_token",
    "new_token",
]

MAX_NAME = 24


def new_token() -> str:
    """A fresh unguessable seat or host token."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the log keeps of a token (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class PendingEvent:
    """An event a command wants stored: its kind and JSON payload."""

    kind: str
    payload: dict[str, Any]


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

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "bot": self.bot,
                "approved": self.approved, "stack": self.stack,
                "sitting_out": self.sitting_out}


@dataclass(slots=True)
class HandRecord:
    """A hand dealt at the room: its game, lineup, state and (once over) result."""

    number: int
    game: str
    lineup: tuple[int, ...]
    names: tuple[str, ...]
    state: HandState
    session: Session
    starting: tuple[int, ...] = ()
    result: HandResult | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)

    def hand_seat(self, room_seat: int | None) -> int | None:
        """The seat's number in this hand (``None``: not dealt in, sees as a spectator)."""
        if room_seat is None or room_seat not in self.lineup:
            return None
        return self.lineup.index(room_seat)

    def room_seat(self, hand_seat: int) -> int:
        return self.lineup[hand_seat]


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise ConfigError("a name is text")
    cleaned = " ".join(name.split())
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise ConfigError(f"a name has 1 to {MAX_NAME} characters")
    if any(not ch.isprintable() for ch in cleaned):
        raise ConfigError("a name cannot hold control characters")
    return cleaned


class Room:
    """One table of the card room, rebuilt from its events. See the module docstring."""

    def __init__(self, room_id: str, config: RoomConfig, host_hash: str) -> None:
        self.id = room_id
        self.config = config
        self.host_hash = host_hash
        self.seq = 0
        self.seats: dict[int, SeatInfo] = {}
        self.paused = True
        self.ledger = Ledger()
        self.hands: list[HandRecord] = []
        self.session: Session | None = None
        self.session_lineup: tuple[int, ...] = ()
        self.session_choice: GameChoice | None = None
        self.session_dirty = False
        self.rotation_index = 0
        self.hands_in_game = 0
        self.announcement = ""
        self.pending_choice: GameChoice | None = None
        self.closed = False
        self._previews: dict[str, str] = {}

    # ----------------------------------------------------------------- queries

    @property
    def hand(self) -> HandRecord | None:
        """The hand being played, if any."""
        if self.hands and self.hands[-1].result is None:
            return self.hands[-1]
        return None

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or ``None``."""
        if not token:
            return None
        digest = hash_token(token)
        for info in self.seats.values():
            if hmac.compare_digest(info.token_hash, digest):
                return info.seat
        return None

    def is_host(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.host_hash, hash_token(token or ""))

    def current_choice(self) -> GameChoice:
        """The game the next hand will be dealt (after any pending change)."""
        if self.pending_choice is not None and not self.game_in_progress():
            return self.pending_choice
        if self.game_in_progress() and self.session_choice is not None:
            return self.session_choice
        choices = self.config.choices()
        return choices[self.rotation_index % len(choices)]

    def announcement_text(self) -> str:
        """The house rules of the game the next hand deals, in words."""
        choice = self.current_choice()
        if self.session is not None and choice == self.session_choice:
            return self.announcement
        key = repr(choice.to_json())
        if key not in self._previews:
            from pokerroom.server.config import trial_announcement

            self._previews[key] = trial_announcement(get_game(choice.game), choice,
                                                     self.config.buy_in)
        return self._previews[key]

    def game_in_progress(self) -> bool:
        """True while the session carries chips in the middle from hand to hand (a Guts
        or Herbie pot not yet won): its lineup and game stay until the pot is won."""
        session = self.session
        return (session is not None and not session.is_finished
                and int(getattr(session, "chips_held", 0) or 0) > 0)

    def lineup(self) -> tuple[int, ...]:
        """The seats that would be dealt into the next hand."""
        if self.game_in_progress():
            return self.session_lineup
        entry = get_game(self.current_choice().game)
        ready = [s for s, info in sorted(self.seats.items())
                 if info.approved and not info.sitting_out and info.stack > 0]
        return tuple(ready[:entry.max_seats])

    def can_start_hand(self) -> bool:
        if self.paused or self.closed or self.hand is not None:
            return False
        entry = get_game(self.current_choice().game)
        return len(self.lineup()) >= max(entry.min_seats, 1)

    def actors(self) -> tuple[int, ...]:
        """Room seats that must act now in the current hand."""
        hand = self.hand
        if hand is None:
            return ()
        return tuple(hand.room_seat(s) for s in hand.state.actors if s != DEALER)

    def legal_options(self, room_seat: int) -> tuple[Option, ...]:
        hand = self.hand
        if hand is None:
            return ()
        seat = hand.hand_seat(room_seat)
        if seat is None or seat not in hand.state.actors:
            return ()
        return hand.state.legal_actions(seat)

    # ----------------------------------------------------------------- commands

    def join(self, seat: object, name: object, *, bot: bool = False,
             token: str | None = None, host: bool = False) -> tuple[PendingEvent, str]:
        """Ask for a seat; returns the event and the new seat token (keep it secret)."""
        if self.closed:
            raise ConfigError("this table is closed")
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.config.seats:
            raise ConfigError(f"pick a seat from 1 to {self.config.seats}")
        if seat in self.seats:
            raise ConfigError(f"seat {seat + 1} is taken")
        clean = _check_name(name)
        if any(info.name.lower() == clean.lower() for info in self.seats.values()):
            raise ConfigError(f"the name {clean!r} is taken at this table")
        secret = token or new_token()
        approved = bot or host or not self.config.approval
        return PendingEvent("seat", {"seat": seat, "name": clean, "token_hash":
                                     hash_token(secret), "bot": bot,
                                     "approved": approved}), secret

    def approve(self, seat: object) -> PendingEvent:
        info = self._seat(seat)
        if info.approved:
            raise ConfigError(f"{info.name} is already seated")
        return PendingEvent("approve", {"seat": info.seat})

    def remove(self, seat: object) -> PendingEvent:
        info = self._seat(seat)
        return PendingEvent("remove", {"seat": info.seat})

    def set_paused(self, paused: bool) -> PendingEvent:
        if paused == self.paused:
            raise ConfigError("the table is already " + ("paused" if paused else "running"))
        return PendingEvent("pause", {"paused": paused})

    def sit_out(self, seat: int, out: bool) -> PendingEvent:
        info = self._seat(seat)
        if info.sitting_out == out:
            raise ConfigError(f"{info.name} is already " + ("sitting out" if out
                                                            else "in the game"))
        return PendingEvent("sitout", {"seat": seat, "out": out})

    def top_up(self, seat: object, amount: object) -> PendingEvent:
        info = self._seat(seat)
        if isinstance(amount, bool) or not isinstance(amount, int) \
                or not 0 < amount <= 10**9:
            raise ConfigError("a top-up is a positive whole number of chips")
        if self.hand is not None and info.seat in self.hand.lineup:
            raise ConfigError("top up between hands")
        return PendingEvent("topup", {"seat": info.seat, "amount": amount})

    def change_game(self, data: object) -> PendingEvent:
        """The game, stakes and house rules from the next hand on."""
        if not isinstance(data, dict):
            raise ConfigError("send {game, stakes, house_rules}")
        game = data.get("game")
        if not isinstance(game, str):
            raise ConfigError("choose a game")
        stakes = data.get("stakes", {})
        rules = data.get("house_rules", {})
        if not isinstance(stakes, dict) or not isinstance(rules, dict):
            raise ConfigError("stakes and house rules are objects")
        choice = resolve_game(GameChoice(get_game(game).name, stakes, rules),
                              self.config.buy_in)
        return PendingEvent("game", choice.to_json())

    def start_hand(self, seed: int | None = None) -> PendingEvent:
        """Deal the next hand (the seed of a new session comes from ``secrets``)."""
        if not self.can_start_hand():
            raise ConfigError("no hand can start now")
        lineup = self.lineup()
        choice = self.current_choice()
        payload: dict[str, Any] = {"number": len(self.hands) + 1, "lineup": list(lineup)}
        if self._needs_new_session(lineup, choice):
            payload["session"] = {
                **choice.to_json(),
                "seed": seed if seed is not None else secrets.randbits(64),
                "stacks": [self.seats[s].stack for s in lineup],
            }
        return PendingEvent("hand", payload)

    def act(self, room_seat: int, data: object, *, auto: bool = False) -> PendingEvent:
        """Validate an action of ``room_seat`` against the current hand."""
        hand = self.hand
        if hand is None:
            raise IllegalActionError("no hand is being played")
        seat = hand.hand_seat(room_seat)
        if seat is None:
            raise OutOfTurnError("you are not dealt into this hand")
        if seat not in hand.state.actors:
            raise OutOfTurnError("it is not your turn")
        action = action_from_json(data, seat=seat)
        # SUPPLEMENT §2: an oversize bet is cut to the maximum (pot limit: the pot; no
        # limit: all in); the cut action is what is stored, with the words saying so
        action, note = hand.state.cut_oversize(action)
        if not any(option.allows(action) for option in hand.state.legal_actions(seat)):
            raise IllegalActionError(f"{type(action).__name__} is not allowed now")
        payload: dict[str, Any] = {"seat": room_seat, "action": to_json(action),
                                   "auto": auto}
        if note:
            payload["note"] = note
        return PendingEvent("act", payload)

    def default_action(self, room_seat: int) -> dict[str, Any]:
        """What the timer does for a seat: check, else fold, else say out, else the
        first legal choice."""
        options = self.legal_options(room_seat)
        kinds = {type(option).__name__: option for option in options}
        if "CheckOption" in kinds:
            return _template(Check(seat=0))
        if "FoldOption" in kinds:
            return _template(Fold(seat=0))
        if "DeclareOption" in kinds and not getattr(kinds["DeclareOption"], "must_stay",
                                                        False):
            return _template(Declare(seat=0, stay=False))
        from pokerroom.server.bots import simple_choice

        return simple_choice(options)

    def close(self) -> PendingEvent:
        if self.hand is not None:
            raise ConfigError("finish the hand before closing the table")
        return PendingEvent("close", {})

    # ----------------------------------------------------------------- applying

    def apply(self, seq: int, kind: str, payload: dict[str, Any]) -> list[Event]:
        """Apply stored event ``seq``; returns the hand events it produced, if any."""
        if seq != self.seq + 1:
            raise PokerroomError(f"table {self.id}: event {seq} after {self.seq}")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise PokerroomError(f"table {self.id}: unknown event kind {kind!r}")
        produced: list[Event] = handler(payload)
        self.seq = seq
        return produced

    def _on_seat(self, p: dict[str, Any]) -> list[Event]:
        info = SeatInfo(seat=p["seat"], name=p["name"], token_hash=p["token_hash"],
                        bot=p["bot"], approved=p["approved"])
        self.seats[info.seat] = info
        if info.approved:
            self._buy_in(info)
        return []

    def _on_approve(self, p: dict[str, Any]) -> list[Event]:
        info = self.seats[p["seat"]]
        info.approved = True
        self._buy_in(info)
        return []

    def _buy_in(self, info: SeatInfo) -> None:
        info.stack = self.config.buy_in
        self.ledger.add(info.name, "buy-in", self.config.buy_in, len(self.hands))

    def _on_remove(self, p: dict[str, Any]) -> list[Event]:
        info = self.seats[p["seat"]]
        hand = self.hand
        if hand is not None and info.seat in hand.lineup:
            info.leaving = True
            info.sitting_out = True
        else:
            self._cash_out(info)
        return []

    def _cash_out(self, info: SeatInfo) -> None:
        del self.seats[info.seat]
        if info.approved:
            self.ledger.add(info.name, "cash-out", info.stack, len(self.hands))
        self.session_dirty = True

    def _on_pause(self, p: dict[str, Any]) -> list[Event]:
        self.paused = bool(p["paused"])
        return []

    def _on_sitout(self, p: dict[str, Any]) -> list[Event]:
        self.seats[p["seat"]].sitting_out = bool(p["out"])
        return []

    def _on_topup(self, p: dict[str, Any]) -> list[Event]:
        info = self.seats[p["seat"]]
        info.stack += int(p["amount"])
        self.ledger.add(info.name, "top-up", int(p["amount"]), len(self.hands))
        if info.seat in self.session_lineup:
            self.session_dirty = True
        return []

    def _on_game(self, p: dict[str, Any]) -> list[Event]:
        self.pending_choice = GameChoice(p["game"], p["stakes"], p["house_rules"])
        self.session_dirty = True
        return []

    def _on_close(self, _p: dict[str, Any]) -> list[Event]:
        self.closed = True
        return []

    def _needs_new_session(self, lineup: Sequence[int], choice: GameChoice) -> bool:
        if self.game_in_progress():
            return False
        if self.session is None or self.session_dirty or self.session.is_finished:
            return True
        if tuple(lineup) != self.session_lineup or choice != self.session_choice:
            return True
        entry_rounds = len(self.config.choices())
        return entry_rounds > 1 and self.hands_in_game >= len(lineup)

    def _on_hand(self, p: dict[str, Any]) -> list[Event]:
        lineup = tuple(p["lineup"])
        fresh = p.get("session")
        names = (tuple(self.seats[s].name for s in lineup) if fresh is not None or
                 self.session is None else tuple(self.session.players))
        if fresh is not None:
            if self.session is not None and self.pending_choice is None \
                    and len(self.config.choices()) > 1 and self.hands_in_game > 0:
                self.rotation_index += 1
            choice = GameChoice(fresh["game"], fresh["stakes"], fresh["house_rules"])
            entry = get_game(choice.game)
            spec = TableSpec(players=names, stacks=tuple(fresh["stacks"]),
                             stakes=dict(choice.stakes), house_rules=dict(choice.house_rules),
                             rng=random.Random(fresh["seed"]))
            self.session = entry.factory(spec)
            self.session_lineup = lineup
            self.session_choice = choice
            self.session_dirty = False
            self.pending_choice = None
            self.hands_in_game = 0
            self.announcement = self.session.announce()
        assert self.session is not None and self.session_choice is not None
        starting = tuple(self.session.stacks)
        state = self.session.new_hand()
        record = HandRecord(starting=starting, number=int(p["number"]),
                            game=self.session_choice.game, lineup=lineup, names=names, state=state,
                            session=self.session)
        self.hands.append(record)
        self.hands_in_game += 1
        return self._run_dealer(record, 0)

    def _on_act(self, p: dict[str, Any]) -> list[Event]:
        record = self.hand
        if record is None:
            raise PokerroomError("an action arrived with no hand in play")
        seat = record.hand_seat(p["seat"])
        if seat is None:
            raise PokerroomError("an action arrived from a seat not in the hand")
        before = len(record.state.events)
        action = action_from_json(p["action"], seat=seat)
        record.state.apply(action)
        record.actions.append(p)
        return self._run_dealer(record, before)

    def _run_dealer(self, record: HandRecord, before: int) -> list[Event]:
        state = record.state
        while state.actors == (DEALER,):
            state.advance()
        if state.is_over:
            self._settle(record)
        return list(state.events[before:])

    def _settle(self, record: HandRecord) -> None:
        assert self.session is not None
        result = self.session.settle(record.state)
        record.result = result
        for hand_seat, room_seat in enumerate(record.lineup):
            info = self.seats.get(room_seat)
            stack = self.session.stacks[hand_seat]
            if info is not None:
                info.stack = stack
            if result.net[hand_seat]:
                self.ledger.add(record.names[hand_seat], "result", result.net[hand_seat],
                                record.number)
        if not self.game_in_progress():
            for info in [i for i in self.seats.values() if i.leaving]:
                self._cash_out(info)

    # ----------------------------------------------------------------- helpers

    def _seat(self, seat: object) -> SeatInfo:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.seats:
            raise ConfigError("no player in that seat")
        return self.seats[seat]


def _template(action: Action) -> dict[str, Any]:
    """An action as a client sends it (without the seat, which the server fills in)."""
    data: dict[str, Any] = to_json(action)
    data.pop("seat", None)
    return data
