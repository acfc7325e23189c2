"""Five-card Omaha, high (``omaha5``) and high-low eight or better (``omaha5-hilo``, Big
O), games beyond the rulebook: Omaha with five hole cards, a hand exactly two of them and
three board cards (``docs/omaha5.md``), pot limit unless the house rules say otherwise.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> spec = TableSpec(players=("You", "Ann"), stacks=(200, 200),
...     stakes=OMAHA5_HILO.default_stakes,
...     house_rules=OMAHA5_HILO.parse_house_rules(["qualifier=7"]), rng=random.Random(1))
>>> print(OMAHA5_HILO.new_table(spec).announce().splitlines()[0])
Five-card Omaha high-low eight or better, pot limit, blinds 1/2
>>> OMAHA5.phh, OMAHA5_HILO.phh, OMAHA5.layout.hand_cards
('O5', 'O5/8', 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerroom.analysis.odds_game import OddsGame
from pokerroom.cards import Card
from pokerroom.catalog import HouseRuleSpec
from pokerroom.engine.variants import Forced, Variant, board_streets
from pokerroom.errors import ConfigError
from pokerroom.game import Game
from pokerroom.hands.base import HandValue
from pokerroom.hands.games import RankingRules, ShowdownGame
from pokerroom.hands.high import evaluate_omaha
from pokerroom.hands.lowball import evaluate_omaha_low
from pokerroom.sessions.poker import poker_capabilities
from pokerroom.sessions.poker_games import PokerTables, poker_layout, structure_rule

__all__ = ["OMAHA5", "OMAHA5_HILO", "OMAHA5_HILO_VARIANT", "OMAHA5_VARIANT"]

OMAHA5_VARIANT = Variant(
    "omaha5", "Five-card Omaha", board_streets(5), Forced.BLINDS, "omaha", max_players=8,
    phh_code="PO5", rule_ids=("omaha-intro", "omaha-1"))
"""The engine's five-card Omaha (pokerroom's own PHH code ``PO5``: PHH has none)."""
OMAHA5_HILO_VARIANT = Variant(
    "omaha5-hilo", "Five-card Omaha high-low eight or better", board_streets(5),
    Forced.BLINDS, "omaha", "omaha8", max_players=8, phh_code="PO5/8",
    rule_ids=("omaha8-intro", "omaha8-1", "omaha8-2"))
"""The engine's Big O, split with an eight-or-better low (``PO5/8``)."""

_BLINDS = {"small_blind": 1, "big_blind": 2}
_QUALIFIER = HouseRuleSpec("low_qualifier", "int", 8, "highest card of a qualifying low",
                           aliases=("qualifier",))


def _high(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_omaha(hand, board)


def _low(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules
         ) -> HandValue | None:
    return evaluate_omaha_low(hand, board, qualifier=rules.qualifier)


_HIGH_RANKING = ShowdownGame(
    "omaha5", "Five-card Omaha: exactly two of five hole cards and three board cards",
    (5,), (3, 4, 5), (), _high)
_HILO_RANKING = ShowdownGame(
    "omaha5-hilo",
    "Five-card Omaha high-low: high and an 8-or-better ace-to-five low, each from two of "
    "five hole cards and three board cards", (5,), (3, 4, 5), ("low_qualifier",), _high,
    _low)


def _high_odds(words: Sequence[str]) -> Any:
    """The odds engine's five-card Omaha (no house rule changes its ranking)."""
    from pokerroom.analysis.ranked import OMAHA5_ODDS

    OMAHA5.parse_house_rules(list(words))
    return OMAHA5_ODDS


def _hilo_odds(words: Sequence[str]) -> Any:
    """The odds engine's Big O: an eight-or-better low only."""
    from pokerroom.analysis.ranked import OMAHA5_HILO_ODDS

    if OMAHA5_HILO.parse_house_rules(list(words))["low_qualifier"] != 8:
        raise ConfigError("odds of omaha5-hilo are worked out for an 8-or-better low only")
    return OMAHA5_HILO_ODDS


def _game(name: str, variant: Variant, kind: str, ranking: ShowdownGame,
          rules: tuple[HouseRuleSpec, ...], odds: OddsGame, description: str,
          aliases: tuple[str, ...], pokerstars: str) -> Game:
    return Game(
        name=name, title=variant.title, family="poker", description=description,
        aliases=aliases, min_seats=2, max_seats=variant.max_players,
        factory=PokerTables(variant, kind, ranking),
        capabilities=poker_capabilities(variant),
        house_rules=(structure_rule("pot-limit"), *rules), default_stakes=_BLINDS,
        default_stack=200, rule_ids=variant.rule_ids, variant=variant.name,
        engine_variants=(variant,), phh=(variant.phh_code or "")[1:] or None,
        pokerstars=pokerstars, layout=poker_layout(variant), odds=odds, ranking=ranking,
        floor=False)


OMAHA5 = _game(
    "omaha5", OMAHA5_VARIANT, "omaha", _HIGH_RANKING, (),
    OddsGame("omaha5", -1, 5, 5, ranked=_high_odds),
    "Five hole cards each and a five-card board; a hand uses exactly two hole cards and "
    "three board cards.",
    ("five-card-omaha", "5-card-omaha", "plo5", "big-o-high", "omaha-5"), "5 Card Omaha")
"""Five-card Omaha high, pot limit unless the house rules say otherwise."""
OMAHA5_HILO = _game(
    "omaha5-hilo", OMAHA5_HILO_VARIANT, "omaha-hilo", _HILO_RANKING, (_QUALIFIER,),
    OddsGame("omaha5-hilo", -1, 5, 5, hilo=True, rule_names=("low_qualifier",),
             ranked=_hilo_odds),
    "Five-card Omaha split high-low (Big O): the best high and the best 8-or-better low, "
    "each of exactly two hole and three board cards, share the pot.",
    ("big-o", "five-card-omaha-hi-lo", "5-card-omaha-hi-lo", "plo5-8", "omaha5-8"),
    "5 Card Omaha Hi/Lo")
"""Five-card Omaha high-low eight or better, pot limit unless the house rules say
otherwise."""
