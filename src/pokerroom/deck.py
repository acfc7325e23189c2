"""Decks and reproducible shuffles from an injected random source.

A :class:`Deck` holds the undealt cards in dealing order (the top card first). Shuffling
takes a ``random.Random``-like source: ``random.Random(seed)`` for reproducible play and
tests, ``secrets.SystemRandom()`` (the default) for live play. The same seed always gives
the same dealt order.

>>> import random
>>> deck = Deck.standard(rng=random.Random(7))
>>> len(deck), deck.deal(2) == Deck.standard(rng=random.Random(7)).deal(2)
(52, True)
>>> len(Deck.with_joker())
53
>>> Deck(parse_cards("As Kd")).deal(3)
Traceback (most recent call last):
...
pokerroom.errors.DeckExhaustedError: the deck has 2 card(s) left, 3 wanted
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Protocol

from pokerroom.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from pokerroom.errors import DeckExhaustedError, IllegalActionError, InvalidHandError

__all__ = ["Deck", "RandomSource", "standard_cards", "system_rng"]


class RandomSource(Protocol):
    """What a deck needs of a random source (``random.Random`` and ``SystemRandom`` fit)."""

    def shuffle(self, x: list[Card]) -> None: ...


def system_rng() -> random.Random:
    """A cryptographic random source for live play."""
    return secrets.SystemRandom()


def standard_cards(*, jokers: int = 0) -> tuple[Card, ...]:
    """The 52 standard cards in index order (2c 2d 2h 2s 3c ... As), plus jokers."""
    return STANDARD_CARDS + (JOKER,) * jokers


class Deck:
    """The undealt cards, top first. Shuffled on creation when given a random source."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card] = (), *, rng: RandomSource | None = None) -> None:
        self._cards: list[Card] = list(cards)
        seen = [c for c in self._cards if c.is_standard]
        if len(set(seen)) != len(seen):
            raise InvalidHandError("a deck cannot hold the same card twice")
        if rng is not None:
            rng.shuffle(self._cards)

    @classmethod
    def standard(cls, *, rng: RandomSource | None = None, jokers: int = 0) -> Deck:
        """A 52-card deck (plus jokers), shuffled by ``rng`` (system randomness if None).
        Its cards are distinct by construction, so they are not checked again."""
        deck = cls.__new__(cls)
        deck._cards = list(standard_cards(jokers=jokers))
        (rng if rng is not None else system_rng()).shuffle(deck._cards)
        return deck

    @classmethod
    def with_joker(cls, *, rng: RandomSource | None = None) -> Deck:
        """The 53-card deck of lowball and draw high."""
        return cls.standard(rng=rng, jokers=1)

    @classmethod
    def stacked(cls, cards: str | Sequence[Card]) -> Deck:
        """A deck in exactly the given order (for tests and live-dealt hands).

        >>> Deck.stacked("As Kd").deal(1)
        (As,)
        """
        return cls(parse_cards(cards) if isinstance(cards, str) else cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The undealt cards, top first."""
        return tuple(self._cards)

    def peek(self, n: int = 1) -> tuple[Card, ...]:
        """The top ``n`` cards without dealing them."""
        if n > len(self._cards):
            raise DeckExhaustedError(n, len(self._cards))
        return tuple(self._cards[:n])

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take ``n`` cards off the top; raises :class:`DeckExhaustedError` (dealing
        nothing) when fewer are left."""
        if n < 0:
            raise ValueError("cannot deal a negative number of cards")
        if n > len(self._cards):
            raise DeckExhaustedError(n, len(self._cards))
        dealt = self._cards[:n]
        del self._cards[:n]
        return tuple(dealt)

    def draw(self, named: Card | None = None) -> Card:
        """The dealer's next card: the top one, or ``named`` from wherever it is in the
        deck (a person dealing real cards names each). A named card the deck does not
        hold is refused with :class:`~pokerroom.errors.IllegalActionError`, the deck
        unchanged.

        >>> deck = Deck.stacked("As Kd 7c")
        >>> deck.draw(), deck.draw(parse_cards("7c")[0]), deck.cards
        (As, 7c, (Kd,))
        >>> deck.draw(parse_cards("2c")[0])
        Traceback (most recent call last):
        ...
        pokerroom.errors.IllegalActionError: 2c is not in the deck
        """
        if named is None:
            return self.deal(1)[0]
        if named not in self._cards:
            raise IllegalActionError(f"{named!r} is not in the deck")
        self._cards.remove(named)
        return named

    def remove(self, cards: Iterable[Card]) -> None:
        """Take named cards out of the deck wherever they are (dead or known cards)."""
        wanted = list(cards)
        missing = [c for c in wanted if c not in self._cards]
        if missing:
            raise InvalidHandError(f"not in the deck: {' '.join(map(repr, missing))}")
        for c in wanted:
            self._cards.remove(c)

    def add(self, cards: Iterable[Card], *, rng: RandomSource | None = None) -> None:
        """Put cards back under the deck, then shuffle the whole deck if ``rng`` is given
        (a reshuffle of discards, or of a premature card with the stub)."""
        self._cards.extend(cards)
        if rng is not None:
            rng.shuffle(self._cards)
