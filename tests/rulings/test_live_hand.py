"""The live-dealt hand: cards told one by one, handed to the engine round by round,
and the history of what happened at the table."""

from __future__ import annotations

import pytest
from rulings_helpers import HOLDEM, STUD, c, deal, live_hand

from pokerroom.core import DEALER, Call, Check, Fold
from pokerroom.engine import BOARD, CardBurned, CardsDealt, DealOption, HandEnded, replay
from pokerroom.errors import IllegalActionError, OutOfTurnError
from pokerroom.rulings import (
    ButtonOutOfPosition,
    CardOffTable,
    CardsToEmptySeat,
    ExposedCard,
    FalseOpeners,
    HandCardCount,
    LiveHand,
    Miscall,
    PairNotAnnounced,
    ShortHand,
    Slot,
    WrongBringIn,
)
from pokerroom.rulings.requests import ChangeDraw, RetrieveOpeners


def test_a_hand_dealt_card_by_card_reaches_the_engine_in_its_order() -> None:
    live = live_hand(HOLDEM)
    assert live.actors == (DEALER,)
    assert live.deal_queue[:3] == [Slot(0), Slot(1), Slot(2)]
    assert live.legal_actions() == (DealOption(0, 1, (False,)),)
    assert live.legal_actions(0) == ()
    deal(live, "As Kd Qh Jc Ts 9s")
    assert live.hand.hole == [[c("As"), c("Jc")], [c("Kd"), c("Ts")], [c("Qh"), c("9s")]]
    assert live.actors == (2,)
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    assert live.expected() == "a burn card"
    deal(live, "2c 3c 4c 5c")
    assert live.hand.board == [c("3c"), c("4c"), c("5c")]
    assert live.hand.burns == [c("2c")]
    assert any(isinstance(e, CardBurned) for e in live.events)
    assert [type(e) for e in live.events].count(CardsDealt) == 4


def test_the_engine_log_replays_to_the_same_hand() -> None:
    live = live_hand(HOLDEM)
    deal(live, "As Kd Qh Jc Ts 9s")
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    deal(live, "2c 3c 4c 5c")
    rebuilt = replay(HOLDEM, live.hand.events)
    assert rebuilt.hole == live.hand.hole and rebuilt.board == live.hand.board


def test_wrong_target_a_seen_card_and_early_actions_are_refused_and_change_nothing() -> None:
    live = live_hand(HOLDEM)
    deal(live, "As")
    with pytest.raises(IllegalActionError):
        live.deal(2, "Kd")                      # seat 1 is due
    with pytest.raises(IllegalActionError):
        live.deal(1, "As")                      # already dealt
    with pytest.raises(IllegalActionError):
        live.deal(1, "Kd", face_up=True)        # due face down
    with pytest.raises(OutOfTurnError):
        live.apply(Call(2))                     # the deal is not finished
    with pytest.raises(IllegalActionError):
        live.deal(1, "Kd", "Qh")                # the second card is due to seat 2
    assert live.deal_queue[0] == Slot(1) and [x for _, x, _ in live.group] == [c("As")]


def test_stud_third_street_is_dealt_round_by_round_with_the_upcard_last() -> None:
    live = live_hand(STUD)
    assert [s.face_up for s in live.deal_queue] == [False] * 6 + [True] * 3
    deal(live, "2c 3c 4c 5c 6c 7c 8c 9c Tc")
    assert live.hand.hole[0] == [c("2c"), c("5c"), c("8c")]
    assert live.hand.up[0] == [False, False, True]
    assert live.actors == (0,)                  # 8c is the low card: bring-in


def test_a_board_card_due_is_named_and_the_showdown_ends_the_hand() -> None:
    live = LiveHand(HOLDEM, [50, 50], button=1)
    deal(live, "As Kd Qh Jc")
    live.apply(Call(1))
    live.apply(Check(0))
    for _street in range(3):
        assert live.deal_queue[0].to != BOARD          # a burn first
        deal(live, [live.unseen()[0]])
        while live.deal_queue:
            deal(live, [live.unseen()[0]])
        live.apply(Check(0))
        live.apply(Check(1))
    live.advance()
    assert isinstance(live.events[-1], HandEnded)
    assert sum(live.final_stacks) == 100


@pytest.mark.rule("holdem-5")
def test_a_ruling_never_shows_the_table_a_card_nobody_has_seen() -> None:
    from pokerroom.cards import UNKNOWN
    from pokerroom.rulings import ExtraCards, RulingMade

    live = live_hand(HOLDEM)
    deal(live, "As Kd Qh Jc Ts 9s")
    live.report(ExtraCards(0, (c("2h"),)))
    event = live.events[-1]
    assert isinstance(event, RulingMade) and event.report.cards == (c("2h"),)
    seen = live.events_for(1)[-1]
    assert isinstance(seen, RulingMade) and seen.report.cards == (UNKNOWN,)
    assert "2h" not in seen.ruling.decision


@pytest.mark.rule("supp-a5-bar-67", "stud-5-tournament")
def test_floor_house_rules_are_typed_validated_and_announced() -> None:
    from pokerroom.errors import ConfigError
    from pokerroom.rulings import ExposedPolicy, RulingOptions

    with pytest.raises(ConfigError):
        RulingOptions(a5_exposed="replace")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        RulingOptions(tournament=1)  # type: ignore[arg-type]
    words = RulingOptions(ExposedPolicy.REPLACE_SIX_AND_SEVEN, False, True).announce()
    assert "six or seven is replaced" in words and "is dead" in words
    assert "tournament" in words


def test_a_misdeal_keeps_the_history_of_both_deals() -> None:
    from pokerroom.engine import HandStarted
    from pokerroom.rulings import ExposedCard, RulingMade

    live = live_hand(HOLDEM)
    deal(live, "As")
    live.report(ExposedCard(0, c("As")))
    kinds = [type(e) for e in live.events]
    assert kinds.count(HandStarted) == 2 and RulingMade in kinds
    assert kinds.index(RulingMade) < len(kinds) - 1        # the new deal follows it


def test_a_report_naming_a_seat_the_table_does_not_have_is_refused_and_changes_nothing(
) -> None:
    live = live_hand(HOLDEM)
    deal(live, "As Kd Qh")
    before = (live.expected(), len(live.events), list(live.inputs), live.unseen())
    reports = [ExposedCard(3, c("As")), ExposedCard(-1, c("As")), CardOffTable(7, c("2c")),
               CardsToEmptySeat(3, (c("2c"),)), ShortHand(5), HandCardCount(9, 4),
               FalseOpeners(3), ButtonOutOfPosition(3), WrongBringIn(0, Fold(4)),
               Miscall(0, "8-6", fouled=(1, 3)), PairNotAnnounced(1, fouled=(6,)),
               ChangeDraw(3), RetrieveOpeners(4)]
    for report in reports:
        with pytest.raises(IllegalActionError, match="there is no seat"):
            live.report(report)
        assert (live.expected(), len(live.events), list(live.inputs), live.unseen()) == before
    deal(live, "Jc Ts 9s")
    assert live.actors == (2,)
