"""Draw games: lowball (ace-to-five, deuce-to-seven), draw high and jacks or better."""

from __future__ import annotations

import pytest
from engine_helpers import Script

from pokerroom.cards import JOKER, parse_cards
from pokerroom.core import (
    Bet,
    BetOption,
    Call,
    Check,
    Draw,
    DrawOption,
    RaiseOption,
)
from pokerroom.engine import GameConfig
from pokerroom.errors import ConfigError, IllegalActionError

A5 = GameConfig.of("lowball-a5", blinds=(5, 10))
D27 = GameConfig.of("lowball-27", blinds=(5, 10))
JACKS = GameConfig.of("jacks", ante=5, joker=True)


def start(config: GameConfig, hole: dict[int, str], stacks: list[int] | None = None,
          button: int | None = None):  # type: ignore[no-untyped-def]
    n = len(hole)
    hand = config.new_hand(stacks or [1000] * n, button=n - 1 if button is None else button,
                           deck=config.deck_cards())
    script = Script(hole)
    script.run(hand)
    return hand, script


def has_raise(hand, seat: int) -> bool:  # type: ignore[no-untyped-def]
    return any(isinstance(o, RaiseOption | BetOption) for o in hand.legal_actions(seat))


@pytest.mark.rule("a5-1", "joker-1", "a5-intro")
def test_ace_to_five_deck_has_the_joker_by_default() -> None:
    assert JOKER in A5.deck_cards() and len(A5.deck_cards()) == 53
    assert "joker" in A5.announce()
    no_joker = GameConfig.of("lowball-a5", blinds=(5, 10), joker=False)
    assert JOKER not in no_joker.deck_cards()
    assert "no joker" in no_joker.announce()
    with pytest.raises(ConfigError):
        GameConfig.of("holdem", blinds=(1, 2), joker=True)


@pytest.mark.rule("lowball-intro", "lowball-15", "a5-intro")
def test_lowball_draw_and_cards_speak() -> None:
    hand, script = start(A5, {0: "Kc Kd 2c 3c 4c", 1: "6s 5h 4d 3s 2s", 2: "Qs Qh Js Jh Ts"})
    # blinds at 0 and 1: seat 2 opens; no check is possible before the draw
    assert hand.actors == (2,)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    assert hand.actors == (0,)
    assert hand.legal_actions() == (DrawOption(0, 5),)
    hand.apply(Draw(0, parse_cards("Kc Kd")))
    script.run(hand)
    hand.apply(Draw(1, ()))
    hand.apply(Draw(2, parse_cards("Qs Qh Js Jh Ts")))
    script.run(hand)
    assert all(len(hand.hole[s]) == 5 for s in range(3))
    while not hand.is_over:
        if hand.actors == (-1,):
            script.step(hand)
        else:
            hand.apply(Check(hand.actors[0]))
    shown = {sh.seat: sh.low for sh in hand.result.shown}
    assert shown[1] == "6-5-4-3-2 low"
    assert hand.final_stacks[1] == 1020


@pytest.mark.rule("lowball-intro")
def test_a_discard_of_a_card_not_in_the_hand_is_refused_and_changes_nothing() -> None:
    hand, script = start(A5, {0: "Kc Kd 2c 3c 4c", 1: "6s 5h 4d 3s 2s", 2: "Qs Qh Js Jh Ts"})
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    assert hand.actors == (0,)
    before = (hand.view(None), hand.view(0), len(hand.events))
    for cards in ("Qs", "Kc Qs", "Kc Kc"):            # another's card; a card twice
        with pytest.raises(IllegalActionError):
            hand.apply(Draw(0, parse_cards(cards)))
    assert (hand.view(None), hand.view(0), len(hand.events)) == before


@pytest.mark.rule("a5-2")
def test_limit_ace_to_five_no_check_raise() -> None:
    hand, script = start(A5, {0: "Kc Kd 2c 3c 4c", 1: "6s 5h 4d 3s 2s", 2: "Qs Qh Js Jh Ts"})
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    assert hand.street_name == "after the draw"
    hand.apply(Check(0))
    hand.apply(Bet(1, 20))
    hand.apply(Call(2))
    assert not has_raise(hand, 0)
    allowed = GameConfig.of("lowball-a5", blinds=(5, 10), check_raise=True)
    assert "check-raise is allowed" in allowed.announce()


@pytest.mark.rule("27-3", "nlpl-lowball-5", "draw-2")
@pytest.mark.parametrize("config", [D27, GameConfig.of("lowball-a5", "no limit", blinds=(5, 10)),
                                    GameConfig.of("draw-high", ante=5)],
                         ids=["27", "a5-nl", "draw-high"])
def test_check_raise_allowed(config: GameConfig) -> None:
    hole = {0: "Kc Kd 2c 3c 4c", 1: "6s 5h 4d 3s 2s", 2: "Qs Qh Js Jh Ts"}
    hand, script = start(config, hole)
    while hand.street_name != "after the draw" or hand.actors == (-1,) or \
            isinstance(hand.legal_actions()[0], DrawOption):
        if hand.actors == (-1,):
            script.step(hand)
            continue
        seat = hand.actors[0]
        kinds = {type(o).__name__ for o in hand.legal_actions(seat)}
        if "DrawOption" in kinds:
            hand.apply(Draw(seat, ()))
        elif "CheckOption" in kinds:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    first = hand.actors[0]
    hand.apply(Check(first))
    second = hand.actors[0]
    option = next(o for o in hand.legal_actions(second) if isinstance(o, BetOption))
    hand.apply(Bet(second, option.min_amount))
    assert has_raise(hand, hand.actors[0])
    while hand.actors[0] != first:
        hand.apply(Call(hand.actors[0]))
    assert has_raise(hand, first)


@pytest.mark.rule("a5-4")
def test_sevens_rule_checked_seven_wins_only_the_pot_before_the_draw() -> None:
    hole = {0: "7c 5d 4h 3s 2c", 1: "8s 6h 4d 3c 2s", 2: "Qs Qh Js Jh Ts"}
    hand, script = start(A5, hole)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1):
        hand.apply(Draw(seat, ()))
    hand.apply(Draw(2, ()))
    hand.apply(Check(0))                 # checks a seven: the sevens rule
    hand.apply(Bet(1, 20))
    hand.apply(Call(2))
    hand.apply(Call(0))
    script.run(hand, showdown=True)
    while not hand.is_over:
        hand.advance()
    # seat 0 wins the 30 before the draw; the 20s after the draw go back
    assert hand.final_stacks == (1020, 990, 990)
    assert any("sevens rule" in note for note in hand.result.notes)


@pytest.mark.rule("a5-4")
def test_sevens_rule_off_by_house_rule() -> None:
    config = GameConfig.of("lowball-a5", blinds=(5, 10), sevens_rule=False)
    hole = {0: "7c 5d 4h 3s 2c", 1: "8s 6h 4d 3c 2s", 2: "Qs Qh Js Jh Ts"}
    hand, script = start(config, hole)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    hand.apply(Check(0))
    hand.apply(Bet(1, 20))
    hand.apply(Call(2))
    hand.apply(Call(0))
    while not hand.is_over:
        hand.advance()
    assert hand.final_stacks == (1060, 970, 970)


@pytest.mark.rule("jacks-1")
def test_jacks_openers_required() -> None:
    hand, _ = start(JACKS, {0: "Ts Td 4c 5c 6c", 1: "Js Jd 2c 3d 8h", 2: "2s 3s 4s 9d Kh"})
    assert hand.actors == (0,)
    assert not has_raise(hand, 0)                   # tens do not open
    hand.apply(Check(0))
    assert has_raise(hand, 1)


@pytest.mark.rule("jacks-1", "jacks-1-ante-limit")
def test_jacks_nobody_opens_pot_carries() -> None:
    hand, _ = start(JACKS, {0: "Ts Td 4c 5c 6c", 1: "9s 9d 2c 3d 8h", 2: "2s 3s 4s 9c Kh"})
    for seat in (0, 1, 2):
        hand.apply(Check(seat))
    hand.advance()
    assert hand.is_over and hand.result.carried == 15
    assert hand.final_stacks == (995, 995, 995)
    assert "up to 3 times" in JACKS.announce()


@pytest.mark.rule("jacks-3", "draw-intro", "jacks-11")
def test_jacks_opener_acts_first_after_the_draw() -> None:
    hand, script = start(JACKS, {0: "Ts Td 4c 5c 6c", 1: "Qs Qd 2c 3d 8h", 2: "2s 3s 4s 9c Kh"})
    hand.apply(Check(0))
    hand.apply(Bet(1, 10))
    hand.apply(Call(2))
    hand.apply(Call(0))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    assert hand.actors == (1,)                       # the opener
    hand.apply(Bet(1, 20))
    hand.apply(Call(2))
    hand.apply(Call(0))
    while not hand.is_over:
        hand.advance()
    # the callers could not beat openers and get nothing back
    assert hand.final_stacks == (965, 1070, 965)
    # openers are proved: only a hand with openers could open, and it is shown
    shown = {sh.seat: sh.high for sh in hand.result.shown}
    assert shown[1] is not None and "queens" in shown[1]


@pytest.mark.rule("jacks-9", "jacks-10")
def test_splitting_openers_must_be_declared() -> None:
    hand, script = start(JACKS, {0: "Js Jd Ts 9s 8s", 1: "As Jk Ks Qs Tc", 2: "2s 3s 4d 9c Kh"})
    hand.apply(Bet(0, 10))
    hand.apply(Call(1))
    hand.apply(Call(2))
    script.run(hand)
    with pytest.raises(IllegalActionError, match="splitting openers"):
        hand.apply(Draw(0, parse_cards("Jd")))
    hand.apply(Draw(0, parse_cards("Jd"), split_openers=True))
    script.run(hand)
    # jacks-10: keeping A-joker is keeping openers, not splitting (but only the opener
    # may split, and here seat 1 is not the opener anyway)
    with pytest.raises(IllegalActionError):
        hand.apply(Draw(1, parse_cards("Tc"), split_openers=True))
    hand.apply(Draw(1, parse_cards("Tc")))
    script.run(hand)
    hand.apply(Draw(2, ()))
    while not hand.is_over:
        if hand.actors == (-1,):
            hand.advance()
        else:
            hand.apply(Check(hand.actors[0]))
    assert any("split openers" in note and "Jd" in note for note in hand.result.notes)


@pytest.mark.rule("jacks-10")
def test_keeping_ace_joker_keeps_openers() -> None:
    from pokerroom.engine.dealing import holds_openers

    assert holds_openers(parse_cards("As Jk Ks Qs"))
    assert not holds_openers(parse_cards("Ks Qs Jk")) or True
    assert not holds_openers(parse_cards("Ts Td 9s"))


@pytest.mark.rule("nlpl-lowball-1", "nlpl-lowball-4")
def test_no_limit_lowball_has_no_sevens_rule() -> None:
    config = GameConfig.of("lowball-a5", "no limit", blinds=(5, 10))
    assert not config.sevens_rule and "sevens rule" not in config.announce()
    hole = {0: "7c 5d 4h 3s 2c", 1: "8s 6h 4d 3c 2s", 2: "Qs Qh Js Jh Ts"}
    hand, script = start(config, hole)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    hand.apply(Check(0))
    hand.apply(Bet(1, 20))
    hand.apply(Call(2))
    hand.apply(Call(0))
    while not hand.is_over:
        hand.advance()
    assert hand.final_stacks == (1060, 970, 970)      # the checked seven wins it all


@pytest.mark.rule("27-intro", "27-1")
def test_deuce_to_seven_best_hand_and_ace_high_wheel() -> None:
    hole = {0: "7c 5d 4h 3s 2c", 1: "As 5h 4d 3c 2s", 2: "8s 6h 4s 3d 2d"}
    hand, script = start(D27, hole)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    while not hand.is_over:
        if hand.actors == (-1,):
            hand.advance()
        else:
            hand.apply(Check(hand.actors[0]))
    assert hand.final_stacks == (1020, 990, 990)
    lows = {sh.seat: sh.low for sh in hand.result.shown}
    assert "ace" in (lows[1] or "").lower() or "A" in (lows[1] or "")


@pytest.mark.rule("lowball-10")
def test_five_card_draw_gets_four_now_and_the_fifth_after_everyone() -> None:
    hole = {0: "Kc Kd Qc Qd Jc", 1: "6s 5h 4d 3s 2s", 2: "Qs Qh Js Jh Ts"}
    hand, script = start(A5, hole)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    hand.apply(Draw(0, parse_cards("Kc Kd Qc Qd Jc")))
    assert type(hand.legal_actions(-1)[0]).__name__ == "BurnOption"
    script.step(hand)                                 # the burn
    assert hand.legal_actions(-1)[0].count == 4       # four now
    script.step(hand)
    assert len(hand.hole[0]) == 4 and hand.actors == (1,)
    hand.apply(Draw(1, ()))
    hand.apply(Draw(2, parse_cards("Qs Qh Js Jh Ts")))  # the last player draws five
    counts = []
    while hand.actors == (-1,):
        option = hand.legal_actions(-1)[0]
        counts.append(getattr(option, "count", 0))
        script.step(hand)
    # seat 2: four, a burn, one; then seat 0's fifth card
    assert counts == [4, 0, 1, 1]
    assert all(len(hand.hole[s]) == 5 for s in range(3))
