"""Random playouts of every variant and structure through the conformance harness."""

from __future__ import annotations

import pytest
from engine_conformance import run
from engine_helpers import engine_subject

from pokerroom.engine import GameConfig

CONFIGS = {
    "holdem-nl": GameConfig.of("holdem", "no limit", blinds=(1, 2)),
    "holdem-fl": GameConfig.of("holdem", "fixed limit", blinds=(1, 2)),
    "holdem-pl-ante": GameConfig.of("holdem", "pot limit", blinds=(1, 2), ante=1),
    "holdem-one-blind": GameConfig.of("holdem", "fixed limit", blinds=(2,)),
    "holdem-three-blinds": GameConfig.of("holdem", "no limit", blinds=(1, 2, 4)),
    "omaha-pl": GameConfig.of("omaha", "pot limit", blinds=(1, 2)),
    "omaha-hilo-fl": GameConfig.of("omaha-hilo", "fixed limit", blinds=(1, 2)),
    "stud-fl": GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10),
    "stud-hilo-fl": GameConfig.of("stud-hilo", ante=1, bring_in=2, small_bet=5, big_bet=10),
    "razz-fl": GameConfig.of("razz", ante=1, bring_in=2, small_bet=5, big_bet=10),
    "lowball-a5-fl": GameConfig.of("lowball-a5", blinds=(1, 2)),
    "lowball-a5-nl": GameConfig.of("lowball-a5", "no limit", blinds=(2,)),
    "lowball-27-nl": GameConfig.of("lowball-27", "no limit", blinds=(1, 2)),
    "lowball-27-triple-fl": GameConfig.of("lowball-27-triple", blinds=(1, 2)),
    "draw-high-joker": GameConfig.of("draw-high", ante=1, joker=True),
    "jacks": GameConfig.of("jacks", ante=1, joker=True),
}


def _seats(name: str, config: GameConfig) -> int:
    return min(config.variant.max_players, 8 if config.variant.is_stud else 6)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.rule("supp-nlpl", "supp-raise-cap", "supp-short-allin", "supp-odd-chip")
def test_random_playouts_conserve_and_replay(name: str) -> None:
    config = CONFIGS[name]
    stats = run(engine_subject(config, _seats(name, config)), 150, seed=1000)
    assert stats.hands == 150


ONE_PER_GAME = ["holdem-nl", "omaha-pl", "omaha-hilo-fl", "stud-fl", "stud-hilo-fl",
                "razz-fl", "lowball-a5-fl", "lowball-27-nl", "lowball-27-triple-fl",
                "draw-high-joker", "jacks"]


EXHAUSTIVE_HANDS = 2_500
"""Hands a game in the exhaustive run (10,000 before: every planted defect of the engine
is caught by the tests that are not exhaustive; see docs/testing.md, "Mutation check")."""


@pytest.mark.exhaustive
@pytest.mark.parametrize("name", ONE_PER_GAME)
def test_thousands_of_hands_per_game(name: str) -> None:
    """``EXHAUSTIVE_HANDS`` hands of every game: all end with chips and cards conserved;
    every 50th is checked at every step, every 5th replayed from its log, every 10th
    written and read back as PHH."""
    config = CONFIGS[name]
    stats = run(engine_subject(config, _seats(name, config)), EXHAUSTIVE_HANDS,
                seed=50_000, full_checks_every=50, replay_every=5, roundtrip_every=10)
    assert stats.hands == EXHAUSTIVE_HANDS


@pytest.mark.parametrize("name", ["holdem-nl", "stud-fl", "jacks"])
def test_heads_up_and_short_stacks(name: str) -> None:
    config = CONFIGS[name]
    stats = run(engine_subject(config, 2, stacks=(1, 3, 7, 40)), 150, seed=7)
    assert stats.hands == 150
