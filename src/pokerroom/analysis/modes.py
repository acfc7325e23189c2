"""The scoring modes of the odds kernels and the shape of their tallies, in a module of
their own so that planning a job imports neither numba nor the kernels.

>>> HIGH, OMAHA_HILO
(0, 2)
>>> tally_shape(3)
(3, 4, 5)
"""

from __future__ import annotations

__all__ = ["A5", "A5_JOKER", "D27", "HIGH", "HIGH_JOKER", "HIGH_LOW8", "JOKER", "OMAHA_HIGH",
           "OMAHA_HILO", "tally_shape"]

HIGH, OMAHA_HIGH, OMAHA_HILO, HIGH_LOW8, A5, D27, A5_JOKER, HIGH_JOKER = range(8)
"""Scoring modes: best-five high; Omaha high; Omaha high and 8-or-better low; any-five
high and 8-or-better low (stud hi-lo); ace-to-five low for the pot; deuce-to-seven low;
five-card ace-to-five low with the joker (``a5-1``); five-card draw high with the joker
as the bug (``joker-2``..``joker-4``). The joker is card 52."""

JOKER = 52


def tally_shape(players: int) -> tuple[int, int, int]:
    """Shape of the tally: ``tally[p, a, b]`` counts the deals where player ``p`` won
    the high (or whole-pot) ranking shared ``a`` ways (0: did not win it) and the low
    half shared ``b`` ways (0: did not win it; ``players + 1``: no low qualified, or the
    game has no low half). Pot shares follow exactly from ``a`` and ``b``."""
    return (players, players + 1, players + 2)
