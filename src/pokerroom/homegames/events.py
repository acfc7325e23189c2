"""Events, dealer actions and views shared by the declare games (Guts, Herbie).

A card dealt to a seat is private to it; a card dealt to the phantom hand (the ghost,
Herbie) is private to no seat until it is shown. A simultaneous choice is logged first as
:class:`Decided`, which says only that a seat has chosen, and the choices are revealed
together in one event when the last one is in.

>>> from pokerroom.cards import card
>>> event = CardDealt(to=2, card=card("As"), private_to=frozenset({2}))
>>> event.for_seat(2).card, event.for_seat(3).card
(As, ??)
>>> passes = PassesRevealed(passes=((0, 1, card("Kd")), (1, 0, card("3c"))),
...                         private_to=frozenset())
>>> passes.for_seat(0).passes == passes.passes, passes.for_seat(5).passes
(True, ((0, 1, ??), (1, 0, ??)))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import DEALER, Action, Event, Option, Seat

__all__ = [
    "PHANTOM",
    "CardDealt",
    "DealStarted",
    "DealerStep",
    "DealerStepOption",
    "Decided",
    "Declared",
    "DeclaresRevealed",
    "Drew",
    "PassesRevealed",
    "ShowdownSettled",
    "Shown",
]

PHANTOM: Final = Seat.PHANTOM
"""The owner of a hand dealt to no one: Guts' ghost, Herbie."""


@dataclass(frozen=True, slots=True)
class DealerStep(Action):
    """The dealer's next step (deal a card, settle a showdown). ``card`` names the card
    to deal instead of the top of the deck, for stacked deals."""

    seat: int = DEALER
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class DealerStepOption(Option):
    """The dealer must take the step described by ``what``."""

    what: str

    def allows(self, action: Action) -> bool:
        return isinstance(action, DealerStep) and action.seat == DEALER


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A deal begins: its number, the dealer's seat, the pot it is played for, and
    whether everyone must stay in (the compulsory round)."""

    deal: int
    dealer: int
    pot: int
    must_stay: bool = False


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """One card to ``to`` (a seat or :data:`PHANTOM`); ``reshuffled`` counts discards
    shuffled into an empty deck first (``supp-herbie-deck-out``)."""

    to: int
    card: Card
    reshuffled: int = 0

    def redacted(self) -> Event:
        # replace(self, card=UNKNOWN), made directly (every card of every deal is
        # redacted for every other reader)
        return CardDealt(self.to, UNKNOWN, self.reshuffled, private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class Decided(Event):
    """``seat`` has made its choice in the simultaneous ``step``; what it chose stays
    hidden until every choice is in."""

    seat: int
    step: str


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A declaration in turn; ``automatic`` for the dealer auto-in rule."""

    seat: int
    stay: bool
    automatic: bool = False


@dataclass(frozen=True, slots=True)
class DeclaresRevealed(Event):
    """Every simultaneous declaration, revealed together: the seats that are in."""

    ins: tuple[int, ...]
    outs: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PassesRevealed(Event):
    """Every pass of a simultaneous passing step as ``(from, to, card)``. A seat sees the
    cards it gave and got; everything else shows as ``??``."""

    passes: tuple[tuple[int, int, Card], ...]

    def for_seat(self, seat: int | None) -> Event:
        return replace(self, passes=tuple(
            (a, b, c if seat in (a, b) else UNKNOWN) for a, b, c in self.passes))

    def redacted(self) -> Event:
        return self.for_seat(None)


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` discarded and drew as many; others see only how many."""

    seat: int
    discarded: tuple[Card, ...]
    received: tuple[Card, ...]
    reshuffled: int = 0

    def redacted(self) -> Event:
        # replace(self, ...), made directly
        return Drew(self.seat, (UNKNOWN,) * len(self.discarded),
                    (UNKNOWN,) * len(self.received), self.reshuffled,
                    private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand turned up at a showdown."""

    owner: int
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True, slots=True)
class ShowdownSettled(Event):
    """A showdown settled: hands shown, chips won from the pot (``payouts``), chips
    paid into it (``payments``, with a reason), seats going to a play-off, and a
    sentence for people."""

    pot: int
    shown: tuple[Shown, ...]
    payouts: tuple[tuple[int, int], ...]
    payments: tuple[tuple[int, int, str], ...]
    playoff: tuple[int, ...]
    summary: str
