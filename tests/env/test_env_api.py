"""PettingZoo's api_test on every game of the catalog, and Gymnasium's check_env on the
single-agent wrapper of every game."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import pytest
from env_helpers import CASES, case_id, default_players, make
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from pokerroom.env import SingleAgentEnv, gym_id
from pokerroom.games import all_games

# api_test says these of every dict observation (it exempts PettingZoo's own card games
# by name); anything else it warns about is a failure here.
EXPECTED = ("Observation is not a NumPy array",
            "Observation space for each agent probably should be")


def test_every_catalog_game_has_a_case() -> None:
    assert {entry.name for entry in all_games()} <= {case[0] for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api(case: tuple[str, int, dict[str, Any]]) -> None:
    table = make(case, render_mode="ansi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(table, num_cycles=1000)
    unexpected = [str(w.message) for w in caught
                  if not str(w.message).startswith(EXPECTED)]
    assert not unexpected


@pytest.mark.parametrize("game", [entry.name for entry in all_games()])
def test_gymnasium_check_env(game: str) -> None:
    single = gymnasium.make(gym_id(game), players=default_players(game), render_mode="ansi")
    assert isinstance(single.unwrapped, SingleAgentEnv)
    check_env(single.unwrapped, skip_render_check=False)


def test_check_env_with_house_rules_and_another_seat() -> None:
    for game, players, rules in (("guts3", 4, {"declare": "simultaneous", "pass_left": True}),
                                 ("hearts-poker", 4, ["community=6"])):
        single = gymnasium.make(gym_id(game), players=players, seat=players - 1,
                                house_rules=rules, render_mode="ansi")
        check_env(single.unwrapped)
