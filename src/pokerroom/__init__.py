"""pokerroom: deals and rules every game in a poker rulebook exactly as written.

The names below load on first use, so that ``import pokerroom.cli`` (or any one
module) does not pay for the others.

>>> from pokerroom import parse_cards
>>> parse_cards("As Kd")
(As, Kd)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerroom.compiled import use_sources_if_needed

use_sources_if_needed()

if TYPE_CHECKING:
    from pokerroom.cards import JOKER, UNKNOWN, Card, Rank, Suit, format_cards, parse_cards
    from pokerroom.deck import Deck

__all__ = ["JOKER", "UNKNOWN", "Card", "Deck", "Rank", "Suit", "format_cards", "parse_cards"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "Deck":
        from pokerroom.deck import Deck

        return Deck
    if name in __all__:
        from pokerroom import cards

        return getattr(cards, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
