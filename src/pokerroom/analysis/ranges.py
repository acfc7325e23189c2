"""Hold'em starting-hand ranges in the common notation.

A range is a comma-separated list of parts:

* ``AKs`` (suited, 4 combinations), ``AKo`` (offsuit, 12), ``AK`` (both, 16), ``QQ`` (6);
* ``QQ+``: that pair and every higher pair;
* ``A9s+``: the kicker climbs up to one below the top card (A9s, ATs, AJs, AQs, AKs);
* ``T9s+`` (connectors, the second card one below the first): both cards climb together
  (T9s, JTs, QJs, KQs, AKs), as the notation is read at the tables;
* ``22-55`` and ``A2s-A5s``: every hand between the two, inclusive;
* exact cards such as ``AhKh``.

>>> len(parse_range("QQ+")), len(parse_range("AKs")), len(parse_range("AKo"))
(18, 4, 12)
>>> sorted({hand_class(c) for c in parse_range("T9s+")})
['AKs', 'JTs', 'KQs', 'QJs', 'T9s']
>>> len(parse_range("22-44, A2s-A4s, AhKh"))
31
>>> parse_range("AKx")
Traceback (most recent call last):
...
pokerroom.errors.InvalidHandError: bad range part 'AKx': try QQ+, AKs, T9s+, AJo, 22-55, AhKh
"""

from __future__ import annotations

import re

from pokerroom.cards import Card, parse_cards
from pokerroom.errors import CardParseError, InvalidHandError

__all__ = ["hand_class", "parse_range"]

_RANKS = "23456789TJQKA"
_PART = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$")
_SPAN = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)$")

Combo = tuple[Card, Card]


def hand_class(combo: Combo) -> str:
    """The class of a two-card combination: ``'AKs'``, ``'AKo'`` or ``'QQ'``."""
    a, b = sorted(combo, key=int, reverse=True)
    if a.rank == b.rank:
        return a.rank.symbol * 2
    return a.rank.symbol + b.rank.symbol + ("s" if a.suit == b.suit else "o")


def _combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combinations of rank indexes ``high`` >= ``low`` (0 = deuce) of a kind ('' both)."""
    out: list[Combo] = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = Card(high * 4 + s1), Card(low * 4 + s2)
            if high == low:
                if s1 < s2:
                    out.append((b, a))
            elif (kind != "o" and s1 == s2) or (kind != "s" and s1 != s2):
                out.append((a, b))
    return out


def _bad(part: str) -> InvalidHandError:
    return InvalidHandError(f"bad range part {part!r}: try QQ+, AKs, T9s+, AJo, 22-55, AhKh")


def _part(part: str) -> list[Combo]:
    match = _PART.match(part)
    if match:
        high, low = sorted((_RANKS.index(match[1]), _RANKS.index(match[2])), reverse=True)
        kind, plus = match[3], match[4] == "+"
        if high == low:
            if kind:
                raise _bad(part)
            tops = range(high, 13) if plus else [high]
            return [c for r in tops for c in _combos(r, r, "")]
        if not plus:
            return _combos(high, low, kind)
        if high - low == 1:
            return [c for h in range(high, 13) for c in _combos(h, h - 1, kind)]
        return [c for k in range(low, high) for c in _combos(high, k, kind)]
    match = _SPAN.match(part)
    if match:
        h1, l1, k1, h2, l2, k2 = match.groups()
        a = sorted((_RANKS.index(h1), _RANKS.index(l1)), reverse=True)
        b = sorted((_RANKS.index(h2), _RANKS.index(l2)), reverse=True)
        if k1 != k2:
            raise _bad(part)
        if a[0] == a[1] and b[0] == b[1]:
            lo, hi = sorted((a[0], b[0]))
            return [c for r in range(lo, hi + 1) for c in _combos(r, r, "")]
        if a[0] == b[0] and a[0] not in (a[1], b[1]):
            lo, hi = sorted((a[1], b[1]))
            return [c for k in range(lo, hi + 1) for c in _combos(a[0], k, k1)]
        raise _bad(part)
    try:
        cards = parse_cards(part)
    except CardParseError:
        raise _bad(part) from None
    if len(cards) != 2 or cards[0] == cards[1] or not all(c.is_standard for c in cards):
        raise _bad(part)
    return [(cards[0], cards[1])]


def parse_range(text: str) -> list[Combo]:
    """Every two-card combination of a range, each once, in a stable order."""
    seen: set[frozenset[int]] = set()
    out: list[Combo] = []
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        raise InvalidHandError("empty range")
    for part in parts:
        if not part:
            continue
        for combo in _part(part):
            key = frozenset(int(c) for c in combo)
            if key not in seen:
                seen.add(key)
                out.append(combo)
    return out
