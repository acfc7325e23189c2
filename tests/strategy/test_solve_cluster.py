"""The solves give the same result to the bit inline, on a process pool of 2 and on a
Dask cluster: the Guts and Herbie declare (CFR+ over chunks of deals) and the push/fold
sweep over stacks (chunks of stacks)."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from pokerroom.analysis.executors import open_executor
from pokerroom.strategy.charts import sweep
from pokerroom.strategy.declare import DeclareSolution, solve_declare
from pokerroom.strategy.declare_game import DeclareSetting, deal_chunks


def _same(one: DeclareSolution, two: DeclareSolution) -> None:
    assert np.array_equal(one.stay, two.stay)
    assert np.array_equal(one.evaluation.values, two.evaluation.values)
    assert one.exploitability == two.exploitability and one.history == two.history


@pytest.mark.rule("guts-5.1-simultaneous", "herbie-3.1")
def test_the_declare_solves_are_the_same_wherever_they_run() -> None:
    herbie = DeclareSetting.of("herbie", players=2, pot=10)
    guts = DeclareSetting.of("guts2", players=2, pot=10, rules={"max_match": 6})
    assert len(deal_chunks(herbie, 25_000)) == 3
    inline = [solve_declare(herbie, iterations=8, deals=25_000), solve_declare(guts, iterations=8)]
    with open_executor("processes", workers=2) as pool:
        pooled = [solve_declare(herbie, iterations=8, deals=25_000, executor=pool),
                  solve_declare(guts, iterations=8, executor=pool)]
    for one, two in zip(inline, pooled, strict=True):
        _same(one, two)
    if importlib.util.find_spec("distributed") is not None:
        with open_executor("local", workers=2, processes=False) as dask:
            _same(inline[0], solve_declare(herbie, iterations=8, deals=25_000, executor=dask))


def test_the_pushfold_sweep_is_the_same_wherever_it_runs() -> None:
    classes = ["AA", "KK", "T9s", "72o"]
    stacks = [1.5, 4.0, 9.0, 15.0]
    inline = sweep(stacks, classes=classes)
    with open_executor("processes", workers=2) as pool:
        pooled = sweep(stacks, classes=classes, executor=pool)
    for other in (pooled,):
        assert np.array_equal(inline.push, other.push)
        assert np.array_equal(inline.call, other.call)
        assert inline.exploitability == other.exploitability
    assert inline.highest("push", "AA") is None and inline.exploitability < 1e-9
