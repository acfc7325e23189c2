"""A quick hand-strength estimate (0 = hopeless, 1 = the nuts) for the poker bots.

It is a heuristic a player can follow, not a solver: hold'em starting hands by the Chen
formula; made hands by their category; low hands by how many distinct low cards they
hold and how high the top one is; unfinished stud hands by pairs and high cards. Kinds:
``"high"`` (hold'em, stud, draw high, jacks), ``"omaha"``, ``"a5"`` (ace-to-five lows,
razz), ``"27"`` (deuce-to-seven), and ``"hilo"`` / ``"omaha-hilo"`` (the better half).

>>> from pokerroom.cards import parse_cards
>>> aces, junk = parse_cards("As Ad"), parse_cards("7c 2d")
>>> round(strength("high", aces), 2), round(strength("high", junk), 2)
(1.0, 0.0)
>>> strength("high", parse_cards("As Kd"), parse_cards("Ac Kh 7s")) > 0.6
True
>>> strength("a5", parse_cards("Ac 2d 3h 4s 5c")) > strength("a5", parse_cards("Kc Kd 3h 4s 5c"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pokerroom.cards import Card
from pokerroom.errors import InvalidHandError
from pokerroom.hands.high import evaluate_high, evaluate_omaha, key_category

__all__ = ["chen_score", "low_strength", "made_high_strength", "strength"]

_CATEGORY_BASE = (0.05, 0.35, 0.62, 0.72, 0.8, 0.84, 0.92, 0.97, 0.99)


def chen_score(hole: Sequence[Card]) -> float:
    """The Chen formula for two hole cards (-1 to 20).

    >>> from pokerroom.cards import parse_cards
    >>> chen_score(parse_cards("As Ks")), chen_score(parse_cards("7c 2d"))
    (12.0, -1.5)
    """
    values = {14: 10.0, 13: 8.0, 12: 7.0, 11: 6.0}
    known = [c for c in hole if c.is_standard]
    if len(known) < 2:
        return 0.0
    a, b = sorted(known, key=lambda c: -int(c.rank))[:2]
    high = values.get(int(a.rank), int(a.rank) / 2)
    if a.rank == b.rank:
        return max(5.0, high * 2)
    score = high + (2.0 if a.suit == b.suit else 0.0)
    gap = int(a.rank) - int(b.rank) - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and int(a.rank) < 12:
        score += 1
    return score


def made_high_strength(cards: Sequence[Card], board: Sequence[Card] = (),
                       omaha: bool = False) -> float:
    """Strength of the best high hand now made (five cards or more in all)."""
    try:
        value = evaluate_omaha(cards, board) if omaha else evaluate_high((*cards, *board))
    except InvalidHandError:
        return 0.0
    category = key_category(value.key)
    top = (value.key >> 16) & 0xF
    score = _CATEGORY_BASE[category] + 0.1 * (top - 2) / 12
    if board and not omaha and len(board) >= 5:
        try:
            board_only = evaluate_high(board)
            if key_category(board_only.key) == category:
                score -= 0.2  # the board plays: everyone has it
        except InvalidHandError:
            pass
    return max(0.0, min(1.0, score))


def _partial_high(cards: Sequence[Card]) -> float:
    """Fewer than five cards (early stud streets): pairs, trips and high cards."""
    ranks = [int(c.rank) for c in cards if c.is_standard]
    if not ranks:
        return 0.3
    counts = Counter(ranks)
    best, how_many = max(counts.items(), key=lambda item: (item[1], item[0]))
    if how_many >= 3:
        return 0.9
    if how_many == 2:
        return 0.45 + 0.3 * (best - 2) / 12
    suits = Counter(int(c.suit) for c in cards if c.is_standard)
    flushy = 0.1 if max(suits.values()) >= 3 else 0.0
    return 0.1 + 0.25 * (max(ranks) - 2) / 12 + flushy


def low_strength(cards: Sequence[Card], *, ace_low: bool = True, top: int = 8) -> float:
    """Strength of a low hand: distinct low cards held and how low the worst of the
    best five is (aces low in ace-to-five, high in deuce-to-seven)."""
    ranks: list[int] = []
    jokers = 0
    for c in cards:
        if c.is_joker:
            jokers += 1
        elif c.is_standard:
            value = int(c.rank)
            ranks.append(1 if ace_low and value == 14 else value)
    distinct = sorted({r for r in ranks if r <= top})
    lows = distinct[:5]
    have = min(5, len(lows) + jokers)
    if have == 0:
        return 0.05
    worst = lows[-1] if lows else 1
    score = 0.15 * have + 0.25 * (top - worst) / max(1, top - 1)
    if have >= 5:
        score += 0.1
    return max(0.0, min(1.0, score))


def strength(kind: str, cards: Sequence[Card], board: Sequence[Card] = ()) -> float:
    """The bot's estimate for ``cards`` (its own, face down and up) and the board."""
    known = [c for c in cards if c.is_known]
    total = len(known) + len(board)
    if kind == "high" and not board and len(known) == 2:
        return max(0.0, min(1.0, (chen_score(known) + 1) / 21 * 1.05))
    if kind in ("high", "hilo"):
        high = made_high_strength([c for c in known if not c.is_joker], board) \
            if total >= 5 else _partial_high(known)
        if kind == "hilo":
            return max(high, low_strength((*known, *board)) * 0.95)
        return high
    if kind in ("omaha", "omaha-hilo"):
        if len(board) >= 3:
            high = made_high_strength(known, board, omaha=True)
        else:
            high = _partial_high(known) + 0.05
        if kind == "omaha-hilo":
            return max(high, low_strength(known) * 0.9)
        return high
    if kind == "a5":
        return low_strength((*known, *board))
    if kind == "27":
        return low_strength((*known, *board), ace_low=False, top=9) * 0.95
    raise ValueError(f"unknown strength kind {kind!r}")
