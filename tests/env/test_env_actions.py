"""The abstract action set and the observation layout: what each index does, what the
mask allows, and what a vector holds."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from env_helpers import CASES, case_id, make, play_episode, random_action

from pokerroom.casino.actions import PlaceWagers, PlayBet
from pokerroom.core import (
    DEALER,
    Call,
    Check,
    Declare,
    Discard,
    Draw,
    Fold,
    PassCard,
    Raise,
)
from pokerroom.env import PokerroomEnv, env, shape_for
from pokerroom.env.observation import CARD_FEATURES, SEAT_FEATURES
from pokerroom.errors import ConfigError
from pokerroom.games import all_games


def advance_to(table: PokerroomEnv, phase: str, rng: random.Random, seeds: range) -> bool:
    """Play random actions until the agent to act faces ``phase``."""
    for seed in seeds:
        table.reset(seed=seed)
        while not table.terminations[table.agent_selection]:
            view: Any = table.state.view(None) if table.state is not None else None
            now = getattr(view, "street", None) or getattr(view, "phase", "")
            if str(getattr(now, "value", now)) == phase:
                return True
            table.step(random_action(table, rng))
    return False


def test_every_game_has_a_shape() -> None:
    for entry in all_games():
        shape = shape_for(entry)
        assert shape.actions == sum(b.size for b in shape.blocks) > 0
        assert all(shape.describe(i) for i in range(shape.actions))


def test_no_limit_sizes() -> None:
    table = env("holdem", 3, stacks=200)
    table.reset(seed=1, options={"first_dealer": 0})
    # the button acts first three-handed: 2 to call into a pot of 3
    seat = table.possible_agents.index(table.agent_selection)
    concrete = table.concrete_actions(seat)
    assert concrete[0] == Fold(seat) and concrete[1] == Call(seat)
    assert concrete[2] == Raise(seat, 4)                 # the minimum raise
    assert concrete[3] is None                           # half the pot: 2 + 2.5, the minimum
    assert concrete[4] == Raise(seat, 2 + 2 + 3)         # the pot: call 2, then 5 more
    assert concrete[5] == Raise(seat, 200)               # all in
    mask = table.observe(table.agent_selection)["action_mask"]
    assert mask.tolist() == [1, 1, 1, 0, 1, 1]


def test_fixed_limit_has_one_raise_size() -> None:
    table = env("holdem", 3, house_rules={"structure": "fixed-limit"})
    rng = random.Random(0)
    for seed in range(5):
        table.reset(seed=seed)
        while not table.terminations[table.agent_selection]:
            mask = table.observe(table.agent_selection)["action_mask"]
            assert mask[3:].sum() == 0
            table.step(random_action(table, rng))


def test_draw_indices_are_subsets_of_the_hand() -> None:
    table = env("lowball-27", 3)
    assert advance_to(table, "the draw", random.Random(1), range(20))
    seat = table.possible_agents.index(table.agent_selection)
    assert table.state is not None
    hand = table.encoder.hand(table.state, seat)
    concrete = table.concrete_actions(seat)
    assert concrete[6] == Draw(seat, ())                 # stand pat
    assert concrete[6 + 0b10010] == Draw(seat, (hand[1], hand[4]))
    assert concrete[6 + 0b11111] == Draw(seat, tuple(hand))
    assert all(a is None for a in concrete[:6])          # no betting while drawing


def test_declare_and_guts_draws() -> None:
    table = env("guts3", 3, house_rules={"discard": True})
    assert advance_to(table, "draw", random.Random(1), range(10))
    seat = table.possible_agents.index(table.agent_selection)
    concrete = table.concrete_actions(seat)
    assert concrete[0] is None and concrete[1] is None   # no declaring while drawing
    assert isinstance(concrete[2], Draw) and concrete[2].discards == ()
    assert advance_to(table, "declare", random.Random(1), range(10))
    seat = table.possible_agents.index(table.agent_selection)
    assert table.concrete_actions(seat)[:2] == [Declare(seat, False), Declare(seat, True)]


def test_hearts_passes_and_discards() -> None:
    table = env("hearts-poker", 3)
    rng = random.Random(4)
    assert advance_to(table, "pass-left", rng, range(30))
    seat = table.possible_agents.index(table.agent_selection)
    assert table.state is not None
    hand = table.encoder.hand(table.state, seat)
    passes = table.concrete_actions(seat)[6:10]
    # a face-down card goes left: positions 0 and 1 hold the down cards
    assert passes[:2] == [PassCard(seat, hand[0]), PassCard(seat, hand[1])]  # type: ignore[arg-type]
    assert passes[2:] == [None, None]
    assert advance_to(table, "pass-right", rng, range(30))
    seat = table.possible_agents.index(table.agent_selection)
    hand = table.encoder.hand(table.state, seat)
    passes = table.concrete_actions(seat)[6:10]
    assert passes[:2] == [None, None] and passes[2] == PassCard(seat, hand[2])  # type: ignore[arg-type]
    assert advance_to(table, "discard", rng, range(30))
    seat = table.possible_agents.index(table.agent_selection)
    hand = table.encoder.hand(table.state, seat)
    up, down = table.concrete_actions(seat)[10:12]
    assert up == Discard(seat, (hand[2], hand[3]))      # type: ignore[arg-type]
    assert down == Discard(seat, (hand[0], hand[1]))    # type: ignore[arg-type]


def test_three_card_poker_presets() -> None:
    table = env("three-card-poker", 2, stakes={"ante": 10, "pair_plus": 5,
                                                "six_card_bonus": 2})
    table.reset(seed=3)
    seat = table.possible_agents.index(table.agent_selection)
    concrete = table.concrete_actions(seat)
    assert concrete[:6] == [PlaceWagers(seat, 10), PlaceWagers(seat, 10, 5),
                            PlaceWagers(seat, 10, 5, 2), PlaceWagers(seat, 0, 5),
                            PlaceWagers(seat, 1), PlaceWagers(seat, 0, 1)]
    assert concrete[6:] == [None, None]
    table.step(0)
    table.step(0)                                       # both Ante 10; the deal follows
    seat = table.possible_agents.index(table.agent_selection)
    concrete = table.concrete_actions(seat)
    assert concrete[:6] == [None] * 6 and concrete[6:] == [PlayBet(seat), Fold(seat)]


def test_a_short_three_card_poker_stack_wagers_what_it_can() -> None:
    table = env("three-card-poker", 1, stacks=3)
    table.reset(seed=0)
    mask = table.observe("player_0")["action_mask"].tolist()
    assert mask == [0, 0, 0, 0, 1, 1, 0, 0]             # minimum Ante or Pair Plus


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_dealer_is_never_an_agent(case: tuple[str, int, dict[str, Any]]) -> None:
    table = make(case)
    rng = random.Random(6)

    def check(t: PokerroomEnv) -> None:
        assert t.state is not None
        actors = t.state.actors
        assert DEALER not in actors and actors
        assert t.agent_selection == t.possible_agents[actors[0]]
        for seat, agent in enumerate(t.possible_agents):
            mask = t.observe(agent)["action_mask"]
            assert bool(mask.any()) == (seat in actors)
    for seed in range(5):
        table.reset(seed=seed)
        play_episode(table, rng, before=check)


def test_masked_actions() -> None:
    table = env("holdem", 2, house_rules={"structure": "fixed-limit"})
    table.reset(seed=2)
    agent = table.agent_selection
    with pytest.raises(ValueError, match="masked"):
        table.step(5)
    forgiving = env("holdem", 2, house_rules={"structure": "fixed-limit"}, illegal="default")
    forgiving.reset(seed=2)
    seat = forgiving.possible_agents.index(agent)
    expected = forgiving.concrete_actions(seat)[1]
    assert isinstance(expected, Call | Check)
    forgiving.step(5)
    assert forgiving.infos[agent] == {"illegal": 5}
    assert forgiving.state is not None
    assert any(getattr(e, "action", None) == expected for e in forgiving.state.events)
    with pytest.raises(ValueError, match="outside"):
        forgiving.step(99)


def test_observation_layout() -> None:
    table = env("stud", 4)
    table.reset(seed=9)
    enc = table.encoder
    assert enc.size == 4 * 7 * CARD_FEATURES + 4 * SEAT_FEATURES + 2 + len(enc.shape.phases) + 1
    assert table.state is not None
    for seat, agent in enumerate(table.possible_agents):
        obs = table.observe(agent)["observation"]
        assert obs in table.observation_space(agent)["observation"]
        own = obs[:7 * CARD_FEATURES].reshape(7, CARD_FEATURES)
        hand = [c for c in enc.hand(table.state, seat) if c is not None]
        assert [int(np.argmax(row[:53])) for row in own[:len(hand)]] == [int(c) for c in hand]
        assert own[2, 54] == 1.0 and own[0, 54] == 0.0   # third street: down, down, up
        others = obs[7 * CARD_FEATURES:4 * 7 * CARD_FEATURES].reshape(21, CARD_FEATURES)
        assert others[0, 53] == 1.0 and others[2, 54] == 1.0   # the next seat: ??, ??, up
        phases = obs[-(len(enc.shape.phases) + 1):]
        assert phases.sum() == 1.0 and phases[0] == 1.0      # third street


def test_same_seed_same_episode() -> None:
    def run() -> list[np.ndarray]:
        table = env("lowball-27-triple", 4)
        table.reset(seed=31)
        rng = random.Random(0)
        seen = []
        while not table.terminations[table.agent_selection]:
            seen.append(table.observe(table.agent_selection)["observation"])
            table.step(random_action(table, rng))
        return seen
    first, second = run(), run()
    assert len(first) == len(second) and all(np.array_equal(a, b)
                                             for a, b in zip(first, second, strict=True))


def test_table_arguments() -> None:
    table = env("guts2", 3, house_rules=["declare=simultaneous"], stacks=(50, 60, 70))
    assert table.house_rules["declare"] == "simultaneous" and table.stacks == (50, 60, 70)
    table.reset(seed=1, options={"stacks": (10, 10, 10)})
    assert table.session is not None and sum(table.session.stacks) + table.session.chips_held \
        == 30  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="unknown house rule"):
        env("holdem", 3, house_rules={"jokers": True})
    with pytest.raises(ConfigError, match="seats 4 to 10"):
        env("herbie", 3)
    with pytest.raises(ConfigError):
        env("guts3", 3, house_rules={"single_loser": True, "ghost": "always"})
