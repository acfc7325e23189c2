"""Engine variants of shapes beyond the rulebook's games, defined through the engine's own
API only (a :class:`Variant` and a :class:`GameConfig`): a 36-card short deck with its
ranking, a four-card triple draw with the badugi ranking, and five hole cards for Omaha,
high and high-low. Shared by the engine tests and the PokerKit comparison."""

from __future__ import annotations

from pokerroom.engine import GameConfig
from pokerroom.engine.variants import Forced, Opener, Variant, board_streets, draw_streets
from pokerroom.hands.badugi import BADUGI
from pokerroom.hands.short_deck import (
    SHORT_DECK_CARDS,
    SHORT_DECK_HIGH,
    ShortDeckOrder,
    ShortDeckRanking,
)

SHORT_DECK = Variant("short-deck", "Short-deck hold'em", board_streets(2), Forced.BLINDS,
                     SHORT_DECK_HIGH, deck=SHORT_DECK_CARDS, max_players=10)
SHORT_DECK_TRIPS = Variant("short-deck-trips", "Short-deck hold'em, trips over straights",
                           board_streets(2), Forced.BLINDS,
                           ShortDeckRanking(ShortDeckOrder.TRIPS_OVER_STRAIGHT),
                           deck=SHORT_DECK_CARDS, max_players=10)
BADUGI_TRIPLE = Variant("badugi", "Badugi", draw_streets(3, Opener.BLINDS, Opener.BUTTON,
                                                         cards=4),
                        Forced.BLINDS, None, BADUGI, raise_cap=4, max_players=8)
OMAHA5 = Variant("omaha5", "Five-card Omaha", board_streets(5), Forced.BLINDS, "omaha",
                 max_players=8)
OMAHA5_HILO = Variant("omaha5-hilo", "Five-card Omaha high-low eight or better",
                      board_streets(5), Forced.BLINDS, "omaha", "omaha8", max_players=8)

CONFIGS = {
    "short-deck-nl": GameConfig.of(SHORT_DECK, "no limit", blinds=(1, 2)),
    "short-deck-nl-ante": GameConfig.of(SHORT_DECK, "no limit", blinds=(1, 2), ante=1),
    "short-deck-trips-nl": GameConfig.of(SHORT_DECK_TRIPS, "no limit", blinds=(1, 2)),
    "badugi-fl": GameConfig.of(BADUGI_TRIPLE, "fixed limit", blinds=(1, 2)),
    "omaha5-pl": GameConfig.of(OMAHA5, "pot limit", blinds=(1, 2)),
    "omaha5-hilo-pl": GameConfig.of(OMAHA5_HILO, "pot limit", blinds=(1, 2)),
    "omaha5-hilo-fl": GameConfig.of(OMAHA5_HILO, "fixed limit", blinds=(1, 2)),
}
