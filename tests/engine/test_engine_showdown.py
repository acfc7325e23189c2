"""Button-game showdowns, side pots, odd chips, views and replay."""

from __future__ import annotations

import random

import pytest
from engine_helpers import Script
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.cards import UNKNOWN
from pokerroom.core import DEALER, Call, Check, Fold, Raise
from pokerroom.engine import CardsDealt, GameConfig, HandEnded, replay
from pokerroom.engine.pots import build_pots, pot_shares, split_evenly
from pokerroom.errors import HistoryError

NL = GameConfig.of("holdem", "no limit", blinds=(1, 2))
OMAHA8 = GameConfig.of("omaha-hilo", "fixed limit", blinds=(1, 2))
OMAHA = GameConfig.of("omaha", "pot limit", blinds=(1, 2))


def check_down(config: GameConfig, hole: dict[int, str], board: str,
               stacks: list[int] | None = None, button: int | None = None):  # type: ignore[no-untyped-def]
    n = len(hole)
    hand = config.new_hand(stacks or [100] * n, button=n - 1 if button is None else button,
                           deck=config.deck_cards())
    script = Script(hole, board)
    while not hand.is_over:
        if hand.actors == (DEALER,):
            script.step(hand)
            continue
        seat = hand.actors[0]
        kinds = {type(o).__name__ for o in hand.legal_actions(seat)}
        hand.apply(Check(seat) if "CheckOption" in kinds else Call(seat))
    return hand


@pytest.mark.rule("holdem-6", "holdem-intro")
def test_playing_the_board_splits() -> None:
    hand = check_down(NL, {0: "2c 3d", 1: "4c 5d"}, "As Ks Qs Js Ts")
    assert hand.final_stacks == (100, 100)
    assert {sh.high for sh in hand.result.shown} == {"royal flush"}


@pytest.mark.rule("omaha-intro", "omaha-1", "omaha-intro-show-four")
def test_omaha_uses_exactly_two_hole_cards() -> None:
    # seat 0 holds one spade: the four-spade board gives no flush; seat 1 has two pair
    hand = check_down(OMAHA, {0: "As Kd Qc Jc", 1: "9h 9d 8c 8d"}, "2s 5s 7s Ts 3h")
    assert hand.final_stacks == (98, 102)
    assert all(len(shown.cards) == 4 for shown in hand.result.shown)   # all four shown


@pytest.mark.rule("omaha8-2", "omaha8-intro", "omaha8-1")
def test_omaha_hilo_no_low_high_scoops() -> None:
    hand = check_down(OMAHA8, {0: "As Ad Kc Kd", 1: "Qh Qd 5c 5d"}, "Ac 9s Ts Qs Kh")
    assert {a.share for a in hand.result.awards} == {"all"}
    assert hand.final_stacks == (102, 98)


@pytest.mark.rule("omaha8-intro", "omaha8-2")
def test_omaha_hilo_split_odd_chip_to_high() -> None:
    # three players, 3 chips in: high 2 (odd chip high), low 1
    hand = check_down(OMAHA8, {0: "Ks Kd Kc Qd", 1: "As 2s 9c 9d", 2: "Th Td 6c 6d"},
                      "Kh 3c 4d 8s Jc", stacks=[100, 100, 100])
    awards = {(a.seat, a.share): a.amount for a in hand.result.awards}
    assert awards == {(0, "high"): 3, (1, "low"): 3}


@pytest.mark.rule("supp-odd-chip", "supp-suits")
def test_button_game_odd_chip_first_left_of_button() -> None:
    # one chip of dead money makes the pot odd: 1 + 2 + 2 split by seats 2 and 0
    hand = NL.new_hand([100, 100, 100], button=1, deck=NL.deck_cards(), dead_money=1)
    script = Script({0: "2c 3d", 1: "4c 5d", 2: "7h 8d"}, "As Ks Qs Js Ts")
    script.run(hand)
    assert hand.blind_seats == (2, 0) and hand.actors == (1,)
    hand.apply(Fold(1))
    hand.apply(Call(2))
    hand.apply(Check(0))
    while not hand.is_over:
        if hand.actors == (DEALER,):
            script.step(hand)
        else:
            hand.apply(Check(hand.actors[0]))
    awards = {a.seat: a.amount for a in hand.result.awards}
    assert awards == {2: 3, 0: 2}               # seat 2 is first left of the button
    assert split_evenly(5, [2, 0]) == [(2, 3), (0, 2)]


@pytest.mark.rule("supp-odd-chip")
def test_side_pots_split_separately() -> None:
    pots = build_pots([50, 100, 100, 20], [True, True, True, False])
    assert [(p.amount, p.eligible) for p in pots] == [(170, (0, 1, 2)), (100, (1, 2))]


def test_all_in_side_pot_showdown() -> None:
    hand = NL.new_hand([10, 50, 50], button=2, deck=NL.deck_cards())
    script = Script({0: "As Ad", 1: "Ks Kd", 2: "Qs Qd"}, "2c 7d 9h 3s 4c")
    script.run(hand)
    hand.apply(Call(2))
    hand.apply(Raise(0, 10))
    hand.apply(Raise(1, 50))
    hand.apply(Call(2))
    while not hand.is_over:
        script.step(hand)
    # main pot 30 to seat 0 (aces), side pot 80 to seat 1 (kings)
    assert hand.final_stacks == (30, 80, 0)


def test_views_hide_other_hole_cards_until_showdown() -> None:
    hand = NL.new_hand([100, 100, 100], rng=random.Random(4))
    Script().run(hand)
    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    Script().run(hand)
    assert hand.street_name == "flop"
    mine = hand.view(0).seats[0].cards
    theirs = hand.view(0).seats[1].cards
    assert UNKNOWN not in mine and theirs == (UNKNOWN, UNKNOWN)
    assert all(s.cards == (UNKNOWN, UNKNOWN) for s in hand.view(None).seats)
    for event in hand.events_for(1):
        if isinstance(event, CardsDealt) and event.action.to not in (1, -2):
            assert set(event.action.cards) == {UNKNOWN}
    assert any(type(e).__name__ == "CardBurned" and e.action.card == UNKNOWN
               for e in hand.events_for(None))


def test_replay_reproduces_the_hand_and_rejects_redacted_logs() -> None:
    hand = NL.new_hand([100, 100, 100], rng=random.Random(9))
    rng = random.Random(2)
    while not hand.is_over:
        if hand.actors == (DEALER,):
            hand.advance()
        else:
            seat = hand.actors[0]
            kinds = {type(o).__name__ for o in hand.legal_actions(seat)}
            hand.apply(Check(seat) if "CheckOption" in kinds else
                       (Call(seat) if rng.random() < 0.8 else Fold(seat)))
    again = replay(NL, hand.events)
    assert again.final_stacks == hand.final_stacks
    assert [again.view(s) for s in range(3)] == [hand.view(s) for s in range(3)]
    assert isinstance(again.events[-1], HandEnded)
    with pytest.raises(HistoryError):
        replay(NL, hand.events_for(0))
    with pytest.raises(HistoryError):
        replay(OMAHA, hand.events)


def test_same_seed_same_hand() -> None:
    a = NL.new_hand([100] * 4, rng=random.Random(11))
    b = NL.new_hand([100] * 4, rng=random.Random(11))
    for hand in (a, b):
        while hand.actors == (DEALER,):
            hand.advance()
    assert a.hole == b.hole


def test_stud_upcards_are_seen_and_discards_are_hidden() -> None:
    stud = GameConfig.of("stud", ante=1, bring_in=2)
    hand = stud.new_hand([100, 100, 100], rng=random.Random(5))
    Script().run(hand)
    seat1 = hand.view(0).seats[1]
    assert seat1.cards[:2] == (UNKNOWN, UNKNOWN) and seat1.cards[2] == hand.hole[1][2]
    draw = GameConfig.of("lowball-27", blinds=(1, 2))
    hand = draw.new_hand([100, 100, 100], rng=random.Random(6))
    script = Script()
    script.run(hand)
    from pokerroom.core import Draw

    hand.apply(Call(2))
    hand.apply(Call(0))
    hand.apply(Check(1))
    script.run(hand)
    thrown = tuple(hand.hole[0][:2])
    hand.apply(Draw(0, thrown))
    mine = [e for e in hand.events_for(0) if type(e).__name__ == "CardsDiscarded"]
    theirs = [e for e in hand.events_for(1) if type(e).__name__ == "CardsDiscarded"]
    assert mine[0].action.discards == thrown
    assert theirs[0].action.discards == (UNKNOWN, UNKNOWN)


def test_explicit_cards_must_come_from_the_stub_and_bad_ones_change_nothing() -> None:
    from pokerroom.cards import parse_cards
    from pokerroom.engine import DealCards
    from pokerroom.errors import IllegalActionError

    hand = NL.new_hand([100, 100, 100], deck=NL.deck_cards())
    hand.apply(DealCards(to=0, cards=parse_cards("As Ad")))
    before = ([hand.view(s) for s in range(3)], list(hand.deck), len(hand.events))
    for bad in (DealCards(to=1, cards=parse_cards("As Kd")),      # already dealt
                DealCards(to=1, cards=parse_cards("Kd Kd")),      # the same card twice
                DealCards(to=2, cards=parse_cards("Kd Qd")),      # seat 1 is next
                DealCards(to=1, cards=parse_cards("Kd"))):        # two cards are due
        with pytest.raises(IllegalActionError):
            hand.apply(bad)
    assert ([hand.view(s) for s in range(3)], list(hand.deck), len(hand.events)) == before


@pytest.mark.rule("omaha8-2-posted")
def test_posted_low_qualifier_changes_who_qualifies() -> None:
    hole = {0: "Ks Kd Kc Qd", 1: "As 2s 9c 9d"}
    board = "Kh 3c 4d 8s Jc"                      # seat 1's best low: 8-4-3-2-A
    eight = check_down(OMAHA8, hole, board)
    assert {a.share for a in eight.result.awards} == {"high", "low"}
    seven = check_down(GameConfig.of("omaha-hilo", "fixed limit", blinds=(1, 2),
                                     low_qualifier=7), hole, board)
    assert {a.share for a in seven.result.awards} == {"all"}
    assert seven.final_stacks == (102, 98)


@given(st.lists(st.tuples(st.integers(0, 500), st.booleans()), min_size=2, max_size=10),
       st.integers(0, 50))
def test_pot_shares_keep_every_chip_put_in(seats: list[tuple[int, bool]],
                                           dead_money: int) -> None:
    """Whose chips make up each pot: every chip each seat put in is in some pot, a
    folded hand's chips above the last all-in level too, and the pots add up to the
    chips of :func:`build_pots`."""
    contributions = [c for c, _ in seats]
    live = [alive for _, alive in seats]
    if not any(live):
        live[0] = True
    shares = pot_shares(contributions, live, dead_money)
    for seat, chips in enumerate(contributions):
        assert sum(pot.get(seat, 0) for pot in shares) == chips
    assert sum(sum(pot.values()) for pot in shares) == sum(contributions) + (
        dead_money if shares else 0)
    assert [sum(pot.values()) for pot in shares] == [
        pot.amount for pot in build_pots(contributions, live, dead_money)]
