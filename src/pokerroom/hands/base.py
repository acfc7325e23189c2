"""What every hand ranking gives: a comparable integer key, a category and a description.

Within one ranking a larger ``key`` is always the better hand, lows included, so a
showdown is ``max`` over keys and ties are equal keys. ``category`` is the hand's class
("two pair", "8 low"), ``description`` what a player would say ("two pair, kings and
sevens, ace kicker"), ``cards`` the cards that make it (the best five where the game
picks five).

>>> from pokerroom.cards import parse_cards
>>> a = HandValue(10, "pair", "pair of aces", parse_cards("As Ad"))
>>> b = HandValue(7, "pair", "pair of kings", parse_cards("Ks Kd"))
>>> a > b, max(a, b).description
(True, 'pair of aces')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from pokerroom.cards import Card
from pokerroom.errors import InvalidHandError

__all__ = ["HandValue", "Ranking", "check_cards"]


@dataclass(frozen=True, slots=True, order=False)
class HandValue:
    """One evaluated hand. Compares (``<``, ``==``, ``max``) by ``key`` only."""

    key: int
    category: str
    description: str
    cards: tuple[Card, ...] = field(default=())

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandValue) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __str__(self) -> str:
        return self.description


class Ranking(Protocol):
    """A ranking family: evaluates a set of cards to a :class:`HandValue` (``None`` when
    the hand does not qualify, as a low that is not 8-or-better)."""

    name: str

    def evaluate(self, cards: Sequence[Card]) -> HandValue | None: ...


def check_cards(cards: Sequence[Card], *, sizes: Sequence[int], jokers: bool = False,
                what: str = "hand") -> None:
    """Raise :class:`InvalidHandError` unless ``cards`` are known, distinct, of an allowed
    count, and jokers only where allowed.

    >>> from pokerroom.cards import parse_cards
    >>> check_cards(parse_cards("As As"), sizes=[2])
    Traceback (most recent call last):
    ...
    pokerroom.errors.InvalidHandError: hand has a duplicate card: As
    """
    if len(cards) not in sizes:
        allowed = " or ".join(str(n) for n in sizes)
        raise InvalidHandError(f"{what} needs {allowed} cards, got {len(cards)}")
    seen: set[int] = set()
    for c in cards:
        if not c.is_known:
            raise InvalidHandError(f"{what} has an unknown card (??)")
        if c.is_joker:
            if not jokers:
                raise InvalidHandError(f"{what} cannot hold a joker in this game")
            if int(c) in seen:
                raise InvalidHandError(f"{what} has more than one joker")
        elif int(c) in seen:
            raise InvalidHandError(f"{what} has a duplicate card: {c!r}")
        seen.add(int(c))
