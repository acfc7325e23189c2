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
([-1, -2, -3, -4, -5, -6, -7, -8], True, True)
>>> Seat.BOARD, f"{Seat.BOARD}"
(Seat.BOARD, '-2')

The actions and the options, data that each says whether a concrete action fits it,
are :mod:`pokerroom.moves`' (and answer to their names here too):

>>> RaiseOption(min_to=40, max_to=200).allows(Raise(seat=2, to=60))
True
>>> RaiseOption(min_to=40, max_to=200).allows(Raise(seat=2, to=30))
False
>>> Raise(seat=2, to=60)
Raise(seat=2, to=60)
"""

from __future__ import annotations

import enum
from _abc import _abc_init  # type: ignore[import-not-found]  # ABCMeta's own set-up
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from pokerroom.moves import (
    Action,
    Bet,
    BetOption,
    BringIn,
    BringInOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    Declare,
    DeclareOption,
    Discard,
    DiscardOption,
    Draw,
    DrawOption,
    Fold,
    FoldOption,
    Option,
    PassCard,
    PassOption,
    Raise,
    RaiseOption,
    acting_seat,
    action_words,
    cut_to_maximum,
    option_words,
    wager_size,
    wager_words,
)
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
    SECOND_BOARD = -8
    """The second board of a hand run twice, as the recipient of a deal."""

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


DEALER: Final = Seat.DEALER
"""The dealer as an actor: dealing, burning, drawing and showdown are the dealer's steps."""


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

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Give every subclass its own record of ``isinstance`` answers.

        ``ABCMeta`` keeps, for each class, the classes it has found to be (or not be)
        its subclasses. mypyc builds the compiled hand machine's classes (``Kernel``,
        ``PokerHand`` and the mixins between them) without calling ``ABCMeta``, so they
        had no record of their own and all shared this class's: once
        ``isinstance(guts_deal, PokerHand)`` had answered no, ``isinstance(guts_deal,
        Kernel)`` answered no too, and a Herbie deal taken for a kernel was then taken
        for a ``PokerHand``. The record is made here, which mypyc does call.

        >>> from pokerroom.engine.kernel import Kernel
        >>> from pokerroom.engine.state import PokerHand
        >>> "_abc_impl" in vars(Kernel) and "_abc_impl" in vars(PokerHand)
        True
        """
        super().__init_subclass__(**kwargs)
        if "_abc_impl" not in vars(cls):
            _abc_init(cls)

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
