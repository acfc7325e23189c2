"""Betting rules: blinds, raise caps, short all-ins, no-limit and pot-limit sizes."""

from __future__ import annotations

import random

import pytest
from engine_helpers import Script
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.core import (
    DEALER,
    Action,
    Bet,
    BetOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Fold,
    FoldOption,
    Option,
    Raise,
    RaiseOption,
)
from pokerroom.engine import GameConfig
from pokerroom.engine.betting import wager_allowed
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError

NL = GameConfig.of("holdem", "no limit", blinds=(1, 2))
FL = GameConfig.of("holdem", "fixed limit", blinds=(5, 10))
PL = GameConfig.of("omaha", "pot limit", blinds=(1, 2))


def dealt(config: GameConfig, stacks: list[int], button: int = -1, seed: int = 1):  # type: ignore[no-untyped-def]
    hand = config.new_hand(stacks, button=button, rng=random.Random(seed))
    return Script().run(hand)


def raise_option(hand) -> RaiseOption:  # type: ignore[no-untyped-def]
    return next(o for o in hand.legal_actions() if isinstance(o, RaiseOption))


@pytest.mark.rule("supp-blinds")
def test_heads_up_button_posts_small_blind_acts_first_then_last() -> None:
    hand = dealt(NL, [100, 100], button=0)
    assert hand.blind_seats == (0, 1)
    assert hand.bets == [1, 2]
    assert hand.actors == (0,)
    hand.apply(Call(0))
    hand.apply(Check(1))
    Script().run(hand)
    assert hand.street_name == "flop" and hand.actors == (1,)


@pytest.mark.rule("supp-blinds", "holdem-intro")
def test_three_handed_blinds_left_of_button_and_first_to_act() -> None:
    hand = dealt(NL, [100, 100, 100], button=0)
    assert hand.blind_seats == (1, 2)
    assert hand.actors == (0,)
    hand.apply(Call(0))
    hand.apply(Call(1))
    options = hand.legal_actions(2)
    assert CheckOption() in options and FoldOption() not in options  # blinds are live
    hand.apply(Check(2))
    Script().run(hand)
    assert hand.actors == (1,)


@pytest.mark.rule("holdem-intro-blinds")
@pytest.mark.parametrize(("blinds", "ante", "first"), [((2,), 0, 2), ((1, 2, 4), 0, 4),
                                                      ((1, 2), 1, 3)])
def test_one_blind_several_blinds_or_blinds_with_ante(blinds: tuple[int, ...], ante: int,
                                                       first: int) -> None:
    config = GameConfig.of("holdem", "no limit", blinds=blinds, ante=ante)
    hand = dealt(config, [100] * 5, button=0)
    assert hand.bets[1: 1 + len(blinds)] == list(blinds)
    assert hand.pot == sum(blinds) + 5 * ante
    assert hand.actors == (first,)


@pytest.mark.rule("supp-raise-cap", "lowball-2", "draw-1")
@pytest.mark.parametrize(("game", "cap"), [("holdem", 4), ("lowball-a5", 5),
                                           ("lowball-27-triple", 5)])
def test_fixed_limit_cap_multiway(game: str, cap: int) -> None:
    config = GameConfig.of(game, "fixed limit", blinds=(5, 10))
    hand = dealt(config, [1000] * 4, button=0)
    raises = 1          # the big blind is the bet
    while raise_option_or_none(hand) is not None:
        seat = hand.actors[0]
        hand.apply(Raise(seat, raise_option(hand).min_to))
        raises += 1
    assert raises == cap
    assert hand.max_bet == 10 * cap
    assert not any(isinstance(o, RaiseOption) for o in hand.legal_actions())


def raise_option_or_none(hand):  # type: ignore[no-untyped-def]
    return next((o for o in hand.legal_actions() if isinstance(o, RaiseOption)), None)


@pytest.mark.rule("supp-raise-cap")
def test_no_cap_heads_up() -> None:
    hand = dealt(FL, [1000, 1000], button=0)
    for _ in range(8):
        seat = hand.actors[0]
        hand.apply(Raise(seat, raise_option(hand).min_to))
    assert hand.max_bet == 90


@pytest.mark.rule("supp-raise-cap")
def test_cap_lifts_when_pot_becomes_heads_up_before_the_cap() -> None:
    hand = dealt(FL, [1000] * 3, button=0)
    hand.apply(Raise(0, 20))
    hand.apply(Fold(1))
    for _ in range(6):
        seat = hand.actors[0]
        hand.apply(Raise(seat, raise_option(hand).min_to))
    assert hand.max_bet == 80


@pytest.mark.rule("supp-short-allin")
def test_fixed_limit_short_all_in_does_not_reopen() -> None:
    # seat 0 bets 10 on the flop, seat 1 goes all in for 14 (under half a raise)
    hand = dealt(FL, [200, 24, 200], button=2)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    Script().run(hand)
    assert hand.street_name == "flop"
    hand.apply(Bet(0, 10))
    assert hand.actors == (1,)
    assert raise_option(hand).tos == (14,)
    hand.apply(Raise(1, 14))
    assert hand.max_bet == 14
    hand.apply(Call(2))
    assert hand.actors == (0,)
    assert not any(isinstance(o, RaiseOption) for o in hand.legal_actions())


@pytest.mark.rule("supp-short-allin")
def test_fixed_limit_half_bet_all_in_counts_as_full() -> None:
    hand = dealt(FL, [200, 25, 200], button=2)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    Script().run(hand)
    hand.apply(Bet(0, 10))
    hand.apply(Raise(1, 15))            # all in for 5 more: half a bet counts as full
    hand.apply(Call(2))
    assert any(isinstance(o, RaiseOption) for o in hand.legal_actions(0))


@pytest.mark.rule("supp-nlpl")
def test_no_limit_minimum_bet_and_raise() -> None:
    hand = dealt(NL, [500] * 3, button=0)
    assert raise_option(hand).min_to == 4
    hand.apply(Raise(0, 10))            # raise of 8
    assert raise_option(hand).min_to == 18
    with pytest.raises(IllegalActionError):
        hand.apply(Raise(1, 17))
    hand.apply(Call(1))
    hand.apply(Call(2))
    Script().run(hand)
    bet = next(o for o in hand.legal_actions() if isinstance(o, BetOption))
    assert bet.min_amount == 2          # the big blind on every round


@pytest.mark.rule("supp-nlpl")
def test_no_limit_short_all_in_does_not_reopen_but_adds_up() -> None:
    hand = dealt(NL, [500, 500, 130, 145], button=3)
    # seat 2 (first to act after the blinds at 0, 1) raises to 100
    assert hand.actors == (2,)
    hand.apply(Raise(2, 100))
    hand.apply(Raise(3, 145))            # all in for 45 more: short
    hand.apply(Call(0))
    hand.apply(Call(1))
    assert hand.actors == (2,)
    assert not any(isinstance(o, RaiseOption) for o in hand.legal_actions())


@pytest.mark.rule("supp-nlpl", "supp-short-allin")
def test_no_limit_short_all_in_does_not_reopen_to_a_raiser_with_chips_behind() -> None:
    hand = dealt(NL, [500, 500, 500, 145], button=3)
    hand.apply(Raise(2, 100))
    hand.apply(Raise(3, 145))            # all in for 45 more, short of a raise of 98
    hand.apply(Call(0))
    hand.apply(Call(1))
    assert hand.actors == (2,) and hand.stacks[2] == 400    # chips enough to raise
    options = hand.legal_actions()
    assert not any(isinstance(o, RaiseOption) for o in options)
    hand.apply(Call(2))
    assert hand.stacks[2] == 355


@pytest.mark.rule("supp-nlpl")
def test_pot_limit_maximum_is_pot_after_call() -> None:
    hand = dealt(PL, [500] * 3, button=0)
    # pot 3, call 2 -> pot 5 after the call: raise to 2 + 5 = 7
    assert raise_option(hand).max_to == 7
    hand.apply(Raise(0, 7))
    # seat 1 (small blind 1): call 6 more, pot 10 + 6 = 16 -> raise to 7 + 16 = 23
    assert raise_option(hand).max_to == 23
    with pytest.raises(IllegalActionError):
        hand.apply(Raise(1, 24))


def test_illegal_actions_change_nothing() -> None:
    hand = dealt(NL, [100] * 3, button=0)
    before = (hand.view(None), [hand.view(s) for s in range(3)], len(hand.events))
    for bad in (Check(0), Raise(0, 3), Bet(0, 5), Call(1)):
        with pytest.raises(IllegalActionError):
            hand.apply(bad)
    with pytest.raises(OutOfTurnError):
        hand.apply(Fold(2))
    with pytest.raises(OutOfTurnError):
        hand.advance()
    assert (hand.view(None), [hand.view(s) for s in range(3)], len(hand.events)) == before


def test_legal_actions_only_for_the_actor() -> None:
    hand = dealt(NL, [100] * 3, button=0)
    assert hand.legal_actions(1) == () and hand.legal_actions(DEALER) == ()
    assert hand.legal_actions(0) == (FoldOption(), CallOption(2),
                                     RaiseOption(min_to=4, max_to=100))


def test_uncalled_bet_is_returned_and_chips_conserved() -> None:
    hand = dealt(NL, [100, 300, 500], button=0)
    hand.apply(Raise(0, 100))
    hand.apply(Raise(1, 300))
    hand.apply(Fold(2))
    assert hand.actors == (DEALER,)
    returned = [e for e in hand.events if type(e).__name__ == "BetReturned"]
    assert [(e.seat, e.amount) for e in returned] == [(1, 200)]
    while not hand.is_over:
        hand.advance()
    assert hand.final_stacks in ((202, 200, 498), (0, 402, 498))
    assert sum(hand.final_stacks) == 900


def test_no_raise_when_nobody_can_call_more() -> None:
    hand = dealt(NL, [100, 300, 100], button=0)
    hand.apply(Raise(0, 100))
    assert hand.legal_actions(1) == (FoldOption(), CallOption(99))


@pytest.mark.parametrize("bad", [dict(blinds=()), dict(blinds=(1, -2)),
                                 dict(blinds=(1, 2), bring_in=1)])
def test_bad_configs_raise(bad: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        GameConfig.of("holdem", "no limit", **bad)  # type: ignore[arg-type]


def test_bad_stacks_raise() -> None:
    with pytest.raises(ConfigError):
        NL.new_hand([100])
    with pytest.raises(ConfigError):
        NL.new_hand([100, -5, 10])


ONE_BLIND = GameConfig.of("lowball-a5", blinds=(10,))


@pytest.mark.rule("lowball-5")
def test_half_a_blind_or_more_is_a_full_blind() -> None:
    hand = dealt(ONE_BLIND, [100, 6, 100], button=0)
    assert hand.bets[1] == 6 and hand.stacks[1] == 0
    assert hand.max_bet == 10                       # the others call a full blind
    assert hand.legal_actions(2)[1] == CallOption(10)


@pytest.mark.rule("lowball-4")
def test_short_of_half_a_blind_the_next_player_takes_the_blind() -> None:
    hand = dealt(ONE_BLIND, [100, 4, 100], button=0)
    assert hand.bets == [0, 4, 10]
    posts = [(e.seat, e.amount) for e in hand.events if type(e).__name__ == "ForcedBet"]
    assert posts == [(1, 4), (2, 10)]
    assert hand.actors == (0,)


_SIZES = st.integers(min_value=0, max_value=60)
_OPTIONS = st.one_of(
    st.builds(RaiseOption, _SIZES, _SIZES, st.lists(_SIZES, max_size=3).map(tuple)),
    st.builds(BetOption, _SIZES, _SIZES, st.lists(_SIZES, max_size=3).map(tuple)),
    st.just(FoldOption()), st.just(CheckOption()), st.builds(CallOption, _SIZES))
_ACTIONS = st.one_of(st.builds(Raise, st.just(0), _SIZES), st.builds(Bet, st.just(0), _SIZES),
                     st.just(Fold(0)), st.just(Check(0)), st.just(Call(0)))


@given(_OPTIONS, _ACTIONS)
def test_the_machine_s_own_wager_check_is_the_option_s(option: Option, action: Action) -> None:
    """The hand machine judges bets and raises itself (compiled): exactly as the
    option's ``allows`` does, for every option and action."""
    assert wager_allowed(option, action) == option.allows(action)
