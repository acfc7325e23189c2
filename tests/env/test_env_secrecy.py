"""No observation carries a card its seat may not see, and no seat's observation shows
another seat's hidden choice in a simultaneous step."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest
from env_helpers import CASES, case_id, known_cards, make, play_episode

from pokerroom.env import PokerroomEnv


def check_every_seat(table: PokerroomEnv, tally: dict[str, int]) -> None:
    """Every seat's observation holds only cards in the log as that seat sees it, and
    its own hand exactly."""
    state = table.state
    assert state is not None
    everything = known_cards(list(state.events))
    for seat, agent in enumerate(table.possible_agents):
        obs = table.observe(agent)["observation"]
        cards = table.encoder.card_positions(obs)
        allowed = known_cards(state.events_for(seat))
        secret = everything - allowed
        assert not set(cards) - allowed, f"{agent} sees {set(cards) - allowed}"
        assert len(cards) == len(set(cards)), f"{agent} sees a card twice: {cards}"
        own = [c for c in table.encoder.hand(state, seat) if c is not None]
        assert set(own) <= set(cards)
        tally["checks"] += 1
        tally["secret"] += len(secret)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_observation_carries_a_hidden_card(case: tuple[str, int, dict[str, Any]]) -> None:
    table = make(case)
    rng = random.Random(21)
    tally = {"checks": 0, "secret": 0}
    for episode in range(12):
        table.reset(seed=episode)
        play_episode(table, rng, before=lambda t: check_every_seat(t, tally))
        check_every_seat(table, tally)          # the showdown too
    assert tally["checks"] > 0
    # the check has teeth: there were cards some seat could not see
    if case[1] > 1 or case[0] == "three-card-poker":
        assert tally["secret"] > 0


def test_the_check_catches_a_leak() -> None:
    """Another seat's hole card written into an observation is caught."""
    table = make(("holdem", 3, {}))
    table.reset(seed=4)
    state: Any = table.state
    hidden = state.hole[1][0]
    assert hidden not in known_cards(state.events_for(0))
    obs = table.observe("player_0")["observation"].copy()
    obs[table.encoder.shape.cards * 55 + int(hidden)] = 1.0     # seat 1's first position
    assert hidden in table.encoder.card_positions(obs)


def _simultaneous_spot(table: PokerroomEnv, rng: random.Random, seed: int) -> bool:
    """Play to a step where several seats choose at once; False if the hand has none."""
    table.reset(seed=seed)
    while table.agents and not table.terminations[table.agent_selection]:
        state = table.state
        assert state is not None
        if len(state.actors) > 1:
            return True
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(rng.choice(list(np.flatnonzero(mask)))))
    return False


@pytest.mark.parametrize("case", [
    ("guts2", 4, {"declare": "simultaneous"}),
    ("guts3", 3, {"pass_left": True}),
    ("herbie", 4, {}),
    ("hearts-poker", 3, {}),
], ids=case_id)
def test_simultaneous_choices_stay_hidden(case: tuple[str, int, dict[str, Any]]) -> None:
    # (Three Card Poker's wagers and decisions lie on the felt for all to see, as in a
    # casino, and no seat's choice changes another's result: not hidden there.)
    table = make(case)
    rng = random.Random(2)
    found = 0
    for seed in range(40):
        if not _simultaneous_spot(table, rng, seed):
            continue
        state = table.state
        assert state is not None
        actors = state.actors
        first = table.agent_selection
        assert first == table.possible_agents[actors[0]]
        legal = list(np.flatnonzero(table.observe(first)["action_mask"]))
        if len(legal) < 2:
            continue
        found += 1
        copies = []
        for index in legal[:2]:
            other = copy.deepcopy(table)
            other.step(int(index))
            copies.append(other)
        # the next chooser is the next seat of the step, and it cannot tell the choices
        # apart; nor can any seat that has already chosen or is not choosing
        assert copies[0].agent_selection == table.possible_agents[actors[1]]
        for agent in table.possible_agents:
            if agent == first:
                continue
            a, b = (c.observe(agent) for c in copies)
            assert np.array_equal(a["observation"], b["observation"]), agent
            assert np.array_equal(a["action_mask"], b["action_mask"]), agent
        # every seat of the step is selected once before it is over
        chosen = [first]
        other = copies[0]
        while other.state is not None and other.state.actors and \
                set(other.state.actors) <= set(actors) and \
                other.agent_selection not in chosen:
            chosen.append(other.agent_selection)
            mask = other.observe(other.agent_selection)["action_mask"]
            other.step(int(np.flatnonzero(mask)[0]))
        assert chosen == [table.possible_agents[s] for s in actors]
    assert found > 0
