"""The hand machine's transition table: in every phase exactly the listed actions are
taken, every other kind of action is refused with a typed error and changes nothing."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots.random_play import random_action
from pokerroom.cards import card
from pokerroom.core import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Declare,
    Draw,
    Fold,
    Raise,
)
from pokerroom.engine import BOARD, BurnCard, DealCards, GameConfig, Showdown
from pokerroom.engine.phases import BET, DEAL, DRAW, OVER, SHOW
from pokerroom.engine.state import _TRANSITIONS
from pokerroom.errors import IllegalActionError, OutOfTurnError

SAMPLES = {Fold: Fold(0), Check: Check(0), Call: Call(0), Bet: Bet(0, 2), Raise: Raise(0, 4),
           BringIn: BringIn(0), Complete: Complete(0), Draw: Draw(0, ()),
           DealCards: DealCards(to=BOARD, cards=(card("2c"),)), BurnCard: BurnCard(card("3c")),
           Showdown: Showdown()}


def test_the_table_names_every_action_of_the_poker_games_once() -> None:
    # and a declaration, taken only in jacks or better (jacks-5), refused elsewhere below
    assert {kind for _, kind in _TRANSITIONS} == set(SAMPLES) | {Declare}
    assert {phase for phase, _ in _TRANSITIONS} == {BET, DRAW, DEAL, SHOW}
    assert not any(phase == OVER for phase, _ in _TRANSITIONS)


@pytest.mark.rule("supp-nlpl")
@pytest.mark.parametrize("game", ["holdem", "draw-high", "stud"])
def test_every_other_action_is_refused_in_every_phase_and_changes_nothing(game: str) -> None:
    config = {"holdem": GameConfig.of("holdem", "no limit", blinds=(1, 2)),
              "draw-high": GameConfig.of("draw-high", ante=1),
              "stud": GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10)}[game]
    rng = random.Random(5)
    seen: set[int] = set()
    for number in range(40):
        hand = config.new_hand([60] * 3, rng=random.Random(number))
        while True:
            phase = hand.phase
            seen.add(phase)
            for kind, sample in SAMPLES.items():
                if (phase, kind) in _TRANSITIONS:
                    continue
                before = (len(hand.events), hand.view(None), hand.returns())
                with pytest.raises(OutOfTurnError):
                    hand.apply(sample)
                assert (len(hand.events), hand.view(None), hand.returns()) == before
            with pytest.raises(IllegalActionError, match="not an action"):
                hand.apply(Declare(0, True))
            if not hand.actors:
                break
            seat = hand.actors[0]
            if seat < 0:
                hand.advance()
                continue
            hand.apply(random_action(hand, seat, rng))
    assert seen >= {DEAL, BET, SHOW, OVER} | ({DRAW} if game == "draw-high" else set())
