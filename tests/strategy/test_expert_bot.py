"""The ``expert`` bots of Guts and Herbie: the declare the solution says, at the tables
the solver plays, and ``strong`` play beyond them."""

from __future__ import annotations

import random
from typing import cast

import pytest

from pokerroom.bots import BOT_LEVELS
from pokerroom.catalog import TableSpec
from pokerroom.core import DEALER, Declare
from pokerroom.deck import Deck
from pokerroom.games import get_game
from pokerroom.homegames.guts import GutsDeal
from pokerroom.homegames.options import GutsOptions, HerbieOptions
from pokerroom.session import Session
from pokerroom.strategy.expert import ExpertGutsBot, ExpertHerbieBot, solution_for
from pokerroom.tableview import SeatView
from pokerroom.terminal.driver import play_hand


def test_expert_is_a_level_and_knows_where_it_plays() -> None:
    assert "expert" in BOT_LEVELS
    assert ExpertGutsBot(GutsOptions(players=3).validated(), random.Random(1)).supported()
    assert not ExpertGutsBot(GutsOptions(players=6).validated(), random.Random(1)).supported()
    assert not ExpertHerbieBot(HerbieOptions(players=5).validated(),
                               random.Random(1)).supported()


@pytest.mark.rule("guts-declare-in-turn", "guts-dealer-auto-in")
def test_the_dealer_declares_as_the_solution_says() -> None:
    options = GutsOptions(players=2).validated()
    solution = solution_for(options, "guts2", 1.0)
    for hand, stays in (("Ac Ad", True), ("3c 2d", False)):
        # seat 0 (the dealer's left) holds 7c 7d and says in; the dealer holds ``hand``
        first, second = hand.split()
        deal = GutsDeal(options, dealer=1, pot=10, deck=Deck.stacked(f"7c {first} 7d {second}"))
        while deal.actors == (DEALER,):
            deal.advance()
        deal.apply(Declare(seat=0, stay=True))
        bot = ExpertGutsBot(options, random.Random(3))
        action = bot.act(SeatView.of(deal, 1))
        assert isinstance(action, Declare) and action.stay is stays
    assert solution.stay[1, 1, -1] > 0.99 and solution.stay[1, 1, 0] < 0.01


@pytest.mark.rule("guts-losers-match")
def test_expert_plays_whole_deals_with_chips_conserved() -> None:
    entry = get_game("guts2")
    spec = TableSpec(players=("a", "b"), stacks=(200, 200), stakes={"ante": 1},
                     house_rules=entry.parse_house_rules(["max_match=20"]),
                     rng=random.Random(4))
    session = cast(Session, entry.factory(spec))
    bots = {0: session.make_bot(0, random.Random(1), "expert"),
            1: session.make_bot(1, random.Random(2), "strong")}
    assert "expert" in bots[0].style
    for number in range(40):
        play_hand(session, hand_no=number + 1, bots=bots, narrate=False)
    assert sum(session.stacks) + session.chips_held == 400
