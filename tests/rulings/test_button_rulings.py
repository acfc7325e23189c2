"""Hold'em and button-game misdeals and dealing errors: holdem-1 to holdem-5 and the
misdeal list lowball-1, lowball-1a to lowball-1i (called before two players act)."""

from __future__ import annotations

import pytest
from rulings_helpers import HOLDEM, OMAHA, c, deal, live_hand

from pokerroom.core import Call, Check, Fold
from pokerroom.engine import BOARD, HandStarted
from pokerroom.errors import IllegalActionError
from pokerroom.rulings import (
    BURN_PILE,
    ButtonOutOfPosition,
    CardOffTable,
    CardsToEmptySeat,
    ExposedCard,
    ExtraCards,
    FirstCardWrongSeat,
    LiveHand,
    MuckedBoardPlay,
    OutOfSequence,
    PlayerDealtOut,
    PrematureBoardCards,
    RulingMade,
    ShortHand,
    Slot,
    TooManyBoardCards,
)

START = "As Kd Qh Jc Ts 9s"      # seats 0, 1, 2, then 0, 1, 2 (button on seat 2)


def assert_redealt(live: LiveHand, deals: int = 2, button: int = 2) -> None:
    """A fresh deal: no cards out, blinds posted again, the first card due to seat 0."""
    assert live.deals == deals and live.button == button
    assert all(h == [] for h in live.hand.hole) and live.group == []
    assert live.hand.pot == 3 and live.total_chips == sum(live.start_stacks)
    assert sum(isinstance(e, HandStarted) for e in live.events) == deals
    first = live.hand.deal_order[0]
    assert live.deal_queue[0] == Slot(first)


def preflop_done(live: LiveHand) -> None:
    deal(live, START)
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))


@pytest.mark.rule("holdem-1", "lowball-1a")
def test_first_hole_card_exposed_is_a_misdeal_with_the_same_button() -> None:
    live = live_hand(HOLDEM)
    deal(live, "As")
    ruling = live.report(ExposedCard(0, c("As")))
    assert ruling.rule == "holdem-1" and ruling.misdeal
    assert ruling.decision == ("Misdeal: the first hole card was exposed; reshuffle, recut "
                               "and redeal, the button stays")
    assert_redealt(live)
    made = [e for e in live.events if isinstance(e, RulingMade)]
    assert len(made) == 1 and made[0].ruling == ruling


@pytest.mark.rule("holdem-1")
def test_a_card_dealt_off_the_table_is_an_exposed_card() -> None:
    live = live_hand(HOLDEM)
    deal(live, "As")
    ruling = live.report(CardOffTable(1, c("Kd")))
    assert ruling.rule == "holdem-1" and not ruling.misdeal
    assert "off the table counts as exposed" in ruling.decision
    assert live.deal_queue[-1] == Slot(1) and live.burn_for == {1: c("Kd")}


@pytest.mark.rule("holdem-1")
def test_another_exposed_hole_card_is_replaced_after_the_deal_and_becomes_the_burn() -> None:
    live = live_hand(HOLDEM)
    deal(live, "As Kd Qh")
    ruling = live.report(ExposedCard(1, c("Kd")))
    assert ruling.rule == "holdem-1" and not ruling.misdeal
    assert "Kd is the burn" in ruling.decision
    deal(live, "Jc Ts 9s")
    assert live.deal_queue == [Slot(1)]                 # the replacement comes after the deal
    assert live.actors == (-1,)
    deal(live, "2c")
    assert live.hand.hole == [[c("As"), c("Jc")], [c("Ts"), c("2c")], [c("Qh"), c("9s")]]
    assert live.actors == (2,) and live.hand.pot == 3
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    assert live.hand.burns == [c("Kd")]           # burned without a dealer step
    assert live.deal_queue == [Slot(BOARD, True)] * 3


@pytest.mark.rule("holdem-1", "lowball-1b")
def test_two_exposed_hole_cards_are_a_misdeal() -> None:
    live = live_hand(HOLDEM)
    deal(live, "As Kd Qh Jc")
    live.report(ExposedCard(1, c("Kd")))
    ruling = live.report(ExposedCard(0, c("Jc")))
    assert ruling.rule == "holdem-1" and ruling.misdeal and "two hole cards" in ruling.decision
    assert_redealt(live)


@pytest.mark.rule("holdem-1")
def test_an_exposure_in_the_last_round_reopens_it_while_nobody_has_acted() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    assert live.actors == (2,)
    ruling = live.report(ExposedCard(2, c("9s")))
    assert not ruling.misdeal and live.deal_queue == [Slot(2)]
    deal(live, "2d")
    assert live.hand.hole[2] == [c("Qh"), c("2d")]


@pytest.mark.rule("holdem-2", "holdem-3")
def test_a_flop_with_too_many_cards_is_redealt_without_a_new_burn() -> None:
    live = live_hand(HOLDEM)
    preflop_done(live)
    deal(live, "2c")                              # the burn
    ruling = live.report(TooManyBoardCards(tuple(map(c, ("3c", "4c", "5c", "6c")))))
    assert ruling.rule == "holdem-2" and "holdem-3" in ruling.rules
    assert "redealt" in ruling.decision and "without a burn" in ruling.decision
    assert live.deal_queue == [Slot(BOARD, True)] * 3
    assert {c("3c"), c("4c"), c("5c"), c("6c")} <= set(live.unseen())
    deal(live, "7d 8d 9d")
    assert live.hand.board == [c("7d"), c("8d"), c("9d")] and live.hand.burns == [c("2c")]
    assert live.actors == (0,) and live.hand.pot == 6


@pytest.mark.rule("holdem-2")
def test_too_many_flop_cards_already_recorded_are_taken_back() -> None:
    live = live_hand(HOLDEM)
    preflop_done(live)
    deal(live, "2c 3c 4c 5c")
    live.report(TooManyBoardCards(tuple(map(c, ("3c", "4c", "5c", "6c")))))
    assert live.hand.board == [] and live.deal_queue == [Slot(BOARD, True)] * 3
    with pytest.raises(IllegalActionError):
        live.report(TooManyBoardCards(tuple(map(c, ("3c", "4c", "5c")))))


@pytest.mark.rule("holdem-3")
def test_a_premature_flop_goes_back_and_the_burn_stays() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    live.apply(Call(2))
    ruling = live.report(PrematureBoardCards(tuple(map(c, ("3c", "4c", "5c"))),
                                             burn=c("2c")))
    assert ruling.rule == "holdem-3" and "burn stays" in ruling.decision
    assert live.actors == (0,) and live.hand.pot == 5           # betting goes on
    assert c("3c") in live.unseen() and c("2c") not in live.unseen()
    live.apply(Call(0))
    live.apply(Check(1))
    assert live.hand.burns == [c("2c")]
    assert live.deal_queue == [Slot(BOARD, True)] * 3                 # new flop, no burn
    deal(live, "6h 7h 8h")
    assert live.hand.board == [c("6h"), c("7h"), c("8h")]


@pytest.mark.rule("holdem-4")
def test_a_premature_turn_is_held_out_and_the_river_comes_from_a_reshuffle() -> None:
    live = live_hand(HOLDEM)
    preflop_done(live)
    deal(live, "2c 3c 4c 5c")
    live.apply(Check(0))
    ruling = live.report(PrematureBoardCards((c("6c"),), burn=c("7c")))
    assert ruling.rule == "holdem-4" and "held card" in ruling.decision
    assert c("6c") not in live.unseen()                         # out for this round
    live.apply(Check(1))
    live.apply(Check(2))
    assert live.deal_queue[0].to == BURN_PILE                         # burn, then the turn
    deal(live, "8c 9c")
    assert live.hand.board[-1] == c("9c")
    assert c("6c") not in live.unseen()
    live.apply(Check(0))
    live.apply(Check(1))
    live.apply(Check(2))
    assert c("6c") in live.unseen()                             # reshuffled in
    assert live.deal_queue == [Slot(BOARD, True)]                     # no burn
    deal(live, "6c")
    assert live.hand.board == [c("3c"), c("4c"), c("5c"), c("9c"), c("6c")]
    assert live.hand.burns == [c("2c"), c("8c"), c("7c")]


@pytest.mark.rule("holdem-4")
def test_a_premature_river_is_reshuffled_and_turned_without_a_burn() -> None:
    live = live_hand(HOLDEM)
    preflop_done(live)
    deal(live, "2c 3c 4c 5c")
    for seat in (0, 1, 2):
        live.apply(Check(seat))
    deal(live, "6d 7d")
    live.apply(Check(0))
    ruling = live.report(PrematureBoardCards((c("8d"),), burn=c("9d")))
    assert ruling.rule == "holdem-4" and "river" in ruling.decision
    live.apply(Check(1))
    live.apply(Check(2))
    assert live.deal_queue == [Slot(BOARD, True)]
    assert live.hand.burns[-1] == c("9d")
    deal(live, "Td")
    assert len(live.hand.board) == 5 and live.actors == (0,)


@pytest.mark.rule("holdem-5")
def test_one_extra_card_to_the_first_player_is_the_burn() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    ruling = live.report(ExtraCards(0, (c("2h"),)))
    assert ruling.rule == "holdem-5" and "burn" in ruling.decision
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    assert live.hand.burns == [c("2h")] and live.deal_queue == [Slot(BOARD, True)] * 3


@pytest.mark.rule("holdem-5", "lowball-1c")
def test_two_extra_cards_are_a_misdeal() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    ruling = live.report(ExtraCards(0, (c("2h"), c("3h"))))
    assert ruling.rule == "holdem-5" and ruling.misdeal
    assert_redealt(live)


@pytest.mark.rule("lowball-1", "lowball-1c")
def test_extra_cards_called_after_two_players_acted_are_no_misdeal() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    live.apply(Call(2))
    live.apply(Call(0))
    ruling = live.report(ExtraCards(0, (c("2h"), c("3h"))))
    assert ruling.rule == "lowball-1" and not ruling.misdeal
    assert live.actors == (1,) and live.hand.pot == 6
    assert c("2h") not in live.unseen()


@pytest.mark.rule("lowball-1", "lowball-1e")
def test_button_out_of_position_before_and_after_two_players_act() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    live.apply(Call(2))                           # one player has acted
    ruling = live.report(ButtonOutOfPosition(correct=0))
    assert ruling.rule == "lowball-1e" and ruling.misdeal
    assert "button on seat 0" in ruling.decision
    assert_redealt(live, button=0)
    assert live.hand.blind_seats == (1, 2)
    late = live_hand(HOLDEM)
    deal(late, START)
    late.apply(Call(2))
    late.apply(Call(0))                           # two players have acted
    ruling = late.report(ButtonOutOfPosition(correct=0))
    assert ruling.rule == "lowball-1" and not ruling.misdeal and "lowball-1e" in ruling.rules
    assert late.button == 2 and late.actors == (1,) and late.hand.pot == 6


@pytest.mark.rule("lowball-1", "lowball-1f")
def test_first_card_to_the_wrong_seat() -> None:
    live = live_hand(OMAHA)
    deal(live, "As Kd Qh")
    ruling = live.report(FirstCardWrongSeat())
    assert ruling.rule == "lowball-1f" and ruling.misdeal
    assert_redealt(live)


@pytest.mark.rule("lowball-1", "lowball-1g")
def test_cards_out_of_sequence_before_and_after_two_players_act() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    ruling = live.report(OutOfSequence())
    assert ruling.rule == "lowball-1g" and ruling.misdeal
    assert_redealt(live)
    deal(live, START)
    live.apply(Call(2))
    live.apply(Fold(0))
    ruling = live.report(OutOfSequence())
    assert not ruling.misdeal and live.actors == (1,) and live.deals == 2


@pytest.mark.rule("lowball-1", "lowball-1h")
def test_cards_to_an_empty_seat() -> None:
    live = LiveHand(HOLDEM, [100, 0, 100, 100], button=3)
    assert live.hand.deal_order == [0, 2, 3]
    deal(live, "As Kd Qh")
    ruling = live.report(CardsToEmptySeat(1, (c("2s"),)))
    assert ruling.rule == "lowball-1h" and ruling.misdeal
    assert live.deals == 2 and live.deal_queue[0] == Slot(0)
    with pytest.raises(IllegalActionError):
        live.report(CardsToEmptySeat(2, (c("2s"),)))          # seat 2 is in the hand
    deal(live, "As Kd Qh Jc Ts 9s")
    live.apply(Call(3))
    live.apply(Call(0))
    ruling = live.report(CardsToEmptySeat(1, (c("2s"),)))
    assert not ruling.misdeal and c("2s") not in live.unseen()


@pytest.mark.rule("lowball-1", "lowball-1i")
def test_a_player_dealt_out_gets_a_redeal_including_them() -> None:
    live = LiveHand(HOLDEM, [100, 100, 100, 100], button=3,
                    seated=[True, True, False, True])
    deal(live, "As Kd Qh")
    ruling = live.report(PlayerDealtOut(2))
    assert ruling.rule == "lowball-1i" and ruling.misdeal
    assert live.hand.deal_order == [0, 1, 2, 3]
    late = LiveHand(HOLDEM, [100, 100, 100, 100], button=3,
                    seated=[True, True, False, True])
    deal(late, "As Kd Qh Jc Ts 9s")
    late.apply(Call(3))
    late.apply(Call(0))
    ruling = late.report(PlayerDealtOut(2))
    assert not ruling.misdeal and late.hand.deal_order == [0, 1, 3]


@pytest.mark.rule("lowball-1", "lowball-1d")
def test_a_short_hand_is_a_misdeal_but_the_button_may_get_one_more() -> None:
    live = live_hand(HOLDEM)
    deal(live, START)
    ruling = live.report(ShortHand(1))
    assert ruling.rule == "lowball-1d" and ruling.misdeal
    assert_redealt(live)
    deal(live, START)
    ruling = live.report(ShortHand(2))            # seat 2 has the button
    assert not ruling.misdeal and live.deal_queue == [Slot(2)]
    assert live.hand.hole[2] == [c("Qh")]
    deal(live, "2d")
    assert live.hand.hole[2] == [c("Qh"), c("2d")] and live.actors == (2,)


@pytest.mark.rule("holdem-6")
def test_mucking_before_declaring_a_board_play_loses_the_claim() -> None:
    live = live_hand(HOLDEM)
    preflop_done(live)
    deal(live, "2c 3c 4c 5c")
    ruling = live.report(MuckedBoardPlay(0))
    assert ruling.rule == "holdem-6"
    assert live.hand.folded[0] and live.hand.pot == 6


def test_a_report_that_does_not_fit_changes_nothing() -> None:
    live = live_hand(HOLDEM)
    deal(live, "As Kd")
    before = (list(live.group), list(live.deal_queue), len(live.events))
    with pytest.raises(IllegalActionError):
        live.report(ExposedCard(2, c("As")))
    assert (list(live.group), list(live.deal_queue), len(live.events)) == before
