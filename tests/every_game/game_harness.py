"""One conformance harness for every game in the catalog: seeded random sessions driven
only through the protocol (:class:`pokerroom.core.HandState`) and the catalog's
sessions, checking the promises every game makes.

At every checked step:

* ``returns()`` sums to zero (chips are conserved inside the hand), the hand's ledger
  balances, and each seat's return has moved since the hand's first step exactly as its
  stack in the view has (the ledger and the game's working chips agree; a Guts or
  Herbie deal shows no stacks, which its table keeps);
* ``legal_actions(seat)`` is non-empty exactly for the seats in ``actors`` (and for the
  dealer when the dealer is to act);
* an action by a seat that is not to act raises a typed error and changes nothing: the
  log and every view are as they were;
* no view (the game's own and the table snapshot the faces draw) holds a card its
  reader has not been shown in its own copy of the log;
* the game's own view and the table's snapshot are both the one ``tableview.View``:
  whose turn it is as ``actors`` says, the reader's options exactly its legal actions
  when it is to act (none otherwise), ``over`` as ``is_over``, and the snapshot the
  same hand as the view with the table's names on the seats.

At the end of every hand: it ended within a bound of steps; the session settled it, each
seat's net equal to the hand's ``returns()`` (in Guts and Herbie the deal's ante
included); stacks, the chips held in the middle and the house's bank add up to the chips
the session started with; and the session does only what its capabilities declare (the
same as its catalog entry's): chips stay in the middle between hands only where it
carries a pot, the house wins or loses only where it banks the game, a stack goes below
zero only where debt is allowed. For every ``replay_every``-th session: a
second session built from the same table and fed the same actions deals the same hands,
event for event (what the card room relies on to rebuild a table from its stored
commands).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.bots.random_play import cards_in, random_action
from pokerroom.cards import UNKNOWN, Card
from pokerroom.catalog import TableSpec
from pokerroom.core import DEALER, Action, Call, Check, Fold, HandState
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.game import Game
from pokerroom.games import all_games
from pokerroom.session import Session
from pokerroom.tableview import View

__all__ = ["Tally", "catalog_games", "house_rule_combinations", "play_game"]


def catalog_games() -> tuple[Game, ...]:
    """Every game the catalog deals (toy games that test suites register are left out)."""
    return tuple(entry for entry in all_games() if entry.family != "test")


def house_rule_combinations(entry: Game) -> list[dict[str, Any]]:
    """Every combination of the game's finite house rules (yes/no rules and choices);
    numbers and texts keep their defaults."""
    names: list[str] = []
    values: list[tuple[Any, ...]] = []
    for spec in entry.house_rules:
        if spec.kind == "bool":
            names.append(spec.name)
            values.append((spec.default, not spec.default))
        elif spec.kind == "choice":
            names.append(spec.name)
            values.append((spec.default, *(c for c in spec.choices if c != spec.default)))
    defaults = {spec.name: spec.default for spec in entry.house_rules}
    return [{**defaults, **dict(zip(names, combo, strict=True))}
            for combo in itertools.product(*values)]


@dataclass
class Tally:
    """What a run covered."""

    hands: int = 0
    sessions: int = 0
    steps: int = 0
    combinations: int = 0
    refused: int = 0
    checked_steps: int = 0
    replays: int = 0
    actions: dict[str, int] = field(default_factory=dict)


# --------------------------------------------------------------------------- checking


Known = dict[int | None, tuple[int, Any, set[Card]]]
"""Per reader, what :func:`_known_cards` has read of a hand's log so far: how many
events, the last of them, and the cards they show that reader."""


def _known_cards(events: Sequence[Any], reader: int | None, known: Known) -> set[Card]:
    """The cards ``reader`` has been shown in its own copy of the log
    (``HandState.events_for``: each event as ``for_seat(reader)`` gives it), read
    incrementally: only the events added since the last reading. The log only grows; if
    it ever does not (shorter, or another event where the last one read was), it is read
    again from the start."""
    count, last, cards = known.get(reader, (0, None, set()))
    if count > len(events) or (count and events[count - 1] is not last):
        count, cards = 0, set()
    for event in events[count:]:
        cards_in(event.for_seat(reader), cards)
    cards.discard(UNKNOWN)
    known[reader] = (len(events), events[-1] if events else None, cards)
    return cards


def _check_faces(session: Session, state: HandState, seats: int, known: Known) -> None:
    """For every reader: no card its view or the table's snapshot shows that it was not
    shown in its own copy of the log, and both faces the one ``tableview.View`` the
    state describes. Each reader's view and snapshot are drawn once for both checks."""
    events = state.events
    faces = [(reader, state.view(reader), session.snapshot(state, reader))
             for reader in (None, *range(seats))]
    for reader, view, drawn in faces:
        seen = _known_cards(events, reader, known)
        for face, shown in (("view", view), ("snapshot", drawn)):
            leaked = cards_in(shown) - seen - {UNKNOWN}
            assert not leaked, (f"{face} of {'a spectator' if reader is None else reader} "
                                f"shows {sorted(leaked)} it was never shown")
    for reader, view, drawn in faces:
        assert isinstance(view, View) and isinstance(drawn, View), (type(view), type(drawn))
        acting = reader is not None and reader in state.actors
        assert view.options == (state.legal_actions(reader) if acting else ())
        assert view.over == state.is_over and view.you == drawn.you == reader
        assert view.to_act == state.actors
        assert set(drawn.to_act) - {DEALER} == set(view.to_act) - {DEALER}
        seated = {s.seat for s in view.seats}
        assert seated <= {s.seat for s in drawn.seats}
        assert all(s.name in session.players for s in drawn.seats if s.seat in seated)


def _check_actors(state: HandState, seats: int) -> None:
    actors = state.actors
    for seat in range(seats):
        assert bool(state.legal_actions(seat)) == (seat in actors), (seat, actors)
    if actors == (DEALER,):
        assert state.legal_actions(DEALER)


def _stacks(state: HandState) -> dict[int, int]:
    """Each seat's stack as the view shows it (none where the view shows no stacks)."""
    stacks = {s.seat: s.stack for s in state.view(None).seats}
    return stacks if any(stacks.values()) else {}


def _check_returns(state: HandState, first: tuple[Mapping[int, int], dict[int, int]]) -> None:
    returns = state.returns()
    assert sum(returns.values()) == 0, returns
    assert all(isinstance(v, int) for v in returns.values()), returns
    chips = getattr(state, "chips", None)
    if chips is not None:
        chips.check()
    first_returns, first_stacks = first
    for seat, stack in _stacks(state).items() if first_stacks else ():
        assert returns[seat] - first_returns[seat] == stack - first_stacks[seat], (
            seat, returns, first_returns, stack, first_stacks)


def _views(session: Session, state: HandState, seats: int) -> list[Any]:
    return [state.view(s) for s in (None, *range(seats))]


def _check_out_of_turn(session: Session, state: HandState, seats: int,
                       rng: random.Random) -> None:
    idle = [s for s in range(seats) if s not in state.actors]
    if not idle:
        return
    seat = rng.choice(idle)
    before = (len(state.events), _views(session, state, seats), dict(state.returns()))
    for action in (Check(seat), Fold(seat), Call(seat)):
        try:
            state.apply(action)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{action!r} was taken out of turn")
        assert (len(state.events), _views(session, state, seats),
                dict(state.returns())) == before


# --------------------------------------------------------------------------- playing


def _spec(entry: Game, rules: Mapping[str, Any], seats: int, seed: int) -> TableSpec:
    return TableSpec(players=tuple(f"P{i + 1}" for i in range(seats)),
                     stacks=(entry.default_stack,) * seats, stakes=entry.default_stakes,
                     house_rules=dict(rules), rng=random.Random(seed))


def _session(entry: Game, spec: TableSpec) -> Session:
    session = entry.new_table(spec)
    assert isinstance(session, Session)
    return session


def _play_hand(session: Session, state: HandState, seats: int, rng: random.Random,
               tally: Tally, *, checks: bool, script: list[Action | None] | None,
               recorded: list[Action | None], max_steps: int = 3000) -> None:
    first = (dict(state.returns()), _stacks(state))
    known: Known = {}
    for _step in range(max_steps):
        if checks:
            _check_returns(state, first)
            _check_actors(state, seats)
            if rng.random() < 0.25:
                _check_faces(session, state, seats, known)
            if rng.random() < 0.15:
                _check_out_of_turn(session, state, seats, rng)
            tally.checked_steps += 1
        actors = state.actors
        if not actors:
            break
        tally.steps += 1
        if script is not None:
            action = script.pop(0)
        elif rng.choice(actors) == DEALER:
            action = None
        else:
            seat = rng.choice([a for a in actors if a != DEALER])
            action = random_action(state, seat, rng)
        recorded.append(action)
        if action is None:
            state.advance()
        else:
            state.apply(action)
            name = type(action).__name__
            tally.actions[name] = tally.actions.get(name, 0) + 1
    else:
        raise AssertionError(f"a hand did not end in {max_steps} steps")
    _check_returns(state, first)
    if checks:
        _check_faces(session, state, seats, known)


def _play_session(entry: Game, rules: Mapping[str, Any], seats: int, seed: int,
                  hands: int, tally: Tally, *, checks: bool,
                  scripts: list[list[Action | None]] | None = None
                  ) -> tuple[list[list[Action | None]], list[tuple[Any, ...]]]:
    """Play up to ``hands`` hands; the actions of each hand and each hand's log."""
    spec = _spec(entry, rules, seats, seed)
    session = _session(entry, spec)
    capabilities = session.capabilities
    assert capabilities == entry.capabilities, (entry.name, capabilities)
    rng = random.Random(seed * 7919 + 1)
    start = sum(spec.stacks)
    played: list[list[Action | None]] = []
    logs: list[tuple[Any, ...]] = []
    for number in range(hands):
        if session.is_finished:
            break
        try:
            state = session.new_hand()
        except ConfigError:             # too few players with chips left to deal
            break
        recorded: list[Action | None] = []
        script = list(scripts[number]) if scripts is not None else None
        _play_hand(session, state, seats, rng, tally, checks=checks, script=script,
                   recorded=recorded)
        returns = state.returns()
        result = session.settle(state)
        assert len(result.net) == seats
        assert all(result.net[s] == returns.get(s, 0) for s in range(seats)), (
            result.net, returns)
        total = sum(session.stacks) + session.chips_held + session.house_net
        assert total == start, f"hand {number + 1}: {start - total} chips unaccounted for"
        assert capabilities.carries_pot or session.chips_held == 0, session.chips_held
        assert capabilities.house_banked or session.house_net == 0, session.house_net
        assert capabilities.allows_debt or min(session.stacks) >= 0, session.stacks
        played.append(recorded)
        logs.append(tuple(state.events))
        tally.hands += 1
    tally.sessions += 1
    return played, logs


def play_game(entry: Game, hands: int, *, seed: int = 0, hands_per_session: int = 12,
              checks_every: int = 1, replay_every: int = 5,
              combinations: Sequence[Mapping[str, Any]] | None = None) -> Tally:
    """Play at least ``hands`` hands of ``entry``, cycling through every accepted
    house-rule combination and seat counts from the least to the most the game seats
    (up to 8); every ``checks_every``-th session gets the per-step checks and every
    ``replay_every``-th is dealt again from its actions."""
    tally = Tally()
    combos = list(combinations if combinations is not None else house_rule_combinations(entry))
    accepted: list[Mapping[str, Any]] = []
    for rules in combos:
        try:
            _session(entry, _spec(entry, rules, max(entry.min_seats, 2), 0))
        except ConfigError:
            tally.refused += 1
            continue
        accepted.append(rules)
    assert accepted, f"{entry.name}: no house-rule combination is accepted"
    tally.combinations = len(accepted)
    seat_counts = list(range(entry.min_seats, min(entry.max_seats, 8) + 1))
    index = 0
    while tally.hands < hands or index < len(accepted):
        rules = accepted[index % len(accepted)]
        seats = seat_counts[(index * 5 + index // len(accepted)) % len(seat_counts)]
        session_seed = seed + index
        checks = index % checks_every == 0
        played, logs = _play_session(entry, rules, seats, session_seed, hands_per_session,
                                     tally, checks=checks)
        if index % replay_every == 0 and played:
            again = Tally()
            _, logs_again = _play_session(entry, rules, seats, session_seed,
                                          len(played), again, checks=False, scripts=played)
            assert logs_again == logs, f"{entry.name} {rules}: the replay dealt other hands"
            tally.replays += 1
        index += 1
    return tally


def iter_games() -> Iterator[str]:
    """The names of every catalog game, for test parameters."""
    return (entry.name for entry in catalog_games())
