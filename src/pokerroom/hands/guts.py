"""Two-card Guts hands (``guts-4.2a``..``guts-4.2d``).

Aces are high; any pair beats any two unpaired cards; pairs rank from A-A down to 2-2;
unpaired hands compare the top card, then the second. There are no two-card straights
or flushes, so the lowest hand is 3-2, and suits never break ties.

>>> from pokerroom.cards import parse_cards
>>> evaluate_guts2(parse_cards("As Ad")).description
'pair of aces'
>>> evaluate_guts2(parse_cards("Kd As")).description
'ace-king'
>>> evaluate_guts2(parse_cards("2c 2d")) > evaluate_guts2(parse_cards("As Kd"))
True
>>> evaluate_guts2(parse_cards("3h 2h")) == evaluate_guts2(parse_cards("3c 2d"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card
from pokerroom.hands.base import HandValue, check_cards

__all__ = ["HIGH_CARD", "PAIR", "evaluate_guts2"]

PAIR = "pair"
HIGH_CARD = "high card"

_PAIR_BASE = 15 * 15
"""Every pair key is above every unpaired key (``top * 15 + second < 225``)."""


def evaluate_guts2(cards: Sequence[Card]) -> HandValue:
    """Value a two-card Guts hand; raises ``InvalidHandError`` unless given two
    distinct known standard cards.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_guts2(parse_cards("9c 9s")).key > evaluate_guts2(parse_cards("8c 8s")).key
    True
    >>> evaluate_guts2(parse_cards("Ah 3c")) > evaluate_guts2(parse_cards("Kh Qc"))
    True
    """
    check_cards(cards, sizes=[2], what="two-card Guts hand")
    high, low = sorted((int(c.rank) for c in cards), reverse=True)
    hand = tuple(sorted(cards, key=lambda c: (int(c.rank), int(c.suit)), reverse=True))
    if high == low:
        rank = hand[0].rank
        return HandValue(_PAIR_BASE + high, PAIR, f"pair of {rank.plural}", hand)
    return HandValue(high * 15 + low, HIGH_CARD,
                     f"{hand[0].rank.noun}-{hand[1].rank.noun}", hand)
