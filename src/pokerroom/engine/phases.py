"""The hand state machine's phases, dealer task kinds, seat rotations, the hands still
in and the highest bet (shared by :mod:`pokerroom.engine.state` and its mixins).

>>> rotations(4)[2]
[2, 3, 0, 1]
>>> highest([0, 2, 1], 0), highest([0, 0], 2)
(2, 2)
"""

from __future__ import annotations

from typing import Final

__all__ = ["BET", "BOARD_CARDS", "BURN", "DEAL", "DRAW", "HOLE", "OVER", "SHOW", "hands_in",
           "highest", "rotations"]

# Phases (the kernel's steps): the dealer deals, a seat bets, a seat draws, the showdown
# is due, over.
DEAL: Final = "deal"
BET: Final = "bet"
DRAW: Final = "draw"
SHOW: Final = "showdown"
OVER: Final = "over"

# Kinds of dealer task: a burn, cards to a seat, board cards.
BURN: Final = 0
HOLE: Final = 1
BOARD_CARDS: Final = 2

_ROTATIONS: Final[dict[int, list[list[int]]]] = {}


def rotations(n: int) -> list[list[int]]:
    """Every rotation of a table of ``n`` seats: ``rotations(n)[s]`` is the seats ``s,
    s+1, ...`` round the table (made once per table size; treat it as read-only)."""
    table = _ROTATIONS.get(n)
    if table is None:
        table = _ROTATIONS[n] = [[(s + i) % n for i in range(n)] for s in range(n)]
    return table


def hands_in(folded: list[bool]) -> int:
    """How many hands are not folded (a loop in C in the compiled build, where
    ``list.count`` compares each flag through the generic comparison).

    >>> hands_in([True, False, False])
    2
    """
    count = 0
    for gone in folded:
        if not gone:
            count += 1
    return count


def highest(bets: list[int], floor: int) -> int:
    """The highest of ``bets``, or ``floor`` when it is higher (a loop the compiled build
    runs in C, where ``max`` is a call with its arguments packed)."""
    top = floor
    for bet in bets:
        if bet > top:
            top = bet
    return top
