"""pokerroom: deals and rules every game in a poker rulebook exactly as written."""

from pokerroom.cards import JOKER, UNKNOWN, Card, Rank, Suit, format_cards, parse_cards
from pokerroom.deck import Deck

__all__ = ["JOKER", "UNKNOWN", "Card", "Deck", "Rank", "Suit", "format_cards", "parse_cards"]
__version__ = "0.1.0"
