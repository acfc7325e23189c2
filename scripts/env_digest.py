"""Digests of seeded random trajectories of the learning environments, to show that a
change to ``pokerroom.env`` (or to what it reads) leaves every episode the same.

Usage: python scripts/env_digest.py [--steps N] > after.json, run on two versions of
the code (``PYTHONPATH`` naming each one's ``src``), then ``diff`` the two outputs.

For each case (a game, its seats and house rules; two seeds, fresh tables, and a
continuing table) a random masked agent (``random.Random(seed)``, uniform among the
legal indices) plays whole episodes through PettingZoo's ``agent_iter`` until ``N``
agent steps are taken (3,000 by default), and everything it is given is hashed: the
agent selected, the observation and the mask (their bytes), the reward, the
termination flags and the infos (the final summary in words included), and the rewards
at the end of each episode. The batched tables (``VectorTables``, 16 tables, 200 steps
of a NumPy-seeded agent) are hashed the same way: observations, masks, rewards, done
flags and the seats to act. Each digest is the first 16 hex digits of a SHA-256.

>>> digest_case("holdem", 2, {"structure": "no-limit"}, 40, seed=1) == \\
...     digest_case("holdem", 2, {"structure": "no-limit"}, 40, seed=1)
True
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import numpy as np

from pokerroom.env import VectorTables, env

CASES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("holdem", 2, {"structure": "no-limit"}), ("holdem", 6, {"structure": "no-limit"}),
    ("holdem", 9, {"structure": "no-limit"}), ("holdem", 6, {"structure": "fixed-limit"}),
    ("holdem", 3, {"structure": "pot-limit"}), ("omaha", 4, {}), ("stud", 5, {}),
    ("stud", 8, {}), ("lowball-27-triple", 4, {}), ("jacks", 5, {}), ("razz", 4, {}),
    ("badugi", 3, {}), ("guts2", 4, {}), ("herbie", 4, {}), ("hearts-poker", 4, {}),
    ("three-card-poker", 3, {}),
)
"""The games of the digests, with their seats and house rules."""
VECTOR_CASES = (("holdem", 2), ("holdem", 6), ("stud", 4), ("guts2", 3))
"""The games and seats of the batched tables' digests."""


def _arguments(game: str) -> dict[str, Any]:
    """The benchmark's stakes and stacks for hold'em; a 6 Card Bonus stake for Three
    Card Poker (its default is none)."""
    if game == "holdem":
        return {"stakes": {"small_blind": 1, "big_blind": 2}, "stacks": 100}
    if game == "three-card-poker":
        return {"stakes": {"six_card_bonus": 5}}
    return {}


def digest_case(game: str, players: int, rules: dict[str, Any], steps: int, *,
                seed: int, continuing: bool = False) -> str:
    """The digest of episodes of ``game`` until ``steps`` agent steps are taken."""
    table = env(game, players, house_rules=rules, continuing=continuing,
                **_arguments(game))
    sha = hashlib.sha256()
    rng = random.Random(seed)
    taken = 0
    table.reset(seed=seed)
    while taken < steps:
        for agent in table.agent_iter():
            obs, reward, terminated, truncated, info = table.last()
            sha.update(agent.encode())
            sha.update(obs["observation"].tobytes())
            sha.update(obs["action_mask"].tobytes())
            sha.update(repr((reward, terminated, truncated, sorted(info.items()))).encode())
            action = None
            if not (terminated or truncated):
                legal = [i for i, m in enumerate(obs["action_mask"].tolist()) if m]
                action = legal[rng.randrange(len(legal))]
                taken += 1
            table.step(action)
        sha.update(repr((table.rewards, table._cumulative_rewards)).encode())
        table.reset()
    return sha.hexdigest()[:16]


def digest_vector(game: str, players: int, steps: int, seed: int) -> str:
    """The digest of ``steps`` calls of 16 batched tables of ``game``."""
    kwargs = ({"house_rules": {"structure": "no-limit"}, **_arguments(game)}
              if game == "holdem" else {})
    tables = VectorTables(game, 16, players, seed=seed, **kwargs)
    gen = np.random.default_rng(seed)
    _, mask = tables.reset()
    sha = hashlib.sha256()
    for _ in range(steps):
        actions = (gen.random(mask.shape) * mask).argmax(axis=1)
        obs, mask, rewards, done = tables.step(actions)
        for array in (obs, mask, rewards, done, tables.to_act):
            sha.update(array.tobytes())
    return sha.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=3000)
    steps = parser.parse_args().steps
    out: dict[str, str] = {}
    for game, players, rules in CASES:
        name = f"{game}-{players}-{rules}"
        for seed in (1, 2):
            out[f"{name}-{seed}"] = digest_case(game, players, rules, steps, seed=seed)
        out[f"{name}-continuing"] = digest_case(game, players, rules, steps, seed=7,
                                                continuing=True)
    for game, players in VECTOR_CASES:
        out[f"vector-{game}-{players}"] = digest_vector(game, players, 200, 3)
    print(json.dumps(out, indent=0))


if __name__ == "__main__":
    main()
