"""The levels above ``easy`` do what their docstrings say: they read a raise by how often
its maker raises, learn how often a player folds to their bets and bluff by it, and know
their place in the acting order (stud's by the cards showing)."""

from __future__ import annotations

import random

import pytest

from pokerroom.analysis.odds_game import HOLDEM
from pokerroom.analysis.ranges import hand_class
from pokerroom.bots.levels import LeveledBot
from pokerroom.bots.opponents import OpponentModel
from pokerroom.bots.position import acting_position
from pokerroom.bots.reading import top_hands
from pokerroom.cards import UNKNOWN, parse_cards
from pokerroom.core import (
    Bet,
    BetOption,
    Call,
    CallOption,
    CheckOption,
    Fold,
    FoldOption,
    Raise,
    RaiseOption,
)
from pokerroom.tableview import SeatSnapshot, View

HIDDEN = (UNKNOWN, UNKNOWN)


def preflop(hand: int, mine: str, bob_bet: int, ann_bet: int = 2) -> View:
    """Heads-up before the flop: Ann on the button has called the big blind (or posts
    the small one) and Bob, in the big blind, has a bet of ``bob_bet`` in front."""
    return View(game="Texas hold'em", you=0, hand_no=hand, street="preflop",
                         button=0, pots=(("pot", 0),), seats=(
        SeatSnapshot(0, "Ann", 200 - ann_bet, ann_bet, parse_cards(mine)),
        SeatSnapshot(1, "Bob", 200 - bob_bet, bob_bet, HIDDEN)))


def bot_that_has_seen(bob_raises: bool, hands: int = 40) -> LeveledBot:
    """A strong bot after ``hands`` hands in which Bob raised every time or never."""
    bot = LeveledBot("holdem", "strong", random.Random(11), odds=HOLDEM)
    for number in range(1, hands + 1):
        bot.model.observe(preflop(number, "2c 3d", 8 if bob_raises else 2, ann_bet=1), 0)
    return bot


def facing_raise(bot: LeveledBot, mine: str) -> object:
    """Ann limped; Bob raises to eight, a pot-size raise."""
    snap = preflop(100, mine, 8)
    return bot.decide(snap, (FoldOption(), CallOption(6), RaiseOption(14, 198)), 0)


def test_strong_folds_a_fair_hand_to_a_tight_players_raise_and_calls_a_loose_one() -> None:
    """King-jack is behind the few hands a player who never raises raises with, and
    ahead of the many a player who always raises holds."""
    assert isinstance(facing_raise(bot_that_has_seen(bob_raises=False), "Kd Js"), Fold)
    assert isinstance(facing_raise(bot_that_has_seen(bob_raises=True), "Kd Js"),
                      (Call, Raise))


def test_strong_plays_on_with_aces_against_a_tight_players_raise() -> None:
    assert isinstance(facing_raise(bot_that_has_seen(bob_raises=False), "As Ad"),
                      (Call, Raise))


def test_a_rare_raise_narrows_the_range_more() -> None:
    tight, loose = bot_that_has_seen(False).model, bot_that_has_seen(True).model
    for model in (tight, loose):
        model.observe(preflop(100, "Kd Js", 8), 0)
    assert tight.raise_rate(1) < 0.1 < 0.8 < loose.raise_rate(1)
    assert tight.range_share(1) < 0.1 < 0.7 < loose.range_share(1)
    # the narrow range is the premium pairs and big aces
    hands = {hand_class(c) for c in top_hands(tight.range_share(1), (), ())}
    assert {"AA", "KK", "QQ", "AKs"} <= hands and "72o" not in hands


def flop(hand: int, bob_folded: bool = False, street: str = "flop") -> View:
    """Ann first to act on a dry flop, nothing to call; Bob still in (or folded)."""
    return View(game="Texas hold'em", you=0, hand_no=hand, street=street,
                         button=1, board=parse_cards("Kh 8s 3d"), pots=(("pot", 20),),
                         seats=(SeatSnapshot(0, "Ann", 190, 0, parse_cards("7c 2d")),
                                SeatSnapshot(1, "Bob", 190, 0, HIDDEN,
                                             status="folded" if bob_folded else "")))


def teach_folds(model: OpponentModel, folds: bool, hands: int = 30) -> None:
    """The bot bets the flop each hand; Bob folds (the next hand comes) or calls (the
    turn comes with Bob still in)."""
    for number in range(1, hands + 1):
        model.observe(flop(number), 0)
        model.bet_made(flop(number), 0)
        if not folds:
            model.observe(flop(number, street="turn"), 0)


def test_the_fold_rate_is_measured_from_the_bots_own_bets() -> None:
    folder, station = OpponentModel(), OpponentModel()
    teach_folds(folder, folds=True)
    teach_folds(station, folds=False)
    folder.observe(flop(99), 0)
    station.observe(flop(99), 0)
    assert folder.fold_rate(1) > 0.8 and station.fold_rate(1) < 0.15


def bluffs(folds: bool, tries: int = 20) -> int:
    """How often strong bets seven-deuce on the flop against Bob."""
    count = 0
    for seed in range(tries):
        bot = LeveledBot("holdem", "strong", random.Random(seed), odds=HOLDEM)
        teach_folds(bot.model, folds)
        action = bot.decide(flop(99), (CheckOption(), BetOption(2, 190)), 0)
        count += isinstance(action, Bet)
    return count


def test_strong_bluffs_a_player_who_folds_and_not_one_who_calls() -> None:
    assert bluffs(folds=True) >= 18
    assert bluffs(folds=False) == 0


def test_a_river_bet_never_heard_of_again_is_not_counted_as_a_fold() -> None:
    model = OpponentModel()
    for number in range(1, 21):
        model.observe(flop(number, street="river"), 0)
        model.bet_made(flop(number, street="river"), 0)
    model.observe(flop(50), 0)
    assert model.seats.get(1) is None or model.seats[1].bets_faced == 0


def stud_seat(n: int, cards: str, folded: bool = False) -> SeatSnapshot:
    shown = parse_cards(cards)
    return SeatSnapshot(n, f"P{n}", 100, 0, (UNKNOWN, UNKNOWN, *shown),
                        up=(False, False, *(True,) * len(shown)),
                        status="folded" if folded else "")


@pytest.mark.rule("stud-1")
def test_stud_position_follows_the_cards_showing() -> None:
    third = View(game="stud", street="third street", seats=(
        stud_seat(0, "9c"), stud_seat(1, "2d"), stud_seat(2, "Ks"), stud_seat(3, "2c")))
    # the deuce of clubs brings it in and acts first; the seat on its right acts last
    assert [acting_position("stud", third, s) for s in range(4)] == [1 / 3, 2 / 3, 1.0, 0.0]
    fourth = View(game="stud", street="fourth street", seats=(
        stud_seat(0, "9c 9d"), stud_seat(1, "2d Ah"), stud_seat(2, "Ks Qs", folded=True),
        stud_seat(3, "2c 7h")))
    assert [acting_position("stud", fourth, s) for s in (0, 1, 3)] == [0.0, 0.5, 1.0]


@pytest.mark.rule("razz-3")
def test_razz_position_follows_the_lowest_board() -> None:
    fourth = View(game="razz", street="fourth street", seats=(
        stud_seat(0, "9c 9d"), stud_seat(1, "Ad 4h"), stud_seat(2, "Ks 2s")))
    assert [acting_position("razz", fourth, s) for s in range(3)] == [1.0, 0.0, 0.5]


@pytest.mark.rule("holdem-intro-blinds")
def test_holdem_position_puts_the_big_blind_last_before_the_flop_only() -> None:
    def table(street: str) -> View:
        return View(game="Texas hold'em", street=street, button=0, seats=tuple(
            SeatSnapshot(n, f"P{n}", 100, 0, HIDDEN) for n in range(4)))
    # button 0, blinds 1 and 2: seat 3 opens before the flop, seat 1 after it
    assert [acting_position("holdem", table("preflop"), s) for s in range(4)] == [
        1 / 3, 2 / 3, 1.0, 0.0]
    assert [acting_position("holdem", table("flop"), s) for s in range(4)] == [
        1.0, 0.0, 1 / 3, 2 / 3]


def test_normal_reads_every_raise_by_the_priors() -> None:
    """``normal`` keeps the counts but reads every opponent as an unknown player."""
    shares = []
    for raises in (False, True):
        bot = LeveledBot("holdem", "normal", random.Random(11), odds=HOLDEM)
        for number in range(1, 41):
            bot.model.observe(preflop(number, "2c 3d", 8 if raises else 2, ann_bet=1), 0)
        bot.model.observe(preflop(100, "Kd Js", 8), 0)
        shares.append(bot.model.range_share(1))
    assert shares[0] == shares[1] == pytest.approx(1.3 * 0.2 * 0.7)
