"""Exact hand percentiles for small hands (Guts), from one table of every hand.

A hand's percentile is the share of the other hands the unseen cards can make that it
beats, ties counting half. Counting by brute force takes a pass over every other hand
for each hand asked; here every hand of the ranking is valued once, and the hands that
share a card with the asked hand are removed by inclusion and exclusion over sorted
keys, so each answer costs a few binary searches (:mod:`bisect`, on plain lists: a
Guts table at the terminal needs no NumPy).

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hands.guts import evaluate_guts2
>>> table = PercentileTable(evaluate_guts2, size=2)
>>> aces, worst = parse_cards("As Ad"), parse_cards("3c 2d")
>>> round(table.percentile(aces), 4), round(table.percentile(worst), 4)
(0.9996, 0.0037)
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb

from pokerroom.cards import STANDARD_CARDS, Card
from pokerroom.hands.base import HandValue

__all__ = ["PercentileTable"]

Keys = list[int]
"""Hand keys in ascending order."""


class PercentileTable:
    """Percentiles of every ``size``-card hand under ``evaluate`` (2 or 3 cards)."""

    def __init__(self, evaluate: Callable[[Sequence[Card]], HandValue], *, size: int) -> None:
        if size not in (2, 3):
            raise ValueError("percentile tables are for two- or three-card hands")
        self.size = size
        hands = list(combinations(range(52), size))
        keys = [int(evaluate([STANDARD_CARDS[i] for i in hand]).key) for hand in hands]
        self._key = dict(zip(hands, keys, strict=True))
        self._all = sorted(keys)
        by_card: list[list[int]] = [[] for _ in range(52)]
        by_pair: dict[tuple[int, int], list[int]] = {}
        for hand, key in zip(hands, keys, strict=True):
            for card in hand:
                by_card[card].append(key)
            if size == 3:
                for pair in combinations(hand, 2):
                    by_pair.setdefault(pair, []).append(key)
        self._card = [sorted(k) for k in by_card]
        self._pair = {pair: sorted(k) for pair, k in by_pair.items()}
        self._others = comb(52 - size, size)
        self._cache: dict[tuple[int, ...], float] = {}

    def percentile(self, hand: Sequence[Card]) -> float:
        """Share of the other hands (from the cards not in ``hand``) that ``hand``
        beats, ties counting half."""
        cards = tuple(sorted(int(c) for c in hand))
        if len(cards) != self.size:
            raise ValueError(f"a {self.size}-card hand is needed")
        cached = self._cache.get(cards)
        if cached is not None:
            return cached
        key = self._key[cards]
        below = self._count(self._all, key, "left")
        upto = self._count(self._all, key, "right")
        for card in cards:
            below -= self._count(self._card[card], key, "left")
            upto -= self._count(self._card[card], key, "right")
        for pair in combinations(cards, 2):
            keys = self._pair[pair] if self.size == 3 else [key]
            below += self._count(keys, key, "left")
            upto += self._count(keys, key, "right")
        if self.size == 3:  # the hand itself was added back by the three pairs
            upto -= 1
        ties = upto - below
        value = (below + ties / 2) / self._others
        self._cache[cards] = value
        return value

    @staticmethod
    def _count(keys: Keys, key: int, side: str) -> int:
        """How many of ``keys`` are below ``key`` (``side`` ``"left"``) or at most
        ``key`` (``"right"``)."""
        return bisect_left(keys, key) if side == "left" else bisect_right(keys, key)
