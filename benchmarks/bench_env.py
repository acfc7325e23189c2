"""Learning-environment speed against the peers, side by side in one run: pokerroom's
PettingZoo environment of no-limit hold'em against RLCard's ``no-limit-holdem`` and
PettingZoo classic's ``texas_holdem_no_limit_v6``, at two and six seats, and
pokerroom's batched :class:`~pokerroom.env.VectorTables` at 1,024 tables.

The workload is the same for every environment: a seeded random masked agent (at each
step it picks uniformly among the legal actions of the observation's action mask, with
``random.Random(seed)``) plays hands until ``ENV_STEPS`` agent steps (20,000 by default)
are taken; a step is one action of a seat, the end-of-hand steps of PettingZoo's
``agent_iter`` (``step(None)`` for each finished agent) are taken but not counted. Every
table has 100 chips a seat at blinds 1 and 2 (RLCard's and PettingZoo's defaults; given
to pokerroom). Each environment reads the observation and the mask at every step, as a
learner does. The batched interface steps 1,024 tables with one call until
``ENV_STEPS * 10`` table steps are taken (a finished table deals again by itself);
making the 1,024 tables and dealing their first hands is not timed.

Every run is a fresh process, pokerroom's in this Python and the peers' in
``ENV_PEER_PYTHON`` (default: ``/tmp/envbench/bin/python`` where it exists, a virtual
environment made with ``python3.11 -m venv /tmp/envbench && /tmp/envbench/bin/pip
install rlcard==1.2.0 'pettingzoo[classic]==1.27.0'``, else this Python, which then
needs those two: ``pip install -e '.[bench]'``); each round runs them all in turn, so the load of
a shared machine falls on all alike. Reported per environment: the best steps per second
of wall time and of CPU time (``time.process_time``) over ``ENV_ROUNDS`` rounds (3), the
hands and steps per hand (the work is alike when these are close), and pokerroom's ratio
to each peer.

    python -m benchmarks env                    # everything
    ENV_STEPS=5000 ENV_ROUNDS=1 python -m benchmarks env
    python benchmarks/bench_env.py --worker rlcard --seats 6 --steps 2000   # one run
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

PEERS = ("rlcard", "pettingzoo")
PEER_VENV = "/tmp/envbench/bin/python"
TABLES = 1024
STACK, SMALL_BLIND, BIG_BLIND = 100, 1, 2


def _pick(rng: random.Random, mask: Any) -> int:
    """A legal index, uniformly, from a 0/1 mask."""
    legal = [i for i, m in enumerate(mask.tolist()) if m]
    return legal[rng.randrange(len(legal))]


def run_pokerroom(seats: int, steps: int, seed: int) -> tuple[int, int]:
    from pokerroom.env import env

    table = env("holdem", players=seats, house_rules={"structure": "no-limit"},
                stakes={"small_blind": SMALL_BLIND, "big_blind": BIG_BLIND}, stacks=STACK)
    return _aec_loop(table, steps, seed)


def run_pettingzoo(seats: int, steps: int, seed: int) -> tuple[int, int]:
    from pettingzoo.classic import texas_holdem_no_limit_v6

    return _aec_loop(texas_holdem_no_limit_v6.env(num_players=seats), steps, seed)


def _aec_loop(table: Any, steps: int, seed: int) -> tuple[int, int]:
    """Hands and steps of the random masked agent on a PettingZoo AEC table."""
    rng = random.Random(seed)
    taken = hands = 0
    table.reset(seed=seed)
    while taken < steps:
        for _agent in table.agent_iter():
            obs, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                action = None
            else:
                action = _pick(rng, obs["action_mask"])
                taken += 1
            table.step(action)
        hands += 1
        table.reset()
    return hands, taken


def run_rlcard(seats: int, steps: int, seed: int) -> tuple[int, int]:
    import rlcard  # type: ignore[import-not-found]

    table = rlcard.make("no-limit-holdem", config={"seed": seed, "game_num_players": seats})
    rng = random.Random(seed)
    taken = hands = 0
    while taken < steps:
        state, _player = table.reset()
        while not table.is_over():
            legal = list(state["legal_actions"])
            _obs = state["obs"]
            state, _player = table.step(legal[rng.randrange(len(legal))])
            taken += 1
        table.get_payoffs()
        hands += 1
    return hands, taken


def run_vector(seats: int, steps: int, seed: int) -> tuple[int, int]:
    import numpy as np

    from pokerroom.env import VectorTables

    tables = VectorTables("holdem", TABLES, seats, seed=seed,
                          house_rules={"structure": "no-limit"},
                          stakes={"small_blind": SMALL_BLIND, "big_blind": BIG_BLIND},
                          stacks=STACK)
    gen = np.random.default_rng(seed)
    _obs, mask = tables.reset()
    SETUP.extend((time.perf_counter(), time.process_time()))
    taken = hands = 0
    while taken < steps:
        # uniform among each table's legal indices
        weights = gen.random(mask.shape) * mask
        actions = weights.argmax(axis=1)
        _obs, mask, _rewards, done = tables.step(actions)
        taken += TABLES
        hands += int(done.sum())
    return hands, taken


SETUP: list[float] = []
"""The clocks when the batched tables are set up (their making is not timed)."""

RUNNERS = {"pokerroom": run_pokerroom, "rlcard": run_rlcard,
           "pettingzoo": run_pettingzoo, "vector": run_vector}


def worker(name: str, seats: int, steps: int, seed: int) -> dict[str, Any]:
    """One timed run in this process (after imports and 500 warm-up steps)."""
    # warm up: imports, and the first showdown's hand-evaluation tables and kernels
    RUNNERS["pokerroom" if name == "vector" else name](seats, 500, seed + 1)
    SETUP.clear()
    wall, cpu = time.perf_counter(), time.process_time()
    hands, taken = RUNNERS[name](seats, steps, seed)
    if SETUP:
        wall, cpu = SETUP
    return {"name": name, "seats": seats, "hands": hands, "steps": taken,
            "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu}


def _spawn(python: str, name: str, seats: int, steps: int, seed: int) -> dict[str, Any]:
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ)
    if name in PEERS:
        env.pop("PYTHONPATH", None)
    out = subprocess.run([python, str(Path(__file__).resolve()), "--worker", name,
                          "--seats", str(seats), "--steps", str(steps), "--seed", str(seed)],
                         check=True, capture_output=True, text=True, env=env, cwd=root)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    steps = int(os.environ.get("ENV_STEPS", "20000"))
    rounds = int(os.environ.get("ENV_ROUNDS", "3"))
    peer = os.environ.get("ENV_PEER_PYTHON") or (
        PEER_VENV if Path(PEER_VENV).exists() else sys.executable)
    print(f"load average at start: {os.getloadavg()[0]:.1f}; {steps:,} steps a run, "
          f"best of {rounds} rounds")
    best: dict[tuple[str, int], dict[str, Any]] = {}
    plan = [(name, seats, steps) for seats in (2, 6)
            for name in ("pokerroom", *PEERS)] + \
        [("vector", seats, steps * 10) for seats in (2, 6)]
    for r in range(rounds):
        for name, seats, n in plan:
            python = peer if name in PEERS else sys.executable
            result = _spawn(python, name, seats, n, 1000 + r)
            key = (name, seats)
            for field in ("wall", "cpu"):
                rate = result["steps"] / result[field]
                kept = best.setdefault(key, dict(result, wall_rate=0.0, cpu_rate=0.0))
                kept[f"{field}_rate"] = max(kept[f"{field}_rate"], rate)
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    print(f"{'environment':<34} {'seats':>5} {'steps/s wall':>13} {'steps/s CPU':>12} "
          f"{'steps/hand':>10}")
    labels = {"pokerroom": "pokerroom env('holdem')", "rlcard": "RLCard no-limit-holdem",
              "pettingzoo": "PettingZoo texas_holdem_no_limit_v6",
              "vector": f"pokerroom VectorTables x{TABLES}"}
    for (name, seats), row in sorted(best.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print(f"{labels[name]:<34} {seats:>5} {row['wall_rate']:>13,.0f} "
              f"{row['cpu_rate']:>12,.0f} {row['steps'] / max(1, row['hands']):>10.2f}")
    for seats in (2, 6):
        ours = best[("pokerroom", seats)]
        for name in PEERS:
            theirs = best[(name, seats)]
            print(f"{seats} seats: pokerroom / {name}: "
                  f"{ours['wall_rate'] / theirs['wall_rate']:.2f}x wall, "
                  f"{ours['cpu_rate'] / theirs['cpu_rate']:.2f}x CPU")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--worker", choices=sorted(RUNNERS))
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.seats, args.steps, args.seed)))
    else:
        main()
