"""The hand state machine's phases, dealer task kinds and seat rotations (shared by
:mod:`pokerroom.engine.state` and its mixins).

>>> rotation(4, 2)
[2, 3, 0, 1]
"""

from __future__ import annotations

__all__ = ["BET", "BOARD_CARDS", "BURN", "DEAL", "DRAW", "HOLE", "OVER", "SHOW", "rotation"]

DEAL, BET, DRAW, SHOW, OVER = range(5)
"""Phases: the dealer deals, a seat bets, a seat draws, the showdown is due, over."""

BURN, HOLE, BOARD_CARDS = range(3)
"""Kinds of dealer task: a burn, cards to a seat, board cards."""

_ROTATIONS: dict[int, list[list[int]]] = {}


def rotation(n: int, start: int) -> list[int]:
    """Seats ``start, start+1, ...`` round the table of ``n`` seats."""
    table = _ROTATIONS.get(n)
    if table is None:
        table = _ROTATIONS[n] = [[(s + i) % n for i in range(n)] for s in range(n)]
    return table[start % n]
