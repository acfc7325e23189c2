"""A conformance harness for any :class:`~pokerroom.core.HandState`: seeded random
playouts that check, at every step, the protocol's promises.

Give it a :class:`Subject` (how to make a state from a seed, how to count its chips and
cards, and optionally how to replay it from its log and round-trip its history) and call
:func:`run`. Checked at every step: chips and cards conserved; ``legal_actions(seat)``
non-empty exactly for the seats in ``actors``; an illegal action raises a typed error
and changes nothing; the hand terminates. Checked at the end: replay from the log gives
the same views; the history round-trips.

Other game families reuse it: build a ``Subject`` for their state and call ``run``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.bots.random_play import random_option_action
from pokerroom.cards import Card
from pokerroom.core import (
    DEALER,
    Action,
    Check,
    HandState,
    Option,
)
from pokerroom.errors import IllegalActionError

__all__ = ["Stats", "Subject", "random_action", "run"]


@dataclass(frozen=True)
class Subject:
    """What the harness needs to know of a game.

    ``factory(seed)`` makes a fresh state; ``seats`` is the number of seats;
    ``chips(state)`` the total of stacks and pots (constant through a hand);
    ``cards(state)`` every card the hand holds anywhere (hands, board, burns, muck,
    stub), which must stay one full deck; ``hand_cards(state, seat)`` a seat's own cards
    (for draws, passes, discards); ``replay(state)`` a state rebuilt from the log;
    ``roundtrip(state)`` a state rebuilt from the written history.
    """

    factory: Callable[[int], HandState]
    seats: int
    chips: Callable[[HandState], int]
    cards: Callable[[HandState], Sequence[Card]] | None = None
    hand_cards: Callable[[HandState, int], Sequence[Card]] | None = None
    replay: Callable[[HandState], HandState] | None = None
    roundtrip: Callable[[HandState], HandState] | None = None
    max_steps: int = 2000
    check_illegal: bool = True
    choose: Callable[[HandState, int, tuple[Option, ...], random.Random], Action] | None = None


@dataclass
class Stats:
    """Totals over a run."""

    hands: int = 0
    steps: int = 0
    actions: int = 0


def random_action(seat: int, option: Option, rng: random.Random,
                  own_cards: Sequence[Card] = ()) -> Action:
    """A random action that ``option`` allows (a draw throws some of ``own_cards``)."""
    return random_option_action(option, seat, rng, own_cards)


def _views(state: HandState, seats: int) -> list[Any]:
    return [state.view(s) for s in (None, *range(seats))]


def _check_actors(state: HandState, seats: int) -> None:
    actors = state.actors
    for seat in range(seats):
        options = state.legal_actions(seat)
        assert bool(options) == (seat in actors), (seat, actors, options)
    if actors == (DEALER,):
        assert state.legal_actions(DEALER)


def _try_illegal(state: HandState, seats: int, rng: random.Random) -> None:
    """An out-of-turn check must raise and leave every view as it was."""
    idle = [s for s in range(seats) if s not in state.actors]
    if not idle:
        return
    seat = rng.choice(idle)
    before = _views(state, seats)
    count = len(state.events)
    try:
        state.apply(Check(seat))
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"seat {seat} checked out of turn")
    assert len(state.events) == count
    assert _views(state, seats) == before


def play_one(subject: Subject, seed: int, *, check_every_step: bool = True,
             choose: Callable[[HandState, int, tuple[Option, ...], random.Random], Action]
             | None = None, replay: bool = True, roundtrip: bool = True) -> HandState:
    """Play one random hand from ``seed`` with every check; return the finished state."""
    rng = random.Random(seed)
    choose = choose or subject.choose
    state = subject.factory(seed)
    total = subject.chips(state)
    deck = sorted(subject.cards(state)) if subject.cards else None
    for _step in range(subject.max_steps):
        if check_every_step:
            _check_actors(state, subject.seats)
            assert subject.chips(state) == total
            if deck is not None and subject.cards is not None:
                assert sorted(subject.cards(state)) == deck
        actors = state.actors
        if not actors:
            break
        if subject.check_illegal and check_every_step and rng.random() < 0.2:
            _try_illegal(state, subject.seats, rng)
        seat = rng.choice(actors)
        if seat == DEALER:
            state.advance()
            continue
        options = state.legal_actions(seat)
        if choose is not None:
            action = choose(state, seat, options, rng)
        else:
            own = subject.hand_cards(state, seat) if subject.hand_cards else ()
            action = random_action(seat, rng.choice(options), rng, own)
        state.apply(action)
    else:
        raise AssertionError(f"hand {seed} did not finish in {subject.max_steps} steps")
    assert subject.chips(state) == total
    if deck is not None and subject.cards is not None:
        assert sorted(subject.cards(state)) == deck
    if replay and subject.replay is not None:
        again = subject.replay(state)
        assert _views(again, subject.seats) == _views(state, subject.seats)
    if roundtrip and subject.roundtrip is not None:
        again = subject.roundtrip(state)
        assert _views(again, subject.seats) == _views(state, subject.seats)
    return state


def run(subject: Subject, hands: int, *, seed: int = 0, full_checks_every: int = 1,
        replay_every: int = 1, roundtrip_every: int = 1) -> Stats:
    """Play ``hands`` seeded random hands. Every hand ends with chips and cards checked;
    every ``full_checks_every``-th also gets the per-step checks, every
    ``replay_every``-th the replay and every ``roundtrip_every``-th the history round
    trip."""
    stats = Stats()
    for i in range(hands):
        state = play_one(subject, seed + i, check_every_step=i % full_checks_every == 0,
                         replay=i % replay_every == 0, roundtrip=i % roundtrip_every == 0)
        stats.hands += 1
        stats.steps += len(state.events)
    return stats
