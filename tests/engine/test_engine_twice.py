"""Run it twice in the engine (issue 37, section 2): the rest of the board dealt twice
once everyone in the pot agreed, each pot split in halves, each half awarded by its own
board, the odd chip by the game's odd-chip rule, side pots each run twice, chips
conserved; refused in stud, in draw games and before the betting is over."""

from __future__ import annotations

import copy
import pickle
import random
from collections import defaultdict

import pytest

from pokerroom.cards import parse_cards
from pokerroom.core import DEALER, Bet, Call, Fold, Raise, Seat
from pokerroom.engine import GameConfig
from pokerroom.engine.pots import build_pots
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import (
    SECOND_BOARD,
    RunItTwice,
    SecondBoardShown,
    board_of,
    run_twice,
    twice_refusal,
)
from pokerroom.errors import IllegalActionError

NL = GameConfig.of("holdem", "no limit", blinds=(1, 2))
OMAHA8 = GameConfig.of("omaha-hilo", "pot limit", blinds=(1, 2))


def deal_until_a_decision(hand: PokerHand) -> None:
    while hand.actors == (DEALER,) and twice_refusal(hand) is not None \
            and not hand.is_over:
        hand.advance()


def to_the_end(hand: PokerHand) -> None:
    while not hand.is_over:
        hand.advance()


def shares(hand: PokerHand) -> dict[tuple[int, str], int]:
    """The chips of each (seat, share) the hand awarded."""
    assert hand.result is not None
    won: dict[tuple[int, str], int] = defaultdict(int)
    for award in hand.result.awards:
        won[(award.seat, award.share)] += award.amount
    return dict(won)


def odd_pot_hand(first_winner_aces: bool) -> PokerHand:
    """Three seats (button 2): the small blind folds, seats 1 (aces) and 2 (kings) are
    all in preflop: a pot of 201, run twice. The first board makes the kings trips;
    the second makes nothing, so the aces win it (or the other way round)."""
    board_kings = "2c Kc 7d 2s 3c 3h 4d 9c"            # burn, flop, burn, turn, burn, river
    board_aces = "5c 4c 8d Ts 5d Jh 6h 5s"
    boards = (board_aces, board_kings) if first_winner_aces else (board_kings, board_aces)
    deck = parse_cards(f"6c 6d As Ad Ks Kd {boards[0]} {boards[1]}")
    hand = NL.new_hand([100, 100, 100], deck=deck)
    while hand.actors == (DEALER,):
        hand.advance()
    hand.apply(Raise(2, 100))
    hand.apply(Fold(0))
    hand.apply(Call(1))
    assert twice_refusal(hand) is None
    run_twice(hand)
    to_the_end(hand)
    return hand


@pytest.mark.rule("supp-odd-chip")
def test_the_odd_chip_of_the_halves_goes_to_the_board_of_the_first_winner_from_the_button(
) -> None:
    # seat 1 is first clockwise from the button (seat 2) among the winners: its board's
    # half takes the odd chip, whichever board it is
    kings_first = odd_pot_hand(first_winner_aces=False)
    assert shares(kings_first) == {(2, "first board"): 100, (1, "second board"): 101}
    aces_first = odd_pot_hand(first_winner_aces=True)
    assert shares(aces_first) == {(1, "first board"): 101, (2, "second board"): 100}
    for hand in (kings_first, aces_first):
        assert sum(hand.final_stacks) == 300
        assert hand.pot == 201 and hand.result is not None and hand.result.carried == 0


def test_the_second_board_shares_the_cards_dealt_before_the_agreement() -> None:
    deck = parse_cards("As Ks 2d 2c 3d 7h 8h 9c 3c Jh 4d 5s 6c Ah Qs Td 3h 4h 5h 6h")
    hand = NL.new_hand([50, 50], deck=deck)
    while hand.actors == (DEALER,):
        hand.advance()
    hand.apply(Call(hand.actors[0]))
    hand.apply(Raise(hand.actors[0], 4))
    hand.apply(Call(hand.actors[0]))
    while len(hand.board) < 3:
        hand.advance()
    hand.apply(Bet(hand.actors[0], 46))      # the flop's first bet, all in
    assert twice_refusal(hand) == ("run it twice is agreed when the betting is over and "
                                   "board cards are still to come")
    hand.apply(Call(hand.actors[0]))
    event = run_twice(hand)
    assert isinstance(event, RunItTwice) and event.common == tuple(hand.board)
    to_the_end(hand)
    first, second = board_of(hand, 1), board_of(hand, 2)
    assert first[:3] == second[:3] == tuple(hand.board[:3])
    assert len(second) == 5 and not set(first[3:]) & set(second[3:])
    assert hand.second_board == list(second[3:])
    seconds = [e for e in hand.events if getattr(e, "to", None) == SECOND_BOARD]
    assert [c for e in seconds for c in e.cards] == list(second[3:])  # type: ignore[attr-defined]
    shown = [e for e in hand.events if isinstance(e, SecondBoardShown)]
    assert len(shown) == 1 and shown[0].board == second
    assert sum(hand.final_stacks) == 100


@pytest.mark.rule("omaha8-2")
def test_omaha_hi_lo_each_board_splits_its_half_high_and_low() -> None:
    holes = "As 2s Kh Kd Qc Qd 7h 8h"
    first = "2h 3c 4d 6s 2d Kc 4h Jc"       # seat 0 scoops: trip kings and A-2-3-4-6
    second = "5h Qh 5c 3d 5d 7c 6h 9d"      # seat 1's trip queens high, seat 0's 7 low
    hand = OMAHA8.new_hand([100, 100], deck=parse_cards(f"{holes} {first} {second}"))
    while hand.actors == (DEALER,):
        hand.advance()
    hand.apply(Raise(hand.actors[0], 6))
    hand.apply(Raise(hand.actors[0], 18))
    hand.apply(Raise(hand.actors[0], 54))
    hand.apply(Raise(hand.actors[0], 100))
    hand.apply(Call(hand.actors[0]))
    run_twice(hand)
    to_the_end(hand)
    assert shares(hand) == {(0, "first board high"): 50, (0, "first board low"): 50,
                            (1, "second board high"): 50, (0, "second board low"): 50}
    assert hand.final_stacks == (150, 50)


def all_in_hand(rng: random.Random, config: GameConfig, players: int) -> PokerHand | None:
    """A hand whose players all go all in before the flop (random stacks: side pots),
    with some folding first; ``None`` when fewer than two stay in."""
    stacks = [rng.randrange(5, 400) for _ in range(players)]
    hand = config.new_hand(stacks, rng=random.Random(rng.random()))
    while not hand.is_over and (hand.actors != (DEALER,) or twice_refusal(hand) is not None):
        if hand.actors == (DEALER,):
            hand.advance()
            continue
        seat = hand.actors[0]
        kinds = {type(o).__name__: o for o in hand.legal_actions(seat)}
        if "FoldOption" in kinds and rng.random() < 0.2:
            hand.apply(Fold(seat))
        elif "RaiseOption" in kinds:
            hand.apply(Raise(seat, kinds["RaiseOption"].max_to))  # type: ignore[attr-defined]
        elif "CallOption" in kinds:
            hand.apply(Call(seat))
        else:
            return None
    return None if hand.is_over else hand


@pytest.mark.rule("supp-odd-chip")
@pytest.mark.parametrize("config", [NL, GameConfig.of("omaha", "no limit", blinds=(1, 2)),
                                    GameConfig.of("omaha-hilo", "no limit", blinds=(1, 2))],
                         ids=["holdem", "omaha", "omaha-hilo"])
def test_every_pot_main_and_side_is_split_in_halves_and_chips_are_conserved(
        config: GameConfig) -> None:
    rng = random.Random(37)
    checked = side_pots = odd = 0
    while checked < 120:
        hand = all_in_hand(rng, config, rng.randrange(2, 7))
        if hand is None:
            continue
        total = sum(hand.start_stacks)
        live = [not f for f in hand.folded]
        pots = build_pots(list(hand.contrib), live, hand.dead_money)
        run_twice(hand)
        to_the_end(hand)
        assert hand.result is not None
        assert sum(hand.final_stacks) == total and hand.result.carried == 0
        second = next(e for e in hand.events if isinstance(e, SecondBoardShown))
        keys = [{s.seat: s for s in hand.result.shown}, {s.seat: s for s in second.shown}]
        for index, pot in enumerate(pots):
            awards = [a for a in hand.result.awards if a.pot == index]
            assert sum(a.amount for a in awards) == pot.amount
            if len(pot.eligible) == 1:
                assert {a.share for a in awards} == {"all"}
                continue
            halves = [sum(a.amount for a in awards if a.share.startswith(board))
                      for board in ("first board", "second board")]
            assert sum(halves) == pot.amount and abs(halves[0] - halves[1]) <= 1
            odd += halves[0] != halves[1]
            for run, board in enumerate(("first board", "second board")):
                high = [a.seat for a in awards if a.share in (board, f"{board} high")]
                best = max(keys[run][s].high_key or 0 for s in pot.eligible)
                assert high and all(keys[run][s].high_key == best for s in high)
        side_pots += len(pots) > 1
        checked += 1
    assert side_pots > 20 and odd > 5       # the cases the test is about did come up


def test_stud_and_draw_games_are_refused_in_words() -> None:
    stud = GameConfig.of("stud-hilo", "fixed limit", ante=1, bring_in=2, small_bet=4,
                         big_bet=8).new_hand([10, 10], rng=random.Random(1))
    deal_until_a_decision(stud)
    why = twice_refusal(stud)
    assert why is not None and why.startswith("run it twice is not dealt in Seven-card "
                                              "stud high-low")
    assert "there is no board to run again" in why
    draw = GameConfig.of("lowball-27", "no limit", blinds=(1, 2)).new_hand(
        [10, 10], rng=random.Random(1))
    why = twice_refusal(draw)
    assert why is not None and "has no board to run again" in why


def test_a_refused_agreement_changes_nothing() -> None:
    hand = NL.new_hand([100, 100, 100], rng=random.Random(4))
    while hand.actors == (DEALER,):
        hand.advance()
    before = (len(hand.events), hand.runs, list(hand.deck))
    with pytest.raises(IllegalActionError, match="betting is over"):
        run_twice(hand)
    assert (len(hand.events), hand.runs, list(hand.deck)) == before
    hand.apply(Raise(hand.actors[0], 100))
    hand.apply(Call(hand.actors[0]))
    hand.apply(Call(hand.actors[0]))
    run_twice(hand)
    with pytest.raises(IllegalActionError, match="already run twice"):
        run_twice(hand)


def test_a_hand_run_twice_copies_and_pickles_with_its_second_board() -> None:
    hand = NL.new_hand([30, 30], rng=random.Random(9))
    while hand.actors == (DEALER,):
        hand.advance()
    hand.apply(Raise(hand.actors[0], 30))
    hand.apply(Call(hand.actors[0]))
    run_twice(hand)
    for _ in range(8):
        hand.advance()
    for twin in (copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        assert (twin.runs, twin.run_from, twin.second_board) == \
            (hand.runs, hand.run_from, hand.second_board)
        to_the_end(twin)
        assert sum(twin.final_stacks) == 60
    assert Seat.SECOND_BOARD == SECOND_BOARD == -8


def test_a_hand_run_twice_replays_from_its_log() -> None:
    from pokerroom.engine.replay import replay

    hand = odd_pot_hand(first_winner_aces=True)
    again = replay(NL, hand.events)
    assert (again.runs, again.board, again.second_board) == \
        (2, hand.board, hand.second_board)
    assert again.final_stacks == hand.final_stacks and again.events == hand.events
