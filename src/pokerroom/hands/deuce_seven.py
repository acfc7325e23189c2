"""Deuce-to-seven low: the worst conventional poker hand wins.

Straights and flushes count against the hand, the ace is high only, so A-5-4-3-2 is not
a straight but an ace-high hand (it beats other ace-high hands and every pair, and loses
to king-high); a pair of aces is the highest pair (``27-intro``). The best hand is
7-5-4-3-2 of at least two suits (``27-1``).

The order is the high order turned round, with the wheel read as ace-high: the key is
``D27_KEY_TOP - k`` where ``k`` is the high key of the hand with A-5-4-3-2 counted as an
ace-high (or ace-high flush) hand. A larger key is the better low.

>>> from pokerroom.cards import parse_cards
>>> best = evaluate_27_low(parse_cards("7d 5c 4h 3s 2h"))
>>> best.category, best.description
('7 low', '7-5-4-3-2 low')
>>> evaluate_27_low(parse_cards("7h 5h 4h 3h 2h")).description
'flush, seven high, 7-5-4-3-2'
>>> wheel = evaluate_27_low(parse_cards("Ad 5c 4h 3s 2h"))
>>> wheel.description
'A-5-4-3-2 low'
>>> wheel > evaluate_27_low(parse_cards("2d 2c 4h 3s 5h"))
True
>>> wheel < evaluate_27_low(parse_cards("Kd 5c 4h 3s 2h"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerroom.cards import Card, Rank
from pokerroom.hands.base import HandValue
from pokerroom.hands.high import (
    FLUSH,
    HIGH_CARD,
    HIGH_CATEGORIES,
    STRAIGHT,
    STRAIGHT_FLUSH,
    check_five_or_more,
    describe_high_key,
    high_key5,
    key_category,
    key_ranks,
)

__all__ = ["D27_KEY_TOP", "d27_high_key5", "d27_key5", "describe_27_key", "evaluate_27_low"]

D27_KEY_TOP: int = (1 << 24) - 1
_WHEEL_RANKS = (5, 4, 3, 2, 1)
_ACE_FIVE = (14 << 16) | (5 << 12) | (4 << 8) | (3 << 4) | 2


def d27_high_key5(c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """The high key of five cards with A-5-4-3-2 read as ace-high instead of a straight.

    >>> from pokerroom.cards import card
    >>> from pokerroom.hands.high import describe_high_key
    >>> describe_high_key(d27_high_key5(*(int(card(t)) for t in ("Ad", "5c", "4h", "3s", "2h"))))
    'ace high, 5-4-3-2'
    """
    key = high_key5(c1, c2, c3, c4, c5)
    category = key_category(key)
    if category in (STRAIGHT, STRAIGHT_FLUSH) and key_ranks(key) == _WHEEL_RANKS:
        unstraight = HIGH_CARD if category == STRAIGHT else FLUSH
        return (unstraight << 20) | _ACE_FIVE
    return key


def d27_key5(c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """The deuce-to-seven key of five standard cards (indexes 0..51); larger is better."""
    return D27_KEY_TOP - d27_high_key5(c1, c2, c3, c4, c5)


def describe_27_key(key: int) -> str:
    """What a player says: ``'7-5-4-3-2 low'`` for a hand without pair, straight or flush,
    otherwise the hand's high name (``'pair of aces, K-Q-J kickers'``)."""
    high = D27_KEY_TOP - key
    if key_category(high) == HIGH_CARD:
        return "-".join(Rank(r).symbol for r in key_ranks(high)) + " low"
    return describe_high_key(high)


def _category(key: int) -> str:
    high = D27_KEY_TOP - key
    if key_category(high) == HIGH_CARD:
        return f"{Rank(key_ranks(high)[0]).symbol} low"
    return HIGH_CATEGORIES[key_category(high)]


def evaluate_27_low(cards: Sequence[Card]) -> HandValue:
    """The best deuce-to-seven low among five or more standard cards.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_27_low(parse_cards("Ad Ac 4h 3s 2h")).category
    'pair'
    """
    check_five_or_more(cards, what="deuce-to-seven hand")
    best = -1
    best_five: tuple[Card, ...] = ()
    for five in combinations(cards, 5):
        key = d27_key5(*(int(c) for c in five))
        if key > best:
            best, best_five = key, five
    return HandValue(best, _category(best), describe_27_key(best), best_five)
