"""What a seat does and what it may do: the protocol's actions (:class:`Action`: a fold,
a raise, a draw, a declare) and the options that allow them (:class:`Option`, data such
as ``RaiseOption(min_to=40, max_to=200)``), with their words. A hand's
``legal_actions(seat)`` answers with options; ``apply`` takes an action
(:mod:`pokerroom.core`, which offers these names too).

>>> RaiseOption(min_to=40, max_to=200).allows(Raise(seat=2, to=60))
True
>>> option_words(RaiseOption(min_to=40, max_to=200)), action_words(Fold(seat=0))
('raise to 40 to 200', 'fold')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from pokerroom.cards import Card

__all__ = [
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
    "Fold",
    "FoldOption",
    "Option",
    "PassCard",
    "PassOption",
    "Raise",
    "RaiseOption",
    "acting_seat",
    "action_words",
    "cut_to_maximum",
    "option_words",
    "wager_size",
    "wager_words",
]


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
    >>> acting_seat((2,), 1) is None       # seat 1 is not acting
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
