"""Badugi: four cards, ace low, the lowest hand of different ranks and suits wins.

A hand plays the most cards it can that are all of different ranks and all of different
suits; a card that pairs another, or shares its suit, does not play. Four such cards (a
*badugi*) beat any three, three beat any two, two beat any one. Between hands of the same
number of cards the lower wins, compared from the highest card down; aces are low and
straights do not count, so the best hand is A-2-3-4 of four suits. Where a hand can
play its cards more than one way, it plays the lowest (``docs/badugi.md`` gives the
sources).

The key counts the cards that play and turns the ranks round so that, as everywhere in
pokerroom, a larger key is the better hand: ``(n << 16)`` plus, from the highest card
down, ``14 - rank`` (ace = 1) in four-bit steps, missing cards as zero.

>>> from pokerroom.cards import parse_cards
>>> evaluate_badugi(parse_cards("4c 3d 2h As")).description
'4-3-2-A badugi'
>>> evaluate_badugi(parse_cards("Kc Qd Jh Ts")) > evaluate_badugi(parse_cards("Ac 2c 3d 4h"))
True
>>> evaluate_badugi(parse_cards("8h 5d 3s Ah")).description
'three cards, 5-3-A'
>>> evaluate_badugi(parse_cards("Qd Jd 8d 4d")).category
'one card'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokerroom.cards import Card, Rank
from pokerroom.hands.base import HandValue, check_cards

__all__ = [
    "BADUGI",
    "BADUGI_CATEGORIES",
    "BadugiRanking",
    "badugi_key",
    "badugi_size",
    "best_badugi",
    "describe_badugi_key",
    "evaluate_badugi",
]

BADUGI_CATEGORIES: tuple[str, ...] = ("one card", "two cards", "three cards", "badugi")
"""The categories from worst to best, by the number of cards that play (1 to 4)."""


def _low(rank: int) -> int:
    """A rank with the ace as 1."""
    return 1 if rank == 14 else rank


def _key(ranks: Sequence[int]) -> int:
    """The key of cards that play, given their ranks (ace = 1)."""
    key = len(ranks) << 16
    for i, rank in enumerate(sorted(ranks, reverse=True)):
        key |= (14 - rank) << (12 - 4 * i)
    return key


def best_badugi(cards: Sequence[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """The key of a hand given as ``(rank, suit)`` pairs (ranks 2..14), and the positions
    of the cards that play, lowest first: the readable definition, trying every set of
    cards of different ranks and suits, the largest sets first.

    >>> key, playing = best_badugi([(14, 0), (2, 1), (3, 2), (3, 3)])
    >>> key == _key([1, 2, 3]), playing
    (True, (0, 1, 2))
    >>> best_badugi([(13, 0), (13, 1), (13, 2), (13, 3)])[0] == _key([13])
    True
    """
    best = 0
    best_set: tuple[int, ...] = ()
    for size in range(len(cards), 0, -1):
        for chosen in combinations(range(len(cards)), size):
            ranks = {cards[i][0] for i in chosen}
            if len(ranks) == size and len({cards[i][1] for i in chosen}) == size:
                key = _key([_low(r) for r in ranks])
                if key > best:
                    best, best_set = key, chosen
        if best:
            break
    return best, tuple(sorted(best_set, key=lambda i: _low(cards[i][0])))


def badugi_key(cards: Sequence[int]) -> int:
    """The key of one to four standard cards given as card indexes (0..51).

    >>> from pokerroom.cards import parse_cards
    >>> badugi_key([int(c) for c in parse_cards("Kc Kd 2h 2s")]) == _key([13, 2])
    True
    """
    return best_badugi([(c // 4 + 2, c & 3) for c in cards])[0]


def badugi_size(key: int) -> int:
    """How many cards play in the hand of ``key`` (1 to 4)."""
    return key >> 16


def _ranks(key: int) -> list[int]:
    """The ranks that play (ace = 1), highest first."""
    return [14 - ((key >> (12 - 4 * i)) & 15) for i in range(badugi_size(key))]


def describe_badugi_key(key: int) -> str:
    """What a player says: ``'8-5-3-A badugi'``, ``'three cards, 7-4-2'``.

    >>> describe_badugi_key(_key([13]))
    'one card, K'
    """
    symbols = "-".join(Rank(14 if r == 1 else r).symbol for r in _ranks(key))
    size = badugi_size(key)
    if size == 4:
        return f"{symbols} badugi"
    return f"{BADUGI_CATEGORIES[size - 1]}, {symbols}"


def evaluate_badugi(cards: Sequence[Card]) -> HandValue:
    """The badugi value of a four-card hand; ``cards`` of the value are those that play,
    lowest first.

    >>> from pokerroom.cards import parse_cards
    >>> hand = evaluate_badugi(parse_cards("Ah 2d 3s 3c"))
    >>> hand.description, hand.cards
    ('three cards, 3-2-A', (Ah, 2d, 3s))
    """
    check_cards(cards, sizes=[4], what="badugi hand")
    key, playing = best_badugi([(int(c.rank), int(c.suit)) for c in cards])
    return HandValue(key, BADUGI_CATEGORIES[badugi_size(key) - 1], describe_badugi_key(key),
                     tuple(cards[i] for i in playing))


class BadugiRanking:
    """Badugi as a :class:`~pokerroom.hands.base.Ranking` (what an engine variant names
    as its showdown): a seat's four cards, no board.

    >>> from pokerroom.cards import parse_cards
    >>> BADUGI.evaluate(parse_cards("Kc Qd Jh Ts")).category
    'badugi'
    """

    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "badugi"

    def __repr__(self) -> str:
        return "BadugiRanking()"

    def evaluate(self, cards: Sequence[Card]) -> HandValue:
        """The badugi value of four cards."""
        return evaluate_badugi(cards)


BADUGI = BadugiRanking()
"""The badugi ranking."""
