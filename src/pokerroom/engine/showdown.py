"""Showdown evaluation for the engine's variants, from the rankings in
:mod:`pokerroom.hands` (larger key = better hand, lows included).

``evaluate_seat_high`` and ``evaluate_low`` take a variant's evaluation name (``Variant.high``
/ ``Variant.low``), a seat's cards and the board, and return a
:class:`~pokerroom.hands.base.HandValue` (``None``: no qualifying low). Cards speak
(``lowball-15``): the engine always reads the best hand the cards make.

>>> from pokerroom.cards import parse_cards
>>> evaluate_seat_high("holdem", parse_cards("2c 3d"), parse_cards("As Ks Qs Js Ts")).category
'royal flush'
>>> evaluate_low("omaha8", parse_cards("As 5s Kh Kd"), parse_cards("2c 3d 4h Kc Qd")).description
'5-4-3-2-A low'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from pokerroom.cards import Card, parse_cards
from pokerroom.hands.base import HandValue, Ranking
from pokerroom.hands.deuce_seven import evaluate_27_low
from pokerroom.hands.high import (
    best_high_key,
    best_omaha_key,
    category_name,
    describe_high_key,
)
from pokerroom.hands.joker_high import evaluate_draw_high
from pokerroom.hands.lowball import (
    a5_qualifies,
    evaluate_a5_low,
    evaluate_low8,
    evaluate_omaha_low,
    evaluate_razz,
)

__all__ = [
    "evaluate_low",
    "evaluate_seat_high",
    "fast_high_kernel",
    "is_seven_or_better",
    "jacks_key",
    "seat_high_key",
]


HighKernel = tuple[Callable[[tuple[int, ...], Any], int], Any, Callable[[Sequence[int]], int]]


@cache
def fast_high_kernel() -> HighKernel | None:
    """The compiled single-hand high evaluator of :mod:`pokerroom.fast` (same keys as
    :mod:`pokerroom.hands.high`), its table and its checking wrapper, when they are
    available (:func:`pokerroom.fast.single.high_kernel`; looked up once): the showdown
    calls the evaluator straight, without the wrapper's interpreted frame."""
    from pokerroom.fast.jit import compiled

    if not compiled():      # without numba the readable evaluator is the faster
        return None
    try:
        from pokerroom.fast.single import high_kernel
    except Exception:
        return None
    return high_kernel()


def seat_high_key(kind: str, hole: Sequence[int], board: Sequence[int]) -> int:
    """The high key alone (no description), for the hot path.

    >>> from pokerroom.cards import parse_cards
    >>> hole, board = parse_cards("Kd Ks"), parse_cards("7c 7h Ah 2c 3d")
    >>> seat_high_key("holdem", hole, board) == evaluate_seat_high("holdem", hole, board).key
    True
    """
    if kind == "omaha":
        return best_omaha_key(hole, board)[0]
    cards = (*hole, *board)
    if len(cards) <= 7:
        fast = fast_high_kernel()
        if fast is not None:
            return fast[2](tuple(int(c) for c in cards))
    return best_high_key(cards)[0]


def _from_key(key: int, five: Sequence[int]) -> HandValue:
    return HandValue(key, category_name(key), describe_high_key(key),
                     tuple(Card(c) for c in five))


def evaluate_seat_high(kind: str | Ranking, hole: Sequence[Card], board: Sequence[Card], *,
                  joker: bool = False) -> HandValue:
    """The high hand of ``hole`` with ``board`` for the evaluation ``kind``: a built-in
    evaluation's name, or a variant's own ranking, which reads the seat's cards with the
    board.

    >>> from pokerroom.hands.short_deck import SHORT_DECK_HIGH
    >>> hole, board = parse_cards("Ah 9d"), parse_cards("6c 7s 8h Kd Kc")
    >>> evaluate_seat_high(SHORT_DECK_HIGH, hole, board).category
    'straight'
    """
    if not isinstance(kind, str):
        value = kind.evaluate([*hole, *board])
        if value is None:
            raise ValueError(f"the {kind.name} ranking gives no value to a high hand")
        return value
    if kind == "omaha":
        return _from_key(*best_omaha_key([int(c) for c in hole], [int(c) for c in board]))
    if kind == "draw-high":
        return evaluate_draw_high([*hole, *board], joker=joker)
    return _from_key(*best_high_key([int(c) for c in (*hole, *board)]))


def evaluate_low(kind: str | Ranking, hole: Sequence[Card], board: Sequence[Card], *,
                 qualifier: int = 8, joker: bool = True) -> HandValue | None:
    """The low hand for the evaluation ``kind`` (``None``: no qualifying low): a
    built-in evaluation's name, or a variant's own ranking of the seat's cards with the
    board.

    >>> from pokerroom.hands.badugi import BADUGI
    >>> evaluate_low(BADUGI, parse_cards("Kc Qd Jh Ts"), ()).description
    'K-Q-J-T badugi'
    """
    if not isinstance(kind, str):
        return kind.evaluate([*hole, *board])
    if kind == "omaha8":
        return evaluate_omaha_low(hole, board, qualifier=qualifier)
    cards = [*hole, *board]
    if kind == "stud8":
        return evaluate_low8(cards, qualifier=qualifier)
    if kind == "razz":
        return evaluate_razz(cards)
    if kind == "lowball-a5":
        return evaluate_a5_low(cards, joker=joker)
    if kind == "lowball-27":
        return evaluate_27_low(cards)
    raise ValueError(f"unknown low evaluation {kind!r}")


@cache
def jacks_key() -> int:
    """The key of the weakest openers in jacks or better: a pair of jacks, 4-3-2
    (``jacks-1``).

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_seat_high("draw-high", parse_cards("Jc Jd 5h 3s 2c"), ()).key > jacks_key()
    True
    """
    return evaluate_seat_high("stud", parse_cards("Jc Jd 4h 3s 2c"), ()).key


def is_seven_or_better(cards: Sequence[Card], *, joker: bool = True) -> bool:
    """True for an ace-to-five hand of five different ranks, seven or lower (``a5-4``).

    >>> from pokerroom.cards import parse_cards
    >>> is_seven_or_better(parse_cards("7c 5d 4h 3s As"))
    True
    >>> is_seven_or_better(parse_cards("8c 5d 4h 3s As"))
    False
    """
    if len(cards) != 5:
        return False
    return a5_qualifies(evaluate_a5_low(cards, joker=joker).key, 7)
