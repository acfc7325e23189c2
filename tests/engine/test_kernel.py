"""The kernel (:mod:`pokerroom.engine.kernel`) under every game of the catalog: every hand
is a kernel hand; each refuses anything that is not an action with a typed error and
changes nothing; and who acts is what the kernel works out from the game's phases."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pokerroom.bots.random_play import random_action
from pokerroom.catalog import TableSpec
from pokerroom.core import DEALER, HandState
from pokerroom.engine.kernel import Kernel
from pokerroom.errors import IllegalActionError
from pokerroom.games import all_games, get_game

KERNEL_GAMES = ("guts2", "guts3", "herbie", "hearts-poker", "three-card-poker")
"""The games whose actions the kernel admits (``TRANSITIONS``)."""
EVERY_GAME = tuple(entry.name for entry in all_games())


def _first_hand(name: str) -> Kernel:
    entry = get_game(name)
    seats = max(3, entry.min_seats)
    session = entry.new_table(TableSpec(players=tuple(f"P{i + 1}" for i in range(seats)),
                                        stacks=(entry.default_stack,) * seats,
                                        stakes=entry.default_stakes,
                                        rng=random.Random(7)))
    state = session.new_hand()
    assert isinstance(state, Kernel)
    return state


@pytest.mark.parametrize("name", EVERY_GAME)
def test_what_is_not_an_action_is_refused_and_changes_nothing(name: str) -> None:
    state = _first_hand(name)
    while True:
        before = (len(state.events), state.view(None), dict(state.returns()))
        for junk in ("fold", None, 3, DEALER):
            with pytest.raises(IllegalActionError, match="not an action"):
                state.apply(junk)  # type: ignore[arg-type]
            assert (len(state.events), state.view(None), dict(state.returns())) == before
        if state.actors != (DEALER,):
            break
        state.advance()


def _play_out(state: Kernel, rng: random.Random,
              check: Callable[[Kernel, tuple[int, ...]], None]) -> int:
    """Play ``state`` to its end with random legal choices, calling ``check(state,
    actors)`` before every step; the number of steps taken."""
    steps = 0
    while True:
        actors = state.actors
        check(state, actors)
        if not actors:
            return steps
        seat = actors[rng.randrange(len(actors))]
        if seat == DEALER:
            state.advance()
        else:
            state.apply(random_action(state, seat, rng))
        steps += 1


def _kept(state: Kernel, actors: tuple[int, ...]) -> None:
    assert actors == state._find_actors()
    assert state.actors is actors             # kept until something changes


def _the_kernel_s(state: Kernel, actors: tuple[int, ...]) -> None:
    assert actors == state._find_actors()
    # the poker family reads is_over from its phase: the protocol's own answer
    protocol = HandState.is_over.fget(state)  # type: ignore[attr-defined]
    assert state.is_over == protocol == (not actors)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_the_kept_actors_are_those_of_the_state_at_every_step(name: str) -> None:
    state = _first_hand(name)
    steps = _play_out(state, random.Random(3), _kept)
    assert steps > 1 and state.is_over


@pytest.mark.parametrize("name", EVERY_GAME)
def test_who_acts_is_what_the_kernel_works_out_from_the_phases(name: str) -> None:
    """The poker family answers ``actors`` directly, for speed: the answer is the
    kernel's own, from its dealer and turn phases, at every step."""
    for seed in range(5):
        state = _first_hand(name)
        _play_out(state, random.Random(seed), _the_kernel_s)
        assert state.is_over
