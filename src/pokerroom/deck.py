"""Decks and reproducible shuffles from an injected random source.

A :class:`Deck` is the order a hand's cards are dealt in (the top card first): shuffled
from a ``random.Random``-like source (``random.Random(seed)`` for reproducible play and
tests, ``secrets.SystemRandom()``, the default, for live play), or stacked in a given
order. A hand loads it into its stub and deals from there
(:meth:`pokerroom.engine.kernel.Kernel._stock`). The same seed always gives the same
order.

>>> import random
>>> deck = Deck.standard(rng=random.Random(7))
>>> len(deck), deck.cards == Deck.standard(rng=random.Random(7)).cards
(52, True)
>>> len(Deck.with_joker())
53
>>> Deck(parse_cards("As As"))
Traceback (most recent call last):
...
pokerroom.errors.InvalidHandError: a deck cannot hold the same card twice
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Protocol

from pokerroom.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from pokerroom.errors import InvalidHandError

__all__ = ["Deck", "RandomSource", "shuffle", "standard_cards", "system_rng"]


class RandomSource(Protocol):
    """What a shuffle needs of a random source (``random.Random`` and ``SystemRandom``
    fit): a whole deck shuffled, or one uniform draw at a time."""

    def shuffle(self, x: list[Card]) -> None: ...

    def random(self) -> float: ...


_SHUFFLE = random.Random.shuffle
_RANDBELOW = vars(random.Random)["_randbelow_with_getrandbits"]


def shuffle(rng: RandomSource, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``. For a plain ``random.Random`` (a seeded table's), the
    standard library's own steps written out in one loop: the same calls to
    ``getrandbits``, so the same order, without two Python calls per card (every deal
    of every game shuffles a full deck).

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(3).shuffle(a); shuffle(random.Random(3), b)
    >>> a == b
    True
    """
    method = rng.shuffle
    if (getattr(method, "__func__", None) is not _SHUFFLE
            or type(rng)._randbelow is not _RANDBELOW):  # type: ignore[attr-defined]
        method(cards)
        return
    getrandbits = rng.getrandbits  # type: ignore[attr-defined]
    for i in range(len(cards) - 1, 0, -1):
        # Random._randbelow_with_getrandbits(i + 1), then the swap of Random.shuffle
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def system_rng() -> random.Random:
    """A cryptographic random source for live play."""
    return secrets.SystemRandom()


def standard_cards(*, jokers: int = 0) -> tuple[Card, ...]:
    """The 52 standard cards in index order (2c 2d 2h 2s 3c ... As), plus jokers."""
    return STANDARD_CARDS + (JOKER,) * jokers


class Deck:
    """Cards in dealing order, top first. Shuffled on creation when given a random
    source."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card] = (), *, rng: RandomSource | None = None) -> None:
        self._cards: list[Card] = list(cards)
        seen = [c for c in self._cards if c.is_standard]
        if len(set(seen)) != len(seen):
            raise InvalidHandError("a deck cannot hold the same card twice")
        if rng is not None:
            shuffle(rng, self._cards)

    @classmethod
    def standard(cls, *, rng: RandomSource | None = None, jokers: int = 0) -> Deck:
        """A 52-card deck (plus jokers), shuffled by ``rng`` (system randomness if None).
        Its cards are distinct by construction, so they are not checked again."""
        deck = cls.__new__(cls)
        deck._cards = list(standard_cards(jokers=jokers))
        shuffle(rng if rng is not None else system_rng(), deck._cards)
        return deck

    @classmethod
    def with_joker(cls, *, rng: RandomSource | None = None) -> Deck:
        """The 53-card deck of lowball and draw high."""
        return cls.standard(rng=rng, jokers=1)

    @classmethod
    def stacked(cls, cards: str | Sequence[Card]) -> Deck:
        """A deck in exactly the given order (for tests and live-dealt hands).

        >>> Deck.stacked("As Kd").cards
        (As, Kd)
        """
        return cls(parse_cards(cards) if isinstance(cards, str) else cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, top first."""
        return tuple(self._cards)
