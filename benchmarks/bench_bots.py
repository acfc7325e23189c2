"""The poker bots' levels against each other: chips won and how often a hand gets going.

Four seats, two bots of one level and two of another in alternate seats, play
``--hands`` hands of a game through the real session (button, blinds, every rule);
stacks start at 100 big blinds and the table is dealt afresh whenever a stack falls
below half that. Reported per pairing: the first level's result in big blinds per 100
hands (with its standard error), and the share of hands that reach a second round
(a flop, fourth street, or a draw), for the pairing and for the current bot alone.

    python -m benchmarks.bench_bots [--hands 10000] [--games holdem,stud,lowball-27]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

PAIRINGS = (("easy", "easy"), ("normal", "easy"), ("strong", "easy"), ("strong", "normal"))


def _big_blind(stakes: dict[str, int]) -> int:
    return int(stakes.get("big_blind") or stakes.get("big_bet") or stakes.get("small_bet")
               or 2)


def play(game: str, first: str, second: str, hands: int, seed: int) -> dict[str, Any]:
    from pokerroom.catalog import TableSpec, get_game
    from pokerroom.terminal.driver import play_hand

    entry = get_game(game)
    stakes = dict(entry.default_stakes)
    blind = _big_blind(stakes)
    levels = [first, second, first, second]
    rng = random.Random(seed)
    nets: list[float] = []
    reached = 0
    session = None
    start = time.perf_counter()
    for number in range(hands):
        if session is None or min(session.stacks) < 50 * blind:
            spec = TableSpec(players=tuple(f"{lv}-{i}" for i, lv in enumerate(levels)),
                             stacks=(100 * blind,) * 4, stakes=stakes,
                             rng=random.Random(rng.random()),
                             first_dealer=number % 4)
            session = entry.factory(spec)
            bots = {seat: session.make_bot(seat, random.Random(rng.random()), level)
                    for seat, level in enumerate(levels)}
        outcome = play_hand(session, hand_no=number + 1, bots=bots, narrate=False)
        net = outcome.result.net
        nets.append(sum(net[s] for s in (0, 2)) / blind)
        reached += int(getattr(outcome.state, "street", 0) >= 1)
    elapsed = time.perf_counter() - start
    mean = statistics.fmean(nets)
    error = statistics.stdev(nets) / len(nets) ** 0.5 if len(nets) > 1 else 0.0
    return {"game": game, "levels": f"{first} v {second}", "hands": hands,
            "bb_per_100": round(100 * mean / 2, 2),  # per seat of the first level
            "stderr_bb_per_100": round(100 * error / 2, 2),
            "second_round_share": round(reached / hands, 3),
            "hands_per_s": round(hands / elapsed, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--games", default="holdem,stud,lowball-27")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv if argv is not None else [])
    for game in args.games.split(","):
        for first, second in PAIRINGS:
            print("bots:", json.dumps(play(game, first, second, args.hands, args.seed)),
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
