"""Hand evaluation speed: pokerroom's batch and one-call evaluators against the peers
(treys, eval7, phevaluator, PokerKit), in one run on the same random seven-card hands.

Run alone with ``python -m benchmarks eval``. Each figure is the best of a few repeats,
timed in CPU seconds of this process (``time.process_time``): on a shared machine the
wall clock also counts time spent waiting for a core. Everything here runs on one core.
Compilation and table loading happen before timing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from pokerroom.fast import batch, single
from pokerroom.fast.tables import load_tables

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@njit(cache=True)
def _random_hands(n: int, k: int, seed: int) -> Any:
    np.random.seed(seed)
    out = np.empty((n, k), np.uint8)
    deck = np.arange(52)
    for i in range(n):
        for j in range(k):
            r = j + np.random.randint(52 - j)
            deck[j], deck[r] = deck[r], deck[j]
            out[i, j] = deck[j]
    return out


def _best(repeats: int, run: Callable[[], object]) -> float:
    """Smallest CPU time of ``repeats`` calls."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def _rate(count: int, seconds: float) -> str:
    per_second = count / seconds
    if per_second >= 1e6:
        return f"{per_second / 1e6:8.2f} M/s"
    return f"{per_second / 1e3:8.1f} k/s"


def batch_rates(hands: Any) -> dict[str, float]:
    """Evaluations per second of each batch evaluator."""
    n = len(hands)
    rates = {
        "7-card high (no checks)": n / _best(5, lambda: batch.high_keys(hands, validate=False)),
        "7-card high (checked input)": n / _best(3, lambda: batch.high_keys(hands)),
        "7-card A-5 low": n / _best(3, lambda: batch.a5_low_keys(hands, validate=False)),
    }
    five = np.ascontiguousarray(hands[:, :5])
    rates["5-card high"] = n / _best(3, lambda: batch.high_keys(five, validate=False))
    small = hands[: n // 10]
    rates["7-card 2-7 low (21 fives)"] = len(small) / _best(
        3, lambda: batch.deuce_seven_keys(small, validate=False))
    nine = _random_hands(len(small), 9, 99)
    rates["Omaha high (60 fives)"] = len(small) / _best(
        3, lambda: batch.omaha_high_keys(nine[:, :4], nine[:, 4:], validate=False))
    return rates


def one_call_rates(hands: list[tuple[int, ...]]) -> dict[str, float]:
    """Evaluations per second, one Python call per hand, for pokerroom and the peers."""
    import eval7
    from phevaluator import evaluate_cards
    from pokerkit import Card as PKCard
    from pokerkit import StandardHighHand
    from treys import Card as TreysCard
    from treys import Evaluator

    rates: dict[str, float] = {}
    high_key = single.high_key
    rates["pokerroom"] = len(hands) / _best(3, lambda: [high_key(h) for h in hands])
    e7 = [[eval7.Card(NAMES[c]) for c in h] for h in hands]
    e7_eval = eval7.evaluate
    rates["eval7"] = len(e7) / _best(3, lambda: [e7_eval(h) for h in e7])
    ph = [[NAMES[c] for c in h] for h in hands]
    rates["phevaluator"] = len(ph) / _best(3, lambda: [evaluate_cards(*h) for h in ph])
    ev = Evaluator()
    tr = [[TreysCard.new(NAMES[c]) for c in h] for h in hands[:20_000]]
    rates["treys"] = len(tr) / _best(3, lambda: [ev.evaluate(h[:2], h[2:]) for h in tr])
    pk = [list(PKCard.parse("".join(NAMES[c] for c in h))) for h in hands[:1_000]]
    rates["pokerkit"] = len(pk) / _best(
        1, lambda: [StandardHighHand.from_game(h[:2], h[2:]) for h in pk])
    return rates


def main() -> None:
    """Print every figure and the ratios."""
    load_tables()
    hands = _random_hands(10_000_000, 7, 2026)
    batch.high_keys(hands[:10], validate=False)  # compile before timing
    batch.high_keys(hands[:10])
    batch.a5_low_keys(hands[:10], validate=False)
    batch.high_keys(np.ascontiguousarray(hands[:10, :5]), validate=False)
    batch.deuce_seven_keys(hands[:10], validate=False)
    batch.omaha_high_keys(hands[:10, :4], _random_hands(10, 9, 1)[:, 4:], validate=False)
    print(f"batch evaluation, {len(hands):,} random 7-card hands, one core:")
    for name, rate in batch_rates(hands).items():
        print(f"  {name:30s} {_rate(1, 1 / rate)}")
    sample = [tuple(int(c) for c in row) for row in hands[:200_000].tolist()]
    single.high_key(sample[0])
    rates = one_call_rates(sample)
    print("one call per 7-card hand:")
    for name, rate in rates.items():
        print(f"  {name:30s} {_rate(1, 1 / rate)}")
    batch_rate = hands.shape[0] / _best(3, lambda: batch.high_keys(hands, validate=False))
    print("ratios:")
    print(f"  one-call pokerroom / treys        {rates['pokerroom'] / rates['treys']:8.1f} x")
    print(f"  one-call pokerroom / eval7        {rates['pokerroom'] / rates['eval7']:8.2f} x")
    print(f"  batch pokerroom / one-call eval7  {batch_rate / rates['eval7']:8.1f} x")
    print(f"  batch pokerroom / one-call treys  {batch_rate / rates['treys']:8.0f} x")


if __name__ == "__main__":
    main()
