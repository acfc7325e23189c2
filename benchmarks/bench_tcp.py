"""Three Card Poker benchmarks: the exact analysis of one pay-table set, and rounds per
second through the real table code and the direct engine.

Run alone with ``python -m benchmarks.bench_tcp`` (or all benchmarks with
``python -m benchmarks``). Wall-clock and CPU times are both shown: on a shared machine
the wall clock also counts time spent waiting for a core.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pokerroom.analysis.casino.exact import analyze_three_card_poker, dealer_outcome_counts
from pokerroom.analysis.casino.simulation import simulate_three_card_poker
from pokerroom.hands.six_card import six_card_class_counts


def _timed(run: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu


def _best_of(repeats: int, run: Callable[[], object]) -> tuple[float, float]:
    times = [_timed(run) for _ in range(repeats)]
    return min(t[0] for t in times), min(t[1] for t in times)


def _analysis_uncached() -> None:
    six_card_class_counts.cache_clear()
    analyze_three_card_poker()


def main() -> None:
    """Print the timings."""
    cold = _timed(_analysis_uncached)
    edge = analyze_three_card_poker().ante_play.house_edge
    warm = _best_of(5, _analysis_uncached)
    enumeration = _best_of(5, dealer_outcome_counts)
    rounds = 20_000
    per_round = {engine: _timed(lambda e=engine: simulate_three_card_poker(  # type: ignore[misc]
        rounds, seed=1, engine=e)) for engine in ("table", "direct")}
    print("Three Card Poker (wall s / CPU s)")
    print(f"  exact analysis of one pay-table set, first call: {cold[0]:.3f} / {cold[1]:.3f}"
          f"  (Ante edge {edge * 100:.4f} %)")
    print(f"  exact analysis of one pay-table set, best of 5 (no caches): "
          f"{warm[0]:.3f} / {warm[1]:.3f}")
    print(f"  22,100 x 18,424 dealer-outcome enumeration alone, best of 5: "
          f"{enumeration[0]:.3f} / {enumeration[1]:.3f}")
    for engine, (wall, cpu) in per_round.items():
        print(f"  simulation, {engine} engine: {wall / rounds * 1e6:.0f} / "
              f"{cpu / rounds * 1e6:.0f} us per round (10^6 rounds ~ {wall / rounds * 1e6:.0f}"
              f" / {cpu / rounds * 1e6:.0f} s)")


if __name__ == "__main__":
    main()
