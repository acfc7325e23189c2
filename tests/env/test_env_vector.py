"""The batched tables: the same hands as the single environment with the same seeds,
chips conserved, no hidden card of another seat in any row, bad actions refused."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerroom.engine.state import PokerHand
from pokerroom.env import PokerroomEnv, VectorTables, env
from pokerroom.errors import ConfigError


def _single_step(table: PokerroomEnv, action: int) -> list[float] | None:
    """Step one environment as the batch does: the seat's rewards when the hand ends
    (and the next is dealt), else None."""
    table.step(action)
    if table.terminations[table.agent_selection]:
        rewards = [table.rewards[agent] for agent in table.possible_agents]
        table.reset()
        return rewards
    return None


@pytest.mark.parametrize(("game", "players", "rules"), [
    ("holdem", 2, {"structure": "no-limit"}),
    ("holdem", 6, {"structure": "no-limit"}),
    ("lowball-27", 3, {}),
    ("guts2", 3, {"declare": "simultaneous"}),
])
def test_each_table_plays_the_single_environments_hands(
        game: str, players: int, rules: dict[str, str]) -> None:
    n = 3
    batch = VectorTables(game, n, players, seed=5, house_rules=rules)
    obs, mask = batch.reset()
    singles = [env(game, players, house_rules=rules) for _ in range(n)]
    for i, table in enumerate(singles):
        table.reset(seed=5 + i)
    rng = random.Random(3)
    finished = 0
    for _ in range(120):
        actions = []
        for i, table in enumerate(singles):
            agent = table.agent_selection
            seen = table.observe(agent)
            assert batch.to_act[i] == table.possible_agents.index(agent)
            assert np.array_equal(seen["observation"], obs[i])
            assert np.array_equal(seen["action_mask"], mask[i])
            actions.append(rng.choice(np.flatnonzero(mask[i]).tolist()))
        obs, mask, rewards, done = batch.step(np.array(actions))
        for i, table in enumerate(singles):
            ended = _single_step(table, actions[i])
            assert done[i] == (ended is not None)
            assert rewards[i].tolist() == (ended or [0.0] * players)
            finished += int(done[i])
    assert finished > 10


@pytest.mark.parametrize("players", [2, 6])
def test_chips_are_conserved_and_no_row_shows_another_seats_hole_cards(
        players: int) -> None:
    batch = VectorTables("holdem", 16, players, seed=11, house_rules={"structure": "no-limit"})
    obs, mask = batch.reset()
    gen = np.random.default_rng(11)
    hands = 0
    for _ in range(80):
        for i, table in enumerate(batch.tables):
            state = table.state
            assert isinstance(state, PokerHand)
            seat = int(batch.to_act[i])
            seen = set(table.encoder.card_positions(obs[i]))
            others = {c for s in range(players) if s != seat for c in state.hole[s]}
            assert seen == set(state.hole[seat]) | set(state.board)
            assert not seen & others
        actions = (gen.random(mask.shape) * mask).argmax(axis=1)
        obs, mask, rewards, done = batch.step(actions)
        assert (rewards.sum(axis=1) == 0).all()
        assert not rewards[~done].any()
        hands += int(done.sum())
    assert hands > 50


def test_bad_actions_are_refused_before_any_table_moves() -> None:
    batch = VectorTables("holdem", 4, 2, seed=1)
    obs, mask = batch.reset()
    before = obs.copy()
    logged = [len(t.state.events) for t in batch.tables if t.state is not None]
    legal = mask.argmax(axis=1)
    masked = legal.copy()
    masked[2] = int(np.flatnonzero(mask[2] == 0)[0])
    with pytest.raises(ValueError, match="table 2"):
        batch.step(masked)
    with pytest.raises(ValueError, match="4 integer actions"):
        batch.step(legal[:3])
    with pytest.raises(ValueError, match=r"0\.\.5"):
        batch.step(np.array([0, 0, 0, 9]))
    assert np.array_equal(batch.observations, before)
    assert [len(t.state.events) for t in batch.tables if t.state is not None] == logged
    with pytest.raises(ConfigError):
        VectorTables("holdem", 0, 2)


def _batch_run(n: int, steps: int) -> tuple[bytes, float]:
    """A digest of every observation and mask of a seeded batch, and its rewards' sum."""
    batch = VectorTables("holdem", n, 6, seed=11, house_rules={"structure": "no-limit"})
    gen = np.random.default_rng(11)
    obs, mask = batch.reset()
    seen = [obs.tobytes(), mask.tobytes()]
    total = 0.0
    for _ in range(steps):
        obs, mask, rewards, _done = batch.step((gen.random(mask.shape) * mask).argmax(axis=1))
        seen += [obs.tobytes(), mask.tobytes()]
        total += float(np.abs(rewards).sum())
    return b"".join(seen), total


def test_forgetting_the_shared_lookups_changes_no_hand(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """The tables share what they look up (a seat's actions are kept for the spot and
    given to another seat that meets it); forgotten every few spots, while some table
    still holds what it looked up, the same hands are played."""
    kept = _batch_run(8, 150)
    monkeypatch.setattr("pokerroom.env.acting._KNOWN", 4)
    assert _batch_run(8, 150) == kept
    assert kept[1] > 0
