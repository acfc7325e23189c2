"""The kernel of the games that move in named steps: Guts, Herbie, Hearts Poker and
Three Card Poker.

A :class:`StepMachine` is a :class:`~pokerroom.core.HandState` whose ``phase`` names
the current step. A step belongs to the dealer (``actors == (DEALER,)``), to one seat
(its turn), or to several seats at once (a simultaneous step: declares, passes,
discards, where each choice stays hidden until the last one is in). The machine keeps
the event log, and every :meth:`~StepMachine.apply` goes the same way:

1. it must be an :class:`~pokerroom.core.Action`, else
   :class:`~pokerroom.errors.IllegalActionError`;
2. the seat must be acting now, else :class:`~pokerroom.errors.OutOfTurnError`;
3. one of the seat's options must allow the action, else
   :class:`~pokerroom.errors.IllegalActionError`;
4. the handler that the class's ``TRANSITIONS`` table names for (phase, action type)
   makes the change and returns its event.

Nothing changes before the checks pass, so an illegal action leaves the hand as it was.

``actors`` is worked out once per change (read on every call, it is asked for by every
``apply``, ``advance`` and ``legal_actions``): the answer is kept until the phase
changes, an event is recorded, a simultaneous step opens or takes a choice, or a
handler returns. A game's state changes only through those, its handlers.

A game supplies the table, its dealer, turn and simultaneous phases, each seat's options
and the dealer's action (:meth:`~StepMachine.dealer_action`); it may give the refusals
of checks 2 and 3 its own error types and words (:meth:`~StepMachine._not_acting`,
:meth:`~StepMachine._not_allowed`).

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
>>> class Echo(StepMachine):
...     def __init__(self) -> None:
...         super().__init__(phase="say")
...         self._start_simultaneous("say", (0, 1))
...     def _simultaneous_phases(self) -> tuple[str, ...]:
...         return ("say",)
...     def _seat_options(self, seat: int) -> tuple[Option, ...]:
...         return (SayOption(),)
...     def _on_say(self, action: Action, options: tuple[Option, ...]) -> Event:
...         if self._choose(action.seat, action):
...             self._phase = "over"
...         return self._record(Event())
...     def view(self, seat): return View(game="echo", seats=(), to_act=self.actors, you=seat)
...     def returns(self): return {0: 0, 1: 0}
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
>>> _ = echo.apply(Say(0, "ho"))
>>> echo.actors, echo.is_over
((), True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from pokerroom.core import DEALER, Action, Event, HandState, Option, acting_seat
from pokerroom.errors import IllegalActionError, OutOfTurnError

__all__ = ["Handler", "StepMachine"]

Handler = Callable[[Any, Any, tuple[Option, ...]], Event]
"""A transition: ``handler(machine, action, options)``, called once the action is known
to be legal (``options``: the acting seat's options it was checked against)."""

OVER = "over"
"""The phase of a finished hand."""


class StepMachine(HandState):
    """A hand that moves in named steps. See the module docstring."""

    TRANSITIONS: ClassVar[Mapping[tuple[str, type[Action]], Handler]] = {}
    """(phase, action type) → the handler that applies such an action in that phase."""

    NO_DEALER_STEP: ClassVar[str] = "it is not the dealer's turn"
    """The message of the :class:`~pokerroom.errors.OutOfTurnError` that :meth:`advance`
    raises when the dealer has nothing to do."""

    def __init__(self, *, phase: str) -> None:
        self._events: list[Event] = []
        self._phase = phase
        self._waiting: set[int] = set()
        self._choices: dict[int, Any] = {}
        self._actors_seen: tuple[str, int, tuple[int, ...]] | None = None
        """``actors`` as last worked out, with the phase and the number of events then."""

    # ------------------------------------------------------------------ the protocol

    @property
    def events(self) -> Sequence[Event]:
        return tuple(self._events)

    @property
    def phase(self) -> str:
        """The current step (``over`` once the hand is finished)."""
        return self._phase

    @property
    def actors(self) -> tuple[int, ...]:
        seen = self._actors_seen
        if seen is not None and seen[0] == self._phase and seen[1] == len(self._events):
            return seen[2]
        actors = self._find_actors()
        self._actors_seen = (self._phase, len(self._events), actors)
        return actors

    def _find_actors(self) -> tuple[int, ...]:
        phase = self._phase
        if phase == OVER:
            return ()
        if phase in self._dealer_phases():
            return (DEALER,)
        if phase in self._simultaneous_phases():
            return tuple(sorted(self._waiting))
        return (self._turn(),)

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        seat = acting_seat(self.actors, seat)
        if seat is None:
            return ()
        return self._dealer_options() if seat == DEALER else self._seat_options(seat)

    def apply(self, action: Action) -> Event:
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}")
        actors = self.actors
        if action.seat not in actors:
            raise self._not_acting(action, actors)
        seat = action.seat  # acting, so its options are asked for directly
        options = self._dealer_options() if seat == DEALER else self._seat_options(seat)
        for option in options:
            if option.allows(action):
                break
        else:
            raise self._not_allowed(action, options)
        handler = self.TRANSITIONS.get((self._phase, type(action)))
        if handler is None:
            raise IllegalActionError(f"{action!r} is not an action of this game")
        try:
            return handler(self, action, options)
        finally:
            self._actors_seen = None

    def advance(self) -> Event:
        if self.actors != (DEALER,):
            raise OutOfTurnError(self.NO_DEALER_STEP)
        return self.apply(self.dealer_action())

    # ------------------------------------------------------------------ the game's part

    def dealer_action(self) -> Action:
        """The dealer's next step, taken from the hand's own deck."""
        raise NotImplementedError

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

    def _not_acting(self, action: Action, actors: tuple[int, ...]) -> IllegalActionError:
        """The error :meth:`apply` raises for an action by a seat not among ``actors``
        (the default: an :class:`~pokerroom.errors.OutOfTurnError` naming who acts)."""
        acting = ", ".join("the dealer" if a < 0 else f"seat {a + 1}" for a in actors)
        return OutOfTurnError(f"seat {action.seat + 1} cannot act now (acting: "
                              f"{acting or 'nobody'})")

    def _not_allowed(self, action: Action, options: tuple[Option, ...]) -> IllegalActionError:
        """The error :meth:`apply` raises for an acting seat's action that none of its
        ``options`` allows (the default: an :class:`~pokerroom.errors.IllegalActionError`
        listing them)."""
        return IllegalActionError(f"{action!r} is not allowed now; allowed: "
                                  f"{', '.join(map(repr, options))}")

    # ------------------------------------------------------------------ shared steps

    def _record(self, event: Event) -> Event:
        """Append ``event`` to the log and return it."""
        self._events.append(event)
        return event

    def _start_simultaneous(self, phase: str, seats: Sequence[int]) -> None:
        """Open a step that ``seats`` take at once; their choices stay hidden."""
        self._phase = phase
        self._waiting = set(seats)
        self._choices = {}
        self._actors_seen = None

    def _choose(self, seat: int, choice: object) -> bool:
        """Record ``seat``'s hidden choice; True once every waiting seat has chosen (the
        choices are then in :attr:`_choices` until the game reveals them)."""
        self._choices[seat] = choice
        self._waiting.discard(seat)
        self._actors_seen = None
        return not self._waiting
