"""The Independent Chip Model (Malmuth-Harville): prize equity from chip stacks.

In the model, a player wins with probability stack / chips in play; given the players
already placed, each remaining player takes the next place with probability stack /
chips of the players remaining. A player's equity is the sum over places of the chance
to finish there times the prize. The calculation walks the sets of players not yet
placed (each set once, memoised), so it costs about ``2**n * n`` steps for ``n``
players, computed in exact fractions: ten players take a fraction of a second.

The equities sum to the prizes; they are exact, so a deal built on them
(:mod:`pokerroom.tournament.deal`) rounds only once.

The published worked example of the Wikipedia article "Independent Chip Model" (stacks
50%, 30%, 20%; prizes 70 and 30):

>>> [round(float(e), 2) for e in icm_equities([50, 30, 20], [70, 30])]
[45.18, 32.25, 22.57]
>>> sum(icm_equities([50, 30, 20], [70, 30]))
Fraction(100, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pokerroom.errors import TournamentError

__all__ = ["MAX_PLAYERS", "check_prizes", "check_stacks", "finish_probabilities",
           "icm_equities"]

MAX_PLAYERS = 12
"""The most players an exact calculation takes (it costs about ``2**n * n`` steps: ten
players take about 0.3 s, twelve several seconds)."""


def check_stacks(stacks: Sequence[object]) -> tuple[int, ...]:
    """The stacks as whole positive chip counts (a player with no chips is out).

    >>> check_stacks([5000, 0])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: stacks[2]: player 2's stack must be a whole ... not 0
    """
    if not stacks:
        raise TournamentError("stacks", "give at least one stack")
    if len(stacks) > MAX_PLAYERS:
        raise TournamentError("stacks", f"at most {MAX_PLAYERS} players, not {len(stacks)}")
    chips = []
    for player, stack in enumerate(stacks, 1):
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise TournamentError(f"stacks[{player}]", f"player {player}'s stack must be a "
                                  f"whole number of chips above 0, not {stack!r}")
        chips.append(stack)
    return tuple(chips)


def check_prizes(prizes: Sequence[object], players: int) -> tuple[Fraction, ...]:
    """The prizes (first place first) as exact non-negative numbers, no more places than
    ``players``.

    >>> check_prizes([50, 30, 20], 2)
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: payouts: 3 places paid but only 2 players left
    """
    if len(prizes) > players:
        raise TournamentError("payouts", f"{len(prizes)} places paid but only {players} "
                                         f"player{'s' if players != 1 else ''} left")
    exact = []
    for place, prize in enumerate(prizes, 1):
        if isinstance(prize, bool) or not isinstance(prize, int | Fraction) or prize < 0:
            raise TournamentError(f"payouts[{place}]", f"place {place}'s prize must be a "
                                  f"number of at least 0, not {prize!r}")
        exact.append(Fraction(prize))
    return tuple(exact)


def finish_probabilities(stacks: Sequence[int],
                         places: int | None = None) -> tuple[tuple[Fraction, ...], ...]:
    """``p[i][k]``: the chance that player ``i`` finishes in place ``k + 1``, for the
    first ``places`` places (all of them by default).

    >>> [[str(p) for p in row] for row in finish_probabilities([2, 1])]
    [['2/3', '1/3'], ['1/3', '2/3']]
    """
    chips = check_stacks(stacks)
    n = len(chips)
    places = n if places is None else min(places, n)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + chips[low.bit_length() - 1]
    reach: dict[int, Fraction] = {full: Fraction(1)}
    result = [[Fraction(0)] * places for _ in range(n)]
    for mask in range(full, 0, -1):
        chance = reach.pop(mask, None)
        if chance is None:
            continue
        place = n - mask.bit_count()
        if place >= places:
            continue
        share = chance / total[mask]
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            player = low.bit_length() - 1
            step = share * chips[player]
            result[player][place] += step
            if place + 1 < places:
                reach[mask ^ low] = reach.get(mask ^ low, Fraction(0)) + step
    return tuple(tuple(row) for row in result)


def icm_equities(stacks: Sequence[int], prizes: Sequence[int | Fraction]
                 ) -> tuple[Fraction, ...]:
    """Each player's Malmuth-Harville equity, in the units of ``prizes`` (first place's
    prize first; places not listed pay nothing), in the order of ``stacks``.

    >>> [str(e) for e in icm_equities([100, 100, 100], [6, 3])]
    ['3', '3', '3']
    """
    chips = check_stacks(stacks)
    paid = check_prizes(prizes, len(chips))
    chances = finish_probabilities(chips, len(paid))
    return tuple(sum((p * prize for p, prize in zip(row, paid, strict=True)), Fraction(0))
                 for row in chances)
