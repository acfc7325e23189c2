"""What one seat may see of a poker hand, as the one :class:`~pokerroom.tableview.View`:
its own cards, every face-up card, stacks, bets and pots (side pots named), whose turn it
is and, for the seat to act, its legal options. Hidden cards show as ``??``; cards shown
at the showdown are visible to all. The seats are unnamed here (``Seat 1``...): the
table names them.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
...     [100, 100], rng=random.Random(8))
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> view = hand.view(0)
>>> view.seat(1).cards, view.total_pot, view.street, view.pots
((??, ??), 3, 'preflop', (('pot', 0),))
>>> view.to_act, hand.view(1).options
((1,), (FoldOption(), CallOption(amount=1), RaiseOption(min_to=4, max_to=100, tos=())))
>>> view.options, hand.view(None).you
((), None)
"""

from __future__ import annotations

from typing import Protocol

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import Option
from pokerroom.engine.events import HandEnded
from pokerroom.engine.pots import build_pots
from pokerroom.engine.variants import Variant
from pokerroom.tableview import ALL_IN, FOLDED, SITTING_OUT, SeatSnapshot, View

__all__ = ["SeenHand", "hand_view", "pots_in_the_middle"]


class SeenHand(Protocol):
    """What a view reads of a hand (:class:`~pokerroom.engine.state.PokerHand` is one)."""

    variant: Variant
    n: int
    button: int
    stacks: list[int]
    bets: list[int]
    contrib: list[int]
    dead_money: int
    hole: list[list[Card]]
    up: list[list[bool]]
    board: list[Card]
    folded: list[bool]
    in_hand: list[bool]
    result: HandEnded | None

    @property
    def actors(self) -> tuple[int, ...]: ...

    @property
    def pot(self) -> int: ...

    @property
    def street_name(self) -> str: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]: ...


def hand_view(hand: SeenHand, viewer: int | None) -> View:
    """The view of ``hand`` for ``viewer`` (``None``: a spectator)."""
    # built at every decision of every bot and for every face the table draws: written
    # for speed (positional snapshots, whole-tuple fast paths for the cards)
    result = hand.result
    shown = {s.seat for s in result.shown} if result is not None else _NONE_SHOWN
    button_game = hand.variant.button_game
    button = hand.button
    hole, ups, stacks, bets = hand.hole, hand.up, hand.stacks, hand.bets
    in_hand, folded = hand.in_hand, hand.folded
    n = hand.n
    names = _seat_names(n)
    seats = []
    for s in range(n):
        up = ups[s]
        cards = hole[s]
        if len(up) != len(cards):
            raise ValueError(f"seat {s}: one face-up flag per card")
        if s == viewer or s in shown or all(up):
            seen = tuple(cards)
        elif not any(up):
            seen = (UNKNOWN,) * len(cards)
        else:
            seen = tuple([c if face_up else UNKNOWN for c, face_up in zip(cards, up, strict=True)])
        stack = stacks[s]
        if not in_hand[s]:
            status = SITTING_OUT
        elif folded[s]:
            status = FOLDED
        elif stack == 0:
            status = ALL_IN
        else:
            status = ""
        if button_game:
            seats.append(SeatSnapshot(s, names[s], stack, bets[s], seen, (), status,
                                      "D" if s == button else ""))
        else:
            seats.append(SeatSnapshot(s, names[s], stack, bets[s], seen, tuple(up),
                                      status, ""))
    actors = hand.actors
    options = hand.legal_actions(viewer) if viewer is not None and viewer in actors else ()
    return View(hand.variant.title, tuple(seats), tuple(hand.board), (),
                pots_in_the_middle(hand), actors, viewer, hand.street_name, 0, button,
                (), options, hand.is_over)


_NONE_SHOWN: frozenset[int] = frozenset()
_SEAT_NAMES: list[str] = []


def _seat_names(n: int) -> list[str]:
    """``Seat 1`` ... ``Seat n`` (made once)."""
    while len(_SEAT_NAMES) < n:
        _SEAT_NAMES.append(f"Seat {len(_SEAT_NAMES) + 1}")
    return _SEAT_NAMES


def pots_in_the_middle(hand: SeenHand) -> tuple[tuple[str, int], ...]:
    """The chips in the middle (bets in front not included) as the main pot and side
    pots, from what each seat has put in (public information)."""
    middle = hand.pot - sum(hand.bets)
    before = [c - b for c, b in zip(hand.contrib, hand.bets, strict=True)]
    live = [hand.in_hand[s] and not hand.folded[s] for s in range(hand.n)]
    pots = build_pots(before, live, hand.dead_money)
    if len(pots) <= 1 or sum(p.amount for p in pots) != middle:
        return (("pot", middle),)
    return (("main pot", pots[0].amount),
            *((f"side pot {i}", pot.amount) for i, pot in enumerate(pots[1:], 1)))
