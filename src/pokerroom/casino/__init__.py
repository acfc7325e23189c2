"""House-banked games: Three Card Poker, its pay tables, table and strategies.

* :mod:`~pokerroom.casino.paytables` and :mod:`~pokerroom.casino.rules` — pay tables and
  house rules, announced before play;
* :mod:`~pokerroom.casino.table` — a round on the kernel
  (:class:`~pokerroom.engine.kernel.Kernel`) and a table of rounds with bankrolls
  (actions and events in :mod:`~pokerroom.casino.actions`);
* :mod:`~pokerroom.casino.settlement` — how each wager is settled;
* :mod:`~pokerroom.casino.strategy` and :mod:`~pokerroom.casino.bots` — threshold
  strategies and the bots that play them (analysed in :mod:`pokerroom.analysis.casino`).

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
