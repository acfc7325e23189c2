"""Short-deck hold'em (six-plus), a game beyond the rulebook: hold'em dealt from the 36
cards six to ace, ranked by :mod:`pokerroom.hands.short_deck` (a flush beats a full
house; A-6-7-8-9 is the lowest straight). Where three of a kind and a straight fall is
the house rule ``order`` (``docs/short-deck.md``): by default a straight beats three of a
kind, as PHH ``NS`` files (PokerKit) and the WSOP play it.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> spec = TableSpec(players=("You", "Ann"), stacks=(200, 200),
...     stakes=SHORT_DECK.default_stakes,
...     house_rules=SHORT_DECK.parse_house_rules(["order=trips"]), rng=random.Random(1))
>>> table = SHORT_DECK.new_table(spec)
>>> table.table.config.variant.name
'short-deck-trips'
>>> print(table.announce().splitlines()[0])
Short-deck hold'em, trips over straights, no limit, blinds 1/2
>>> SHORT_DECK.phh, len(SHORT_DECK.engine_variants[0].deck)
('S', 36)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerroom.analysis.odds_game import OddsGame
from pokerroom.cards import Card
from pokerroom.catalog import HouseRuleSpec, TableSpec
from pokerroom.engine.variants import Forced, Variant, board_streets
from pokerroom.game import Game
from pokerroom.hands.base import HandValue
from pokerroom.hands.games import RankingRules, ShowdownGame
from pokerroom.hands.short_deck import (
    SHORT_DECK_CARDS,
    ShortDeckOrder,
    ShortDeckRanking,
    evaluate_short_deck_holdem,
)
from pokerroom.sessions.poker import PokerSession, poker_capabilities
from pokerroom.sessions.poker_games import PokerTables, poker_layout, structure_rule

__all__ = ["SHORT_DECK", "SHORT_DECK_TRIPS_VARIANT", "SHORT_DECK_VARIANT"]

_RULE_IDS = ("holdem-intro", "holdem-6")

SHORT_DECK_VARIANT = Variant(
    "short-deck", "Short-deck hold'em", board_streets(2), Forced.BLINDS,
    ShortDeckRanking(ShortDeckOrder.STRAIGHT_OVER_TRIPS), deck=SHORT_DECK_CARDS,
    max_players=10, phh_code="NS")
"""The engine's short-deck hold'em, a straight over three of a kind (PHH ``NS``)."""
SHORT_DECK_TRIPS_VARIANT = Variant(
    "short-deck-trips", "Short-deck hold'em, trips over straights", board_streets(2),
    Forced.BLINDS, ShortDeckRanking(ShortDeckOrder.TRIPS_OVER_STRAIGHT),
    deck=SHORT_DECK_CARDS, max_players=10, phh_code="NST")
"""The same game with three of a kind over a straight (pokerroom's own code ``NST``)."""

_VARIANTS = {ShortDeckOrder.STRAIGHT_OVER_TRIPS: SHORT_DECK_VARIANT,
             ShortDeckOrder.TRIPS_OVER_STRAIGHT: SHORT_DECK_TRIPS_VARIANT}

_ORDER = HouseRuleSpec(
    "order", "choice", ShortDeckOrder.STRAIGHT_OVER_TRIPS.value,
    "which is higher: a straight or three of a kind (the flush always beats the full "
    "house)", tuple(order.value for order in ShortDeckOrder),
    synonyms=(("straight-over-trips", "straight"), ("trips-over-straight", "trips")),
    value=ShortDeckOrder)


def _high(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_short_deck_holdem(hand, board)


_RANKING = ShowdownGame(
    "short-deck",
    "Short-deck hold'em: best five of two hole cards and the board from the 36 cards six "
    "to ace; a flush beats a full house, A-6-7-8-9 is a straight and a straight beats "
    "three of a kind", (2,), (3, 4, 5), (), _high)
"""``rank`` and ``showdown``: the default order (a straight over three of a kind)."""


def _ranked_odds(words: Sequence[str]) -> Any:
    """The odds engine's short deck under the ``order`` words among ``words``."""
    from pokerroom.analysis.ranked import short_deck_odds

    rules = SHORT_DECK.parse_house_rules(list(words))
    return short_deck_odds(ShortDeckOrder(rules["order"]))


_ODDS = OddsGame("short-deck", -1, 2, 5, deck_cards=36, rule_names=("order",),
                 ranked=_ranked_odds)


class ShortDeckTables:
    """The tables of short-deck hold'em: the engine variant of the ``order`` house rule,
    dealt as every hold'em table is (:class:`PokerTables`)."""

    def __call__(self, spec: TableSpec) -> PokerSession:
        order = ShortDeckOrder(spec.house_rules.get("order", _ORDER.default))
        return PokerTables(_VARIANTS[order], "high", _RANKING)(spec)


SHORT_DECK = Game(
    name="short-deck", title="Short-deck hold'em", family="poker",
    description="Hold'em from the 36 cards six to ace: two hole cards and a five-card "
                "board; a flush beats a full house and A-6-7-8-9 is a straight.",
    aliases=("short-deck-holdem", "six-plus", "6-plus", "6+", "six-plus-holdem",
             "shortdeck"),
    min_seats=2, max_seats=SHORT_DECK_VARIANT.max_players, factory=ShortDeckTables(),
    capabilities=poker_capabilities(SHORT_DECK_VARIANT),
    house_rules=(structure_rule("no-limit"), _ORDER),
    default_stakes={"small_blind": 1, "big_blind": 2}, default_stack=200,
    rule_ids=_RULE_IDS, variant=SHORT_DECK_VARIANT.name,
    engine_variants=(SHORT_DECK_VARIANT, SHORT_DECK_TRIPS_VARIANT), phh="S",
    pokerstars="6+ Hold'em", layout=poker_layout(SHORT_DECK_VARIANT), odds=_ODDS,
    ranking=_RANKING)
"""Short-deck hold'em, no limit unless the house rules say otherwise."""
