"""Seven-card stud, stud hi-lo and razz: bring-in, completion, openers, limits, common
card, odd chips."""

from __future__ import annotations

import random

import pytest
from engine_helpers import Script

from pokerroom.cards import Card, parse_cards
from pokerroom.core import (
    Bet,
    BetOption,
    BringIn,
    BringInOption,
    Call,
    Check,
    Complete,
    CompleteOption,
    Fold,
    FoldOption,
    Raise,
    RaiseOption,
)
from pokerroom.engine import GameConfig, PokerHand

STUD = GameConfig.of("stud", ante=1, bring_in=5, small_bet=15, big_bet=30)
STUD8 = GameConfig.of("stud-hilo", ante=1, bring_in=5, small_bet=15, big_bet=30)
RAZZ = GameConfig.of("razz", ante=1, bring_in=5, small_bet=15, big_bet=30)


def start(config: GameConfig, hole: dict[int, str], board: str = "",
          stacks: list[int] | None = None, button: int = -1):  # type: ignore[no-untyped-def]
    script = Script(hole, board)
    n = len(hole)
    hand = config.new_hand(stacks or [1000] * n, button=button if button >= 0 else n - 1,
                           deck=config.deck_cards())
    script.run(hand)
    return hand, script


def finish(hand, script):  # type: ignore[no-untyped-def]
    """Everyone checks or calls to the end."""
    while not hand.is_over:
        if hand.actors == (-1,):
            script.step(hand)
            continue
        seat = hand.actors[0]
        options = hand.legal_actions(seat)
        kinds = {type(o).__name__ for o in options}
        if "BringInOption" in kinds:
            hand.apply(BringIn(seat))
        elif "CheckOption" in kinds:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    return hand


@pytest.mark.rule("stud-1", "stud-intro")
def test_lowest_upcard_by_suit_brings_in() -> None:
    hand, _ = start(STUD, {0: "As Ks 2h", 1: "Ad Kd 2c", 2: "Ah Kh 9s"})
    assert hand.actors == (1,)                      # 2c is lower than 2h by suit
    assert hand.legal_actions() == (BringInOption(5), CompleteOption(15))


@pytest.mark.rule("stud-2", "stud-3")
def test_completion_is_not_a_raise() -> None:
    hand, _ = start(STUD, {0: "As Ks 2h", 1: "Ad Kd 2c", 2: "Ah Kh 9s", 3: "Qc Qd 8s"})
    hand.apply(BringIn(1))
    options = hand.legal_actions(2)
    assert FoldOption() in options and CompleteOption(15) in options
    hand.apply(Complete(2))
    raises = 0
    while any(isinstance(o, RaiseOption) for o in hand.legal_actions()):
        seat = hand.actors[0]
        option = next(o for o in hand.legal_actions() if isinstance(o, RaiseOption))
        hand.apply(Raise(seat, option.min_to))
        raises += 1
    assert raises == 3                               # $5 completed to $15, then three raises
    assert hand.max_bet == 60


@pytest.mark.rule("stud-2")
def test_bring_in_may_open_for_a_full_bet() -> None:
    hand, _ = start(STUD, {0: "As Ks 2h", 1: "Ad Kd 2c", 2: "Ah Kh 9s"})
    hand.apply(Complete(1))
    assert hand.max_bet == 15 and hand.bets[1] == 15


@pytest.mark.rule("stud-1", "stud-intro")
def test_high_board_opens_later_ties_by_position() -> None:
    hole = {0: "As Ks 2h 7c", 1: "Ad Kd 2c 7d", 2: "Ah Kh 9s 3d"}
    hand, script = start(STUD, hole, button=2)
    hand.apply(BringIn(1))
    hand.apply(Call(2))
    hand.apply(Call(0))
    script.run(hand)
    assert hand.street_name == "fourth street"
    # seat 2 shows 9-3 (nine high); seats 0 and 1 show 2-7 and 2-7: the nine opens
    assert hand.actors == (2,)


@pytest.mark.rule("stud-1")
def test_tied_board_first_dealt_opens() -> None:
    hole = {0: "As Ks 7h 2c", 1: "Ad Kd 7c 2d", 2: "Ah Kh 3s 4d"}
    hand, script = start(STUD, hole, button=2)
    assert hand.actors == (2,)                       # 3s brings in
    hand.apply(BringIn(2))
    hand.apply(Call(0))
    hand.apply(Call(1))
    script.run(hand)
    assert hand.actors == (0,)                       # 7-2 ties 7-2: seat 0 got cards first


@pytest.mark.rule("stud-4", "stud-intro")
def test_open_pair_on_fourth_allows_small_or_big_bet() -> None:
    hole = {0: "As Ks 7h 7c", 1: "Ad Kd 2c 9d", 2: "Ah Kh 3s 4d"}
    hand, script = start(STUD, hole, button=2)
    hand.apply(BringIn(1))
    hand.apply(Call(2))
    hand.apply(Call(0))
    script.run(hand)
    assert hand.actors == (0,)
    bet = next(o for o in hand.legal_actions() if isinstance(o, BetOption))
    assert bet.amounts == (15, 30)
    hand.apply(Check(0))                             # a check keeps the choice open
    bet = next(o for o in hand.legal_actions(1) if isinstance(o, BetOption))
    assert bet.amounts == (15, 30)
    hand.apply(Bet(1, 15))
    raise_ = next(o for o in hand.legal_actions(2) if isinstance(o, RaiseOption))
    assert raise_.tos == (30, 45)                    # raise $15 or $30
    hand.apply(Raise(2, 45))
    raise_ = next(o for o in hand.legal_actions(0) if isinstance(o, RaiseOption))
    assert raise_.tos == (75,)                       # after a big raise, big steps


@pytest.mark.rule("stud8-7", "razz-4", "stud8-intro")
@pytest.mark.parametrize("config", [STUD8, RAZZ], ids=["stud-hilo", "razz"])
def test_open_pair_does_not_change_limit_in_hilo_and_razz(config: GameConfig) -> None:
    hole = {0: "As Ks 7h 7c", 1: "Ad Kd 2c 9d", 2: "Ah Kh 3s 4d"}
    hand, script = start(config, hole, button=2)
    seat = hand.actors[0]
    hand.apply(BringIn(seat))
    while hand.actors != (-1,):
        hand.apply(Call(hand.actors[0]))
    script.run(hand)
    bet = next(o for o in hand.legal_actions() if isinstance(o, BetOption))
    assert bet.amounts == (15,)


@pytest.mark.rule("stud8-4", "stud8-intro")
def test_stud_hilo_bring_in_counts_ace_high() -> None:
    hand, _ = start(STUD8, {0: "Ks Qs Ac", 1: "Kd Qd 2s", 2: "Kh Qh 9s"})
    assert hand.actors == (1,)                       # the ace is high: the deuce brings in


@pytest.mark.rule("razz-3", "razz-intro")
def test_razz_highest_card_brings_in_ace_low_and_low_board_opens() -> None:
    hole = {0: "2s 3s Kc 4c", 1: "2d 3d Kh 8c", 2: "2h 3h Ac 5d"}
    hand, script = start(RAZZ, hole, button=2)
    assert hand.actors == (1,)                       # Kh beats Kc by suit; the ace is low
    hand.apply(BringIn(1))
    hand.apply(Call(2))
    hand.apply(Call(0))
    script.run(hand)
    assert hand.actors == (2,)                       # A-5 is the lowest board


@pytest.mark.rule("stud-8")
def test_low_card_all_in_for_the_ante_next_player_opens() -> None:
    hand, _ = start(STUD, {0: "As Ks 2h", 1: "Ad Kd 2c", 2: "Ah Kh 9s"},
                    stacks=[100, 1, 100])
    assert hand.stacks[1] == 0
    assert hand.actors == (2,)
    assert hand.legal_actions() == (FoldOption(), BringInOption(5), CompleteOption(15))


@pytest.mark.rule("stud-8")
@pytest.mark.parametrize("config", [STUD, RAZZ], ids=["stud", "razz"])
def test_a_hand_all_in_for_the_ante_plays_for_the_antes(config: GameConfig) -> None:
    # seat 1 is all in for its ante with the best hand: it wins the three antes, and
    # the bets the other two make are a side pot between them
    best = "As Ah Ad Ac Kd 2c 3d" if config is STUD else "Ah 2c 3d 4s 5h Kd Kc"
    hole = {0: "9s 9d 7c 8c Ts Js Qd", 1: best, 2: "Kh Qh 6c 4c Th 7h 8d"}
    if config is RAZZ:
        hole[0], hole[2] = "9s 9d Tc Jc Qs Ks Qd", "Jh Qh Ts Td Th 8h 8c"
    hand, script = start(config, hole, stacks=[100, 1, 100])
    assert hand.stacks[1] == 0
    finish(hand, script)
    awards = {(a.seat, a.amount) for a in hand.result.awards}
    assert (1, 3) in awards
    assert sum(hand.final_stacks) == 201
    assert hand.final_stacks[1] == 3


@pytest.mark.rule("stud-15")
def test_deck_too_short_gives_a_common_card() -> None:
    hole = {s: "" for s in range(8)}
    hand, script = start(STUD, hole, button=7)
    finish(hand, script)
    assert len(hand.board) == 1                      # one common card on seventh street
    assert all(len(hand.hole[s]) == 6 for s in range(8))
    assert {sh.seat for sh in hand.result.shown} == set(range(8))
    assert sum(hand.final_stacks) == 8000


@pytest.mark.rule("stud-19", "stud-intro")
def test_calling_a_hand_beaten_on_board_gets_no_refund() -> None:
    hole = {0: "2s 3d Ac Ad Ah As 4c", 1: "7s 8d 2c 9c Th Jd 5c"}
    hand, script = start(STUD, hole, button=1)
    finish(hand, script)
    # seat 1 called every street against four aces showing: all of it stays lost
    assert hand.final_stacks == (1006, 994)


@pytest.mark.rule("stud8-2", "stud8-3", "stud8-5", "stud8-6")
def test_stud_hilo_no_low_high_scoops_and_any_five_for_low() -> None:
    no_low = {0: "Ks Kd 9c 9d Qh Jd Tc", 1: "As Ad Qc Jc 9h Th Tc"}
    hand, script = start(STUD8, {0: "Ks Kd 9c 9d Qh Jd Ts", 1: "As Ad Qc Jc 9h Th Tc"},
                         button=1)
    finish(hand, script)
    assert {a.share for a in hand.result.awards} == {"all"}
    assert no_low
    # a wheel flush for high and low: straights and flushes do not hurt the low
    hand, script = start(STUD8, {0: "Ah 2h 3h 4h 5h Kc Kd", 1: "Ks Qs Qc Jd 9d 9h Tc"},
                         button=1)
    finish(hand, script)
    assert hand.final_stacks[1] < 1000 and sum(hand.final_stacks) == 2000


@pytest.mark.rule("stud8-9", "stud8-10", "supp-odd-chip", "stud8-8")
def test_stud_hilo_odd_chips() -> None:
    config = GameConfig.of("stud-hilo", ante=1, bring_in=1, small_bet=2, big_bet=4)
    # three players, an odd pot: high to seat 0 alone, low split between 1 and 2
    hole = {0: "Ks Kd Kh Kc Qh Qd Qs", 1: "As 2s 3s 4d 6c Jd Jh", 2: "Ad 2d 3d 4s 6d Tc Th"}
    hand, script = start(config, hole, button=2)
    finish(hand, script)
    total = sum(a.amount for a in hand.result.awards)
    high = [a for a in hand.result.awards if a.share == "high"]
    low = [a for a in hand.result.awards if a.share == "low"]
    assert sum(a.amount for a in high) == (total + 1) // 2
    if sum(a.amount for a in low) % 2:
        # the odd chip of the split low half goes to the lowest card by suit: As < Ad? No:
        # suits rank clubs < diamonds < hearts < spades, so Ad is the low card by suit
        odd = max(low, key=lambda a: a.amount)
        assert odd.seat == 2


@pytest.mark.rule("stud8-9", "supp-odd-chip")
def test_stud_hilo_the_odd_chip_between_high_and_low_goes_high() -> None:
    # antes of 1 and a bring-in of 2 everyone calls, then checks: a pot of 9
    config = GameConfig.of("stud-hilo", ante=1, bring_in=2, small_bet=4, big_bet=8)
    hole = {0: "Ks Kd Kh Kc Qh Qd Qs", 1: "As 2s 3s 4d 6c Jd Jh", 2: "9s 9d Tc Td Jc Js 8h"}
    hand, script = start(config, hole, button=2)
    finish(hand, script)
    awards = sorted((a.seat, a.share, a.amount) for a in hand.result.awards)
    assert awards == [(0, "high", 5), (1, "low", 4)]


@pytest.mark.rule("stud8-9")
def test_tie_both_ways_splits_evenly_odd_chip_highest_card() -> None:
    config = GameConfig.of("stud-hilo", ante=1, bring_in=1, small_bet=2, big_bet=4)
    hole = {0: "As 2s 3s 4d 5c Jd Jh", 1: "Ad 2d 3d 4s 5d Tc Th", 2: "Kc Qc 9h 9c 7h 7d 8s"}
    hand, script = start(config, hole, button=2)
    # seat 2 folds at the first chance so the pot is odd between two tied players
    while not hand.is_over:
        if hand.actors == (-1,):
            script.step(hand)
            continue
        seat = hand.actors[0]
        kinds = {type(o).__name__ for o in hand.legal_actions(seat)}
        if seat == 2 and "FoldOption" in kinds and hand.street_name == "fifth street":
            hand.apply(Fold(seat))
        elif "BringInOption" in kinds:
            hand.apply(BringIn(seat))
        elif "CheckOption" in kinds:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    awards = {a.seat: a.amount for a in hand.result.awards}
    assert set(awards) <= {0, 1}
    if sum(awards.values()) % 2:
        assert awards[0] == awards[1] + 1           # As is the highest card by suit


@pytest.mark.rule("razz-2", "razz-1")
def test_razz_lowest_hand_wins() -> None:
    hand, script = start(RAZZ, {0: "Ks Kd 2c 3c 4c 5c 7c", 1: "As 2s 3d 4h 6h Qc Qd"},
                         button=1)
    finish(hand, script)
    assert hand.final_stacks[1] > 1000


@pytest.mark.rule("stud-7")
def test_hand_folded_without_a_bet_keeps_receiving_cards_until_a_bet() -> None:
    hole = {0: "As Ks 2h 8c 9c", 1: "Ad Kd 2c 9d Tc", 2: "Ah Kh 9s 3d Jc"}
    hand, script = start(STUD, hole, button=2)
    hand.apply(BringIn(1))
    hand.apply(Call(2))
    hand.apply(Call(0))
    script.run(hand)
    assert hand.actors == (2,) and FoldOption() in hand.legal_actions()
    hand.apply(Check(2))
    hand.apply(Fold(0))                       # no bet pending
    hand.apply(Check(1))
    script.run(hand)
    assert len(hand.hole[0]) == 5             # the folded hand still gets its card
    assert 0 not in hand.actors
    seat = hand.actors[0]
    hand.apply(Bet(seat, 30))                 # a bet kills it
    assert hand.hole[0] == [] and hand.folded[0]
    assert set(card("As Ks 2h 8c 9c")) <= set(hand.muck)


def card(text: str) -> list[Card]:
    return list(parse_cards(text))


def stud_to_the_end(players: int, seed: int, *, fold_one: bool = False):  # type: ignore[no-untyped-def]
    """Random cards; everyone brings in, calls or checks to the showdown (with
    ``fold_one``, the first seat facing the bring-in folds). Returns the hand and the
    seat that opened the last round."""
    hand = STUD.new_hand([1000] * players, button=players - 1, rng=random.Random(seed))
    folded = not fold_one
    last_opener = -1
    while not hand.is_over:
        if hand.actors == (-1,):
            hand.advance()
            continue
        seat = hand.actors[0]
        if hand.street == 4 and last_opener < 0:
            last_opener = seat
        kinds = {type(o).__name__ for o in hand.legal_actions(seat)}
        if "BringInOption" in kinds:
            hand.apply(BringIn(seat))
        elif not folded and "CallOption" in kinds:
            hand.apply(Fold(seat))
            folded = True
        elif "CheckOption" in kinds:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    return hand, last_opener


def all_cards(hand) -> list[Card]:  # type: ignore[no-untyped-def]
    return [*(c for h in hand.hole for c in h), *hand.board, *hand.burns, *hand.deck,
            *hand.muck]


def burns(hand) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for e in hand.events if type(e).__name__ == "CardBurned")


@pytest.mark.rule("stud-15")
def test_enough_cards_deals_seventh_street_normally() -> None:
    hand, _ = stud_to_the_end(6, 1)
    assert all(len(h) == 7 for h in hand.hole) and hand.board == []
    assert burns(hand) == 4 and len(hand.deck) == 52 - 42 - 4     # fourth to seventh
    assert sorted(all_cards(hand)) == sorted(STUD.deck_cards())


@pytest.mark.rule("stud-15")
def test_exactly_as_many_cards_as_players_the_dealer_does_not_burn() -> None:
    for seed in range(5):
        # 7 players: 7 cards left for 7 players on seventh street (3 burns so far)
        hand, _ = stud_to_the_end(7, seed)
        stub = [e.card for e in hand.events if type(e).__name__ == "CardBurned"]
        assert all(len(h) == 7 for h in hand.hole) and hand.board == []
        assert burns(hand) == 3                     # no burn on seventh street
        assert hand.deck == [] and hand.burns == stub   # every card fresh from the stub
        seventh = [c for h in hand.hole for c in h[6:]]
        assert not set(seventh) & set(stub)         # no burned card dealt back out
        assert sorted(all_cards(hand)) == sorted(STUD.deck_cards())   # no card twice
        assert hand.result is not None and len(hand.result.shown) == 7
        assert sum(hand.final_stacks) == 7000


def stud_with_folds(seed: int, folds: dict[int, int]) -> PokerHand:
    """Eight players; on street ``k`` the first seat to act bets (third street: brings
    it in) and the first ``folds[k]`` players facing it fold; everyone else calls or
    checks to the end."""
    hand = STUD.new_hand([1000] * 8, button=7, rng=random.Random(seed))
    bet_on = -1
    to_fold = 0
    while not hand.is_over:
        if hand.actors == (-1,):
            hand.advance()
            continue
        seat = hand.actors[0]
        options = hand.legal_actions(seat)
        kinds = {type(o).__name__ for o in options}
        if bet_on != hand.street:
            bet_on, to_fold = hand.street, folds.get(hand.street, 0)
            if "BringInOption" in kinds:
                hand.apply(BringIn(seat))
                continue
            if to_fold and "BetOption" in kinds:
                hand.apply(Bet(seat, next(o for o in options
                                          if isinstance(o, BetOption)).min_amount))
                continue
        if to_fold and "CallOption" in kinds:
            hand.apply(Fold(seat))
            to_fold -= 1
        elif "CheckOption" in kinds:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    return hand


@pytest.mark.rule("stud-15")
def test_short_deck_mixes_the_last_card_with_the_burns_and_burns_again() -> None:
    for seed in range(5):
        # one fold on third street and two on sixth: 5 players, 4 cards and 3 burns
        # left; burn, deal 2, mix the last card with the 4 burn cards, burn again, deal
        # the last 3
        hand = stud_with_folds(seed, {0: 1, 3: 2})
        live = [h for s, h in enumerate(hand.hole) if not hand.folded[s]]
        assert len(live) == 5 and all(len(h) == 7 for h in live) and hand.board == []
        assert burns(hand) == 5                     # the usual four and one after mixing
        assert len(hand.deck) == 1                  # the mixed cards: 5, less a burn, 3
        assert sorted(all_cards(hand)) == sorted(STUD.deck_cards())   # no card twice
        assert hand.result is not None and len(hand.result.shown) == 5
        assert sum(hand.final_stacks) == 8000


@pytest.mark.rule("stud-15")
def test_short_deck_skips_the_burn_when_it_would_leave_a_player_without_a_card() -> None:
    for seed in range(5):
        # 8 players, one folds on third street: 7 players, 4 cards left + 3 burn cards
        hand, _ = stud_to_the_end(8, seed, fold_one=True)
        live = [h for s, h in enumerate(hand.hole) if not hand.folded[s]]
        assert len(live) == 7 and all(len(h) == 7 for h in live) and hand.board == []
        assert burns(hand) == 4                     # no burn after mixing: 7 for 7
        assert hand.deck == [] and hand.burns == []
        assert sorted(all_cards(hand)) == sorted(STUD.deck_cards())


@pytest.mark.rule("stud-15")
def test_not_enough_fresh_cards_gives_a_common_card_and_the_new_high_hand_opens() -> None:
    from pokerroom.engine.dealing import showing_key

    for seed in range(5):
        # 8 players to the end: one card left and 3 burn cards for 8 players
        hand, opener = stud_to_the_end(8, seed)
        assert len(hand.board) == 1 and all(len(h) == 6 for h in hand.hole)
        assert burns(hand) == 4                     # burned first, from the mixed cards
        assert sorted(all_cards(hand)) == sorted(STUD.deck_cards())
        keys = [showing_key([*(c for c, up in zip(hand.hole[s], hand.up[s], strict=True)
                               if up), *hand.board], low=False) for s in range(8)]
        best = max(keys)
        assert opener == next(s for s in hand.deal_order if keys[s] == best)
