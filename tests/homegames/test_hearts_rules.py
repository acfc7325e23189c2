"""Hearts Poker hands, rule by rule (hearts-poker.txt, SUPPLEMENT §3)."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from pokerroom.cards import STANDARD_CARDS, UNKNOWN, Card, parse_cards
from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    Call,
    Check,
    Discard,
    Fold,
    PassCard,
    Raise,
    RaiseOption,
    Seat,
)
from pokerroom.deck import Deck
from pokerroom.engine.config import Structure
from pokerroom.engine.events import BetReturned
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError
from pokerroom.homegames.deal import clockwise_from_left
from pokerroom.homegames.events import CardDealt, Decided, PassesRevealed
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.homegames.hearts_events import (
    BOARD,
    DiscardsRevealed,
    HeartsEnded,
    UpCardsPassed,
)
from pokerroom.homegames.hearts_options import HeartsOpener, HeartsOptions
from pokerroom.homegames.hearts_table import HeartsTable


def deck(down: Mapping[int, str], up: Mapping[int, str], fourth: Mapping[int, str],
         board: str, dealer: int = 0, then: str = "") -> Deck:
    n = len(down)
    order = clockwise_from_left(dealer, n)
    cards: list[Card] = []
    for i in range(2):
        cards += [parse_cards(down[s])[i] for s in order]
    cards += [parse_cards(up[s])[0] for s in order]
    cards += [parse_cards(fourth[s])[0] for s in order]
    cards += parse_cards(board) + parse_cards(then)
    return Deck(cards + [c for c in STANDARD_CARDS if c not in cards])


def hand3(board: str = "2c 7d 9h", opts: HeartsOptions | None = None,
          then: str = "", **hands: str) -> HeartsHand:
    down = {0: hands.get("d0", "Ac Kc"), 1: hands.get("d1", "5s 6s"),
            2: hands.get("d2", "3h 8c")}
    up = {0: hands.get("u0", "Th"), 1: hands.get("u1", "4d"), 2: hands.get("u2", "Jc")}
    fourth = {0: hands.get("f0", "3s"), 1: hands.get("f1", "8d"), 2: hands.get("f2", "6h")}
    options = opts or HeartsOptions(players=3).validated()
    return HeartsHand(options, stacks=[100] * 3, dealer=0,
                      deck=deck(down, up, fourth, board, then=then))


def deal(hand: HeartsHand) -> None:
    while hand.actors == (DEALER,) and hand.phase != "showdown":
        hand.advance()


def checks(hand: HeartsHand) -> None:
    deal(hand)
    while hand.phase == "bet":
        hand.apply(Check(seat=hand.actors[0]))
        deal(hand)


def passes(hand: HeartsHand, cards: Mapping[int, str]) -> None:
    for seat, text in cards.items():
        hand.apply(PassCard(seat=seat, card=parse_cards(text)[0]))
    checks(hand)


def discards(hand: HeartsHand, which: Mapping[int, str]) -> None:
    for seat, pair in which.items():
        cards = hand.up[seat] if pair == "up" else hand.down[seat]
        hand.apply(Discard(seat=seat, cards=tuple(cards)))
    checks(hand)


def to_showdown(hand: HeartsHand) -> HeartsEnded:
    deal(hand)
    if hand.phase == "showdown":
        hand.advance()
    event = hand.events[-1]
    assert isinstance(event, HeartsEnded)
    assert sum(hand.stacks) == hand.total_chips
    return event


def simple_play(hand: HeartsHand, keep: Mapping[int, str]) -> HeartsEnded:
    """Everyone checks, passes fixed cards (their first down card, first up card) and
    discards to keep ``keep[seat]`` ('down' keeps the down pair)."""
    checks(hand)
    passes(hand, {s: repr(hand.down[s][0]) for s in (0, 1, 2)})
    passes(hand, {s: repr(hand.up[s][0]) for s in (0, 1, 2)})
    discards(hand, {s: "up" if keep[s] == "down" else "down" for s in (0, 1, 2)})
    return to_showdown(hand)


@pytest.mark.rule("hearts-deck", "hearts-deal")
def test_two_down_one_up_then_the_first_betting_round() -> None:
    hand = hand3()
    deal(hand)
    assert [len(d) for d in hand.down] == [2, 2, 2] and [len(u) for u in hand.up] == [1, 1, 1]
    assert hand.phase == "bet" and hand.actors == (1,)
    view = hand.view(2)
    assert view.seat(2).down_cards == tuple(parse_cards("3h 8c"))
    assert view.seat(1).down_cards == (UNKNOWN,) * 2
    assert view.seat(0).up_cards == tuple(parse_cards("Th"))
    dealt = [e for e in hand.events_for(2) if isinstance(e, CardDealt)]
    assert sum(1 for e in dealt if e.card is UNKNOWN) == 4  # others' down cards
    assert len(hand.deck) == 52 - 9


@pytest.mark.rule("hearts-first-pass")
def test_first_pass_face_down_to_the_left_all_at_once() -> None:
    hand = hand3()
    checks(hand)
    assert hand.phase == "pass-left" and hand.actors == (0, 1, 2)
    event = hand.apply(PassCard(seat=0, card=parse_cards("Ac")[0]))
    assert isinstance(event, Decided)
    assert hand.view(1).seat(1).down_cards == tuple(parse_cards("5s 6s"))  # nothing moved
    with pytest.raises(IllegalActionError):
        hand.apply(PassCard(seat=1, card=parse_cards("4d")[0]))  # an up card
    hand.apply(PassCard(seat=1, card=parse_cards("5s")[0]))
    event = hand.apply(PassCard(seat=2, card=parse_cards("8c")[0]))
    assert isinstance(event, PassesRevealed)
    assert sorted(hand.down[1]) == sorted(parse_cards("6s Ac"))
    assert sorted(hand.down[0]) == sorted(parse_cards("Kc 8c"))
    assert sorted(hand.down[2]) == sorted(parse_cards("3h 5s"))
    seen = event.for_seat(2)
    assert isinstance(seen, PassesRevealed)
    assert [c for a, b, c in seen.passes if 2 not in (a, b)] == [UNKNOWN]
    assert hand.phase == "bet"


@pytest.mark.rule("hearts-fourth-card", "hearts-second-pass")
def test_fourth_card_up_then_an_up_card_passes_right_for_all_to_see() -> None:
    hand = hand3()
    checks(hand)
    passes(hand, {0: "Ac", 1: "5s", 2: "8c"})
    assert [len(u) for u in hand.up] == [2, 2, 2]
    assert hand.up[0] == list(parse_cards("Th 3s"))
    assert hand.phase == "pass-right"
    for seat, card in ((0, "Th"), (1, "8d"), (2, "6h")):
        hand.apply(PassCard(seat=seat, card=parse_cards(card)[0]))
    event = next(e for e in reversed(hand.events) if isinstance(e, UpCardsPassed))
    assert event.private_to is None
    assert (0, 2, parse_cards("Th")[0]) in event.passes  # to the right: seat 0 -> seat 2
    assert sorted(hand.up[2]) == sorted(parse_cards("Jc Th"))
    assert hand.phase == "bet"


@pytest.mark.rule("hearts-opener")
def test_opener_left_of_dealer_or_best_hand_showing() -> None:
    hand = hand3()
    deal(hand)
    assert hand.actors == (1,)
    best = HeartsOptions(players=3, opener=HeartsOpener.BEST_SHOWING).validated()
    hand = hand3(opts=best)
    deal(hand)
    assert hand.actors == (2,)  # Jc is the best card showing


@pytest.mark.rule("hearts-discard", "hearts-pick-up")
def test_discard_both_up_or_both_down_and_pick_up_the_up_pair() -> None:
    hand = hand3()
    checks(hand)
    passes(hand, {0: "Ac", 1: "5s", 2: "8c"})
    passes(hand, {0: "Th", 1: "8d", 2: "6h"})
    assert hand.phase == "discard"
    mixed = (hand.up[0][0], hand.down[0][0])
    with pytest.raises(IllegalActionError):
        hand.apply(Discard(seat=0, cards=mixed))
    up0 = list(hand.up[0])
    hand.apply(Discard(seat=0, cards=tuple(hand.down[0])))  # keeps the up pair
    hand.apply(Discard(seat=1, cards=tuple(hand.up[1])))
    event = hand.apply(Discard(seat=2, cards=tuple(hand.up[2])))
    assert isinstance(event, DiscardsRevealed)
    assert dict(event.kept) == {0: "up", 1: "down", 2: "down"}
    assert hand.down[0] == up0 and hand.up == [[], [], []]
    assert hand.view(1).seat(0).down_cards == (UNKNOWN, UNKNOWN)  # concealed
    seen = event.for_seat(1)
    assert isinstance(seen, DiscardsRevealed)
    assert dict(seen.discarded)[0] == (UNKNOWN, UNKNOWN)


@pytest.mark.rule("hearts-show", "hearts-best-five", "hearts-community")
def test_showdown_best_five_of_own_cards_and_three_community_cards() -> None:
    hand = hand3(opts=HeartsOptions(players=3, ante=1).validated(),
                 board="Ad Ah 9c", d0="As Kc", d1="Qh Jh", d2="2d 3d", u0="Th",
                 u1="4d", u2="Jc", f0="3s", f1="8d", f2="6h")
    # passes: first down card left, first up card right
    result = simple_play(hand, {0: "down", 1: "down", 2: "down"})
    assert {s.owner for s in result.shown} == {0, 1, 2}
    assert all(len(s.cards) == 2 for s in result.shown)
    assert len(hand.board) == 3
    winner = max(result.awards, key=lambda kv: kv[1])[0]
    assert "three of a kind" in dict((s.owner, s.description) for s in result.shown)[winner]


@pytest.mark.rule("hearts-community")
def test_six_community_cards_option() -> None:
    opts = HeartsOptions(players=3, community=6).validated()
    hand = hand3(opts=opts, board="2c 7d 9h 4c 5d 6c")
    simple_play(hand, {0: "down", 1: "down", 2: "down"})
    assert hand.board == list(parse_cards("2c 7d 9h 4c 5d 6c"))


@pytest.mark.rule("hearts-queen-spades", "hearts-four-card")
def test_queen_of_spades_forces_out_the_higher_card_leaving_four_cards() -> None:
    hand = hand3(board="Qd 7d 2h", d0="Qs Ah", d1="5s 6s", d2="Kh 8c")
    checks(hand)
    passes(hand, {0: "Ah", 1: "5s", 2: "Kh"})  # seat 0 now holds Qs Kh
    passes(hand, {0: "Th", 1: "4d", 2: "Jc"})
    assert sorted(hand.down[0]) == sorted(parse_cards("Qs Kh"))
    discards(hand, {0: "up", 1: "up", 2: "up"})
    result = to_showdown(hand)
    shown = {s.owner: s.description for s in result.shown}
    # the king goes; the queen of spades and three community cards play as four cards
    assert shown[0] == "pair of queens, 7-2 kickers (four cards)"


@pytest.mark.rule("hearts-queen-spades", "hearts-four-card")
def test_queen_of_spades_over_a_lower_card_is_itself_discarded() -> None:
    hand = hand3(board="Qd 7d 2h", d0="Qs 3c", d1="5s 6s", d2="Kh 8c")
    checks(hand)
    passes(hand, {0: "3c", 1: "5s", 2: "8c"})  # seat 0 holds Qs 8c
    passes(hand, {0: "Th", 1: "4d", 2: "Jc"})
    discards(hand, {0: "up", 1: "up", 2: "up"})
    shown = {s.owner: s.description for s in to_showdown(hand).shown}
    assert shown[0] == "queen high, 8-7-2 (four cards)"


@pytest.mark.rule("hearts-queen-spades-pair")
def test_with_a_pair_of_queens_the_queen_of_spades_goes() -> None:
    hand = hand3(board="2c 7d 9h", d0="Qs 3c", d1="5s 6s", d2="Qh 8c")
    checks(hand)
    passes(hand, {0: "3c", 1: "5s", 2: "Qh"})  # seat 0 holds Qs Qh
    passes(hand, {0: "Th", 1: "4d", 2: "Jc"})
    assert sorted(hand.down[0]) == sorted(parse_cards("Qs Qh"))
    discards(hand, {0: "up", 1: "up", 2: "up"})
    shown = {s.owner: s for s in to_showdown(hand).shown}
    assert shown[0].description == "queen high, 9-7-2 (four cards)"  # no pair of queens


@pytest.mark.rule("hearts-jack-diamonds")
def test_jack_of_diamonds_earns_an_extra_card() -> None:
    hand = hand3(board="2c 7d 9h", d0="Jd 4h", d1="5s 6s", d2="3h 8c", then="Js")
    checks(hand)
    passes(hand, {0: "4h", 1: "5s", 2: "8c"})
    passes(hand, {0: "Th", 1: "4d", 2: "Jc"})
    discards(hand, {0: "up", 1: "up", 2: "up"})
    result = to_showdown(hand)
    assert hand.extra == {0: parse_cards("Js")[0]}
    shown = {s.owner: s for s in result.shown}
    assert len(shown[0].cards) == 3 and "pair of jacks" in shown[0].description


@pytest.mark.rule("hearts-special-hand-only")
def test_queen_and_jack_do_nothing_as_community_cards() -> None:
    hand = hand3(board="Qs Jd 9h", d0="Ac Kc", d1="5s 6s", d2="3h 8c")
    simple_play(hand, {0: "down", 1: "down", 2: "down"})
    assert hand.extra == {}
    assert all(len(s.cards) == 2 for s in hand.shown)
    assert all("four cards" not in s.description for s in hand.shown)


@pytest.mark.rule("supp-hearts-betting")
def test_fixed_limit_sizes_and_the_optional_fourth_round() -> None:
    opts = HeartsOptions(players=3, small_bet=2, big_bet=4, fourth_round=True).validated()
    hand = hand3(opts=opts)
    deal(hand)
    assert BetOption(2, 2, (2,)) in hand.legal_actions(1)
    hand.apply(Bet(seat=1, amount=2))
    assert RaiseOption(4, 4, (4,)) in hand.legal_actions(2)
    with pytest.raises(IllegalActionError):
        hand.apply(Bet(seat=2, amount=3))
    with pytest.raises(OutOfTurnError):
        hand.apply(Check(seat=1))
    hand.apply(Raise(seat=2, to=4))
    hand.apply(Call(seat=0))
    hand.apply(Call(seat=1))
    checks(hand)
    passes(hand, {0: "Ac", 1: "5s", 2: "8c"})
    for seat, card in ((0, "Th"), (1, "8d"), (2, "6h")):
        hand.apply(PassCard(seat=seat, card=parse_cards(card)[0]))
    deal(hand)
    assert hand.phase == "bet" and BetOption(4, 4, (4,)) in hand.legal_actions(1)
    checks(hand)
    for seat in (0, 1, 2):
        hand.apply(Discard(seat=seat, cards=tuple(hand.up[seat])))
    deal(hand)
    # the fourth round, after the community cards, at the big bet
    assert hand.phase == "bet" and len(hand.board) == 3
    assert BetOption(4, 4, (4,)) in hand.legal_actions(1)
    hand.apply(Bet(seat=1, amount=4))
    hand.apply(Fold(seat=2))
    hand.apply(Fold(seat=0))
    result = to_showdown(hand)
    assert result.awards == ((1, 12),) and hand.stacks == [96, 108, 96]
    assert "a fourth betting round" in opts.announce()
    assert "fixed limit 2/4" in opts.announce()
    pl = HeartsOptions(players=3, structure=Structure.POT_LIMIT).validated()
    assert "pot limit" in pl.announce()


@pytest.mark.rule("hearts-deck", "hearts-community")
def test_player_limits_keep_the_deck_from_running_out() -> None:
    assert HeartsOptions(players=12).validated().players == 12
    for bad in ({"players": 13}, {"players": 12, "community": 6}, {"players": 1},
                {"players": 4, "community": 4}):
        with pytest.raises(ConfigError):
            HeartsOptions(**bad).validated()  # type: ignore[arg-type]


@pytest.mark.rule("hearts-opener", "hearts-community", "supp-hearts-betting")
def test_announce_names_every_house_rule() -> None:
    text = HeartsOptions(players=5).validated().announce()
    assert "first active player to the dealer's left" in text
    assert "three community cards" in text and "Three betting rounds" in text
    text = HeartsOptions(players=5, opener=HeartsOpener.BEST_SHOWING, community=6,
                         ante=1).validated().announce()
    assert "best hand showing" in text and "six community cards" in text
    assert "ante 1" in text


def test_session_ledger_balances_and_uncontested_pot() -> None:
    table = HeartsTable(HeartsOptions(players=3, ante=1), stacks=[20, 20, 20],
                        rng=random.Random(3))
    hand = table.new_hand()
    deal(hand)
    hand.apply(Bet(seat=1, amount=2))
    hand.apply(Fold(seat=2))
    hand.apply(Fold(seat=0))
    assert hand.actors == (DEALER,)
    result = hand.advance()
    assert isinstance(result, HeartsEnded) and result.shown == ()
    table.settle(hand)
    table.ledger.check()
    assert table.stacks == (19, 22, 19)
    assert BOARD is Seat.BOARD


@pytest.mark.rule("supp-hearts-betting")
def test_the_chip_an_all_in_call_leaves_uncalled_goes_back_to_the_bettor() -> None:
    down = {0: "Ac Kc", 1: "5s 6s", 2: "3h 8c"}
    up = {0: "Th", 1: "4d", 2: "Jc"}
    fourth = {0: "3s", 1: "8d", 2: "6h"}
    hand = HeartsHand(HeartsOptions(players=3).validated(), stacks=[100, 100, 1], dealer=0,
                      deck=deck(down, up, fourth, "2c 7d 9h"))
    deal(hand)
    hand.apply(Bet(1, 2))
    hand.apply(Call(2))                       # all in for 1 of the 2
    hand.apply(Fold(0))
    assert [(e.seat, e.amount) for e in hand.log if isinstance(e, BetReturned)] == [(1, 1)]
    assert hand.stacks[1] == 99 and hand.stacks[2] == 0
