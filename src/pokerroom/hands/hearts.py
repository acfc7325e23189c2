"""Hearts Poker hands: the best five of a player's own cards and the community cards.

Each player shows two hand cards (``hearts-show``). Two of them change what the player
holds, and only as hand cards, never as community cards (``hearts-special-hand-only``):

* the queen of spades forces out the higher-ranking of the two hand cards, the queen
  itself when the other card is lower or is also a queen (``hearts-queen-spades``,
  ``hearts-queen-spades-pair``);
* the jack of diamonds earns one extra card (``hearts-jack-diamonds``).

The effects are read from the two hand cards shown; the queen acts first, so a player
showing Qs and Jd loses the queen and keeps the jack, which then earns its extra card.
The extra card itself has no effect.

The hand is the best five of the player's cards and the three (or six) community cards
(``hearts-best-five``). A player left with one hand card and three community cards plays
those four cards as they are (``hearts-four-card``): high card, pair, two pair, three or
four of a kind, never a straight, flush or full house. A four-card hand compares with
five-card hands by category, then card by card, a missing fifth card counting below
every rank: a four-card pair of aces with K-Q loses to any five-card pair of aces with
K-Q, and beats any pair of aces with K-J.

>>> from pokerroom.cards import parse_cards
>>> queen_of_spades_discard(parse_cards("Qs Kh"))
Kh
>>> queen_of_spades_discard(parse_cards("Qs Qh"))
Qs
>>> v = evaluate_hearts(parse_cards("Ah"), parse_cards("Ad Kc 7s"))
>>> v.category, v.description
('pair', 'pair of aces, K-7 kickers (four cards)')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerroom.cards import Card, Rank, card
from pokerroom.errors import InvalidHandError
from pokerroom.hands.base import HandValue, check_cards
from pokerroom.hands.high import (
    HIGH_CARD,
    HIGH_CATEGORIES,
    PAIR,
    QUADS,
    TRIPS,
    TWO_PAIR,
    evaluate_high,
)

__all__ = [
    "JACK_OF_DIAMONDS",
    "QUEEN_OF_SPADES",
    "earns_extra_card",
    "evaluate_hearts",
    "four_card_key",
    "hearts_own_cards",
    "queen_of_spades_discard",
]

QUEEN_OF_SPADES: Card = card("Qs")
JACK_OF_DIAMONDS: Card = card("Jd")


def _check_two(hand: Sequence[Card]) -> None:
    check_cards(hand, sizes=[2], what="Hearts Poker hand")


def queen_of_spades_discard(hand: Sequence[Card]) -> Card | None:
    """The hand card the queen of spades forces out of two hand cards, or ``None``
    without the queen of spades: the higher-ranking card, the queen itself when the
    other card is a queen or lower.

    >>> from pokerroom.cards import parse_cards
    >>> queen_of_spades_discard(parse_cards("Qs 4d")), queen_of_spades_discard(parse_cards("Ac 3d"))
    (Qs, None)
    """
    _check_two(hand)
    if QUEEN_OF_SPADES not in hand:
        return None
    other = hand[0] if hand[1] == QUEEN_OF_SPADES else hand[1]
    return other if other.rank > Rank.QUEEN else QUEEN_OF_SPADES


def earns_extra_card(hand: Sequence[Card]) -> bool:
    """True when the two hand cards earn the jack of diamonds' extra card: the jack is
    held and is not the card the queen of spades forces out (it never is, since the
    queen outranks it).

    >>> from pokerroom.cards import parse_cards
    >>> earns_extra_card(parse_cards("Jd Qs")), earns_extra_card(parse_cards("Jh Qs"))
    (True, False)
    """
    _check_two(hand)
    return JACK_OF_DIAMONDS in hand and queen_of_spades_discard(hand) != JACK_OF_DIAMONDS


def hearts_own_cards(hand: Sequence[Card], extra: Card | None = None) -> tuple[Card, ...]:
    """The cards a player makes a hand with: the two hand cards less any card the queen
    of spades forces out, plus the extra card when the jack of diamonds earned one.

    >>> from pokerroom.cards import parse_cards
    >>> hearts_own_cards(parse_cards("Qs Jd"), card("9c"))
    (Jd, 9c)
    >>> hearts_own_cards(parse_cards("Ks Qs"))
    (Qs,)
    >>> hearts_own_cards(parse_cards("Jd 5c"))
    Traceback (most recent call last):
    ...
    pokerroom.errors.InvalidHandError: the jack of diamonds earns an extra card: write it \
after the two hand cards, e.g. 'Jd 5c 9c'
    """
    _check_two(hand)
    if earns_extra_card(hand) != (extra is not None):
        if extra is None:
            spare = next(c for c in (card("9c"), card("8c"), card("7c")) if c not in hand)
            raise InvalidHandError("the jack of diamonds earns an extra card: write it "
                                   "after the two hand cards, e.g. "
                                   f"'{' '.join(map(repr, hand))} {spare!r}'")
        raise InvalidHandError("only a hand holding the jack of diamonds gets an extra card")
    out = queen_of_spades_discard(hand)
    own = tuple(c for c in hand if c != out)
    if extra is not None:
        check_cards([*hand, extra], sizes=[3], what="hand and extra card")
        own = (*own, extra)
    return own


def four_card_key(cards: Sequence[Card]) -> int:
    """The key of a four-card hand on the high-key scale, the fifth rank slot empty (0).

    >>> from pokerroom.cards import parse_cards
    >>> from pokerroom.hands.high import evaluate_high
    >>> four = four_card_key(parse_cards("Ah Ad Kc Qs"))
    >>> evaluate_high(parse_cards("Ah Ad Kc Qs 2d")).key > four
    True
    >>> evaluate_high(parse_cards("Ah Ad Kc Js 9d")).key < four
    True
    """
    counts = Counter(int(c.rank) for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ranks = [r for r, n in groups for _ in range(n)]
    category = {(1, 1, 1, 1): HIGH_CARD, (2, 1, 1): PAIR, (2, 2): TWO_PAIR, (3, 1): TRIPS,
                (4,): QUADS}[tuple(sorted(counts.values(), reverse=True))]
    r1, r2, r3, r4 = ranks
    return (category << 20) | (r1 << 16) | (r2 << 12) | (r3 << 8) | (r4 << 4)


def _describe_four(key: int) -> str:
    category = key >> 20
    r = [Rank((key >> shift) & 15) for shift in (16, 12, 8, 4)]

    def symbols(ranks: Sequence[Rank]) -> str:
        return "-".join(x.symbol for x in ranks)

    if category == HIGH_CARD:
        text = f"{r[0].noun} high, {symbols(r[1:])}"
    elif category == PAIR:
        text = f"pair of {r[0].plural}, {symbols(r[2:])} kickers"
    elif category == TWO_PAIR:
        text = f"two pair, {r[0].plural} and {r[2].plural}"
    elif category == TRIPS:
        text = f"three of a kind, {r[0].plural}, {r[3].noun} kicker"
    else:
        text = f"four of a kind, {r[0].plural}"
    return text + " (four cards)"


def evaluate_hearts(own: Sequence[Card], community: Sequence[Card]) -> HandValue:
    """The Hearts Poker hand of a player's own cards (after the queen of spades and jack
    of diamonds effects: one, two or three cards) and the three or six community cards.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_hearts(parse_cards("Ah Kh"), parse_cards("Qh Jh Th")).description
    'royal flush'
    >>> evaluate_hearts(parse_cards("Qh"), parse_cards("Jh Th 9h 8h 2c 3d")).description
    'straight flush, queen high'
    """
    check_cards(own, sizes=[1, 2, 3], what="player's own cards")
    check_cards(community, sizes=[3, 6], what="community cards")
    check_cards([*own, *community], sizes=range(4, 10), what="own and community cards")
    cards = [*own, *community]
    if len(cards) == 4:
        key = four_card_key(cards)
        return HandValue(key, HIGH_CATEGORIES[key >> 20], _describe_four(key), tuple(cards))
    return evaluate_high(cards)
