"""Lowball and draw rulings: exposed cards before and on the draw, short and fouled
hands, miscalls and unannounced pairs."""

from __future__ import annotations

import pytest
from rulings_helpers import (
    A5_LIMIT,
    A5_NL,
    D27_LIMIT,
    D27_NL,
    DRAW_HIGH,
    c,
    check_conserved,
    deal,
    live_hand,
)

from pokerroom.core import Bet, Call, Check, Draw, Raise, RaiseOption
from pokerroom.engine import GameConfig, HandEnded
from pokerroom.rulings import (
    ExposedCard,
    ExposedPolicy,
    HandCardCount,
    LiveHand,
    Miscall,
    PairNotAnnounced,
    RulingOptions,
    ShortHand,
    Slot,
)

# Seats 0, 1, 2 in turn, five rounds; the button is seat 2.
FIFTEEN = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d"


def dealt(live: LiveHand, upto: int) -> None:
    deal(live, FIFTEEN.split()[:upto])


@pytest.mark.rule("lowball-1", "lowball-1a")
@pytest.mark.parametrize("first", ["Ac", "2c"])
def test_first_or_second_card_exposed_is_a_misdeal(first: str) -> None:
    live = live_hand(A5_LIMIT)
    dealt(live, 3)
    seat = 0 if first == "Ac" else 1
    ruling = live.report(ExposedCard(seat, c(first)))
    assert ruling.rule == "lowball-1a" and ruling.misdeal
    assert live.deals == 2 and live.deal_queue[0] == Slot(0) and live.hand.pot == 3


@pytest.mark.rule("lowball-1b")
def test_two_exposed_cards_are_a_misdeal() -> None:
    live = live_hand(A5_LIMIT)
    dealt(live, 6)
    first = live.report(ExposedCard(2, c("3c")))
    assert not first.misdeal
    ruling = live.report(ExposedCard(1, c("5c")))
    assert ruling.rule == "lowball-1b" and ruling.misdeal and live.deals == 2


@pytest.mark.rule("a5-3", "lowball-8")
def test_limit_ace_to_five_a_seven_or_under_is_taken() -> None:
    live = live_hand(A5_LIMIT)
    dealt(live, 7)
    ruling = live.report(ExposedCard(0, c("7c")))
    assert ruling.rule == "a5-3" and "must take" in ruling.decision
    assert "lowball-8" in ruling.rules and "no choice" in ruling.decision
    dealt_rest = FIFTEEN.split()[7:]
    deal(live, dealt_rest)
    assert c("7c") in live.hand.hole[0] and live.deal_queue == []
    assert live.actors == (2,)
    assert all(type(o).__name__ != "ChoiceOption" for o in live.legal_actions())


@pytest.mark.rule("a5-3", "lowball-8")
def test_limit_ace_to_five_higher_than_seven_is_replaced_and_is_the_burn() -> None:
    live = live_hand(A5_LIMIT)
    dealt(live, 8)
    ruling = live.report(ExposedCard(1, c("8c")))
    assert ruling.rule == "a5-3" and "replaced" in ruling.decision
    deal(live, FIFTEEN.split()[8:])
    assert live.deal_queue == [Slot(1)]
    deal(live, "3d")
    assert live.hand.hole[1] == [c("2c"), c("5c"), c("Jc"), c("Ad"), c("3d")]
    assert c("8c") not in live.unseen()
    assert live.actors == (2,) and live.hand.pot == 3
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    live.apply(Draw(0, (c("Ac"),)))
    assert live.hand.burns == [c("8c")]             # the burn before the draw cards
    assert live.deal_queue == [Slot(0)]


@pytest.mark.rule("a5-3", "lowball-8")
def test_the_house_rule_replaces_an_exposed_seven() -> None:
    options = RulingOptions(a5_exposed=ExposedPolicy.REPLACE_SIX_AND_SEVEN)
    live = live_hand(A5_LIMIT, options=options)
    dealt(live, 7)
    ruling = live.report(ExposedCard(0, c("7c")))
    assert ruling.rule == "a5-3" and "replaced" in ruling.decision
    assert options.announce().count("six or seven") == 1


@pytest.mark.rule("nlpl-lowball-2a", "lowball-8")
def test_no_limit_ace_to_five_takes_ace_to_five_and_replaces_the_rest() -> None:
    live = live_hand(A5_NL)
    dealt(live, 8)
    taken = live.report(ExposedCard(1, c("5c")))
    assert taken.rule == "nlpl-lowball-2a" and "must take" in taken.decision
    live = live_hand(A5_NL)
    dealt(live, 8)
    replaced = live.report(ExposedCard(2, c("6c")))
    assert replaced.rule == "nlpl-lowball-2a" and "replaced" in replaced.decision
    assert live.deal_queue[-1] == Slot(2)


@pytest.mark.rule("27-2", "lowball-8")
@pytest.mark.parametrize(("card", "taken"), [("7c", True), ("6c", False), ("8c", False)])
def test_limit_deuce_to_seven_takes_2_3_4_5_7(card: str, taken: bool) -> None:
    live = live_hand(D27_LIMIT)
    dealt(live, 8)
    seat = {"7c": 0, "6c": 2, "8c": 1}[card]
    ruling = live.report(ExposedCard(seat, c(card)))
    assert ruling.rule == "27-2"
    assert ("must take" in ruling.decision) is taken
    assert (Slot(seat) in live.deal_queue[-1:]) is not taken


@pytest.mark.rule("nlpl-lowball-2b", "lowball-8")
@pytest.mark.parametrize(("card", "taken"), [("5c", True), ("6c", False), ("Ac", False)])
def test_no_limit_deuce_to_seven_takes_2_3_4_5_7(card: str, taken: bool) -> None:
    live = live_hand(D27_NL)
    cards = FIFTEEN.split()[:8]
    if card == "Ac":
        cards = ["2h", "3h", "4h", "Ac"]
    deal(live, cards)
    seat = {"5c": 1, "6c": 2, "Ac": 0}[card]
    ruling = live.report(ExposedCard(seat, c(card)))
    assert ruling.rule == "nlpl-lowball-2b"
    assert ("must take" in ruling.decision) is taken


def _to_the_draw(config: GameConfig) -> LiveHand:
    live = live_hand(config)
    deal(live, FIFTEEN)
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    assert live.actors == (0,)
    return live


@pytest.mark.rule("lowball-9")
@pytest.mark.parametrize("whole", [False, True])
def test_a_card_exposed_on_the_draw_is_replaced_after_the_draw(whole: bool) -> None:
    live = _to_the_draw(A5_LIMIT)
    live.apply(Draw(0, (c("4c"), c("7c"))))
    deal(live, "Qs 8d" if not whole else "Qs 8d 9d")         # a burn, then the draw
    ruling = live.report(ExposedCard(0, c("8d")))
    assert ruling.rule == "lowball-9" and "cannot be taken" in ruling.decision
    if not whole:
        deal(live, "9d")
    assert live.actors == (1,)
    assert live.hand.hole[0] == [c("Ac"), c("Tc"), c("Kc"), c("9d")]
    live.apply(Draw(1, ()))
    live.apply(Draw(2, ()))
    assert live.deal_queue == [Slot(0)]                   # the replacement, after every draw
    deal(live, "Th")
    assert live.hand.hole[0][-1] == c("Th") and len(live.hand.hole[0]) == 5
    assert c("8d") not in live.unseen() and live.actors == (0,)


@pytest.mark.rule("nlpl-lowball-3", "lowball-9")
def test_no_limit_every_card_exposed_after_the_draw_is_replaced() -> None:
    live = _to_the_draw(D27_NL)
    live.apply(Draw(0, (c("Ac"),)))
    deal(live, "Qs 2h")
    ruling = live.report(ExposedCard(0, c("2h")))     # a 2 would be taken before the draw
    assert ruling.rule == "nlpl-lowball-3" and "replacement" in ruling.decision
    live.apply(Draw(1, ()))
    live.apply(Draw(2, ()))
    deal(live, "3h")
    assert c("2h") not in live.hand.hole[0] and c("3h") in live.hand.hole[0]


@pytest.mark.rule("lowball-11")
def test_short_before_any_action_is_filled_at_once() -> None:
    live = live_hand(A5_LIMIT)
    deal(live, FIFTEEN)
    ruling = live.report(ShortHand(1))
    assert ruling.rule == "lowball-11" and "now" in ruling.decision
    assert live.deal_queue == [Slot(1)] and len(live.hand.hole[1]) == 4
    deal(live, "3h")
    assert len(live.hand.hole[1]) == 5 and live.actors == (2,)


@pytest.mark.rule("lowball-11")
def test_short_after_action_is_made_up_on_the_draw_but_the_dealer_seat_is_filled() -> None:
    live = live_hand(A5_LIMIT)
    deal(live, FIFTEEN)
    live.apply(Call(2))
    ruling = live.report(ShortHand(0))
    assert ruling.rule == "lowball-11" and "on the draw" in ruling.decision
    assert live.deal_queue == [] and live.actors == (0,) and len(live.hand.hole[0]) == 4
    button = live.report(ShortHand(2))              # seat 2 deals: filled even now
    assert "now" in button.decision and live.deal_queue == [Slot(2)]
    deal(live, "3h")
    live.apply(Call(0))
    live.apply(Check(1))
    live.apply(Draw(0, (c("Ac"),)))
    deal(live, "Qs 4h")
    live.apply(Draw(1, ()))
    live.apply(Draw(2, ()))
    assert live.deal_queue == [Slot(0)]
    deal(live, "5h")
    assert len(live.hand.hole[0]) == 5


@pytest.mark.rule("lowball-11")
def test_a_hand_without_five_cards_after_the_draw_is_fouled() -> None:
    live = _to_the_draw(A5_LIMIT)
    for seat in (0, 1, 2):
        live.apply(Draw(seat, ()))
    ruling = live.report(HandCardCount(1, 6))
    assert ruling.rule == "lowball-11" and "fouled" in ruling.decision
    assert live.hand.folded[1] and live.hand.pot == 6


@pytest.mark.rule("draw-3")
def test_draw_high_an_exposed_card_before_the_draw_is_kept() -> None:
    live = live_hand(DRAW_HIGH)
    deal(live, "Ac 2c")
    ruling = live.report(ExposedCard(0, c("Ac")))    # even the first card
    assert ruling.rule == "draw-3" and not ruling.misdeal and "kept" in ruling.decision
    deal(live, FIFTEEN.split()[2:])
    assert c("Ac") in live.hand.hole[0] and live.deal_queue == []


@pytest.mark.rule("draw-4")
def test_draw_high_short_hands() -> None:
    live = live_hand(DRAW_HIGH)
    deal(live, FIFTEEN)
    ruling = live.report(ShortHand(1))
    assert ruling.rule == "draw-4" and ruling.misdeal and live.deals == 2
    deal(live, FIFTEEN)
    button = live.report(ShortHand(2))
    assert button.rule == "draw-4" and live.deal_queue == [Slot(2)]
    deal(live, "3h")
    live.apply(Check(0))
    late = live.report(ShortHand(1))
    assert late.rule == "draw-4" and "on the draw" in late.decision
    live.apply(Check(1))
    live.apply(Check(2))
    assert len(live.hand.hole[1]) == 4


@pytest.mark.rule("draw-4")
def test_draw_high_not_five_after_the_draw_is_fouled() -> None:
    live = live_hand(DRAW_HIGH)
    deal(live, FIFTEEN)
    for seat in (0, 1, 2):
        live.apply(Check(seat))
    for seat in (0, 1, 2):
        live.apply(Draw(seat, ()))
    ruling = live.report(HandCardCount(0, 4))
    assert ruling.rule == "draw-4" and live.hand.folded[0]


def _showdown(config: GameConfig, cards: str, seats: int = 2) -> LiveHand:
    """Everyone checks or calls to the showdown, standing pat."""
    live = live_hand(config, seats)
    deal(live, cards)
    while live.actors and live.actors[0] >= 0:
        seat = live.actors[0]
        options = live.legal_actions(seat)
        names = [type(o).__name__ for o in options]
        if "DrawOption" in names:
            live.apply(Draw(seat, ()))
        elif "CheckOption" in names:
            live.apply(Check(seat))
        else:
            live.apply(Call(seat))
    assert live.actors == (-1,)
    return live


HEADS_UP = "8c 9d 6c Td 4c Jd 3c Qd 2h Kd"     # seat 0: 8-6-4-3-2; seat 1: K-Q-J-T-9
PAIRS = "8c 9d 8d 9h 4c Jd 3c Qd 2h Kd"        # seat 0: a pair of 8s; seat 1: of 9s


@pytest.mark.rule("lowball-15-miscall")
def test_calling_more_than_you_hold_cannot_win() -> None:
    live = _showdown(A5_LIMIT, HEADS_UP)
    ruling = live.report(Miscall(0, "7"))
    assert ruling.rule == "lowball-15-miscall" and "cannot win" in ruling.decision
    live.advance()
    assert live.final_stacks == (98, 102)


@pytest.mark.rule("lowball-15-miscall", "lowball-15")
def test_a_wrong_second_card_goes_unpunished() -> None:
    live = _showdown(A5_LIMIT, HEADS_UP)
    ruling = live.report(Miscall(0, "8-5"))
    assert "not penalised" in ruling.decision and not live.hand.folded[0]
    live.advance()
    assert live.final_stacks == (102, 98)


@pytest.mark.rule("lowball-15-miscall")
def test_a_miscall_that_makes_the_other_player_foul_kills_the_miscaller() -> None:
    live = _showdown(A5_LIMIT, HEADS_UP)
    ruling = live.report(Miscall(0, "8-6", fouled=(1,)))
    assert "dead" in ruling.decision and "seat 1 wins" in ruling.decision
    live.advance()
    assert live.final_stacks == (98, 102)


@pytest.mark.rule("lowball-15-miscall")
def test_multiway_a_miscalled_hand_is_dead_and_the_best_remaining_hand_wins() -> None:
    live = _showdown(A5_LIMIT, "8c 9d 7h 6c Td 6s 4c Jd 5h 3c Qd 4h 2h Kd 3s", seats=3)
    ruling = live.report(Miscall(2, "6"))          # seat 2 holds 7-6-5-4-3
    assert live.hand.folded[2] and "cannot win" in ruling.decision
    live.advance()
    assert live.final_stacks == (104, 98, 98)


@pytest.mark.rule("lowball-16")
def test_an_unannounced_pair_that_makes_the_other_foul_loses_the_pot() -> None:
    live = _showdown(A5_LIMIT, PAIRS)
    ruling = live.report(PairNotAnnounced(0, fouled=(1,)))
    assert ruling.rule == "lowball-16" and "loses the pot" in ruling.decision
    live.advance()
    assert live.final_stacks == (98, 102)


@pytest.mark.rule("lowball-16")
def test_an_unannounced_pair_with_every_hand_intact_the_best_hand_wins() -> None:
    live = _showdown(A5_LIMIT, PAIRS)
    ruling = live.report(PairNotAnnounced(0))
    assert "best hand wins" in ruling.decision
    live.advance()
    assert live.final_stacks == (102, 98)          # eights beat nines at ace-to-five


@pytest.mark.rule("lowball-16")
def test_multiway_an_unannounced_pair_with_two_hands_intact() -> None:
    live = _showdown(A5_LIMIT, "8c 9d 7h 8d 9h 7s 4c Jd 5h 3c Qd 4h 2h Kd 3s", seats=3)
    ruling = live.report(PairNotAnnounced(0, fouled=(1,)))
    assert "best intact hand wins" in ruling.decision and live.hand.folded[1]
    live.advance()
    assert live.final_stacks == (98, 98, 104)      # the pair of sevens is the best intact


# seat 1 is dealt 4d as its second card (the fifth of the deal), 8c as its third
FOUR_DIAMONDS = "Ac 2c 3c 4c 4d 5c 7c 8c 9c Tc Jc Qc Kc Ad 2d"


def one_action_in() -> LiveHand:
    """Limit ace-to-five: the fifteen cards are out and seat 2 has called."""
    live = live_hand(A5_LIMIT)
    deal(live, FOUR_DIAMONDS)
    live.apply(Call(2))
    assert live.acted == 1 and live.actors == (0,)
    return live


@pytest.mark.rule("lowball-8", "a5-3", "lowball-1")
def test_one_card_exposed_after_one_action_seven_or_under_is_taken() -> None:
    live = one_action_in()
    ruling = live.report(ExposedCard(1, c("4d")))
    assert ruling.rule == "a5-3" and not ruling.misdeal and live.deals == 1
    assert "must take" in ruling.decision and "lowball-8" in ruling.rules
    assert c("4d") in live.hand.hole[1] and live.actors == (0,) and live.hand.pot == 5
    # the same report before anyone acts is ruled the same way
    before = live_hand(A5_LIMIT)
    deal(before, FOUR_DIAMONDS)
    assert str(before.report(ExposedCard(1, c("4d")))).startswith("[a5-3] Seat 1 must take")


@pytest.mark.rule("lowball-8", "a5-3", "lowball-1")
def test_one_card_over_seven_exposed_after_one_action_is_replaced_and_is_the_burn() -> None:
    live = one_action_in()
    ruling = live.report(ExposedCard(1, c("8c")))
    assert ruling.rule == "a5-3" and not ruling.misdeal and "replaced" in ruling.decision
    assert c("8c") not in live.hand.hole[1] and live.deal_queue == [Slot(1)]
    deal(live, "3d")
    assert live.hand.hole[1] == [c("2c"), c("4d"), c("Jc"), c("Ad"), c("3d")]
    assert live.actors == (0,)
    live.apply(Call(0))
    live.apply(Check(1))
    live.apply(Draw(0, (c("Kc"),)))
    assert live.hand.burns == [c("8c")]             # the burn before the draw cards
    check_conserved(live)


@pytest.mark.rule("lowball-1b", "lowball-1")
def test_a_second_card_exposed_before_two_players_acted_is_a_misdeal() -> None:
    live = live_hand(A5_LIMIT)
    deal(live, FOUR_DIAMONDS)
    assert not live.report(ExposedCard(1, c("4d"))).misdeal       # taken
    live.apply(Call(2))
    ruling = live.report(ExposedCard(0, c("Kc")))
    assert ruling.rule == "lowball-1b" and ruling.misdeal and live.deals == 2


@pytest.mark.rule("lowball-1a", "lowball-1")
def test_the_second_card_of_the_deal_exposed_after_one_action_is_a_misdeal() -> None:
    live = one_action_in()
    ruling = live.report(ExposedCard(1, c("2c")))
    assert ruling.rule == "lowball-1a" and ruling.misdeal and live.deals == 2


@pytest.mark.rule("a5-4-allin", "a5-4")
def test_the_seven_may_complete_a_short_all_in_to_the_full_bet() -> None:
    # seat 0 (small blind) has 3 chips; seat 1 (big blind) holds a seven
    live = live_hand(A5_LIMIT, stacks=[3, 100, 100])
    deal(live, "Kc 7c 8s Qd 5d 6h Jh 4h 4d 9s 3s 3c 8c 2c 2s")
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    for seat in (0, 1, 2):
        live.apply(Draw(seat, ()))
    live.apply(Bet(0, 1))                        # all in for 1, less than half of 4
    assert live.hand.stacks[0] == 0 and live.actors == (1,)
    raise_option = next(o for o in live.legal_actions(1) if isinstance(o, RaiseOption))
    assert raise_option.tos == (4, 5)            # complete to the full bet, or raise
    live.apply(Raise(1, 4))
    assert live.actors == (2,)
    live.apply(Call(2))
    live.advance()
    ended = live.hand.result
    assert isinstance(ended, HandEnded)
    assert any("every obligation" in note for note in ended.notes)
    # the seven takes the 9 of the main pot and the 6 of the side pot, as usual
    assert live.final_stacks == (0, 109, 94) and live.total_chips == 203
