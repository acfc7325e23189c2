"""The poker machine's view is the one table view (`tableview.View`): the same type the
terminal, the room and the bots read, filled from the hand at every step."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots.random_play import random_action
from pokerroom.cards import UNKNOWN
from pokerroom.core import DEALER, Call, Check, Fold, Raise
from pokerroom.engine import VARIANTS, Forced, GameConfig
from pokerroom.engine.state import PokerHand
from pokerroom.tableview import ALL_IN, FOLDED, SITTING_OUT, View


def _config(name: str) -> GameConfig:
    variant = VARIANTS[name]
    if variant.forced is Forced.BLINDS:
        return GameConfig.of(name, "no limit" if not variant.low else "fixed limit",
                             blinds=(1, 2))
    if variant.forced is Forced.BRING_IN:
        return GameConfig.of(name, ante=1, bring_in=2, small_bet=5, big_bet=10)
    return GameConfig.of(name, ante=1)


def _check_view(hand: PokerHand, viewer: int | None) -> None:
    view = hand.view(viewer)
    assert isinstance(view, View)
    assert view.you == viewer and view.to_act == hand.actors and view.over == hand.is_over
    assert view.street == hand.street_name and view.board == tuple(hand.board)
    assert view.total_pot == hand.pot
    assert sum(chips for _, chips in view.pots) == hand.pot - sum(hand.bets)
    acting = viewer is not None and viewer in hand.actors
    assert view.options == (hand.legal_actions(viewer) if acting else ())
    shown = {s.seat for s in hand.result.shown} if hand.result is not None else set()
    for seat in view.seats:
        s = seat.seat
        assert seat.stack == hand.stacks[s] and seat.bet == hand.bets[s]
        assert seat.dealt_in == hand.in_hand[s]
        assert (seat.status == FOLDED) == (hand.in_hand[s] and hand.folded[s])
        assert seat.all_in == (hand.in_hand[s] and not hand.folded[s] and hand.stacks[s] == 0)
        for card, held, up in zip(seat.cards, hand.hole[s], hand.up[s], strict=True):
            if s == viewer or s in shown or up:
                assert card == held
            else:
                assert card is UNKNOWN


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_poker_game_gives_the_one_view_at_every_step(name: str) -> None:
    rng = random.Random(name)
    for number in range(6):
        hand = _config(name).new_hand([60, 40, 200, 25], button=number % 4, rng=rng)
        steps = 0
        while not hand.is_over:
            for viewer in (None, 0, 1, 2, 3):
                _check_view(hand, viewer)
            seat = hand.actors[0]
            if seat == DEALER:
                hand.advance()
            else:
                hand.apply(random_action(hand, seat, rng))
            steps += 1
            assert steps < 500
        for viewer in (None, 0, 1, 2, 3):
            _check_view(hand, viewer)


def test_side_pots_are_named_and_statuses_are_words() -> None:
    hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
        [10, 50, 50, 80], button=3, rng=random.Random(4))
    while hand.actors == (DEALER,):
        hand.advance()
    hand.apply(Fold(2))                              # under the gun folds
    hand.apply(Raise(3, 40))
    hand.apply(Call(0))                              # small blind: all in for 10
    hand.apply(Call(1))
    view = hand.view(None)
    assert [s.status for s in view.seats] == [ALL_IN, "", FOLDED, ""]
    while hand.actors == (DEALER,):
        hand.advance()
    hand.apply(Check(1))
    hand.apply(Check(3))
    assert hand.view(None).pots == (("main pot", 30), ("side pot 1", 60))


def test_a_seat_not_dealt_in_is_sitting_out() -> None:
    table_hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
        [100, 0, 100, 100], button=0, rng=random.Random(2))
    assert table_hand.view(None).seat(1).status == SITTING_OUT
    assert not table_hand.view(None).seat(1).dealt_in
