"""The chip race: the procedure of pokerroom.tournament.chiprace, seat by seat."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.errors import TournamentError
from pokerroom.tournament.chiprace import race


class Stacked(random.Random):
    """A deck that comes off in a chosen order: the cards ``race`` pops from the end."""

    def __init__(self, cards: str) -> None:
        super().__init__(0)
        self.order = list(reversed(parse_cards(cards)))

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        rest = [c for c in x if c not in self.order]
        x[:] = rest + self.order


def test_the_highest_cards_win_one_chip_each_dealt_from_seat_one() -> None:
    # odd chips: seat 1 three 25s, seat 2 two, seat 3 none, seat 4 one (its whole stack)
    result = race([1075, 550, 2000, 25], chip=25, next_chip=100,
                  rng=Stacked("2c 3c As  Ks Kh"))
    assert result.odd_chips == (3, 2, 0, 1)
    assert result.cards == (parse_cards("2c 3c As"), parse_cards("Ks Kh"), (), ())
    # 150 of odd chips race for 1 chip of 100, plus one for the 50 (half a chip)
    assert result.raced_for == 2
    assert result.protected == (4,)  # seat 4 would be raced out: it gets one first
    assert result.winners == (1,)    # the ace of spades wins the one chip left
    assert result.stacks == (1100, 500, 2000, 100)
    assert result.change == 50


def test_suits_break_ties_and_no_seat_wins_twice() -> None:
    result = race([1050, 1050, 1075], chip=25, next_chip=100,
                  rng=Stacked("Ah Ad  As Ac  Ks Kh Kd"))
    # 175 of odd chips: one chip and three quarters: two chips are raced for
    assert result.raced_for == 2
    assert result.winners == (2, 1)
    assert result.stacks == (1100, 1100, 1000)


def test_less_than_half_a_chip_leaves_play() -> None:
    result = race([1025, 2000], chip=25, next_chip=100, rng=random.Random(1))
    assert result.raced_for == 0 and result.winners == ()
    assert result.stacks == (1000, 2000) and result.change == -25


def test_bad_stacks_and_chips_are_refused() -> None:
    with pytest.raises(TournamentError, match="seat 2's stack of 30"):
        race([100, 30], chip=25, next_chip=100, rng=random.Random(1))
    with pytest.raises(TournamentError, match="next_chip"):
        race([100], chip=25, next_chip=110, rng=random.Random(1))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 400), min_size=1, max_size=10), st.integers(0, 2 ** 32),
       st.sampled_from([(25, 100), (5, 25), (100, 500), (1, 1000)]))
def test_a_race_changes_value_by_under_half_a_chip_and_outs_no_one(
        counts: list[int], seed: int, chips: tuple[int, int]) -> None:
    chip, big = chips
    stacks = [count * chip for count in counts]
    result = race(stacks, chip, big, random.Random(seed))
    again = race(stacks, chip, big, random.Random(seed))
    assert result == again
    assert all(s % big == 0 for s in result.stacks)
    assert sum(result.stacks) - sum(stacks) == result.change
    extra = max(len(result.protected) - result.raced_for, 0)
    assert abs(result.change - extra * big) * 2 <= big
    for before, after in zip(stacks, result.stacks, strict=True):
        assert (before > 0) == (after > 0)
        assert before - big < after <= before - before % big + big
    assert len(set(result.winners)) == len(result.winners)
