"""The ``expert`` bots of Guts and Herbie, which declare as the solved equilibrium says,
against ``strong``: chips won per 100 deals, with standard errors.

Each setting seats the expert level and the strong level alternately (two players: one
of each; three: one expert, two strong; four: two of each) and plays ``--deals`` deals
through the real session (every house rule, the pot carried from deal to deal), with a
table maximum of 100 antes a deal (``max_match=100``, as ``bench_bots``) and a fresh
table, its first dealer moved on one seat, every 500 deals. Reported: the expert's result
per seat in antes per 100 deals with its standard error (deal by deal), the CPU seconds
of the expert's solves (one per match-to-pot ratio met, kept for the process) and of the
whole run. Seeded: the same ``--seed`` deals the same cards.

    python -m benchmarks expert
    python -m benchmarks.bench_expert --deals 4000 --settings guts2:2,guts2:3,herbie:4
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any, cast

SETTINGS = (("guts2", 2), ("guts2", 3), ("guts2", 4), ("herbie", 4))
TABLE_DEALS = 500


def play(game: str, players: int, deals: int, seed: int) -> dict[str, Any]:
    from pokerroom.catalog import TableSpec
    from pokerroom.games import get_game
    from pokerroom.session import Session
    from pokerroom.strategy.expert import solution_for
    from pokerroom.terminal.driver import play_hand

    entry = get_game(game)
    levels = ["expert" if seat % 2 == 0 else "strong" for seat in range(players)]
    if players == 3:
        levels = ["expert", "strong", "strong"]
    experts = [seat for seat, level in enumerate(levels) if level == "expert"]
    rng = random.Random(seed)
    nets: list[float] = []
    session: Session | None = None
    bots: dict[int, Any] = {}
    solve_before, solves_before = _solve_seconds(), solution_for.cache_info().currsize
    start = time.process_time()
    for number in range(deals):
        if session is None or number % TABLE_DEALS == 0:
            spec = TableSpec(players=tuple(f"{lv}-{i}" for i, lv in enumerate(levels)),
                             stacks=(1000,) * players, stakes={"ante": 1},
                             house_rules=entry.parse_house_rules(["max_match=100"]),
                             rng=random.Random(rng.random()),
                             first_dealer=(number // TABLE_DEALS) % players)
            session = cast("Session", entry.factory(spec))
            bots = {seat: session.make_bot(seat, random.Random(rng.random()), level)
                    for seat, level in enumerate(levels)}
        outcome = play_hand(session, hand_no=number + 1, bots=bots, narrate=False)
        nets.append(sum(outcome.result.net[s] for s in experts) / len(experts))
    spent = time.process_time() - start
    mean = statistics.fmean(nets)
    error = statistics.stdev(nets) / len(nets) ** 0.5
    return {"game": game, "players": players, "seats": " ".join(levels), "deals": deals,
            "expert_per_100": round(100 * mean, 2), "stderr_per_100": round(100 * error, 2),
            "solves": solution_for.cache_info().currsize - solves_before,
            "solve_cpu_s": round(_solve_seconds() - solve_before, 1),
            "cpu_s": round(spent, 1)}


_SOLVE_CPU: list[float] = [0.0]


def _solve_seconds() -> float:
    """The CPU seconds the expert's solves took so far (timed by wrapping the solver)."""
    return _SOLVE_CPU[0]


def _timed_solves() -> None:
    """Count the CPU time of every solve the expert makes."""
    from pokerroom.strategy import declare

    if getattr(declare.solve_declare, "timed", False):
        return
    original = declare.solve_declare

    def solve(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            _SOLVE_CPU[0] += time.process_time() - start

    solve.timed = True  # type: ignore[attr-defined]
    declare.solve_declare = solve  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--settings", default=",".join(f"{g}:{n}" for g, n in SETTINGS),
                        help="game:players pairs, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv if argv is not None else [])
    _timed_solves()
    for setting in args.settings.split(","):
        game, players = setting.split(":")
        result = play(game, int(players), args.deals, args.seed)
        print("expert:", json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
