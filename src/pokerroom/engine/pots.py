"""Pots: side pots, splits, high-low halves and odd chips (SUPPLEMENT §2, ``stud8-9``,
``stud8-10``).

Every chip put in the middle belongs to exactly one pot. Side pots are built from the
all-in levels of the players still in; chips of folded players stay in the pots up to
their level. A pot split between tied hands gives each the same share, and the odd chips
go one each (no player gets more than one) in the order the rules give: in button games
the first tied hand clockwise from the button, in stud the highest card by suit.

>>> build_pots([10, 30, 30, 5], [True, True, True, False])
[Pot(amount=35, eligible=(0, 1, 2)), Pot(amount=40, eligible=(1, 2))]
>>> split_evenly(11, [3, 1])
[(3, 6), (1, 5)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "Pot",
    "build_pots",
    "clockwise_from",
    "high_card_order",
    "low_card_order",
    "pot_shares",
    "split_evenly",
    "split_high_low",
]


@dataclass(frozen=True, slots=True, init=False)
class Pot:
    """One pot: its chips and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]

    def __init__(self, amount: int, eligible: tuple[int, ...]) -> None:
        # every showdown builds one or more: the slots are filled directly, as the
        # busiest events do (see pokerroom.engine.events)
        _POT_AMOUNT(self, amount)
        _POT_ELIGIBLE(self, eligible)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pot, (self.amount, self.eligible))


_POT_AMOUNT: Final = vars(Pot)["amount"].__set__
_POT_ELIGIBLE: Final = vars(Pot)["eligible"].__set__


def build_pots(contributions: list[int], live: list[bool],
               dead_money: int = 0) -> list[Pot]:
    """The main pot and the side pots, main first. ``dead_money`` (antes carried from an
    earlier deal) belongs to the main pot.

    >>> build_pots([20, 20, 20], [True, True, True], dead_money=5)
    [Pot(amount=65, eligible=(0, 1, 2))]
    """
    n = len(contributions)
    if len(live) != n:
        raise ValueError("one live flag per contribution")
    total, level, levels_in = 0, 0, 0   # every chip; the live hands' level, if only one
    for s in range(n):
        c = contributions[s]
        total += c
        if live[s] and c > 0 and c != level:
            level = c
            levels_in += 1
    if levels_in <= 1:
        # one level (no all-in short of it): a single pot with every chip in it; none
        # (no live hand put chips in): the live hands' pot, if anything is in it
        eligible = tuple([s for s in range(n) if live[s] and contributions[s] >= level])
        return [Pot(total + dead_money, eligible)] if levels_in or total + dead_money else []
    return [Pot(sum(share.values()),
                tuple([s for s in range(n) if live[s] and contributions[s] >= level]))
            for level, share in zip(_levels(contributions, live),
                                    pot_shares(contributions, live, dead_money), strict=True)]


def _levels(contributions: Sequence[int], live: Sequence[bool]) -> list[int]:
    """The all-in levels of the live hands, lowest first: one pot each."""
    return sorted({c for c, in_hand in zip(contributions, live, strict=True)
                   if in_hand and c > 0})


def pot_shares(contributions: Sequence[int], live: Sequence[bool],
               dead_money: int = 0) -> list[dict[int, int]]:
    """Whose chips make up each pot of :func:`build_pots` (same order): seat to chips,
    dead money under ``-1``.

    >>> pot_shares([10, 30, 30, 5], [True, True, True, False], dead_money=2)
    [{0: 10, 1: 10, 2: 10, 3: 5, -1: 2}, {1: 20, 2: 20}]
    """
    n = len(contributions)
    distinct = _levels(contributions, live)
    if len(distinct) <= 1:
        whole = {s: c for s, c in enumerate(contributions) if c}
        if dead_money:
            whole[-1] = dead_money
        return [whole] if whole else []
    shares: list[dict[int, int]] = []
    previous = 0
    for level in distinct:
        part = {s: min(c, level) - min(c, previous) for s, c in enumerate(contributions)}
        shares.append({s: a for s, a in part.items() if a})
        previous = level
    for s in range(n):                     # folded chips above the top level: last pot
        over = contributions[s] - min(contributions[s], previous)
        if over:
            shares[-1][s] = shares[-1].get(s, 0) + over
    if dead_money:
        shares[0][-1] = dead_money
    return shares


def split_evenly(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Split ``amount`` among ``winners`` given in odd-chip order: equal shares, then one
    odd chip each to the first winners in that order."""
    share, odd = divmod(amount, len(winners))
    return [(seat, share + (1 if i < odd else 0)) for i, seat in enumerate(winners)]


def clockwise_from(button: int, n: int, seats: Sequence[int]) -> list[int]:
    """``seats`` in order clockwise from the button: its left-hand neighbour first.

    >>> clockwise_from(2, 5, [0, 2, 4])
    [4, 0, 2]
    """
    return sorted(seats, key=lambda s: (s - button - 1) % n)


def high_card_order(cards_by_seat: Sequence[Sequence[int]], seats: Sequence[int]) -> list[int]:
    """Stud: seats by their highest card by suit over all their cards (``stud8-9``,
    ``stud8-10``), highest first. Card indexes order by rank then suit."""
    return sorted(seats, key=lambda s: -max(cards_by_seat[s]))


def _low_index(card: int) -> int:
    rank, suit = divmod(card, 4)
    return (-1 if rank == 12 else rank) * 4 + suit


def low_card_order(cards_by_seat: Sequence[Sequence[int]], seats: Sequence[int]) -> list[int]:
    """Stud hi-lo: seats by their lowest card by suit (ace low), lowest first
    (``stud8-10``: the odd chip of a split low half)."""
    return sorted(seats, key=lambda s: min(_low_index(c) for c in cards_by_seat[s]))


def split_high_low(amount: int) -> tuple[int, int]:
    """The high and low halves; the odd chip goes high (``stud8-9``).

    >>> split_high_low(11)
    (6, 5)
    """
    low = amount // 2
    return amount - low, low
