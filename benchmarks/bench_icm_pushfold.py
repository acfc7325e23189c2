"""The ICM push/fold solve at a final table: CFR+'s convergence and the sampling error.

Run alone with ``python -m benchmarks icm_pushfold``. For three settings (three players
5000/3000/2000 at 100/200 paying 50/30/20; four players 6000/5000/4000/2000 on the
bubble; six players 4000 down to 1500 with an ante of 25, paying 50/30/20) it builds
the game over the default number of random deals, runs 400 CFR+ iterations, and
prints the exploitability (NashConv, exact best responses over the deals, in prize
units of a pool of 100) every 50 iterations, the build and solve times, and the
exploitability of the same strategy over an independent set of deals and boards: how
much a best response fitted to fresh deals gains, the measure of the sampling error.
``ICM_DEALS=N`` changes the number of deals; ``ICM_SEATS=3,6`` picks settings.
"""

from __future__ import annotations

import os
import time

from pokerroom.strategy.equity import combo_equity
from pokerroom.strategy.icm_game import IcmGame, IcmTable, sample_deals
from pokerroom.strategy.icm_pushfold import default_deals, evaluate, solve_icm

SETTINGS = {
    3: ([5000, 3000, 2000], 0),
    4: ([6000, 5000, 4000, 2000], 0),
    6: ([4000, 3500, 3000, 2500, 2000, 1500], 25),
}


def main() -> None:
    table = combo_equity(None)
    seats_wanted = [int(s) for s in os.environ.get("ICM_SEATS", "3,4,6").split(",")]
    for seats in seats_wanted:
        stacks, ante = SETTINGS[seats]
        setting = IcmTable.build(stacks, 100, 200, ante, [50, 30, 20])
        count = int(os.environ.get("ICM_DEALS", "0")) or default_deals(seats)
        started = time.perf_counter()
        game = IcmGame.build(setting, sample_deals(seats, count, 0, table), seed=1)
        built = time.perf_counter() - started
        started = time.perf_counter()
        sol = solve_icm(game, iterations=400, every=50)
        solved = time.perf_counter() - started
        fresh = IcmGame.build(setting, sample_deals(seats, count, 99, table), seed=7)
        held_out = evaluate(fresh, sol.strategy).exploitability
        curve = ", ".join(f"{t}: {gap:.2e}" for t, gap in sol.history)
        print(f"{seats} players {stacks} ante {ante}: {count:,} deals, "
              f"{len(game.terminals)} terminals, build {built:.1f} s, 400 iterations "
              f"{solved:.1f} s", flush=True)
        print(f"  exploitability by iteration: {curve}")
        print(f"  over fresh deals: {held_out:.2e}; equities "
              f"{[round(float(v), 3) for v in sol.values]}", flush=True)


if __name__ == "__main__":
    main()
