"""Odds engine speed: exact A♦A♣ v K♥K♠ over all 1,712,304 boards against a phevaluator
loop, and Monte Carlo boards per second against eval7's compiled simulation.

Run alone with ``python -m benchmarks odds``. Times are CPU seconds of this process
(best of a few), with the wall clock beside them; pokerroom runs in-process on one core
(``cluster="inline"``), so both sides use one core. The pokerroom exact time includes
its setup (parsing, task planning, result arithmetic); compilation happens before timing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from itertools import combinations

from pokerroom.analysis.odds import compute_odds
from pokerroom.cards import parse_cards

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _timed(repeats: int, run: Callable[[], object]) -> tuple[float, float]:
    """(best CPU seconds, best wall seconds) over ``repeats`` calls."""
    cpu = wall = float("inf")
    for _ in range(repeats):
        c, w = time.process_time(), time.perf_counter()
        run()
        cpu = min(cpu, time.process_time() - c)
        wall = min(wall, time.perf_counter() - w)
    return cpu, wall


def _phevaluator_aa_kk() -> tuple[int, int, int]:
    from phevaluator import evaluate_cards

    hero = tuple(NAMES.index(n) for n in ("Ad", "Ac"))  # phevaluator numbers cards
    villain = tuple(NAMES.index(n) for n in ("Kh", "Ks"))  # as pokerroom does
    deck = [c for c in range(52) if c not in hero + villain]
    wins = losses = ties = 0
    for board in combinations(deck, 5):
        a = evaluate_cards(*hero, *board)
        b = evaluate_cards(*villain, *board)
        if a < b:  # phevaluator: smaller is better
            wins += 1
        elif a > b:
            losses += 1
        else:
            ties += 1
    return wins, losses, ties


def main() -> None:
    """Print the figures and the ratios."""
    import eval7

    aces, kings = parse_cards("Ad Ac"), parse_cards("Kh Ks")

    def exact() -> object:
        return compute_odds("holdem", [aces, kings], exact=True, cluster="inline")

    print(f"load average {os.getloadavg()[0]:.2f} (1 min)")
    exact()  # compile and load the tables
    ours = _timed(5, exact)
    result = compute_odds("holdem", [aces, kings], exact=True, cluster="inline")
    print(f"exact AA v KK, {result.deals:,} boards: wins {result.wins}, ties {result.ties}")
    print(f"  pokerroom              {1000 * ours[0]:8.1f} ms cpu  {1000 * ours[1]:8.1f} ms wall")
    answer: list[tuple[int, int, int]] = []
    peer = _timed(1, lambda: answer.append(_phevaluator_aa_kk()))
    print(f"  phevaluator loop       {1000 * peer[0]:8.1f} ms cpu  {1000 * peer[1]:8.1f} ms wall"
          f"   (wins, losses, ties {answer[0]})")
    print(f"  ratio                  {peer[0] / ours[0]:8.1f} x")

    trials = 2_000_000

    def simulate() -> object:
        return compute_odds("holdem", [aces, kings], trials=trials, seed=1, cluster="inline")

    simulate()
    mc = _timed(3, simulate)
    hero = [eval7.Card(c) for c in ("Ad", "Ac")]
    villain = eval7.HandRange("KhKs")
    e7 = _timed(3, lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], trials))
    print(f"Monte Carlo AA v KK, {trials:,} boards:")
    print(f"  pokerroom              {trials / mc[0] / 1e6:8.2f} M boards/s (cpu)")
    print(f"  eval7                  {trials / e7[0] / 1e6:8.2f} M boards/s (cpu)")
    print(f"  ratio                  {e7[0] / mc[0]:8.2f} x")


if __name__ == "__main__":
    main()
