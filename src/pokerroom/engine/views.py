"""What one seat may see of a hand: its own cards, every face-up card, stacks, bets and
pots, whose turn it is and, for the seat to act, its legal actions. Hidden cards show as
``??`` (``UNKNOWN``); cards shown at the showdown are visible to all.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
...     [100, 100], rng=random.Random(8))
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> view = hand.view(0)
>>> view.seats[1].cards, view.pot, view.street
((??, ??), 3, 'preflop')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import Option

if TYPE_CHECKING:
    from pokerroom.engine.state import PokerHand

__all__ = ["HandView", "SeatView", "hand_view"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: int
    stack: int
    bet: int
    in_hand: bool
    folded: bool
    all_in: bool
    cards: tuple[Card, ...]
    face_up: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand as ``viewer`` sees it (``None``: a spectator)."""

    viewer: int | None
    game: str
    street: str
    button: int
    board: tuple[Card, ...]
    pot: int
    seats: tuple[SeatView, ...]
    actors: tuple[int, ...]
    legal_actions: tuple[Option, ...]
    is_over: bool


def hand_view(hand: PokerHand, viewer: int | None) -> HandView:
    """Build the view of ``hand`` for ``viewer``."""
    shown: set[int] = set()
    if hand.result is not None:
        shown = {s.seat for s in hand.result.shown}
    seats = []
    for s in range(hand.n):
        see_all = s == viewer or s in shown
        cards = tuple(c if see_all or up else UNKNOWN
                      for c, up in zip(hand.hole[s], hand.up[s], strict=True))
        seats.append(SeatView(s, hand.stacks[s], hand.bets[s], hand.in_hand[s],
                              hand.folded[s] and hand.in_hand[s],
                              hand.in_hand[s] and not hand.folded[s] and hand.stacks[s] == 0,
                              cards, tuple(hand.up[s])))
    actors = hand.actors
    legal = hand.legal_actions(viewer) if viewer is not None and viewer in actors else ()
    return HandView(viewer, hand.variant.name, hand.street_name, hand.button,
                    tuple(hand.board), hand.pot, tuple(seats), actors, legal, hand.is_over)
