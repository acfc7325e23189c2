"""The house rule ``free_fold``: a player may fold where they could check, as the online
rooms allow (PokerStars among them), the hand dead at once. Off by default: outside stud
(``stud-7``) the rulebook's betting offers a check, not a fold, with no bet to face."""

from __future__ import annotations

import pytest

from pokerroom.core import DEALER, Call, Check, Fold, FoldOption
from pokerroom.engine import GameConfig, HouseRules, PokerHand
from pokerroom.errors import IllegalActionError


def _to_the_flop(config: GameConfig) -> PokerHand:
    hand = config.new_hand([100, 100, 100], button=0, deck=config.deck_cards())
    while hand.actors == (DEALER,):
        hand.advance()
    hand.apply(Call(0))
    hand.apply(Call(1))
    hand.apply(Check(2))
    while hand.actors == (DEALER,):
        hand.advance()
    return hand


def test_without_the_rule_a_seat_with_no_bet_to_face_may_not_fold() -> None:
    hand = _to_the_flop(GameConfig.of("holdem", "no limit", blinds=(1, 2)))
    seat = hand.actors[0]
    assert FoldOption() not in hand.legal_actions(seat)
    with pytest.raises(IllegalActionError):
        hand.apply(Fold(seat))


@pytest.mark.rule("supp-announce")
def test_with_the_rule_the_fold_is_offered_said_and_the_hand_is_dead_at_once() -> None:
    config = GameConfig.of("holdem", "no limit", blinds=(1, 2),
                           rules=HouseRules(free_fold=True))
    assert "a player may fold where they could check" in config.announce()
    hand = _to_the_flop(config)
    seat = hand.actors[0]
    assert FoldOption() in hand.legal_actions(seat)
    hand.apply(Fold(seat))
    assert hand.folded[seat] and hand.hole[seat] == []       # mucked: no stud-7 waiting
    assert hand.actors != (seat,)
