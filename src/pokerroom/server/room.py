"""One card-room table as a state machine over its event log (no I/O, no clock).

A :class:`Room` changes only by :meth:`Room.apply`, one stored event at a time, so
replaying a table's log rebuilds it exactly: seats and names, approvals, pauses, game
changes, the ledger, and every hand, whose actions run again through the game's own
state machine with the same seed. Commands (``room.join(...)``, ``room.act(...)``) check
everything first and return the event to store, changing nothing; the service stores
it under the next sequence number and then applies it.

Seats at the room are numbered 0..seats-1; a hand is dealt to the *lineup*, the seated
players taking part, renumbered 0..n-1 for the game's session.

A seat token belongs to one occupancy of one seat. Turning a player away, removing
them, or their leaving (which cashes them out) revokes it at once, even in the middle of
a hand: the log keeps why (:meth:`Room.revocation`), and the holder of a revoked token
is a spectator from then on, whoever sits in the seat next. Connections therefore keep
a *credential* (the token's hash) and ask the room which seat it holds each time they
send or act (:meth:`Room.seat_for`), never a seat number fixed when they connected.

Three parts of a table, each one concern, are mixed into :class:`Room` from modules of
their own: the chips a player adds between hands (:mod:`pokerroom.server.chips`), the
action clocks (:mod:`pokerroom.server.clocks`) and the time banks
(:mod:`pokerroom.server.timebank`), the chat (:mod:`pokerroom.server.chat`), the
seat changes (:mod:`pokerroom.server.seating`), the rabbit hunt
(:mod:`pokerroom.server.rabbit`), run it twice (:mod:`pokerroom.server.twice`), the
straddles and bomb pots (:mod:`pokerroom.server.extras`) and a tournament
(:mod:`pokerroom.server.tournament_table`).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Sequence
from typing import Any

from pokerroom.catalog import TableSpec
from pokerroom.core import (
    DEALER,
    Action,
    Check,
    Declare,
    Event,
    Fold,
    Option,
)
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError, PokerroomError
from pokerroom.games import get_game
from pokerroom.server.chat import ChatLine, TableChat
from pokerroom.server.chips import ChipRequests
from pokerroom.server.clocks import ActionClocks, held_clocks
from pokerroom.server.codec import action_from_json, to_json
from pokerroom.server.config import GameChoice, RoomConfig
from pokerroom.server.extras import RoomExtras
from pokerroom.server.ledger import CashLedger
from pokerroom.server.names import MAX_NAME, check_name
from pokerroom.server.pending import PendingEvent
from pokerroom.server.rabbit import RabbitHunts, hidden_board
from pokerroom.server.records import RoomHandRecord, SeatInfo
from pokerroom.server.refusal import refusal
from pokerroom.server.rotation import GameRotation
from pokerroom.server.seating import SeatChanges
from pokerroom.server.timebank import TimeBanks
from pokerroom.server.tournament_table import TournamentTable, new_tourney
from pokerroom.server.twice import RunsTwice
from pokerroom.session import Session

__all__ = [
    "MAX_NAME",
    "REMOVAL_REASONS",
    "PendingEvent",
    "Room",
    "RoomHandRecord",
    "SeatInfo",
    "hash_token",
    "new_token",
]

#: Why a seat's occupancy ends (the ``why`` of a ``remove`` event).
REMOVAL_REASONS = ("removed", "turned-away", "left")


def new_token() -> str:
    """A fresh unguessable seat or host token."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the log keeps of a token (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Room(GameRotation, ChipRequests, ActionClocks, TableChat, SeatChanges, TimeBanks,
           RabbitHunts, RoomExtras, RunsTwice, TournamentTable):
    """One table of the card room, rebuilt from its events. See the module docstring."""

    def __init__(self, room_id: str, config: RoomConfig, host_hash: str) -> None:
        self.id = room_id
        self.config = config
        self.host_hash = host_hash
        self.seq = 0
        self.seats: dict[int, SeatInfo] = {}
        self.paused = True
        self.pause_reason = ""
        self.ledger = CashLedger()
        self.hands: list[RoomHandRecord] = []
        self.session: Session | None = None
        self.session_lineup: tuple[int, ...] = ()
        self.session_choice: GameChoice | None = None
        self.session_dirty = False
        self.rotation_index = 0
        self.game_hands = 0
        self.host_choice: GameChoice | None = None
        self.button_seat: int | None = None
        self.announcement = ""
        self.pending_choice: GameChoice | None = None
        self.closed = False
        self.revoked: dict[str, str] = {}
        self.event_time = 0.0
        self._previews: dict[str, str] = {}
        self.hand_over_time = 0.0
        """When the last hand ended, by the stored time of its last move (0: unknown)."""
        self.chat: list[ChatLine] = []
        """The table's chat, every line in order (see :class:`TableChat`)."""
        self.straddling: set[str] = set()
        """The seat tokens (hashes) of the players who straddle when it is their turn."""
        self.bomb_called = False
        """Whether the host called a bomb pot for the next deal (see :class:`RoomExtras`)."""
        self.muted: dict[str, str] = {}
        """The author ids the host muted, with the name each was muted as."""
        self.banks: dict[int, float] = {}
        """Each seated player's time bank, in seconds (see :class:`TimeBanks`)."""
        self.drawing: set[int] = set()
        """The seats whose clock goes on from their time bank this turn."""
        self.restarted_clocks: set[int] = set()
        """The seats whose action clock the latest event started again (a draw on the
        time bank, or a full clock after one); the service sets their deadlines anew."""
        self.tourney = new_tourney(config)
        """The tournament this table is (``None``: a cash table)."""
        self.clocks: dict[int, tuple[float, float]] = {}
        """Each seat to act's action clock, by the stored times alone: ``(seconds left,
        since when)``, the seconds left counting down from that wall time while the
        table runs and held while it is paused (the service's live clocks start from
        these after a pause and after a restart)."""

    # ----------------------------------------------------------------- queries

    @property
    def hand(self) -> RoomHandRecord | None:
        """The hand being played, if any."""
        if self.hands and self.hands[-1].result is None:
            return self.hands[-1]
        return None

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or ``None`` (unknown or revoked)."""
        if not token:
            return None
        return self.seat_for(hash_token(token))

    def holder_of(self, room_seat: int | None) -> str | None:
        """The token hash ``room_seat`` is held with now (``None``: empty, or none)."""
        info = self.seats.get(room_seat) if room_seat is not None else None
        return info.token_hash if info is not None and info.token_hash else None

    def seat_for(self, credential: str | None) -> int | None:
        """The seat the token with this hash holds now, or ``None`` (a spectator)."""
        if not credential:
            return None
        for info in self.seats.values():
            if info.token_hash and hmac.compare_digest(info.token_hash, credential):
                return info.seat
        return None

    def revocation(self, credential: str | None) -> str | None:
        """Why the token with this hash no longer holds a seat (``None``: it was never
        revoked)."""
        if not credential:
            return None
        return self.revoked.get(credential)

    def require_seat(self, credential: str | None) -> int:
        """The seat this credential holds; an :class:`OutOfTurnError` saying why not."""
        seat = self.seat_for(credential)
        if seat is not None:
            return seat
        reason = self.revocation(credential)
        if reason is not None:
            raise OutOfTurnError(f"you no longer hold a seat here: {reason}")
        raise OutOfTurnError("take a seat first: spectators cannot act")

    def is_host(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.host_hash, hash_token(token or ""))

    def _ready_seats(self) -> list[int]:
        return [s for s, info in sorted(self.seats.items())
                if info.approved and not info.sitting_out and info.stack > 0]

    def game_in_progress(self) -> bool:
        """True while the session carries chips in the middle from hand to hand (a Guts
        or Herbie pot not yet won): its lineup and game stay until the pot is won."""
        session = self.session
        return (session is not None and session.capabilities.carries_pot
                and not session.is_finished and session.chips_held > 0)

    def carried_pot(self) -> tuple[int, int]:
        """``(pot, reserve)``: chips a Guts or Herbie game carries in the middle from
        deal to deal (both 0 when no pot is carried)."""
        if not self.game_in_progress() or self.session is None:
            return 0, 0
        reserve = self.session.reserve
        return self.session.chips_held - reserve, reserve

    def lineup(self) -> tuple[int, ...]:
        """The seats that would be dealt into the next hand."""
        if self.game_in_progress():
            return self.session_lineup
        entrants = self.tourney_lineup()
        if entrants is not None:
            return entrants
        entry = get_game(self.current_choice().game)
        return tuple(self._ready_seats()[:entry.max_seats])

    def waiting_reason(self) -> str | None:
        """Why no hand can be dealt now, in words (``None``: one is in play or can
        start). A table is never stuck without saying why."""
        if self.closed:
            return "The table is closed."
        if self.paused:
            if self.pause_reason:
                return f"Paused: {self.pause_reason}."
            return ("Paused by the host." if self.hands
                    else "Waiting for the host to start the game.")
        if self.hand is not None or self.can_start_hand():
            return None
        held = self.tourney_hold()
        if held is not None:
            return held
        entry = get_game(self.current_choice().game)
        ready = len(self.lineup())
        need = max(entry.min_seats, 1)
        return (f"{entry.title} needs at least {need} players with chips in the game; "
                f"{ready} {'is' if ready == 1 else 'are'} ready.")

    def can_start_hand(self) -> bool:
        if self.paused or self.closed or self.hand is not None \
                or self.tourney_hold() is not None:
            return False
        entry = get_game(self.current_choice().game)
        return len(self.lineup()) >= max(entry.min_seats, 1)

    def actors(self) -> tuple[int, ...]:
        """Room seats that must act now in the current hand."""
        hand = self.hand
        if hand is None:
            return ()
        if hand.twice == "asked":           # the players in the pot decide
            return self.twice_deciders()
        return tuple(hand.room_seat(s) for s in hand.state.actors if s != DEALER)

    def in_play(self, room_seat: int) -> bool:
        """Whether the seat's chips are in play now: dealt into the hand being played,
        or in a Guts or Herbie game whose pot is not won yet."""
        hand = self.hand
        return ((hand is not None and hand.seated(room_seat))
                or (self.game_in_progress() and room_seat in self.session_lineup))

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
        self.check_tourney_entry()
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.config.seats:
            raise ConfigError(f"pick a seat from 1 to {self.config.seats}")
        if seat in self.seats:
            raise ConfigError(f"seat {seat + 1} is taken")
        # a name that reads as another's at the table, or as a bot's, is refused
        clean = check_name(name, [info.name for info in self.seats.values()], bot=bot)
        secret = token or new_token()
        approved = bot or host or not self.config.approval
        return PendingEvent("seat", {"seat": seat, "name": clean, "token_hash":
                                     hash_token(secret), "bot": bot,
                                     "approved": approved}), secret

    def approve(self, seat: object) -> PendingEvent:
        info = self._seat(seat)
        if info.approved:
            raise ConfigError(f"{info.name} is already seated")
        self.check_tourney_entry()
        return PendingEvent("approve", {"seat": info.seat})

    def remove(self, seat: object, why: str = "removed") -> PendingEvent:
        """End a seat's occupancy (``why``: one of :data:`REMOVAL_REASONS`). Its token
        is revoked at once; in the middle of a hand the seat is played by the timer's
        default until the hand ends, then cashed out."""
        info = self._seat(seat)
        if why not in REMOVAL_REASONS:
            raise ConfigError(f"a seat ends as one of {', '.join(REMOVAL_REASONS)}")
        if info.leaving:
            raise ConfigError(f"{info.name} is already leaving after this hand")
        if not info.approved and why == "removed":
            why = "turned-away"
        return PendingEvent("remove", {"seat": info.seat, "why": why})

    def set_paused(self, paused: bool, why: str = "",
                   clocks: dict[int, float] | None = None) -> PendingEvent:
        """Pause or resume the game: while paused no hand is dealt, no action is taken
        and no action clock runs. ``why`` says in words why the table paused itself;
        ``clocks``: the seconds each seat to act had left when the pause began, as the
        service measured them (without them they are worked out from the stored
        times)."""
        if paused == self.paused:
            raise ConfigError("the table is already " + ("paused" if paused else "running"))
        payload: dict[str, Any] = {"paused": paused}
        if why:
            payload["why"] = why
        if paused and clocks:
            payload["clocks"] = held_clocks(clocks, self.clocks)
        return PendingEvent("pause", payload)

    def only_bots_would_play(self) -> bool:
        """True when the next deal would be bots alone: no person is in the game with
        chips (every one has left, is out of chips or sits out), at a table that does
        not let the bots play alone (:attr:`RoomConfig.bots_play_alone`)."""
        if self.config.bots_play_alone or self.tourney is not None:  # a tournament ends
            return False
        lineup = self.lineup()
        people = [seat for seat in lineup
                  if seat in self.seats and not self.seats[seat].bot]
        return bool(lineup) and not people

    def bots_alone_reason(self) -> str:
        """Why a table with no person in the game pauses itself, in words."""
        people = [info for info in self.seats.values() if not info.bot and info.approved]
        if people and all(info.sitting_out or info.leaving for info in people):
            return ("every player is sitting out, so the bots wait; sit in and the host "
                    "resumes the game")
        return ("no player is in the game with chips (every one has left or is out of "
                "chips), so the bots wait; a player sits down or buys in again and the "
                "host resumes the game")

    def sit_out(self, seat: int, out: bool) -> PendingEvent:
        info = self._seat(seat)
        if info.sitting_out == out:
            raise ConfigError(f"{info.name} is already " + ("sitting out" if out
                                                            else "in the game"))
        return PendingEvent("sitout", {"seat": seat, "out": out})

    def start_hand(self, seed: int | None = None) -> PendingEvent:
        """Deal the next hand (the seed of a new session comes from ``secrets``)."""
        if not self.can_start_hand():
            raise ConfigError("no hand can start now")
        closing = self.tourney_closing()
        if closing is not None:
            return closing
        ready = self.lineup()
        lineup = self.tourney_deal_lineup(ready)
        choice = self.current_choice()
        payload: dict[str, Any] = {"number": len(self.hands) + 1, "lineup": list(lineup)}
        if len(self.config.choices()) > 1 and self.pending_choice is None \
                and self._hosted_game() is None and not self.game_in_progress():
            payload["rotation"] = self.rotation_slot()
        payload.update(self._extras_payload(lineup, payload["number"]))
        if self._needs_new_session(lineup, choice):
            payload["session"] = {
                **choice.to_json(),
                "seed": seed if seed is not None else secrets.randbits(64),
                "stacks": [self.seats[s].stack if s in ready else 0 for s in lineup],
                "first_dealer": self._first_dealer(lineup),
            }
        return PendingEvent("hand", payload)

    def _first_dealer(self, lineup: Sequence[int]) -> int:
        """The lineup index of the first seat after the last hand's dealer (the deal
        keeps moving round when the game or the lineup changes)."""
        if self.button_seat is None:
            return 0
        later = [i for i, seat in enumerate(lineup) if seat > self.button_seat]
        return later[0] if later else 0

    def act(self, room_seat: int, data: object, *, auto: bool = False) -> PendingEvent:
        """Validate an action of ``room_seat`` against the current hand."""
        hand = self.hand
        if hand is None:
            raise IllegalActionError("no hand is being played")
        answer = self.twice_answer(room_seat, data, auto=auto)
        if answer is not None:
            return answer
        if self.paused:
            raise OutOfTurnError("the game is paused by the host: no one acts until the "
                                 "host resumes it")
        seat = hand.hand_seat(room_seat)
        if seat is None:
            raise OutOfTurnError("you are not dealt into this hand")
        if seat not in hand.state.actors:
            raise OutOfTurnError("it is not your turn")
        action = action_from_json(data, seat=seat)
        # SUPPLEMENT §2: an oversize bet is cut to the maximum (pot limit: the pot; no
        # limit: all in); the cut action is what is stored, with the words saying so
        action, note = hand.state.cut_oversize(action)
        options = hand.state.legal_actions(seat)
        if not any(option.allows(action) for option in options):
            raise IllegalActionError(refusal(action, options))
        payload: dict[str, Any] = {"seat": room_seat, "action": to_json(action),
                                   "auto": auto}
        if note:
            payload["note"] = note
        return PendingEvent("act", payload)

    def default_action(self, room_seat: int) -> dict[str, Any]:
        """What the timer does for a seat: check, else fold, else say out, else the
        first legal choice."""
        twice = self.twice_default()
        if twice is not None:
            return twice
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

    def apply(self, seq: int, kind: str, payload: dict[str, Any],
              at: float = 0.0) -> list[Event]:
        """Apply stored event ``seq`` (stored at ``at``, seconds since the epoch; 0:
        unknown); returns the hand events it produced, if any."""
        self.event_time = at
        if seq != self.seq + 1:
            raise PokerroomError(f"table {self.id}: event {seq} after {self.seq}")
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise PokerroomError(f"table {self.id}: unknown event kind {kind!r}")
        produced: list[Event] = handler(payload)
        self.seq = seq
        self._tourney_track(kind, payload, at)
        if self.config.timer > 0:
            self._track_banks(kind, payload, at)
            self._track_clocks(kind, payload, at)
        return produced

    def _on_seat(self, p: dict[str, Any]) -> list[Event]:
        info = SeatInfo(seat=p["seat"], name=p["name"], token_hash=p["token_hash"],
                        bot=p["bot"], approved=p["approved"])
        self.seats[info.seat] = info
        if info.approved:
            self._buy_in(info)
            self._open_bank(info.seat)
            self._tourney_register()
        return []

    def _on_approve(self, p: dict[str, Any]) -> list[Event]:
        info = self.seats[p["seat"]]
        info.approved = True
        self._buy_in(info)
        self._open_bank(info.seat)
        self._tourney_register()
        return []

    def _buy_in(self, info: SeatInfo) -> None:
        # added to what the seat holds, so stack and ledger agree even for a log where
        # chips were added before the approval (no longer accepted: see top_up)
        if self._tourney_paid(info):
            return
        info.stack += self.config.buy_in
        self.ledger.add(info.name, "buy-in", self.config.buy_in, len(self.hands))

    def _on_remove(self, p: dict[str, Any]) -> list[Event]:
        info = self.seats[p["seat"]]
        self._revoke(info, str(p.get("why", "removed")))
        if self.tourney_entrant(info.seat):
            info.sitting_out = True  # blinded off, the place kept
            return []
        hand = self.hand
        if hand is not None and hand.seated(info.seat):
            info.leaving = True
            info.sitting_out = True
        else:
            self._cash_out(info)
        return []

    def _revoke(self, info: SeatInfo, why: str) -> None:
        """End the seat token's occupancy now, remembering why in words."""
        where = f"seat {info.seat + 1}"
        words = {"turned-away": f"the host turned down your request for {where}",
                 "left": f"you left {where}"}.get(why, f"the host removed you from {where}")
        if info.token_hash:
            self.revoked[info.token_hash] = words
        info.token_hash = ""

    def _cash_out(self, info: SeatInfo) -> None:
        del self.seats[info.seat]
        self.banks.pop(info.seat, None)
        if info.approved:
            self.ledger.add(info.name, "cash-out", self.cash_out_value(info),
                            len(self.hands))
        self.session_dirty = True

    def _on_pause(self, p: dict[str, Any]) -> list[Event]:
        self.paused = bool(p["paused"])
        self.pause_reason = str(p.get("why", "")) if self.paused else ""
        return []

    def _on_sitout(self, p: dict[str, Any]) -> list[Event]:
        self.seats[p["seat"]].sitting_out = bool(p["out"])
        self._tourney_register()
        return []

    def _on_close(self, _p: dict[str, Any]) -> list[Event]:
        self.closed = True
        return []

    def _needs_new_session(self, lineup: Sequence[int], choice: GameChoice) -> bool:
        if self.game_in_progress():
            return False
        if self.tourney_session() is not None:
            return False
        if self.session is None or self.session_dirty or self.session.is_finished:
            return True
        return tuple(lineup) != self.session_lineup or choice != self.session_choice

    def _on_hand(self, p: dict[str, Any]) -> list[Event]:
        lineup = tuple(p["lineup"])
        fresh = p.get("session")
        names = (tuple(self.seats[s].name if s in self.seats else "" for s in lineup)
                 if fresh is not None or self.session is None
                 else tuple(self.session.players))
        slot = p.get("rotation")
        if slot is not None:
            if slot != self.rotation_index or self.host_choice is not None:
                self.game_hands = 0
            self.rotation_index = int(slot)
            self.host_choice = None
        elif fresh is not None and self.pending_choice is not None:
            self.host_choice = self.pending_choice
            self.game_hands = 0
        if fresh is not None:
            choice = GameChoice(fresh["game"], fresh["stakes"], fresh["house_rules"])
            entry = get_game(choice.game)
            spec = TableSpec(players=names, stacks=tuple(fresh["stacks"]),
                             stakes=dict(choice.stakes), house_rules=dict(choice.house_rules),
                             rng=random.Random(fresh["seed"]),
                             first_dealer=int(fresh.get("first_dealer", 0)))
            self.session = self._tourney_session(entry, spec)
            self.session_lineup = lineup
            self.session_choice = choice
            self.session_dirty = False
            self.pending_choice = None
            self._allow_extras()
            self.announcement = self.session.announce()
        assert self.session is not None and self.session_choice is not None
        names = self._tourney_before_deal(names)
        self._deal_in_movers(lineup, fresh is not None)
        starting = tuple(self.session.stacks)
        self._extras_for_deal(p, lineup)
        state = self.session.new_hand()
        self._movers_dealt(lineup)
        self._tourney_dealt(lineup)
        record = RoomHandRecord(starting=starting, number=int(p["number"]),
                            game=self.session_choice.game, lineup=lineup, names=names, state=state,
                            session=self.session, stakes=dict(self.session_choice.stakes),
                            started_at=self.event_time,
                            holders=tuple(self.seats[s].token_hash if s in self.seats
                                          and name else "" for s, name
                                          in zip(lineup, names, strict=True)))
        self.hands.append(record)
        self.game_hands += 1
        dealer = self.session.dealer
        if dealer is not None:
            self.button_seat = record.dealer = lineup[dealer]
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

    def _run_dealer(self, record: RoomHandRecord, before: int) -> list[Event]:
        state = record.state
        while state.actors == (DEALER,) and not self._offers_twice(record):
            state.advance()
        if state.is_over:
            self._settle(record)
        return list(state.events[before:])

    def _settle(self, record: RoomHandRecord) -> None:
        assert self.session is not None
        result = self.session.settle(record.state)
        record.result = result
        record.phh = self.session.phh_record(record.state)
        if self.config.rabbit_hunt:      # read before the next deal draws on the shuffle
            record.rabbit = hidden_board(record)
        self.hand_over_time = self.event_time
        for hand_seat, room_seat in enumerate(record.lineup):
            info = self.seats.get(room_seat)
            stack = self.session.stacks[hand_seat]
            if info is not None and record.names[hand_seat]:    # not a free seat
                info.stack = stack
            if result.net[hand_seat] and self.tourney is None:
                self.ledger.add(record.names[hand_seat], "result", result.net[hand_seat],
                                record.number)
        self._refill_banks(record.number)
        self._tourney_sync()
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
