"""The sevens rule against a short all-in (a5-4-allin), the lowball betting structures
(lowball-intro-structure) and the stud rules carried over to stud hi-lo (stud8-1)."""

from __future__ import annotations

import pytest
from engine_helpers import Script

from pokerroom.core import (
    DEALER,
    Action,
    Bet,
    BetOption,
    BringIn,
    Call,
    CallOption,
    Check,
    Complete,
    Draw,
    Fold,
    Raise,
    RaiseOption,
)
from pokerroom.engine import GameConfig, PokerHand, replay
from pokerroom.errors import ConfigError, IllegalActionError

A5 = GameConfig.of("lowball-a5", blinds=(5, 10))
# seat 0 (small blind) holds a seven, seat 1 (big blind) is short, seat 2 a worse low
HOLE = {0: "7c 5d 4h 3s 2c", 1: "Kc Qd Jh 9s 8c", 2: "8s 6h 4d 3c 2s"}


def to_short_all_in(config: GameConfig) -> tuple[PokerHand, Script]:
    """Seat 1 has 5 chips left after the draw and bets them: less than half of 20."""
    hand = config.new_hand([100, 15, 100], button=2, deck=config.deck_cards())
    script = Script(dict(HOLE))
    script.run(hand)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    hand.apply(Check(0))                      # a seven or better, checked
    hand.apply(Bet(1, 5))                     # all in for less than half a bet
    assert hand.stacks[1] == 0
    return hand, script


def finish(hand: PokerHand, script: Script) -> None:
    script.run(hand, showdown=True)
    while not hand.is_over:
        hand.advance()


@pytest.mark.rule("a5-4-allin", "a5-4")
def test_seven_just_calls_a_short_all_in_and_wins_that_bet() -> None:
    hand, script = to_short_all_in(A5)
    hand.apply(Call(2))                       # an overcall of the short bet
    hand.apply(Call(0))                       # the seven just calls
    finish(hand, script)
    # seat 0 wins the 30 before the draw and seat 1's 5; seat 2's overcall comes back
    assert hand.final_stacks == (125, 0, 90)
    assert sum(hand.final_stacks) == 215
    assert any("short all-in" in note for note in hand.result.notes)


@pytest.mark.rule("a5-4-allin")
def test_without_an_overcaller_the_seven_still_wins_the_short_bet() -> None:
    hand, script = to_short_all_in(A5)
    hand.apply(Call(2))
    hand.apply(Call(0))
    before = hand.total_chips
    finish(hand, script)
    assert hand.final_stacks[1] == 0 and sum(hand.final_stacks) == before


@pytest.mark.rule("a5-4-allin")
def test_a_full_bet_after_the_draw_stays_void_for_a_checked_seven() -> None:
    # the same seven facing a full bet (not a short all-in) gets only the pre-draw pot
    hand = A5.new_hand([100, 100, 100], button=2, deck=A5.deck_cards())
    script = Script(dict(HOLE))
    script.run(hand)
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
    finish(hand, script)
    assert hand.final_stacks == (120, 90, 90)


def short_all_in_first() -> tuple[PokerHand, Script]:
    """Seat 0 (short) bets its last 5 after the draw before the seven at seat 1 acts."""
    hole = {0: "Kc Qd Jh 9s 8c", 1: "7c 5d 4h 3s 2c", 2: "8s 6h 4d 3c 2s"}
    hand = A5.new_hand([15, 100, 100], button=2, deck=A5.deck_cards())
    script = Script(hole)
    script.run(hand)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    hand.apply(Bet(0, 5))
    assert hand.stacks[0] == 0
    return hand, script


@pytest.mark.rule("a5-4-allin")
def test_a_seven_facing_the_short_all_in_may_just_call_it() -> None:
    hand, script = short_all_in_first()
    hand.apply(Call(1))                       # the seven just calls
    hand.apply(Call(2))                       # the overcall, which loses
    finish(hand, script)
    assert hand.final_stacks == (0, 125, 90)


@pytest.mark.rule("a5-4-allin")
def test_completing_to_a_full_bet_meets_every_obligation() -> None:
    hand, script = short_all_in_first()
    option = hand.legal_actions(1)[-1]
    assert isinstance(option, RaiseOption)
    assert option.tos == (20, 25)             # complete to the full bet, or raise over 5
    hand.apply(Raise(1, 20))                  # the seven completes to a full bet
    hand.apply(Call(2))
    finish(hand, script)
    # settled as usual: the main pot and the side pot both go to the seven;
    # seat 1 put in 10 + 20 and takes 30 + 15 + 15 + 15
    assert hand.final_stacks == (0, 145, 70)
    assert sum(hand.final_stacks) == 215
    assert any("every obligation" in note for note in hand.result.notes)


@pytest.mark.rule("a5-4-allin")
def test_a_beaten_seven_that_overcalled_the_short_bet_gets_it_back() -> None:
    # seat 2's six beats seat 0's checked seven; seat 2 just called the short all-in,
    # so seat 0's overcall of it comes back and seat 2 wins the pot and that bet
    hole = {0: "7c 5d 4h 3s 2c", 1: "Kc Qd Jh 9s 8c", 2: "6s 5h 4d 3c As"}
    hand = A5.new_hand([100, 15, 100], button=2, deck=A5.deck_cards())
    script = Script(hole)
    script.run(hand)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    hand.apply(Check(0))
    hand.apply(Bet(1, 5))
    hand.apply(Call(2))
    hand.apply(Call(0))
    finish(hand, script)
    assert hand.final_stacks == (90, 0, 125)


# --------------------------------------------------------------------------- structures

D27_HOLE = {0: "7c 5d 4h 3s 2c", 1: "Kc Qd Jh 9s 8c", 2: "8s 6h 4d 3c 2s"}


def lowball(**rules: object) -> tuple[PokerHand, Script]:
    config = GameConfig.of("lowball-27", blinds=(5, 10), **rules)  # type: ignore[arg-type]
    hand = config.new_hand([200, 200, 200], button=2, deck=config.deck_cards())
    script = Script(dict(D27_HOLE))
    script.run(hand)
    return hand, script


def kinds(hand: PokerHand, seat: int) -> list[str]:
    return [type(o).__name__ for o in hand.legal_actions(seat)]


@pytest.mark.rule("lowball-intro-structure")
def test_by_default_the_big_blind_may_be_called_and_the_limit_doubles() -> None:
    hand, script = lowball()
    assert type(hand) is PokerHand
    assert "CallOption" in kinds(hand, 2)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    (bet,) = [o for o in hand.legal_actions(0) if isinstance(o, BetOption)]
    assert bet.amounts == (20,)                # the limit doubles after the draw
    assert "double the big blind" not in hand.config.announce()


@pytest.mark.rule("lowball-intro-structure")
def test_minimum_open_double_the_big_blind() -> None:
    hand, script = lowball(blind_may_be_called=False)
    assert hand.plan.double_open
    assert kinds(hand, 2) == ["FoldOption", "RaiseOption"]
    before = (len(hand.events), tuple(hand.stacks))
    with pytest.raises(IllegalActionError, match="double the big blind"):
        hand.apply(Call(2))
    assert (len(hand.events), tuple(hand.stacks)) == before       # nothing changed
    hand.apply(Fold(2))
    assert kinds(hand, 0) == ["FoldOption", "RaiseOption"]        # nor the small blind
    (raise_option,) = [o for o in hand.legal_actions(0) if isinstance(o, RaiseOption)]
    assert raise_option.min_to == 20                              # double the big blind
    hand.apply(Raise(0, 20))
    assert any(isinstance(o, CallOption) for o in hand.legal_actions(1))  # opened now
    hand.apply(Call(1))
    script.run(hand)
    for seat in (0, 1):
        hand.apply(Draw(seat, ()))
    assert "CheckOption" in kinds(hand, 0)   # after the draw nothing changes
    assert "the minimum open is double the big blind" in hand.config.announce()
    same = replay(hand.config, hand.events)   # the log replays under the same rule
    assert same.plan.double_open and same.stacks == hand.stacks


@pytest.mark.rule("lowball-intro-structure")
def test_minimum_open_in_no_limit_lowball() -> None:
    config = GameConfig.of("lowball-27", "no limit", blinds=(5, 10),
                           blind_may_be_called=False)
    hand = config.new_hand([500, 500, 500], button=2, deck=config.deck_cards())
    Script(dict(D27_HOLE)).run(hand)
    (option,) = [o for o in hand.legal_actions(2) if isinstance(o, RaiseOption)]
    assert option.min_to == 20 and kinds(hand, 2) == ["FoldOption", "RaiseOption"]


@pytest.mark.rule("lowball-intro-structure")
def test_northern_california_limit_does_not_double() -> None:
    hand, script = lowball(limit_doubles=False)
    assert hand.config.stakes.big_bet == hand.config.stakes.small_bet == 10
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    for seat in (0, 1, 2):
        hand.apply(Draw(seat, ()))
    (bet,) = [o for o in hand.legal_actions(0) if isinstance(o, BetOption)]
    assert bet.amounts == (10,)
    assert "the limit does not double after the draw" in hand.config.announce()


@pytest.mark.rule("lowball-intro-structure")
def test_structure_options_are_validated() -> None:
    with pytest.raises(ConfigError):
        GameConfig.of("holdem", blinds=(1, 2), blind_may_be_called=False)
    with pytest.raises(ConfigError):
        GameConfig.of("lowball-27", blinds=(5, 10), big_bet=20, limit_doubles=False)
    with pytest.raises(ConfigError):
        GameConfig.of("stud", ante=1, bring_in=2, limit_doubles=False)


# --------------------------------------------------------------------------- stud8-1

STUD = GameConfig.of("stud", ante=1, bring_in=5, small_bet=15, big_bet=30)
STUD8 = GameConfig.of("stud-hilo", ante=1, bring_in=5, small_bet=15, big_bet=30)
# seat 1's 2c brings it in in both games; seat 0 pairs its door card on fourth street
STUD_HOLE = {0: "Ah Kd 9s 9h Qd Jc 3h", 1: "3d 4d 2c 7s 6h Tc 5c",
             2: "Ks Qs Ts 8d 4c 5s 6c"}


def dealer_steps(hand: PokerHand, script: Script) -> list[tuple[str, ...]]:
    """Run the dealer, recording each step's shape (who, how many, which face up)."""
    steps: list[tuple[str, ...]] = []
    while hand.actors == (DEALER,) and not hand.is_over:
        (option,) = hand.legal_actions(DEALER)
        steps.append((type(option).__name__, *(str(v) for v in vars_of(option))))
        script.step(hand)
    return steps


def vars_of(option: object) -> tuple[object, ...]:
    return tuple(getattr(option, name) for name in ("to", "count", "face_up")
                 if hasattr(option, name))


@pytest.mark.rule("stud8-1", "stud-3", "stud-4")
def test_stud_rules_carry_over_to_stud_hilo() -> None:
    hands = [c.new_hand([500, 500, 500], button=2, deck=c.deck_cards())
             for c in (STUD, STUD8)]
    scripts = [Script(dict(STUD_HOLE)) for _ in hands]
    plays: list[list[Action]] = [
        # third street: bring-in, a completion (not a raise), then three raises: the cap
        [BringIn(1), Complete(2), Raise(0, 30), Raise(1, 45), Raise(2, 60), Call(0),
         Call(1)],
        # fourth street: seat 0's open pair opens; then check around
        [],
        [Check(0), Check(1), Check(2)],
        [Check(0), Check(1), Check(2)],
        [Check(0), Check(1), Check(2)],
    ]
    street_steps: list[list[list[tuple[str, ...]]]] = [[], []]
    for i, actions in enumerate(plays):
        for k, (hand, script) in enumerate(zip(hands, scripts, strict=True)):
            street_steps[k].append(dealer_steps(hand, script))
        if i == 1:
            stud, hilo = (h.legal_actions(0) for h in hands)
            # stud-4 in stud: the open pair allows the small or the big bet ...
            assert [getattr(o, "amounts", None) for o in stud][-1] == (15, 30)
            # ... but not in stud hi-lo (the stud8 exception)
            assert [getattr(o, "amounts", None) for o in hilo][-1] == (15,)
            for hand in hands:
                hand.apply(Bet(0, 15))
                hand.apply(Call(1))
                hand.apply(Call(2))
            continue
        for action in actions:
            options = [h.legal_actions(action.seat) for h in hands]
            assert options[0] == options[1]              # the same choices in both
            if i == 0 and isinstance(action, Raise) and action.to == 60:
                assert all(isinstance(o[-1], type(options[0][-1])) for o in options)
            for hand in hands:
                hand.apply(action)
        if i == 0:
            # the completion was the bet: three raises after it reach the cap of four
            for hand in hands:
                assert hand.raises == 4
    # the same dealing, street for street: down, down, up; then up, up, up, down
    assert street_steps[0] == street_steps[1]
    for hand, script in zip(hands, scripts, strict=True):
        finish(hand, script)
        assert sum(hand.final_stacks) == 1500
        assert [len(cards) for cards in hand.hole] == [7, 7, 7]
