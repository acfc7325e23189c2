"""Seven-card stud rulings: stud-5, stud-6, stud-9, stud-10, stud-11, stud-13, stud-14,
stud-16, stud-17 (a, b) and stud-18."""

from __future__ import annotations

import pytest
from rulings_helpers import STUD, c, deal, deal_rest, live_hand

from pokerroom.core import BringIn, Call, Check, FoldOption
from pokerroom.rulings import (
    BURN_PILE,
    RESERVE,
    BurnMistake,
    CardOffTable,
    Choice,
    ExposedCard,
    HandCardCount,
    LiveHand,
    PlayerAbsent,
    PrematureStudCards,
    RulingOptions,
    Slot,
    UpcardsPickedUp,
    WrongBringIn,
)
from pokerroom.rulings.stud import DECLARE_ALL_IN

# third street, seats 0 1 2: two rounds down, then one up (3s, Jd, Qh)
THIRD = "2c 9d 9h Kc Td Th 3s Jd Qh"


def to_street(live: LiveHand, street: int) -> None:
    """Check, call or bring in until ``street`` is being dealt (cards from the stub)."""
    while live.hand.street < street or live.hand.phase == 1:
        if live.deal_queue:
            if live.hand.street >= street:
                return
            deal_rest(live)
            continue
        seat = live.actors[0]
        names = [type(o).__name__ for o in live.legal_actions(seat)]
        if "BringInOption" in names:
            live.apply(BringIn(seat))
        elif "CheckOption" in names:
            live.apply(Check(seat))
        else:
            live.apply(Call(seat))


@pytest.mark.rule("stud-5")
def test_a_hole_card_dealt_up_brings_the_third_card_down_and_low_acts_on_its_left() -> None:
    live = live_hand(STUD)
    deal(live, "2c")
    ruling = live.report(ExposedCard(0, c("2c")))
    assert ruling.rule == "stud-5" and "third card comes down" in ruling.decision
    assert live.deal_queue[5] == Slot(0, False)
    deal(live, THIRD.split()[1:])
    assert live.hand.up[0] == [True, False, False]
    assert live.actors == (1,)                       # 2c would be low: seat 1 opens
    assert FoldOption() in live.legal_actions(1)     # fold, bring it in or complete
    assert live.hand.pot == 3


@pytest.mark.rule("stud-5")
def test_an_exposed_hole_card_that_is_not_low_changes_only_the_third_card() -> None:
    live = live_hand(STUD)
    deal(live, "2c 9d 9h Kc")
    live.report(ExposedCard(0, c("Kc")))
    deal(live, "Td Th 3s Jd Qh")
    assert live.hand.up[0] == [False, True, False]
    assert live.actors == (1,) and FoldOption() not in live.legal_actions(1)


@pytest.mark.rule("stud-5")
def test_both_hole_cards_up_is_a_dead_hand_with_the_ante_returned() -> None:
    live = live_hand(STUD)
    deal(live, "2c 9d 9h")
    live.report(ExposedCard(0, c("2c")))
    deal(live, "Kc")
    ruling = live.report(ExposedCard(0, c("Kc")))
    assert "dead" in ruling.decision and "ante goes back" in ruling.decision
    assert live.hand.folded[0] and live.hand.stacks[0] == 100 and live.hand.pot == 2
    assert live.deal_queue == [Slot(1), Slot(2), Slot(1, True), Slot(2, True)]
    deal(live, "Td Th Jd Qh")
    assert live.actors == (1,) and live.total_chips == 300


@pytest.mark.rule("stud-5", "stud-5-tournament")
def test_tournament_a_downcard_dealt_up_is_a_misdeal() -> None:
    live = live_hand(STUD, options=RulingOptions(tournament=True))
    deal(live, "2c")
    ruling = live.report(ExposedCard(0, c("2c")))
    assert ruling.misdeal and live.deals == 2 and live.hand.pot == 3
    assert live.deal_queue[0] == Slot(0) and live.hand.hole[0] == []


@pytest.mark.rule("stud-6")
def test_a_player_away_at_the_bring_in_forfeits_ante_and_bring_in() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    assert live.actors == (0,)
    ruling = live.report(PlayerAbsent(0))
    assert ruling.rule == "stud-6"
    assert live.hand.folded[0] and live.hand.stacks[0] == 97 and live.hand.pot == 5
    assert live.actors == (1,)


@pytest.mark.rule("stud-9")
def test_a_wrong_bring_in_is_corrected_if_the_next_player_has_not_acted() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    ruling = live.report(WrongBringIn(1))
    assert ruling.rule == "stud-9" and "must bring it in" in ruling.decision
    assert live.actors == (0,) and live.hand.pot == 3 and live.hand.stacks[1] == 99


@pytest.mark.rule("stud-9")
def test_a_wrong_bring_in_stands_once_the_next_player_has_acted() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    ruling = live.report(WrongBringIn(1, then=Call(2)))
    assert ruling.rule == "stud-9" and "stands" in ruling.decision
    assert live.hand.pot == 7 and live.hand.stacks[1] == 97 and live.hand.stacks[2] == 97
    assert live.actors == (0,)
    assert FoldOption() in live.legal_actions(0)     # the true low owes nothing


@pytest.mark.rule("stud-10")
def test_picking_up_upcards_facing_a_bet_is_a_fold() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    live.apply(BringIn(0))
    ruling = live.report(UpcardsPickedUp(1))
    assert ruling.rule == "stud-10" and "fold" in ruling.decision
    assert live.hand.folded[1] and live.actors == (2,)


@pytest.mark.rule("stud-10")
def test_picking_up_upcards_once_betting_is_over_means_nothing() -> None:
    live = _showdown()
    ruling = live.report(UpcardsPickedUp(1))
    assert "live" in ruling.decision and not live.hand.folded[1]


@pytest.mark.rule("stud-11", "stud-5")
def test_a_card_off_the_table_plays_as_an_exposed_card() -> None:
    live = live_hand(STUD)
    ruling = live.report(CardOffTable(0, c("2c")))
    assert ruling.rule == "stud-11" and "stud-5" in ruling.rules
    assert live.deal_queue[5] == Slot(0, False)
    deal(live, THIRD.split()[1:])
    assert live.hand.up[0] == [True, False, False]


@pytest.mark.rule("stud-11")
def test_an_upcard_off_the_table_is_just_the_upcard() -> None:
    live = live_hand(STUD)
    deal(live, THIRD.split()[:6])
    ruling = live.report(CardOffTable(0, c("3s")))
    assert ruling.rule == "stud-11"
    deal(live, "Jd Qh")
    assert live.hand.hole[0] == [c("2c"), c("Kc"), c("3s")]


def checks(live: LiveHand) -> None:
    """Bring in, check or call until the dealer is due."""
    while live.actors and live.actors[0] >= 0 and not live.deal_queue:
        seat = live.actors[0]
        names = [type(o).__name__ for o in live.legal_actions(seat)]
        if "BringInOption" in names:
            live.apply(BringIn(seat))
        elif "CheckOption" in names:
            live.apply(Check(seat))
        else:
            live.apply(Call(seat))


def deal_streets(live: LiveHand, *streets: str) -> None:
    """Deal each street's cards, betting by checks in between."""
    for cards in streets:
        checks(live)
        deal(live, cards)


# burn + one card each for fourth, fifth and sixth street, then the seventh
FOURTH, FIFTH, SIXTH, SEVENTH = "7c 4d 4h 4s", "7d 5d 5h 5s", "7h 6d 6h 6s", "7s 3d 8c 8d"


def _at_seventh(stacks: list[int] | None = None) -> LiveHand:
    live = live_hand(STUD, stacks=stacks)
    deal(live, THIRD)
    deal_streets(live, FOURTH, FIFTH, SIXTH)
    checks(live)
    assert live.hand.street == 4 and live.deal_queue[0] == Slot(BURN_PILE)
    return live


@pytest.mark.rule("stud-13")
def test_no_burn_the_card_becomes_the_burn() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    checks(live)
    assert live.deal_queue[0].to == BURN_PILE
    ruling = live.report(BurnMistake(0, c("4d")))
    assert ruling.rule == "stud-13" and "as the burn" in ruling.decision
    assert live.deal_queue[0] == Slot(0, True)
    deal(live, "5d 6d 7d")
    assert live.hand.burns == [c("4d")] and live.hand.hole[0][-1] == c("5d")


@pytest.mark.rule("stud-13")
def test_two_burns_the_second_goes_to_its_place() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    checks(live)
    deal(live, "4d")
    ruling = live.report(BurnMistake(2, c("5d")))
    assert "dealt to seat 0" in ruling.decision
    assert live.deal_queue[0] == Slot(1, True)
    deal(live, "6d 7d")
    assert live.hand.hole[0][-1] == c("5d") and live.hand.burns == [c("4d")]


@pytest.mark.rule("stud-13")
def test_no_burn_on_the_last_downcard_seen_by_the_player_is_kept() -> None:
    live = _at_seventh()
    ruling = live.report(BurnMistake(0, c("Ac"), seen=True))
    assert "keeps it" in ruling.decision
    deal(live, "8c 8d")
    assert live.hand.hole[0][-1] == c("Ac") and len(live.hand.burns) == 3


@pytest.mark.rule("stud-14")
def test_cards_dealt_before_the_betting_ends_are_kept_in_reserve() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    checks(live)
    deal(live, FOURTH)
    live.apply(Check(live.actors[0]))
    ruling = live.report(PrematureStudCards((c("Ac"), c("Ad"))))
    assert ruling.rule == "stud-14" and "reserve" in ruling.decision
    assert {c("Ac"), c("Ad")} <= set(live.reserve)
    checks(live)
    assert live.deal_queue[:4] == [Slot(RESERVE)] * 3 + [Slot(BURN_PILE)]
    deal(live, "Ah Kh Kd " + FIFTH)
    assert live.reserve == [c("Ac"), c("Ad"), c("Ah"), c("Kh"), c("Kd")]
    assert live.hand.street == 2 and all(len(h) == 5 for h in live.hand.hole)


@pytest.mark.rule("stud-14")
def test_a_premature_seventh_card_seen_is_kept_and_bars_betting_on_sixth() -> None:
    live = live_hand(STUD)
    deal(live, THIRD)
    deal_streets(live, FOURTH, FIFTH, SIXTH)
    ruling = live.report(PrematureStudCards((c("Ac"), c("Ad")), seen=True))
    assert "keeps it" in ruling.decision and "may not bet or raise" in ruling.decision
    assert all(type(o).__name__ not in ("BetOption", "RaiseOption")
               for o in live.legal_actions(0))
    checks(live)
    assert live.deal_queue[:3] == [Slot(RESERVE)] * 2 + [Slot(BURN_PILE)]
    deal(live, "Kh Kd 7s 8c 8d")
    assert live.hand.hole[0][-1] == c("Ac") and c("Ad") in live.reserve


@pytest.mark.rule("stud-16")
def test_an_all_in_players_last_card_dealt_up_is_kept() -> None:
    live = live_hand(STUD, stacks=[100, 100, 6])
    deal(live, THIRD)
    from pokerroom.core import Complete
    live.apply(BringIn(0))
    live.apply(Complete(1))
    live.apply(Call(2))
    live.apply(Call(0))
    assert live.hand.stacks[2] == 0
    deal_streets(live, FOURTH, FIFTH, SIXTH, SEVENTH)
    ruling = live.report(ExposedCard(2, c("8d")))
    assert ruling.rule == "stud-16" and "kept" in ruling.decision
    assert live.hand.up[2][-1] and live.hand.hole[2][-1] == c("8d")
    assert not live.hand.up[0][-1] and not live.hand.up[1][-1]


@pytest.mark.rule("stud-17", "stud-17a")
def test_last_card_up_multiway_others_down_and_a_choice_to_declare_all_in() -> None:
    live = _at_seventh()
    deal(live, "7s 3d")
    ruling = live.report(ExposedCard(0, c("3d")))
    assert ruling.rule == "stud-17a" and "stud-17" in ruling.rules
    assert "may declare all in" in ruling.decision
    assert live.deal_queue == [Slot(1), Slot(2)]              # the others' cards stay down
    deal(live, "8c 8d")
    assert live.actors == (0,)
    assert live.legal_actions(0)[0].allows(Choice(0, what=DECLARE_ALL_IN, take=False))
    live.apply(Choice(0, what=DECLARE_ALL_IN, take=False))
    assert live.actors == (0,)                          # pair of threes on board opens
    assert live.hand.up[0][-1]


@pytest.mark.rule("stud-17a")
def test_declaring_all_in_sets_the_rest_of_the_stack_aside() -> None:
    live = _at_seventh()
    deal(live, "7s 3d")
    live.report(ExposedCard(0, c("3d")))
    deal(live, "8c 8d")
    stack = live.hand.stacks[0]
    live.apply(Choice(0, what=DECLARE_ALL_IN, take=True))
    assert live.hand.stacks[0] == 0 and live.total_chips == 300
    assert live.actors == (1,)                  # the high board is all in: its left acts
    checks(live)
    live.advance()
    assert live.hand.stacks[0] >= stack and sum(live.final_stacks) == 300


def _heads_up_seventh() -> LiveHand:
    live = live_hand(STUD, stacks=[100, 100])
    deal(live, "2c 9d Kc Td 3s Jd")
    deal_streets(live, "7c 4d 4h", "7d 5d 5h", "7h 6d 6h")
    checks(live)
    return live


@pytest.mark.rule("stud-17b", "stud-17")
def test_heads_up_first_players_last_card_up_so_the_second_is_dealt_up() -> None:
    live = _heads_up_seventh()
    deal(live, "7s 3d")
    ruling = live.report(ExposedCard(0, c("3d")))
    assert ruling.rule == "stud-17b" and live.deal_queue == [Slot(1, True)]
    deal(live, "8c")
    assert live.hand.up[0][-1] and live.hand.up[1][-1] and not live.choices
    assert live.actors == (0,)                          # 3-3 showing beats J-high


@pytest.mark.rule("stud-17b")
def test_heads_up_only_the_second_card_up_may_declare_all_in() -> None:
    live = _heads_up_seventh()
    deal(live, "7s 3d 8c")
    ruling = live.report(ExposedCard(1, c("8c")))
    assert ruling.rule == "stud-17b" and "may declare all in" in ruling.decision
    assert live.actors == (1,) and not live.hand.up[0][-1]


def _showdown(options: RulingOptions | None = None) -> LiveHand:
    live = live_hand(STUD, options=options)
    deal(live, THIRD)
    deal_streets(live, FOURTH, FIFTH, SIXTH, SEVENTH)
    checks(live)
    assert live.actors == (-1,)
    return live


@pytest.mark.rule("stud-18")
@pytest.mark.parametrize("count", [8, 5])
def test_more_than_seven_or_fewer_than_six_cards_is_dead(count: int) -> None:
    live = _showdown()
    ruling = live.report(HandCardCount(2, count))
    assert ruling.rule == "stud-18" and "dead" in ruling.decision
    assert live.hand.folded[2]


@pytest.mark.rule("stud-18")
def test_missing_only_the_seventh_card_may_be_ruled_live() -> None:
    live = _showdown()
    ruling = live.report(HandCardCount(2, 6))
    assert "ruled live" in ruling.decision and len(live.hand.hole[2]) == 6
    live.advance()
    assert sum(live.final_stacks) == 300
    strict = _showdown(RulingOptions(live_short_seventh=False))
    ruling = strict.report(HandCardCount(2, 6))
    assert "dead" in ruling.decision and strict.hand.folded[2]
