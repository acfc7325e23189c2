"""Payout tables, the prize pool, whole-unit prizes, and deals by ICM and by chips."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import TournamentError
from pokerroom.tournament.deal import chip_deal, icm_deal
from pokerroom.tournament.payouts import (
    PRESETS,
    STANDARD,
    PayoutTable,
    parse_percentages,
    prize_pool,
    prizes,
)


@pytest.mark.parametrize(("entries", "places"), [
    (2, 1), (4, 1), (5, 2), (7, 2), (8, 3), (10, 3), (11, 4), (19, 6), (28, 7), (200, 7)])
def test_the_standard_ladder_pays_more_places_for_larger_fields(entries: int,
                                                                places: int) -> None:
    assert len(STANDARD.percentages(entries)) == places


@pytest.mark.parametrize("table", sorted(PRESETS))
def test_every_preset_tier_sums_to_a_hundred(table: str) -> None:
    for tier in PRESETS[table].tiers:
        assert sum(tier.percentages) == 100


def test_a_custom_table_and_its_limits() -> None:
    table = PayoutTable.single([60, 25, 15])
    assert table.percentages(12) == (60, 25, 15)
    with pytest.raises(TournamentError, match="2 entries cannot fill the 3 places"):
        table.percentages(2)
    with pytest.raises(TournamentError, match="entries"):
        table.percentages(0)


def test_the_pool_counts_buy_ins_rebuys_and_add_ons() -> None:
    assert prize_pool(entries=8, buy_in=20, rebuys=5, rebuy_price=20, add_ons=6,
                      add_on_price=10) == 160 + 100 + 60
    with pytest.raises(TournamentError, match="rebuys"):
        prize_pool(8, 20, rebuys=-1)


def test_odd_units_go_to_the_higher_places() -> None:
    assert prizes(101, parse_percentages("50,30,20")) == (51, 30, 20)
    assert prizes(103, parse_percentages("40,30,20,10")) == (42, 31, 20, 10)
    assert prizes(1000, parse_percentages("50,30,20"), unit=25) == (500, 300, 200)
    assert prizes(1010, parse_percentages("50,30,20"), unit=25) == (510, 300, 200)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from(sorted(PRESETS)), st.integers(1, 60),
       st.sampled_from([1, 5, 25]))
def test_prizes_sum_to_the_pool_and_never_increase(pool: int, name: str, entries: int,
                                                   unit: int) -> None:
    shares = PRESETS[name].percentages(entries)
    paid = prizes(pool, shares, unit=unit)
    assert sum(paid) == pool
    assert all(a >= b for a, b in pairwise(paid))
    for share, prize in zip(shares, paid, strict=True):
        assert abs(prize - pool * share / 100) < unit * len(paid)


def test_the_worked_deal_of_the_documentation() -> None:
    stacks = [100_000, 70_000, 50_000, 20_000]
    deal = icm_deal(stacks, [200, 120, 80, 50])
    assert deal.amounts == (141, 124, 109, 76) and deal.shared == 450
    chips = chip_deal(stacks, [200, 120, 80, 50])
    # everyone is paid the 50 of fourth place; the other 250 goes by chips
    assert chips.exact == (50 + Fraction(250 * 10, 24), 50 + Fraction(250 * 7, 24),
                           50 + Fraction(250 * 5, 24), 50 + Fraction(250 * 2, 24))
    assert chips.amounts == (154, 123, 102, 71)
    saved = icm_deal(stacks, [200, 120, 80, 50], save=40)
    assert saved.shared == 410 and saved.save == 40


def test_fewer_places_than_players_pays_no_floor() -> None:
    deal = chip_deal([300, 100, 100], [70, 30])
    assert deal.amounts == (60, 20, 20)


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"prizes": [50, 80]}, "payouts"),
    ({"prizes": [80, 50], "save": 90}, "save"),
    ({"prizes": []}, "payouts"),
    ({"prizes": [80, 50, 10, 5]}, "payouts"),
])
def test_bad_deals_are_refused(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(TournamentError) as caught:
        icm_deal([300, 200, 100], **kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 50_000), min_size=2, max_size=6), st.data())
def test_deals_share_exactly_the_prizes_and_icm_never_beats_chips_for_the_leader(
        stacks: list[int], data: st.DataObject) -> None:
    places = data.draw(st.integers(1, len(stacks)))
    paid = sorted(data.draw(st.lists(st.integers(0, 5000), min_size=places,
                                     max_size=places)), reverse=True)
    save = data.draw(st.integers(0, paid[0]))
    by_icm, by_chips = icm_deal(stacks, paid, save), chip_deal(stacks, paid, save)
    assert sum(by_icm.amounts) == sum(by_chips.amounts) == sum(paid) - save
    for deal in (by_icm, by_chips):
        assert all(abs(a - e) < 1 for a, e in zip(deal.amounts, deal.exact, strict=True))
    leader = stacks.index(max(stacks))
    assert by_icm.exact[leader] <= by_chips.exact[leader]


def test_a_structure_prices_its_pool_and_pays_its_places() -> None:
    from pokerroom.tournament.presets import preset

    assert preset("regular").prize_pool(10, rebuys=3, add_ons=8) == 200 + 60 + 160
    # 120 paid 40/27/19/14: 48, 32.4, 22.8, 16.8; the 2 units left go to 1st and 2nd
    assert preset("turbo").prizes(12) == (49, 33, 22, 16)
    assert sum(preset("deep").prizes(30, unit=5)) == 1500
    with pytest.raises(TournamentError, match="rebuys: the structure has no rebuys"):
        preset("turbo").prize_pool(10, rebuys=1)
    with pytest.raises(TournamentError, match="add_ons"):
        preset("deep").prizes(10, add_ons=2)
