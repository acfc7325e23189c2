"""Full enumerations: how many of all the n-card hands fall in each category.

:func:`census` walks every ``n``-card hand of the 52-card deck (n = 5, 6 or 7) once
through the fast evaluator and counts the best-five high categories, royal flushes, and
the hands that make an 8-or-better ace-to-five low. For seven cards that is all
133,784,560 hands in well under a second on one core.

>>> c = census(5)
>>> c.total, c.by_category["straight flush"], c.royal_flushes, c.eight_or_better
(2598960, 40, 4, 57344)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from pokerroom.errors import ConfigError
from pokerroom.fast import kernels
from pokerroom.fast.jit import njit
from pokerroom.fast.tables import load_tables

__all__ = ["CATEGORY_NAMES", "Census", "census"]

CATEGORY_NAMES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
                  "full house", "four of a kind", "straight flush")
_ROYAL = (8 << 20) | (14 << 16) | (13 << 12) | (12 << 8) | (11 << 4) | 10


@dataclass(frozen=True)
class Census:
    """Counts over all ``total`` hands of ``cards`` cards."""

    cards: int
    total: int
    by_category: dict[str, int]
    royal_flushes: int
    eight_or_better: int


@njit(cache=True)
def _walk(n: int, cv: Any, base: Any, hidx: Any, khigh: Any, fhigh: Any, ka5: Any,
          out: Any) -> None:
    """Tally every n-card hand: out[0..8] categories, out[9] royals, out[10] lows.

    The first ``n - 1`` cards go through their combinations in order, their card values
    summed as they change (``partial[j]``: cards ``0..j``); the last card runs over the
    cards above them, one addition a hand. The high and the ace-to-five key share the
    multiset index (:func:`pokerroom.fast.kernels.high_n`, ``a5_n``)."""
    head = n - 1
    idx = np.arange(head)
    partial = np.zeros(head, np.uint64)
    brow = base[n]
    j = 0  # the first position whose partial sum is stale
    while True:
        for k in range(j, head):
            below = partial[k - 1] if k > 0 else np.uint64(0)
            partial[k] = below + cv[idx[k]]
        s_head = partial[head - 1]
        for last in range(idx[head - 1] + 1, 52):
            s = s_head + cv[last]
            slot = brow[s & kernels.LOW_FIELD] + hidx[(s >> 17) & kernels.HIGH_FIELD]
            counts = (s >> 32) & 0xFFFF
            if ((counts + kernels.SUIT_CARRY) & kernels.SUIT_TOP) != 0:
                suit = 0
                while ((counts >> (4 * suit)) & 15) < 5:
                    suit += 1
                mask = 1 << (last >> 2) if (last & 3) == suit else 0
                for k in range(head):
                    if (idx[k] & 3) == suit:
                        mask |= 1 << (idx[k] >> 2)
                key = int(fhigh[mask])
            else:
                key = int(khigh[slot])
            out[key >> 20] += 1
            if key == _ROYAL:
                out[9] += 1
            if kernels.eight_or_better(int(ka5[slot])) > 0:
                out[10] += 1
        # the next combination of the first n - 1 cards (the last needs one card above)
        j = head - 1
        while j >= 0 and idx[j] == 51 - head + j:
            j -= 1
        if j < 0:
            return
        idx[j] += 1
        for k in range(j + 1, head):
            idx[k] = idx[k - 1] + 1


def census(cards: int) -> Census:
    """Count every ``cards``-card hand (5, 6 or 7) by best-five category."""
    if cards not in (5, 6, 7):
        raise ConfigError("a census walks 5-, 6- or 7-card hands")
    t = load_tables()
    out = np.zeros(11, dtype=np.int64)
    _walk(cards, t.card_value, t.base, t.high_index, t.key_high, t.flush_high, t.key_a5, out)
    return Census(
        cards=cards,
        total=comb(52, cards),
        by_category={name: int(out[i]) for i, name in enumerate(CATEGORY_NAMES)},
        royal_flushes=int(out[9]),
        eight_or_better=int(out[10]),
    )
