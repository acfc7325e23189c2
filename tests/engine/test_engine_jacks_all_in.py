"""Jacks or better: a player all in for the ante may declare the pot open (``jacks-5``),
in the hands the engine deals and at a table of many hands."""

from __future__ import annotations

import random

import pytest
from engine_helpers import Script

from pokerroom.bots.random_play import random_action
from pokerroom.cards import parse_cards
from pokerroom.core import Bet, Call, Check, Declare, DeclareOption, Draw, Fold
from pokerroom.engine import (
    FalseDeclaration,
    GameConfig,
    HandEnded,
    OpenerDeclared,
    PlayerActed,
    PokerHand,
)
from pokerroom.engine.ledger import CASHIER
from pokerroom.engine.table import Table
from pokerroom.errors import IllegalActionError, OutOfTurnError
from pokerroom.history.phh import dumps, hand_to_phh, loads, phh_replay
from pokerroom.history.redaction import phh_as_seen

JACKS = GameConfig.of("jacks", ante=1)
# seat 0: openers (a pair of jacks); seat 1: king high; seat 2: queen high
HOLE = {0: "Jc Jd 8h 5s 2c", 1: "3c 4d 6h 9s Kd", 2: "2d 3h 7c 9h Qs"}
# the same, seat 0 without openers (a pair of tens)
NO_OPENERS = {**HOLE, 0: "Tc Td 8h 5s 2c"}


def dealt(hole: dict[int, str], stacks: list[int], button: int = 2) -> PokerHand:
    """A hand of ``JACKS`` dealt with ``hole`` until the first seat must act."""
    hand = JACKS.new_hand(stacks, button=button, deck=JACKS.deck_cards())
    Script(hole).run(hand)
    return hand


def stand_pat_and_check(hand: PokerHand) -> HandEnded:
    """Everyone stands pat and checks to the showdown."""
    while not hand.is_over:
        (seat,) = hand.actors
        if seat < 0:
            hand.advance()
        elif hand.phase == "draw":
            hand.apply(Draw(seat, ()))
        else:
            hand.apply(Check(seat))
    assert isinstance(hand.result, HandEnded)
    return hand.result


@pytest.mark.rule("jacks-5", "jacks-3")
def test_all_in_for_the_ante_the_seat_is_offered_the_declaration_and_opens_with_openers(
        ) -> None:
    hand = dealt(HOLE, [1, 100, 100])
    assert hand.stacks[0] == 0 and hand.actors == (0,)      # its turn comes first
    assert hand.legal_actions() == (DeclareOption(),)
    hand.apply(Declare(0, stay=True))
    assert hand.opener_seat == 0 and OpenerDeclared(0) in hand.events
    assert hand.actors == (1,)
    hand.apply(Bet(1, 2))                       # the others bet on, in a side pot
    hand.apply(Call(2))
    ended = stand_pat_and_check(hand)
    awards = {(a.seat, a.pot): a.amount for a in ended.awards}
    assert awards == {(0, 0): 3, (1, 1): 4}     # the jacks take the main pot
    assert hand.final_stacks == (3, 101, 97) and hand.false_declarers == []


@pytest.mark.rule("jacks-5")
def test_the_all_in_seats_turn_after_the_last_check_closes_the_round_on_a_declaration(
        ) -> None:
    # the button on seat 0: seats 1 and 2 check, then the turn reaches seat 0, all in
    for stay in (True, False):
        hand = dealt(HOLE, [1, 100, 100], button=0)
        hand.apply(Check(1))
        hand.apply(Check(2))
        assert hand.actors == (0,) and hand.legal_actions() == (DeclareOption(),)
        hand.apply(Declare(0, stay=stay))
        if stay:
            assert hand.phase == "draw" and hand.opener_seat == 0
            assert stand_pat_and_check(hand).awards[0].seat == 0
        else:
            ended = stand_pat_and_check(hand)
            assert ended.carried == 3 and not ended.awards      # unopened: carried


@pytest.mark.rule("jacks-5", "jacks-1")
def test_a_false_declaration_kills_the_hand_the_ante_stays_and_the_pot_is_still_unopened(
        ) -> None:
    hand = dealt(NO_OPENERS, [1, 100, 100])
    event = hand.apply(Declare(0, stay=True))
    shown = FalseDeclaration(0, parse_cards(NO_OPENERS[0]))    # shown: the proof
    assert isinstance(event, PlayerActed) and shown in hand.events
    assert hand.folded[0] and hand.hole[0] == [] and hand.false_declarers == [0]
    assert hand.opener_seat < 0 and hand.pot == 3        # the ante stays in the pot
    assert hand.actors == (1,)
    hand.apply(Check(1))
    hand.apply(Check(2))
    ended = stand_pat_and_check(hand)
    assert ended.carried == 3 and hand.final_stacks == (0, 99, 99)


@pytest.mark.rule("jacks-5")
def test_heads_up_a_false_declaration_leaves_the_pot_unopened_not_won() -> None:
    hand = dealt({0: NO_OPENERS[0], 1: HOLE[1]}, [1, 100], button=1)
    assert hand.actors == (0,)          # seat 1 has nobody to bet against but seat 0
    hand.apply(Declare(0, stay=True))
    ended = stand_pat_and_check(hand)
    assert ended.carried == 2 and not ended.awards and hand.final_stacks == (0, 99)


@pytest.mark.rule("jacks-5", "jacks-3")
def test_after_a_false_declaration_another_player_may_still_open_and_win() -> None:
    hole = {**NO_OPENERS, 2: "Qs Qd 7c 9h 3h"}
    hand = dealt(hole, [1, 100, 100])
    hand.apply(Declare(0, stay=True))
    hand.apply(Check(1))
    hand.apply(Bet(2, 2))
    hand.apply(Fold(1))
    hand.advance()
    ended = hand.result
    assert isinstance(ended, HandEnded) and [(a.seat, a.amount) for a in ended.awards] == [
        (2, 3)]                                 # the antes, the false declarer's too
    assert hand.false_declarers == [0]


@pytest.mark.rule("jacks-5")
def test_a_declaration_out_of_place_is_refused_and_changes_nothing() -> None:
    hand = dealt(HOLE, [1, 100, 100])
    with pytest.raises(OutOfTurnError):
        hand.apply(Declare(1, stay=True))
    hand.apply(Declare(0, stay=False))
    before = list(hand.events)
    with pytest.raises(IllegalActionError, match="all in for the ante"):
        hand.apply(Declare(1, stay=True))       # seat 1 has chips: it opens by betting
    assert list(hand.events) == before and hand.actors == (1,)
    holdem = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand([100, 100])
    while holdem.actors == (-1,):
        holdem.advance()
    with pytest.raises(IllegalActionError, match="not an action of"):
        holdem.apply(Declare(holdem.actors[0], stay=True))


@pytest.mark.rule("jacks-5")
@pytest.mark.parametrize("hole", [HOLE, NO_OPENERS], ids=["openers", "false"])
def test_a_declaration_is_written_to_phh_and_replays_as_the_same_hand(
        hole: dict[int, str]) -> None:
    hand = dealt(hole, [1, 100, 100])
    hand.apply(Declare(0, stay=True))
    stand_pat_and_check(hand)
    actions = hand_to_phh(hand)["actions"]
    line = next(a for a in actions if a.startswith("p1 in"))
    assert ("without openers" in line) is (hole is NO_OPENERS)
    text = dumps(hand)
    again = loads(text)
    assert dumps(again) == text and again.events == hand.events
    assert again.final_stacks == hand.final_stacks and again.hole == hand.hole


@pytest.mark.rule("jacks-5")
def test_a_false_declarers_hand_is_shown_to_every_reader_and_their_histories_replay(
        ) -> None:
    hand = dealt(NO_OPENERS, [1, 100, 100])
    hand.apply(Declare(0, stay=True))
    stand_pat_and_check(hand)
    every = hand_to_phh(hand)
    for reader in (None, 1, 2):
        mine = phh_as_seen(every, hand, reader)
        assert mine["actions"][0] == "d dh p1 TcTd8h5s2c"       # shown when ruled false
        again, _ = phh_replay(mine)
        assert again.false_declarers == [0] and again.final_stacks == hand.final_stacks
        assert again.result is not None and again.result.carried == 3


@pytest.mark.rule("jacks-5")
def test_a_declining_all_in_seat_is_written_out_and_replays() -> None:
    hand = dealt(HOLE, [1, 100, 100])
    hand.apply(Declare(0, stay=False))
    stand_pat_and_check(hand)
    text = dumps(hand)
    assert "p1 out # does not declare the pot open" in hand_to_phh(hand)["actions"]
    assert dumps(loads(text)) == text and loads(text).result == hand.result


def table_hand(table: Table, hole: dict[int, str]) -> PokerHand:
    """The table's next hand, dealt with ``hole``."""
    hand = table.next_hand(deck=JACKS.deck_cards())
    Script(hole).run(hand)
    return hand


@pytest.mark.rule("jacks-5")
def test_at_a_table_a_false_declarer_is_barred_even_after_a_rebuy_until_a_pot_is_won(
        ) -> None:
    table = Table(JACKS, seats=4)
    for seat, stack in enumerate((100, 1, 100, 100)):
        table.join(seat, f"p{seat}", stack)
    # the button moves to seat 0: seat 1 is first, all in for the ante, without openers
    hand = table_hand(table, {1: "Tc Td 8h 5s 2c", 2: HOLE[1], 3: HOLE[2], 0: "4c 5d 6s 8c Ks"})
    assert hand.actors == (1,)
    hand.apply(Declare(1, stay=True))
    stand_pat_and_check(hand)
    table.finish(hand)
    assert table.barred == (1,) and table.carried == 4
    table.rebuy(1, 50)
    # nobody opens the next deal either (the button passes seat 1 by): seat 1 sits it out
    hand = table_hand(table, {3: "4c 5d 6s 8c Ks", 0: "3s 4s 6d 7h 9d", 2: "2h 5c 7d Th Jh"})
    assert not hand.in_hand[1] and hand.actors == (3,)
    assert stand_pat_and_check(hand).carried == 7
    table.finish(hand)
    assert table.barred == (1,)
    # a deal where the pot is opened and won lifts the bar
    hand = table_hand(table, {0: "3s 4s 6d 7h 9d", 2: "2h 5c 7d Th Jh", 3: "Ac Ad 9c 8d 2s"})
    assert not hand.in_hand[1] and hand.actors == (0,)
    hand.apply(Check(0))
    hand.apply(Check(2))
    hand.apply(Bet(3, 2))
    hand.apply(Fold(0))
    hand.apply(Fold(2))
    hand.advance()
    table.finish(hand)
    assert table.barred == () and table.carried == 0
    assert sum(table.stacks) == 351 and table.stacks[1] == 50
    assert table.next_hand().in_hand[1]


@pytest.mark.rule("jacks-5", "jacks-1")
@pytest.mark.parametrize("seed", range(6))
def test_random_short_stacked_tables_declare_keep_the_bar_and_replay(seed: int) -> None:
    """Players all in for the ante declare at random: chips are conserved, a barred seat
    is never dealt in, and every hand replays from its PHH text."""
    rng = random.Random(seed)
    table = Table(JACKS, seats=4, rng=random.Random(seed))
    for seat in range(4):
        table.join(seat, f"p{seat}", rng.choice((1, 1, 2, 30)))
    declared = {True: 0, False: 0}
    for _ in range(40):
        for seat in range(4):                  # a player who went broke buys in again
            if table.stacks[seat] == 0:
                table.rebuy(seat, rng.choice((1, 2, 30)))
        barred = table.barred
        try:
            hand = table.next_hand()
        except IllegalActionError:             # fewer than two players may be dealt in
            break
        assert not any(hand.in_hand[s] for s in barred)
        while not hand.is_over:
            (seat,) = hand.actors
            if seat < 0:
                hand.advance()
                continue
            action = random_action(hand, seat, rng)
            if isinstance(action, Declare) and action.stay:
                declared[hand.has_openers(seat)] += 1
            hand.apply(action)
        text = dumps(hand)
        again = loads(text)
        assert again.events == hand.events and dumps(again) == text
        if hand.opener_seat < 0 or OpenerDeclared(hand.opener_seat) in hand.events:
            # an onlooker's history, where no hidden opener's bet needs its openers
            seen, _ = phh_replay(phh_as_seen(hand_to_phh(hand), hand, None))
            assert seen.final_stacks == hand.final_stacks
            assert seen.false_declarers == hand.false_declarers
        table.finish(hand)
        assert sum(table.stacks) + table.carried == table.ledger.holding(CASHIER) * -1
        won = hand.opener_seat >= 0 and hand.result is not None and not hand.result.carried
        assert all((s in table.barred) is not won for s in hand.false_declarers)
    assert declared[True] + declared[False] > 0
