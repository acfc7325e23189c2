"""pokerroom benchmarks: one ``bench_*.py`` module per area, each with a ``main()``.

``python -m benchmarks`` runs them all; ``python -m benchmarks eval odds`` runs
``bench_eval`` and ``bench_odds`` only. Figures are recorded in ``BENCHMARKS.md``.
"""
