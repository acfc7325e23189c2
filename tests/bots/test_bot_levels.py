"""The poker bots' levels: every level plays whole hands of every poker game legally,
judges a hand by its equity against the players still in, and weighs the pot odds."""

from __future__ import annotations

import random
from typing import cast

import pytest

from pokerroom.analysis.odds_game import DRAW_HIGH, HOLDEM
from pokerroom.bots.levels import BOT_LEVELS, LeveledBot
from pokerroom.cards import parse_cards
from pokerroom.catalog import TableSpec
from pokerroom.core import Call, CallOption, Fold, FoldOption, Raise, RaiseOption
from pokerroom.errors import PokerroomError
from pokerroom.games import all_games, get_game
from pokerroom.session import Session
from pokerroom.tableview import SeatSnapshot, View
from pokerroom.terminal.driver import play_hand

POKER = [entry.name for entry in all_games() if entry.family == "poker"]


def test_every_poker_game_has_an_odds_game_for_its_bots() -> None:
    """The bots of a game the compiled odds kernels deal weigh equity; a game whose odds
    are the plain-Python ranked engine's (its own deck or rankings) plays without."""
    for name in POKER:
        entry = get_game(name)
        assert entry.odds is not None and entry.odds.name == name
        table = entry.new_table(TableSpec(players=("a", "b"), stacks=(50, 50),
                                          stakes=entry.default_stakes,
                                          house_rules=entry.parse_house_rules([])))
        bot = table.make_bot(0, random.Random(1), "normal")
        assert ("equity" in bot.style) == (entry.odds.ranked is None), name
        if entry.odds.ranked is None:
            assert isinstance(bot, LeveledBot)


@pytest.mark.parametrize("game", POKER)
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_each_level_plays_whole_hands_legally(game: str, level: str) -> None:
    entry = get_game(game)
    spec = TableSpec(players=("a", "b", "c"), stacks=(400,) * 3,
                     stakes=dict(entry.default_stakes), rng=random.Random(5))
    session = cast(Session, entry.factory(spec))
    bots = {seat: session.make_bot(seat, random.Random(seat), level) for seat in range(3)}
    for number in range(3):
        play_hand(session, hand_no=number + 1, bots=bots, narrate=False)
        # chips are conserved: a jacks pot nobody opened is carried in the middle
        assert sum(session.stacks) + session.chips_held == 1200


def heads_up(mine: str, to_call: int, pot: int, board: str = "Kh 9s 4d") -> View:
    """Ann on the button facing Bob's bet of ``to_call`` on the flop (or before it)."""
    return View(game="Texas hold'em", you=0, pots=(("pot", pot),),
                         street="flop" if board else "preflop",
                         board=parse_cards(board) if board else (), seats=(
        SeatSnapshot(0, "Ann", 1000, 0, parse_cards(mine)),
        SeatSnapshot(1, "Bob", 1000 - to_call, to_call, parse_cards("?? ??"))), button=0)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_the_pot_odds_decide_a_call(level: str) -> None:
    options = (FoldOption(), CallOption(100), RaiseOption(200, 1000))
    # a pot-sized bet: aces call (or raise), seven-deuce folds
    strong_hand = LeveledBot("holdem", level, random.Random(3), odds=HOLDEM).decide(
        heads_up("As Ad", 100, 100), options, 0)
    assert not isinstance(strong_hand, Fold)
    weak = LeveledBot("holdem", level, random.Random(3), odds=HOLDEM).decide(
        heads_up("7c 2d", 100, 100), options, 0)
    assert isinstance(weak, Fold)
    # a tiny bet into a big pot: the price is right even for a weak hand
    cheap = LeveledBot("holdem", level, random.Random(3), odds=HOLDEM).decide(
        heads_up("7c 2d", 5, 400), (FoldOption(), CallOption(5), RaiseOption(10, 1000)), 0)
    assert isinstance(cheap, Call)


def test_equity_falls_as_the_field_grows() -> None:
    bot = LeveledBot("holdem", "strong", random.Random(2), odds=HOLDEM)
    one = bot.equity(heads_up("Qs Qd", 0, 3, board=""), 0)
    field = View(game="Texas hold'em", you=0, pots=(("pot", 3),), seats=(
        SeatSnapshot(0, "Ann", 1000, 0, parse_cards("Qs Qd")),
        *(SeatSnapshot(s, f"P{s}", 1000, 0, parse_cards("?? ??")) for s in range(1, 6))))
    assert bot.equity(field, 0) < one - 0.3


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(PokerroomError, match="bot levels are easy, normal, strong"):
        LeveledBot("holdem", "genius", random.Random(1), odds=HOLDEM)


def test_play_takes_a_bot_level_and_refuses_an_unknown_one() -> None:
    import json

    from typer.testing import CliRunner

    from pokerroom.cli import app

    runner = CliRunner()
    ran = runner.invoke(app, ["play", "holdem", "--bots-only", "--bots", "normal",
                              "--hands", "20", "--seed", "4", "--no-history", "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output.strip().splitlines()[-1])
    assert all(player["bot"].startswith("normal:") for player in data["players"])
    bad = runner.invoke(app, ["play", "holdem", "--bots", "wizard"])
    assert bad.exit_code == 2 and "--bots is one of easy, normal, strong" in bad.output


def _draw_table(mine: str, street: str, rivals: int = 2) -> View:
    return View(game="Draw high", you=0, pots=(("pot", 6),), street=street, seats=(
        SeatSnapshot(0, "Ann", 300, 0, parse_cards(mine)),
        *(SeatSnapshot(s, f"P{s}", 300, 0, parse_cards("?? ?? ?? ?? ??"))
          for s in range(1, rivals + 1))), button=0)


@pytest.mark.rule("draw-1")
def test_a_hand_with_a_draw_to_come_is_worth_its_draw() -> None:
    """Four hearts and a deuce: before the draw the flush draw counts; after it the
    same five cards are only ace high, against rivals who have drawn too."""
    bot = LeveledBot("draw-high", "normal", random.Random(4), odds=DRAW_HIGH)
    before = bot.equity(_draw_table("Ah Kh 9h 6h 2c", "first round"), 0)
    after = bot.equity(_draw_table("Ah Kh 9h 6h 2c", "after the draw"), 0)
    assert before > after + 0.1
    # a made hand is judged as kept either way
    assert bot.equity(_draw_table("As Ad Ac 7d 2c", "after the draw"), 0) > 0.6


@pytest.mark.rule("supp-raise-cap")
def test_a_raising_war_is_believed() -> None:
    """Fixed limit, a bet and three raises in front: two pair calls rather than raising
    again, though it raises a lone bet."""
    def facing(top: int) -> View:
        return View(game="Texas hold'em", you=0, pots=(("pot", 30),),
                             board=parse_cards("Ks 8d 3c"), street="flop", seats=(
            SeatSnapshot(0, "Ann", 500, 0, parse_cards("Kd 8s")),
            SeatSnapshot(1, "Bob", 500 - top, top, parse_cards("?? ??"))), button=0)
    bot = LeveledBot("holdem", "normal", random.Random(6), odds=HOLDEM)
    lone = bot.decide(facing(2), (FoldOption(), CallOption(2), RaiseOption(4, 4, (4,))), 0)
    war = bot.decide(facing(8), (FoldOption(), CallOption(8), RaiseOption(10, 10, (10,))), 0)
    assert isinstance(lone, Raise) and isinstance(war, Call)
