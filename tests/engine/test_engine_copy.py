"""A hand copies and pickles whole, compiled or not: a copy taken at any step plays on
exactly as the hand does, and changing one never changes the other."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest

from pokerroom.bots.random_play import random_action
from pokerroom.catalog import TableSpec
from pokerroom.core import DEALER, HandState
from pokerroom.deck import Deck
from pokerroom.engine import VARIANTS, Forced, GameConfig
from pokerroom.games import get_game
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.homegames.hearts_options import HeartsOptions

Copier = Callable[[HandState], HandState]
COPIERS: dict[str, Copier] = {
    "deepcopy": copy.deepcopy,
    "pickle": lambda hand: pickle.loads(pickle.dumps(hand)),
}


def _config(name: str) -> GameConfig:
    variant = VARIANTS[name]
    if variant.forced is Forced.BLINDS:
        return GameConfig.of(name, "no limit", blinds=(1, 2))
    if variant.forced is Forced.BRING_IN:
        return GameConfig.of(name, ante=1, bring_in=2, small_bet=5, big_bet=10)
    return GameConfig.of(name, ante=1)


def _step(hand: HandState, rng: random.Random) -> None:
    seat = hand.actors[0]
    if seat == DEALER:
        hand.advance()
    else:
        hand.apply(random_action(hand, seat, rng))


def _check_copies(make: Callable[[int], HandState], copier: Copier) -> None:
    for seed in range(12):
        hand = make(seed)
        rng = random.Random(seed)
        stop = rng.randrange(40)
        steps = 0
        while hand.actors and steps < stop:
            _step(hand, rng)
            steps += 1
        twin = copier(hand)
        assert list(twin.events) == list(hand.events) and twin.actors == hand.actors
        before = list(hand.events)
        if twin.actors:
            _step(twin, random.Random(99))
            assert list(hand.events) == before  # the copy is its own hand
        # the same choices from here on give the same hand
        twin = copier(hand)
        one, two = random.Random(seed + 1), random.Random(seed + 1)
        while hand.actors:
            _step(hand, one)
            _step(twin, two)
            assert list(twin.events) == list(hand.events)
        assert not twin.actors and twin.returns() == hand.returns()


@pytest.mark.parametrize("how", sorted(COPIERS))
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_poker_hand_copies_whole(name: str, how: str) -> None:
    config = _config(name)
    seats = min(6, VARIANTS[name].max_players)
    _check_copies(lambda seed: config.new_hand([60] * seats, rng=random.Random(seed)),
                  COPIERS[how])


@pytest.mark.parametrize("how", sorted(COPIERS))
def test_a_hearts_poker_hand_copies_whole(how: str) -> None:
    options = HeartsOptions(players=4).validated()
    _check_copies(lambda seed: HeartsHand(options, stacks=[60] * 4, dealer=seed % 4,
                                          deck=Deck.standard(rng=random.Random(seed)),
                                          rng=random.Random(seed)), COPIERS[how])


@pytest.mark.parametrize("how", sorted(COPIERS))
@pytest.mark.parametrize("name", ["guts2", "guts3", "herbie", "three-card-poker"])
def test_a_hand_of_every_other_kernel_game_copies_whole(name: str, how: str) -> None:
    entry = get_game(name)
    seats = max(4, entry.min_seats)

    def first_hand(seed: int) -> HandState:
        spec = TableSpec(players=tuple(f"P{i + 1}" for i in range(seats)),
                         stacks=(entry.default_stack,) * seats,
                         stakes=entry.default_stakes, rng=random.Random(seed))
        return entry.new_table(spec).new_hand()

    _check_copies(first_hand, COPIERS[how])


def test_a_table_copies_every_attribute_its_init_sets() -> None:
    """The compiled table copies through ``Table.__reduce__``, which lists what it takes
    over: every attribute ``__init__`` sets, so an attribute added later and not listed
    would be lost in copies (checked on the sources, where a table has a ``__dict__``)."""
    from pokerroom.engine import table as table_module

    table = table_module.Table(_config("holdem"), seats=3, rng=random.Random(1))
    if not hasattr(table, "__dict__"):
        pytest.skip("the compiled table keeps no __dict__; the pure-Python pass checks this")
    assert set(vars(table)) == {"config", "size", *table_module._TABLE_ATTRIBUTES}


def test_a_seat_copies_every_field() -> None:
    """``SeatState.__reduce__`` passes its fields in order: a seat with any one flag set
    copies equal (a field left out or passed in another's place would differ)."""
    from dataclasses import fields, replace

    from pokerroom.engine.seats import SeatState

    flags = [f.name for f in fields(SeatState) if f.name != "name"]
    assert flags
    for flag in flags:
        seat = replace(SeatState("Ann"), **{flag: True})
        assert copy.copy(seat) == seat and pickle.loads(pickle.dumps(seat)) == seat, flag
    # a table stored before the seats had a module of their own names them in the table's
    stored = pickle.dumps(seat).replace(b"pokerroom.engine.seats", b"pokerroom.engine.table")
    assert b"engine.table" in stored and pickle.loads(stored) == seat


@pytest.mark.parametrize("how", sorted(COPIERS))
def test_a_copy_draws_from_its_own_shuffle(how: str) -> None:
    """A hand drawing its cards one by one from its shuffle (``Kernel._random``): its
    copy draws from the copy's shuffle, leaving the original's where it was."""
    hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
        [60] * 4, rng=random.Random(3))
    assert hand.rng is not None
    before = hand.rng.getstate()
    twin = COPIERS[how](hand)
    while twin.actors == (DEALER,):
        twin.advance()
    assert hand.rng.getstate() == before
    while hand.actors == (DEALER,):
        hand.advance()
    assert list(hand.events) == list(twin.events)
