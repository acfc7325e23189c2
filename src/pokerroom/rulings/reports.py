"""Irregularities as typed reports: what went wrong at the table, in facts the dealer
or a player can state. :meth:`LiveHand.report <pokerroom.rulings.live.LiveHand.report>`
turns a report into a :class:`~pokerroom.rulings.ruling.Ruling` and applies it.

>>> from pokerroom.cards import card
>>> ExposedCard(seat=3, card=card("Kd")).describe()
'seat 3: Kd exposed by the dealer'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from pokerroom.cards import Card, format_cards
from pokerroom.core import Action

__all__ = [
    "BurnMistake",
    "ButtonOutOfPosition",
    "CardOffTable",
    "CardsToEmptySeat",
    "ExposedCard",
    "ExtraCards",
    "FalseAllInOpeners",
    "FalseOpeners",
    "FirstCardWrongSeat",
    "HandCardCount",
    "Irregularity",
    "Miscall",
    "MuckedBoardPlay",
    "OutOfSequence",
    "PairNotAnnounced",
    "PlayerAbsent",
    "PlayerDealtOut",
    "PrematureBoardCards",
    "PrematureStudCards",
    "SeatIrregularity",
    "ShortHand",
    "TooManyBoardCards",
    "UpcardsPickedUp",
    "WrongBringIn",
]


@dataclass(frozen=True, slots=True)
class Irregularity:
    """Base of every report; ``_words`` is the report in words, with ``{field}``
    standing for each field's value (``{field!r}`` for its ``repr``; a tuple of cards
    reads as the cards); ``_hidden`` names the fields of cards nobody has seen."""

    _words: ClassVar[str]
    _hidden: ClassVar[tuple[str, ...]] = ()

    def describe(self) -> str:
        """The report in words."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return self._words.format_map(
            {name: format_cards(v) if isinstance(v, tuple) else v for name, v in values.items()})

    def hidden(self) -> tuple[Card, ...]:
        """Cards named in the report that nobody at the table has seen."""
        values = [getattr(self, name) for name in self._hidden]
        return tuple(c for v in values for c in (v if isinstance(v, tuple) else (v,))
                     if c is not None)

    def seats(self) -> tuple[int, ...]:
        """Every seat the report names; each must be a seat at the table."""
        return ()


@dataclass(frozen=True, slots=True)
class SeatIrregularity(Irregularity):
    """A report about the player in ``seat``."""

    seat: int

    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class ExposedCard(SeatIrregularity):
    """A card dealt to ``seat`` was exposed (dealt face up or flashed) by the dealer."""

    card: Card

    _words = "seat {seat}: {card!r} exposed by the dealer"


@dataclass(frozen=True, slots=True)
class CardOffTable(SeatIrregularity):
    """A card meant for ``seat`` was dealt off the table (``stud-11``)."""

    card: Card

    _words = "seat {seat}: {card!r} dealt off the table"


@dataclass(frozen=True, slots=True)
class ExtraCards(SeatIrregularity):
    """``seat`` was dealt ``cards`` beyond a full starting hand."""

    cards: tuple[Card, ...]

    _words = "seat {seat}: extra card(s) {cards}"
    _hidden = ("cards",)


@dataclass(frozen=True, slots=True)
class TooManyBoardCards(Irregularity):
    """The flop was turned with ``cards`` (too many, ``holdem-2``)."""

    cards: tuple[Card, ...]

    def describe(self) -> str:
        return f"the flop was turned with {len(self.cards)} cards: {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class PrematureBoardCards(Irregularity):
    """Board ``cards`` were turned (after ``burn``, if the dealer burned) before the
    betting round was complete."""

    cards: tuple[Card, ...]
    burn: Card | None = None

    _words = "board card(s) {cards} turned before the betting closed"
    _hidden = ("burn",)


@dataclass(frozen=True, slots=True)
class ShortHand(SeatIrregularity):
    """``seat`` holds ``missing`` fewer cards than it was recorded with: the last
    ``missing`` cards recorded for it were never really dealt and stay in the stub."""

    missing: int = 1

    _words = "seat {seat} is {missing} card(s) short"


@dataclass(frozen=True, slots=True)
class ButtonOutOfPosition(Irregularity):
    """The button was on the wrong seat; it belonged on ``correct``."""

    correct: int

    _words = "the button was out of position (it belongs on seat {correct})"

    def seats(self) -> tuple[int, ...]:
        return (self.correct,)


@dataclass(frozen=True, slots=True)
class FirstCardWrongSeat(Irregularity):
    """The first card of the deal went to the wrong seat."""

    _words = "the first card was dealt to the wrong seat"


@dataclass(frozen=True, slots=True)
class OutOfSequence(Irregularity):
    """Cards were dealt out of the proper sequence."""

    _words = "cards were dealt out of sequence"


@dataclass(frozen=True, slots=True)
class CardsToEmptySeat(SeatIrregularity):
    """``cards`` were dealt to ``seat``, which is empty or not entitled to a hand."""

    cards: tuple[Card, ...]

    _words = "card(s) {cards} dealt to seat {seat}, not in the hand"
    _hidden = ("cards",)


@dataclass(frozen=True, slots=True)
class PlayerDealtOut(SeatIrregularity):
    """``seat`` is entitled to a hand (present, or blind or ante posted) and was
    dealt out."""

    _words = "seat {seat} was entitled to a hand and dealt out"


@dataclass(frozen=True, slots=True)
class PlayerAbsent(SeatIrregularity):
    """``seat`` is away from the table when it is their turn (``stud-6``)."""

    _words = "seat {seat} is not at the table"


@dataclass(frozen=True, slots=True)
class UpcardsPickedUp(SeatIrregularity):
    """``seat`` picked up their upcards (``stud-10``)."""

    _words = "seat {seat} picked up their upcards"


@dataclass(frozen=True, slots=True)
class BurnMistake(Irregularity):
    """Stud: the dealer burned ``burns`` cards (0 or 2) for this round (``stud-13``).
    With two, ``card`` is the second burn; with none, ``card`` is the card dealt where
    the burn belonged. ``seen``: the card is the final downcard and its player looked at
    it or mixed it with their hole cards."""

    burns: int
    card: Card
    seen: bool = False

    _words = "the dealer burned {burns} card(s) this round"
    _hidden = ("card",)


@dataclass(frozen=True, slots=True)
class PrematureStudCards(Irregularity):
    """Stud: ``cards`` were dealt (in order, to the seats next due) before the betting
    round was complete (``stud-14``); ``seen``: the first of them is a final downcard
    its player looked at."""

    cards: tuple[Card, ...]
    seen: bool = False

    _words = "card(s) {cards} dealt before the betting was complete"
    _hidden = ("cards",)


@dataclass(frozen=True, slots=True)
class HandCardCount(SeatIrregularity):
    """At the showdown ``seat`` holds ``count`` cards."""

    count: int

    _words = "seat {seat} holds {count} cards"


@dataclass(frozen=True, slots=True)
class WrongBringIn(SeatIrregularity):
    """Stud: ``seat`` was called low by mistake and brought it in; ``then`` is the next
    player's action after it, if any (``stud-9``)."""

    then: Action | None = None

    _words = "seat {seat} brought it in by mistake"

    def seats(self) -> tuple[int, ...]:
        return (self.seat,) if self.then is None else (self.seat, self.then.seat)


@dataclass(frozen=True, slots=True)
class Miscall(SeatIrregularity):
    """Lowball: ``seat`` called their hand ``called`` (ranks from the top, e.g. "8-6");
    ``fouled`` lists seats that fouled their hands because of the call."""

    called: str
    fouled: tuple[int, ...] = ()

    _words = "seat {seat} called their hand {called!r}"

    def seats(self) -> tuple[int, ...]:
        return (self.seat, *self.fouled)


@dataclass(frozen=True, slots=True)
class PairNotAnnounced(SeatIrregularity):
    """Lowball: ``seat`` spread a paired hand without saying "pair"; ``fouled`` lists
    seats that fouled their hands because of it (``lowball-16``)."""

    fouled: tuple[int, ...] = ()

    _words = "seat {seat} spread a pair without announcing it"

    def seats(self) -> tuple[int, ...]:
        return (self.seat, *self.fouled)


@dataclass(frozen=True, slots=True)
class FalseOpeners(SeatIrregularity):
    """Jacks or better: the opener ``seat`` showed a hand without openers (``jacks-2``)."""

    _words = "seat {seat} opened without openers"


@dataclass(frozen=True, slots=True)
class FalseAllInOpeners(SeatIrregularity):
    """Jacks or better: ``seat``, all in for the ante, declared openers falsely
    (``jacks-5``)."""

    _words = "seat {seat}, all in for the ante, declared openers falsely"


@dataclass(frozen=True, slots=True)
class MuckedBoardPlay(SeatIrregularity):
    """Hold'em: ``seat`` threw their cards away, then claimed to play the board
    (``holdem-6``)."""

    _words = "seat {seat} mucked without declaring a play of the board"
