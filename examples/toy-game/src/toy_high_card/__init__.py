"""High card, a game added to pokerroom from a package of its own: the hand
(:mod:`toy_high_card.hand`), the table (:mod:`toy_high_card.table`) and the one
:class:`pokerroom.game.Game` below, which this package's ``pyproject.toml`` names in the
entry-point group ``pokerroom.games``.

>>> GAME.name, GAME.min_seats, GAME.layout.size
('high-card', 2, 8)
"""

from __future__ import annotations

from pokerroom.catalog import HouseRuleSpec
from pokerroom.game import Game, Layout
from toy_high_card.table import HighCardTable

__all__ = ["GAME"]

GAME = Game(
    name="high-card", title="High card", family="home", aliases=("toy-high",),
    description=("Everyone antes and gets one hidden card; all declare in or out at once, "
                 "those in bet one round, and the highest card takes the pot."),
    min_seats=2, max_seats=6, factory=HighCardTable,
    house_rules=(HouseRuleSpec("ace_high", "bool", True,
                               "the ace is the highest card (off: the lowest)"),),
    default_stakes={"ante": 1, "bet": 10}, default_stack=200,
    layout=Layout(hand_cards=1, board_cards=0, blocks=(("declare", 2), ("bet", 6)),
                  phases=("deal", "declare", "bet", "showdown", "over")),
)
"""The game: its names, seats, house rules, stakes, tables and the environments'
layout; the facets it leaves out (PHH, PokerStars, odds, ranking) it does not offer."""
