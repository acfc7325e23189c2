"""Seeded random agents on every environment: every chip is accounted for, in each
episode and over a table that goes on from episode to episode."""

from __future__ import annotations

import random
from typing import Any

import pytest
from env_helpers import CASES, case_id, make, play_episode

from pokerroom.env import SingleAgentEnv
from pokerroom.games import all_games

EPISODES = 25


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_each_episode_conserves_chips(case: tuple[str, int, dict[str, Any]]) -> None:
    table = make(case)
    rng = random.Random(11)
    banked = case[0] == "three-card-poker"
    for episode in range(EPISODES):
        table.reset(seed=1000 + episode)
        totals = play_episode(table, rng)
        session: Any = table.session
        # the rewards are the chips each seat won or lost
        nets = [now - then for now, then in zip(session.stacks, table.stacks, strict=True)]
        assert [totals[agent] for agent in table.possible_agents] == [float(n) for n in nets]
        # and every chip is in a stack, left in the middle, or with the house
        assert sum(nets) + session.chips_held + session.house_net == 0
        if banked:
            assert session.chips_held == 0
        else:
            assert session.house_net == 0


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_final_infos_balance(case: tuple[str, int, dict[str, Any]]) -> None:
    table = make(case)
    rng = random.Random(5)
    for episode in range(10):
        table.reset(seed=episode)
        seen: dict[str, dict[str, Any]] = {}
        for agent in table.agent_iter(100_000):
            _, _, terminated, _, info = table.last()
            if terminated:
                seen[agent] = info
                table.step(None)
            else:
                table.step(int(rng.choice(
                    [i for i, ok in enumerate(table.observe(agent)["action_mask"]) if ok])))
        assert set(seen) == set(table.possible_agents)
        first = next(iter(seen.values()))
        assert sum(info["net"] for info in seen.values()) + first["carried"] \
            + first["house"] == 0


@pytest.mark.parametrize("game", [entry.name for entry in all_games()])
def test_continuing_table_ledger(game: str) -> None:
    players = 4 if game == "herbie" else 3
    table = make((game, players, {}), continuing=True, stacks=400)
    rng = random.Random(3)
    total = 400 * players
    rewards = [0.0] * players
    for episode in range(30):
        table.reset(seed=2 if episode == 0 else None)
        totals = play_episode(table, rng)
        for seat, agent in enumerate(table.possible_agents):
            rewards[seat] += totals[agent]
        session: Any = table.session
        assert sum(session.stacks) + session.chips_held + session.house_net == total
        if session.is_finished and not session.capabilities.continues_after_game:
            break
    # one table all along: what the rewards add up to is what the stacks show
    assert [400 + r for r in rewards] == list(table.session.stacks)  # type: ignore[union-attr]


@pytest.mark.parametrize("game", ["holdem", "guts2", "three-card-poker", "lowball-27"])
def test_single_agent_rewards_add_up_to_the_stack(game: str) -> None:
    single = SingleAgentEnv(game, 3, seat=1, continuing=True, stacks=2000)
    rng = random.Random(8)
    won = 0.0
    for episode in range(40):
        obs, _ = single.reset(seed=4 if episode == 0 else None)
        terminated = False
        while not terminated:
            legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
            obs, reward, terminated, _, info = single.step(rng.choice(legal))
            won += reward
        assert "illegal" not in info
        # hands the learner never acted in are in the rewards too
        session: Any = single.table.session
        assert 2000 + won == session.stacks[1]
        if single._learner_out() or (session.is_finished
                                     and not session.capabilities.continues_after_game):
            break
