"""The one table type: every game's table is a :class:`Session` that declares its
capabilities, the same as its catalog entry's, and the faces read them instead of
probing for attributes."""

from __future__ import annotations

import random

import pytest

from pokerroom.catalog import TableSpec
from pokerroom.core import DEALER
from pokerroom.errors import HistoryError
from pokerroom.game import Game
from pokerroom.games import all_games, get_game
from pokerroom.session import NO_CAPABILITIES, Capabilities, Session, check_ledger
from pokerroom.terminal.rotation import DealersChoice

DECLARED = {
    "jacks-or-better": Capabilities(carries_pot=True),
    "guts2": Capabilities(carries_pot=True, allows_debt=True, continues_after_game=True),
    "guts3": Capabilities(carries_pot=True, allows_debt=True, continues_after_game=True),
    "herbie": Capabilities(carries_pot=True, allows_debt=True, continues_after_game=True),
    "three-card-poker": Capabilities(house_banked=True),
}
"""The games that do more than deal hands to players with chips; every other game of the
rulebook has none of the capabilities."""


def _table(name: str, seats: int = 4) -> Session:
    entry = get_game(name)
    return entry.new_table(TableSpec(
        players=tuple(f"P{i}" for i in range(seats)), stacks=(entry.default_stack,) * seats,
        stakes=entry.default_stakes, house_rules=entry.parse_house_rules([]),
        rng=random.Random(3)))


@pytest.mark.parametrize("entry", [e for e in all_games() if e.family != "test"],
                         ids=lambda e: e.name)
def test_each_table_declares_its_entrys_capabilities(entry: Game) -> None:
    table = _table(entry.name, max(entry.min_seats, 4))
    assert isinstance(table, Session)
    assert table.capabilities == entry.capabilities == DECLARED.get(entry.name,
                                                                     NO_CAPABILITIES)


@pytest.mark.rule("herbie-4.1", "herbie-4.2", "guts-game-end")
def test_a_home_game_plays_on_in_debt_and_after_its_game_is_over() -> None:
    capabilities = _table("herbie").capabilities
    assert capabilities.allows_debt and capabilities.continues_after_game
    assert capabilities.players_needed == 0


@pytest.mark.rule("tcp-banked")
def test_one_player_is_enough_against_the_house() -> None:
    table = _table("three-card-poker", seats=1)
    assert table.capabilities.players_needed == 1
    assert table.dealer is None


def test_players_need_chips_where_no_house_banks_and_nobody_owes() -> None:
    assert NO_CAPABILITIES.players_needed == 2
    with pytest.raises(AttributeError):
        NO_CAPABILITIES.carries_pot = True  # type: ignore[misc]


def test_a_table_missing_part_of_the_type_cannot_be_built() -> None:
    class HalfTable(Session):
        capabilities = NO_CAPABILITIES

    with pytest.raises(TypeError, match="abstract"):
        HalfTable()  # type: ignore[abstract]


def test_the_ledger_check_names_the_missing_chips() -> None:
    table = _table("guts2")
    check_ledger(table, table.stacks)
    with pytest.raises(HistoryError, match="3 chip"):
        check_ledger(table, (table.stacks[0] + 3, *table.stacks[1:]))


def test_dealers_choice_carries_a_pot_when_one_of_its_games_does() -> None:
    games = [get_game("holdem"), get_game("guts2")]
    table = DealersChoice(games, seats=4, name="You", stack=200, rng=random.Random(1))
    assert table.capabilities == Capabilities(carries_pot=True)
    assert not table.is_finished and table.rotate() is None
    plain = DealersChoice(games[:1], seats=4, name="You", stack=200, rng=random.Random(1))
    assert plain.capabilities == NO_CAPABILITIES


@pytest.mark.parametrize("entry", [e for e in all_games() if e.family != "test"],
                         ids=lambda e: e.name)
def test_a_table_set_up_afresh_is_a_new_table(entry: Game) -> None:
    """``restart`` sets a table up as its game makes a new one (the poker tables), or
    says it cannot (the others keep the default: the caller makes a new table)."""
    seats = max(entry.min_seats, 3)
    stacks = tuple(entry.default_stack + 10 * i for i in range(seats))
    used = _table(entry.name, seats)
    used.new_hand()
    if not used.restart(stacks, random.Random(5), 1):
        assert entry.family != "poker"
        return
    fresh = entry.new_table(TableSpec(
        players=tuple(f"P{i}" for i in range(seats)), stacks=stacks,
        stakes=entry.default_stakes, house_rules=entry.parse_house_rules([]),
        rng=random.Random(5), first_dealer=1))
    assert used.stacks == fresh.stacks == stacks
    ours, theirs = used.new_hand(), fresh.new_hand()
    assert used.dealer == fresh.dealer
    for hand in (ours, theirs):             # deal the cards
        while hand.actors == (DEALER,):
            hand.advance()
    assert ours.view(0) == theirs.view(0)
    assert list(ours.events) == list(theirs.events)
