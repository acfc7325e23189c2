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

from dataclasses import dataclass, field

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import DEALER, Action, Draw, Event

__all__ = [
    "BOARD",
    "Award",
    "BetReturned",
    "BurnCard",
    "CardBurned",
    "CardsDealt",
    "CardsDiscarded",
    "DealCards",
    "ForcedBet",
    "HandEnded",
    "HandStarted",
    "PlayerActed",
    "Showdown",
    "ShownHand",
    "StreetEnded",
]

BOARD = -2
"""The target of a board (community) card deal."""


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


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """Cards dealt to a seat (``to``) or the board (``BOARD``); ``action`` is the dealer
    step that dealt them."""

    to: int
    cards: tuple[Card, ...]
    face_up: tuple[bool, ...]

    @property
    def action(self) -> DealCards:
        """The dealer's action (replaying it deals the same cards)."""
        return DealCards(self.to, self.cards, self.face_up)

    def redacted(self) -> CardsDealt:
        cards = tuple(c if up else UNKNOWN for c, up in zip(self.cards, self.face_up,
                                                               strict=True))
        return CardsDealt(self.to, cards, self.face_up, private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """A burn card (nobody sees it)."""

    card: Card

    @property
    def action(self) -> BurnCard:
        """The dealer's action."""
        return BurnCard(self.card)

    def redacted(self) -> CardBurned:
        return CardBurned(UNKNOWN, private_to=self.private_to)


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
class HandEnded(Event):
    """The showdown (or the last fold): hands shown, pots awarded, final stacks.
    ``carried`` is a pot left for the next deal (an unopened jacks-or-better deal)."""

    action: Showdown
    shown: tuple[ShownHand, ...]
    awards: tuple[Award, ...]
    stacks: tuple[int, ...]
    carried: int = 0
    notes: tuple[str, ...] = ()
