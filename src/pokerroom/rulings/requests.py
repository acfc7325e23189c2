"""Requests a player makes of the floor: changing the number of cards to draw
(``lowball-12a``, ``lowball-12b``) and retrieving a discarded hand to prove openers
(``jacks-7``, a house option).

A change of draw is allowed while no card has been dealt off the deck in response to the
first request (the burn included) and no player has acted on the count asked for: then
the first request is taken back and the new one stands. Otherwise the first draw stands.

>>> print(OpenersRetrieval().announce())
An opener may retrieve a discarded hand to prove openers.
>>> print(OpenersRetrieval(allowed=False).announce())
An opener may not retrieve a discarded hand: openers are proved only with the hand held.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import Card, format_cards
from pokerroom.core import Draw
from pokerroom.engine import BurnCard, CardsDealt, CardsDiscarded, DealCards
from pokerroom.engine.dealing import holds_openers
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.rulings.fixes import Fix
from pokerroom.rulings.live import HANDLERS, LiveHand
from pokerroom.rulings.reports import SeatIrregularity
from pokerroom.rulings.ruling import Ruling

__all__ = ["ChangeDraw", "OpenersRetrieval", "RetrieveOpeners"]


@dataclass(frozen=True, slots=True)
class ChangeDraw(SeatIrregularity):
    """``seat`` asks to change the draw it asked for: it now discards ``discards``."""

    discards: tuple[Card, ...] = ()

    def describe(self) -> str:
        return (f"seat {self.seat} asks to change the draw to {len(self.discards)} "
                f"card{'s' if len(self.discards) != 1 else ''}")

    _hidden = ("discards",)


@dataclass(frozen=True, slots=True)
class OpenersRetrieval:
    """The house's choice for ``jacks-7``: whether an opener may retrieve a discarded hand
    to prove openers. The rulebook leaves it to management; the default allows it, since
    the hand is known exactly from the hand's record."""

    allowed: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.allowed, bool):
            raise ConfigError("retrieving a discarded hand is a yes/no setting")

    def announce(self) -> str:
        """The house rule in words."""
        if self.allowed:
            return "An opener may retrieve a discarded hand to prove openers."
        return ("An opener may not retrieve a discarded hand: openers are proved only "
                "with the hand held.")


@dataclass(frozen=True, slots=True)
class RetrieveOpeners(SeatIrregularity):
    """The opener, whose hand is in the discards, asks to retrieve it to prove openers
    (``jacks-7``), under the house's ``policy``."""

    policy: OpenersRetrieval = OpenersRetrieval()

    _words = "seat {seat} asks to retrieve the discarded hand to prove openers"


# --------------------------------------------------------------------------- lowball-12


def _last_draw(live: LiveHand, seat: int) -> tuple[int, Draw]:
    for i, step in reversed(list(enumerate(live.steps))):
        if isinstance(step, Draw) and step.seat == seat:
            return i, step
    raise IllegalActionError(f"seat {seat} has not asked for cards in this draw")


def _change_draw(live: LiveHand, report: ChangeDraw) -> Ruling:
    hand = live.hand
    seat = report.seat
    if not any(street.draw for street in hand.variant.streets):
        raise IllegalActionError(f"{hand.variant.title} has no draw")
    index, old = _last_draw(live, seat)
    later = live.steps[index + 1:]
    if live.group or any(isinstance(s, DealCards | BurnCard) for s in later):
        return Ruling("lowball-12a", f"Seat {seat} may not change the draw: a card has "
                      "already been dealt for it (the burn card counts); the draw stands")
    if any(not isinstance(s, Fix) for s in later):
        return Ruling("lowball-12b", f"Seat {seat} may not change the draw: another "
                      "player has already acted on the number of cards asked for; the "
                      "draw stands")
    del live.steps[index:]
    live.deal_queue, live.group = [], []
    live.rebuild()
    live._engine(Draw(seat, report.discards, old.split_openers))
    live._plan_group()
    before, now = len(old.discards), len(report.discards)
    return Ruling("lowball-12a", f"Seat {seat} changes the draw from {before} to {now}: "
                  "no card has been dealt for it and nobody has acted on it",
                  also=("lowball-12b",))


# --------------------------------------------------------------------------- jacks-7


def opening_hand(live: LiveHand, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` held before the draw, from the hand's record."""
    held: list[Card] = []
    for event in live.hand.events:
        if isinstance(event, CardsDiscarded):
            break
        if isinstance(event, CardsDealt) and event.to == seat:
            held.extend(event.cards)
    return tuple(held)


def _retrieve(live: LiveHand, report: RetrieveOpeners) -> Ruling:
    hand = live.hand
    seat = report.seat
    if not hand.variant.openers_required or hand.opener_seat != seat:
        raise IllegalActionError(f"seat {seat} did not open the pot (after false openers, "
                                 "the player who declared it open is the opener)")
    if seat in live.note.get("ruled false", ()):
        raise IllegalActionError(f"seat {seat}'s hand was ruled false openers and is dead: "
                                 "there is nothing to prove")
    if not hand.folded[seat] and hand.hole[seat]:
        raise IllegalActionError(f"seat {seat} still holds a hand: show it to prove "
                                 "openers")
    if not report.policy.allowed:
        return Ruling("jacks-7", f"Management does not allow seat {seat} to retrieve the "
                      "discarded hand: openers are not proved")
    cards = opening_hand(live, seat)
    retrieved = f"Seat {seat} retrieves the discarded hand {format_cards(cards)}: "
    if holds_openers(list(cards)):
        return Ruling("jacks-7", retrieved + "openers are proved")
    return Ruling("jacks-7", retrieved + "it does not hold openers (false openers)")


HANDLERS[(ChangeDraw, "*")] = _change_draw
HANDLERS[(RetrieveOpeners, "*")] = _retrieve
