"""House-banked games: Three Card Poker, its pay tables, table, strategies and analysis.

>>> from pokerroom.casino import ThreeCardPokerConfig
>>> print(ThreeCardPokerConfig().announce().splitlines()[0])
Three Card Poker: each player plays only against the dealer.
"""

from __future__ import annotations

from pokerroom.casino.paytables import (
    ANTE_BONUS_PRESETS,
    PAIR_PLUS_PRESETS,
    SIX_CARD_BONUS_PRESETS,
    AnteBonusTable,
    PairPlusTable,
    SixCardBonusTable,
)
from pokerroom.casino.rules import (
    A23Straight,
    PairPlusOnFold,
    ThreeCardPokerConfig,
    ThreeCardPokerHouseRules,
)

__all__ = [
    "ANTE_BONUS_PRESETS",
    "PAIR_PLUS_PRESETS",
    "SIX_CARD_BONUS_PRESETS",
    "A23Straight",
    "AnteBonusTable",
    "PairPlusOnFold",
    "PairPlusTable",
    "SixCardBonusTable",
    "ThreeCardPokerConfig",
    "ThreeCardPokerHouseRules",
]
