"""Three Card Poker strategies and bots."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerroom.cards import STANDARD_CARDS, parse_cards
from pokerroom.casino.actions import PlaceWagers, PlayBet
from pokerroom.casino.bots import ThreeCardPokerBot, run_round
from pokerroom.casino.rules import ThreeCardPokerConfig
from pokerroom.casino.strategy import (
    ALWAYS,
    Q64,
    QUEEN_HIGH,
    STRATEGIES,
    ThresholdStrategy,
    strategy_named,
)
from pokerroom.casino.table import ThreeCardPokerRound
from pokerroom.core import Fold
from pokerroom.deck import Deck
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.tableview import SeatView


@pytest.mark.rule("tcp-comparison")
def test_q64_plays_q64_or_better_comparing_card_by_card() -> None:
    plays = ["Qs 6d 4c", "Qs 6d 5c", "Qs 7d 2c", "Ks 3d 2c", "2s 2d 3c", "2s 5s 7s"]
    folds = ["Qs 6d 3c", "Qs 5d 4c", "Js Td 8c", "7s 5d 3c"]
    assert all(Q64.plays(parse_cards(h)) for h in plays)
    assert not any(Q64.plays(parse_cards(h)) for h in folds)


@pytest.mark.rule("tcp-dealer-qualifies")
def test_queen_high_and_always() -> None:
    assert QUEEN_HIGH.plays(parse_cards("Qs 3d 2c"))
    assert not QUEEN_HIGH.plays(parse_cards("Js Td 8c"))
    assert all(ALWAYS.plays(h) for h in list(combinations(STANDARD_CARDS, 3))[::211])
    assert set(STRATEGIES) == {"q64", "queen", "always"}


def test_threshold_from_text() -> None:
    assert ThresholdStrategy.from_text("Q-6-4").threshold_key == Q64.threshold_key
    assert ThresholdStrategy.from_text("q64").threshold_key == Q64.threshold_key
    assert strategy_named("Q64").threshold_key == Q64.threshold_key
    assert strategy_named("QUEEN") is QUEEN_HIGH
    pair = ThresholdStrategy.from_text("9s 9d 2c")
    assert pair.plays(parse_cards("9h 9c 3d")) and not pair.plays(parse_cards("As Kd Jc"))
    for bad in ("Q6", "xyz", "Qs 6d", ""):
        with pytest.raises(ConfigError):
            ThresholdStrategy.from_text(bad)
    with pytest.raises(ConfigError):
        ThresholdStrategy(-1, "bad")


def test_bot_answers_from_its_view_only() -> None:
    bot = ThreeCardPokerBot(ante=5, pair_plus=2, strategy=Q64)
    state = ThreeCardPokerRound(ThreeCardPokerConfig(), {0: 100, 1: 100},
                                deck=Deck.stacked("Qs 6d 4c  Qh 6c 3d  Ah Kd 2c"))
    assert bot.act(SeatView.of(state, 0)) == PlaceWagers(0, 5, 2, 0)
    state.apply(bot.act(SeatView.of(state, 0)))
    state.apply(bot.act(SeatView.of(state, 1)))
    state.advance()
    assert bot.act(SeatView.of(state, 0)) == PlayBet(0)
    assert bot.act(SeatView.of(state, 1)) == Fold(1)
    with pytest.raises(ConfigError):
        ThreeCardPokerBot()
    with pytest.raises(ConfigError):
        ThreeCardPokerBot(ante=-1, pair_plus=5)


def test_run_round_drives_any_number_of_bots() -> None:
    rng = random.Random(4)
    bots = {s: ThreeCardPokerBot(ante=1, strategy=st)
            for s, st in zip(range(7), [Q64, QUEEN_HIGH, ALWAYS] * 3, strict=False)}
    for _ in range(50):
        state = ThreeCardPokerRound(ThreeCardPokerConfig(), {s: 10 for s in bots}, rng=rng)
        run_round(state, bots)
        assert state.is_over
        for seat in bots:
            assert state.results(seat)


@pytest.mark.rule("tcp-wagers", "tcp-play-equals-ante")
def test_a_short_bot_bets_only_an_ante_it_can_play() -> None:
    # Ante 10 and Pair Plus 5 need 25 chips with the Play bet; with 15 the bot bets an
    # Ante of 7 (half its chips, so the Play is covered); with 1, Pair Plus alone
    bot = ThreeCardPokerBot(ante=10, pair_plus=5)
    assert bot.style == "Q-6-4 (Ante 10, Pair Plus 5)"
    state = ThreeCardPokerRound(ThreeCardPokerConfig(), {0: 15, 1: 1},
                                rng=random.Random(3))
    assert bot.act(SeatView.of(state, 0)) == PlaceWagers(0, 7)
    assert bot.act(SeatView.of(state, 1)) == PlaceWagers(1, 0, 1)
    broke = ThreeCardPokerRound(ThreeCardPokerConfig(), {0: 0}, rng=random.Random(3))
    with pytest.raises(IllegalActionError):
        bot.act(SeatView.of(broke, 0))
