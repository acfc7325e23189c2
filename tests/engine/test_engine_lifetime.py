"""Hands hold no reference cycles: a finished hand is freed as soon as its last reference
goes, without waiting for the cycle collector (which would otherwise run often while
hands are played and scan every live object each time). Also the per-config constants
a hand reads: one plan per config."""

from __future__ import annotations

import gc
import random

from engine_helpers import play_random_hand

from pokerroom.engine import GameConfig
from pokerroom.engine.plan import plan_of

CONFIGS = [
    GameConfig.of("holdem", "no limit", blinds=(1, 2)),
    GameConfig.of("omaha-hilo", "fixed limit", blinds=(1, 2)),
    GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10),
    GameConfig.of("lowball-27-triple", blinds=(1, 2)),
    GameConfig.of("lowball-27", blinds=(5, 10), blind_may_be_called=False),
    GameConfig.of("jacks", ante=1, joker=True),
]


def test_finished_hands_leave_no_cyclic_garbage() -> None:
    seeds = range(30)
    for seed in seeds:                     # the same hands once first: imports, compiled
        for config in CONFIGS:             # code and caches are made outside the count
            play_random_hand(config, seed)
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for seed in seeds:
            for config in CONFIGS:
                hand = play_random_hand(config, seed)
                assert hand.is_over
                del hand
        assert gc.collect() == 0
    finally:
        if was_enabled:
            gc.enable()


def test_one_plan_per_config() -> None:
    config = GameConfig.of("holdem", "pot limit", blinds=(1, 2), ante=1)
    plan = plan_of(config)
    assert plan_of(config) is plan
    hand = config.new_hand([100, 100, 100], rng=random.Random(1))
    assert hand.plan is plan
    assert (plan.structure, plan.min_bet, plan.ante, plan.deck) == (
        hand.structure, config.stakes.min_bet, config.stakes.ante, config.deck_cards())
    other = GameConfig.of("holdem", "pot limit", blinds=(1, 2), ante=1)
    assert other == config and plan_of(other) is not plan
