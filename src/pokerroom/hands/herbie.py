"""Herbie hands: three cards, every 2, 4 and 10 wild, only pairs and trips count.

Rules (``herbie-1.2``, ``herbie-1.4``, ``herbie-1.5``, ``herbie-suits``): three of a kind
beats any pair; within each type the higher rank wins; three wild cards are three aces,
the best hand; any hand holding a wild card is at least a pair; a hand without a pair
has no value and loses to every pair. "Only pairs and three of a kind count": by
default a pair's odd card counts for nothing, so K-K-9 and K-K-5 tie; the reading in
which the odd card (the kicker) breaks that tie is a house rule (:class:`HerbieOddCard`).
How two unpaired hands compare is a house rule too (``herbie-1.5-unpaired``,
:class:`HerbieUnpaired`). Suits never break ties.

>>> from pokerroom.cards import parse_cards
>>> evaluate_herbie(parse_cards("2h Ks 6c")).description
'pair of kings (1 wild)'
>>> kk9, kk5 = parse_cards("Kc Kd 9s"), parse_cards("Kh Ks 5c")
>>> evaluate_herbie(kk9) == evaluate_herbie(kk5)
True
>>> kicker = HerbieOddCard.BREAKS_TIES
>>> evaluate_herbie(kk9, odd_card=kicker) > evaluate_herbie(kk5, odd_card=kicker)
True
>>> evaluate_herbie(parse_cards("2h Ks 6c"), odd_card=kicker).description
'pair of kings, six kicker (1 wild)'
>>> evaluate_herbie(parse_cards("2h 4s Tc")).description
'three aces (3 wild)'
>>> evaluate_herbie(parse_cards("As Kd 9c")).category
'no pair'
>>> a = evaluate_herbie(parse_cards("As Kd 9c"), unpaired=HerbieUnpaired.NO_VALUE)
>>> b = evaluate_herbie(parse_cards("8s 6d 3c"), unpaired=HerbieUnpaired.NO_VALUE)
>>> a == b
True
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import product

from pokerroom.cards import Card, Rank
from pokerroom.hands.base import HandValue, check_cards

__all__ = [
    "NO_PAIR",
    "PAIR",
    "TRIPS",
    "WILD_RANKS",
    "HerbieOddCard",
    "HerbieUnpaired",
    "evaluate_herbie",
    "evaluate_herbie_brute_force",
    "is_wild",
]

TRIPS = "three of a kind"
PAIR = "pair"
NO_PAIR = "no pair"

WILD_RANKS: frozenset[Rank] = frozenset({Rank.TWO, Rank.FOUR, Rank.TEN})
"""Deuces, fours and tens are wild (``herbie-1.2``)."""


class HerbieUnpaired(Enum):
    """House rule ``herbie-1.5-unpaired``: how two hands without a pair compare.

    Either way an unpaired hand loses to any pair (``herbie-1.5``).
    """

    HIGH_CARDS = "high-cards"
    """Default (SUPPLEMENT §3): the high card, then the second, then the third."""
    NO_VALUE = "no-value"
    """Every unpaired hand is worth the same: two of them tie."""

    def describe(self) -> str:
        """The rule in words, for the table's announcement."""
        if self is HerbieUnpaired.HIGH_CARDS:
            return ("two hands without a pair compare by the high card, then the second, "
                    "then the third; an unpaired hand loses to any pair")
        return "all hands without a pair are equal (they tie); they lose to any pair"


class HerbieOddCard(Enum):
    """House rule on ``herbie-1.4``: does a pair's odd card break a tie between two pairs
    of one rank?

    Either way a pair of a higher rank beats a pair of a lower one, and trips beat pairs.
    """

    IGNORED = "ignored"
    """Default, as written ("only pairs and three of a kind count"): the odd card counts
    for nothing, so two pairs of one rank tie; as the best hands they play off
    (``herbie-4.3``), and against Herbie a tie follows the lone-tie rule (``herbie-4.4``)."""
    BREAKS_TIES = "breaks-ties"
    """The odd card (the kicker) decides between pairs of one rank; only equal kickers tie."""

    def describe(self) -> str:
        """The rule in words, for the table's announcement."""
        if self is HerbieOddCard.IGNORED:
            return ("a pair's odd card does not count: two pairs of the same rank tie "
                    "(K-K-9 ties K-K-5)")
        return ("a pair's odd card breaks a tie between pairs of the same rank (K-K-9 "
                "beats K-K-5)")


def is_wild(card: Card) -> bool:
    """True for a 2, 4 or 10.

    >>> from pokerroom.cards import card
    >>> is_wild(card("Td")), is_wild(card("3d"))
    (True, False)
    """
    return card.rank in WILD_RANKS


_CATEGORY_BASE = {NO_PAIR: 0, PAIR: 1 << 12, TRIPS: 2 << 12}


def _natural_value(ranks: Sequence[int], unpaired: HerbieUnpaired,
                   odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> tuple[int, str, str]:
    """Key, category and description of three ranks with no wild card left in them."""
    high, mid, low = sorted(ranks, reverse=True)
    if high == low:
        return (_CATEGORY_BASE[TRIPS] + high, TRIPS, f"three {Rank(high).plural}")
    if high == mid or mid == low:
        pair, kicker = (high, low) if high == mid else (mid, high)
        if odd_card is HerbieOddCard.IGNORED:
            return (_CATEGORY_BASE[PAIR] + pair * 16, PAIR, f"pair of {Rank(pair).plural}")
        return (_CATEGORY_BASE[PAIR] + pair * 16 + kicker, PAIR,
                f"pair of {Rank(pair).plural}, {Rank(kicker).noun} kicker")
    names = f"{Rank(high).noun}-{Rank(mid).noun}-{Rank(low).noun}"
    if unpaired is HerbieUnpaired.NO_VALUE:
        return (_CATEGORY_BASE[NO_PAIR], NO_PAIR, f"no pair ({names})")
    return (_CATEGORY_BASE[NO_PAIR] + (high * 16 + mid) * 16 + low,
            NO_PAIR, f"no pair, {names}")


def evaluate_herbie(cards: Sequence[Card], *,
                    unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                    odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> HandValue:
    """Value a three-card Herbie hand, wild cards played to their best.

    Two wild cards and a natural card make three of that rank; one wild card joins the
    higher natural card to make a pair (the other is the odd card), or makes trips with
    a natural pair.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_herbie(parse_cards("2c 4d 3s")).description
    'three threes (2 wild)'
    >>> evaluate_herbie(parse_cards("Tc 9d 9s")).description
    'three nines (1 wild)'
    >>> evaluate_herbie(parse_cards("7c 7d Qh")).description
    'pair of sevens'
    """
    check_cards(cards, sizes=[3], what="Herbie hand")
    naturals = sorted((int(c.rank) for c in cards if not is_wild(c)), reverse=True)
    wilds = 3 - len(naturals)
    if wilds == 3:
        key, category, words = _natural_value([14, 14, 14], unpaired, odd_card)
    elif wilds == 2:
        key, category, words = _natural_value([naturals[0]] * 3, unpaired, odd_card)
    elif wilds == 1:
        high, low = naturals
        ranks = [high, high, high] if high == low else [high, high, low]
        key, category, words = _natural_value(ranks, unpaired, odd_card)
    else:
        key, category, words = _natural_value(naturals, unpaired, odd_card)
    if wilds:
        words += f" ({wilds} wild)"
    hand = tuple(sorted(cards, key=lambda c: (int(c.rank), int(c.suit)), reverse=True))
    return HandValue(key, category, words, hand)


def evaluate_herbie_brute_force(cards: Sequence[Card], *,
                                unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                                odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> int:
    """The key of the best hand over every rank each wild card could stand for (the
    reference :func:`evaluate_herbie` is tested against).

    >>> from pokerroom.cards import parse_cards
    >>> hand = parse_cards("2h Ks 6c")
    >>> evaluate_herbie_brute_force(hand) == evaluate_herbie(hand).key
    True
    """
    check_cards(cards, sizes=[3], what="Herbie hand")
    choices = [range(2, 15) if is_wild(c) else (int(c.rank),) for c in cards]
    return max(_natural_value(ranks, unpaired, odd_card)[0] for ranks in product(*choices))
