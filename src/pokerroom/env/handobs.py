"""The observations of the poker engine's hands, read straight from the hand's arrays.

A :class:`~pokerroom.engine.state.PokerHand` (every button, stud and draw game of the
engine) keeps its table in plain lists: ``hole``, ``up``, ``board``, ``stacks``,
``bets``, ``folded``, ``in_hand``. :class:`HandObserver` writes the observation of
:mod:`pokerroom.env.observation` from those lists, number for number the vector that
:meth:`Encoder.encode <pokerroom.env.observation.Encoder.encode>` builds from the seat's
:class:`~pokerroom.tableview.View` (``tests/env/test_env_fast.py`` compares the two at
every step of many seeded hands), without drawing the view.

It writes only what the seat's view shows: a card of another seat only when it lies
face up or was shown at the showdown, the seat's own cards, the board, and the public
chips.

Everything in the vector but the seat's own row of cards and the amount it has to call
is the same for every seat, turned so the observer comes first; it is worked out once a
step (the hand's log only grows, one event per step, so its length names the step) and
shared by every seat observed at that step: the seat to act, and every seat at the end
of the hand. Only what changed is written again: a seat's row of cards when its cards
change (:meth:`HandObserver._see_cards`), a seat's numbers when its chips, turn or last
action do. The log is read as :class:`~pokerroom.env.observation.EventSummary` reads
it, once for all seats: what the summary takes from an event (a betting action, how many
cards a draw discarded) is the same in every seat's redaction of it.

>>> from pokerroom.env import env
>>> table = env("holdem", players=3)
>>> table.reset(seed=2)
>>> hand = table.state
>>> seat = table.possible_agents.index(table.agent_selection)
>>> fast = table.hand_observer.encode(hand, seat)
>>> slow = table.encoder.encode(hand, seat, table.session.stacks)
>>> bool((fast == slow).all()), fast.dtype, fast.shape == slow.shape
(True, dtype('float32'), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import is_
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from pokerroom.cards import Card
from pokerroom.core import (
    Bet,
    BringIn,
    Call,
    CallOption,
    Check,
    Complete,
    Event,
    Fold,
    Option,
    Raise,
)
from pokerroom.engine.events import (
    BetReturned,
    CardBurned,
    CardsDealt,
    CardsDiscarded,
    ForcedBet,
    HandEnded,
    PlayerActed,
    StreetEnded,
)
from pokerroom.engine.state import PokerHand
from pokerroom.env.layout import Money
from pokerroom.env.observation import (
    CARD_FEATURES,
    CHIP_CLIP,
    FACE_UP,
    HIDDEN,
    SEAT_FEATURES,
    Encoder,
    EventSummary,
)

__all__ = ["HandObserver", "observed_by_arrays"]

_STILL: Final = frozenset({StreetEnded, BetReturned, ForcedBet, CardsDealt, CardBurned})
"""Events that change no card in place, nor show one (a deal adds cards)."""
_STILL_ACTIONS: Final = frozenset({Fold, Check, Call, Bet, Raise, BringIn, Complete})
"""Betting actions that move no card in place (a folded hand mucked is a new, empty
list: see ``HandObserver._step``)."""
_ROWS: Final = 1 << 14
"""Seats' numbers kept at most (see ``HandObserver._rows``); then they are forgotten."""
_LAST: Final = {"": (0.0, 0.0, 0.0, 0.0), "fold": (1.0, 0.0, 0.0, 0.0),
                "check": (0.0, 1.0, 0.0, 0.0), "call": (0.0, 0.0, 1.0, 0.0),
                "raise": (0.0, 0.0, 0.0, 1.0)}
"""A seat's last betting action this street as the observation's four flags."""


_SLOTS: Final = (
    "_block",
    "_board",
    "_board_cards",
    "_button",
    "_buttons",
    "_encoder",
    "_hand",
    "_lengths",
    "_lists",
    "_options",
    "_other_phase",
    "_phase_at",
    "_private",
    "_public",
    "_rows",
    "_seen",
    "_summary",
    "_table",
    "_version",
    "_views",
    "_zeros",
    "board_rows",
    "cards",
    "cards_size",
    "players",
    "row",
    "scale",
    "seats_at",
    "size",
    "table_at",
)
"""The attributes of a :class:`HandObserver` (a copy takes them by these names: the
compiled class keeps no ``__slots__`` of its own to read)."""


def _moved(events: Sequence[Event]) -> set[int] | None:
    """The seats whose cards ``events`` may have changed in place, the same number of
    them in the same list (a draw's discards and their replacements); ``None``: any
    card may have moved or been shown. A deal that only adds cards to a seat or the
    board, a burn, or a betting action moves none in place."""
    seats: set[int] = set()
    for event in events:
        kind = type(event)
        if kind is PlayerActed:
            if type(event.action) not in _STILL_ACTIONS:   # type: ignore[attr-defined]
                return None
        elif kind is CardsDiscarded:
            seats.add(event.action.seat)                   # type: ignore[attr-defined]
        elif kind is HandEnded:
            seats.update(shown.seat for shown in event.shown)  # type: ignore[attr-defined]
        elif kind not in _STILL:
            return None
    return seats


def _shown(hand: PokerHand) -> set[int]:
    """The seats whose cards the end of the hand showed."""
    return {s.seat for s in hand.result.shown} if hand.result is not None else set()


def _ones(vector: NDArray[np.float32], at: list[int]) -> None:
    """Set the positions ``at`` of ``vector`` to 1 (a few one by one: quicker than
    NumPy's indexing by a list)."""
    if len(at) > 16:
        vector[at] = 1.0
        return
    for i in at:
        vector[i] = 1.0


def observed_by_arrays(state: object) -> bool:
    """True when ``state`` is a hand whose observation :class:`HandObserver` writes (a
    :class:`~pokerroom.engine.state.PokerHand` itself, whose view is the engine's
    ``hand_view``).

    >>> from pokerroom.env import env
    >>> table = env("stud", players=3)
    >>> table.reset(seed=1)
    >>> observed_by_arrays(table.state), observed_by_arrays(object())
    (True, False)
    """
    return type(state) is PokerHand


class HandObserver:
    """Writes the observations of one environment's poker hands (see the module
    docstring) in the layout of ``encoder``."""

    __slots__ = _SLOTS

    def __init__(self, encoder: Encoder) -> None:
        self._encoder = encoder
        shape = encoder.shape
        n = self.players = encoder.players
        self.cards = shape.cards
        self.row = shape.cards * CARD_FEATURES
        """The numbers of one seat's row of card positions."""
        self.board_rows = shape.board
        self.cards_size = encoder.cards_size
        self.seats_at = encoder.cards_size
        self.table_at = encoder.cards_size + encoder.seats_size
        self.size = encoder.size
        self.scale = encoder.chip_scale
        self._phase_at: dict[str, int] = {}
        for i, name in enumerate(shape.phases):
            self._phase_at.setdefault(name, 2 + i)
        self._other_phase = 2 + len(shape.phases)
        self._hand: PokerHand | None = None
        self._version = 0
        self._lists: list[list[Card]] = []
        self._lengths: list[int] = []
        """Each seat's cards (the list, its length) when the rows were last looked at."""
        self._board_cards = -1
        self._button = -1
        self._buttons = [False] * n
        self._options: tuple[PokerHand | None, int, int, tuple[Option, ...]] = (
            None, -1, -1, ())
        """The last options asked for: the hand, its step, the seat and the options."""
        self._summary = EventSummary(n)
        # what every seat sees alike at the current step (see _step), each seat's rows
        # twice over so that the rows from any seat round the table are one slice
        self._public = np.zeros(2 * n * self.row, dtype=np.float32)
        self._private = np.zeros(n * self.row, dtype=np.float32)
        self._board = np.zeros(self.board_rows * CARD_FEATURES, dtype=np.float32)
        self._block = np.zeros(2 * n * SEAT_FEATURES, dtype=np.float32)
        self._seen: list[tuple[Any, ...] | None] = [None] * n
        """What each seat's numbers in the block were worked out from."""
        self._rows: dict[tuple[Any, ...], memoryview] = {}
        """A seat's numbers by what they are worked out from (see :meth:`_row`)."""
        self._table = np.zeros(self.size - self.table_at, dtype=np.float32)
        self._zeros = np.zeros(max(self.row, len(self._table)), dtype=np.float32)
        self._views = self._view_arrays()

    def _view_arrays(self) -> tuple[memoryview, ...]:
        """The arrays above as memoryviews (a slice copied between two is a third of
        the time of NumPy's): private, public, board, block, table, zeros."""
        return tuple(a.data for a in (self._private, self._public, self._board,
                                       self._block, self._table, self._zeros))

    def __getstate__(self) -> dict[str, Any]:
        """A copy (``copy.deepcopy`` of an environment) takes the arrays, not their
        memoryviews, nor the rows looked up (they are worked out again)."""
        state = {name: getattr(self, name) for name in _SLOTS if name != "_views"}
        state["_rows"] = {}
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy is made through ``__init__`` (the compiled class makes no instance
        without it), then given this one's state."""
        return (HandObserver, (self._encoder,), self.__getstate__())

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._views = self._view_arrays()

    def share_rows(self, other: HandObserver) -> None:
        """Let ``other`` (an observer of the same layout and chip scale) look up the
        seats' numbers this one has worked out, and add to them."""
        if (other.size, other.scale, other.cards) != (self.size, self.scale, self.cards):
            raise ValueError("only observers of one layout and chip scale share rows")
        other._rows = self._rows

    # ------------------------------------------------------------------ one step

    def _step(self, hand: PokerHand) -> None:
        """Work out what every seat sees alike at the hand's current step, unless done
        (see :meth:`_see_cards` and :meth:`_row`)."""
        log = hand.log
        version = len(log)
        if hand is self._hand:
            if version == self._version:
                return
            moved = _moved(log[self._version:])
        else:
            self._hand = hand
            self._summary = EventSummary(self.players)
            self._seen = [None] * self.players
            self._button = -1
            self._board_cards = -1
            moved = None
        self._see_cards(hand, moved)
        self._version = version
        last, drew = self._summary.read(log)
        actors = hand.actors
        button = hand.button
        n = self.players
        acting = [False] * n
        for seat in actors:
            if 0 <= seat < n:
                acting[seat] = True
        if button != self._button:
            self._button = button
            self._buttons = [s == button for s in range(n)]
        keys = list(zip(hand.in_hand, hand.folded, hand.stacks, hand.bets, acting,
                        self._buttons, last, drew, strict=True))
        block = self._views[3]
        seen = self._seen
        for s in range(n):
            key = keys[s]
            if key != seen[s]:          # only a seat whose numbers changed is written
                seen[s] = key
                row = self._rows.get(key)
                if row is None:
                    if len(self._rows) >= _ROWS:
                        self._rows.clear()
                    row = self._rows[key] = self._row(*key)
                at = s * SEAT_FEATURES
                block[at:at + SEAT_FEATURES] = row
                at += n * SEAT_FEATURES
                block[at:at + SEAT_FEATURES] = row
        self._views[4][:] = self._views[5][:len(self._table)]
        table = self._table
        pot = hand.pot / self.scale
        table[0] = CHIP_CLIP if pot > CHIP_CLIP else -CHIP_CLIP if pot < -CHIP_CLIP else pot
        table[self._phase_at.get(hand.street_name, self._other_phase)] = 1.0

    def _row(self, dealt: bool, folded: bool, stack: int, bet: int, acts: bool,
             button: bool, last: str, drew: int) -> memoryview:
        """A seat's numbers (:data:`~pokerroom.env.observation.SEAT_FIELDS`)."""
        clip = CHIP_CLIP
        out = dealt and folded
        chips = stack / self.scale
        put = bet / self.scale
        return np.array((
            1.0 if dealt else 0.0, 1.0 if out else 0.0,
            1.0 if dealt and not out and stack == 0 else 0.0,
            clip if chips > clip else -clip if chips < -clip else chips,
            clip if put > clip else -clip if put < -clip else put,
            1.0 if acts else 0.0, 1.0 if button else 0.0, 0.0, 0.0,
            *_LAST[last], min(1.0, drew / max(1, self.cards)), 0.0), dtype=np.float32).data

    def _see_cards(self, hand: PokerHand, moved: set[int] | None) -> None:
        """Each seat's row of cards as the others see it and as it sees itself, and the
        board: all of them again when an event may have moved or shown any card
        (``moved`` ``None``), else only the rows of the seats in ``moved`` and of those
        whose cards are no longer the same list of the same length (dealt to, or
        mucked: a folded hand's cards are a new, empty list), and the board if it
        grew."""
        holes = hand.hole
        lengths = list(map(len, holes))
        if moved is None:
            self._see_seats(hand, range(self.players), _shown(hand))
        elif moved or lengths != self._lengths or not all(map(is_, holes, self._lists)):
            lists, known = self._lists, self._lengths
            changed = [s for s in range(self.players)
                       if s in moved or holes[s] is not lists[s] or lengths[s] != known[s]]
            self._see_seats(hand, changed, _shown(hand))
        self._lists = list(holes)
        self._lengths = lengths
        board = hand.board
        if moved is None or len(board) != self._board_cards:
            self._board_cards = len(board)
            ones: list[int] = []
            for i, card in enumerate(board[:self.board_rows]):
                at = i * CARD_FEATURES
                ones.append(at + int(card))
                if card.is_known:
                    ones.append(at + FACE_UP)
            self._board[:] = 0.0
            _ones(self._board, ones)

    def _see_seats(self, hand: PokerHand, seats: Sequence[int], shown: set[int]) -> None:
        """The rows of cards of ``seats`` as the others see them (twice over) and as
        each sees itself: every card of another seat hidden unless face up or
        ``shown``."""
        row = self.row
        twin = self.players * row
        public, private = self._public, self._private
        flags = not hand.variant.button_game       # a stud hand's up cards say so
        seen: list[int] = []
        own: list[int] = []
        every = len(seats) == self.players
        if every:
            public[:] = 0.0
            private[:] = 0.0
        views = self._views
        zeros = views[5][:row]
        for seat in seats:
            at = seat * row
            if not every:
                views[1][at:at + row] = zeros
                views[0][at:at + row] = zeros
            up = hand.up[seat]
            whole = seat in shown
            for i, card in enumerate(hand.hole[seat][:self.cards]):
                base = at + i * CARD_FEATURES
                index = int(card)
                own.append(base + index)
                seen.append(base + (index if whole or up[i] else HIDDEN))
                if flags and up[i]:
                    own.append(base + FACE_UP)
                    seen.append(base + FACE_UP)
        _ones(private, own)
        _ones(public, seen)
        if every:
            public[twin:] = public[:twin]
            return
        for seat in seats:
            at = seat * row
            views[1][at + twin:at + twin + row] = views[1][at:at + row]

    # ------------------------------------------------------------------ reading

    def encode(self, hand: PokerHand, seat: int,
               out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The observation vector of ``seat`` (the same numbers as
        :meth:`Encoder.encode <pokerroom.env.observation.Encoder.encode>`); ``out``: a
        vector to write it into (a row of a batch), else a new one."""
        self._step(hand)
        vector = np.empty(self.size, dtype=np.float32) if out is None \
            or not out.flags.c_contiguous else out
        into = vector.data
        private, public, board, block, table, _ = self._views
        n = self.players
        row = self.row
        others = n * row
        into[:row] = private[seat * row:seat * row + row]
        into[row:others] = public[seat * row + row:(seat + n) * row]
        into[others:self.cards_size] = board
        into[self.seats_at:self.table_at] = \
            block[seat * SEAT_FEATURES:(seat + n) * SEAT_FEATURES]
        at = self.table_at
        into[at:] = table
        to_call = self.to_call(hand, seat)
        if to_call:
            owed = to_call / self.scale
            vector[at + 1] = CHIP_CLIP if owed > CHIP_CLIP else owed
        if out is not None and vector is not out:
            out[:] = vector
            return out
        return vector

    def options(self, hand: PokerHand, seat: int) -> tuple[Option, ...]:
        """The seat's options now (``hand.legal_actions(seat)``, asked once a step: the
        mask and the amount to call both read them)."""
        version = len(hand.log)
        known, at, of, options = self._options
        if known is hand and at == version and of == seat:
            return options
        options = hand.legal_actions(seat)
        self._options = (hand, version, seat, options)
        return options

    def to_call(self, hand: PokerHand, seat: int) -> int:
        """What ``seat`` must put in to call now (0: it is not to act, or has nothing
        to call)."""
        if seat not in hand.actors:
            return 0
        to_call = 0
        for option in self.options(hand, seat):
            if isinstance(option, CallOption):
                to_call = option.amount
        return to_call

    def hand_cards(self, hand: PokerHand, seat: int) -> tuple[Card | None, ...]:
        """The seat's own cards by position (``None``: an empty position), as
        :meth:`Encoder.hand <pokerroom.env.observation.Encoder.hand>` gives them."""
        cards: list[Card | None] = list(hand.hole[seat][:self.cards])
        cards += [None] * (self.cards - len(cards))
        return tuple(cards)

    @staticmethod
    def money(hand: PokerHand, seat: int, stakes: dict[str, int]) -> Money:
        """The pot and the seat's own bet, as :meth:`Encoder.money
        <pokerroom.env.observation.Encoder.money>` reads them from the view."""
        return Money(pot=hand.pot, own_bet=hand.bets[seat], stakes=stakes)
