"""From a seat's options to its actions, and back: the one way every face that acts (the
terminal's prompt, the learning environments' action blocks, the bots) turns what
``legal_actions(seat)`` offers into a concrete :class:`~pokerroom.moves.Action`.

* :func:`find_option` — the option of a kind among a seat's options; :func:`option_for` — the
  option an action answers to (the way back);
* :func:`sole_action` — the one action of an option that needs nothing but the seat
  (fold, check, call, bring in, complete); :func:`build` — the action of any standard
  option for a chosen size, cards or declaration;
* :class:`WagerRange` — a bet or a raise option read one way: sizes from ``low`` to ``high``,
  or the ``listed`` fixed-limit ones, each the number its action names (a bet's amount,
  a raise's total). :meth:`WagerRange.fit` takes a size wanted (a share of the pot, say) to
  one the option allows; :func:`sized` makes the bet or raise of a size wanted, or the
  stud completion; :func:`pot_share` is the size of a share of the pot;
* :func:`actions_of` — every concrete action an option allows, with the bet sizes a face
  asks for between the least and the most.

>>> options = (FoldOption(), CallOption(2), RaiseOption(min_to=4, max_to=100))
>>> sized(options, 3, bet=30, raise_to=30), sized(options, 3, bet=0, raise_to=500)
(Raise(seat=3, to=30), Raise(seat=3, to=100))
>>> [option_for(action, options) for action in (Raise(3, to=50), Raise(3, to=2))]
[RaiseOption(min_to=4, max_to=100, tos=()), None]
>>> actions_of(options[2], 3, sizes=(10,))
(Raise(seat=3, to=4), Raise(seat=3, to=10), Raise(seat=3, to=100))

Options a family defines for itself (Three Card Poker's wagers, a dealer's step) are
that family's to build; :func:`option_for` maps their actions back all the same, since
every option says which actions it allows.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Sequence
from itertools import combinations
from typing import Final, NamedTuple, TypeVar, overload

from pokerroom.cards import Card
from pokerroom.errors import IllegalActionError
from pokerroom.moves import (
    Action,
    Bet,
    BetOption,
    BringInOption,
    CallOption,
    CheckOption,
    Complete,
    CompleteOption,
    Declare,
    DeclareOption,
    Discard,
    DiscardOption,
    Draw,
    DrawOption,
    FoldOption,
    Option,
    PassCard,
    PassOption,
    Raise,
    RaiseOption,
)

__all__ = [
    "Pick",
    "WagerRange",
    "actions_of",
    "build",
    "find_option",
    "option_for",
    "pot_share",
    "sized",
    "sole_action",
    "wager_in",
]

OptionT = TypeVar("OptionT", bound=Option)

_SOLE: Final = (FoldOption, CheckOption, CallOption, BringInOption, CompleteOption)
"""The options whose one action names nothing but the seat."""


@overload
def find_option(options: Collection[Option], kind: type[OptionT], /) -> OptionT | None: ...
@overload
def find_option(options: Collection[Option], kind: type[Option], /,
                *kinds: type[Option]) -> Option | None: ...
def find_option(options: Collection[Option], kind: type[Option], /,
                *kinds: type[Option]) -> Option | None:
    """The first option of ``kind`` (``None``: there is none); with more kinds, the
    option of the first kind there is one of.

    >>> options = (FoldOption(), CallOption(2))
    >>> find_option(options, CallOption), find_option(options, CheckOption)
    (CallOption(amount=2), None)
    >>> find_option(options, CheckOption, CallOption, FoldOption)
    CallOption(amount=2)
    """
    for wanted in (kind, *kinds):
        for option in options:
            if isinstance(option, wanted):
                return option
    return None


def option_for(action: Action, options: Iterable[Option]) -> Option | None:
    """The first option that allows ``action`` (``None``: no option does, so the hand
    would refuse it).

    >>> option_for(Draw(0, ()), (DrawOption(0, 3),))
    DrawOption(min_cards=0, max_cards=3, may_split_openers=False)
    """
    for option in options:
        if option.allows(action):
            return option
    return None


def sole_action(option: Option, seat: int) -> Action | None:
    """The one action of an option that needs nothing but the seat: fold, check, call,
    bring in or complete (``None`` for any other option).

    >>> sole_action(CallOption(20), 1), sole_action(CompleteOption(to=10), 4)
    (Call(seat=1), Complete(seat=4))
    >>> sole_action(DrawOption(0, 3), 1) is None
    True
    """
    if isinstance(option, _SOLE):
        return option.action_type(seat)
    return None


# --------------------------------------------------------------------------- sizes


class Pick(enum.Enum):
    """Which of an option's listed (fixed-limit) sizes a size wanted stands for."""

    NOT_OVER = "not over"
    """The largest listed size not over the size wanted (the smallest if all are)."""
    SMALLEST = "smallest"
    """The smallest listed size, whatever the size wanted."""


class WagerRange(NamedTuple):
    """A bet or a raise option read one way: any size from ``low`` to ``high``, or only
    the ``listed`` ones (fixed limit), each the number its action names: a bet's amount
    (``raises`` false), a raise's total for the round. (A named tuple: the random
    players of the benchmarks read one per bet, and it is made in a third of the time of
    a frozen dataclass.)

    >>> wager = WagerRange.of(RaiseOption(min_to=4, max_to=100))
    >>> wager.fit(50), wager.fit(500), wager.fit(1), wager.largest
    (50, 100, 4, 100)
    >>> limit = WagerRange.of(BetOption(4, 8, amounts=(4, 8)))
    >>> limit.fit(6), limit.fit(20), limit.fit(20, Pick.SMALLEST), limit.action(2, 8)
    (4, 8, 4, Bet(seat=2, amount=8))
    """

    raises: bool
    low: int
    high: int
    listed: tuple[int, ...] = ()

    @classmethod
    def of(cls, option: Option | None) -> WagerRange | None:
        """The wager of a bet or raise option (``None`` for any other)."""
        if isinstance(option, BetOption):
            return cls(False, option.min_amount, option.max_amount, option.amounts)
        if isinstance(option, RaiseOption):
            return cls(True, option.min_to, option.max_to, option.tos)
        return None

    @property
    def largest(self) -> int:
        """The most the option allows: all in, or the pot in pot limit."""
        return max(self.listed) if self.listed else self.high

    def fit(self, wanted: int, pick: Pick = Pick.NOT_OVER) -> int:
        """The size the option allows for a size ``wanted``: inside ``low`` to ``high``,
        or a listed size chosen by ``pick``."""
        if self.listed:
            if pick is Pick.SMALLEST:
                return min(self.listed)
            fitting = [size for size in sorted(self.listed) if size <= wanted]
            return fitting[-1] if fitting else min(self.listed)
        return max(self.low, min(self.high, wanted))

    def action(self, seat: int, size: int) -> Bet | Raise:
        """The bet of ``size`` chips, or the raise to ``size`` (not checked: see
        :meth:`fit`)."""
        return Raise(seat, size) if self.raises else Bet(seat, size)

    def sizes(self, wanted: Iterable[int] = ()) -> tuple[int, ...]:
        """The sizes to offer, smallest first, each once: every listed size, or the
        least, each size ``wanted`` fitted, and the most.

        >>> WagerRange.of(BetOption(2, 40)).sizes((10, 70))
        (2, 10, 40)
        """
        if self.listed:
            return tuple(sorted(set(self.listed)))
        return tuple(sorted({self.low, self.high, *(self.fit(size) for size in wanted)}))


def wager_in(options: Collection[Option]) -> WagerRange | None:
    """The bet or raise among ``options`` (a bet first), read as a :class:`WagerRange`."""
    return WagerRange.of(find_option(options, BetOption, RaiseOption))


def pot_share(share: float, *, pot: int, to_call: int, bet: int) -> tuple[int, int]:
    """The sizes of a bet or raise of ``share`` of the pot, as ``(bet, raise_to)``: a bet
    of that share of the chips in the middle (bets in front included), or a raise to
    the current bet (the seat's ``bet`` and the ``to_call`` it faces) and that share of
    the pot after calling. Rounded down.

    >>> pot_share(0.5, pot=30, to_call=10, bet=0)    # half the pot
    (15, 30)
    """
    return int(share * pot), bet + to_call + int(share * (pot + to_call))


def sized(options: Sequence[Option], seat: int, *, bet: int, raise_to: int,
          pick: Pick = Pick.NOT_OVER, complete: bool = True) -> Action | None:
    """The bet of about ``bet`` chips or the raise to about ``raise_to`` that the options
    allow (:meth:`WagerRange.fit`); without either, the stud completion (with ``complete``);
    ``None`` when there is none of these.

    >>> sized((CheckOption(), BetOption(4, 4, (4,))), 0, bet=30, raise_to=0)
    Bet(seat=0, amount=4)
    >>> sized((BringInOption(1), CompleteOption(to=5)), 2, bet=30, raise_to=30)
    Complete(seat=2)
    """
    wager = wager_in(options)
    if wager is not None:
        return wager.action(seat, wager.fit(raise_to if wager.raises else bet, pick))
    if complete and find_option(options, CompleteOption) is not None:
        return Complete(seat)
    return None


# --------------------------------------------------------------------------- building


def build(option: Option, seat: int, *, size: int | None = None,
          cards: Sequence[Card] = (), stay: bool = True,
          split_openers: bool = False) -> Action:
    """The action of ``option`` for ``seat`` with what the player chose: the ``size`` of
    a bet or raise (``None``: the least), the ``cards`` of a draw (``split_openers``: the
    opener declares breaking them, ``jacks-9``), a pass (one card) or a discard, or
    whether a declare ``stay``-s in. Whether the option allows it is the option's to say
    (:meth:`~pokerroom.moves.Option.allows`); an option this cannot build for raises
    :class:`~pokerroom.errors.IllegalActionError`.

    >>> from pokerroom.cards import parse_cards
    >>> build(RaiseOption(4, 100), 1, size=60), build(BetOption(2, 40), 1)
    (Raise(seat=1, to=60), Bet(seat=1, amount=2))
    >>> build(DrawOption(0, 3), 0, cards=parse_cards("7c 2d"))
    Draw(seat=0, discards=(7c, 2d), split_openers=False)
    >>> build(DeclareOption(), 2, stay=False)
    Declare(seat=2, stay=False)
    """
    sole = sole_action(option, seat)
    if sole is not None:
        return sole
    wager = WagerRange.of(option)
    if wager is not None:
        return wager.action(seat, wager.low if size is None else size)
    if isinstance(option, DrawOption):
        return Draw(seat, tuple(cards), split_openers)
    if isinstance(option, DeclareOption):
        return Declare(seat, stay)
    if isinstance(option, PassOption):
        if len(cards) != 1:
            raise IllegalActionError(f"a pass is one card, not {len(cards)}")
        return PassCard(seat, cards[0])
    if isinstance(option, DiscardOption):
        return Discard(seat, tuple(cards))
    raise IllegalActionError(f"{type(option).__name__} is not a standard option: its "
                             "family builds its actions")


def actions_of(option: Option, seat: int, hand: Sequence[Card] = (), *,
               sizes: Iterable[int] = ()) -> tuple[Action, ...]:
    """Every concrete action ``option`` allows ``seat``: its one action; a bet or raise
    of each listed size, or of the least, each of ``sizes`` fitted and the most
    (:meth:`WagerRange.sizes`); a draw of each set of ``hand``'s cards it allows (the opener
    of a jacks-or-better pot declaring the split whenever it throws cards, which the
    hand always accepts); in, and out unless it must stay; each card a pass may send;
    each group a discard offers. ``()`` for an option of a family's own.

    >>> from pokerroom.cards import parse_cards
    >>> len(actions_of(DrawOption(0, 3), 0, parse_cards("As Kd 7c 2h 2s")))
    26
    >>> actions_of(DeclareOption(must_stay=True), 1)
    (Declare(seat=1, stay=True),)
    """
    sole = sole_action(option, seat)
    if sole is not None:
        return (sole,)
    wager = WagerRange.of(option)
    if wager is not None:
        return tuple(wager.action(seat, size) for size in wager.sizes(sizes))
    if isinstance(option, DrawOption):
        top = min(option.max_cards, len(hand))
        return tuple(Draw(seat, thrown, option.may_split_openers and count > 0)
                     for count in range(option.min_cards, top + 1)
                     for thrown in combinations(hand, count))
    if isinstance(option, DeclareOption):
        return (Declare(seat, True),) + ((Declare(seat, False),) if not option.must_stay
                                         else ())
    if isinstance(option, PassOption):
        return tuple(PassCard(seat, card) for card in option.cards)
    if isinstance(option, DiscardOption):
        return tuple(Discard(seat, choice) for choice in option.choices)
    return ()
