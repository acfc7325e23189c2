"""The protocol every game's hand state speaks: actors, legal actions as data, actions,
events, and per-seat views.

Every game in pokerroom (the button, stud and draw games, Guts, Herbie, Hearts Poker and
Three Card Poker) runs as a :class:`HandState`. The terminal, the web room, the bots, the
histories and the conformance tests use only this protocol, so none of them needs a
special case per game.

* ``state.actors`` — who may act now: one seat in a betting round, several at once in a
  simultaneous step (Guts and Herbie declares, Hearts Poker passes), ``(DEALER,)`` when
  the dealer must deal, burn, draw or show down, and ``()`` once the hand is over.
* ``state.legal_actions(seat)`` — what that seat may do, as :class:`Option` data:
  ``RaiseOption(min_to=40, max_to=200)``, not a list of integers.
* ``state.apply(action)`` — validates, raises a typed error changing nothing when the
  action is illegal, otherwise returns the frozen :class:`Event` it appended to the log.
* ``state.view(seat)`` — what that seat may see (``None``: a spectator), hidden cards as
  ``??``: the one :class:`~pokerroom.tableview.View`, whatever the game.
  ``state.events_for(seat)`` is the log as that seat may see it.
* ``state.returns()`` — what each account has won or lost in this hand so far: every
  seat, :attr:`Seat.POT` for chips in the middle (or carried to the next deal) and
  :attr:`Seat.HOUSE` for a house-banked game. The figures always sum to zero: chips
  are conserved by promise of the protocol.

Seats are numbered from 0; the few places a card or a chip can go that are not a seat
are the members of :class:`Seat`:

>>> [int(s) for s in Seat], Seat.DEALER == -1, DEALER is Seat.DEALER
([-1, -2, -3, -4, -5, -6, -7], True, True)
>>> Seat.BOARD, f"{Seat.BOARD}"
(Seat.BOARD, '-2')

Options are data, and each says whether a concrete action fits it:

>>> RaiseOption(min_to=40, max_to=200).allows(Raise(seat=2, to=60))
True
>>> RaiseOption(min_to=40, max_to=200).allows(Raise(seat=2, to=30))
False
>>> Raise(seat=2, to=60)
Raise(seat=2, to=60)
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from pokerroom.cards import Card

if TYPE_CHECKING:
    from pokerroom.tableview import View

__all__ = [
    "DEALER",
    "Action",
    "Bet",
    "BetOption",
    "BringIn",
    "BringInOption",
    "Call",
    "CallOption",
    "Check",
    "CheckOption",
    "Complete",
    "CompleteOption",
    "Declare",
    "DeclareOption",
    "Discard",
    "DiscardOption",
    "Draw",
    "DrawOption",
    "Event",
    "Fold",
    "FoldOption",
    "HandState",
    "Option",
    "PassCard",
    "PassOption",
    "Raise",
    "RaiseOption",
    "Seat",
    "acting_seat",
    "action_words",
    "cut_to_maximum",
    "option_words",
    "wager_size",
    "wager_words",
]

class Seat(enum.IntEnum):
    """Who or what, other than a seat (0, 1, ...), can act, take a card or hold chips.

    The one list of these sentinels for every game: none is ever a seat number.
    """

    DEALER = -1
    """The dealer as an actor: dealing, burning, drawing and showdown are its steps."""
    BOARD = -2
    """The community cards, as the recipient of a deal."""
    PHANTOM = -3
    """The owner of a hand dealt to no one: Guts' ghost hand, Herbie."""
    HOUSE = -4
    """The house's bank in a house-banked game (Three Card Poker), as an account."""
    POT = -5
    """The chips in the middle, and any carried to the next deal, as an account."""
    BURN = -6
    """The burn pile, as the destination of a physical burn card."""
    RESERVE = -7
    """Cards taken out of play and kept in reserve (``stud-14``)."""

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


DEALER: Final = Seat.DEALER
"""The dealer as an actor: dealing, burning, drawing and showdown are the dealer's steps."""


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """Something a seat (or the dealer, ``seat=DEALER``) does. Subclasses add fields."""

    seat: int


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Give up the hand."""


@dataclass(frozen=True, slots=True)
class Check(Action):
    """Pass with no bet to face (also: stand pat in a check-or-bet spot)."""


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Match the current bet (or go all in for less)."""


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """Open the betting for ``amount`` chips this round."""

    amount: int


@dataclass(frozen=True, slots=True)
class Raise(Action):
    """Raise so that this seat's total bet this round is ``to`` chips."""

    to: int


@dataclass(frozen=True, slots=True)
class BringIn(Action):
    """Stud: post the forced bring-in bet."""


@dataclass(frozen=True, slots=True)
class Complete(Action):
    """Stud: complete the bring-in to a full small bet (not a raise, ``stud-3``), or
    open for a full bet instead of the bring-in (``stud-2``)."""


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Discard ``discards`` (none: stand pat) and draw as many replacements. Any
    sequence of cards is kept as a tuple.

    >>> from pokerroom.cards import parse_cards
    >>> Draw(0, list(parse_cards("2c 7d"))).discards
    (2c, 7d)
    """

    discards: tuple[Card, ...] = ()
    split_openers: bool = False

    def __post_init__(self) -> None:
        if type(self.discards) is not tuple:  # a list or another sequence of cards
            object.__setattr__(self, "discards", tuple(self.discards))


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Guts and Herbie: say in (``stay=True``) or out."""

    stay: bool


@dataclass(frozen=True, slots=True)
class PassCard(Action):
    """Pass ``card`` to a neighbour (Hearts Poker passes, Guts pass-left)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Throw ``cards`` away without replacement (Hearts Poker's discard of a pair). Any
    sequence of cards is kept as a tuple."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if type(self.cards) is not tuple:  # a list or another sequence of cards
            object.__setattr__(self, "cards", tuple(self.cards))


# --------------------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class Option:
    """One kind of legal action, as data. ``allows`` says whether an action fits: by
    default, whether it is an ``action_type`` (an option with limits checks them too).

    >>> FoldOption().allows(Fold(seat=1)), FoldOption().allows(Check(seat=1))
    (True, False)
    """

    action_type: ClassVar[type[Action]]
    """The type of action the option is for."""

    def allows(self, action: Action) -> bool:
        return isinstance(action, self.action_type)


@dataclass(frozen=True, slots=True)
class FoldOption(Option):
    action_type = Fold


@dataclass(frozen=True, slots=True)
class CheckOption(Option):
    action_type = Check


@dataclass(frozen=True, slots=True)
class CallOption(Option):
    """Calling costs ``amount`` more chips (less than the bet when going all in)."""

    amount: int
    action_type = Call


def _fits(size: int, low: int, high: int, listed: tuple[int, ...]) -> bool:
    """Whether a wager of ``size`` is one of the ``listed`` sizes (with none listed:
    from ``low`` to ``high``)."""
    return size in listed if listed else low <= size <= high


@dataclass(frozen=True, slots=True)
class BetOption(Option):
    """A bet of ``min_amount`` to ``max_amount`` chips (fixed limit: equal, or the
    listed ``amounts`` where a street allows two sizes, ``stud-4``)."""

    min_amount: int
    max_amount: int
    amounts: tuple[int, ...] = ()
    action_type = Bet

    def allows(self, action: Action) -> bool:
        return isinstance(action, Bet) and _fits(action.amount, self.min_amount,
                                                 self.max_amount, self.amounts)

    def cut(self, amount: int) -> int:
        """The bet a requested ``amount`` stands for: over the top of a range (pot
        limit, no limit) it is cut to ``max_amount`` (SUPPLEMENT §2: an oversize bet is
        cut to the maximum); any other amount comes back as asked, for ``allows`` to
        judge (listed fixed-limit sizes are never cut).

        >>> BetOption(2, 30).cut(100), BetOption(2, 30).cut(10), BetOption(4, 4, (4,)).cut(8)
        (30, 10, 8)
        """
        return amount if self.amounts else min(amount, self.max_amount)


@dataclass(frozen=True, slots=True)
class RaiseOption(Option):
    """A raise to a round total from ``min_to`` to ``max_to`` (or one of ``tos``)."""

    min_to: int
    max_to: int
    tos: tuple[int, ...] = ()
    action_type = Raise

    def allows(self, action: Action) -> bool:
        return isinstance(action, Raise) and _fits(action.to, self.min_to, self.max_to,
                                                   self.tos)

    def cut(self, to: int) -> int:
        """The raise a requested total ``to`` stands for: over the top of a range it is
        cut to ``max_to`` (see :meth:`BetOption.cut`).

        >>> RaiseOption(4, 47).cut(500), RaiseOption(4, 8, (8,)).cut(12)
        (47, 12)
        """
        return to if self.tos else min(to, self.max_to)


@dataclass(frozen=True, slots=True)
class BringInOption(Option):
    """Stud: post the bring-in of ``amount``."""

    amount: int
    action_type = BringIn


@dataclass(frozen=True, slots=True)
class CompleteOption(Option):
    """Stud: complete (or open) to ``to`` chips."""

    to: int
    action_type = Complete


@dataclass(frozen=True, slots=True)
class DrawOption(Option):
    """Discard between ``min_cards`` and ``max_cards`` of your cards and draw as many.
    ``may_split_openers``: you opened jacks or better, and a draw that breaks your
    openers must say so (``Draw(..., split_openers=True)``, ``jacks-9``)."""

    min_cards: int
    max_cards: int
    may_split_openers: bool = False

    def allows(self, action: Action) -> bool:
        return (isinstance(action, Draw)
                and self.min_cards <= len(action.discards) <= self.max_cards)


@dataclass(frozen=True, slots=True)
class DeclareOption(Option):
    """Declare in or out; ``must_stay`` where the rules force everyone in."""

    must_stay: bool = False

    def allows(self, action: Action) -> bool:
        return isinstance(action, Declare) and (action.stay or not self.must_stay)


@dataclass(frozen=True, slots=True)
class PassOption(Option):
    """Pass one of ``cards`` to the seat ``to_seat``."""

    cards: tuple[Card, ...]
    to_seat: int

    def allows(self, action: Action) -> bool:
        return isinstance(action, PassCard) and action.card in self.cards


@dataclass(frozen=True, slots=True)
class DiscardOption(Option):
    """Discard exactly one of the card groups in ``choices``."""

    choices: tuple[tuple[Card, ...], ...]

    def allows(self, action: Action) -> bool:
        return isinstance(action, Discard) and any(
            sorted(action.cards) == sorted(choice) for choice in self.choices)


def acting_seat(actors: Sequence[int], seat: int | None) -> int | None:
    """The seat whose options are asked for: ``seat``, or the single actor when it is
    ``None``; ``None`` when that seat is not acting now (it has no options).

    >>> acting_seat((2,), None), acting_seat((0, 3), 3), acting_seat((0, 3), None)
    (2, 3, None)
    >>> acting_seat((DEALER,), 1) is None
    True
    """
    if seat is None:
        return actors[0] if len(actors) == 1 else None
    return seat if seat in actors else None


def cut_to_maximum(action: Action, options: Sequence[Option]) -> Action:
    """``action`` with an oversize bet or raise cut to the largest amount ``options``
    allow (SUPPLEMENT §2: pot limit, the pot; no limit, the stack); any other action,
    or an amount that is not over the top, comes back unchanged (the same object).

    >>> options = (FoldOption(), CallOption(2), RaiseOption(min_to=4, max_to=7))
    >>> cut_to_maximum(Raise(seat=1, to=50), options)
    Raise(seat=1, to=7)
    >>> cut_to_maximum(Raise(seat=1, to=3), options)
    Raise(seat=1, to=3)
    """
    size = wager_size(action)
    for option in options:
        if isinstance(option, BetOption | RaiseOption) and isinstance(action, option.action_type):
            cut = option.cut(size)
            if cut != size:
                kind = Raise if isinstance(action, Raise) else Bet
                return kind(action.seat, cut)
    return action


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Event:
    """A frozen record appended to a hand's log by every ``apply``.

    ``private_to`` names the seats that may see the event whole (``None``: everyone).
    :meth:`redacted` gives the version another seat sees, hidden cards as ``??``.
    """

    private_to: frozenset[int] | None = field(default=None, kw_only=True)

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` (``None``: a spectator) may see this event whole."""
        return self.private_to is None or (seat is not None and seat in self.private_to)

    def redacted(self) -> Event:
        """The event as a seat outside ``private_to`` sees it. Events with hidden cards
        override this; the default is the event itself."""
        return self

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it."""
        return self if self.visible_to(seat) else self.redacted()


# --------------------------------------------------------------------------- states


class HandState(ABC):
    """One hand (or one deal, or one round) of any game. See the module docstring."""

    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now; ``(DEALER,)`` for a dealer step; ``()`` when over."""

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        """What ``seat`` (default: the single actor) may do now; ``()`` if nothing."""

    @abstractmethod
    def apply(self, action: Action) -> Event:
        """Validate and apply; illegal actions raise and change nothing."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator), as the one table view. Never
        another seat's hidden cards."""

    @property
    @abstractmethod
    def events(self) -> Sequence[Event]:
        """The full log, in order (privileged: contains every card)."""

    @abstractmethod
    def returns(self) -> Mapping[int, int]:
        """What each account has won (positive) or lost (negative) in this hand so far:
        every seat dealt in, :attr:`Seat.POT` for the chips in the middle or carried to
        the next deal (minus any brought in from the last), and :attr:`Seat.HOUSE` for
        the house's bank where the house banks the game. The values sum to zero."""

    @property
    def is_over(self) -> bool:
        """True once nobody, not even the dealer, has anything left to do."""
        return not self.actors

    def events_for(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may see it."""
        return [event.for_seat(seat) for event in self.events]

    def advance(self) -> Event:
        """Apply the dealer's next step from the hand's own shuffle. Only when
        ``actors == (DEALER,)``."""
        raise NotImplementedError

    def cut_oversize(self, action: Action) -> tuple[Action, str]:
        """The action to apply for a requested one, and what to tell the player: an
        oversize bet or raise is cut to the maximum the seat's options allow
        (SUPPLEMENT §2, ``supp-nlpl``: pot limit, the pot; no limit, all in), with the
        words saying so; anything else comes back as it is, with ``""``. :meth:`apply`
        stays strict: it refuses an oversize bet, so a face (a prompt, a server)
        calls this first."""
        cut = cut_to_maximum(action, self.legal_actions(action.seat))
        if cut is action:
            return action, ""
        return cut, f"{wager_words(action)} is over the maximum: cut to {wager_size(cut)}"


def wager_size(action: Action) -> int:
    """The number a bet or raise names: a bet's amount, a raise's total."""
    return action.to if isinstance(action, Raise) else getattr(action, "amount", 0)


def _span(low: int, high: int, listed: tuple[int, ...]) -> str:
    if listed:
        return " or ".join(map(str, listed))
    return str(low) if low == high else f"{low} to {high}"


def action_words(action: Action) -> str:
    """What ``action`` does, in the words of the table (no seat).

    >>> action_words(Raise(seat=2, to=3)), action_words(Draw(0, ())), action_words(Fold(1))
    ('raise to 3', 'stand pat', 'fold')
    """
    if isinstance(action, Bet):
        return f"bet {action.amount}"
    if isinstance(action, Raise):
        return f"raise to {action.to}"
    if isinstance(action, Draw):
        return f"draw {len(action.discards)}" if action.discards else "stand pat"
    if isinstance(action, Declare):
        return "declare in" if action.stay else "declare out"
    if isinstance(action, PassCard):
        return f"pass {action.card!r}"
    if isinstance(action, Discard):
        return "discard " + " ".join(map(repr, action.cards))
    return {BringIn: "bring in", Complete: "complete"}.get(
        type(action), type(action).__name__.lower())


def option_words(option: Option) -> str:
    """What ``option`` allows, in the words of the table.

    >>> [option_words(o) for o in (FoldOption(), CallOption(amount=2),
    ...                            RaiseOption(min_to=4, max_to=100), DrawOption(0, 3))]
    ['fold', 'call 2', 'raise to 4 to 100', 'draw 0 to 3 cards']
    """
    words = next((say(option) for kind, say in _OPTION_WORDS.items()
                  if isinstance(option, kind)), None)
    return words or type(option).__name__.removesuffix("Option").lower()


_OPTION_WORDS: Final[dict[type[Option], Callable[[Any], str]]] = {
    FoldOption: lambda o: "fold",
    CheckOption: lambda o: "check",
    CallOption: lambda o: f"call {o.amount}",
    BetOption: lambda o: f"bet {_span(o.min_amount, o.max_amount, o.amounts)}",
    RaiseOption: lambda o: f"raise to {_span(o.min_to, o.max_to, o.tos)}",
    BringInOption: lambda o: f"bring in {o.amount}",
    CompleteOption: lambda o: f"complete to {o.to}",
    DrawOption: lambda o: f"draw {_span(o.min_cards, o.max_cards, ())} cards",
    DeclareOption: lambda o: "declare in" if o.must_stay else "declare in or out",
    PassOption: lambda o: "pass " + " or ".join(map(repr, o.cards)),
    DiscardOption: lambda o: "discard " + " or ".join(" ".join(map(repr, c))
                                                      for c in o.choices),
}
"""Each standard option in the words of the table (:func:`option_words`)."""


def wager_words(action: Action) -> str:
    """A bet or raise in words: ``"a bet of 30"``, ``"a raise to 60"``."""
    if isinstance(action, Raise):
        return f"a raise to {action.to}"
    return f"a bet of {wager_size(action)}"
