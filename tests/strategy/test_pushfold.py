"""The heads-up push/fold game: its payoffs against a count over every pair of combos,
its exact best responses against every pure strategy, and its equilibrium's
exploitability."""

from __future__ import annotations

from itertools import combinations, product

import numpy as np
import pytest

from pokerroom.errors import ConfigError
from pokerroom.strategy import pushfold
from pokerroom.strategy.classes import COMBO_CLASS, COMBOS
from pokerroom.strategy.equity import ClassEquity, ComboEquity, class_equity, combo_equity
from pokerroom.strategy.pushfold import (
    EXACT,
    PURE,
    PushFoldGame,
    best_response_values,
    exploitability,
    solve,
)

SMALL = ["AA", "KK", "AKs", "T9s", "72o", "A5o"]


@pytest.fixture(scope="module")
def combos() -> ComboEquity:
    return combo_equity(classes=SMALL)


@pytest.fixture(scope="module")
def table(combos: ComboEquity) -> ClassEquity:
    return class_equity(combos)


def _direct_value(combos: ComboEquity, classes: tuple[int, ...], push: np.ndarray,
                  call: np.ndarray, stack: float, ante: float) -> float:
    """The SB's expectation summed pair of combos by pair of combos, each with its own
    equity: the game's definition, written out."""
    at = {cls: i for i, cls in enumerate(classes)}
    fold = ante + 0.5
    steal = ante + 1.0
    total, pairs = 0.0, 0
    for i, a in enumerate(combos.combos.tolist()):
        for j, b in enumerate(combos.combos.tolist()):
            if set(COMBOS[a].tolist()) & set(COMBOS[b].tolist()):
                continue
            pairs += 1
            p, q = push[at[int(COMBO_CLASS[a])]], call[at[int(COMBO_CLASS[b])]]
            equity = (combos.wins[i, j] + combos.ties[i, j] / 2) / 1712304
            called = stack * (2 * equity - 1)
            total += (1 - p) * -fold + p * ((1 - q) * steal + q * called)
    return total / pairs


@pytest.mark.parametrize(("stack", "ante"), [(3.0, 0.0), (10.0, 0.125), (17.5, 0.1)])
def test_the_value_is_the_sum_over_every_pair_of_combos(
        combos: ComboEquity, table: ClassEquity, stack: float, ante: float) -> None:
    game = PushFoldGame.build(table, stack, ante)
    rng = np.random.default_rng(7)
    push, call = rng.random(len(SMALL)), rng.random(len(SMALL))
    assert game.value(push, call) == pytest.approx(
        _direct_value(combos, table.classes, push, call, stack, ante), abs=1e-12)


@pytest.mark.parametrize("stack", [2.0, 6.5, 12.0])
def test_best_responses_beat_every_pure_strategy(table: ClassEquity, stack: float) -> None:
    game = PushFoldGame.build(table, stack, 0.1)
    rng = np.random.default_rng(3)
    push, call = rng.random(len(SMALL)), rng.random(len(SMALL))
    pure = [np.array(bits, dtype=np.float64) for bits in product((0, 1), repeat=len(SMALL))]
    sb_best, bb_best = best_response_values(game, push, call)
    assert sb_best == pytest.approx(max(game.value(p, call) for p in pure), abs=1e-12)
    assert bb_best == pytest.approx(min(game.value(push, q) for q in pure), abs=1e-12)
    assert exploitability(game, push, call) == pytest.approx((sb_best - bb_best) / 2)


@pytest.mark.parametrize(("stack", "ante"), [
    (1.0, 0.0), (1.5, 0.125), (2.5, 0.0), (4.0, 0.1), (7.0, 0.0), (11.0, 0.125),
    (16.0, 0.0), (25.0, 0.125)])
def test_the_solution_is_an_equilibrium(table: ClassEquity, stack: float,
                                        ante: float) -> None:
    game = PushFoldGame.build(table, stack, ante)
    sol = solve(game)
    assert sol.exploitability <= EXACT
    pure = [np.array(bits, dtype=np.float64) for bits in product((0, 1), repeat=len(SMALL))]
    assert max(game.value(p, sol.call) for p in pure) <= sol.value + 1e-12
    assert min(game.value(sol.push, q) for q in pure) >= sol.value - 1e-12
    # mixed hands mix: neither action of theirs is better
    for name in sol.mixed("push"):
        assert abs(game.sb_gaps(sol.call)[game.names.index(name)]) < 1e-12
    for name in sol.mixed("call"):
        assert abs(game.bb_gaps(sol.push)[game.names.index(name)]) < 1e-12


def test_one_big_blind_deep_everything_goes_in(table: ClassEquity) -> None:
    sol = solve(PushFoldGame.build(table, 1.0))
    assert sol.push.tolist() == sol.call.tolist() == [1.0] * len(SMALL)
    assert sol.value == pytest.approx(0.0, abs=1e-15)


def test_blinds_and_antes_come_out_of_the_stack(table: ClassEquity) -> None:
    game = PushFoldGame.build(table, 1.0, 0.125)
    assert (game.fold, game.steal) == (0.625, 1.0)  # the big blind posts 0.875 of 1
    game = PushFoldGame.build(table, 10.0, 0.125)
    assert (game.fold, game.steal) == (0.625, 1.125)


@pytest.mark.parametrize(("stack", "ante"), [
    (0.5, 0.0), (0.0, 0.0), (-3.0, 0.0), (201.0, 0.0), (float("nan"), 0.0),
    (float("inf"), 0.0), (10.0, -0.1), (10.0, 1.5), (1.0, 1.0), (10.0, float("nan"))])
def test_bad_settings_are_refused(table: ClassEquity, stack: float, ante: float) -> None:
    with pytest.raises(ConfigError):
        PushFoldGame.build(table, stack, ante)


def test_the_json_lists_pure_and_mixed_hands(table: ClassEquity) -> None:
    sol = solve(PushFoldGame.build(table, 12.0))
    data = sol.to_json()
    assert data["stack"] == 12 and data["ante"] == 0.0
    assert set(data["push"]) | set(data["mixed"]["push"]) <= set(SMALL)
    assert "AA" in data["push"] and "AA" in data["call"]
    assert data["exploitability"] <= EXACT


def _frequencies(matrix: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    x = np.clip(np.linalg.lstsq(matrix, rhs, rcond=None)[0], 0.0, 1.0)
    x[x < PURE] = 0.0
    x[x > 1.0 - PURE] = 1.0
    return x


def _mixing_alone(game: PushFoldGame, pushes: np.ndarray, calls: np.ndarray,
                  mix_sb: np.ndarray, mix_bb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One profile of the exact step, made on its own: the mixing classes of each side
    keep the other side's indifferent, one least-squares system each."""
    contest = game.contest
    edge = (game.steal + game.fold) * game.rows
    p, q = pushes.astype(np.float64), calls.astype(np.float64)
    if len(mix_sb) and len(mix_bb):
        block = contest[np.ix_(mix_sb, mix_bb)]
        p[mix_sb] = 0.0
        p[mix_sb] = _frequencies(block.T, -(p @ contest)[mix_bb])
        q[mix_bb] = 0.0
        q[mix_bb] = _frequencies(block, (edge - contest @ q)[mix_sb])
    return p, q


def _exact_one_by_one(game: PushFoldGame, push: np.ndarray, call: np.ndarray,
                      rounds: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The exact step as its docstring tells it, every profile made and measured in
    turn; ``rounds`` gets how many rounds of mixing sets were tried (1: the nearest
    classes did; 2: every set was tried too)."""
    sb = game.sb_gaps(call) / game.rows
    bb = game.bb_gaps(push) / game.weight.sum(axis=0)
    near_sb, near_bb = np.argsort(np.abs(sb)), np.argsort(np.abs(bb))
    best, least = (push, call), exploitability(game, push, call)
    most, nearest = pushfold.MIXING, pushfold.NEAREST
    prefixes = [[near[:k] for k in range(most + 1)] for near in (near_sb, near_bb)]
    subsets = [[np.array(c, dtype=np.intp) for k in range(most + 1)
                for c in combinations(near[:nearest].tolist(), k)]
               for near in (near_sb, near_bb)]
    tried = 0
    for sets in (prefixes, subsets):
        tried += 1
        for mix_sb, mix_bb in product(*sets):
            p, q = _mixing_alone(game, sb > 0, bb > 0, mix_sb, mix_bb)
            found = exploitability(game, p, q)
            if found < least:
                best, least = (p, q), found
        if least <= EXACT:
            break
    rounds.append(tried)
    return best


@pytest.mark.parametrize("stacked", [True, False], ids=["stacked", "public-lstsq"])
def test_the_profiles_made_together_are_those_made_one_at_a_time(
        table: ClassEquity, stacked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stacked through NumPy's generalised ufunc, or (a NumPy without it) solved one
    system at a time through the public ``lstsq``: the same profiles to the bit."""
    if stacked:
        assert pushfold._stacked_lstsq() is not None
    else:
        monkeypatch.setattr(pushfold, "_stacked_lstsq", lambda: None)
    rng = np.random.default_rng(11)
    size = len(SMALL)
    for stack in (1.5, 4.0, 9.0, 25.0, 150.0):
        game = PushFoldGame.build(table, stack, 0.1)
        pushes, calls = rng.random(size) < 0.5, rng.random(size) < 0.5
        pairs = [(rng.permutation(size)[:rng.integers(4)].astype(np.intp),
                  rng.permutation(size)[:rng.integers(4)].astype(np.intp))
                 for _ in range(60)]
        push, call = pushfold._mixings(game, pushes, calls, pairs)
        for k, (mix_sb, mix_bb) in enumerate(pairs):
            p, q = _mixing_alone(game, pushes, calls, mix_sb, mix_bb)
            assert np.array_equal(push[k], p) and np.array_equal(call[k], q)
        near = pushfold._near_exploitabilities(game, pushes, calls, push, call)
        measured = [exploitability(game, push[k], call[k]) for k in range(len(pairs))]
        assert np.allclose(near, measured, rtol=0.0, atol=pushfold.SLACK / 1000)


def test_the_exact_step_returns_what_measuring_every_profile_gives(
        table: ClassEquity) -> None:
    """From CFR+ stopped early and late, at stacks and antes of all kinds: the same
    profile to the bit, whether the nearest classes do or every set is tried."""
    rounds: list[int] = []
    for stack, ante in ((1.5, 0.0), (3.0, 0.125), (6.5, 0.0), (12.0, 0.1), (40.0, 0.0)):
        game = PushFoldGame.build(table, stack, ante)
        cfr = pushfold._CFRPlus(game)
        for most in (1, 3, 10, 64, 640):
            cfr.run(0.0, most)
            average = cfr.average()
            ours = pushfold._exact(game, *average)
            theirs = _exact_one_by_one(game, *average, rounds)
            assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))
    assert set(rounds) == {1, 2}


@pytest.mark.exhaustive
@pytest.mark.parametrize("ante", [0.0, 0.125])
def test_every_chart_stack_is_solved_exactly(ante: float) -> None:
    """The 169-class game at every stack of the charts: 1 to 25 big blinds by 0.5."""
    from pokerroom.strategy.charts import STACKS, preflop_classes

    full = preflop_classes()
    worst = 0.0
    for stack in STACKS:
        sol = solve(PushFoldGame.build(full, stack, ante))
        worst = max(worst, sol.exploitability)
        assert len(sol.mixed("push")) <= 3 and len(sol.mixed("call")) <= 3
    assert worst <= EXACT < 0.01
