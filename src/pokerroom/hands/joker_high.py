"""Draw high with the joker as the bug (``joker-1``..``joker-4``, ``jacks-10``).

The joker is not fully wild: it may be used only as an ace, or to complete a straight, a
flush or a straight flush (``joker-2``). In a flush it is the highest card of the suit
missing from the hand (``joker-3``), and four aces with the joker are five aces, the best
hand (``joker-4``). The hand takes the best of the uses allowed, so A-A with the joker is
three aces, and four to a flush with the joker is a flush.

Keys are the standard high keys (:mod:`pokerroom.hands.high`), with five aces one
category above the straight flush.

>>> from pokerroom.cards import parse_cards
>>> evaluate_draw_high(parse_cards("As Ad Jk 7c 2d")).description
'three of a kind, aces, 7-2 kickers (joker as an ace)'
>>> evaluate_draw_high(parse_cards("Ks 9s 6s 2s Jk")).description
'flush, ace high, A-K-9-6-2 (joker as ace of spades)'
>>> evaluate_draw_high(parse_cards("As 9s 6s 2s Jk")).description
'flush, ace high, A-K-9-6-2 (joker as king of spades)'
>>> evaluate_draw_high(parse_cards("As Ad Ah Ac Jk")).description
'five aces'
>>> evaluate_draw_high(parse_cards("Kh Kd 9c 7s Jk")).description
'pair of kings, A-9-7 kickers (joker as an ace)'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerroom.cards import Card
from pokerroom.hands.base import HandValue
from pokerroom.hands.high import (
    FLUSH,
    HIGH_CATEGORIES,
    STRAIGHT,
    STRAIGHT_FLUSH,
    category_name,
    check_five_or_more,
    describe_high_key,
    high_key5,
    key_category,
)

__all__ = [
    "FIVE_ACES",
    "FIVE_ACES_KEY",
    "JOKER_HIGH_CATEGORIES",
    "best_joker_high",
    "evaluate_draw_high",
    "joker_high_key4",
]

FIVE_ACES = 9
FIVE_ACES_KEY: int = (FIVE_ACES << 20) | (14 << 16) | (14 << 12) | (14 << 8) | (14 << 4) | 14
JOKER_HIGH_CATEGORIES: tuple[str, ...] = (*HIGH_CATEGORIES, "five aces")

_ACES = (48, 49, 50, 51)


def joker_high_key4(four: Sequence[int]) -> tuple[int, int]:
    """The best key of four standard cards (indexes) and the joker, with the card the
    joker stands for (``-1`` for the fifth ace of five aces).

    The joker may be: any ace; any card that makes a straight or straight flush; with
    four cards of one suit, the highest card of that suit not in the hand.

    >>> from pokerroom.cards import card
    >>> key, stand_in = joker_high_key4([int(card(t)) for t in ("Ts", "Js", "Qs", "Ks")])
    >>> describe_high_key(key), Card(stand_in)
    ('royal flush', As)
    """
    held = set(four)
    if held.issuperset(_ACES):
        return FIVE_ACES_KEY, -1
    a, b, c, d = four
    best, best_card = -1, -1
    for ace in _ACES:
        if ace not in held:
            key = high_key5(a, b, c, d, ace)
            if key > best:
                best, best_card = key, ace
    for stand_in in range(52):
        if stand_in in held:
            continue
        key = high_key5(a, b, c, d, stand_in)
        if key > best and key_category(key) in (STRAIGHT, STRAIGHT_FLUSH):
            best, best_card = key, stand_in
    suit = a & 3
    if all(x & 3 == suit for x in four):
        top = next(r * 4 + suit for r in range(12, -1, -1) if r * 4 + suit not in held)
        key = high_key5(a, b, c, d, top)
        if key > best:
            best, best_card = key, top
    return best, best_card


def best_joker_high(cards: Sequence[Card]) -> tuple[int, tuple[Card, ...], int | None]:
    """Best key among the five-card subsets of ``cards`` (one joker allowed), the five
    cards, and the card index the joker stood for (``None`` when no joker played)."""
    best = -1
    best_five: tuple[Card, ...] = ()
    best_stand_in: int | None = None
    for five in combinations(cards, 5):
        stand_in: int | None = None
        if any(c.is_joker for c in five):
            key, stand_in = joker_high_key4([int(c) for c in five if not c.is_joker])
        else:
            key = high_key5(*(int(c) for c in five))
        if key > best:
            best, best_five, best_stand_in = key, five, stand_in
    return best, best_five, best_stand_in


def _joker_note(key: int, stand_in: int) -> str:
    card = Card(stand_in)
    if key_category(key) in (FLUSH, STRAIGHT_FLUSH):
        return f" (joker as {card.name})"
    noun = card.rank.noun
    article = "an" if noun[0] in "aeiou" else "a"
    return f" (joker as {article} {noun})"


def evaluate_draw_high(cards: Sequence[Card], *, joker: bool = True) -> HandValue:
    """The best high hand of five (or more) cards, the joker playing as the bug.

    ``joker`` says whether the joker is in use at the table (``joker-1``); when it is
    not, a joker in the hand is an error.

    >>> from pokerroom.cards import parse_cards
    >>> evaluate_draw_high(parse_cards("As Jk Ks Qs Tc")).description
    'straight, ace high (joker as a jack)'
    >>> evaluate_draw_high(parse_cards("As Jk Ks Qs 3d")).description
    'pair of aces, K-Q-3 kickers (joker as an ace)'
    """
    check_five_or_more(cards, jokers=joker, what="draw hand")
    key, five, stand_in = best_joker_high(cards)
    if key == FIVE_ACES_KEY:
        return HandValue(key, "five aces", "five aces", five)
    description = describe_high_key(key)
    if stand_in is not None:
        description += _joker_note(key, stand_in)
    return HandValue(key, category_name(key), description, five)


