"""One seat of any catalog game as a Gymnasium environment; pokerroom's bots play the
other seats.

The observation and action spaces are those of the PettingZoo environment (a ``Dict``
of ``observation`` and ``action_mask``, and ``Discrete(n)``); an episode is one hand,
and its only reward comes at the end: the learner's chip result. The other seats are
the session's own bots (``session.make_bot``), as at the terminal. A hand the learner
never has to act in (everyone folds to its big blind) is not an episode: its result is
added to the next hand's final reward, so the rewards over a run still add up to the
learner's chips won. With ``continuing``, a learner left with no chips (where the game
allows no debt) gets a fresh table at the next ``reset``.

Since Gymnasium's checker (and many training loops) sample actions without the mask, a
masked action is replaced by the seat's default (check or call, else the first legal
index) and ``info["illegal"]`` names it; ``illegal="raise"`` refuses it instead.

>>> from pokerroom.env import SingleAgentEnv
>>> table = SingleAgentEnv("guts2", players=3)
>>> obs, info = table.reset(seed=3)
>>> obs["action_mask"].tolist()[:2]   # declare out, in
[1, 1]
>>> obs, reward, terminated, truncated, info = table.step(1)
>>> terminated, reward == info["net"]
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.core import Action
from pokerroom.env.aec import Observation, PokerroomEnv
from pokerroom.errors import PokerroomError

__all__ = ["SingleAgentEnv"]

_MAX_SKIPS = 200
"""Hands dealt in a row without a choice for the learner before giving up."""


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """A Gymnasium environment of ``game`` for the learner at ``seat``; see the module
    docstring. The other arguments are those of
    :class:`~pokerroom.env.aec.PokerroomEnv`."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str, players: int | None = None, *, seat: int = 0,
                 house_rules: Mapping[str, Any] | Sequence[str] | None = None,
                 stakes: Mapping[str, int] | None = None,
                 stacks: int | Sequence[int] | None = None, continuing: bool = False,
                 illegal: str = "default", render_mode: str | None = None) -> None:
        if illegal not in ("raise", "default"):
            raise ValueError(f"illegal must be 'raise' or 'default', not {illegal!r}")
        self.illegal = illegal
        self.table = PokerroomEnv(game, players, house_rules=house_rules, stakes=stakes,
                                  stacks=stacks, continuing=continuing,
                                  render_mode=render_mode)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat {seat} is not at a table of {self.table.players}")
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self._bots: dict[int, Any] = {}
        self._carry = 0.0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        first = self.table.session is None
        super().reset(seed=seed)
        self._carry = 0.0
        options = options or {}
        fresh = seed is not None or first or self._learner_out()
        self.table.reset(seed=self._draw_seed() if fresh else None, options=options)
        for _ in range(_MAX_SKIPS):
            self._make_bots()
            self._bots_play()
            if not self.table.terminations[self.agent]:
                return self.table.observe(self.agent), {}
            # the hand ended without the learner's choice: deal on, keep its result
            self._carry += self.table.rewards[self.agent]
            self.table.reset(seed=self._draw_seed() if self._learner_out() else None,
                             options=options)
        raise RuntimeError(f"seat {self.seat} had no choice in {_MAX_SKIPS} hands")

    def _learner_out(self) -> bool:
        """True when the learner has no chips to play on at a continuing table (a
        fresh table is set up then)."""
        session = self.table.session
        return (session is not None and session.stacks[self.seat] <= 0
                and not session.capabilities.allows_debt)

    def _draw_seed(self) -> int:
        return int(self.np_random.integers(0, 2**63 - 1))

    def _make_bots(self) -> None:
        session = self.table.session
        assert session is not None
        self._bots = {seat: session.make_bot(seat, random.Random(self._draw_seed()),
                                             DEFAULT_LEVEL)
                      for seat in range(self.table.players) if seat != self.seat}

    def _bot_action(self, seat: int) -> Action:
        """The bot's choice for ``seat``; the seat's default action when it has none
        (a Three Card Poker bot short of chips for its usual wagers)."""
        from pokerroom.terminal.driver import seat_view

        table = self.table
        assert table.session is not None and table.state is not None
        bot = self._bots.get(seat)
        if bot is not None:
            try:
                action: Action = bot.act(seat_view(table.session, table.state, seat))
                return action
            except PokerroomError:
                pass
        fallback = table.concrete_actions(seat)[table.default_action(seat)]
        assert fallback is not None
        return fallback

    def _bots_play(self) -> None:
        table = self.table
        while not table.terminations[self.agent] and table.agent_selection != self.agent:
            seat = table.possible_agents.index(table.agent_selection)
            table.apply_action(self._bot_action(seat))

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool,
                                                   dict[str, Any]]:
        table = self.table
        if table.terminations[self.agent]:
            raise RuntimeError("the hand is over: call reset()")
        index = int(action)
        table.shape.locate(index)
        info: dict[str, Any] = {}
        if table.concrete_actions(self.seat)[index] is None:
            if self.illegal == "raise":
                raise ValueError(f"action {index} ({table.shape.describe(index)}) is "
                                 "masked now")
            info["illegal"] = index
            index = table.default_action(self.seat)
        table.step(index)
        self._bots_play()
        obs = table.observe(self.agent)
        if table.terminations[self.agent]:
            reward = table.rewards[self.agent] + self._carry
            self._carry = 0.0
            final = table.infos[self.agent]
            info |= {**final, "summary": list(final["summary"])}
            return obs, float(reward), True, False, info
        return obs, 0.0, False, False, info

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()
