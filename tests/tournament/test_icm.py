"""ICM: exact against an independent enumeration of finishing orders, equal to the
published worked examples, and the model's properties over random stacks and prizes."""

from __future__ import annotations

import time
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import TournamentError
from pokerroom.tournament.icm import finish_probabilities, icm_equities


def brute_force(stacks: list[int], prizes: list[float]) -> list[float]:
    """Every finishing order's chance under Malmuth-Harville, summed place by place."""
    equities = [0.0] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance = 1.0
        left = float(sum(stacks))
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order[:len(prizes)]):
            equities[player] += chance * prizes[place]
    return equities


CASES = [
    ([5000, 3000, 2000], [50, 30, 20]),
    ([1, 1], [100]),
    ([100, 7, 7, 53, 1], [40, 30, 20, 10]),
    ([9000, 4500, 4500, 1200, 800, 300], [36, 24, 18, 12, 10]),
    ([17, 23, 5, 41, 88, 2, 61], [35, 25, 15, 10, 8, 7]),
    ([1000, 999, 998, 3, 2, 1, 500, 250], [30, 20, 15, 12, 9, 7, 5, 2]),
]


@pytest.mark.parametrize(("stacks", "prizes"), CASES)
def test_equities_match_every_finishing_order_enumerated(stacks: list[int],
                                                         prizes: list[int]) -> None:
    exact = icm_equities(stacks, prizes)
    for ours, theirs in zip(exact, brute_force(stacks, [float(p) for p in prizes]),
                            strict=True):
        assert abs(float(ours) - theirs) <= 1e-9


def test_the_wikipedia_worked_example() -> None:
    """en.wikipedia.org/wiki/Independent_Chip_Model: stacks 50%, 30%, 20%, prizes 70
    and 30; the article's joint probabilities give A 45.18, B 32.25, C 22.57."""
    equities = icm_equities([50, 30, 20], [70, 30])
    assert equities == (Fraction(70 * 5, 10) + 30 * (Fraction(3, 10) * Fraction(5, 7)
                                                     + Fraction(2, 10) * Fraction(5, 8)),
                        Fraction(129, 4), Fraction(158, 7))
    assert [round(float(e), 2) for e in equities] == [45.18, 32.25, 22.57]


def test_the_four_handed_final_table_example() -> None:
    """hold-em-k.com's edge-based deal article: stacks 100k/70k/50k/20k, prizes
    $200/$120/$80/$50, ICM $140.84, $123.80, $108.96, $76.40, and its table of each
    player's chances of finishing 1st to 4th."""
    stacks = [100_000, 70_000, 50_000, 20_000]
    equities = icm_equities(stacks, [200, 120, 80, 50])
    assert [round(float(e), 2) for e in equities] == [140.84, 123.80, 108.96, 76.40]
    assert [[round(100 * float(p), 1) for p in row]
            for row in finish_probabilities(stacks)] == [[41.7, 31.9, 20.0, 6.4],
                                                         [29.2, 31.2, 27.5, 12.2],
                                                         [20.8, 25.4, 33.2, 20.6],
                                                         [8.3, 11.6, 19.3, 60.8]]


def test_the_three_handed_sit_and_go_example() -> None:
    """The calculator example of the command line's help: 5000/3000/2000 for 50/30/20
    gives 38.39, 32.75 and 28.86 (as published by the pailiku.com ICM calculator)."""
    equities = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert [round(float(e), 2) for e in equities] == [38.39, 32.75, 28.86]


def test_ten_players_are_quick() -> None:
    stacks = [1500 * (i + 1) + 7 * i * i for i in range(10)]
    start = time.perf_counter()
    equities = icm_equities(stacks, [30, 20, 15, 11, 9, 8, 7])
    assert time.perf_counter() - start < 5
    assert sum(equities) == 100


@pytest.mark.parametrize(("stacks", "prizes", "field"), [
    ([5000, 0], [100], "stacks[2]"),
    ([5000, -1], [100], "stacks[2]"),
    ([], [100], "stacks"),
    ([10, 20], [50, 30, 20], "payouts"),
    ([10, 20], [50, -5], "payouts[2]"),
    ([1] * 13, [100], "stacks"),
])
def test_bad_input_is_refused_by_name(stacks: list[int], prizes: list[int],
                                      field: str) -> None:
    with pytest.raises(TournamentError) as caught:
        icm_equities(stacks, prizes)
    assert caught.value.field == field


stacks_st = st.lists(st.integers(1, 10_000), min_size=1, max_size=7)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    stacks = draw(stacks_st)
    places = draw(st.integers(1, len(stacks)))
    prizes = sorted(draw(st.lists(st.integers(0, 1000), min_size=places, max_size=places)),
                    reverse=True)
    return stacks, prizes


@settings(max_examples=150, deadline=None)
@given(tables())
def test_equities_sum_to_the_prizes_and_follow_the_stacks(case: tuple[list[int],
                                                                       list[int]]) -> None:
    stacks, prizes = case
    equities = icm_equities(stacks, prizes)
    assert sum(equities) == sum(prizes)
    for i, j in ((i, j) for i in range(len(stacks)) for j in range(len(stacks))):
        if stacks[i] == stacks[j]:
            assert equities[i] == equities[j]
        elif stacks[i] > stacks[j]:
            assert equities[i] >= equities[j]
    for row in finish_probabilities(stacks):
        assert sum(row) == 1


@settings(max_examples=150, deadline=None)
@given(tables())
def test_the_chip_leader_gets_no_more_than_a_chip_share(case: tuple[list[int],
                                                                      list[int]]) -> None:
    stacks, prizes = case
    equities = icm_equities(stacks, prizes)
    leader = stacks.index(max(stacks))
    assert equities[leader] <= Fraction(sum(prizes) * stacks[leader], sum(stacks))
    shortest = stacks.index(min(stacks))
    assert equities[shortest] >= Fraction(sum(prizes) * stacks[shortest], sum(stacks))
