"""Three Card Poker house rules and table configuration, validated once and announced.

Where the text leaves a point to the house, the SUPPLEMENT §1 default applies and can be
changed: Pair Plus without an Ante (allowed), Pair Plus when the Ante hand folds
(``supp-tcp-pairplus-fold``: forfeited), the rank of A-2-3 (``tcp-a23-rank``: the lowest
straight). The posted pay tables and house rules are announced in words before play.

>>> config = ThreeCardPokerConfig(pair_plus=PairPlusTable.from_spec("1-3-6-30-40"))
>>> "Pair Plus 1-3-6-30-40" in config.announce()
True
>>> ThreeCardPokerHouseRules(max_bet=0)
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: max_bet must be at least min_bet (1), got 0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from pokerroom.casino.paytables import AnteBonusTable, PairPlusTable, SixCardBonusTable
from pokerroom.errors import ConfigError

__all__ = [
    "MAX_PLAYERS",
    "A23Straight",
    "PairPlusOnFold",
    "ThreeCardPokerConfig",
    "ThreeCardPokerHouseRules",
]

MAX_PLAYERS = 7
"""Seats at a Three Card Poker table: one to seven players against the dealer."""


class PairPlusOnFold(Enum):
    """What happens to a Pair Plus bet when its player folds the Ante hand."""

    FORFEITED = "forfeited"
    SETTLED = "settled"


class A23Straight(Enum):
    """Where A-2-3 ranks among straights (``tcp-a23-rank``)."""

    LOWEST = "lowest"
    SECOND_HIGHEST = "second-highest"


@dataclass(frozen=True, slots=True)
class ThreeCardPokerHouseRules:
    """The house's choices where the rulebook leaves them open.

    * ``pair_plus_without_ante`` — a player may bet Pair Plus alone (default yes).
    * ``six_card_bonus_without_ante`` — a player may bet the 6 Card Bonus with no Ante
      (default yes).
    * ``pair_plus_on_fold`` — a folded Ante hand forfeits its Pair Plus (default) or the
      Pair Plus is still settled on the hand.
    * ``a23`` — A-2-3 is the lowest straight (default) or ranks just below A-K-Q.
    * ``min_bet`` / ``max_bet`` — limits on each wager (``max_bet=None``: no limit).
    * ``reserve_play_bet`` — a player placing an Ante must hold enough chips for the
      Play bet too (default yes), so no player is ever forced to fold for want of chips.

    The 6 Card Bonus is settled whether or not the player folds: it is a wager on the
    six cards dealt, not on the Ante hand.
    """

    pair_plus_without_ante: bool = True
    six_card_bonus_without_ante: bool = True
    pair_plus_on_fold: PairPlusOnFold = PairPlusOnFold.FORFEITED
    a23: A23Straight = A23Straight.LOWEST
    min_bet: int = 1
    max_bet: int | None = None
    reserve_play_bet: bool = True

    def __post_init__(self) -> None:
        for name in ("pair_plus_without_ante", "six_card_bonus_without_ante",
                     "reserve_play_bet"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be True or False")
        if not isinstance(self.pair_plus_on_fold, PairPlusOnFold):
            raise ConfigError("pair_plus_on_fold must be a PairPlusOnFold")
        if not isinstance(self.a23, A23Straight):
            raise ConfigError("a23 must be an A23Straight")
        if isinstance(self.min_bet, bool) or not isinstance(self.min_bet, int) \
                or self.min_bet < 1:
            raise ConfigError(f"min_bet must be a whole number of chips, 1 or more, got "
                              f"{self.min_bet!r}")
        if self.max_bet is not None and (isinstance(self.max_bet, bool)
                                         or not isinstance(self.max_bet, int)
                                         or self.max_bet < self.min_bet):
            raise ConfigError(f"max_bet must be at least min_bet ({self.min_bet}), got "
                              f"{self.max_bet!r}")

    @property
    def a23_lowest(self) -> bool:
        """True when A-2-3 is the lowest straight."""
        return self.a23 is A23Straight.LOWEST

    def announce(self) -> str:
        """The house rules in words, one per line."""
        limit = "no maximum" if self.max_bet is None else f"maximum {self.max_bet}"
        lines = [
            "Pair Plus may be bet without an Ante." if self.pair_plus_without_ante
            else "Pair Plus may only be bet with an Ante.",
            "The 6 Card Bonus may be bet without an Ante." if self.six_card_bonus_without_ante
            else "The 6 Card Bonus may only be bet with an Ante.",
            "A player who folds forfeits the Pair Plus bet."
            if self.pair_plus_on_fold is PairPlusOnFold.FORFEITED
            else "A player who folds still has the Pair Plus bet settled on the hand.",
            "The 6 Card Bonus is settled whether or not the player folds.",
            "A-2-3 is the lowest straight; A-K-Q the highest." if self.a23_lowest
            else "A-2-3 ranks just below A-K-Q, above K-Q-J.",
            f"Each wager: minimum {self.min_bet} chip(s), {limit}.",
            "An Ante may only be placed by a player who can also cover the Play bet."
            if self.reserve_play_bet else None,
        ]
        return "\n".join(line for line in lines if line is not None)


@dataclass(frozen=True, slots=True)
class ThreeCardPokerConfig:
    """One Three Card Poker table: the posted pay tables and the house rules."""

    ante_bonus: AnteBonusTable = field(
        default_factory=lambda: AnteBonusTable.from_spec("5-4-1"))
    pair_plus: PairPlusTable = field(
        default_factory=lambda: PairPlusTable.from_spec("1-4-6-30-40"))
    six_card_bonus: SixCardBonusTable = field(
        default_factory=lambda: SixCardBonusTable.from_spec("1000-200-100-20-15-10-7"))
    rules: ThreeCardPokerHouseRules = field(default_factory=ThreeCardPokerHouseRules)

    def __post_init__(self) -> None:
        checks = ((self.ante_bonus, AnteBonusTable, "ante_bonus"),
                  (self.pair_plus, PairPlusTable, "pair_plus"),
                  (self.six_card_bonus, SixCardBonusTable, "six_card_bonus"),
                  (self.rules, ThreeCardPokerHouseRules, "rules"))
        for value, kind, name in checks:
            if not isinstance(value, kind):
                raise ConfigError(f"{name} must be a {kind.__name__}")

    def announce(self) -> str:
        """Everything a player must be told before the first deal: the game, the posted
        pay tables and the house rules.

        >>> print(ThreeCardPokerConfig().announce())  # doctest: +ELLIPSIS
        Three Card Poker: each player plays only against the dealer.
        ...
          Pair Plus 1-4-6-30-40: straight flush 40 to 1, three of a kind 30 to 1, ...
        ...
        """
        return "\n".join([
            "Three Card Poker: each player plays only against the dealer.",
            "One 52-card deck, no jokers, shuffled before every round.",
            "Wagers: Ante, Pair Plus and 6 Card Bonus. The Play bet equals the Ante "
            "exactly; folding or playing is final.",
            "The dealer qualifies with queen-high or better. Not qualified: the Ante pays "
            "1 to 1 and the Play pushes. Qualified: the higher hand wins Ante and Play at "
            "1 to 1; a tie pushes both.",
            "The ante bonus is paid whenever the Play bet is made, whatever the dealer "
            "holds; a fold gets no bonus.",
            "Posted pay tables:",
            *("  " + table.describe()
              for table in (self.ante_bonus, self.pair_plus, self.six_card_bonus)),
            "No progressive jackpot or other side bet is offered at this table.",
            "House rules:",
            *("  " + line for line in self.rules.announce().splitlines()),
        ])
