"""The observations and masks of the poker engine's hands, written from the hand's arrays
(:mod:`pokerroom.env.handobs`), are exactly those built from each seat's view and log
(:class:`~pokerroom.env.observation.Encoder`), for every seat at every step of many
seeded random hands, at 2, 6 and 9 seats and in the draw, stud and Omaha games."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest
from env_helpers import case_id

from pokerroom.engine.state import PokerHand
from pokerroom.env import PokerroomEnv, env
from pokerroom.env.handobs import observed_by_arrays

FAST_CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("holdem", 2, {"structure": "no-limit"}),
    ("holdem", 6, {"structure": "no-limit"}),
    ("holdem", 9, {"structure": "no-limit"}),
    ("holdem", 6, {"structure": "fixed-limit"}),
    ("holdem", 3, {"structure": "pot-limit"}),
    ("short-deck", 4, {}),
    ("omaha", 6, {"structure": "pot-limit"}),
    ("omaha5-hilo", 4, {}),
    ("stud", 8, {}),
    ("razz", 4, {"structure": "no-limit"}),
    ("lowball-27-triple", 5, {}),
    ("lowball-a5", 4, {"structure": "no-limit"}),
    ("jacks-or-better", 5, {}),
    ("badugi", 4, {}),
]


def _by_view(table: PokerroomEnv, seat: int) -> tuple[np.ndarray[Any, Any], list[Any]]:
    """The observation and concrete actions of ``seat`` built from its view and its log
    as it sees them (the way of every other game's state)."""
    state = table.state
    assert state is not None and table.session is not None
    encoder = table.encoder
    vector = encoder.encode(state, seat, table.session.stacks)
    if seat not in state.actors:
        return vector, []
    hand = encoder.hand(state, seat) if table.action_lookup.by_position else ()
    actions = table.shape.concrete_actions(seat, state.legal_actions(seat), hand,
                                           encoder.money(state, seat, table.stakes))
    return vector, actions


@pytest.mark.parametrize("case", FAST_CASES, ids=case_id)
def test_arrays_give_the_views_observations_and_masks(
        case: tuple[str, int, dict[str, Any]]) -> None:
    game, players, rules = case
    table = env(game, players, house_rules=rules, stacks=100 if players > 6 else None)
    rng = random.Random(players)
    checked = 0
    for episode in range(25 if players < 8 else 12):
        table.reset(seed=episode)
        while True:
            assert observed_by_arrays(table.state)
            for seat, agent in enumerate(table.possible_agents):
                expected, actions = _by_view(table, seat)
                seen = table.observe(agent)
                assert np.array_equal(seen["observation"], expected), (episode, seat)
                assert seen["observation"].dtype == np.float32
                if actions:
                    ours = [a is not None for a in table.concrete_actions(seat)]
                    assert ours == [a is not None for a in actions]
                    assert seen["action_mask"].tolist() == [int(m) for m in ours]
                checked += 1
            if table.terminations[table.agent_selection]:
                break
            seat = table.possible_agents.index(table.agent_selection)
            legal = [i for i, a in enumerate(table.concrete_actions(seat)) if a is not None]
            table.step(rng.choice(legal))
    assert checked > 100


def test_the_concrete_actions_are_the_views() -> None:
    """Not only the mask: the very actions, bet sizes included."""
    table = env("holdem", 4, house_rules={"structure": "no-limit"}, stacks=150)
    rng = random.Random(9)
    for episode in range(30):
        table.reset(seed=episode)
        while not table.terminations[table.agent_selection]:
            seat = table.possible_agents.index(table.agent_selection)
            _, actions = _by_view(table, seat)
            assert table.concrete_actions(seat) == actions
            table.step(rng.choice([i for i, a in enumerate(actions) if a is not None]))


def test_other_games_keep_the_view() -> None:
    """Guts, Herbie, Hearts Poker and Three Card Poker are observed through their views."""
    table = env("guts2", 3)
    table.reset(seed=1)
    assert not observed_by_arrays(table.state)
    assert not isinstance(table.state, PokerHand)


def _episode(table: PokerroomEnv, seed: int, **options: Any) -> list[Any]:
    """Every observation, mask, reward and final info of one seeded random episode."""
    table.reset(seed=seed, options=options or None)
    rng = random.Random(seed)
    seen: list[Any] = []
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, info = table.last()
        seen.append((agent, obs["observation"].tobytes(), obs["action_mask"].tolist(),
                     reward, terminated, dict(info)))
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        table.step(None if terminated or truncated else rng.choice(legal))
    return seen


def test_a_table_set_up_afresh_deals_as_a_new_one() -> None:
    """Each episode sets the last episode's table up afresh (``Session.restart``): the
    episode is the one a new environment deals with the same seed and options."""
    used = env("holdem", 4, house_rules={"structure": "no-limit"})
    for seed in range(6):
        _episode(used, seed + 50)           # the table has played hands before
        options = {"stacks": [80, 120, 200, 60], "first_dealer": 2} if seed % 2 else {}
        assert _episode(used, seed, **options) == _episode(
            env("holdem", 4, house_rules={"structure": "no-limit"}), seed, **options)


def test_a_copy_of_the_environment_observes_as_the_original() -> None:
    table = env("stud", 5)
    table.reset(seed=4)
    rng = random.Random(4)
    for _ in range(6):
        seat = table.possible_agents.index(table.agent_selection)
        table.step(rng.choice([i for i, a in enumerate(table.concrete_actions(seat))
                               if a is not None]))
    twin = copy.deepcopy(table)
    while not table.terminations[table.agent_selection]:
        for agent in table.possible_agents:
            ours, theirs = table.observe(agent), twin.observe(agent)
            assert np.array_equal(ours["observation"], theirs["observation"])
            assert np.array_equal(ours["action_mask"], theirs["action_mask"])
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
        index = int(rng.choice(legal.tolist()))
        table.step(index)
        twin.step(index)
    assert table.rewards == twin.rewards


@pytest.mark.parametrize("players", [2, 6])
def test_every_seats_vector_at_once_is_each_seats_own(players: int) -> None:
    """``encode_all`` (every seat's vector in one array, as the end of a hand builds
    them) gives each seat's row as ``encode`` writes it alone, at every step."""
    table = env("holdem", players, house_rules={"structure": "no-limit"})
    observer = table.hand_observer
    rng = random.Random(players)
    for episode in range(5):
        table.reset(seed=episode)
        hand = table.state
        assert isinstance(hand, PokerHand)
        while True:
            rows = observer.encode_all(hand)
            assert rows.shape == (players, observer.size)
            for seat in range(players):
                assert np.array_equal(rows[seat], observer.encode(hand, seat))
            if table.terminations[table.agent_selection]:
                break
            mask = table.observe(table.agent_selection)["action_mask"]
            table.step(rng.choice(np.flatnonzero(mask).tolist()))
