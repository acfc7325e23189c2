"""The declare game of Guts and Herbie: its deals against a count over every pair of
hands, its payoffs against the engine's own showdown, its exact best responses against
every pure strategy, and CFR+'s exploitability."""

from __future__ import annotations

import pickle
import random
from itertools import combinations, product

import numpy as np
import pytest

from pokerroom.core import DEALER, Declare
from pokerroom.deck import Deck
from pokerroom.errors import ConfigError
from pokerroom.homegames.guts import GutsDeal
from pokerroom.strategy.declare import (
    deal_values,
    evaluate_declare,
    histories,
    solve_declare,
    summarise,
)
from pokerroom.strategy.declare_game import (
    DeclareDeals,
    DeclareSetting,
    _settle_guts,
    _settle_herbie,
    build_deals,
    chunk_deals,
    deal_chunks,
    hand_table,
)
from pokerroom.strategy.declare_values import chances, prepare, values_into, values_numpy
from pokerroom.strategy.declare_work import (
    Groups,
    add_up,
    chunk_groups,
    forget,
    group_sums,
    group_values,
    load_group,
    tree_nodes,
    value_a_group,
)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ConfigError, match="2 to 4 players, not 5"):
        DeclareSetting.of("guts2", players=5, pot=10)
    with pytest.raises(ConfigError, match="at least 1 chip"):
        DeclareSetting.of("guts2", players=2, pot=0)
    with pytest.raises(ConfigError, match="does not play the ghost"):
        DeclareSetting.of("guts2", players=2, pot=10, rules={"ghost": "always"})
    with pytest.raises(ConfigError, match="plays guts2, guts3, herbie"):
        DeclareSetting.of("holdem", players=2, pot=10)


@pytest.mark.rule("guts-4.6-pot-limit")
def test_a_pot_limit_caps_the_pot_played_for() -> None:
    setting = DeclareSetting.of("guts2", players=2, pot=50, rules={"pot_limit": 20})
    assert setting.pot == 20 and setting.match == 20


@pytest.mark.rule("guts-deal", "guts-4.2a", "guts-4.2b", "guts-4.2c", "guts-4.2d")
def test_exact_deals_count_every_pair_of_hands() -> None:
    setting = DeclareSetting.of("guts2", players=2, pot=10)
    table = hand_table("guts2", setting.options)
    assert len(table.names) == 91 and table.short[0] == "32" and table.short[-1] == "AA"
    hands = list(combinations(range(52), 2))
    masks = np.array([(1 << a) | (1 << b) for a, b in hands], dtype=np.int64)
    bucket = np.array([table.bucket[a, b] for a, b in hands])
    apart = (masks[:, None] & masks[None, :]) == 0
    counts = np.zeros((91, 91))
    np.add.at(counts, (bucket[:, None].repeat(len(hands), 1)[apart],
                       bucket[None, :].repeat(len(hands), 0)[apart]), 1)
    deals = build_deals(setting)
    grid = np.zeros((91, 91))
    grid[deals.buckets[:, 0], deals.buckets[:, 1]] = deals.weight
    assert np.allclose(grid, counts / counts.sum(), rtol=1e-12, atol=0)


@pytest.mark.rule("guts-deal")
def test_three_player_exact_deals_add_up() -> None:
    deals = build_deals(DeclareSetting.of("guts2", players=3, pot=10))
    assert float(deals.weight.sum()) == pytest.approx(1.0, abs=1e-12)
    # three aces each would need nine aces: never dealt
    table_size = 91
    assert not ((deals.buckets == table_size - 1).all(axis=1)).any()


def test_sampled_deals_are_the_same_however_they_are_cut() -> None:
    setting = DeclareSetting.of("herbie", players=3, pot=10)
    chunks = deal_chunks(setting, 25_000, seed=3)
    assert [c.stop - c.start for c in chunks] == [10_000, 10_000, 5_000]
    again = [chunk_deals(c) for c in reversed(deal_chunks(setting, 25_000, seed=3))][::-1]
    for one, two in zip([chunk_deals(c) for c in chunks], again, strict=True):
        assert np.array_equal(one.payoff, two.payoff)
    assert float(DeclareDeals.joined(again).weight.sum()) == pytest.approx(1.0)


def _engine(setting: DeclareSetting, hands: list[list[str]], ins: tuple[int, ...]) -> list[int]:
    """Each seat's net chips when ``ins`` stay in, settled by the engine's own deal."""
    n = setting.players
    order = [hands[i % n][i // n] for i in range(2 * n)]
    options = setting.options
    deal = GutsDeal(options, dealer=n - 1, pot=setting.pot,  # type: ignore[arg-type]
                    deck=Deck.stacked(" ".join(order)))
    while deal.actors == (DEALER,) and deal.phase == "deal":
        deal.advance()
    for seat in range(n):
        if deal.phase != "declare":
            break
        deal.apply(Declare(seat=seat, stay=seat in ins))
    while deal.actors:
        deal.advance()
    net = [deal.payouts.get(s, 0) for s in range(n)]
    for seat, amount, _ in deal.payments:
        net[seat] -= amount
    return net


@pytest.mark.rule("guts-losers-match", "guts-ties-share", "guts-single-in-takes-pot",
                  "guts-single-loser", "guts-no-split", "guts-limit-agree",
                  "guts-5.1-simultaneous", "guts-5.1a-everyone-out", "guts-showdown")
@pytest.mark.parametrize("rules", [
    {"declare": "simultaneous"},
    {"declare": "simultaneous", "single_loser": True},
    {"declare": "simultaneous", "no_split": True, "max_match": 5},
])
def test_payoffs_are_the_engines_showdown(rules: dict[str, object]) -> None:
    setting = DeclareSetting.of("guts2", players=3, pot=12, rules=rules)
    table = hand_table("guts2", setting.options)
    rng = random.Random(5)
    names = [f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]
    fixed = [["Ac", "Ad", "Kc", "Kd", "7c", "7d"],   # two pairs and a tie below
             ["9c", "8d", "9d", "8c", "2c", "3d"]]   # a tie for best
    deals = [fixed[0], fixed[1], *(rng.sample(names, 6) for _ in range(6))]
    for cards in deals:
        hands = [cards[0:2], cards[2:4], cards[4:6]]
        values = np.array([[table.value[names.index(a), names.index(b)] for a, b in hands]])
        for ins in (x for k in range(4) for x in combinations(range(3), k)):
            mine = _settle_guts(setting, ins, values, values)[0]
            assert mine.tolist() == _engine(setting, hands, ins), (hands, ins)


@pytest.mark.rule("guts-declare-in-turn", "guts-dealer-auto-in")
def test_in_turn_the_dealer_is_in_when_everyone_before_is_out() -> None:
    setting = DeclareSetting.of("guts2", players=3, pot=12)
    assert _engine(setting, [["2c", "3d"], ["4c", "5d"], ["7c", "2d"]], ()) == [0, 0, 12]
    deals = build_deals(DeclareSetting.of("guts2", players=2, pot=12))
    assert (deals.payoff[0b10, 1] == 12).all()  # the dealer alone takes the pot


@pytest.mark.rule("herbie-table-1", "herbie-table-2", "herbie-table-3", "herbie-table-4",
                  "herbie-table-5", "herbie-4.3", "herbie-4.4", "herbie-4.1")
def test_herbie_payoffs_follow_article_4() -> None:
    def settle(ins: tuple[int, ...], values: list[int], herbie: int,
               lone_tie: str = "herbie-wins") -> list[float]:
        setting = DeclareSetting.of("herbie", players=3, pot=12,
                                    rules={"lone_tie": lone_tie, "max_match": 9})
        out = _settle_herbie(setting, ins, np.array([values]), np.array([herbie]))
        return [float(v) for v in out[0]]

    assert settle((), [5, 6, 7], 9) == [0, 0, 0]                 # no one in: pot stays
    assert settle((1,), [5, 6, 7], 4) == [0, 12, 0]              # lone player beats Herbie
    assert settle((1,), [5, 6, 7], 8) == [0, -9, 0]              # loses: matches (capped)
    assert settle((0, 2), [5, 6, 7], 4) == [-9, 0, 12]           # best takes, the other pays
    assert settle((0, 1, 2), [5, 6, 7], 8) == [-9, -9, -9]       # Herbie best: all match
    # a tie for best that Herbie does not beat is played off: even chances, loser matches
    assert settle((0, 1, 2), [7, 5, 7], 7) == [1.5, -9, 1.5]
    assert settle((1,), [0, 6, 0], 6) == [0, -9, 0]              # lone tie, Herbie wins
    assert settle((1,), [0, 6, 0], 6, "player-wins") == [0, 12, 0]
    assert settle((1, 2), [0, 6, 3], 6, "standoff") == [0, 0, -9]


def _tiny(players: int, simultaneous: bool, seed: int) -> tuple[DeclareSetting, DeclareDeals]:
    rules = {"declare": "simultaneous"} if simultaneous else {}
    setting = DeclareSetting.of("guts2", players=players, pot=10, rules=rules)
    rng = np.random.default_rng(seed)
    count, size = 40, 3
    buckets = rng.integers(0, size, (count, players))
    weight = rng.random(count)
    payoff = rng.normal(size=(1 << players, players, count))
    return setting, DeclareDeals(buckets, weight / weight.sum(), payoff)


def _brute_value(setting: DeclareSetting, deals: DeclareDeals, stay: np.ndarray,
                 player: int) -> float:
    n = setting.players
    total = 0.0
    for d in range(len(deals.weight)):
        for s in range(1 << n):
            chance = deals.weight[d]
            for i in range(n):
                heard = 0 if setting.simultaneous else s & ((1 << i) - 1)
                p = stay[i, heard, deals.buckets[d, i]]
                if not setting.simultaneous and i == n - 1 and heard == 0:
                    p = 1.0
                chance *= p if s >> i & 1 else 1 - p
            total += chance * deals.payoff[s, player, d]
    return total


@pytest.mark.parametrize(("players", "simultaneous"), [(2, False), (2, True), (3, True)])
def test_best_responses_beat_every_pure_strategy(players: int, simultaneous: bool) -> None:
    setting, deals = _tiny(players, simultaneous, seed=players + simultaneous)
    h, size = histories(setting), 3
    rng = np.random.default_rng(11)
    stay = rng.random((players, h, size))
    evaluation = summarise(setting, stay, deal_values(setting, deals, stay))
    for i in range(players):
        assert evaluation.values[i] == pytest.approx(_brute_value(setting, deals, stay, i))
        decisions = [(hh, b) for hh in range(min(h, 1 << i) if not simultaneous else 1)
                     for b in range(size)
                     if simultaneous or not (i == players - 1 and hh == 0)]
        best = -np.inf
        for pure in product((0.0, 1.0), repeat=len(decisions)):
            trial = stay.copy()
            for (hh, b), p in zip(decisions, pure, strict=True):
                trial[i, hh, b] = p
            best = max(best, _brute_value(setting, deals, trial, i))
        assert evaluation.values[i] + evaluation.gains[i] == pytest.approx(best)


@pytest.mark.rule("guts-declare-in-turn", "guts-5.1-simultaneous")
def test_cfr_plus_converges_on_heads_up_guts() -> None:
    for rules in ({}, {"declare": "simultaneous"}):
        setting = DeclareSetting.of("guts2", players=2, pot=10, rules=rules)
        sol = solve_declare(setting, iterations=300)
        record = dict(sol.history)
        assert record[300] < record[50] / 5
        assert sol.exploitability < 5e-4 * setting.pot
        again = evaluate_declare(setting, sol.stay)
        assert again.exploitability == pytest.approx(sol.exploitability)
    # declaring at once both seats play alike: the weakest hand that stays is the same
    assert sol.threshold(0, 0) == sol.threshold(1, 0)
    assert sol.stay[0, 0, -1] > 0.999 and sol.stay[0, 0, 0] < 0.001


@pytest.mark.rule("guts-limit-agree")
def test_a_table_maximum_widens_the_staying_range() -> None:
    plain = solve_declare(DeclareSetting.of("guts2", players=2, pot=10,
                                    rules={"declare": "simultaneous"}), iterations=200)
    capped = solve_declare(DeclareSetting.of("guts2", players=2, pot=10,
                                     rules={"declare": "simultaneous", "max_match": 4}),
                   iterations=200)
    assert capped.share(0, 0) > plain.share(0, 0) + 0.1


@pytest.mark.rule("herbie-3.1", "herbie-3.2", "herbie-1.3")
def test_herbie_heads_up_stays_with_strong_hands_only() -> None:
    sol = solve_declare(DeclareSetting.of("herbie", players=2, pot=10), iterations=100,
                deals=20_000)
    names = hand_table("herbie", sol.setting.options).names
    assert names[0].startswith("no pair") and names[-1].startswith("three aces")
    assert (sol.stay[:, 0, 0] < 0.01).all() and (sol.stay[:, 0, -1] > 0.99).all()
    assert 0.2 < sol.share(0, 0) < 0.6
    assert sol.exploitability < 0.01 * sol.setting.pot


@pytest.mark.rule("guts-losers-match", "guts-5.1a-everyone-out", "herbie-4.1")
def test_with_the_carry_every_deal_shares_out_the_pot() -> None:
    for game, players in (("guts2", 3), ("herbie", 2)):
        setting = DeclareSetting.of(game, players=players, pot=12, carry=True,
                                    rules={"max_match": 5})
        deals = DeclareDeals.joined([chunk_deals(c) for c in deal_chunks(setting, 10_000)][:1])
        assert np.allclose(deals.payoff.sum(axis=1), 12.0)
        plain = DeclareSetting.of(game, players=players, pot=12, rules={"max_match": 5})
        first = chunk_deals(deal_chunks(plain, 10_000)[0])
        # nobody in: the pot stays, a third (a half) of it each
        assert np.allclose(deals.payoff[0], 12.0 / players)
        left = 12.0 - first.payoff.sum(axis=1, keepdims=True)
        assert np.allclose(deals.payoff[..., : len(first.weight)],
                           first.payoff + left / players)


@pytest.mark.parametrize(("players", "simultaneous"),
                         [(2, False), (3, False), (3, True), (4, False), (4, True)])
def test_the_compiled_walk_and_the_numpy_one_agree(players: int, simultaneous: bool) -> None:
    setting, deals = _tiny(players, simultaneous, seed=7 * players + simultaneous)
    stay = np.random.default_rng(3).random((players, histories(setting), 3))
    chance = chances(setting, stay, 1e-6)
    ready = prepare(deals)
    walked = np.zeros((players, histories(setting), 3, 2))
    values_into(ready, chance, simultaneous, walked)
    assert np.allclose(walked, values_numpy(ready, chance, simultaneous), rtol=1e-12,
                       atol=1e-15)
    assert walked[:, :, :, 1].any()


def test_payoff_tables_are_shared_only_where_many_deals_are_alike() -> None:
    guts = chunk_deals(deal_chunks(DeclareSetting.of("guts2", players=3, pot=10))[0])
    ready = prepare(guts)
    assert len(ready.outcomes) == 13  # the orders of three hands, ties counted
    assert np.array_equal(ready.palette[ready.outcomes[ready.code]].transpose(1, 2, 0),
                          guts.payoff)
    herbie = chunk_deals(deal_chunks(DeclareSetting.of("herbie", players=4, pot=10))[0])
    assert len(prepare(herbie).outcomes) == len(herbie.weight)


def test_the_values_add_up_the_same_however_the_chunks_are_grouped() -> None:
    setting = DeclareSetting.of("herbie", players=3, pot=10)
    chunks = deal_chunks(setting, 75_000, seed=2)
    chance = chances(setting, np.random.default_rng(5).random((3, 1, 140)), 1e-6)
    each = group_values(chunks, chance)
    sums = []
    for parts in (1, 2, 3, 5, 8):
        groups = Groups.of(chunks, parts)
        assert [c for g in range(len(groups)) for c in groups.group(g)] == chunks
        assert [[c for c in groups.group(g)] for g in range(len(groups))] == chunk_groups(
            chunks, parts)
        nodes = [node for g in range(len(groups)) for node in group_sums(groups, g, chance)]
        assert len(nodes) <= 2 * len(groups) * 3  # a few sums a group, not a chunk each
        sums.append(add_up(dict(nodes), len(chunks)))
        # two threads taking the chunks in turn: the same sums, to the bit
        both = [node for g in range(len(groups)) for node in group_sums(groups, g, chance, 2)]
        assert [n for n, _ in both] == [n for n, _ in nodes]
        assert all(np.array_equal(a, b) for (_, a), (_, b) in zip(both, nodes, strict=True))
    assert all(np.array_equal(sums[0], other) for other in sums[1:])
    assert np.allclose(sums[0], np.sum(each, axis=0), rtol=1e-13, atol=0)
    with pytest.raises(ValueError, match="no sum covers chunk 4"):
        add_up(dict(group_sums(Groups.of(chunks, 2), 0, chance)), len(chunks))


@pytest.mark.parametrize("count", [1, 2, 3, 7, 8, 100])
def test_the_tree_nodes_of_a_range_cover_it_once(count: int) -> None:
    for begin in range(count):
        for end in range(begin + 1, count + 1):
            covered = [j for level, k in tree_nodes(begin, end, count)
                       for j in range(k << level, min((k + 1) << level, count))]
            assert covered == list(range(begin, end))


def test_a_process_answers_for_the_group_whose_deals_it_keeps() -> None:
    setting = DeclareSetting.of("herbie", players=2, pot=10)
    groups = Groups.of(deal_chunks(setting, 30_000, seed=4), 3)
    chance = chances(setting, np.full((2, 1, 140), 0.5), 0.0)
    forget()
    assert load_group(groups.group(1)) == 10_000
    index, sums = value_a_group(2, groups, chance)  # asked for 2, keeps 1
    assert index == 1 and [node for node, _ in sums] == tree_nodes(1, 2, 3)
    assert value_a_group(2, groups, chance, insist=True)[0] == 2
    assert value_a_group(2, groups, chance)[0] == 2  # now it keeps both
    forget()
    assert value_a_group(0, groups, chance)[0] == 0  # keeps nothing: makes the one asked
    with pytest.raises(ValueError, match="not a whole job"):
        Groups.of(deal_chunks(setting, 30_000, seed=4)[1:], 2)


def test_what_travels_each_iteration_does_not_grow_with_the_chunks() -> None:
    setting = DeclareSetting.of("herbie", players=4, pot=10)
    small, large = (Groups.of(deal_chunks(setting, deals), 2) for deals in (20_000, 1_000_000))
    assert len(pickle.dumps(large)) <= len(pickle.dumps(small)) + 8 < 2_000
    assert pickle.loads(pickle.dumps(large)).group(1) == large.group(1)
    assert len(tree_nodes(*large.cuts[1:], 100)) <= 2 * 7  # sums sent back: a few a group


def test_a_solve_walks_the_deals_once_an_iteration_and_once_a_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerroom.strategy import declare

    setting = DeclareSetting.of("guts2", players=2, pot=10)
    walks: list[float] = []
    values = declare._Runner.values

    def counted(self: declare._Runner, stay: np.ndarray, tremble: float) -> np.ndarray:
        walks.append(tremble)
        return values(self, stay, tremble)

    monkeypatch.setattr(declare._Runner, "values", counted)
    sol = solve_declare(setting, iterations=120)
    # 120 iterations, checked at 50, 100 and the last, whose check is the solution's
    assert walks.count(declare.TREMBLE) == 120 and walks.count(0.0) == 3
    assert [t for t, _ in sol.history] == [50, 100, 120]
    assert sol.history[-1][1] == sol.exploitability
    assert evaluate_declare(setting, sol.stay).exploitability == sol.exploitability


def test_a_process_forked_after_walking_on_two_threads_walks_on_two_of_its_own() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    setting = DeclareSetting.of("herbie", players=2, pot=10)
    groups = Groups.of(deal_chunks(setting, 30_000, seed=4), 1)
    chance = chances(setting, np.full((2, 1, 140), 0.5), 0.0)
    here = group_sums(groups, 0, chance, 2)  # this process now has its walking thread
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        there = pool.submit(group_sums, groups, 0, chance, 2).result(timeout=60)
    assert all(np.array_equal(a, b) for (_, a), (_, b) in zip(here, there, strict=True))
