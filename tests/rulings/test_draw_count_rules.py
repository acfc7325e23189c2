"""Changing the number of cards drawn (lowball-12a, lowball-12b) and retrieving a
discarded hand to prove openers (jacks-7) in a hand dealt with real cards."""

from __future__ import annotations

import pytest
from rulings_helpers import D27_LIMIT, check_conserved, deal, deal_rest, live_hand

from pokerroom.cards import Card, parse_cards
from pokerroom.core import Bet, Call, Check, Draw, Fold
from pokerroom.engine import GameConfig
from pokerroom.errors import IllegalActionError
from pokerroom.rulings import BURN_PILE, LiveHand
from pokerroom.rulings.requests import ChangeDraw, OpenersRetrieval, RetrieveOpeners

HANDS = {0: "7c 5d 4h Kc Qs", 1: "8s 6h 4d 3c 2s", 2: "9c 8d 6c 5s 3h"}


def deal_hands(live: LiveHand, hands: dict[int, str]) -> None:
    """Deal each seat its cards, card by card in the order the dealer goes round."""
    queues = {seat: list(parse_cards(text)) for seat, text in hands.items()}
    while live.deal_queue and live.deal_queue[0].to in queues and queues[live.deal_queue[0].to]:
        deal(live, [queues[live.deal_queue[0].to].pop(0)])


def to_the_draw() -> LiveHand:
    live = live_hand(D27_LIMIT)
    deal_hands(live, HANDS)
    live.apply(Call(2))
    live.apply(Call(0))
    live.apply(Check(1))
    assert live.hand.actors == (0,) and not live.deal_queue
    return live


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


@pytest.mark.rule("lowball-12a", "lowball-12b")
def test_a_draw_may_be_changed_before_any_card_is_dealt_for_it() -> None:
    live = to_the_draw()
    live.apply(Draw(0, cards("Kc Qs")))
    assert [slot.to for slot in live.deal_queue] == [BURN_PILE, 0, 0]
    ruling = live.report(ChangeDraw(0, cards("Kc Qs 7c")))
    assert ruling.rules == ("lowball-12a", "lowball-12b")
    assert "from 2 to 3" in ruling.decision
    assert [slot.to for slot in live.deal_queue] == [BURN_PILE, 0, 0, 0]
    assert sorted(live.hand.hole[0]) == sorted(cards("5d 4h"))
    deal_rest(live)
    assert len(live.hand.hole[0]) == 5 and live.hand.actors == (1,)
    check_conserved(live)


@pytest.mark.rule("lowball-12a")
def test_no_change_once_the_burn_is_dealt() -> None:
    live = to_the_draw()
    live.apply(Draw(0, cards("Kc Qs")))
    deal(live, [next(c for c in live.unseen())])          # the burn card
    queue = list(live.deal_queue)
    ruling = live.report(ChangeDraw(0, cards("Kc Qs 7c")))
    assert ruling.rule == "lowball-12a" and "the draw stands" in ruling.decision
    assert "burn" in ruling.decision
    assert live.deal_queue == queue and sorted(live.hand.hole[0]) == sorted(cards("7c 5d 4h"))
    deal_rest(live)
    assert len(live.hand.hole[0]) == 5
    check_conserved(live)


@pytest.mark.rule("lowball-12a")
def test_no_change_once_a_draw_card_is_dealt() -> None:
    live = to_the_draw()
    live.apply(Draw(0, cards("Kc Qs")))
    deal_rest(live)                       # burn and both cards: the engine has them
    live.apply(Draw(1, cards("8s")))
    ruling = live.report(ChangeDraw(0, cards("Kc Qs 7c")))
    assert ruling.rule == "lowball-12a" and "the draw stands" in ruling.decision
    check_conserved(live)


@pytest.mark.rule("lowball-12b")
def test_a_pat_hand_may_change_until_the_next_player_acts_on_it() -> None:
    live = to_the_draw()
    live.apply(Draw(0, ()))                                # pat: nothing to deal
    assert live.hand.actors == (1,)
    ruling = live.report(ChangeDraw(0, cards("Kc")))       # nobody has acted on it yet
    assert ruling.rule == "lowball-12a" and "from 0 to 1" in ruling.decision
    assert [slot.to for slot in live.deal_queue] == [BURN_PILE, 0]
    deal_rest(live)
    assert live.hand.actors == (1,)
    check_conserved(live)


@pytest.mark.rule("lowball-12b")
def test_no_change_once_another_player_acted_on_the_count() -> None:
    live = to_the_draw()
    live.apply(Draw(0, ()))
    live.apply(Draw(1, ()))                                # seat 1 acts on "pat"
    ruling = live.report(ChangeDraw(0, cards("Kc")))
    assert ruling.rule == "lowball-12b" and "the draw stands" in ruling.decision
    assert live.hand.actors == (2,) and len(live.hand.hole[0]) == 5
    # the last player stands pat and the betting begins: the action counts as well
    live.apply(Draw(2, ()))
    live.apply(Check(0))
    ruling = live.report(ChangeDraw(2, cards("9c")))
    assert ruling.rule == "lowball-12b"
    assert live.hand.actors == (1,)
    check_conserved(live)


def test_a_change_must_name_cards_of_the_hand() -> None:
    live = to_the_draw()
    live.apply(Draw(0, cards("Kc")))
    with pytest.raises(IllegalActionError):
        live.report(ChangeDraw(0, cards("As")))            # not in seat 0's hand
    assert [slot.to for slot in live.deal_queue] == [BURN_PILE, 0]
    with pytest.raises(IllegalActionError):
        live.report(ChangeDraw(1, cards("8s")))            # seat 1 has not drawn
    check_conserved(live)


JACKS = GameConfig.of("jacks", ante=1, small_bet=2, big_bet=4)
OPENERS = {0: "Jc Jd 5s 4h 2c", 1: "Ah Kd 9c 7s 3d", 2: "Qs Th 8d 6c 2s"}


def opener_mucks(hands: dict[int, str], opener_draws: str = "5s 4h 2c") -> LiveHand:
    """Seat 0 opens, is raised after the draw and throws the hand away."""
    live = live_hand(JACKS)
    deal_hands(live, hands)
    live.apply(Bet(0, 2))
    live.apply(Call(1))
    live.apply(Fold(2))
    live.apply(Draw(0, cards(opener_draws)))
    deal_rest(live)
    live.apply(Draw(1, cards("9c 7s 3d")))
    deal_rest(live)
    live.apply(Check(0))
    live.apply(Bet(1, 4))
    live.apply(Fold(0))
    return live


@pytest.mark.rule("jacks-7")
def test_opener_may_retrieve_a_discarded_hand_by_default() -> None:
    live = opener_mucks(OPENERS)
    ruling = live.report(RetrieveOpeners(0))
    assert ruling.rule == "jacks-7"
    assert ruling.decision == ("Seat 0 retrieves the discarded hand Jc Jd 5s 4h 2c: "
                               "openers are proved")
    assert "may retrieve" in OpenersRetrieval().announce()
    check_conserved(live)


@pytest.mark.rule("jacks-7")
def test_management_may_refuse_the_retrieval() -> None:
    live = opener_mucks(OPENERS)
    ruling = live.report(RetrieveOpeners(0, OpenersRetrieval(allowed=False)))
    assert ruling.rule == "jacks-7" and "openers are not proved" in ruling.decision
    assert "may not retrieve" in OpenersRetrieval(allowed=False).announce()


@pytest.mark.rule("jacks-7")
def test_a_retrieved_hand_without_openers_shows_false_openers() -> None:
    hands = dict(OPENERS)
    hands[0] = "Tc Td 5s 4h 2c"
    live = opener_mucks(hands, opener_draws="")           # stands pat on tens
    ruling = live.report(RetrieveOpeners(0))
    assert "Tc Td 5s 4h 2c: it does not hold openers" in ruling.decision
    check_conserved(live)


@pytest.mark.rule("jacks-7")
def test_only_the_opener_with_a_discarded_hand_may_retrieve_it() -> None:
    live = opener_mucks(OPENERS)
    with pytest.raises(IllegalActionError):
        live.report(RetrieveOpeners(1))
    live2 = live_hand(JACKS)
    deal_hands(live2, OPENERS)
    live2.apply(Bet(0, 2))
    with pytest.raises(IllegalActionError):
        live2.report(RetrieveOpeners(0))          # still holding the hand
