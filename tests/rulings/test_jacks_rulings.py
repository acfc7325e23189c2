"""Jacks-or-better rulings: false openers (jacks-2, jacks-4, jacks-6) and a false
declaration by a player all in for the ante (jacks-5)."""

from __future__ import annotations

import contextlib
import random

import pytest
from rulings_helpers import JACKS, check_conserved, deal, live_hand, step

from pokerroom.core import Bet, BetOption, Call, Check, Draw, Raise
from pokerroom.engine import GameConfig, HandEnded, OpenerDeclared
from pokerroom.engine.state import DRAW
from pokerroom.errors import IllegalActionError
from pokerroom.rulings import (
    Choice,
    ChoiceOption,
    FalseAllInOpeners,
    FalseOpeners,
    LiveHand,
    ShortHand,
)
from pokerroom.rulings.jacks import DECLARE_ALL_IN, DECLARE_OPEN

# seat 0: Jc Jd 7c 9c Kc (openers); seat 1: 2c 4c 6c Td 9s (none); seat 2: Qc Qd 8c 5c As
DEAL = "Jc 2c Qc Jd 4c Qd 7c 6c 8c 9c Td 5c Kc 9s As"


def opened_falsely() -> LiveHand:
    """Seat 0 passes openers, seat 1 opens without them, seat 2 calls."""
    live = live_hand(JACKS)
    deal(live, DEAL)
    live.apply(Check(0))
    assert not live.hand.has_openers(1)
    live.apply(Bet(1, 2))                          # a claim the dealer cannot check
    live.apply(Call(2))
    assert live.actors == (0,) and live.hand.pot == 7
    return live


@pytest.mark.rule("jacks-2")
def test_false_openers_another_player_who_did_not_pass_may_declare_the_pot_open() -> None:
    live = opened_falsely()
    ruling = live.report(FalseOpeners(1))
    assert ruling.rule == "jacks-2" and "seat(s) 2 may declare" in ruling.decision
    assert live.hand.folded[1] and live.hand.pot == 7           # the opening bet stays
    assert live.actors == (2,)                                  # seat 0 passed openers
    live.apply(Choice(2, what=DECLARE_OPEN, take=True))
    assert live.hand.opener_seat == 2 and live.actors == (0,)
    live.apply(Call(0))
    assert live.hand.phase == DRAW and live.actors == (0,) and live.hand.pot == 9


@pytest.mark.rule("jacks-2")
def test_false_openers_nobody_declares_all_but_the_opening_bet_go_back() -> None:
    live = opened_falsely()
    live.report(FalseOpeners(1))
    live.apply(Choice(2, what=DECLARE_OPEN, take=False))
    assert live.hand.stacks == [99, 97, 99]                      # seat 2's call returned
    assert live.actors == (-1,)
    ended = live.advance()
    assert getattr(ended, "carried", 0) == 5                    # antes + opening bet
    assert live.total_chips == 300


def test_a_report_of_false_openers_against_real_openers_is_refused() -> None:
    live = live_hand(JACKS)
    deal(live, DEAL)
    live.apply(Bet(0, 2))
    with pytest.raises(IllegalActionError):
        live.report(FalseOpeners(0))
    assert not live.hand.folded[0] and live.actors == (1,)


@pytest.mark.rule("jacks-4", "jacks-2")
def test_after_a_raise_the_pot_plays_without_the_false_opener() -> None:
    live = live_hand(JACKS)
    deal(live, DEAL)
    live.apply(Check(0))
    live.apply(Bet(1, 2))
    live.apply(Raise(2, 4))
    ruling = live.report(FalseOpeners(1))
    assert ruling.rule == "jacks-4" and "raise" in ruling.decision
    assert live.hand.folded[1] and live.actors == (0,) and live.hand.pot == 9
    assert not live.choices


@pytest.mark.rule("jacks-4", "jacks-6")
def test_once_the_action_before_the_draw_is_complete_the_opener_cannot_withdraw() -> None:
    live = live_hand(JACKS)
    deal(live, DEAL)
    live.apply(Check(0))
    live.apply(Bet(1, 2))
    live.apply(Call(2))
    live.apply(Call(0))
    assert live.hand.phase == DRAW
    ruling = live.report(FalseOpeners(1))
    assert ruling.rule == "jacks-4" and "jacks-6" in ruling.rules
    assert "may not withdraw" in ruling.decision
    assert live.hand.stacks[1] == 97 and live.hand.pot == 9 and live.hand.folded[1]
    assert live.actors == (0,)


@pytest.mark.rule("jacks-4", "jacks-2")
def test_before_the_action_is_complete_the_openers_later_bets_are_withdrawn() -> None:
    live = live_hand(JACKS)
    deal(live, DEAL)
    live.apply(Check(0))
    live.apply(Bet(1, 2))
    live.apply(Raise(2, 4))
    live.apply(Call(0))
    live.apply(Raise(1, 6))
    ruling = live.report(FalseOpeners(1))
    assert ruling.rule == "jacks-4" and "other 4 chip(s) are withdrawn" in ruling.decision
    assert live.hand.stacks[1] == 97 and live.hand.pot == 13
    assert live.hand.phase == DRAW and live.actors == (0,)     # the round is complete


@pytest.mark.rule("jacks-4")
def test_two_callers_let_the_pot_play() -> None:
    live = live_hand(JACKS, seats=4)
    deal(live, "2c Jc Qc 3s 4c Jd Qd 4s 6c 3h 5c 5s 8c 5h 7c 6s Td 7h 9c 8s")
    live.apply(Bet(0, 2))
    live.apply(Call(1))
    live.apply(Call(2))
    ruling = live.report(FalseOpeners(0))
    assert ruling.rule == "jacks-4" and "two or more players called" in ruling.decision
    assert live.actors == (3,)


JACKS_JOKER = GameConfig.of("jacks", ante=1)
# seat 0: Jc Jd 8h 5s 2c (openers); seat 1: 3c 4d 6h 9s Kd; seat 2: 2d 3h 7c 9h Qs
ALL_IN_JACKS = "Jc 3c 2d Jd 4d 3h 8h 6h 7c 5s 9s 9h 2c Kd Qs"


def check_round(live: LiveHand, seats: tuple[int, ...]) -> None:
    for seat in seats:
        live.apply(Check(seat))


@pytest.mark.rule("jacks-5", "jacks-3")
def test_all_in_for_the_ante_a_player_with_openers_may_declare_the_pot_open() -> None:
    live = live_hand(JACKS_JOKER, stacks=[1, 100, 100])
    deal(live, ALL_IN_JACKS)
    assert live.hand.stacks[0] == 0
    assert live.actors == (0,)                      # its turn comes first
    assert live.legal_actions(0) == (ChoiceOption(DECLARE_ALL_IN),)
    live.apply(Choice(0, what=DECLARE_ALL_IN, take=True))
    assert live.hand.opener_seat == 0 and OpenerDeclared(0) in live.events
    check_round(live, (1, 2))
    assert live.hand.phase == DRAW                  # the pot is open: on to the draw
    for seat in (0, 1, 2):
        live.apply(Draw(seat, ()))
    check_round(live, (1, 2))
    live.advance()
    ended = live.hand.result
    assert isinstance(ended, HandEnded) and ended.carried == 0
    assert [(a.seat, a.amount) for a in ended.awards] == [(0, 3)]    # the jacks win
    assert live.final_stacks == (3, 99, 99) and not live.barred


@pytest.mark.rule("jacks-5")
def test_an_all_in_players_turn_after_the_last_check_still_comes() -> None:
    # the button on seat 1: seats 2 and 0 check, then the turn reaches seat 1, all in
    deal_text = "2d 3c Jc 3h 4d Jd 7c 6h 8h 9h 9s 5s Qs Kd 2c"
    for take in (True, False):
        live = live_hand(JACKS_JOKER, stacks=[100, 1, 100], button=1)
        deal(live, deal_text)
        assert sorted(map(str, live.hand.hole[1])) == sorted(["Jc", "Jd", "8h", "5s", "2c"])
        check_round(live, (2, 0))
        assert live.actors == (1,) and live.choices
        live.apply(Choice(1, what=DECLARE_ALL_IN, take=take))
        if take:
            assert live.hand.phase == DRAW and live.hand.opener_seat == 1
            assert live.actors == (2,)
            assert live.replayed().hand.phase == DRAW             # a hand is its log
        else:
            live.advance()
            assert getattr(live.hand.result, "carried", 0) == 3  # unopened: carried


@pytest.mark.rule("jacks-5", "jacks-2")
def test_all_in_for_the_ante_a_false_declaration_loses_the_ante_and_bars_play() -> None:
    live = live_hand(JACKS, stacks=[100, 1, 100])
    deal(live, DEAL)
    assert live.hand.stacks[1] == 0
    with pytest.raises(IllegalActionError, match="has not declared"):
        live.report(FalseAllInOpeners(1))
    live.apply(Check(0))                            # seat 0 passes openers
    live.apply(Choice(1, what=DECLARE_ALL_IN, take=True))     # seat 1 has none
    live.apply(Bet(2, 2))                           # the pot is open: seat 2 bets
    ruling = live.report(FalseAllInOpeners(1))
    assert ruling.rule == "jacks-2" and "jacks-5" in ruling.rules
    assert "may not play again" in ruling.decision and "seat(s) 2 may declare" in ruling.decision
    assert "its ante stays in the pot" in ruling.decision
    assert live.hand.folded[1] and 1 in live.barred
    event = live.apply(Choice(2, what=DECLARE_OPEN, take=False))
    assert "every bet goes back; the antes stay" in str(getattr(event, "ruling", ""))
    assert live.hand.stacks == [99, 0, 99]          # seat 2's bet comes back
    live.advance()
    assert getattr(live.hand.result, "carried", 0) == 3 and live.total_chips == 201


@pytest.mark.rule("jacks-5", "jacks-3")
def test_an_all_in_declarer_who_cannot_prove_openers_wins_nothing_and_is_barred() -> None:
    live = live_hand(JACKS, stacks=[100, 1, 100])
    deal(live, DEAL)                                # seat 1: 2c 4c 6c Td 9s
    live.apply(Check(0))
    live.apply(Choice(1, what=DECLARE_ALL_IN, take=True))
    live.apply(Bet(2, 2))
    live.apply(Call(0))
    for seat in (0, 1, 2):
        live.apply(Draw(seat, ()))
    assert live.actors == (2,)                      # the opener is all in: next seat
    check_round(live, (2, 0))
    live.advance()
    ended = live.hand.result
    assert isinstance(ended, HandEnded) and 1 not in {a.seat for a in ended.awards}
    assert any("seat 1 cannot prove openers" in n for n in ended.notes)
    assert live.barred == {1}


# seat 1 is dealt Jc Jd 5h 6s (or Tc Th 5h 6s), then Kc: the card found missing
SHORT_JACKS = "2c Jc 2d 3d Jd 3h 4h 5h 4s 7s 6s 8c 9c Kc Td"
SHORT_TENS = "2c Tc 2d 3d Th 3h 4h 5h 4s 7s 6s 8c 9c Kc Jd"


@pytest.mark.rule("jacks-1", "draw-4")
@pytest.mark.parametrize(("cards", "may_open"), [(SHORT_JACKS, True), (SHORT_TENS, False)])
def test_a_hand_found_short_after_the_action_began_opens_on_the_cards_it_holds(
        cards: str, may_open: bool) -> None:
    live = live_hand(JACKS)
    deal(live, cards)
    live.apply(Check(0))
    ruling = live.report(ShortHand(1))
    assert ruling.rule == "draw-4" and len(live.hand.hole[1]) == 4
    assert live.hand.has_openers(1) is may_open          # a pair of jacks, or of tens
    engine_bets = any(isinstance(o, BetOption) for o in live.hand.legal_actions(1))
    assert engine_bets is may_open
    # at the table any bet is a claim of openers, proved or not when the hand is shown
    assert any(isinstance(o, BetOption) for o in live.legal_actions(1))
    live.apply(Bet(1, 2) if may_open else Check(1))
    assert live.actors == (2,)


@pytest.mark.rule("jacks-5")
@pytest.mark.parametrize("seed", range(40))
def test_random_hands_with_players_all_in_for_the_ante_conserve_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    seats = rng.randint(2, 5)
    stacks = [rng.choice((1, 1, 2, 50)) for _ in range(seats)]
    live = live_hand(rng.choice((JACKS, JACKS_JOKER)), stacks=stacks,
                     button=rng.randrange(seats))
    for _ in range(400):
        if live.is_over:
            break
        if rng.random() < 0.2:
            with contextlib.suppress(IllegalActionError):      # not every seat declared
                live.report(FalseAllInOpeners(rng.randrange(seats)))
        if not live.is_over:
            step(live, rng)
    assert live.is_over
    check_conserved(live)
    assert live.replayed().final_stacks == live.final_stacks
