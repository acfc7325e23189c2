"""Deals (chops): the players left share the prizes still to be paid, by ICM or by chips.

* **ICM** (:func:`icm_deal`): each player is paid their Malmuth-Harville equity
  (:mod:`pokerroom.tournament.icm`) of the prizes still to be paid.
* **Chip count** (:func:`chip_deal`): each player is first paid the smallest prize still
  to be paid to every player left (the next place out's prize), and the rest of the
  prizes is shared in proportion to the chips.

With a **save**, that many units of first place's prize are set aside before the deal
and the players play on for them (winner takes the save); the deal shares the rest, with
first place's prize reduced by the save.

Amounts are whole units, rounded once from the exact figures by the largest remainder:
each player gets the exact figure rounded down, and the units left go one each to the
largest fractions left over (equal fractions: the larger stack first, then the player
listed first). The amounts sum exactly to the prizes shared.

The worked four-player deal of ``docs/tournaments.md`` (stacks 100,000, 70,000, 50,000
and 20,000 for prizes of 200, 120, 80 and 50):

>>> icm_deal([100_000, 70_000, 50_000, 20_000], [200, 120, 80, 50]).amounts
(141, 124, 109, 76)
>>> chip_deal([100_000, 70_000, 50_000, 20_000], [200, 120, 80, 50]).amounts
(154, 123, 102, 71)
>>> icm_deal([100_000, 70_000, 50_000, 20_000], [200, 120, 80, 50], save=40).amounts
(124, 112, 101, 73)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from pokerroom.errors import TournamentError
from pokerroom.tournament.icm import check_prizes, check_stacks, icm_equities

__all__ = ["Deal", "chip_deal", "icm_deal", "round_shares"]


@dataclass(frozen=True)
class Deal:
    """A deal: each player's whole-unit ``amounts`` (in the order of the stacks), the
    ``exact`` figures they were rounded from, and the ``save`` played on for."""

    method: str
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    amounts: tuple[int, ...]
    exact: tuple[Fraction, ...]
    save: int

    @property
    def shared(self) -> int:
        """The units the deal shares out (the prizes less the save)."""
        return sum(self.amounts)


def round_shares(exact: Sequence[Fraction], stacks: Sequence[int]) -> tuple[int, ...]:
    """Whole units from exact shares that sum to a whole number, by the largest remainder
    (see the module docstring).

    >>> round_shares([Fraction(10, 3)] * 3, [5, 9, 7])
    (3, 4, 3)
    """
    total = sum(exact, Fraction(0))
    if total.denominator != 1:
        raise TournamentError("deal", f"the shares sum to {total}, not a whole number")
    floors = [share.numerator // share.denominator for share in exact]
    left = int(total) - sum(floors)
    order = sorted(range(len(exact)),
                   key=lambda i: (-(exact[i] - floors[i]), -stacks[i], i))
    for i in order[:left]:
        floors[i] += 1
    return tuple(floors)


def _inputs(stacks: Sequence[int], prizes: Sequence[int],
            save: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    chips = check_stacks(stacks)
    exact = check_prizes(prizes, len(chips))
    if not exact:
        raise TournamentError("payouts", "no prizes left to share")
    if any(p.denominator != 1 for p in exact):
        raise TournamentError("payouts", "a deal shares whole units: give whole prizes")
    paid = tuple(int(p) for p in exact)
    if any(a < b for a, b in pairwise(paid)):
        raise TournamentError("payouts", "a place is paid more than the place above it")
    if isinstance(save, bool) or not isinstance(save, int) or not 0 <= save <= paid[0]:
        raise TournamentError("save", f"must be a whole number from 0 to first place's "
                                      f"prize ({paid[0]}), not {save!r}")
    return chips, (paid[0] - save, *paid[1:])


def icm_deal(stacks: Sequence[int], prizes: Sequence[int], save: int = 0) -> Deal:
    """The ICM deal of ``prizes`` (whole units, first place first) among ``stacks``."""
    chips, shared = _inputs(stacks, prizes, save)
    exact = icm_equities(chips, shared)
    return Deal("icm", chips, tuple(prizes), round_shares(exact, chips), exact, save)


def chip_deal(stacks: Sequence[int], prizes: Sequence[int], save: int = 0) -> Deal:
    """The chip-count deal of ``prizes`` among ``stacks`` (see the module docstring)."""
    chips, shared = _inputs(stacks, prizes, save)
    floor = shared[-1] if len(shared) == len(chips) else 0
    rest = sum(shared) - floor * len(chips)
    total = sum(chips)
    exact = tuple(floor + Fraction(rest * stack, total) for stack in chips)
    return Deal("chips", chips, tuple(prizes), round_shares(exact, chips), exact, save)
