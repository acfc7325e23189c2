"""Finishing places and the prizes they pay: who went out when, and who gets what.

Players go out in batches, one batch per hand: every player a hand leaves with no chips
(and no rebuy taken). :func:`places_for` places a batch: the players with fewer chips
at the start of that hand finish lower. Players who started the hand with the same
number of chips tie: they share the places they fill, and :func:`pay` splits those
places' prizes equally between them (the units that do not split go one each to the
tied players in seat order). This is the Poker TDA rule "Players Busted at the Same
Time"; see ``docs/tournaments.md``.

>>> batch = places_for({2: 300, 4: 1200, 5: 300}, players_left=6)
>>> [(f.seat, f.place, f.last_place) for f in batch]
[(4, 4, 4), (2, 5, 6), (5, 5, 6)]
>>> finishes = (Finish(1, 1, 1), Finish(3, 2, 2), Finish(4, 3, 4), Finish(6, 3, 4))
>>> pay(finishes, (50, 30, 15, 5))
{1: 50, 3: 30, 4: 10, 6: 10}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from pokerroom.errors import TournamentError

__all__ = ["Finish", "ordinal", "pay", "places_for"]


@dataclass(frozen=True)
class Finish:
    """Where the player of seat ``seat`` (as the caller numbers seats) finished:
    ``place``, or places ``place`` to ``last_place`` shared with the players it tied
    with."""

    seat: int
    place: int
    last_place: int

    @property
    def tied(self) -> bool:
        """True when the place is shared."""
        return self.last_place > self.place

    def describe(self) -> str:
        """The place in words.

        >>> Finish(2, 3, 3).describe(), Finish(2, 3, 4).describe()
        ('3rd', 'tied 3rd-4th')
        """
        if self.tied:
            return f"tied {ordinal(self.place)}-{ordinal(self.last_place)}"
        return ordinal(self.place)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(
        number % 10, "th")
    return f"{number}{suffix}"


def places_for(started_with: Mapping[int, int], players_left: int) -> tuple[Finish, ...]:
    """Place the players of one batch: ``started_with`` maps each seat going out to its
    chips at the start of the hand, ``players_left`` counts the players still in before
    this batch goes out (the batch included). The largest starting stack finishes
    highest; equal stacks share their places. Best place first, then by seat.

    >>> places_for({3: 500}, players_left=2)
    (Finish(seat=3, place=2, last_place=2),)
    >>> places_for({3: 500}, players_left=1)
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: players_left: 1 player(s) left cannot lose 1
    """
    if not started_with:
        return ()
    if players_left <= len(started_with):
        raise TournamentError("players_left", f"{players_left} player(s) left cannot lose "
                                              f"{len(started_with)}")
    finishes: list[Finish] = []
    worst = players_left
    ordered = sorted(started_with.items(), key=lambda item: (item[1], item[0]))
    groups = [list(group) for _, group in groupby(ordered, key=lambda item: item[1])]
    for group in groups:
        best = worst - len(group) + 1
        finishes.extend(Finish(seat, best, worst) for seat, _ in group)
        worst = best - 1
    return tuple(sorted(finishes, key=lambda f: (f.place, f.seat)))


def pay(finishes: Iterable[Finish], prizes: Sequence[int]) -> dict[int, int]:
    """Each seat's prize: ``prizes`` are the paid places' prizes, first place first.
    Tied players share their places' prizes equally; the units that do not split go
    one each to the tied players in seat order. Seats paid nothing are left out.

    >>> pay([Finish(5, 1, 1), Finish(2, 2, 3), Finish(7, 2, 3)], (60, 25, 6))
    {5: 60, 2: 16, 7: 15}
    """
    paid: dict[int, int] = {}
    ordered = sorted(finishes, key=lambda f: (f.place, f.seat))
    for (place, last), group in groupby(ordered, key=lambda f: (f.place, f.last_place)):
        seats = [f.seat for f in group]
        total = sum(prizes[p - 1] for p in range(place, last + 1) if p <= len(prizes))
        share, odd = divmod(total, len(seats))
        for i, seat in enumerate(seats):
            amount = share + (1 if i < odd else 0)
            if amount:
                paid[seat] = amount
    return paid
