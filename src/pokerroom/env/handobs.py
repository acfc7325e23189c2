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
of the hand. It is kept as the bytes of its float32 numbers, in pieces: each seat's row
of cards as it sees itself and as the others see it, the board, each seat's numbers,
the table's numbers (the pot, the amount to call, the phase). An observation joins the
pieces in the seat's order and makes one NumPy array of them, its own (a new array each
time: the caller may keep it or write into it). Only what changed is worked out again: a
seat's rows of cards when its cards change (:meth:`HandObserver._see_cards`; each card
position's bytes are made once, at import), a seat's numbers when its chips, turn or last
action do (looked up by what they are worked out from, as are the table's). The log is
read as :class:`~pokerroom.env.observation.EventSummary` reads it, once for all seats
(:func:`_read_log`): what the summary takes from an event (a betting action, how many
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

import struct
from collections.abc import Sequence
from dataclasses import fields
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from pokerroom.cards import UNKNOWN_INDEX, Card
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
from pokerroom.engine.phases import BET, DRAW, OVER
from pokerroom.engine.state import PokerHand
from pokerroom.env.layout import Money
from pokerroom.env.observation import (
    _UNREAD,
    _WORDS,
    CARD_FEATURES,
    CHIP_CLIP,
    FACE_UP,
    HIDDEN,
    SEAT_FEATURES,
    Encoder,
    _read_events,
    _unread,
)

__all__ = ["HandObserver", "dealer_steps", "observed_by_arrays", "options_key"]

# the classes and tables read for every event of the log, as constants of this module
# (compiled: C statics, where an imported name is a lookup in the module's dictionary)
_PLAYER_ACTED: Final = PlayerActed
_CARDS_DISCARDED: Final = CardsDiscarded
_HAND_ENDED: Final = HandEnded
_STREET_ENDED: Final = StreetEnded
_UNREAD_KINDS: Final = _UNREAD
"""The same dictionary as ``observation._UNREAD`` (``_unread`` fills it)."""
_STILL: Final = frozenset({StreetEnded, BetReturned, ForcedBet, CardsDealt, CardBurned})
"""Events that change no card in place, nor show one (a deal adds cards)."""
_STILL_ACTIONS: Final = frozenset({Fold, Check, Call, Bet, Raise, BringIn, Complete})
"""Betting actions that move no card in place (a folded hand mucked is a new, empty
list: see ``HandObserver._step``)."""
_BET: Final = BET
_DRAW: Final = DRAW
_OVER: Final = OVER
"""The phases of a hand whose actors are not the dealer alone (compiled: C statics)."""
_ROWS: Final = 1 << 14
"""Seats' numbers kept at most (see ``HandObserver._rows``); then they are forgotten."""
_SAID: Final[tuple[str, ...]] = ("", "fold", "check", "call", "raise")
"""A seat's last betting action this street (``EventSummary.last``'s words) by its
number, as the observer keeps it (0: none)."""
_SAID_CODE: Final = {word: code for code, word in enumerate(_SAID)}
_ACTION_CODES: Final[dict[type, int]] = {kind: _SAID_CODE[word]
                                         for kind, word in _WORDS.items()}
"""The last-action number of each betting action's own type."""
_KEYED: Final[int] = 1 << 23
"""Stacks and bets below this, and draws below 256, key a seat's numbers by one int
(see ``HandObserver._step``); larger ones by a tuple."""
_NOBODY: Final[frozenset[int]] = frozenset()


_SLOTS: Final = (
    "_block", "_board", "_board_cards", "_board_parts", "_button", "_buttons",
    "_encoder", "_hand", "_lengths", "_lists", "_options", "_other_phase", "_owed",
    "_phase", "_phase_bytes", "_phase_at", "_pot", "_hidden", "_private", "_public",
    "_rows", "_seen", "_stage", "_street", "_stud", "_table_bytes", "_tabled", "_read",
    "_said", "_drew", "_vector", "_version", "_zero_row", "board_rows", "cards", "cards_size",
    "players", "row", "scale", "seats_at", "size", "table_at",
)
"""The attributes of a :class:`HandObserver` (a copy takes them by these names: the
compiled class keeps no ``__slots__`` of its own to read)."""

_FLOAT32: Final = np.dtype(np.float32)
_FROM_BUFFER: Final = np.frombuffer
"""NumPy's ``frombuffer`` (a constant: compiled, a C static instead of an attribute
looked up on the module at every observation)."""
_CLIP: Final[float] = CHIP_CLIP
"""The clip of the scaled chips, a C static (compiled) where ``CHIP_CLIP`` is a global
of another module, looked up at each use."""
_HIDDEN: Final[int] = HIDDEN
_UNKNOWN: Final[int] = UNKNOWN_INDEX
"""The unknown card's index (``Card.is_known`` is false for it alone)."""


def _card_chunks() -> list[bytes]:
    """The bytes of one card position (:data:`CARD_FEATURES` float32 numbers) for each
    feature, without (even index) and with (odd) the face-up flag: ``2 * feature +
    up``."""
    chunks: list[bytes] = []
    for feature in range(CARD_FEATURES):
        for up in (False, True):
            numbers = np.zeros(CARD_FEATURES, dtype=np.float32)
            numbers[feature] = 1.0
            if up:
                numbers[FACE_UP] = 1.0
            chunks.append(numbers.tobytes())
    return chunks


_CHUNKS: Final = _card_chunks()
"""A card position's bytes by ``2 * feature + face_up`` (see :func:`_card_chunks`)."""
_EMPTY: Final = bytes(CARD_FEATURES * _FLOAT32.itemsize)
_PACK_ROW: Final = struct.Struct(f"={SEAT_FEATURES}f").pack
"""A seat's numbers as float32 bytes (the rounding of a NumPy float32 array's)."""
_PACK_TWO: Final = struct.Struct("=2f").pack
"""Two numbers as float32 bytes."""
_JOIN: Final = bytearray().join
"""Joins pieces of bytes into a new ``bytearray`` (an observation's own buffer: one
copy, where ``bytes`` joined then copied into a ``bytearray`` took two)."""
"""An empty card position's bytes."""


def _read_log(events: Sequence[Event], count: int, last: list[int], drew: list[int],
              players: int) -> set[int] | None:
    """Read the events of the log itself, unredacted, from the ``count``-th on into
    ``last`` and ``drew`` (the lists of an :class:`EventSummary
    <pokerroom.env.observation.EventSummary>` of ``players`` seats, which has read the
    first ``count``): one summary for every seat of a hand whose redacted events keep
    what the summary reads (the poker engine's: a redacted draw still names how many
    cards it discarded); the same lists as :meth:`EventSummary.update
    <pokerroom.env.observation.EventSummary.update>` keeps for each seat, each word of
    ``last`` as its number (:data:`_SAID`).

    Returns the seats whose cards those events may have changed in place, the same
    number of them in the same list (a draw's discards and their replacements);
    ``None``: any card may have moved or been shown. A deal that only adds cards to a
    seat or the board, a burn, or a betting action moves none in place."""
    seats: set[int] | None = set()
    for i in range(count, len(events)):
        event = events[i]
        # the common events by their own type, as _read_events reads them
        kind = type(event)
        if kind is _PLAYER_ACTED:
            action = event.action                   # type: ignore[attr-defined]
            code = _ACTION_CODES.get(type(action))
            if code is not None:                # a betting action: no card moves
                last[action.seat] = code
                continue
            seats = None
        elif kind is _STREET_ENDED:
            for s in range(players):
                last[s] = 0
            continue
        else:
            if seats is not None:
                if kind is _CARDS_DISCARDED:
                    seats.add(event.action.seat)                   # type: ignore[attr-defined]
                elif kind is _HAND_ENDED:
                    seats.update(shown.seat for shown in event.shown)  # type: ignore[attr-defined]
                elif kind not in _STILL:
                    seats = None
            unread = _UNREAD_KINDS.get(kind)    # known for every kind seen before
            if unread is None:
                unread = _unread(kind)
            if unread:
                continue
        words = [_SAID[said] for said in last]  # (read as the summary reads it)
        _read_events((event,), words, drew, players)
        for s in range(players):
            last[s] = _SAID_CODE[words[s]]
    return seats


_FIELDS: Final[dict[type, tuple[str, ...]]] = {}
"""The field names of each kind of option met (see :func:`options_key`)."""


def options_key(options: Sequence[Option]) -> tuple[Any, ...]:
    """``options`` as one flat tuple of plain values, each option's type then its
    fields in order: equal tuples for equal options, hashed and compared without a
    call to the options' own ``__hash__`` and ``__eq__`` (a dictionary keyed by it is
    looked up at every step).

    >>> from pokerroom.core import CallOption, FoldOption, RaiseOption
    >>> options_key((FoldOption(), CallOption(4), RaiseOption(8, 100)))
    (<class 'pokerroom.moves.FoldOption'>, <class 'pokerroom.moves.CallOption'>, 4, \
<class 'pokerroom.moves.RaiseOption'>, 8, 100, ())
    """
    key: list[Any] = []
    for option in options:
        kind = type(option)
        names = _FIELDS.get(kind)
        if names is None:
            names = _FIELDS[kind] = tuple(f.name for f in fields(option))
        key.append(kind)
        for name in names:
            key.append(getattr(option, name))
    return tuple(key)


def _shown(hand: PokerHand) -> set[int]:
    """The seats whose cards the end of the hand showed."""
    return {s.seat for s in hand.result.shown} if hand.result is not None else set()


def dealer_steps(hand: PokerHand, limit: int) -> int:
    """Take the dealer's steps of ``hand`` (dealing, burning, the showdown) while it is
    the dealer's turn, ``limit`` at most; returns how many were taken (the
    environment's loop over them, compiled).

    >>> import random
    >>> from pokerroom.engine import GameConfig
    >>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
    ...     [100, 100], rng=random.Random(3))
    >>> dealer_steps(hand, 1), dealer_steps(hand, 100), hand.actors
    (1, 1, (1,))
    """
    taken = 0
    while taken < limit:
        # hand.actors == (DEALER,), read from the phase without making the tuple
        phase = hand.phase
        if phase in (_BET, _DRAW, _OVER):
            break
        hand.advance()
        taken += 1
    return taken


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
        self.cards: int = shape.cards
        self.row: int = shape.cards * CARD_FEATURES
        """The numbers of one seat's row of card positions."""
        self.board_rows: int = shape.board
        self.cards_size: int = encoder.cards_size
        self.seats_at: int = encoder.cards_size
        self.table_at: int = encoder.cards_size + encoder.seats_size
        self.size: int = encoder.size
        self._vector = np.dtype((_FLOAT32, (self.size,)))
        """One observation vector as one item (a buffer of several read as rows)."""
        self.scale: float = encoder.chip_scale
        self._phase_at: dict[str, int] = {}
        for i, name in enumerate(shape.phases):
            self._phase_at.setdefault(name, 2 + i)
        self._other_phase: int = 2 + len(shape.phases)
        self._hand: PokerHand | None = None
        self._version = 0
        self._lists: list[list[Card]] = []
        self._lengths: list[int] = []
        """Each seat's cards (the list, its length) when the rows were last looked at."""
        self._board_cards = -1
        self._board_parts: list[bytes] = []
        """The bytes of each card position of the board read (``_board_cards`` cards)."""
        self._button = -1
        self._buttons = [False] * n
        self._options: tuple[PokerHand | None, int, int, tuple[Option, ...]] = (
            None, -1, -1, ())
        """The last options asked for: the hand, its step, the seat and the options."""
        # the summary of the hand's log (see _read_log), kept here: compiled, these
        # are read and written at every step without a Python object's attributes
        self._read = 0
        """How many of the hand's events are read into ``_said`` and ``_drew``."""
        self._said: list[int] = [0] * n
        """Each seat's last betting action this street (``EventSummary.last``, each
        word as its number: :data:`_SAID`)."""
        self._drew: list[int] = [0] * n
        """How many cards each seat's latest draw discarded (``EventSummary.drew``)."""
        # what every seat sees alike at the current step (see _step), as the bytes of
        # the vector's float32 numbers: an observation joins them in the seat's order
        self._zero_row = _EMPTY * self.cards
        self._private: list[bytes] = [self._zero_row] * n
        """Each seat's row of cards as it sees it."""
        self._public: list[bytes] = [self._zero_row] * n
        """Each seat's row of cards as the others see it."""
        self._board = _EMPTY * self.board_rows
        self._block: list[bytes] = [bytes(SEAT_FEATURES * 4)] * n
        """Each seat's numbers (:data:`~pokerroom.env.observation.SEAT_FIELDS`)."""
        self._seen: list[int] = [-1] * n
        """The key each seat's numbers were worked out from (see :meth:`_step`; -1: not
        worked out for this hand, or keyed by a tuple)."""
        self._rows: dict[object, bytes] = {}
        """A seat's numbers by what they are worked out from (see :meth:`_row`), as one
        int or, for chips too many for it, a tuple."""
        self._street = -1
        self._stage = ""
        """The hand's street and phase when the phase's place was last worked out."""
        self._stud = False
        """The hand now is a stud hand (its up cards say so in the rows of cards)."""
        self._hidden: list[bytes] = [self._zero_row] + [
            _CHUNKS[2 * _HIDDEN] * i + _EMPTY * (self.cards - i)
            for i in range(1, self.cards + 1)]
        """A row of ``i`` cards of another seat, none face up nor shown, by ``i``."""
        self._pot = 0
        self._phase = self._other_phase
        self._owed = 0
        self._tabled = -1
        self._table_bytes = b""
        """The table's numbers (:meth:`_table`) last joined: for ``_owed`` to call, at
        the step ``_tabled`` (the log's length then)."""
        self._phase_bytes: list[bytes] = []
        """The bytes of the phase's one-hot numbers (the table's numbers after the pot
        and the amount to call), by the phase's place less 2."""
        for place in range(2, self._other_phase + 1):
            one_hot = np.zeros(self._other_phase - 1, dtype=np.float32)
            one_hot[place - 2] = 1.0
            self._phase_bytes.append(one_hot.tobytes())

    def __getstate__(self) -> dict[str, Any]:
        """A copy (``copy.deepcopy`` of an environment) takes every attribute but the
        numbers looked up (they are worked out again)."""
        state = {name: getattr(self, name) for name in _SLOTS}
        state["_rows"] = {}
        return state

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy is made through ``__init__`` (the compiled class makes no instance
        without it), then given this one's state."""
        return (HandObserver, (self._encoder,), self.__getstate__())

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def share_rows(self, other: HandObserver) -> None:
        """Let ``other`` (an observer of the same layout and chip scale) look up the
        numbers this one has worked out, and add to them."""
        if (other.size, other.scale, other.cards) != (self.size, self.scale, self.cards):
            raise ValueError("only observers of one layout and chip scale share rows")
        other._rows = self._rows

    # ------------------------------------------------------------------ one step

    def _step(self, hand: PokerHand) -> None:
        """Work out what every seat sees alike at the hand's current step, unless done
        (see :meth:`_see_cards` and :meth:`_row`)."""
        log = hand.log
        version = len(log)
        fresh = hand is not self._hand
        if not fresh:
            if version == self._version:
                return
        else:
            self._hand = hand
            self._read = 0                      # the summary read from the start
            self._said, self._drew = [0] * self.players, [0] * self.players
            self._seen = [-1] * self.players
            self._button = -1
            self._board_cards = -1
            self._tabled = -1
            self._stud = not hand.variant.button_game
        last, drew = self._said, self._drew
        moved = _read_log(log, self._read, last, drew, self.players)
        self._read = version
        if fresh:                               # a new hand: every row is seen afresh
            moved = None
        self._see_cards(hand, moved)
        self._version = version
        # the seat to act (hand.actors, read from the phase without making the tuple)
        acts: int = hand.actor if hand.phase in (_BET, _DRAW) else -1
        button: int = hand.button
        n: int = self.players
        if button != self._button:
            self._button = button
            self._buttons = [s == button for s in range(n)]
        in_hand, folded, stacks, bets = hand.in_hand, hand.folded, hand.stacks, hand.bets
        buttons = self._buttons
        block = self._block
        seen = self._seen
        rows = self._rows
        for s in range(n):
            # one int of what the seat's numbers are worked out from, compared with the
            # last step's: only a seat whose numbers changed is looked up (most seats'
            # are the same as at the last step)
            stack: int = stacks[s]
            bet: int = bets[s]
            drawn: int = drew[s]
            said: int = last[s]
            code = ((1 if in_hand[s] else 0) | (2 if folded[s] else 0)
                    | (4 if s == acts else 0) | (8 if buttons[s] else 0)
                    | (said << 4))
            key: object
            if 0 <= stack < _KEYED and 0 <= bet < _KEYED and 0 <= drawn < 256:
                number = (((stack << 23) | bet) << 15) | (drawn << 7) | code
                if number == seen[s]:
                    continue
                seen[s] = number
                key = number
            else:
                seen[s] = -1
                key = (stack, bet, drawn, code)
            row = rows.get(key)
            if row is None:
                if len(rows) >= _ROWS:
                    rows.clear()
                row = rows[key] = self._row(in_hand[s], folded[s], stack, bet, s == acts,
                                            buttons[s], said, drawn)
            block[s] = row
        self._pot = hand.pot
        street: int = hand.street
        phase: str = hand.phase
        if street != self._street or phase != self._stage or moved is None:
            # the phase's name is worked out only when the street or the phase moved on
            self._street, self._stage = street, phase
            self._phase = self._phase_at.get(hand.street_name, self._other_phase)

    def _row(self, dealt: bool, folded: bool, stack: int, bet: int, acts: bool,
             button: bool, last: int, drew: int) -> bytes:
        """A seat's numbers (:data:`~pokerroom.env.observation.SEAT_FIELDS`)."""
        clip = _CLIP
        out = dealt and folded
        chips = stack / self.scale
        put = bet / self.scale
        return _PACK_ROW(
            1.0 if dealt else 0.0, 1.0 if out else 0.0,
            1.0 if dealt and not out and stack == 0 else 0.0,
            clip if chips > clip else -clip if chips < -clip else chips,
            clip if put > clip else -clip if put < -clip else put,
            1.0 if acts else 0.0, 1.0 if button else 0.0, 0.0, 0.0,
            # the last action's four flags: fold, check, call, bet or raise (1 to 4)
            1.0 if last == 1 else 0.0, 1.0 if last == 2 else 0.0,
            1.0 if last == 3 else 0.0, 1.0 if last == 4 else 0.0,
            min(1.0, drew / max(1, self.cards)),
            0.0)

    def _table(self, to_call: int) -> bytes:
        """The table's numbers: the pot and ``to_call`` (scaled and clipped), and the
        phase's one-hot (worked out each time: quicker than looking them up)."""
        clip = _CLIP
        pot = self._pot / self.scale
        owed = to_call / self.scale if to_call else 0.0
        return _PACK_TWO(clip if pot > clip else -clip if pot < -clip
                         else pot, clip if owed > clip else owed) \
            + self._phase_bytes[self._phase - 2]

    def _see_cards(self, hand: PokerHand, moved: set[int] | None) -> None:
        """Each seat's row of cards as the others see it and as it sees itself, and the
        board: all of them again when an event may have moved or shown any card
        (``moved`` ``None``), else only the rows of the seats in ``moved`` and of those
        whose cards are no longer the same list of the same length (dealt to, or
        mucked: a folded hand's cards are a new, empty list), and the board if it
        grew."""
        holes = hand.hole
        n: int = self.players
        flags = self._stud                      # a stud hand's up cards say so
        if moved is None:
            shown = _shown(hand) if hand.result is not None else _NOBODY
            for s in range(n):
                self._see_seat(hand, s, s in shown, flags)
            self._lists = list(holes)
            self._lengths = [len(cards) for cards in holes]
        else:
            lists, known = self._lists, self._lengths
            changed = bool(moved)
            s = 0
            while not changed and s < n:        # (a betting step: no row changes)
                cards = holes[s]
                changed = cards is not lists[s] or len(cards) != known[s]
                s += 1
            if changed:
                shown = _shown(hand) if hand.result is not None else _NOBODY
                for s in range(n):
                    cards = holes[s]
                    if s in moved or cards is not lists[s] or len(cards) != known[s]:
                        self._see_seat(hand, s, s in shown, flags)
                self._lists = list(holes)
                self._lengths = [len(cards) for cards in holes]
        board = hand.board
        count = len(board)
        if moved is None or count != self._board_cards:
            # the board only grows between two reads that move no card (``moved``):
            # the positions of the cards already seen are kept
            parts = self._board_parts if moved is not None and \
                count > self._board_cards else []
            self._board_cards = count
            rows: int = self.board_rows
            for i in range(len(parts), min(count, rows)):
                on: int = board[i]              # a Card is an int: compiled, read as one
                parts.append(_CHUNKS[2 * on + (1 if on != _UNKNOWN else 0)])
            self._board_parts = parts
            self._board = b"".join(parts) + _EMPTY * (rows - len(parts))

    def _see_seat(self, hand: PokerHand, seat: int, whole: bool, flags: bool) -> None:
        """The row of cards of ``seat`` as the others see it and as it sees itself:
        every card of another seat hidden unless face up or ``whole`` (shown); with
        ``flags`` (a stud hand) the up cards say so."""
        hole = hand.hole[seat]
        if not hole:                            # folded and mucked, or not dealt yet
            self._private[seat] = self._public[seat] = self._zero_row
            return
        up = hand.up[seat]
        cards: int = self.cards
        own: list[bytes] = []
        i = 0
        if whole or True in up:
            seen: list[bytes] = []
            for card in hole[:cards]:
                index: int = card               # a Card is an int: compiled, read as one
                face = up[i]
                flag = 1 if flags and face else 0
                own.append(_CHUNKS[2 * index + flag])
                seen.append(_CHUNKS[2 * (index if whole or face else _HIDDEN) + flag])
                i += 1
            if i < cards:
                seen.append(_EMPTY * (cards - i))
            self._public[seat] = b"".join(seen)
        else:                                   # every card hidden from the others
            for hidden in hole[:cards]:
                number: int = hidden
                own.append(_CHUNKS[2 * number])
                i += 1
            self._public[seat] = self._hidden[i]
        if i < cards:
            own.append(_EMPTY * (cards - i))
        self._private[seat] = b"".join(own)

    # ------------------------------------------------------------------ reading

    def encode(self, hand: PokerHand, seat: int,
               out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """The observation vector of ``seat`` (the same numbers as
        :meth:`Encoder.encode <pokerroom.env.observation.Encoder.encode>`); ``out``: a
        vector to write it into (a row of a batch), else a new one."""
        data = self.encoded(hand, seat)
        if out is not None:
            out[:] = _FROM_BUFFER(data, _FLOAT32)
            return out
        return _FROM_BUFFER(data, _FLOAT32)      # writable: the array's own buffer

    def encoded(self, hand: PokerHand, seat: int) -> bytearray:
        """The bytes of the observation vector of ``seat`` (its float32 numbers), a
        new buffer each time."""
        self._step(hand)
        parts: list[bytes] = []
        self._parts(hand, seat, parts)
        return _JOIN(parts)

    def encode_all(self, hand: PokerHand) -> NDArray[np.float32]:
        """Every seat's observation vector (a row each, seat order) in one new array:
        one buffer joined for all of them (at the end of a hand every seat observes
        the same step)."""
        self._step(hand)
        parts: list[bytes] = []
        for seat in range(self.players):
            self._parts(hand, seat, parts)
        return _FROM_BUFFER(_JOIN(parts), self._vector)

    def _parts(self, hand: PokerHand, seat: int, parts: list[bytes]) -> None:
        """Append the pieces of the observation of ``seat`` at the step :meth:`_step`
        worked out to ``parts``."""
        n: int = self.players
        public = self._public
        block = self._block
        parts.append(self._private[seat])
        for k in range(1, n):
            parts.append(public[(seat + k) % n])
        parts.append(self._board)
        for k in range(n):
            parts.append(block[(seat + k) % n])
        owed = self.to_call(hand, seat)
        if owed != self._owed or self._tabled != self._version:
            # (every seat observed at the end of a hand has nothing to call)
            self._owed, self._tabled = owed, self._version
            self._table_bytes = self._table(owed)
        parts.append(self._table_bytes)

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
        if seat != hand.actor or hand.phase not in (_BET, _DRAW):   # not in hand.actors
            return 0
        to_call = 0
        for option in self.options(hand, seat):
            if isinstance(option, CallOption):
                to_call = option.amount
        return to_call

    def spot_key(self, hand: PokerHand, seat: int, by_position: bool) -> tuple[Any, ...]:
        """What the mask and the concrete actions of ``seat`` (to act) are looked up by:
        its options (:func:`options_key`), its cards by position if ``by_position``
        (else none), the pot and its bet (the same always stand for the same
        actions)."""
        options = self.options(hand, seat)
        cards = self.hand_cards(hand, seat) if by_position else ()
        return (options_key(options), cards, hand.pot, hand.bets[seat])

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
