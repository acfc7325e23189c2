"""The ICM push/fold game at a final table: its settlements (side pots, players busted
in the hand), its best responses against every pure strategy, CFR+'s convergence, the
heads-up winner-take-all case against the heads-up chip-EV solver, invariances, and
ICM pressure on a bubble."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise, product

import numpy as np
import pytest

from pokerroom.errors import ConfigError, TournamentError
from pokerroom.strategy.equity import class_equity, combo_equity
from pokerroom.strategy.icm_game import IcmGame, IcmTable, deal_set, sample_deals
from pokerroom.strategy.icm_pushfold import evaluate, solve_icm
from pokerroom.strategy.pushfold import PushFoldGame, exploitability
from pokerroom.strategy.pushfold import solve as solve_heads_up

SMALL = ["AA", "KK", "AKs", "T9s", "72o", "A5o"]
FEW = ["AA", "AKs", "T9s", "72o"]


@pytest.fixture(scope="module")
def small_table() -> object:
    return combo_equity(classes=SMALL)


@pytest.fixture(scope="module")
def few_table() -> object:
    return combo_equity(classes=FEW)


@pytest.fixture(scope="module")
def tiny_game() -> IcmGame:
    table = IcmTable.build([5000, 3000, 2000], 100, 200, 0, [50, 30, 20])
    return IcmGame.build(table, deal_set(combo_equity(classes=["AA", "72o"]), 3))


def test_bad_tables_are_refused() -> None:
    with pytest.raises(TournamentError, match="give 2 to 6 stacks"):
        IcmTable.build([1000] * 7, 100, 200, 0, [1])
    with pytest.raises(TournamentError, match=r"stacks\[2\]: 225 chips do not cover"):
        IcmTable.build([1000, 225], 100, 200, 25, [1])
    with pytest.raises(TournamentError, match="3 places paid but only 2"):
        IcmTable.build([1000, 1000], 100, 200, 0, [5, 3, 2])
    with pytest.raises(TournamentError, match="at least one place must pay"):
        IcmTable.build([1000, 1000], 100, 200, 0, [0])
    with pytest.raises(ConfigError, match="0 < small blind <= big blind"):
        IcmTable.build([1000, 1000], 300, 200, 0, [1])


def test_side_pots_and_returned_chips() -> None:
    # winner take all: each player's ICM equity is its share of the chips
    table = IcmTable.build([5000, 3000, 2000], 100, 200, 0, [1])
    # all three in, the big blind (2,000) best, the button second: the main pot of
    # 6,000 to the big blind, the side pot of 2,000 to the button, its last 2,000 back
    settled = table.settle((0, 1, 2), (1, 2, 0))
    assert settled.tolist() == pytest.approx([0.4, 0.0, 0.6])
    # the button shoves, the big blind alone calls and wins: the small blind's 100 is
    # dead money in the pot
    settled = table.settle((0, 2), (1, 0))
    assert settled.tolist() == pytest.approx([3000 / 10000, 2900 / 10000, 4100 / 10000])
    # a tie splits the pot: the blind's dead 100 chips half each
    assert table.settle((0, 2), (0, 0)).tolist() == pytest.approx(
        [5050 / 10000, 2900 / 10000, 2050 / 10000])
    # a walk: the big blind takes the small blind
    assert table.settle((), None).tolist() == pytest.approx([0.5, 0.29, 0.21])


def test_players_busted_in_one_hand_finish_by_their_stacks() -> None:
    table = IcmTable.build([5000, 3000, 2000], 100, 200, 0, [50, 30, 20])
    # the button wins against both: the 3,000 stack takes second, the 2,000 third
    assert table.settle((0, 1, 2), (0, 1, 2)).tolist() == pytest.approx([50, 30, 20])
    equal = IcmTable.build([5000, 2000, 2000], 100, 200, 0, [50, 30, 20])
    # two equal stacks busted together share second and third
    assert equal.settle((0, 1, 2), (0, 1, 1)).tolist() == pytest.approx([50, 25, 25])


def test_every_terminal_shares_out_the_prizes(tiny_game: IcmGame) -> None:
    # constant-sum: whatever happens, the equities add up to the prize pool
    assert np.allclose(tiny_game.utility.sum(axis=1), 100.0)


def test_the_best_response_beats_every_pure_strategy(tiny_game: IcmGame) -> None:
    rng = np.random.default_rng(5)
    strategy = rng.random((len(tiny_game.nodes), len(tiny_game.names)))
    found = evaluate(tiny_game, strategy)
    for player in range(3):
        mine = [i for i, n in enumerate(tiny_game.nodes) if n.actor == player]
        best = -np.inf
        for bits in product((0.0, 1.0), repeat=len(mine) * len(tiny_game.names)):
            pure = strategy.copy()
            pure[mine] = np.array(bits).reshape(len(mine), -1)
            best = max(best, float(evaluate(tiny_game, pure).values[player]))
        assert best == pytest.approx(found.values[player] + found.gains[player], abs=1e-12)
        assert found.gains[player] >= 0


def test_cfr_plus_drives_the_exploitability_down(few_table: object) -> None:
    table = IcmTable.build([5000, 3000, 2000], 100, 200, 25, [50, 30, 20])
    game = IcmGame.build(table, deal_set(few_table, 3))  # type: ignore[arg-type]
    sol = solve_icm(game, iterations=250, every=25)
    gaps = [g for _, g in sol.history]
    assert gaps[-1] < gaps[0] / 10
    assert all(later <= 1.5 * earlier for earlier, later in pairwise(gaps))
    assert sol.exploitability < 2e-3
    assert sol.exploitability == pytest.approx(evaluate(game, sol.strategy).exploitability)
    assert sum(sol.values) == pytest.approx(100.0)


@pytest.mark.parametrize(("stack", "ante"), [(2000, 0), (1600, 25)])
def test_heads_up_winner_take_all_is_the_chip_ev_game(small_table: object, stack: int,
                                                      ante: int) -> None:
    table = IcmTable.build([stack, stack], 100, 200, ante, [1])
    game = IcmGame.build(table, deal_set(small_table, 2))  # type: ignore[arg-type]
    sol = solve_icm(game, iterations=2000, every=500)
    heads_up = PushFoldGame.build(class_equity(small_table),  # type: ignore[arg-type]
                                  stack / 200, ante / 200)
    exact = solve_heads_up(heads_up)
    assert sol.game.names == exact.game.names
    # the same game: its exploitability in big blinds a hand (half the NashConv) is
    # the ICM one (prize units, summed) times the chips in play over two big blinds
    push, call = sol.strategy
    assert exploitability(heads_up, push, call) == pytest.approx(
        sol.exploitability * 2 * stack / (2 * 200), rel=1e-6, abs=1e-12)
    assert exploitability(heads_up, push, call) < 2e-3
    assert np.abs(sol.strategy[0] - exact.push).max() < 0.05
    assert np.abs(sol.strategy[1] - exact.call).max() < 0.05
    for side, at in (("push", 0), ("call", 1)):
        exact_freq = exact.push if side == "push" else exact.call
        assert list(sol.ranges().values())[at] == [
            n for n, f in zip(exact.game.names, exact_freq.tolist(), strict=True) if f >= 0.5]
    # the small blind's equity is its share of the chips it expects to hold
    assert sol.values[0] == pytest.approx(0.5 + exact.value * 200 / (2 * stack), abs=1e-4)


def test_the_solution_does_not_change_with_the_chip_unit(few_table: object) -> None:
    deals = deal_set(few_table, 3)  # type: ignore[arg-type]
    small = IcmTable.build([3000, 2000, 1500], 100, 200, 25, [60, 40])
    large = IcmTable.build([30000, 20000, 15000], 1000, 2000, 250, [6, 4])
    one = solve_icm(IcmGame.build(small, deals), iterations=60)
    ten = solve_icm(IcmGame.build(large, deals), iterations=60)
    assert np.allclose(one.strategy, ten.strategy)
    assert np.allclose(one.values, 10 * ten.values)


def test_a_short_stack_on_the_bubble_calls_tighter_than_for_chips() -> None:
    deals = sample_deals(4, 10_000, seed=3)
    stacks = [6000, 5000, 4000, 2000]  # CO, BTN, SB, and the big blind short
    shares = {}
    for payouts in ([50, 30, 20], [1]):  # three paid of four; winner take all
        game = IcmGame.build(IcmTable.build(stacks, 100, 200, 0, payouts), deals)
        sol = solve_icm(game, iterations=100)
        shares[len(payouts)] = [sol.share(f"BB calls {who}") for who in ("CO", "BTN", "SB")]
    for icm, chips in zip(shares[3], shares[1], strict=True):
        assert icm < chips - 0.02


def test_sampled_deals_share_no_card() -> None:
    deals = sample_deals(6, 500, seed=1)
    from pokerroom.strategy.classes import COMBOS

    cards = COMBOS[deals.combos].reshape(500, 12)
    assert all(len(set(row)) == 12 for row in cards.tolist())
    assert deals.weight.sum() == pytest.approx(1.0)


def test_the_ante_is_dead_money() -> None:
    table = IcmTable.build([2000, 2000, 2000], 100, 200, 50, [Fraction(1)])
    assert table.posted == (50, 150, 250)
    # a walk: the big blind wins every ante and the small blind
    assert table.settle((), None).tolist() == pytest.approx(
        [1950 / 6000, 1850 / 6000, 2200 / 6000])


@pytest.mark.exhaustive
def test_the_sampled_game_heads_up_is_close_to_the_exact_equilibrium() -> None:
    # two players, the whole prize to the winner: the true game is the heads-up chip-EV
    # game, whose exact best responses measure the error of solving over sampled deals
    from pokerroom.strategy.charts import preflop_classes

    heads_up = PushFoldGame.build(preflop_classes(), 10.0)
    table = IcmTable.build([2000, 2000], 100, 200, 0, [1])
    errors = []
    for count in (50_000, 200_000):
        sol = solve_icm(IcmGame.build(table, sample_deals(2, count, seed=0)), iterations=400)
        errors.append(exploitability(heads_up, sol.strategy[0], sol.strategy[1]))
    assert errors[1] < errors[0] < 0.01  # big blinds a hand
    assert errors[1] < 0.003


def test_equal_stacks_are_settled_symmetrically() -> None:
    table = IcmTable.build([3000, 3000, 3000], 100, 200, 25, [50, 30, 20])
    allin = (0, 1, 2)
    for ranks in ((0, 1, 2), (0, 0, 2), (1, 0, 1), (0, 0, 0)):
        base = table.settle(allin, ranks)
        for perm in ((1, 0, 2), (2, 1, 0), (0, 2, 1)):
            # everyone all in for the same 3,000: who posted what makes no difference,
            # so permuting the hands' ranks permutes the equities
            moved = table.settle(allin, tuple(ranks[p] for p in perm))
            assert moved.tolist() == pytest.approx(base[list(perm)].tolist())
    assert table.settle(allin, (0, 0, 0)).tolist() == pytest.approx([100 / 3] * 3)
