"""Dealer options and the stud helpers that pick who acts first from the cards showing.

The dealer's next step is offered as data like any seat's options, so a person dealing
real cards (or a test) sees what the hand expects next:

>>> DealOption(to=3, count=2, face_up=(False, False))
DealOption(to=3, count=2, face_up=(False, False))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import Card
from pokerroom.core import Action, Option
from pokerroom.engine.events import BurnCard, DealCards, Showdown

__all__ = [
    "BurnOption",
    "DealOption",
    "ShowdownOption",
    "bring_in_key",
    "holds_openers",
    "showing_key",
]


@dataclass(frozen=True, slots=True)
class DealOption(Option):
    """The dealer deals ``count`` cards to seat ``to`` (or the board)."""

    to: int
    count: int
    face_up: tuple[bool, ...]

    def allows(self, action: Action) -> bool:
        return (isinstance(action, DealCards) and action.to == self.to
                and len(action.cards) == self.count
                and (not action.face_up or action.face_up == self.face_up))


@dataclass(frozen=True, slots=True)
class BurnOption(Option):
    """The dealer burns one card."""

    def allows(self, action: Action) -> bool:
        return isinstance(action, BurnCard)


@dataclass(frozen=True, slots=True)
class ShowdownOption(Option):
    """The dealer settles the hand."""

    def allows(self, action: Action) -> bool:
        return isinstance(action, Showdown)


def showing_key(cards: Sequence[Card], *, low: bool) -> tuple[int, ...]:
    """How good the cards showing are, for who opens a stud round (``stud-1``,
    ``razz-3``, ``stud8-intro``): larger is better. High: quads, trips, two pair, pair,
    then ranks from the top. Low (razz): fewer pairs, then lower ranks, aces low.

    >>> from pokerroom.cards import parse_cards
    >>> showing_key(parse_cards("Kd Kc"), low=False) > showing_key(parse_cards("As Qc"), low=False)
    True
    >>> showing_key(parse_cards("Ad 4c"), low=True) > showing_key(parse_cards("2s 5c"), low=True)
    True
    >>> low = [showing_key(parse_cards(t), low=True) for t in ("Jd 7s 7c", "9s 2d 9c")]
    >>> low[0] > low[1]
    True
    """
    ranks = [(1 if low and c.rank == 14 else int(c.rank)) for c in cards]
    counts = Counter(ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    flat = [r for r, k in sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
            for _ in range(k)]
    if not low:
        return (*shape, *flat)
    # razz: fewer and smaller pairs are better, then the lower cards from the top
    return (*(-k for k in shape), *(-r for r in flat))


def bring_in_key(card: Card, *, ace_low: bool) -> int:
    """Order of upcards for the bring-in: by rank then suit (``stud-1``, ``stud8-4``:
    ace high; razz, ``razz-3``: ace low)."""
    index = int(card)
    if ace_low and card.rank == 14:
        return index - 13 * 4
    return index


def holds_openers(cards: Sequence[Card]) -> bool:
    """True when ``cards`` (a whole hand, or the cards a player keeps) still make jacks
    or better (``jacks-1``, ``jacks-10``) by their pairs: a pair of jacks or better, two
    pair, or more; the joker pairs with an ace (:func:`~pokerroom.engine.openers.is_openers`
    reads a whole hand as a hand).

    >>> from pokerroom.cards import parse_cards
    >>> holds_openers(parse_cards("As Jk"))
    True
    >>> holds_openers(parse_cards("Ts Tc 9d"))
    False
    """
    counts: Counter[int] = Counter()
    for c in cards:
        counts[14 if c.is_joker else int(c.rank)] += 1
    pairs = [r for r, k in counts.items() if k >= 2]
    return (any(k >= 3 for k in counts.values()) or len(pairs) >= 2
            or any(r >= 11 for r in pairs))
