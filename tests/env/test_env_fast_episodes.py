"""Whole seeded episodes played the way a learner plays them (PettingZoo's
``agent_iter`` and ``last``, the end-of-hand steps of every finished agent included):
every observation, mask and reward the environment hands out is the one worked out the
slow way, from each seat's view and log (:class:`~pokerroom.env.observation.Encoder`)
and from the hand's own chips; and what it hands out is the caller's own to keep or to
write into."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from env_helpers import case_id

from pokerroom.engine.state import PokerHand
from pokerroom.env import PokerroomEnv, env

EPISODE_CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("holdem", 2, {"structure": "no-limit"}),
    ("holdem", 6, {"structure": "no-limit"}),
    ("omaha", 4, {"structure": "pot-limit"}),
    ("stud", 5, {}),
    ("lowball-27-triple", 4, {}),
]


def _expected(table: PokerroomEnv, agent: str) -> tuple[np.ndarray[Any, Any], list[int]]:
    """The observation and mask of ``agent`` from its view, and the layout's concrete
    actions for its options (no mask once its episode is over)."""
    seat = table.possible_agents.index(agent)
    state = table.state
    assert state is not None and table.session is not None
    encoder = table.encoder
    vector = encoder.encode(state, seat, table.session.stacks)
    if table.terminations[agent] or seat not in state.actors:
        return vector, [0] * table.shape.actions
    hand = encoder.hand(state, seat) if table.action_lookup.by_position else ()
    actions = table.shape.concrete_actions(seat, state.legal_actions(seat), hand,
                                           encoder.money(state, seat, table.stakes))
    return vector, [int(a is not None) for a in actions]


@pytest.mark.parametrize("case", EPISODE_CASES, ids=case_id)
def test_every_observation_mask_and_reward_of_seeded_episodes(
        case: tuple[str, int, dict[str, Any]]) -> None:
    game, players, rules = case
    table = env(game, players, house_rules=rules, stacks=100)
    rng = random.Random(players * 7)
    finished = 0
    for episode in range(20):
        table.reset(seed=episode)
        hand = table.state
        assert isinstance(hand, PokerHand)     # one hand an episode: none ends unplayed
        start = tuple(hand.start_stacks)
        handed: list[np.ndarray[Any, Any]] = []
        for agent in table.agent_iter():
            obs, reward, terminated, truncated, _info = table.last()
            vector, mask = _expected(table, agent)
            assert obs["observation"].dtype == np.float32
            assert np.array_equal(obs["observation"], vector), (episode, agent)
            assert obs["action_mask"].tolist() == mask, (episode, agent)
            # each array is the caller's own: writing into it changes nothing the
            # environment hands out, now or later
            handed += [obs["observation"], obs["action_mask"]]
            obs["observation"][:] = -1
            obs["action_mask"][:] = -1
            again = table.observe(agent)
            assert np.array_equal(again["observation"], vector)
            assert again["action_mask"].tolist() == mask
            if terminated or truncated:
                # the reward: the seat's chips at the end of the hand less its start
                seat = table.possible_agents.index(agent)
                final = hand.final_stacks[seat]
                assert reward == float(final - start[seat])
                assert isinstance(reward, float)
                table.step(None)
                continue
            assert reward == 0.0
            legal = [i for i, m in enumerate(mask) if m]
            table.step(rng.choice(legal))
        finished += 1
        # and the environment never wrote into an array it had handed out
        assert all((array == -1).all() for array in handed)
        assert sum(hand.final_stacks) == sum(start)
    assert finished == 20


def test_the_batch_rows_are_the_observations() -> None:
    """``observe_into`` (the batched tables' way) writes what ``observe`` returns."""
    table = env("holdem", 6, house_rules={"structure": "no-limit"})
    rng = random.Random(3)
    rows = np.zeros((2, table.encoder.size), dtype=np.float32)
    masks = np.zeros((2, table.shape.actions), dtype=np.int8)
    for episode in range(10):
        table.reset(seed=episode)
        while not table.terminations[table.agent_selection]:
            agent = table.agent_selection
            seat = table.possible_agents.index(agent)
            table.observe_into(seat, rows[1], masks[1])
            seen = table.observe(agent)
            assert np.array_equal(rows[1], seen["observation"])
            assert np.array_equal(masks[1], seen["action_mask"])
            assert not rows[0].any() and not masks[0].any()
            table.step(rng.choice(np.flatnonzero(seen["action_mask"]).tolist()))
