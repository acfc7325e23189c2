"""An oversize bet is cut to the maximum (SUPPLEMENT §2, ``supp-nlpl``): the library's
``cut_oversize`` gives the legal action for a requested one, while ``apply`` stays
strict."""

from __future__ import annotations

import random

import pytest

from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    Call,
    Check,
    Fold,
    Raise,
    RaiseOption,
    cut_to_maximum,
)
from pokerroom.engine import GameConfig, PokerHand
from pokerroom.errors import IllegalActionError

PL = GameConfig.of("omaha", "pot limit", blinds=(1, 2))
NL = GameConfig.of("holdem", "no limit", blinds=(1, 2))
FL = GameConfig.of("holdem", "fixed limit", blinds=(1, 2))


def dealt(config: GameConfig, stacks: list[int]) -> PokerHand:
    hand = config.new_hand(stacks, button=len(stacks) - 1, rng=random.Random(5))
    while hand.actors == (DEALER,):
        hand.advance()
    return hand


def snapshot(hand: PokerHand) -> tuple[object, ...]:
    return (tuple(hand.stacks), tuple(hand.bets), hand.actors, len(hand.events))


@pytest.mark.rule("supp-nlpl")
def test_pot_limit_a_raise_over_the_pot_is_cut_to_the_pot_and_apply_stays_strict() -> None:
    hand = dealt(PL, [500, 500, 500])
    assert hand.actors == (2,)
    option = hand.legal_actions(2)[-1]
    assert option == RaiseOption(4, 7)              # pot 3, call 2: raise to 2 + 5
    before = snapshot(hand)
    with pytest.raises(IllegalActionError):
        hand.apply(Raise(2, 100))
    assert snapshot(hand) == before                 # refused, nothing changed
    action, words = hand.cut_oversize(Raise(2, 100))
    assert action == Raise(2, 7)
    assert words == "a raise to 100 is over the pot limit: cut to the maximum, 7"
    assert snapshot(hand) == before                 # asking changes nothing either
    hand.apply(action)
    assert hand.bets[2] == 7 and hand.stacks[2] == 493


@pytest.mark.rule("supp-nlpl")
def test_pot_limit_a_bet_over_the_pot_after_the_flop_is_cut() -> None:
    hand = dealt(PL, [500, 500, 500])
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    while hand.actors == (DEALER,):
        hand.advance()
    assert hand.pot == 6
    seat = hand.actors[0]
    action, words = hand.cut_oversize(Bet(seat, 50))
    assert action == Bet(seat, 6) and "pot limit" in words
    assert hand.cut_oversize(Bet(seat, 6)) == (Bet(seat, 6), "")        # legal: as is
    assert hand.cut_oversize(Bet(seat, 1)) == (Bet(seat, 1), "")        # too small: not
    with pytest.raises(IllegalActionError):                             # cut, refused
        hand.apply(Bet(seat, 1))


@pytest.mark.rule("supp-nlpl")
def test_no_limit_a_bet_over_the_stack_is_cut_to_all_in() -> None:
    hand = dealt(NL, [300, 300, 80])
    action, words = hand.cut_oversize(Raise(2, 1000))
    assert action == Raise(2, 80)
    assert words == "a raise to 1000 is more than the 80 chips behind: cut to 80, all in"
    hand.apply(action)
    assert hand.stacks[2] == 0
    # pot limit with a short stack: all in too
    short = dealt(PL, [500, 500, 5])
    action, words = short.cut_oversize(Raise(2, 100))
    assert action == Raise(2, 5) and words.endswith("all in")


@pytest.mark.rule("supp-nlpl", "supp-raise-cap")
def test_fixed_limit_and_other_actions_are_never_cut() -> None:
    hand = dealt(FL, [100, 100, 100])
    assert hand.cut_oversize(Raise(2, 40)) == (Raise(2, 40), "")     # listed sizes only
    with pytest.raises(IllegalActionError):
        hand.apply(Raise(2, 40))
    assert hand.cut_oversize(Fold(2)) == (Fold(2), "")
    nl = dealt(NL, [300, 300, 300])
    assert nl.cut_oversize(Raise(0, 1000)) == (Raise(0, 1000), "")   # not 0's turn
    assert cut_to_maximum(Bet(1, 90), (BetOption(4, 4, (4,)),)) == Bet(1, 90)
