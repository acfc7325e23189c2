"""Hearts Poker stakes and house rules (SUPPLEMENT §3), validated once and announced.

>>> opts = HeartsOptions(players=6).validated()
>>> print(opts.announce().splitlines()[0])
Hearts Poker, 6 players, fixed limit 2/4, no ante.
>>> HeartsOptions(players=12, community=6).validated()  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: Hearts Poker with six community cards seats 2 to 11 players ...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pokerroom.engine.config import Structure
from pokerroom.errors import ConfigError

__all__ = ["HeartsOpener", "HeartsOptions", "hearts_max_players"]

_CARDS_PER_PLAYER = 4
_EXTRA_CARDS = 1
"""Only one jack of diamonds, so at most one extra card is ever dealt."""


def hearts_max_players(community: int) -> int:
    """The most players the deck serves: four cards each, the community cards, and the
    jack of diamonds' extra card.

    >>> hearts_max_players(3), hearts_max_players(6)
    (12, 11)
    """
    return (52 - community - _EXTRA_CARDS) // _CARDS_PER_PLAYER


class HeartsOpener(Enum):
    """House rule ``hearts-opener``: who opens each betting round."""

    LEFT_OF_DEALER = "left-of-dealer"
    """Default: the first active player to the dealer's left."""
    BEST_SHOWING = "best-showing"
    """The best hand showing (face-up cards); ties go to the first from the dealer's
    left."""


@dataclass(frozen=True, slots=True)
class HeartsOptions:
    """Stakes and house rules of a Hearts Poker table.

    ``small_bet`` sizes the first two betting rounds, ``big_bet`` the third (and the
    fourth, when ``fourth_round``); in pot and no limit ``small_bet`` is the minimum bet.
    ``raise_cap`` counts the bet and raises allowed per fixed-limit round (SUPPLEMENT §2:
    a bet and three raises, unlimited heads-up).
    """

    players: int
    small_bet: int = 2
    big_bet: int = 4
    ante: int = 0
    structure: Structure = Structure.FIXED_LIMIT
    community: int = 3
    opener: HeartsOpener = HeartsOpener.LEFT_OF_DEALER
    fourth_round: bool = False
    raise_cap: int = 4

    def validated(self) -> HeartsOptions:
        """These options, or :class:`ConfigError` naming what cannot be played."""
        if self.community not in (3, 6):
            raise ConfigError(f"Hearts Poker has three or six community cards, not "
                              f"{self.community}")
        most = hearts_max_players(self.community)
        if not 2 <= self.players <= most:
            words = "three" if self.community == 3 else "six"
            raise ConfigError(f"Hearts Poker with {words} community cards seats 2 to {most} "
                              f"players (the deck must not run out); got {self.players}")
        if self.small_bet <= 0 or self.big_bet < self.small_bet:
            raise ConfigError("bets must be positive and the big bet at least the small bet")
        if self.ante < 0:
            raise ConfigError(f"the ante cannot be negative ({self.ante})")
        if self.raise_cap < 1:
            raise ConfigError("the raise cap must allow at least the bet")
        return self

    def announce(self) -> str:
        """Every rule of this table in words."""
        if self.structure is Structure.FIXED_LIMIT:
            stakes = f"fixed limit {self.small_bet}/{self.big_bet}"
        else:
            stakes = f"{self.structure.value}, minimum bet {self.small_bet}"
        ante = f"ante {self.ante}" if self.ante else "no ante"
        rounds = "four" if self.fourth_round else "three"
        opener = ("the first active player to the dealer's left"
                  if self.opener is HeartsOpener.LEFT_OF_DEALER
                  else "the best hand showing (ties: the first from the dealer's left)")
        return "\n".join([
            f"Hearts Poker, {self.players} players, {stakes}, {ante}.",
            "One 52-card deck, no wild cards. Two cards down and one up to each player, "
            "then a betting round.",
            "First pass: all at once, each player passes a face-down card to the left; "
            "a betting round.",
            "A fourth card face up; second pass: all at once, each player passes a face-up "
            "card to the right; a betting round.",
            "Each player discards both face-up or both face-down cards, all at once; "
            "whoever discards the face-down pair picks up the face-up pair, concealed.",
            f"Then {'three' if self.community == 3 else 'six'} community cards face up"
            + (", and a fourth betting round." if self.fourth_round else "."),
            f"{rounds.capitalize()} betting rounds; each is opened by {opener}.",
            "At the showdown a hand card queen of spades forces out the higher of the two "
            "hand cards (the queen itself with a pair of queens); a hand card jack of "
            "diamonds earns one extra card. As community cards they do nothing.",
            "Best five cards of own cards and the community cards; a player left with one "
            "hand card plays four cards (no straights, flushes or full houses). Ties "
            "split; an odd chip goes to the first tied player from the dealer's left.",
        ])
