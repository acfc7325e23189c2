"""Who acts first after the draw: the opener in every draw game played with an ante
(``draw-intro``), the first seat left of the button in the blind games (lowball)."""

from __future__ import annotations

import pytest
from engine_helpers import Script

from pokerroom.core import Bet, Call, Check, Draw, Fold, Raise
from pokerroom.engine import GameConfig, PokerHand
from pokerroom.errors import IllegalActionError

DRAW_HIGH = GameConfig.of("draw-high", ante=5)
JACKS = GameConfig.of("jacks", ante=5, joker=False)
A5 = GameConfig.of("lowball-a5", blinds=(5, 10))

HOLE4 = {0: "Kc Kd 2c 3c 4c", 1: "6s 5h 4d 3s 2s", 2: "Qs Qh Js Jh Ts", 3: "9c 9d 8h 7s 3d"}


def start(config: GameConfig, hole: dict[int, str]) -> tuple[PokerHand, Script]:
    n = len(hole)
    hand = config.new_hand([1000] * n, button=n - 1, deck=config.deck_cards())
    script = Script(hole)
    script.run(hand)
    return hand, script


def to_after_the_draw(hand: PokerHand, script: Script) -> None:
    """Deal and stand pat until the betting round after the draw."""
    while hand.street_name != "after the draw" or hand.actors == (-1,) or \
            type(hand.legal_actions()[0]).__name__ == "DrawOption":
        if hand.actors == (-1,):
            script.step(hand)
        else:
            hand.apply(Draw(hand.actors[0], ()))


@pytest.mark.rule("draw-intro")
def test_draw_high_the_opener_acts_first_after_the_draw() -> None:
    hand, script = start(DRAW_HIGH, HOLE4)
    assert hand.actors == (0,)
    hand.apply(Check(0))                # checked before the opener
    hand.apply(Check(1))
    hand.apply(Bet(2, 10))              # seat 2 opens
    hand.apply(Call(3))
    hand.apply(Call(0))
    hand.apply(Call(1))
    assert hand.opener_seat == 2
    to_after_the_draw(hand, script)
    assert hand.actors == (2,)          # the opener, not seat 0 who checked first
    assert hand.bet_size == 20          # the limit doubles after the draw


@pytest.mark.rule("draw-intro")
def test_draw_high_the_next_seat_acts_first_when_the_opener_has_folded() -> None:
    hand, script = start(DRAW_HIGH, HOLE4)
    hand.apply(Check(0))
    hand.apply(Bet(1, 10))              # seat 1 opens
    hand.apply(Raise(2, 20))
    hand.apply(Call(3))
    hand.apply(Call(0))
    hand.apply(Fold(1))                 # the opener folds
    assert hand.opener_seat == 1
    to_after_the_draw(hand, script)
    assert hand.actors == (2,)          # the next player clockwise from the opener


@pytest.mark.rule("draw-intro")
def test_draw_high_nobody_bets_the_first_seat_left_of_the_button_acts_first() -> None:
    hand, script = start(DRAW_HIGH, HOLE4)
    for seat in (0, 1, 2, 3):
        hand.apply(Check(seat))
    assert hand.opener_seat == -1 and not hand.is_over   # no openers needed: it plays
    to_after_the_draw(hand, script)
    assert hand.actors == (0,)


@pytest.mark.rule("draw-intro", "jacks-1")
def test_jacks_the_opener_acts_first_after_the_draw_even_after_a_raise() -> None:
    hole = {0: "Ts Td 4c 5c 6c", 1: "2s 3s 4s 9c Kh", 2: "Qs Qd 2c 3d 8h", 3: "As Ad 7h 7d 9s"}
    hand, script = start(JACKS, hole)
    hand.apply(Check(0))
    hand.apply(Check(1))
    hand.apply(Bet(2, 10))
    hand.apply(Raise(3, 20))            # a raise does not make seat 3 the opener
    hand.apply(Fold(0))
    hand.apply(Call(1))
    hand.apply(Call(2))
    to_after_the_draw(hand, script)
    assert hand.opener_seat == 2 and hand.actors == (2,)


@pytest.mark.rule("draw-intro")
def test_draw_high_has_no_openers_to_split() -> None:
    hand, script = start(DRAW_HIGH, HOLE4)
    hand.apply(Check(0))
    hand.apply(Bet(1, 10))
    for seat in (2, 3, 0):
        hand.apply(Call(seat))
    script.run(hand)
    assert hand.actors == (0,)
    hand.apply(Draw(0, hand.hole[0][2:]))
    script.run(hand)
    # the opener of draw high may break any hand without declaring anything
    hand.apply(Draw(1, hand.hole[1][:2]))
    script.run(hand)
    with pytest.raises(IllegalActionError, match="no openers"):
        hand.apply(Draw(2, hand.hole[2][:1], split_openers=True))
    assert len(hand.hole[2]) == 5 and hand.actors == (2,)


@pytest.mark.rule("lowball-intro", "supp-blinds")
def test_lowball_after_the_draw_starts_left_of_the_button_not_with_the_first_raiser() -> None:
    hand, script = start(A5, HOLE4)
    # blinds on seats 0 and 1; seat 2 is first to act and raises the blind
    assert hand.actors == (2,)
    hand.apply(Raise(2, 20))
    for seat in (3, 0, 1):
        hand.apply(Call(seat))
    to_after_the_draw(hand, script)
    assert hand.actors == (0,)          # the small blind, first live seat left of the button


@pytest.mark.rule("jacks-9", "jacks-10", "joker-2")
def test_split_openers_are_judged_from_the_final_hand_and_the_discards() -> None:
    from pokerroom.cards import parse_cards
    from pokerroom.engine.openers import could_have_held_openers, is_openers

    def could(final: str, discards: str, joker: bool = False) -> bool:
        return could_have_held_openers(parse_cards(final), parse_cards(discards),
                                       joker=joker)

    assert not could("Th Ts Tc 4d 2h", "8c 5c Ad")       # tens and junk: impossible
    assert could("Qh 9h 7h 4h 2h", "Qs")                 # a queen kept, a queen thrown
    assert not could("Kh 9h 7h 4h 2h", "Qs")             # no second queen anywhere
    assert could("As 3h 7h 4h 2h", "Jk", joker=True)     # the joker pairs the ace
    assert could("9s Ts Jd Qc 4h", "Kh")                 # a straight was possible
    assert is_openers(parse_cards("As Jk Ks Qs Tc"), joker=True)


def split_and_check_down(discard: str, drawn: str) -> PokerHand:
    """Seat 0 opens on Js Jd Ts 9s 8s, seat 1 calls with kings, seat 2 folds; seat 0
    throws ``discard`` declaring a split and draws ``drawn``; both check to the end."""
    from pokerroom.cards import parse_cards

    hole = {0: "Js Jd Ts 9s 8s", 1: "Ks Kd 2c 3d 8h", 2: "2s 3s 4d 9c Kh"}
    hand, script = start(JACKS, hole)
    hand.apply(Bet(0, 10))
    hand.apply(Call(1))
    hand.apply(Fold(2))
    script.run(hand)
    hand.apply(Draw(0, parse_cards(discard), split_openers=True))
    script.hole[0] = list(parse_cards(drawn))
    script.run(hand)
    hand.apply(Draw(1, ()))
    while not hand.is_over:
        if hand.actors == (-1,):
            hand.advance()
        else:
            hand.apply(Check(hand.actors[0]))
    assert hand.result is not None
    return hand


@pytest.mark.rule("jacks-9", "jacks-3")
def test_an_opener_who_splits_real_openers_wins_as_usual() -> None:
    hand = split_and_check_down("Jd", "7s")                   # to a straight flush
    assert hand.result is not None
    assert [(a.seat, a.amount) for a in hand.result.awards] == [(0, 35)]
    assert not any("cannot" in note or "could not" in note for note in hand.result.notes)


@pytest.mark.rule("jacks-10", "jacks-9")
def test_keeping_openers_is_no_split_so_those_hands_cannot_prove_one() -> None:
    from pokerroom.cards import parse_cards
    from pokerroom.engine.openers import could_have_held_openers

    def could(final: str, discards: str, joker: bool = False) -> bool:
        return could_have_held_openers(parse_cards(final), parse_cards(discards),
                                       joker=joker)

    # Ts Th Tc 9c kept would be openers kept; any other four hold at most two tens
    assert not could("Ts Th Tc 9c 8d", "4c")
    # the rule's own example: throwing the Tc from As Jk Ks Qs Tc keeps A-Jk
    assert not could("As Jk Ks Qs 2h", "Tc", joker=True)
    assert could("As Ks Qs Js 2h", "Tc")                 # a straight broken


@pytest.mark.rule("jacks-9", "jacks-3")
def test_the_hand_really_held_when_splitting_proves_openers() -> None:
    from pokerroom.cards import parse_cards

    # seat 0 says it splits, though it keeps its jacks: the hand it held had openers
    hand = split_and_check_down("8s", "Jh")
    assert hand.split_held[0] == tuple(parse_cards("Js Jd Ts 9s 8s"))
    assert hand.result is not None
    assert [(a.seat, a.amount) for a in hand.result.awards] == [(0, 35)]   # trips jacks
    assert not any("cannot" in note or "could not" in note for note in hand.result.notes)


DRAW_BLINDS = GameConfig.of("draw-high", blinds=(5, 10))


@pytest.mark.rule("draw-1", "draw-2")
def test_five_card_draw_with_blinds_opens_left_of_the_big_blind_and_after_the_button() -> None:
    """Five-card draw dealt with blinds (the online rooms' form; the rulebook's has an
    ante): the first round opens left of the big blind, and after the draw the first live
    seat left of the button acts first, whoever opened, as in lowball."""
    assert DRAW_BLINDS.variant.name == "draw-high-blinds"
    hand, script = start(DRAW_BLINDS, HOLE4)
    assert hand.actors == (2,)          # button 3, blinds 0 and 1
    hand.apply(Raise(2, 20))            # seat 2 raises the big blind
    hand.apply(Fold(3))
    hand.apply(Call(0))
    hand.apply(Call(1))
    to_after_the_draw(hand, script)
    assert hand.actors == (0,)          # the small blind, not the raiser
    hand.apply(Check(0))
    hand.apply(Check(1))                # a check-raise is allowed (draw-2)
    hand.apply(Bet(2, 20))              # the limit doubles after the draw
    hand.apply(Raise(0, 40))
    assert hand.bet_size == 20
