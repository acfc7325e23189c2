"""Typed errors. Every error pokerroom raises for bad input is a :class:`PokerroomError`.

Errors split by cause, as a user needs them: a string that is not a card
(:class:`CardParseError`), cards that do not make a hand of the game
(:class:`InvalidHandError`), an impossible table or house-rule setting
(:class:`ConfigError`), a move the rules do not allow now (:class:`IllegalActionError`,
:class:`OutOfTurnError`), and a deck that has run out (:class:`DeckExhaustedError`).
An error never leaves a state half-changed.

>>> try:
...     raise CardParseError("Zz", "not a card")
... except ValueError as err:
...     print(err, "|", err.token)
bad card 'Zz': not a card | Zz
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "ConfigError",
    "DeckExhaustedError",
    "HistoryError",
    "IllegalActionError",
    "InvalidHandError",
    "OutOfTurnError",
    "PokerroomError",
    "TournamentError",
]


class PokerroomError(Exception):
    """Base class of every error pokerroom raises on purpose."""


class CardParseError(PokerroomError, ValueError):
    """A card string that cannot be parsed; ``token`` is the offending text."""

    def __init__(self, token: str, reason: str) -> None:
        self.token = token
        super().__init__(f"bad card {token!r}: {reason}")


class InvalidHandError(PokerroomError, ValueError):
    """Cards that do not make a hand of the game: wrong count, duplicates, jokers where
    the game has none, unknown cards where known ones are needed."""


class ConfigError(PokerroomError, ValueError):
    """An impossible game, stakes or house-rule setting, caught when the config is made."""


class TournamentError(ConfigError):
    """A tournament structure, payout table, ICM or deal input that cannot be; ``field``
    names the part at fault (``levels[3].big_blind``, ``payouts``, ``stacks[2]``)."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        super().__init__(f"{field}: {reason}")


class IllegalActionError(PokerroomError, ValueError):
    """An action the rules do not allow in the current state; the state is unchanged."""


class OutOfTurnError(IllegalActionError):
    """An action by a seat (or the dealer) whose turn it is not."""


class DeckExhaustedError(PokerroomError):
    """More cards were asked of a deck than it holds; the engine rules on it."""

    def __init__(self, wanted: int, left: int) -> None:
        self.wanted = wanted
        self.left = left
        super().__init__(f"the deck has {left} card(s) left, {wanted} wanted")


class HistoryError(PokerroomError, ValueError):
    """A hand history that is malformed or describes an illegal hand."""
