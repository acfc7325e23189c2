"""Shared cases and drivers for the learning-environment tests."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from pokerroom.cards import Card
from pokerroom.core import Event
from pokerroom.env import PokerroomEnv, env
from pokerroom.games import all_games


def default_players(game: str) -> int:
    entry = next(e for e in all_games() if e.name == game)
    return max(entry.min_seats, 3)


# (game, players, house rules): every game with its defaults, then house rules that
# change what a seat is asked (simultaneous declares, draws, passes, a bigger board).
CASES: list[tuple[str, int, dict[str, Any]]] = [
    (entry.name, default_players(entry.name), {}) for entry in all_games()
] + [
    ("holdem", 6, {"structure": "fixed-limit"}),
    ("holdem", 2, {"structure": "pot-limit"}),
    ("stud", 8, {}),
    ("lowball-a5", 4, {"structure": "no-limit"}),
    ("hearts-poker", 5, {"community": "6", "fourth_round": True, "structure": "no-limit"}),
    ("guts2", 4, {"declare": "simultaneous", "everyone_out": "fresh-ante"}),
    ("guts2", 3, {"ghost": "always", "compulsory_first_round": True, "discard": True}),
    ("guts3", 3, {"declare": "simultaneous", "discard": True, "pass_left": True}),
    ("guts3", 5, {"pass_left": True, "ghost": "single"}),
    ("guts2", 4, {"single_loser": True, "no_split": True, "pot_limit": 20}),
    ("herbie", 6, {"ante_rule": "every-deal"}),
    ("three-card-poker", 1, {}),
    ("three-card-poker", 4, {"pair_plus_on_fold": "settled"}),
]


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game, players, rules = case
    words = ",".join(f"{k}={v}" for k, v in rules.items())
    return f"{game}-{players}p" + (f"-{words}" if words else "")


def make(case: tuple[str, int, dict[str, Any]], **kwargs: Any) -> PokerroomEnv:
    game, players, rules = case
    stakes = {"six_card_bonus": 5} if game == "three-card-poker" and players > 1 else None
    return env(game, players, house_rules=rules, stakes=stakes, **kwargs)


def random_action(table: PokerroomEnv, rng: random.Random) -> int:
    """A uniformly random legal index for the agent to act."""
    obs = table.observe(table.agent_selection)
    legal = np.flatnonzero(obs["action_mask"])
    assert legal.size, f"{table.agent_selection} has no legal action"
    return int(rng.choice(list(legal)))


def play_episode(table: PokerroomEnv, rng: random.Random,
                 before: Callable[[PokerroomEnv], None] | None = None) -> dict[str, float]:
    """Play the current episode with random legal actions to its end; returns every
    agent's total reward. ``before(table)`` runs before each live agent's action."""
    totals = {agent: 0.0 for agent in table.agents}
    for agent in table.agent_iter(100_000):
        _, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        if before is not None:
            before(table)
        table.step(random_action(table, rng))
    return totals


def cards_in(value: Any) -> Iterator[Card]:
    """Every known card anywhere inside an event (fields, tuples, nested records)."""
    if isinstance(value, Card):
        if value.is_known:
            yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from cards_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))


def known_cards(events: list[Event]) -> set[Card]:
    return {card for event in events for card in cards_in(event)}
