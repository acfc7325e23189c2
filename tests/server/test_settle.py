"""The settle-up's payments: they square every party, are positive whole chips, number
at most one fewer than the parties, and are the fewest possible for the room's tables
(checked against a search over every way to split the parties)."""

from __future__ import annotations

import time
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.server.settle import EXACT_PARTIES, fewest_transfers


@st.composite
def nets(draw: st.DrawFn, most: int = 8, biggest: int = 1000) -> dict[str, int]:
    """Each party's net result, summing to zero (some may be zero)."""
    count = draw(st.integers(min_value=1, max_value=most))
    values = draw(st.lists(st.integers(-biggest, biggest), min_size=count - 1,
                           max_size=count - 1))
    values.append(-sum(values))
    return {f"P{i}": value for i, value in enumerate(values)}


def fewest_by_search(values: tuple[int, ...]) -> int:
    """The fewest payments, by trying every split into zero-sum groups: the parties
    with a non-zero net, less the most groups they split into."""
    parties = tuple(v for v in values if v)

    @cache
    def most_groups(left: frozenset[int]) -> int:
        if not left:
            return 0
        first = min(left)
        rest = sorted(left - {first})
        best = 0
        for mask in range(1 << len(rest)):  # the group holding the first party
            group = {first} | {rest[i] for i in range(len(rest)) if mask >> i & 1}
            if sum(parties[i] for i in group) == 0:
                best = max(best, 1 + most_groups(left - group))
        return best

    return len(parties) - most_groups(frozenset(range(len(parties))))


def check_squares(given_nets: dict[str, int], payments: list[tuple[str, str, int]]) -> None:
    moved = dict.fromkeys(given_nets, 0)
    for payer, payee, chips in payments:
        assert isinstance(chips, int) and chips > 0 and payer != payee
        moved[payer] -= chips
        moved[payee] += chips
    assert moved == given_nets
    parties = sum(1 for net in given_nets.values() if net)
    assert len(payments) <= max(parties - 1, 0)


@given(nets())
def test_the_payments_square_every_party_in_at_most_one_fewer_than_the_parties(
        given_nets: dict[str, int]) -> None:
    check_squares(given_nets, fewest_transfers(given_nets))


@given(nets(most=8, biggest=12))
def test_the_payments_are_the_fewest_possible(given_nets: dict[str, int]) -> None:
    # small amounts, so that parties often split into groups that each sum to zero
    payments = fewest_transfers(given_nets)
    assert len(payments) == fewest_by_search(tuple(given_nets.values()))


@settings(max_examples=30, deadline=None)
@given(nets(most=2 * EXACT_PARTIES + 4, biggest=50))
def test_more_parties_than_are_split_exactly_still_square_in_fewer_payments(
        given_nets: dict[str, int]) -> None:
    check_squares(given_nets, fewest_transfers(given_nets))


def test_a_full_search_is_quick_for_the_most_parties_it_splits_exactly() -> None:
    values = [3, -5, 7, -11, 13, -17, 19, -23, 29, -31, 37]
    party_nets = {f"P{i}": v for i, v in enumerate([*values, -sum(values)])}
    assert len(party_nets) == EXACT_PARTIES
    started = time.perf_counter()
    check_squares(party_nets, fewest_transfers(party_nets))
    assert time.perf_counter() - started < 2.0
