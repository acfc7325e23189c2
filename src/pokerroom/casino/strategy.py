"""Ante strategies for Three Card Poker: play or fold by a threshold hand.

The optimal strategy plays Q-6-4 or better and folds below, unpaired hands compared
card by card (SUPPLEMENT §1); "queen-high or better" plays what would qualify for the
dealer; "always" never folds. Any other threshold hand makes a strategy too.

>>> from pokerroom.cards import parse_cards
>>> Q64.plays(parse_cards("Qd 6s 4c")), Q64.plays(parse_cards("Qd 6s 3c"))
(True, False)
>>> ThresholdStrategy.from_text("K-J-2").name
'K-J-2 or better'
>>> STRATEGIES["always"].plays(parse_cards("2c 3d 5h"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import JOKER_INDEX, Card, Rank, parse_cards
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.hands.base import check_cards
from pokerroom.hands.three_card import key_from_ranks, tcp_key_lookup, three_card_poker_key

__all__ = ["ALWAYS", "Q64", "QUEEN_HIGH", "STRATEGIES", "ThresholdStrategy", "strategy_named"]

_SYMBOLS = {r.symbol: int(r) for r in Rank} | {"10": 10}


@dataclass(frozen=True, slots=True)
class ThresholdStrategy:
    """Play every hand whose Three Card Poker key is at least ``threshold_key``; fold
    the rest. ``threshold_key = 0`` plays everything."""

    threshold_key: int
    name: str

    def __post_init__(self) -> None:
        if isinstance(self.threshold_key, bool) or not isinstance(self.threshold_key, int) \
                or self.threshold_key < 0:
            raise ConfigError(f"a threshold key is a whole number 0 or more, got "
                              f"{self.threshold_key!r}")

    @classmethod
    def from_text(cls, text: str) -> ThresholdStrategy:
        """A threshold written as three unsuited ranks, ``'Q-6-4'`` or ``'Q64'``, or as
        three cards (``'Qs 6d 4c'``: a suited threshold is a flush).

        >>> ThresholdStrategy.from_text("Q-9")
        Traceback (most recent call last):
        ...
        pokerroom.errors.ConfigError: 'Q-9' names 2 ranks: a threshold hand is three ranks \
like 'Q-6-4' (or three cards like 'Qs 6d 4c')
        """
        body = text.strip().upper().replace("-", "").replace(" ", "")
        if len(body) == 3 and all(ch in _SYMBOLS for ch in body):
            ranks = [_SYMBOLS[ch] for ch in body]
            key = key_from_ranks(ranks)
            shown = "-".join(Rank(r).symbol for r in sorted(ranks, reverse=True))
            return cls(key, f"{shown} or better")
        if body and all(ch in _SYMBOLS for ch in body):
            raise ConfigError(f"{text.strip()!r} names {len(body)} rank"
                              f"{'' if len(body) == 1 else 's'}: a threshold hand is three "
                              "ranks like 'Q-6-4' (or three cards like 'Qs 6d 4c')")
        try:
            key = three_card_poker_key(parse_cards(text))
        except PokerroomError as err:
            raise ConfigError(f"a threshold hand is three ranks like 'Q-6-4' or three "
                              f"cards like 'Qs 6d 4c': {err}") from err
        return cls(key, f"{text.strip()} or better")

    @property
    def short_name(self) -> str:
        """The threshold alone, as a bot's style gives it.

        >>> Q64.short_name, ThresholdStrategy.from_text("K-J-2").short_name
        ('Q-6-4', 'K-J-2')
        """
        return self.name.split(" or better")[0]

    def plays(self, cards: Sequence[Card], *, a23_lowest: bool = True) -> bool:
        """True when this strategy plays these three cards."""
        # asked at every decision of every bot: three distinct cards of the standard
        # deck (none unknown, no joker) need no further check
        a, b, c = sorted(cards) if len(cards) == 3 else (0, 0, 0)
        if not a < b < c < JOKER_INDEX:
            check_cards(cards, sizes=[3], what="three-card hand")
        return tcp_key_lookup(a23_lowest)[a * 2704 + b * 52 + c] >= self.threshold_key


Q64 = ThresholdStrategy(key_from_ranks([12, 6, 4]), "Q-6-4 or better (optimal)")
QUEEN_HIGH = ThresholdStrategy(key_from_ranks([12, 3, 2]), "queen-high or better")
ALWAYS = ThresholdStrategy(0, "always play")

STRATEGIES: dict[str, ThresholdStrategy] = {"q64": Q64, "queen": QUEEN_HIGH, "always": ALWAYS}


def strategy_named(name: str) -> ThresholdStrategy:
    """A named strategy (``q64``, ``queen``, ``always``) or a threshold hand.

    >>> strategy_named("queen").name
    'queen-high or better'
    """
    found = STRATEGIES.get(name.strip().lower())
    return found if found is not None else ThresholdStrategy.from_text(name)
