"""The hand machine every game runs on.

A :class:`Kernel` is a :class:`~pokerroom.core.HandState` that keeps the event log
(``log``) and the current step (``phase``, a word: ``deal``, ``bet``, ``declare``,
``over``...), and applies every action the same way: the game's table of (phase, kind of
action) → handler names the handler, which checks the rest and then makes the change, or
there is none and :meth:`~Kernel._refusal` says why the action is refused. Nothing
changes before the checks pass, so an illegal action leaves the hand as it was.

A step belongs to the dealer (``actors == (DEALER,)``), to one seat (its turn), or to
several seats at once (a simultaneous step: declares, passes, discards, wagers, where a
choice may stay hidden until the last one is in). The kernel holds those steps
(:meth:`~Kernel._start_simultaneous`, :meth:`~Kernel._choose`).

A game gives its table of transitions in one of two forms:

* ``TRANSITIONS``, a class attribute mapping (phase, action type) to
  ``handler(machine, action, options)``. The kernel admits the action first: the seat
  must be acting (else :meth:`~Kernel._not_acting`, an
  :class:`~pokerroom.errors.OutOfTurnError`) and one of its options must allow it (else
  :meth:`~Kernel._not_allowed`, an :class:`~pokerroom.errors.IllegalActionError`); the
  handler then gets the options the action was checked against. Guts, Herbie, Hearts
  Poker and Three Card Poker give this form;
* a table by phase of its own, with handlers ``handler(machine, action)`` that do their
  own checks, read by its own ``apply`` (the same three lines as the kernel's). The
  poker machine (:class:`~pokerroom.engine.state.PokerHand`, ``_TRANSITIONS``) does, for
  speed.

The kernel also owns what every hand deals and bets with: the stub (``deck``, loaded
once from the injected shuffle by :meth:`~Kernel._stock`, dealt by
:meth:`~Kernel._draw_cards` and :meth:`~Kernel._deal_card`) and the ledger of every chip
the hand moves (``chips``), from which :meth:`~Kernel.returns` is read.

A game may also be given as its steps: ``_steps``, the words of its steps still to come, in
order, and ``STAGES``, the function that starts each (the home games' steps, worked out
from their house rules); :meth:`~Kernel._next_stage` starts the next.

Besides its table, a game gives its dealer steps, its turn and simultaneous phases, each
seat's options and the dealer's next action (the hooks below); it may word the refusals
its own way, and may take its dealer steps directly (:meth:`~Kernel._next_dealer_step`).
The poker family also answers ``actors``, ``legal_actions``, ``apply`` and ``advance``
itself, the kernel's answers worked out straight from its phases: in the compiled build
the kernel, which allows subclasses written in Python, reaches a hand's hooks through
Python attribute lookups, too slow for the busiest calls (``tests/engine/test_kernel.py``
checks that its ``actors`` are the kernel's at every step).

>>> from pokerroom.core import Action, Option
>>> from pokerroom.tableview import View
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Say(Action):
...     word: str = ""
>>> @dataclass(frozen=True)
... class SayOption(Option):
...     def allows(self, action: Action) -> bool:
...         return isinstance(action, Say)
>>> class Echo(Kernel):
...     def __init__(self) -> None:
...         super().__init__("say", 2)
...         self._start_simultaneous("say", (0, 1))
...     def _simultaneous_phases(self) -> tuple[str, ...]:
...         return ("say",)
...     def _seat_options(self, seat: int) -> tuple[Option, ...]:
...         return (SayOption(),)
...     def _on_say(self, action: Action, options: tuple[Option, ...]) -> Event:
...         if self._choose(action.seat, action):
...             self.phase = "over"
...         return self._record(Event())
...     def view(self, seat): return View(game="echo", seats=(), to_act=self.actors, you=seat)
...     TRANSITIONS = {("say", Say): _on_say}
>>> echo = Echo()
>>> echo.actors
(0, 1)
>>> _ = echo.apply(Say(1, "hi"))
>>> echo.actors, len(echo.events)
((0,), 1)
>>> echo.apply(Say(1, "again"))
Traceback (most recent call last):
...
pokerroom.errors.OutOfTurnError: seat 2 cannot act now (acting: seat 1)
>>> echo.apply("hello")
Traceback (most recent call last):
...
pokerroom.errors.IllegalActionError: not an action: 'hello'
>>> _ = echo.apply(Say(0, "ho"))
>>> echo.actors, echo.is_over
((), True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from pokerroom.cards import Card
from pokerroom.core import DEALER, Action, Event, HandState, Option, Seat
from pokerroom.deck import RandomSource
from pokerroom.engine.ledger import CASHIER, HOUSE, POT, RESERVE, Account, Ledger
from pokerroom.errors import DeckExhaustedError, IllegalActionError, OutOfTurnError

__all__ = ["OVER", "Handler", "Kernel", "StepHandler", "TransitionTable", "admitting",
           "table_of"]

Handler = Callable[[Any, Any], Event]
"""A transition of a table by phase: ``handler(machine, action)``."""

StepHandler = Callable[[Any, Any, tuple[Option, ...]], Event]
"""A transition of ``TRANSITIONS``: ``handler(machine, action, options)``, called once the
action is admitted (``options``: the acting seat's options it was checked against)."""

TransitionTable = dict[str, dict[type, Handler]]
"""Transitions by phase: for each phase, the handler of each kind of action."""

OVER: Final = "over"
"""The phase of a finished hand."""

_NO_HANDLERS: Final[dict[type, Handler]] = {}
_TABLES: Final[dict[type, TransitionTable]] = {}
"""Each game class's ``TRANSITIONS`` as a table by phase, made on its first hand."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Kernel(HandState):
    """A hand of any game. See the module docstring."""

    log: list[Event]
    """Every event so far, in order (privileged: every card is in it)."""
    phase: str
    """The current step (``over`` once the hand is finished)."""
    _waiting: set[int]
    _choices: dict[int, Any]
    _actors_seen: tuple[str, int, tuple[int, ...]] | None
    """``actors`` as last worked out, with the phase and the number of events then."""
    _steps: list[str]
    """The steps still to come of a game given as its steps, each a word of ``STAGES``."""
    chips: Ledger
    """Every chip this hand moved, between its seats, the pot, the reserve and the house,
    the chips it started with in the middle first (brought in from the cashier: see
    :meth:`_open_with`); :meth:`returns` is read from it."""
    opening: int
    """How many of ``chips``' transfers brought in what the hand started with (moved
    before the hand began, so a table taking in the hand's chips skips them)."""
    deck: list[Card]
    """The stub: the cards not dealt yet (see :meth:`_stock`)."""
    rng: RandomSource | None
    """The hand's shuffle: it draws a lazy stub's cards and mixes cards put back."""
    lazy: bool
    """True when each card is drawn from the stub as it is dealt; False when the stub
    is dealt from the top, in the order it was given."""
    _random: Callable[[], float] | None
    """The shuffle's ``random``, looked up once a hand (a lazy stub draws with it)."""
    _random_of: int
    """The ``id`` of the shuffle whose ``random`` is ``_random``: a deep copy of the
    hand keeps the original's method (a bound method of the original's shuffle, copied
    as it is) beside its own shuffle, and looks its own up."""

    HOUSE_BANKED: ClassVar[bool] = False
    """True where the house banks the game: :meth:`returns` then names its account."""

    TRANSITIONS: ClassVar[Mapping[tuple[str, type[Action]], StepHandler]] = {}
    """(phase, action type) → the handler that applies such an admitted action then."""

    STAGES: ClassVar[Mapping[str, Callable[[Any], None]]] = {}
    """A step's word → the function that starts that step (see :meth:`_next_stage`)."""

    NO_DEALER_STEP: ClassVar[str] = "it is not the dealer's turn"
    """The message of the :class:`~pokerroom.errors.OutOfTurnError` that :meth:`advance`
    raises when the dealer has nothing to do."""

    def __init__(self, phase: str, seats: int | Sequence[int]) -> None:
        self.chips = Ledger(seats)
        self.opening = 0
        self.deck = []
        self.rng = None
        self.lazy = False
        self._random = None
        self._random_of = 0
        self.log = []
        self.phase = phase
        self._waiting = set()
        self._choices = {}
        self._actors_seen = None
        self._steps = []

    # ------------------------------------------------------------------ the protocol

    @property
    def events(self) -> Sequence[Event]:
        return self.log

    @property
    def actors(self) -> tuple[int, ...]:
        seen = self._actors_seen
        if seen is not None and seen[0] == self.phase and seen[1] == len(self.log):
            return seen[2]
        actors = self._find_actors()
        self._actors_seen = (self.phase, len(self.log), actors)
        return actors

    def _find_actors(self) -> tuple[int, ...]:
        """Who acts now, worked out from the phase (``actors`` keeps the answer until
        the phase changes, an event is recorded, or a simultaneous step opens or takes
        a choice)."""
        phase = self.phase
        if phase == OVER:
            return ()
        if phase in self._dealer_phases():
            return (DEALER,)
        if phase in self._simultaneous_phases():
            return tuple(sorted(self._waiting))
        return (self._turn(),)

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        actors = self.actors
        if seat is None:
            if len(actors) != 1:
                return ()
            seat = actors[0]
        elif seat not in actors:
            return ()
        return self._dealer_options() if seat < 0 else self._seat_options(seat)

    def apply(self, action: Action) -> Event:
        handler = self._table().get(self.phase, _NO_HANDLERS).get(type(action))
        if handler is None:
            raise self._refusal(action)
        return handler(self, action)

    def returns(self) -> dict[int, int]:
        """Each seat's net in :attr:`chips`, and ``Seat.POT``: what the pools hold less
        what the hand was brought (so the values sum to zero), then, where the house
        banks the game, the house's account (``Seat.HOUSE``)."""
        chips = self.chips
        out = {seat: chips.holding(seat) for seat in chips.seat_numbers}
        out[Seat.POT] = chips.holding(POT) + chips.holding(RESERVE) + chips.holding(CASHIER)
        if self.HOUSE_BANKED:
            out[Seat.HOUSE] = chips.holding(HOUSE)
        return out

    def advance(self) -> Event:
        actors = self.actors
        if len(actors) != 1 or actors[0] >= 0:  # a seat below 0 acting is the dealer
            raise OutOfTurnError(self.NO_DEALER_STEP)
        return self._next_dealer_step()

    # ------------------------------------------------------------------ the game's part

    def _table(self) -> TransitionTable:
        """The game's transitions by phase: ``TRANSITIONS``, each handler behind the
        kernel's admission of the action (made once per game class)."""
        kind = type(self)
        table = _TABLES.get(kind)
        if table is None:
            table = _TABLES[kind] = table_of(kind.TRANSITIONS)
        return table

    def dealer_action(self) -> Action:
        """The dealer's next step, taken from the hand's own deck."""
        raise NotImplementedError

    def _next_dealer_step(self) -> Event:
        """Take the dealer's next step (the default: apply :meth:`dealer_action`)."""
        return self.apply(self.dealer_action())

    def _dealer_phases(self) -> tuple[str, ...]:
        """The steps that belong to the dealer."""
        return ("deal", "showdown")

    def _simultaneous_phases(self) -> tuple[str, ...]:
        """The steps every waiting seat takes at once."""
        return ()

    def _turn(self) -> int:
        """The seat whose turn it is in a step taken in turn."""
        raise NotImplementedError

    def _dealer_options(self) -> tuple[Option, ...]:
        """What the dealer may do now."""
        raise NotImplementedError

    def _seat_options(self, seat: int) -> tuple[Option, ...]:
        """What an acting seat may do now."""
        raise NotImplementedError

    def _refusal(self, action: Action) -> IllegalActionError:
        """Why ``action`` has no transition now: not an action at all, a seat that is
        not acting, an action none of its options allows, or not an action of this game
        (raised by the first check that fails)."""
        if not isinstance(action, Action):
            return IllegalActionError(f"not an action: {action!r}")
        self._admit(action)
        return IllegalActionError(f"{action!r} is not an action of this game")

    def _not_acting(self, action: Action, actors: tuple[int, ...]) -> IllegalActionError:
        """The error for an action by a seat not among ``actors`` (the default: an
        :class:`~pokerroom.errors.OutOfTurnError` naming who acts)."""
        acting = ", ".join("the dealer" if a < 0 else f"seat {a + 1}" for a in actors)
        return OutOfTurnError(f"seat {action.seat + 1} cannot act now (acting: "
                              f"{acting or 'nobody'})")

    def _not_allowed(self, action: Action, options: tuple[Option, ...]) -> IllegalActionError:
        """The error for an acting seat's action that none of its ``options`` allows
        (the default: an :class:`~pokerroom.errors.IllegalActionError` listing them)."""
        return IllegalActionError(f"{action!r} is not allowed now; allowed: "
                                  f"{', '.join(map(repr, options))}")

    # ------------------------------------------------------------------ shared steps

    def _admit(self, action: Action) -> tuple[Option, ...]:
        """The acting seat's options, one of which allows ``action``; raises the error
        of :meth:`_not_acting` or :meth:`_not_allowed` otherwise."""
        actors = self.actors
        seat = action.seat
        if seat not in actors:
            raise self._not_acting(action, actors)
        options = self._dealer_options() if seat < 0 else self._seat_options(seat)
        for option in options:
            if option.allows(action):
                return options
        raise self._not_allowed(action, options)

    def _open_with(self, moves: Iterable[tuple[Account, Account, int, str]]) -> None:
        """Record what the hand starts with, moved before it began, as the first of
        :attr:`chips`' transfers (each ``(source, target, amount, reason)``): a pot
        carried in from the last deal, antes its table took."""
        for source, target, amount, reason in moves:
            self.chips.transfer(source, target, amount, reason)
        self.opening = len(self.chips)

    # ------------------------------------------------------------------ dealing

    def _stock(self, cards: Iterable[Card], rng: RandomSource | None, *,
               lazy: bool = False) -> None:
        """Load the stub every card of the hand is dealt from. By default it is dealt
        from the top in the order given (a deck shuffled before the hand, or stacked);
        a ``lazy`` stub is dealt by drawing each card uniformly, with ``rng``, from the
        cards still in it, the last card taking its place: the order of a full shuffle,
        without shuffling the cards nobody is dealt. ``rng`` also mixes cards put back
        (:meth:`_put_back`)."""
        self.deck = list(cards)
        self.rng = rng
        self.lazy = lazy
        self._random = rng.random if lazy and rng is not None else None
        self._random_of = id(rng)

    def _draw_cards(self, k: int) -> tuple[Card, ...]:
        """The next ``k`` cards of the shuffle, off the stub; raises
        :class:`~pokerroom.errors.DeckExhaustedError` (dealing nothing) when fewer are
        left."""
        deck = self.deck
        size = len(deck)
        if k > size:
            raise DeckExhaustedError(k, size)
        if not self.lazy:
            dealt = tuple(deck[:k])
            del deck[:k]
            return dealt
        random_ = self._random
        rng = self.rng
        if random_ is None or id(rng) != self._random_of:
            random_ = self._random = rng.random  # type: ignore[union-attr]
            self._random_of = id(rng)
        cards = []
        for _ in range(k):
            # a float, typed: compiled, the product and int() are C arithmetic (the same
            # numbers as Python's)
            drawn: float = random_()
            j = int(drawn * size)
            size -= 1
            card = deck.pop()
            if j < size:
                card, deck[j] = deck[j], card
            cards.append(card)
        return tuple(cards)

    def _deal_card(self, named: Card | None = None) -> Card:
        """The dealer's next card: the next of the shuffle, or ``named`` from wherever
        it is in the stub (a person dealing real cards names each); a named card the
        stub does not hold is refused with
        :class:`~pokerroom.errors.IllegalActionError`, the stub unchanged."""
        if named is None:
            return self._draw_cards(1)[0]
        try:
            self.deck.remove(named)
        except ValueError:
            raise IllegalActionError(f"{named!r} is not in the deck") from None
        return named

    def _put_back(self, cards: Iterable[Card]) -> None:
        """Put ``cards`` under the stub and mix the whole stub with the hand's shuffle
        (discards shuffled into an empty deck, burns scrambled with the last card)."""
        self.deck.extend(cards)
        if self.rng is not None:
            self.rng.shuffle(self.deck)

    def _record(self, event: Event) -> Event:
        """Append ``event`` to the log and return it."""
        self.log.append(event)
        return event

    def _next_stage(self) -> None:
        """Start the next of the game's steps: the first word of ``_steps``, taken off it,
        by the function ``STAGES`` gives it."""
        type(self).STAGES[self._steps.pop(0)](self)

    def _start_simultaneous(self, phase: str, seats: Sequence[int]) -> None:
        """Open a step that ``seats`` take at once; their choices stay hidden."""
        self.phase = phase
        self._waiting = set(seats)
        self._choices = {}
        self._actors_seen = None

    def _choose(self, seat: int, choice: object) -> bool:
        """Record ``seat``'s hidden choice; True once every waiting seat has chosen (the
        choices are then in ``_choices`` until the game reveals them)."""
        self._choices[seat] = choice
        self._waiting.discard(seat)
        self._actors_seen = None
        return not self._waiting


def admitting(handler: StepHandler) -> Handler:
    """``handler`` behind the kernel's admission: the action is checked against the
    acting seat's options first, and ``actors`` is worked out again afterwards."""

    def admitted(machine: Kernel, action: Action) -> Event:
        options = machine._admit(action)
        try:
            return handler(machine, action, options)
        finally:
            machine._actors_seen = None

    return admitted


def table_of(transitions: Mapping[tuple[str, type[Action]], StepHandler]) -> TransitionTable:
    """``transitions`` as a table by phase, each handler behind :func:`admitting`.

    >>> from pokerroom.core import Fold
    >>> table = table_of({("bet", Fold): lambda machine, action, options: None})
    >>> list(table), list(table["bet"])
    (['bet'], [<class 'pokerroom.moves.Fold'>])
    """
    table: dict[str, dict[type, Handler]] = {}
    for (phase, kind), handler in transitions.items():
        table.setdefault(phase, {})[kind] = admitting(handler)
    return table
