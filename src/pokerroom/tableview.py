"""The one view of a hand, whatever the game, and the one protocol every bot answers
(:class:`Bot`, given a :class:`SeatView`).

A :class:`View` is what one seat (or a spectator) may see of a table: every seat's
stack, bet, cards (``??`` when hidden) and state, the board, the pots, whose turn it is,
and the viewer's own legal options. A hand machine's ``view(seat)`` gives one with the
seats unnamed; its table fills in the names, the hand number and its words
(``Session.snapshot``), and the terminal, the room, the bots and the environments all
read that same type, so none of them needs a special case per game. A view only ever
holds what its seat may see.

>>> from pokerroom.cards import parse_cards
>>> me = SeatSnapshot(seat=0, name="You", stack=990, bet=10, cards=parse_cards("As Kd"))
>>> bot = SeatSnapshot(seat=1, name="Ann", stack=980, bet=20, cards=parse_cards("?? ??"))
>>> snap = View(game="Hold'em", seats=(me, bot), pots=(("pot", 15),),
...                      to_act=(0,), you=0)
>>> snap.to_call(0), snap.total_pot, snap.me.name
(10, 45, 'You')
>>> snap.seat(1).cards
(??, ??)
>>> stud = SeatSnapshot(seat=2, name="Bo", stack=50, cards=parse_cards("?? ?? 7h"),
...                     up=(False, False, True))
>>> stud.down_cards, stud.up_cards
((??, ??), (7h,))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from pokerroom.cards import Card
from pokerroom.moves import Action, Option

__all__ = ["ALL_IN", "DECIDED", "FOLDED", "IN", "OUT", "SAID_IN", "SAID_OUT", "SITTING_OUT",
           "YOU_SAID", "Bot", "SeatSnapshot", "SeatView", "View", "Viewed", "declared_aloud",
           "seat_name", "seat_snapshot", "unnamed_seats"]

FOLDED = "folded"
"""A seat's status once it has folded."""
ALL_IN = "all in"
"""A seat's status once its whole stack is in the pot."""
SITTING_OUT = "sitting out"
"""A seat's status when it was not dealt in."""
IN = "in"
"""A seat's status once its declare is known to all: it stayed in."""
OUT = "out"
"""A seat's status once its declare is known to all: it dropped out."""
SAID_IN = "said in"
"""A seat that has declared in aloud, in turn, before the others have."""
SAID_OUT = "said out"
"""A seat that has declared out aloud, in turn, before the others have."""
DECIDED = "decided"
"""A seat whose hidden choice (a declare, a pass, a discard) is made but not yet shown."""
YOU_SAID = {True: "you said in", False: "you said out"}
"""The viewer's own hidden declare, by whether it stays."""


@dataclass(frozen=True, slots=True)
class SeatSnapshot:
    """One seat as another seat (or its owner) sees it.

    ``cards`` are in dealt order (``??`` when hidden); ``up`` flags the face-up ones
    (empty: all face down); ``bet`` is what the seat has in front of it this round;
    ``status`` is a word such as ``"folded"``, ``"all in"``, ``"in"``, ``"out"``;
    ``marker`` a position tag (``"D"``, ``"SB"``, ``"BB"``); ``note`` what the hand
    is, where the seat may know it ("pair of sevens"); ``wagers`` the named wagers of a
    house-banked game.
    """

    seat: int
    name: str
    stack: int
    bet: int = 0
    cards: tuple[Card, ...] = ()
    up: tuple[bool, ...] = ()
    status: str = ""
    marker: str = ""
    note: str = ""
    wagers: tuple[tuple[str, int], ...] = ()
    """Named wagers on the layout in front of the seat (a house-banked game's Ante,
    Pair Plus, Play...), as ``(name, chips)``; a betting game's chips are in ``bet``."""

    @property
    def folded(self) -> bool:
        """True when this seat has no further part in the hand."""
        return self.status in (FOLDED, OUT, SITTING_OUT)

    @property
    def dealt_in(self) -> bool:
        """True when this seat was dealt into the hand."""
        return self.status != SITTING_OUT

    @property
    def all_in(self) -> bool:
        """True when this seat's whole stack is in the pot."""
        return self.status == ALL_IN

    def is_up(self, index: int) -> bool:
        """True when the card at ``index`` lies face up."""
        return index < len(self.up) and self.up[index]

    @property
    def down_cards(self) -> tuple[Card, ...]:
        """The seat's face-down cards (``??`` where hidden), in dealt order."""
        return tuple(c for i, c in enumerate(self.cards) if not self.is_up(i))

    @property
    def up_cards(self) -> tuple[Card, ...]:
        """The seat's face-up cards, in dealt order."""
        return tuple(c for i, c in enumerate(self.cards) if self.is_up(i))


@dataclass(frozen=True, slots=True)
class View:
    """A whole table from one seat's point of view (``you``; ``None`` for a spectator).

    ``board`` holds community cards; ``extra_hands`` hands that belong to no seat
    (Herbie's hand, the Three Card Poker dealer) as ``(label, cards)``; ``pots`` the
    pots as ``(label, chips)``; ``to_act`` the seats that may act now; ``street`` the
    phase ("flop", "declare", "draw"); ``notes`` short lines worth showing (stakes,
    the bet to call); ``options`` what ``you`` may do now (empty unless it is to act);
    ``over`` whether the hand has ended.
    """

    game: str
    seats: tuple[SeatSnapshot, ...]
    board: tuple[Card, ...] = ()
    extra_hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    pots: tuple[tuple[str, int], ...] = ()
    to_act: tuple[int, ...] = ()
    you: int | None = None
    street: str = ""
    hand_no: int = 0
    button: int | None = None
    notes: tuple[str, ...] = field(default=())
    options: tuple[Option, ...] = ()
    over: bool = False

    def seat(self, seat: int) -> SeatSnapshot:
        """The snapshot of ``seat`` (``KeyError`` if no such seat)."""
        for entry in self.seats:
            if entry.seat == seat:
                return entry
        raise KeyError(seat)

    @property
    def me(self) -> SeatSnapshot:
        """The viewing seat's own snapshot (``KeyError`` for a spectator)."""
        if self.you is None:
            raise KeyError("a spectator has no seat")
        return self.seat(self.you)

    @property
    def total_pot(self) -> int:
        """Chips in every pot plus the bets in front of the seats."""
        return sum(chips for _, chips in self.pots) + sum(s.bet for s in self.seats)

    def to_call(self, seat: int) -> int:
        """How much more ``seat`` must put in to match the largest bet in front."""
        top = max((s.bet for s in self.seats), default=0)
        return max(0, top - self.seat(seat).bet)

    def live_seats(self) -> tuple[int, ...]:
        """Seats still contesting the hand."""
        return tuple(s.seat for s in self.seats if not s.folded)


class Viewed(Protocol):
    """What a seat's view is drawn from: a hand (every
    :class:`~pokerroom.core.HandState` is one) that shows a seat its view and options."""

    def view(self, seat: int | None) -> View: ...

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]: ...


class SeatView:
    """Everything one seat may know when it must act: the game's own view and the same
    as a snapshot (each drawn only if a bot asks for it, when given as a function), and
    its legal options."""

    __slots__ = ("_draw", "_draw_view", "_snapshot", "_view", "options", "seat")

    def __init__(self, seat: int, view: View | Callable[[], View],
                 options: tuple[Option, ...], snapshot: View | Callable[[], View]) -> None:
        self.seat = seat
        self._view = view if isinstance(view, View) else None
        self._draw_view = view if not isinstance(view, View) else None
        self.options = options
        self._snapshot = snapshot if isinstance(snapshot, View) else None
        self._draw = snapshot if not isinstance(snapshot, View) else None

    @classmethod
    def of(cls, state: Viewed, seat: int) -> SeatView:
        """What a bot at ``seat`` of a bare hand (no table around it) is handed: the
        hand's own view of the seat (drawn only if the bot asks), which is also its
        snapshot, and its options."""
        made = cls(seat, lambda: state.view(seat), tuple(state.legal_actions(seat)),
                   snapshot=lambda: made.view)
        return made

    @property
    def view(self) -> View:
        """The game's own view of the seat (``state.view(seat)``)."""
        if self._view is None:
            assert self._draw_view is not None
            self._view = self._draw_view()
        return self._view

    @property
    def snapshot(self) -> View:
        """The seat's view as a :class:`View`."""
        if self._snapshot is None:
            assert self._draw is not None
            self._snapshot = self._draw()
        return self._snapshot


class Bot(Protocol):
    """A baseline player: answers a :class:`SeatView` with one legal action."""

    @property
    def style(self) -> str:
        """How it plays, in a few words (shown when the table is announced)."""
        ...

    def act(self, seat_view: SeatView) -> Action:
        """A legal action for ``seat_view.seat``."""
        ...


def declared_aloud(view: View) -> dict[int, bool]:
    """The declares made aloud so far in a declare taken in turn: seat → stayed.

    >>> seats = (SeatSnapshot(0, "Ann", 9, status=SAID_IN),
    ...          SeatSnapshot(1, "Bob", 9, status=SAID_OUT), SeatSnapshot(2, "You", 9))
    >>> declared_aloud(View(game="Guts", seats=seats, you=2))
    {0: True, 1: False}
    """
    return {seat.seat: seat.status == SAID_IN for seat in view.seats
            if seat.status in (SAID_IN, SAID_OUT)}


_SEAT_NAMES: list[str] = []


def seat_name(seat: int) -> str:
    """The name a view gives a seat with nobody's name on it, counted from 1 (made once a
    seat).

    >>> seat_name(0), seat_name(5)
    ('Seat 1', 'Seat 6')
    """
    while len(_SEAT_NAMES) <= seat:
        _SEAT_NAMES.append(f"Seat {len(_SEAT_NAMES) + 1}")
    return _SEAT_NAMES[seat]


def unnamed_seats(count: int) -> list[str]:
    """The names :func:`seat_name` gives seats ``0`` and up, at least ``count`` of them
    (the list itself: index it, do not change it).

    >>> unnamed_seats(3)[:3]
    ['Seat 1', 'Seat 2', 'Seat 3']
    """
    if len(_SEAT_NAMES) < count:
        seat_name(count - 1)
    return _SEAT_NAMES


_SNAPSHOTS: dict[tuple[object, ...], SeatSnapshot] = {}
"""The snapshots :func:`seat_snapshot` made, by their fields."""
_SNAPSHOTS_KEPT = 2_000
"""How many it keeps before starting afresh."""


def seat_snapshot(seat: int, name: str, stack: int, bet: int, cards: tuple[Card, ...],
                  up: tuple[bool, ...], status: str, marker: str, note: str,
                  wagers: tuple[tuple[str, int], ...] = ()) -> SeatSnapshot:
    """``SeatSnapshot(seat, name, ...)``, the fields in order and each of exactly its
    declared type (plain whole numbers, text, a tuple of cards, of flags, of named
    wagers): a snapshot made before with the same fields is given again. A hand's views
    are drawn at every step and for every reader, and most of their seats are as they
    were (a hidden hand, a stack that did not move); a snapshot is a frozen value, so
    one serves them all, made once instead of every time.

    >>> from pokerroom.cards import parse_cards
    >>> a = seat_snapshot(0, "Seat 1", 10, 0, parse_cards("?? ??"), (), "", "D", "")
    >>> a == SeatSnapshot(0, "Seat 1", 10, 0, parse_cards("?? ??"), marker="D")
    True
    >>> seat_snapshot(0, "Seat 1", 10, 0, parse_cards("?? ??"), (), "", "D", "") is a
    True
    """
    key = (seat, name, stack, bet, cards, up, status, marker, note, wagers)
    made = _SNAPSHOTS.get(key)
    if made is None:
        if len(_SNAPSHOTS) >= _SNAPSHOTS_KEPT:
            _SNAPSHOTS.clear()
        made = _SNAPSHOTS[key] = SeatSnapshot(seat, name, stack, bet, cards, up, status,
                                              marker, note, wagers)
    return made
