"""The hand engine: every button, stud and draw game of the rulebook, with fixed-limit,
pot-limit and no-limit betting, side pots and odd chips, per-seat views, replayable
event logs and tables of many hands. See ``docs/engine.md``.

>>> import random
>>> config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
>>> hand = config.new_hand([200, 200], rng=random.Random(3))
>>> from pokerroom.core import Fold
>>> while hand.actors == (DEALER,):
...     _ = hand.advance()
>>> _ = hand.apply(Fold(hand.actors[0]))
>>> _ = hand.advance()
>>> hand.is_over, sum(hand.final_stacks)
(True, 400)
"""

from pokerroom.core import DEALER
from pokerroom.engine.config import (
    ButtonMode,
    GameConfig,
    HouseRules,
    KillMode,
    Stakes,
    Structure,
    UnprovenPot,
)
from pokerroom.engine.dealing import BurnOption, DealOption, ShowdownOption
from pokerroom.engine.events import (
    BOARD,
    Award,
    BetReturned,
    BurnCard,
    CardBurned,
    CardsDealt,
    CardsDiscarded,
    DealCards,
    FalseDeclaration,
    ForcedBet,
    HandEnded,
    HandStarted,
    OpenerDeclared,
    PlayerActed,
    Showdown,
    ShownHand,
    SplitDiscards,
)
from pokerroom.engine.replay import replay
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import VARIANTS, Forced, Opener, Street, Variant, get_variant

__all__ = [
    "BOARD",
    "DEALER",
    "VARIANTS",
    "Award",
    "BetReturned",
    "BurnCard",
    "BurnOption",
    "ButtonMode",
    "CardBurned",
    "CardsDealt",
    "CardsDiscarded",
    "DealCards",
    "DealOption",
    "FalseDeclaration",
    "Forced",
    "ForcedBet",
    "GameConfig",
    "HandEnded",
    "HandStarted",
    "HouseRules",
    "KillMode",
    "Opener",
    "OpenerDeclared",
    "PlayerActed",
    "PokerHand",
    "Showdown",
    "ShowdownOption",
    "ShownHand",
    "SplitDiscards",
    "Stakes",
    "Street",
    "Structure",
    "UnprovenPot",
    "Variant",
    "get_variant",
    "replay",
]
