"""Kill pots at a table (SUPPLEMENT §2, ``supp-kill``): the hi-lo scoop that kills the
next pot, and the lowball new player's full kill (``lowball-3b``)."""

from __future__ import annotations

import random

import pytest
from engine_helpers import Script, miss_the_big_blind

from pokerroom.core import DEALER, Bet, BetOption, Call, Check, CheckOption, Draw, Raise
from pokerroom.engine import GameConfig, KillMode, PokerHand
from pokerroom.engine.blinds import MISSED_BLIND_KILL, NEW_PLAYER_KILL
from pokerroom.engine.table import Table

O8 = GameConfig.of("omaha-hilo", "fixed limit", blinds=(1, 2), small_bet=2, big_bet=4,
                   kill=KillMode.FULL)
# seat 0 makes trip kings and the best low; seats 1 and 2 neither (the button is seat 0,
# so seat 1 posts the small blind and seat 2 the big blind)
SCOOP = {0: "As 2s Kh Kc", 1: "Qh Qd Jc Tc", 2: "7h 6h 5d 5s"}
BOARD = "3d 4c 8h Kd 9s"


def table_of(config: GameConfig, n: int, seats: int = 6, stack: int = 100) -> Table:
    table = Table(config, seats=seats, rng=random.Random(0))
    for s in range(n):
        table.join(s, f"p{s}", stack)
    return table


def bet_and_call(hand: PokerHand, script: Script | None = None) -> PokerHand:
    """The first seat to speak on each round bets, everyone else calls (before the
    flop, or the draw, all call); draws stand pat."""
    while not hand.is_over:
        if hand.actors == (DEALER,):
            if script is not None:
                script.step(hand)
            else:
                hand.advance()
            continue
        seat = hand.actors[0]
        options = hand.legal_actions(seat)
        kinds = {type(o).__name__ for o in options}
        bet = next((o for o in options if isinstance(o, BetOption)), None)
        if "DrawOption" in kinds:
            hand.apply(Draw(seat, ()))
        elif bet is not None and hand.street > 0:
            hand.apply(Bet(seat, bet.amounts[0] if bet.amounts else bet.min_amount))
        elif CheckOption() in options:
            hand.apply(Check(seat))
        else:
            hand.apply(Call(seat))
    return hand


def dealt(hand: PokerHand) -> PokerHand:
    """The dealer deals until a seat is to act."""
    while hand.actors == (DEALER,):
        hand.advance()
    return hand


def kills(hand: PokerHand) -> list[tuple[int, int, str]]:
    return [(e.seat, e.amount, e.kind) for e in hand.events
            if type(e).__name__ == "ForcedBet" and e.kind.startswith("kill")]


@pytest.mark.rule("supp-kill", "omaha8-intro")
def test_hilo_a_pot_won_both_high_and_low_at_the_showdown_is_a_scoop_that_kills() -> None:
    table = table_of(O8, 3)
    hand = table.next_hand(deck=O8.deck_cards())
    assert table.button == 0 and hand.blind_seats == (1, 2)
    bet_and_call(hand, Script(SCOOP, BOARD))
    assert hand.result is not None and len(hand.result.shown) == 3     # a showdown
    shares = {(a.seat, a.share) for a in hand.result.awards}
    assert shares == {(0, "high"), (0, "low")}                         # both ways
    assert sum(a.amount for a in hand.result.awards) == 36 >= 5 * 4
    table.finish(hand)
    assert table.kill_next == 0
    killed = table.next_hand()
    assert kills(killed) == [(0, 4, "kill")]
    assert killed.config.stakes.small_bet == 4 and killed.config.stakes.big_bet == 8
    assert killed.total_chips == 300 and killed.pot == 1 + 2 + 4


@pytest.mark.rule("supp-kill", "omaha8-intro")
def test_hilo_a_pot_split_high_and_low_or_too_small_does_not_kill() -> None:
    split = {0: "Ks Kh Qc Jc", 1: "As 2s Td 9d", 2: "7h 6h 5d 5s"}   # 0 high, 1 low
    table = table_of(O8, 3)
    hand = bet_and_call(table.next_hand(deck=O8.deck_cards()), Script(split, BOARD))
    assert hand.result is not None
    assert {(a.seat, a.share) for a in hand.result.awards} == {(0, "high"), (1, "low")}
    table.finish(hand)
    assert table.kill_next is None
    # a scoop both ways of less than five big bets: everyone checks after the flop
    table = table_of(O8, 3)
    hand = table.next_hand(deck=O8.deck_cards())
    script = Script(SCOOP, BOARD)
    while not hand.is_over:
        if hand.actors == (DEALER,):
            script.step(hand)
        else:
            seat = hand.actors[0]
            options = hand.legal_actions(seat)
            hand.apply(Check(seat) if CheckOption() in options else Call(seat))
    assert hand.result is not None
    assert {(a.seat, a.share) for a in hand.result.awards} == {(0, "high"), (0, "low")}
    assert sum(a.amount for a in hand.result.awards) == 6 < 5 * 4
    table.finish(hand)
    assert table.kill_next is None


LOWBALL = GameConfig.of("lowball-a5", blinds=(5, 10))          # bets 10 and 20


@pytest.mark.rule("lowball-3b", "supp-kill")
def test_lowball_new_player_kill_is_a_full_kill_that_doubles_the_limits() -> None:
    table = table_of(LOWBALL, 4, stack=500)
    bet_and_call(table.next_hand())
    table.join(4, "late", 500, post=True)
    hand = dealt(table.next_hand())
    assert hand.in_hand[4] and kills(hand) == [(4, 20, NEW_PLAYER_KILL)]
    assert hand.config.stakes.small_bet == 20 and hand.config.stakes.big_bet == 40
    assert table.config.stakes.small_bet == 10          # the table's limits stay
    seat = hand.actors[0]
    raise_option = hand.legal_actions(seat)[-1]
    assert raise_option == type(raise_option)(40, 40, (40,))   # 20 to call, raise by 20
    hand.apply(Raise(seat, 40))
    while hand.street == 0:
        hand.apply(Call(hand.actors[0]))
    while hand.actors == (DEALER,) or hand.street_name != "after the draw" or \
            type(hand.legal_actions()[0]).__name__ == "DrawOption":
        if hand.actors == (DEALER,):
            hand.advance()
        else:
            hand.apply(Draw(hand.actors[0], ()))
    bet = next(o for o in hand.legal_actions() if isinstance(o, BetOption))
    assert bet.amounts == (40,)                         # and the bet after the draw
    assert "doubled limits" in table.announce()
    bet_and_call(hand)
    table.finish(hand)
    after = table.next_hand()                           # the next deal: normal limits
    assert kills(after) == [] and after.config.stakes.small_bet == 10


@pytest.mark.rule("lowball-3b", "supp-kill")
def test_one_kill_per_deal_a_new_player_waits_when_the_deal_is_already_killed() -> None:
    config = GameConfig.of("lowball-a5", blinds=(5, 10), kill=KillMode.HALF)
    table = table_of(config, 5)
    bet_and_call(table.next_hand())
    table.kill_next = 1                                 # seat 1 must kill the next pot
    table.join(5, "late", 500, post=True)
    hand = table.next_hand()
    assert kills(hand) == [(1, 15, "kill")] and not hand.in_hand[5]
    assert hand.config.stakes.small_bet == 15           # the half kill's limits only
    bet_and_call(hand)
    table.kill_next = None
    hand = table.next_hand()                            # now the new player kills
    assert hand.blind_seats == (3, 4)
    assert hand.in_hand[5] and kills(hand) == [(5, 20, NEW_PLAYER_KILL)]
    assert hand.config.stakes.small_bet == 20


@pytest.mark.rule("lowball-3b", "supp-kill")
def test_with_the_kill_acts_last_option_the_new_player_killer_acts_last() -> None:
    config = GameConfig.of("lowball-a5", blinds=(5, 10), kill=KillMode.FULL,
                           kill_acts_last=True)
    table = table_of(config, 4)
    bet_and_call(table.next_hand())
    table.join(4, "late", 500, post=True)
    hand = dealt(table.next_hand())
    assert kills(hand) == [(4, 20, NEW_PLAYER_KILL)]
    order = []
    while hand.street == 0:
        seat = hand.actors[0]
        order.append(seat)
        options = hand.legal_actions(seat)
        hand.apply(Check(seat) if CheckOption() in options else Call(seat))
    assert order[-1] == 4


def back_after_missing_the_big_blind(config: GameConfig) -> Table:
    """Seat 3 of four sits out until the big blind has passed it."""
    table = table_of(config, 4, stack=200)
    bet_and_call(table.next_hand())
    miss_the_big_blind(table, 3, bet_and_call)
    return table


@pytest.mark.rule("lowball-7", "supp-kill")
def test_lowball_a_player_the_big_blind_passed_may_kill_the_pot_to_be_dealt_in() -> None:
    config = GameConfig.of("lowball-a5", blinds=(1, 2))         # limits 2 and 4
    table = back_after_missing_the_big_blind(config)
    table.sit_in(3, post=True)                                  # kill the pot
    hand = dealt(table.next_hand())
    assert hand.in_hand[3] and kills(hand) == [(3, 4, MISSED_BLIND_KILL)]
    posted = [(e.seat, e.kind) for e in hand.events if type(e).__name__ == "ForcedBet"]
    assert (3, "missed small blind") not in posted and (3, "big blind (posted)") not in posted
    assert (hand.config.stakes.small_bet, hand.config.stakes.big_bet) == (4, 8)
    assert "big blind passed waits for it or kills the pot" in table.announce()
    bet_and_call(hand)
    after = table.next_hand()                                   # back to the table's limits
    assert kills(after) == [] and after.config.stakes.small_bet == 2


@pytest.mark.rule("lowball-7", "supp-kill")
def test_lowball_the_kill_after_a_missed_big_blind_is_the_tables_kill() -> None:
    config = GameConfig.of("lowball-a5", blinds=(5, 10), kill=KillMode.HALF)
    table = back_after_missing_the_big_blind(config)
    table.sit_in(3, post=True)
    hand = dealt(table.next_hand())
    assert kills(hand) == [(3, 15, MISSED_BLIND_KILL)]          # a half kill: 1.5x
    assert hand.config.stakes.small_bet == 15


@pytest.mark.rule("lowball-7")
def test_lowball_a_player_the_big_blind_passed_may_wait_for_it_instead() -> None:
    config = GameConfig.of("lowball-a5", blinds=(1, 2))
    table = back_after_missing_the_big_blind(config)
    table.sit_in(3)
    seen = []
    for _ in range(4):
        hand = table.next_hand()
        seen.append((hand.in_hand[3], hand.blind_seats[-1] == 3))
        assert kills(hand) == []
        bet_and_call(hand)
    first = next(i for i, (in_hand, _big) in enumerate(seen) if in_hand)
    assert seen[first] == (True, True)                          # back in on the big blind
