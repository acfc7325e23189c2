"""Cards, ranks, suits and jokers, with parsing and printing in common notation.

A :class:`Card` is an ``int`` subclass: ``(rank - 2) * 4 + suit`` for the 52 standard
cards, ``52`` for the joker and ``53`` for an unknown (hidden) card. Every card is an
interned singleton, so cards hash, sort and compare as fast as integers, and arrays of
cards convert straight to NumPy.

>>> Card.parse("As")
As
>>> parse_cards("[Td 10c Jk ??]")
(Td, Tc, Jk, ??)
>>> Card.parse("As").rank, Card.parse("As").suit
(Rank.ACE, Suit.SPADES)
>>> format_cards(parse_cards("AsKd"))
'As Kd'
>>> Card.parse("Zz")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.CardParseError: bad card 'Zz': expected a rank (2-9, T/10, J, Q, K, A) ...
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from enum import IntEnum
from typing import ClassVar

from pokerroom.errors import CardParseError

__all__ = [
    "JOKER",
    "STANDARD_CARDS",
    "UNKNOWN",
    "Card",
    "Rank",
    "Suit",
    "card",
    "format_cards",
    "parse_cards",
]


class Rank(IntEnum):
    """Card ranks, deuce (2) to ace (14); an ace plays low where a ranking says so."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    @property
    def symbol(self) -> str:
        """One-character symbol: ``'2'``..``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return _RANK_SYMBOLS[self.value]

    @property
    def noun(self) -> str:
        """The rank as a player says it: ``'ace'``, ``'seven'``."""
        return _RANK_NOUNS[self.value]

    @property
    def plural(self) -> str:
        """The plural a player says: ``'aces'``, ``'sixes'``."""
        return "sixes" if self is Rank.SIX else self.noun + "s"


class Suit(IntEnum):
    """Suits, in the order used only for bring-ins and odd chips (clubs lowest)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    @property
    def symbol(self) -> str:
        """One-letter symbol: ``'c'``, ``'d'``, ``'h'``, ``'s'``."""
        return "cdhs"[self.value]

    @property
    def glyph(self) -> str:
        """The suit's printed glyph, for displays: ``'♠'``."""
        return "♣♦♥♠"[self.value]


_RANK_SYMBOLS = dict(zip(range(2, 15), "23456789TJQKA", strict=True))
_RANK_NOUNS = {2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
               8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
               14: "ace"}
_RANK_BY_SYMBOL = {s: Rank(v) for v, s in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}
_SUIT_BY_SYMBOL = {symbol: suit for suit in Suit for symbol in (suit.symbol, suit.glyph)}
_EXPECTED = "expected a rank (2-9, T/10, J, Q, K, A) and a suit (c, d, h, s), 'Jk' or '??'"

_RANK_OF: tuple[Rank, ...] = tuple(Rank(index // 4 + 2) for index in range(52))
_SUIT_OF: tuple[Suit, ...] = tuple(Suit(index % 4) for index in range(52))
"""Each of the 52 cards' rank and suit by its index (an enum call per card is slow)."""

JOKER_INDEX = 52
UNKNOWN_INDEX = 53


class Card(int):
    """One playing card (or the joker, or an unknown card), interned by index.

    >>> Card.of(Rank.ACE, Suit.SPADES) is Card.parse("As")
    True
    >>> int(Card.parse("2c")), int(Card.parse("As")), int(JOKER)
    (0, 51, 52)
    >>> JOKER.is_joker, UNKNOWN.is_known
    (True, False)
    """

    __slots__ = ()
    _interned: ClassVar[list[Card]] = []

    def __new__(cls, index: int) -> Card:
        if cls._interned and 0 <= index < len(cls._interned):
            return cls._interned[index]
        if not 0 <= index <= UNKNOWN_INDEX:
            raise CardParseError(str(index), "a card index is 0..53")
        return super().__new__(cls, index)

    @classmethod
    def of(cls, rank: Rank | int, suit: Suit | int) -> Card:
        """The card of this rank and suit."""
        return cls._interned[(int(rank) - 2) * 4 + int(suit)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card: ``'As'``, ``'Td'``, ``'10d'``, ``'Jk'``, ``'??'``, ``'A♠'``."""
        token = text.strip()
        if token in ("Jk", "JK", "jk", "Joker", "joker", "Xx", "*"):
            return JOKER
        if token == "??":
            return UNKNOWN
        rank = _RANK_BY_SYMBOL.get(token[:-1].upper()) if len(token) >= 2 else None
        suit = _SUIT_BY_SYMBOL.get(token[-1:].lower()) if token else None
        if rank is None or suit is None:
            raise CardParseError(token, _EXPECTED)
        return cls.of(rank, suit)

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self == JOKER_INDEX

    @property
    def is_known(self) -> bool:
        """False for the unknown card ``??`` that stands for a hidden card."""
        return self != UNKNOWN_INDEX

    @property
    def is_standard(self) -> bool:
        """True for the 52 ranked and suited cards."""
        return self < JOKER_INDEX

    @property
    def rank(self) -> Rank:
        """The rank; a joker or unknown card has none (``ValueError``)."""
        if not self.is_standard:
            raise ValueError(f"{self!r} has no rank")
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The suit; a joker or unknown card has none (``ValueError``)."""
        if not self.is_standard:
            raise ValueError(f"{self!r} has no suit")
        return _SUIT_OF[self]

    @property
    def name(self) -> str:
        """The card in words: ``'ace of spades'``, ``'the joker'``."""
        if self.is_joker:
            return "the joker"
        if not self.is_known:
            return "an unknown card"
        return f"{self.rank.noun} of {self.suit.name.lower()}"

    def pretty(self) -> str:
        """Rank and suit glyph: ``'A♠'``."""
        if not self.is_standard:
            return str(self)
        return self.rank.symbol + self.suit.glyph

    def __repr__(self) -> str:
        return _NOTATION[self]

    __str__ = __repr__

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


Card._interned = [int.__new__(Card, i) for i in range(UNKNOWN_INDEX + 1)]
# each card's notation, by index (cards are printed often: hand logs, views, histories)
_NOTATION: tuple[str, ...] = tuple(
    "Jk" if i == JOKER_INDEX else "??" if i == UNKNOWN_INDEX
    else Rank(i // 4 + 2).symbol + Suit(i % 4).symbol for i in range(UNKNOWN_INDEX + 1))
JOKER: Card = Card._interned[JOKER_INDEX]
UNKNOWN: Card = Card._interned[UNKNOWN_INDEX]
STANDARD_CARDS: tuple[Card, ...] = tuple(Card._interned[:JOKER_INDEX])

_TOKEN = re.compile(r"(10|[2-9TJQKAtjqka])([cdhs♣♦♥♠])|Jk|JK|jk|\?\?")
_SEPARATORS = re.compile(r"[\s,]+")
_BY_TOKEN: dict[str, Card] = {
    token: Card.parse(token)
    for token in [rank + suit for rank in ["10", *"23456789TJQKAtjqka"]
                  for suit in "cdhs♣♦♥♠"] + ["Jk", "JK", "jk", "??"]}
"""The card of every token :data:`_TOKEN` matches, parsed once (histories are read by
the thousand)."""


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse cards written together or apart: ``'AsKd'``, ``'As Kd'``, ``'[As, Kd]'``.

    An iterable of strings or cards is accepted too. Any token that is not a card raises
    :class:`~pokerroom.errors.CardParseError` naming it.

    >>> parse_cards("10s9s")
    (Ts, 9s)
    >>> parse_cards(["Ah", "2c"])
    (Ah, 2c)
    >>> parse_cards("As Kx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.CardParseError: bad card 'Kx': expected a rank ...
    """
    if not isinstance(text, str):
        return tuple(c if isinstance(c, Card) else Card.parse(c) for c in text)
    return _parse_text(text)


@functools.lru_cache(maxsize=8192)
def _parse_text(text: str) -> tuple[Card, ...]:
    """:func:`parse_cards` of a text, read once (histories name the same cards line
    after line, and every replay reads them again); a text that is not cards raises
    each time."""
    body = text.strip()
    if body.startswith("[") and body.endswith("]"):
        body = body[1:-1]
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(body):
        if not chunk:
            continue
        if not len(chunk) % 2:
            # the quick path: two-character tokens only ("AsKd", "????"), each the
            # token the pattern would match there (a "10" is not one: the pattern's way)
            pairs = [_BY_TOKEN.get(chunk[i:i + 2]) for i in range(0, len(chunk), 2)]
            if None not in pairs:
                cards.extend(pairs)  # type: ignore[arg-type]
                continue
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            if match is None:
                raise CardParseError(_bad_token(chunk, pos), _EXPECTED)
            cards.append(_BY_TOKEN[match.group(0)])
            pos = match.end()
    return tuple(cards)


def _bad_token(chunk: str, pos: int) -> str:
    """The stretch of ``chunk`` at ``pos`` that failed to parse, for the error message."""
    rest = chunk[pos:]
    return rest[:3] if rest[:2] == "10" else rest[:2]


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards separated by spaces, in paste-back notation (or with suit glyphs).

    >>> format_cards(parse_cards("AsKd"), pretty=True)
    'A♠ K♦'
    """
    return " ".join(c.pretty() if pretty else repr(c) for c in cards)


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`.

    >>> card("Qh").name
    'queen of hearts'
    """
    return Card.parse(text)
