"""The one way from a seat's options to its actions (:mod:`pokerroom.options`): each
operation on each standard option, and, for random hands of every game, every action it
builds from the legal options is one the hand accepts and that maps back to its option."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.bots.random_play import own_cards, random_action
from pokerroom.cards import parse_cards
from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption, PlayBet, PlayOption
from pokerroom.catalog import TableSpec
from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    BringIn,
    BringInOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    Declare,
    DeclareOption,
    Discard,
    DiscardOption,
    Draw,
    DrawOption,
    Fold,
    FoldOption,
    HandState,
    Option,
    PassCard,
    PassOption,
    Raise,
    RaiseOption,
)
from pokerroom.engine import GameConfig
from pokerroom.errors import IllegalActionError
from pokerroom.game import Game
from pokerroom.games import all_games
from pokerroom.options import (
    Pick,
    WagerRange,
    actions_of,
    build,
    find_option,
    option_for,
    pot_share,
    sized,
    sole_action,
    wager_in,
)

HAND = parse_cards("As Kd 7c 7h 2s")
FACING = (FoldOption(), CallOption(10), RaiseOption(min_to=20, max_to=300))
OPEN = (CheckOption(), BetOption(10, 300))
LIMIT = (CheckOption(), BetOption(5, 10, amounts=(5, 10)))


# --------------------------------------------------------------------------- finding


def test_find_gives_the_option_of_the_first_kind_there_is() -> None:
    assert find_option(FACING, CallOption) == CallOption(10)
    assert find_option(FACING, CheckOption) is None
    assert find_option(FACING, CheckOption, CallOption, FoldOption) == CallOption(10)
    assert find_option(OPEN, BetOption, RaiseOption) == BetOption(10, 300)


def test_an_action_maps_back_to_the_option_that_allows_it() -> None:
    assert option_for(Fold(1), FACING) == FoldOption()
    assert option_for(Raise(1, 40), FACING) == FACING[2]
    assert option_for(Raise(1, 301), FACING) is None
    assert option_for(Check(1), FACING) is None
    # a family's own option says what it allows, so its actions map back too
    play = PlayOption(amount=10)
    assert option_for(PlayBet(2), (FoldOption(), play)) is play


def test_the_sole_action_of_an_option_that_needs_only_the_seat() -> None:
    sole = [sole_action(option, 3) for option in (
        FoldOption(), CheckOption(), CallOption(4), BringInOption(2), CompleteOption(10))]
    assert sole == [Fold(3), Check(3), Call(3), BringIn(3), Complete(3)]
    assert sole_action(BetOption(2, 9), 3) is None
    assert sole_action(DrawOption(0, 3), 3) is None


# --------------------------------------------------------------------------- sizes


@pytest.mark.rule("supp-nlpl")
def test_a_wanted_size_fits_into_the_range() -> None:
    wager = WagerRange.of(FACING[2])
    assert wager == WagerRange(raises=True, low=20, high=300)
    assert [wager.fit(size) for size in (5, 20, 77, 300, 5000)] == [20, 20, 77, 300, 300]
    assert wager.largest == 300
    assert wager.action(0, 77) == Raise(0, 77)
    assert WagerRange.of(BetOption(10, 300)) == WagerRange(raises=False, low=10, high=300)
    assert WagerRange.of(CallOption(2)) is None and WagerRange.of(None) is None


@pytest.mark.rule("stud-4")
def test_a_listed_size_is_picked_not_over_the_size_wanted_or_smallest() -> None:
    wager = wager_in(LIMIT)
    assert wager is not None and wager.listed == (5, 10) and wager.largest == 10
    assert [wager.fit(size) for size in (1, 5, 9, 10, 50)] == [5, 5, 5, 10, 10]
    assert [wager.fit(size, Pick.SMALLEST) for size in (1, 9, 50)] == [5, 5, 5]
    assert wager.sizes((7, 100)) == (5, 10)


def test_the_sizes_offered_run_from_the_least_to_the_most_each_once() -> None:
    wager = WagerRange.of(BetOption(10, 300))
    assert wager is not None
    assert wager.sizes() == (10, 300)
    assert wager.sizes((150, 150, 5, 999)) == (10, 150, 300)


def test_a_share_of_the_pot_as_a_bet_and_as_a_raise() -> None:
    # a bet: the share of the chips in the middle; a raise: to the current bet plus the
    # share of the pot after calling
    assert pot_share(1.0, pot=40, to_call=0, bet=0) == (40, 40)
    assert pot_share(0.5, pot=45, to_call=10, bet=5) == (22, 42)


@pytest.mark.rule("stud-3")
def test_sized_bets_raises_or_completes() -> None:
    assert sized(OPEN, 1, bet=66, raise_to=0) == Bet(1, 66)
    assert sized(FACING, 1, bet=0, raise_to=1000) == Raise(1, 300)
    assert sized(LIMIT, 1, bet=9, raise_to=0) == Bet(1, 5)
    assert sized(LIMIT, 1, bet=50, raise_to=0) == Bet(1, 10)
    assert sized(LIMIT, 1, bet=50, raise_to=0, pick=Pick.SMALLEST) == Bet(1, 5)
    stud = (FoldOption(), CallOption(2), CompleteOption(to=5))
    assert sized(stud, 4, bet=30, raise_to=30) == Complete(4)
    assert sized(stud, 4, bet=30, raise_to=30, complete=False) is None
    assert sized((FoldOption(), CallOption(2)), 4, bet=30, raise_to=30) is None


# --------------------------------------------------------------------------- building


@pytest.mark.rule("jacks-9")
def test_build_makes_the_action_of_each_standard_option() -> None:
    assert build(FoldOption(), 2) == Fold(2)
    assert build(FACING[2], 2, size=50) == Raise(2, 50)
    assert build(FACING[2], 2) == Raise(2, 20)              # no size: the least
    assert build(OPEN[1], 2, size=70) == Bet(2, 70)
    assert build(DrawOption(0, 3), 2, cards=list(HAND[:2])) == Draw(2, HAND[:2])
    assert build(DrawOption(0, 3, True), 2, cards=HAND[:1], split_openers=True) == \
        Draw(2, HAND[:1], split_openers=True)
    assert build(DeclareOption(), 2) == Declare(2, stay=True)
    assert build(DeclareOption(), 2, stay=False) == Declare(2, stay=False)
    assert build(PassOption(HAND[:2], 3), 2, cards=HAND[1:2]) == PassCard(2, HAND[1])
    assert build(DiscardOption((HAND[:2], HAND[2:4])), 2, cards=HAND[2:4]) == \
        Discard(2, HAND[2:4])


def test_build_refuses_what_it_cannot_make_with_a_typed_error() -> None:
    with pytest.raises(IllegalActionError, match="a pass is one card, not 2"):
        build(PassOption(HAND[:2], 3), 2, cards=HAND[:2])
    with pytest.raises(IllegalActionError, match="PlaceWagersOption is not a standard"):
        build(PlaceWagersOption(min_bet=1, max_bet=None, bankroll=100), 0)


def test_a_built_action_that_breaks_the_option_is_for_the_option_to_refuse() -> None:
    too_many = build(DrawOption(0, 1), 0, cards=HAND[:3])
    assert option_for(too_many, (DrawOption(0, 1),)) is None
    out = build(DeclareOption(must_stay=True), 0, stay=False)
    assert not DeclareOption(must_stay=True).allows(out)


# --------------------------------------------------------------------------- every action


def test_every_action_of_each_option() -> None:
    assert actions_of(CallOption(5), 1) == (Call(1),)
    assert actions_of(FACING[2], 1, sizes=(50, 1000)) == (Raise(1, 20), Raise(1, 50),
                                                          Raise(1, 300))
    assert actions_of(LIMIT[1], 1, sizes=(7,)) == (Bet(1, 5), Bet(1, 10))
    draws = actions_of(DrawOption(1, 2), 1, HAND)
    assert len(draws) == 5 + 10 and all(isinstance(d, Draw) for d in draws)
    assert {len(d.discards) for d in draws if isinstance(d, Draw)} == {1, 2}
    assert actions_of(DeclareOption(), 1) == (Declare(1, True), Declare(1, False))
    assert actions_of(PassOption(HAND[:2], 0), 1) == (PassCard(1, HAND[0]),
                                                      PassCard(1, HAND[1]))
    choices = (HAND[:2], HAND[2:4])
    assert actions_of(DiscardOption(choices), 1) == (Discard(1, HAND[:2]),
                                                     Discard(1, HAND[2:4]))
    assert actions_of(PlaceWagersOption(min_bet=1, max_bet=None, bankroll=9), 1) == ()


@pytest.mark.rule("jacks-9")
def test_the_opener_declares_the_split_whenever_a_draw_throws_cards() -> None:
    draws = actions_of(DrawOption(0, 1, may_split_openers=True), 0, HAND[:2])
    assert draws == (Draw(0, ()), Draw(0, HAND[:1], True), Draw(0, HAND[1:2], True))


def test_every_action_of_a_jacks_opener_is_accepted() -> None:
    config = GameConfig.of("jacks", ante=1)
    for seed in range(60):
        hand = config.new_hand([40] * 3, rng=random.Random(seed))
        rng = random.Random(seed)
        while hand.actors:
            seat = hand.actors[0]
            if seat == DEALER:
                hand.advance()
                continue
            draw = find_option(hand.legal_actions(seat), DrawOption)
            if draw is not None and draw.may_split_openers:
                _check_every_action(hand, seat, ())
                return
            hand.apply(random_action(hand, seat, rng))
    pytest.fail("no seed reached an opener's draw")


# --------------------------------------------------------------------------- every game


def _games() -> list[Game]:
    return [entry for entry in all_games() if entry.family != "test"]


def _first_hand(entry: Game, seed: int) -> HandState:
    seats = max(entry.min_seats, min(4, entry.max_seats))
    spec = TableSpec(players=tuple(f"P{i + 1}" for i in range(seats)),
                     stacks=(entry.default_stack,) * seats,
                     stakes=entry.default_stakes, rng=random.Random(seed))
    return entry.new_table(spec).new_hand()


def _check_every_action(hand: HandState, seat: int, sizes: tuple[int, ...]) -> int:
    """Apply each action :mod:`pokerroom.options` makes from ``seat``'s options to a
    copy of the hand; each must be accepted and map back to its option. How many."""
    options = hand.legal_actions(seat)
    cards = own_cards(hand, seat)
    made = [(option, action) for option in options
            for action in actions_of(option, seat, cards, sizes=sizes)]
    for size in sizes:
        action = sized(options, seat, bet=size, raise_to=size)
        if action is not None:
            option = option_for(action, options)
            assert option is not None, (action, options)
            made.append((option, action))
    for option, action in made:
        assert option_for(action, options) == option, (action, options)
        copy.deepcopy(hand).apply(action)          # raises if the hand refuses it
    return len(made)


def _standard(option: Option) -> bool:
    return not isinstance(option, PlaceWagersOption | PlayOption)


@pytest.mark.rule("supp-nlpl", "stud-3", "jacks-9")
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(game=st.sampled_from(_games()), seed=st.integers(0, 2**16),
       sizes=st.lists(st.integers(0, 2000), max_size=3))
def test_every_action_built_from_the_options_is_accepted(
        game: Game, seed: int, sizes: list[int]) -> None:
    # at every decision of a random hand (simultaneous ones too): each seat's every
    # action, then the hand goes on by a random one
    hand = _first_hand(game, seed)
    rng = random.Random(seed)
    while hand.actors:
        seat = hand.actors[0]
        if seat == DEALER:
            hand.advance()
            continue
        for actor in hand.actors:
            made = _check_every_action(hand, actor, tuple(sizes))
            # every standard option gives at least one action
            assert made >= sum(1 for o in hand.legal_actions(actor) if _standard(o))
        hand.apply(random_action(hand, seat, rng))


def test_three_card_poker_wagers_stay_the_family_s_to_build() -> None:
    option = PlaceWagersOption(min_bet=5, max_bet=100, bankroll=500)
    assert option_for(PlaceWagers(0, ante=10), (option,)) is option
    assert sole_action(option, 0) is None and actions_of(option, 0) == ()
