"""The dealer's actions and the frozen events a poker hand's log is made of.

Dealing, burning and the showdown are actions of the dealer (``seat=DEALER``) that carry
the cards they use, so a hand dealt from the engine's own shuffle, a stacked test deck
and a hand dealt by a person with real cards all go through the same steps.

Every event that holds hidden cards names the seats that may see it (``private_to``)
and redacts itself for everyone else:

>>> from pokerroom.cards import parse_cards
>>> event = CardsDealt(2, parse_cards("As Kd 7c"), (False, False, True),
...                    private_to=frozenset({2}))
>>> event.redacted().action.cards
(??, ??, 7c)
>>> event.for_seat(2).action.cards
(As, Kd, 7c)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import DEALER, Action, Draw, Event, Seat

__all__ = [
    "BOARD",
    "Award",
    "BetReturned",
    "BurnCard",
    "CardBurned",
    "CardsDealt",
    "CardsDiscarded",
    "DealCards",
    "FalseDeclaration",
    "ForcedBet",
    "HandEnded",
    "HandStarted",
    "OpenerDeclared",
    "PlayerActed",
    "Showdown",
    "ShownHand",
    "SplitDiscards",
    "StreetEnded",
    "settable",
    "slot_setters",
]

BOARD: Final = Seat.BOARD
"""The target of a board (community) card deal."""

# Events are built on every step of every hand: the hand machine builds its own through
# a settable subclass (:func:`settable`, :mod:`pokerroom.engine.builders`), and the two
# that every redaction makes again (cards dealt, a burn) have hand-written constructors
# that fill their slots through the slot descriptors (the generated frozen constructor
# goes through ``object.__setattr__`` once per field, about twice as slow). They stay
# frozen: assigning a field from outside still raises ``FrozenInstanceError``.


def settable(cls: type) -> type:
    """A subclass of the frozen ``cls`` with no slots of its own, a constructor that
    takes nothing and plain attribute assignment, to build an instance field by field
    at the cost of a slot store; the
    instance is then made a ``cls`` by assigning ``__class__`` (the layouts are the
    same), and is as frozen as any other.

    >>> from pokerroom.core import Check
    >>> event = settable(PlayerActed)()
    >>> event.action, event.added, event.total, event.all_in = Check(0), 0, 0, False
    >>> event.private_to = None
    >>> event.__class__ = PlayerActed
    >>> event == PlayerActed(Check(0))
    True
    """
    return type(f"Settable{cls.__name__}", (cls,), {
        "__slots__": (), "__module__": cls.__module__,
        # all three the object's own: a call makes a blank instance, and the type
        # stores straight into the slots
        "__init__": object.__init__,
        "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})


def slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The slot setters of ``cls`` for ``names`` (looked up along the class's bases)."""
    return tuple(next(vars(k)[name] for k in cls.__mro__ if name in vars(k)).__set__
                 for name in names)


(_PRIVATE_TO,) = slot_setters(Event, "private_to")


# --------------------------------------------------------------------------- dealer actions


@dataclass(frozen=True, slots=True)
class DealCards(Action):
    """The dealer deals ``cards`` to seat ``to`` (or ``BOARD``); ``face_up`` has one flag
    per card (board cards are always face up)."""

    seat: int = field(default=DEALER, kw_only=True)
    to: int = BOARD
    cards: tuple[Card, ...] = ()
    face_up: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class BurnCard(Action):
    """The dealer burns ``card`` (face down, seen by nobody)."""

    seat: int = field(default=DEALER, kw_only=True)
    card: Card = UNKNOWN


@dataclass(frozen=True, slots=True)
class Showdown(Action):
    """The dealer settles the hand: hands are shown (cards speak, ``lowball-15``) and
    every pot is awarded."""

    seat: int = field(default=DEALER, kw_only=True)


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """The hand's first event: the game, the seats' stacks and the button."""

    game: str
    stacks: tuple[int, ...]
    button: int
    dead_money: int = 0
    seated: tuple[bool, ...] = ()
    blind_seats: tuple[int | None, ...] = ()
    posts: tuple[tuple[int, int, bool, str], ...] = ()
    antes: bool = True


@dataclass(frozen=True, slots=True)
class ForcedBet(Event):
    """An ante, blind or kill posted before the deal (``kind`` names it)."""

    seat: int
    kind: str
    amount: int
    live: bool = True


@dataclass(frozen=True, slots=True)
class PlayerActed(Event):
    """A seat's betting action: ``added`` chips went in, making ``total`` this round."""

    action: Action
    added: int = 0
    total: int = 0
    all_in: bool = False


@dataclass(frozen=True, slots=True, init=False)
class CardsDealt(Event):
    """Cards dealt to a seat (``to``) or the board (``BOARD``); ``action`` is the dealer
    step that dealt them."""

    to: int
    cards: tuple[Card, ...]
    face_up: tuple[bool, ...]

    def __init__(self, to: int, cards: tuple[Card, ...], face_up: tuple[bool, ...], *,
                 private_to: frozenset[int] | None = None) -> None:
        _CD_TO(self, to)
        _CD_CARDS(self, cards)
        _CD_FACE_UP(self, face_up)
        _PRIVATE_TO(self, private_to)

    @property
    def action(self) -> DealCards:
        """The dealer's action (replaying it deals the same cards)."""
        return DealCards(self.to, self.cards, self.face_up)

    def redacted(self) -> CardsDealt:
        cards = tuple(c if up else UNKNOWN for c, up in zip(self.cards, self.face_up,
                                                               strict=True))
        return CardsDealt(self.to, cards, self.face_up, private_to=self.private_to)


_CD_TO, _CD_CARDS, _CD_FACE_UP = slot_setters(CardsDealt, "to", "cards", "face_up")


@dataclass(frozen=True, slots=True, init=False)
class CardBurned(Event):
    """A burn card (nobody sees it)."""

    card: Card

    def __init__(self, card: Card, *, private_to: frozenset[int] | None = None) -> None:
        _CB_CARD(self, card)
        _PRIVATE_TO(self, private_to)

    @property
    def action(self) -> BurnCard:
        """The dealer's action."""
        return BurnCard(self.card)

    def redacted(self) -> CardBurned:
        return CardBurned(UNKNOWN, private_to=self.private_to)


(_CB_CARD,) = slot_setters(CardBurned, "card")


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """A seat's draw: the discards (hidden from the others, who see only how many)."""

    action: Draw

    def redacted(self) -> CardsDiscarded:
        a = self.action
        return CardsDiscarded(Draw(a.seat, (UNKNOWN,) * len(a.discards), a.split_openers),
                              private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class BetReturned(Event):
    """The uncalled part of a bet goes back to the bettor."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class OpenerDeclared(Event):
    """Jacks or better: ``seat`` declared the pot open and is the opener from then on,
    who must prove openers to win (``jacks-3``): a player all in for the ante, whose
    turn came while nobody had opened (``jacks-5``), or, at a hand followed at the table
    (``pokerroom.rulings``), a player after false openers (``jacks-2``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class FalseDeclaration(Event):
    """Jacks or better: ``seat``, all in for the ante, declared the pot open without
    openers (``jacks-5``): its hand, ``cards``, is shown to everyone (the proof of the
    ruling) and is dead, its ante stays in the pot, and the player may not play again
    until the pot has been legally opened and won."""

    seat: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class StreetEnded(Event):
    """A betting round (or the draw) is over; ``pot`` is the total in the middle."""

    street: str
    pot: int


@dataclass(frozen=True, slots=True)
class ShownHand:
    """One hand at the showdown: its cards and what it makes (``high``, ``low``: in
    words; ``None`` where the game has no such half or the low does not qualify)."""

    seat: int
    cards: tuple[Card, ...]
    high_key: int | None
    low_key: int | None
    high_text: str | None = None
    low_text: str | None = None

    @property
    def high(self) -> str | None:
        """The high hand in words."""
        if self.high_text is not None or self.high_key is None:
            return self.high_text
        from pokerroom.hands.high import describe_high_key

        return describe_high_key(self.high_key)

    @property
    def low(self) -> str | None:
        """The low hand in words."""
        return self.low_text


@dataclass(frozen=True, slots=True)
class Award:
    """Chips from pot ``pot`` (0: main pot) to ``seat``; ``share`` is ``"high"``,
    ``"low"`` or ``"all"``."""

    seat: int
    amount: int
    pot: int
    share: str


@dataclass(frozen=True, slots=True)
class SplitDiscards:
    """The discards of a hand that split openers, set aside under a chip and exposed by
    the dealer after the hand (``jacks-9``): every reader of the hand sees them.

    >>> from pokerroom.cards import parse_cards
    >>> SplitDiscards(1, parse_cards("Jd 4c"))
    SplitDiscards(seat=1, cards=(Jd, 4c))
    """

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The showdown (or the last fold): hands shown, pots awarded, final stacks.
    ``carried`` is a pot left for the next deal (an unopened jacks-or-better deal);
    ``split_discards`` the discards of each hand that split openers, exposed after the
    hand to everyone (``jacks-9``; a note says so in words too)."""

    action: Showdown
    shown: tuple[ShownHand, ...]
    awards: tuple[Award, ...]
    stacks: tuple[int, ...]
    carried: int = 0
    notes: tuple[str, ...] = ()
    split_discards: tuple[SplitDiscards, ...] = field(default=(), kw_only=True)
