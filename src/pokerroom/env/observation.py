"""Fixed-shape observations drawn only from what one seat may see.

Everything here reads ``state.view(seat)`` and ``state.events_for(seat)`` (the log as
that seat may see it) and the stacks every player can count at the table; nothing reads
the state's own cards. (The poker engine's hands are observed faster, number for number
the same, from the hand's arrays: :mod:`pokerroom.env.handobs`.) The vector,
``float32``, is laid out as:

1. **cards**: one row per seat, the observer first and then the others clockwise
   (``players`` rows), each of ``shape.cards`` positions; then ``shape.board``
   positions of shared cards (the board; Guts' ghost and Herbie's hand once shown; the
   Three Card Poker dealer's hand). Each position has :data:`CARD_FEATURES` numbers:
   52 for the standard cards (index ``(rank - 2) * 4 + suit``), one for the joker, one
   for "a card is there but this seat cannot see it", one for "face up".
2. **seats**: :data:`SEAT_FEATURES` numbers per seat in the same order (see
   :data:`SEAT_FIELDS`); chip amounts are divided by the table's chip scale (the mean
   starting stack) and clipped to ``±CHIP_CLIP``.
3. **table**: the pot, the amount to call (scaled), then a one-hot of the phase
   (``shape.phases``, the last position for any other).

:func:`card_positions` reads the cards back out of a vector (what the secrecy test
uses).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from pokerroom.cards import JOKER, UNKNOWN, Card
from pokerroom.casino.settlement import Wager
from pokerroom.casino.table import ThreeCardPokerRound
from pokerroom.core import (
    Bet,
    BringIn,
    Call,
    CallOption,
    Check,
    Complete,
    Event,
    Fold,
    HandState,
    Raise,
)
from pokerroom.engine.events import CardsDiscarded, PlayerActed, StreetEnded
from pokerroom.env.layout import GameShape, Money
from pokerroom.homegames.deal import HomeDeal
from pokerroom.homegames.events import Declared, Drew
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.homegames.hearts_events import BetPlaced
from pokerroom.tableview import DECIDED, FOLDED, IN, OUT, YOU_SAID, SeatSnapshot, View

__all__ = ["CARD_FEATURES", "SEAT_FEATURES", "SEAT_FIELDS", "Encoder", "EventSummary",
           "card_positions"]

CARD_FEATURES = 55
HIDDEN = 53
FACE_UP = 54
SEAT_FIELDS = ("dealt in", "folded or out", "all in", "stack", "bet", "to act",
               "dealer or button", "has chosen (hidden)", "in", "last: fold",
               "last: check", "last: call", "last: bet or raise", "drew (share of hand)",
               "own hidden choice: in")
SEAT_FEATURES = len(SEAT_FIELDS)
CHIP_CLIP = 100.0
_CHIP_FIELDS = (3, 4)


class Seen(NamedTuple):
    """One seat as the observer sees it, in the encoder's terms (a named tuple: one is
    made for every seat at every step)."""

    cards: tuple[tuple[Card, bool] | None, ...]
    dealt_in: bool = True
    out: bool = False
    all_in: bool = False
    stack: int = 0
    bet: int = 0
    dealer: bool = False
    chosen: bool = False
    stayed: bool = False


class Encoder:
    """Builds one game's observation vectors for a table of ``players`` seats."""

    def __init__(self, shape: GameShape, players: int, chip_scale: float) -> None:
        self.shape = shape
        self.players = players
        self.chip_scale = max(1.0, float(chip_scale))
        self.card_rows = players * shape.cards + shape.board
        self.cards_size = self.card_rows * CARD_FEATURES
        self.seats_size = players * SEAT_FEATURES
        self.size = self.cards_size + self.seats_size + 2 + len(shape.phases) + 1
        low = np.zeros(self.size, dtype=np.float32)
        high = np.ones(self.size, dtype=np.float32)
        for seat in range(players):
            for field in _CHIP_FIELDS:
                at = self.cards_size + seat * SEAT_FEATURES + field
                low[at], high[at] = -CHIP_CLIP, CHIP_CLIP
        table = self.cards_size + self.seats_size
        low[table:table + 2], high[table:table + 2] = -CHIP_CLIP, CHIP_CLIP
        self.low, self.high = low, high

    # ------------------------------------------------------------------ reading a view

    def hand(self, state: HandState, seat: int, view: View | None = None
             ) -> tuple[Card | None, ...]:
        """The seat's own cards by position (``None``: an empty position), the order
        the ``draw`` and ``pass`` action blocks count in (``view``: the seat's view,
        when the caller has it)."""
        if view is None:
            view = state.view(seat)
        if isinstance(state, ThreeCardPokerRound):
            row = self._seats(state, seat, view, session_stacks=None)[seat].cards
        else:
            info = next(s for s in view.seats if s.seat == seat)
            row = tuple(self._split_slots(info) if isinstance(state, HeartsHand)
                        else self._slots(info.cards, info.up))
        return tuple(None if entry is None else entry[0] for entry in row)

    def money(self, state: HandState, seat: int, stakes: dict[str, int],
              view: View | None = None) -> Money:
        """The pot and the seat's own bet, from its view."""
        if view is None:
            view = state.view(seat)
        own = next((s.bet for s in view.seats if s.seat == seat), 0)
        return Money(pot=view.total_pot, own_bet=own, stakes=stakes)

    def _slots(self, cards: Sequence[Card], up: Sequence[bool] = ()) -> list[
            tuple[Card, bool] | None]:
        slots: list[tuple[Card, bool] | None] = [None] * self.shape.cards
        for i, card in enumerate(cards[:self.shape.cards]):
            slots[i] = (card, bool(up[i]) if i < len(up) else False)
        return slots

    def _split_slots(self, info: SeatSnapshot) -> list[tuple[Card, bool] | None]:
        """Down cards in the first half of the positions, up cards in the second (the
        Hearts Poker layout)."""
        half = self.shape.cards // 2
        slots: list[tuple[Card, bool] | None] = [None] * self.shape.cards
        for i, card in enumerate(info.down_cards[:half]):
            slots[i] = (card, False)
        for i, card in enumerate(info.up_cards[:half]):
            slots[half + i] = (card, True)
        return slots

    def _seats(self, state: HandState, seat: int, view: View,
               session_stacks: Sequence[int] | None) -> list[Seen]:
        """Each seat as ``seat`` sees it, from its view."""
        if isinstance(state, ThreeCardPokerRound):
            return self._casino_seats(seat, view, session_stacks)
        # a deal holds no stacks: a home game's are its table's
        table = session_stacks is not None and isinstance(state, HomeDeal)
        split = isinstance(state, HeartsHand)
        return [Seen(tuple(self._split_slots(info) if split
                           else self._slots(info.cards, info.up)), info.dealt_in,
                     info.status in (FOLDED, OUT), info.all_in,
                     session_stacks[info.seat] if table and session_stacks else info.stack,
                     info.bet, info.seat == view.button,
                     info.status in (DECIDED, *YOU_SAID.values()), info.status == IN)
                for info in view.seats]

    def _casino_seats(self, seat: int, view: View,
                      session_stacks: Sequence[int] | None) -> list[Seen]:
        """Three Card Poker: every seat of the table, one not in the round sitting out;
        the wagers before the decision count as the seat's bet."""
        stacks = list(session_stacks) if session_stacks is not None else [0] * self.players
        by_seat = {info.seat: info for info in view.seats}
        out = []
        for s in range(self.players):
            info = by_seat.get(s)
            if info is None:
                out.append(Seen(tuple(self._slots(())), False, stack=stacks[s]))
                continue
            public = s != seat and any(c.is_known for c in info.cards)
            staked = sum(chips for name, chips in info.wagers if name != Wager.PLAY.value)
            out.append(Seen(tuple(self._slots(info.cards, (public,) * len(info.cards))),
                            True, info.status == "folded", False, info.stack, staked,
                            stayed=info.status == "played"))
        return out

    def _board(self, state: HandState, view: View) -> list[tuple[Card, bool] | None]:
        """The shared cards: the board, the dealer's hand (face down or up), or a hand
        nobody owns once it is turned up (the ghost's, Herbie's)."""
        cards: Sequence[Card] = view.board
        if isinstance(state, ThreeCardPokerRound):
            cards = next((hand for _, hand in view.extra_hands), ())
        elif not cards:
            cards = next((hand for _, hand in view.extra_hands
                          if all(c.is_known for c in hand)), ())
        slots: list[tuple[Card, bool] | None] = [None] * self.shape.board
        for i, card in enumerate(cards[:self.shape.board]):
            slots[i] = (card, card.is_known)
        return slots

    # ------------------------------------------------------------------ encoding

    def encode(self, state: HandState, seat: int, stacks: Sequence[int],
               view: View | None = None, log: EventSummary | None = None,
               out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The observation vector of ``seat`` (``stacks``: the table's, public).
        ``view`` is the seat's view and ``log`` its :class:`EventSummary` of this
        hand, when the caller keeps them (the environment does, to build each
        observation from what changed); ``out``: a vector to write the observation
        into (a row of a batch), else a new one."""
        if view is None:
            view = state.view(seat)
        seats = self._seats(state, seat, view, stacks)
        players = self.players
        order = [(seat + k) % players for k in range(players)]
        ones: list[int] = []        # every position set to 1
        rows = [slot for s in order for slot in seats[s].cards] + self._board(state, view)
        for row, entry in enumerate(rows):
            if entry is not None:
                card, up = entry
                base = row * CARD_FEATURES
                ones.append(base + HIDDEN if card is UNKNOWN
                            else base + (52 if card is JOKER else int(card)))
                if up:
                    ones.append(base + FACE_UP)
        if log is None:
            last, drew = _from_events(state.events_for(seat), players)
        else:
            last, drew = log.update(state, seat)
        actors = state.actors
        own_choice = view.seat(seat).status == YOU_SAID[True] if seat in (
            s.seat for s in view.seats) else None
        scale = self.chip_scale
        positions = max(1, self.shape.cards)
        values: list[float] = []
        for s in order:
            info = seats[s]
            said = last[s]
            values += (
                float(info.dealt_in), float(info.out), float(info.all_in),
                _chips(info.stack, scale), _chips(info.bet, scale), float(s in actors),
                float(info.dealer), float(info.chosen), float(info.stayed),
                float(said == "fold"), float(said == "check"),
                float(said == "call"), float(said == "raise"),
                min(1.0, drew[s] / positions),
                float(s == seat and own_choice is True),
            )
        table = self.cards_size + self.seats_size
        to_call = 0
        for option in state.legal_actions(seat) if seat in actors else ():
            if isinstance(option, CallOption):
                to_call = option.amount
        values += (_chips(view.total_pot, scale), _chips(to_call, scale))
        phase = view.street
        names = self.shape.phases
        ones.append(table + 2 + (names.index(phase) if phase in names else len(names)))
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out[:] = 0.0
        out[ones] = 1.0
        out[self.cards_size:table + 2] = values
        return out

    def card_positions(self, vector: NDArray[np.float32]) -> list[Card]:
        """The known cards a vector holds (see :func:`card_positions`)."""
        return card_positions(vector, self.card_rows)


def card_positions(vector: NDArray[np.float32], rows: int) -> list[Card]:
    """Every known card in the first ``rows`` card positions of an observation."""
    cards = vector[:rows * CARD_FEATURES].reshape(rows, CARD_FEATURES)[:, :53]
    return [Card(int(i)) for _, i in zip(*np.nonzero(cards), strict=True)]


def _chips(amount: int, scale: float) -> float:
    return max(-CHIP_CLIP, min(CHIP_CLIP, amount / scale))


class EventSummary:
    """What the observation reads from the log, kept up to date event by event: the
    same as reading the whole log as the seat sees it at every step (the log of a hand
    only grows), without reading it again.

    >>> from pokerroom.engine import GameConfig
    >>> import random
    >>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
    ...     [100, 100], rng=random.Random(8))
    >>> while hand.actors == (-1,):
    ...     _ = hand.advance()
    >>> summary = EventSummary(2)
    >>> summary.update(hand, 0) == _from_events(hand.events_for(0), 2)
    True
    """

    __slots__ = ("count", "drew", "last", "players")

    def __init__(self, players: int) -> None:
        self.players = players
        self.count = 0
        self.last = [""] * players
        self.drew = [0] * players

    def update(self, state: HandState, seat: int) -> tuple[list[str], list[int]]:
        """Each seat's last betting action this street and its latest draw's size
        (see :func:`_from_events`), after reading the events new since the last call."""
        events = state.events
        if len(events) < self.count:        # not the same hand: read it all
            self.count, self.last, self.drew = 0, [""] * self.players, [0] * self.players
        new = [event.for_seat(seat) for event in events[self.count:]]
        self.count = len(events)
        _read_events(new, self.last, self.drew, self.players)
        return self.last, self.drew


_WORDS: dict[type, str] = {Fold: "fold", Check: "check", Call: "call", BringIn: "call",
                           Bet: "raise", Raise: "raise", Complete: "raise"}
"""The last-action word of each betting action's own type (see :func:`_read_events`)."""
_READ = (StreetEnded, PlayerActed, BetPlaced, CardsDiscarded, Drew, Declared)
"""The events :func:`_read_events` reads; it passes over every other."""
_UNREAD: dict[type, bool] = {}


def _unread(kind: type) -> bool:
    """True when :func:`_read_events` passes over every event of type ``kind``."""
    unread = _UNREAD.get(kind)
    if unread is None:
        unread = _UNREAD[kind] = not issubclass(kind, _READ)
    return unread


def _from_events(events: Sequence[Event], players: int) -> tuple[list[str], list[int]]:
    """Each seat's last betting action since the street began (a Guts declaration in
    turn counts as a call or a fold), and how many cards it discarded at its latest
    draw, from the log as the observer sees it."""
    last = [""] * players
    drew = [0] * players
    _read_events(events, last, drew, players)
    return last, drew


def _read_events(events: Sequence[Event], last: list[str], drew: list[int],
                 players: int) -> None:
    """Update ``last`` and ``drew`` (see :func:`_from_events`) in place."""
    for event in events:
        if isinstance(event, StreetEnded):
            last[:] = [""] * players
        elif isinstance(event, PlayerActed | BetPlaced):
            action = event.action
            if isinstance(action, Fold):
                last[action.seat] = "fold"
            elif isinstance(action, Check):
                last[action.seat] = "check"
            elif isinstance(action, Call | BringIn):
                last[action.seat] = "call"
            elif isinstance(action, Bet | Raise | Complete):
                last[action.seat] = "raise"
        elif isinstance(event, CardsDiscarded):
            drew[event.action.seat] = len(event.action.discards)
        elif isinstance(event, Drew):
            drew[event.seat] = len(event.discarded)
        elif isinstance(event, Declared) and 0 <= event.seat < players:
            last[event.seat] = "call" if event.stay else "fold"
