"""The one conformance harness over every game the catalog deals, every accepted
combination of its house rules and every seat count it takes."""

from __future__ import annotations

import pytest
from game_harness import catalog_games, house_rule_combinations, iter_games, play_game

from pokerroom.games import RULEBOOK, get_game

GAMES = sorted(iter_games())

EXHAUSTIVE_HANDS = 2_000
"""Hands a game in the exhaustive run, over every accepted house-rule combination (a
game with more combinations plays more: each at least once). It was 10,000; the
mutation check (docs/testing.md) showed the first 2,000 catch the same planted defects:
the run is those same sessions, stopped sooner."""


RULEBOOK_GAMES = {
    "holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz", "lowball-a5",
    "lowball-27", "lowball-27-triple", "draw-high", "jacks-or-better", "hearts-poker",
    "guts2", "guts3", "herbie", "three-card-poker"}
"""The games of the rulebook's texts; the registry's games beyond them are covered too."""


def test_the_harness_covers_every_game_of_the_rulebook() -> None:
    assert set(GAMES) == {game.name for game in RULEBOOK}
    assert set(GAMES) >= RULEBOOK_GAMES
    assert sum(len(house_rule_combinations(e)) for e in catalog_games()
               if e.name in RULEBOOK_GAMES) == 5138


@pytest.mark.rule("supp-nlpl", "supp-raise-cap", "supp-short-allin", "supp-odd-chip",
                  "guts-losers-match", "herbie-4.1", "tcp-banked")
@pytest.mark.parametrize("name", GAMES)
def test_random_sessions_keep_every_promise(name: str) -> None:
    """Two hundred hands a game, every step checked, every fifth session replayed."""
    entry = get_game(name)
    combos = house_rule_combinations(entry)
    # every value of every rule at least once, not every combination (that is below)
    sample = combos[:: max(1, len(combos) // 24)]
    tally = play_game(entry, 200, seed=1, hands_per_session=10, combinations=sample)
    assert tally.hands >= 200 and tally.replays >= 1
    assert tally.checked_steps >= tally.steps


@pytest.mark.exhaustive
@pytest.mark.rule("supp-nlpl", "supp-raise-cap", "supp-short-allin", "supp-odd-chip",
                  "guts-losers-match", "herbie-4.1", "tcp-banked")
@pytest.mark.parametrize("name", GAMES)
def test_thousands_of_hands_of_every_game(name: str) -> None:
    """``EXHAUSTIVE_HANDS`` hands a game over every accepted house-rule combination;
    every tenth session checked at every step, every tenth dealt again from its
    actions."""
    tally = play_game(get_game(name), EXHAUSTIVE_HANDS, seed=10_000, hands_per_session=8,
                      checks_every=10, replay_every=10)
    assert tally.hands >= EXHAUSTIVE_HANDS
    assert tally.combinations + tally.refused == len(house_rule_combinations(get_game(name)))
