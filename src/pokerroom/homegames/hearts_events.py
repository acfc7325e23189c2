"""Events and the per-seat view of a Hearts Poker hand (an uncalled bet going back is
the engine's :class:`~pokerroom.engine.events.BetReturned`, as in poker).

Face-down cards are private to their holder: a face-down discard shows as ``??`` to
everyone else.

>>> from pokerroom.cards import parse_cards
>>> event = DiscardsRevealed(kept=((0, "down"), (1, "up")),
...                          discarded=((0, parse_cards("Kh 2c")), (1, parse_cards("7d 8d"))),
...                          private_to=frozenset())
>>> [cards for _, cards in event.for_seat(0).discarded]
[(Kh, 2c), (??, ??)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import Action, Event, Seat
from pokerroom.engine.events import BetReturned
from pokerroom.homegames.events import Shown

__all__ = [
    "BOARD",
    "BetPlaced",
    "BetReturned",
    "DiscardsRevealed",
    "HeartsEnded",
    "HeartsStarted",
    "UpCardsPassed",
]

BOARD: Final = Seat.BOARD
"""The community cards as a recipient of dealt cards."""

@dataclass(frozen=True, slots=True)
class HeartsStarted(Event):
    """A hand begins: the dealer, and each seat's ante (0 for seats sitting out)."""

    hand: int
    dealer: int
    antes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    """A betting action: ``added`` chips put in, ``total`` the seat's bet this round."""

    action: Action
    added: int
    total: int


@dataclass(frozen=True, slots=True)
class UpCardsPassed(Event):
    """The second pass, face-up cards, ``(from, to, card)``: everyone sees it."""

    passes: tuple[tuple[int, int, Card], ...]


@dataclass(frozen=True, slots=True)
class DiscardsRevealed(Event):
    """Every discard, revealed together: which pair each seat kept (``"down"`` or
    ``"up"``) and what it threw. Discarded face-down cards stay hidden from others."""

    kept: tuple[tuple[int, str], ...]
    discarded: tuple[tuple[int, tuple[Card, ...]], ...]

    def for_seat(self, seat: int | None) -> Event:
        kept = dict(self.kept)
        return replace(self, discarded=tuple(
            (s, cards if s == seat or kept[s] == "down" else (UNKNOWN,) * len(cards))
            for s, cards in self.discarded))

    def redacted(self) -> Event:
        return self.for_seat(None)


@dataclass(frozen=True, slots=True)
class HeartsEnded(Event):
    """The hand is over: hands shown, chips awarded, in words."""

    shown: tuple[Shown, ...]
    awards: tuple[tuple[int, int], ...]
    summary: str
