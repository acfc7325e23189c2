"""Three Card Poker benchmarks: the exact analysis of one pay-table set, and rounds per
second through the real table code.

Run alone with ``python -m benchmarks.bench_tcp`` (or all benchmarks with
``python -m benchmarks``).
"""

from __future__ import annotations

import time

from pokerroom.casino.analysis import analyze_three_card_poker, dealer_outcome_counts
from pokerroom.casino.simulation import simulate_three_card_poker
from pokerroom.hands.six_card import six_card_class_counts


def _best_of(repeats: int, run: object) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Print the timings."""
    start = time.perf_counter()
    six_card_class_counts.cache_clear()
    report = analyze_three_card_poker()
    cold = time.perf_counter() - start
    edge = report.ante_play.house_edge
    enumeration = _best_of(5, dealer_outcome_counts)

    def analysis_uncached() -> None:
        six_card_class_counts.cache_clear()
        analyze_three_card_poker()

    warm = _best_of(5, analysis_uncached)
    rounds = 20_000
    start = time.perf_counter()
    simulate_three_card_poker(rounds, seed=1)
    per_round = (time.perf_counter() - start) / rounds
    print("Three Card Poker")
    print(f"  exact analysis, one pay-table set (first call, incl. table building): "
          f"{cold:.3f} s  (Ante edge {edge * 100:.4f} %)")
    print(f"  exact analysis, one pay-table set (best of 5, no caches): {warm:.3f} s")
    print(f"  22,100 x 18,424 dealer-outcome enumeration alone (best of 5): "
          f"{enumeration:.3f} s")
    print(f"  table rounds through the state machine: {per_round * 1e6:.0f} us/round "
          f"({1 / per_round:,.0f} rounds/s; 10^6 rounds ~ {per_round * 1e6:.0f} s)")


if __name__ == "__main__":
    main()
