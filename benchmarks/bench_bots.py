"""The bots' levels against each other: chips won and how often a hand gets going.

Four seats, two bots of one level and two of another in alternate seats, play
``--hands`` hands of a game through the real session (button, blinds, every rule).
Poker stacks start at 100 big blinds and the table is dealt afresh whenever a stack
falls below half that; Guts and Herbie play with a table maximum of 100 antes per deal
(house rule ``max_match=100``, guts.txt's example of a limit: with none, a Herbie pot
doubles deal after deal into numbers nobody can read) and a fresh table every 500
deals. ``easy`` is the
previous bot of every game (the rule-of-thumb poker bot, the fixed stay bars of Guts and
Herbie), so "v easy" is each level against the old bot.

Reported per pairing: the first level's result per seat, in big blinds per 100 hands
for poker (big bet in limit stud) and in antes per 100 deals for Guts and Herbie, with
its standard error (hand by hand); and the share of hands that get going: a flop,
fourth street or a draw in poker, a draw in Herbie (someone stayed in), a showdown in
Guts (two or more stayed in). Each pairing plays the same seeded deals.

    python -m benchmarks.bench_bots [--hands 10000] [--games holdem,stud,draw-high,guts2,herbie]
        [--pairings normal:easy,...] [--house-rule structure=fixed-limit]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from pokerroom.session import Session

PAIRINGS = (("easy", "easy"), ("normal", "easy"), ("strong", "easy"), ("strong", "normal"))
HOME_GAMES = ("guts2", "guts3", "herbie")
HOME_TABLE_DEALS = 500
"""Guts and Herbie: deals before the table is set up afresh (debts and pots cleared)."""


def _unit(stakes: dict[str, int]) -> int:
    """The result's unit: the big blind, the big bet of limit stud or draw, the ante."""
    return int(stakes.get("big_blind") or stakes.get("big_bet") or stakes.get("ante") or 1)


def _got_going(game: str, state: Any) -> bool:
    """A second betting round (poker), a draw (Herbie) or a showdown (Guts)."""
    if game == "herbie":
        return bool(getattr(state, "ins", None))
    if game in HOME_GAMES:
        return len(getattr(state, "ins", None) or ()) >= 2
    return int(getattr(state, "street", 0)) >= 1


def play(game: str, first: str, second: str, hands: int, seed: int,
         house_rules: tuple[str, ...] = ()) -> dict[str, Any]:
    from pokerroom.catalog import TableSpec
    from pokerroom.games import get_game
    from pokerroom.terminal.driver import play_hand

    entry = get_game(game)
    stakes = dict(entry.default_stakes)
    unit = _unit(stakes)
    home = game in HOME_GAMES
    levels = [first, second, first, second]
    rng = random.Random(seed)
    nets: list[float] = []
    going = 0
    session: Session | None = None
    bots: dict[int, Any] = {}
    start = time.perf_counter()
    for number in range(hands):
        fresh = session is None or (number % HOME_TABLE_DEALS == 0 if home
                                    else min(session.stacks) < 50 * unit)
        if fresh:
            spec = TableSpec(players=tuple(f"{lv}-{i}" for i, lv in enumerate(levels)),
                             stacks=(100 * unit,) * 4, stakes=stakes,
                             house_rules=entry.parse_house_rules(
                                 [*house_rules, *(["max_match=100"] if home else [])]),
                             rng=random.Random(rng.random()), first_dealer=number % 4)
            session = cast("Session", entry.factory(spec))
            bots = {seat: session.make_bot(seat, random.Random(rng.random()), level)
                    for seat, level in enumerate(levels)}
        assert session is not None
        outcome = play_hand(session, hand_no=number + 1, bots=bots, narrate=False)
        net = outcome.result.net
        nets.append(sum(net[s] for s in (0, 2)) / unit)
        going += int(_got_going(game, outcome.state))
    elapsed = time.perf_counter() - start
    mean = statistics.fmean(nets)
    error = statistics.stdev(nets) / len(nets) ** 0.5 if len(nets) > 1 else 0.0
    return {"game": " ".join((game, *house_rules)), "levels": f"{first} v {second}",
            "hands": hands,
            "per_100": round(100 * mean / 2, 2),  # per seat of the first level
            "stderr_per_100": round(100 * error / 2, 2),
            "unit": "ante" if home else "big blind" if "big_blind" in stakes else "big bet",
            "got_going_share": round(going / hands, 3),
            "hands_per_s": round(hands / elapsed, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--games", default="holdem,stud,draw-high,guts2,herbie")
    parser.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS),
                        help="first:second level pairs, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--house-rule", action="append", default=[],
                        help="NAME=VALUE for every game (e.g. structure=fixed-limit)")
    args = parser.parse_args(argv if argv is not None else [])
    pairings = [tuple(p.split(":")) for p in args.pairings.split(",")]
    for game in args.games.split(","):
        for first, second in pairings:
            result = play(game, first, second, args.hands, args.seed,
                          tuple(args.house_rule))
            print("bots:", json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
