"""The bots: always legal, seen only through their seat's view, and true to the strategies
they name (Guts thresholds, Q-6-4, the poker heuristic's draws)."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots.guts import should_stay, table_for
from pokerroom.bots.home_games import guts2_should_stay, guts_percentile
from pokerroom.bots.percentile import PercentileTable
from pokerroom.bots.poker import PokerBot, draw_discards
from pokerroom.bots.strength import chen_score, strength
from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.core import DEALER
from pokerroom.games import get_game
from pokerroom.hands.guts import evaluate_guts2
from pokerroom.hands.three_card import evaluate_guts3
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import seat_view
from pokerroom.terminal.seating import build_session


@pytest.mark.rule("guts-4.2a", "guts-4.2b", "guts-4.2c")
def test_percentile_table_equals_brute_force_two_card() -> None:
    table = PercentileTable(evaluate_guts2, size=2)
    rng = random.Random(4)
    for _ in range(40):
        hand = rng.sample(STANDARD_CARDS, 2)
        assert table.percentile(hand) == pytest.approx(guts_percentile(hand), abs=1e-12)


def test_percentile_table_equals_brute_force_three_card() -> None:
    table = table_for(evaluate_guts3, 3)
    rng = random.Random(9)
    for _ in range(2):
        hand = rng.sample(STANDARD_CARDS, 3)
        assert table.percentile(hand) == pytest.approx(
            guts_percentile(hand, evaluate_guts3), abs=1e-12)


def test_fast_guts_decision_is_the_measured_threshold() -> None:
    rng = random.Random(1)
    for _ in range(20):
        hand = rng.sample(STANDARD_CARDS, 2)
        players = rng.randint(2, 9)
        assert should_stay(hand, players=players, evaluate=evaluate_guts2, size=2) == \
            guts2_should_stay(hand, players=players)


def test_strength_orders_hands_sensibly() -> None:
    assert chen_score(parse_cards("As Ad")) == 20
    assert strength("high", parse_cards("As Ad")) > strength("high", parse_cards("Ks Qd"))
    assert strength("27", parse_cards("7c 5d 4h 3s 2c")) > \
        strength("27", parse_cards("Ac Kd 4h 3s 2c"))
    assert strength("a5", parse_cards("Jk 2d 3h 4s 5c")) >= \
        strength("a5", parse_cards("6c 2d 3h 4s 5c"))


@pytest.mark.rule("27-intro", "a5-intro")
def test_draws_keep_what_makes_the_hand() -> None:
    assert draw_discards("high", parse_cards("As Ks Qs Js 2d"), 5) == parse_cards("2d")
    assert draw_discards("high", parse_cards("9s Ts Jd Qc Kh"), 5) == ()    # a straight
    assert draw_discards("high", parse_cards("9s 9d 4h 4c Kh"), 5) == parse_cards("Kh")
    assert draw_discards("27", parse_cards("Ac 7d 5h 3s 2c"), 5) == parse_cards("Ac")
    assert draw_discards("a5", parse_cards("Jk Kd 5h 3s 2c"), 5) == parse_cards("Kd")


GAMES = ("holdem", "omaha-hilo", "stud-hilo", "razz", "lowball-a5", "lowball-27-triple",
         "jacks-or-better", "guts3", "herbie", "hearts-poker", "three-card-poker")


@pytest.mark.parametrize("game", GAMES)
def test_bots_only_ever_choose_legal_actions(game: str) -> None:
    session = build_session(get_game(game), seats=5, stakes=None, house_rules=(), seed=8,
                            name="x", bots_only=True)
    rng = random.Random(8)
    bots: dict[int, Bot] = {s: session.make_bot(s, rng) for s in range(5)}
    decisions = 0
    for _ in range(25):
        state = session.new_hand()
        while state.actors:
            if state.actors == (DEALER,):
                state.advance()
                continue
            seat = state.actors[0]
            view = seat_view(session, state, seat)
            action = bots[seat].act(view)
            assert any(option.allows(action) for option in view.options), (action, view)
            state.apply(action)
            decisions += 1
        session.settle(state)
        if session.is_finished and not session.capabilities.continues_after_game:
            break
    assert decisions > 0


def test_poker_bot_position_makes_it_looser() -> None:
    from pokerroom.tableview import SeatSnapshot, View

    seats = tuple(SeatSnapshot(s, f"P{s}", 100, cards=parse_cards("?? ??")) for s in range(6))
    snap = View(game="x", seats=seats, button=5, you=0)
    bot = PokerBot("high", random.Random(0))
    early = bot._position_bonus(snap, 0)     # first to act after the button
    late = bot._position_bonus(snap, 5)      # the button acts last
    assert early == 0 and late > early
