"""Many tables of one game stepped by one call, for training loops.

:class:`VectorTables` holds ``n_tables`` :class:`~pokerroom.env.aec.PokerroomEnv`
tables and, at every call, gives the observation and the action mask of the seat to
act at each table as rows of two NumPy arrays (written in place: no new arrays per
step). ``step(actions)`` plays one action at every table; a table whose hand ends
reports each seat's chip result in its row of ``rewards``, sets ``done``, and deals its
next hand at once (the observation is then the new hand's first seat to act). Table
``i`` is the single environment reset with ``seed + i`` and then ``reset()`` after
each hand, so its hands are exactly those of that environment (the tests check it).

A hand that ends before anyone has a choice is settled inside ``reset`` already (see
:mod:`pokerroom.env.aec`); its rewards are added to those of the table's next hand.

>>> import numpy as np
>>> from pokerroom.env import VectorTables
>>> tables = VectorTables("holdem", 4, seats=2, seed=1)
>>> obs, mask = tables.reset()
>>> obs.shape, mask.shape, obs.dtype, mask.dtype
((4, 532), (4, 6), dtype('float32'), dtype('int8'))
>>> rng = np.random.default_rng(1)
>>> finished = 0
>>> for _ in range(50):
...     actions = (rng.random(mask.shape) * mask).argmax(axis=1)   # a legal index each
...     obs, mask, rewards, done = tables.step(actions)
...     assert (rewards.sum(axis=1) == 0).all()                  # chips conserved
...     finished += int(done.sum())
>>> finished > 0, tables.to_act.shape
(True, (4,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pokerroom.env.aec import PokerroomEnv
from pokerroom.errors import ConfigError

__all__ = ["VectorTables"]


class VectorTables:
    """``n_tables`` tables of ``game`` at ``seats`` seats (see the module docstring);
    other keyword arguments are :class:`~pokerroom.env.aec.PokerroomEnv`'s
    (``house_rules``, ``stakes``, ``stacks``, ``illegal``...)."""

    def __init__(self, game: str, n_tables: int, seats: int | None = None, *,
                 seed: int = 0, **kwargs: Any) -> None:
        if n_tables < 1:
            raise ConfigError(f"n_tables must be at least 1, not {n_tables}")
        self.tables = [PokerroomEnv(game, seats, **kwargs) for _ in range(n_tables)]
        first = self.tables[0]
        for table in self.tables[1:]:       # the same game, stakes and stacks: what one
            first.share_lookups(table)      # table has worked out holds for all
        self.n_tables = n_tables
        self.players = first.players
        self.seed = seed
        self.observations = np.zeros((n_tables, first.encoder.size), dtype=np.float32)
        self.masks = np.zeros((n_tables, first.shape.actions), dtype=np.int8)
        self.rewards = np.zeros((n_tables, self.players), dtype=np.float32)
        self.done = np.zeros(n_tables, dtype=bool)
        self.to_act = np.zeros(n_tables, dtype=np.int64)
        """The seat each row's observation is of (the seat to act)."""
        self._carry = np.zeros((n_tables, self.players), dtype=np.float32)

    @property
    def observation_size(self) -> int:
        """The length of one observation row."""
        return int(self.observations.shape[1])

    def reset(self) -> tuple[NDArray[np.float32], NDArray[np.int8]]:
        """Deal every table's first hand (table ``i`` seeded with ``seed + i``); the
        observations and masks of the seats to act."""
        self._carry[:] = 0.0
        for i, table in enumerate(self.tables):
            table.reset(seed=self.seed + i)
            self._ready(i)
        return self.observations, self.masks

    def step(self, actions: NDArray[np.integer[Any]] | Sequence[int]
             ) -> tuple[NDArray[np.float32], NDArray[np.int8], NDArray[np.float32],
                        NDArray[np.bool_]]:
        """Play ``actions[i]`` for the seat to act at table ``i``; the observations,
        masks, each seat's reward (``n_tables`` × seats; zero where no hand ended) and
        which tables finished a hand (and dealt the next). A masked or unknown action
        (with ``illegal="raise"``, the default) raises :class:`ValueError` before any
        table is stepped."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.n_tables,) or chosen.dtype.kind not in "iu":
            raise ValueError(f"give {self.n_tables} integer actions, one a table, not "
                             f"an array of shape {chosen.shape} ({chosen.dtype})")
        size = self.masks.shape[1]
        if ((chosen < 0) | (chosen >= size)).any():
            raise ValueError(f"every action must lie in 0..{size - 1}")
        if self.tables[0].illegal == "raise":
            masked = np.flatnonzero(self.masks[np.arange(self.n_tables), chosen] == 0)
            if masked.size:
                i = int(masked[0])
                raise ValueError(f"table {i}: action {int(chosen[i])} is masked now "
                                 "(no table was stepped)")
        rewards, done = self.rewards, self.done
        rewards[:] = 0.0
        done[:] = False
        for i, table in enumerate(self.tables):
            # the environment's step without PettingZoo's per-agent bookkeeping
            # (rewards and infos are read once the hand ends)
            seat = int(self.to_act[i])
            action = table.action_at(seat, int(chosen[i]))
            if action is None:                  # illegal="default"
                action = table.action_at(seat, table.default_action(seat))
            assert action is not None
            table.apply_action(action)
            if table.terminations[table.agent_selection]:
                rewards[i] = [table.rewards[agent] for agent in table.possible_agents]
                rewards[i] += self._carry[i]
                self._carry[i] = 0.0
                done[i] = True
                table.reset()
            self._ready(i)
        return self.observations, self.masks, rewards, done

    def _ready(self, i: int) -> None:
        """Write table ``i``'s seat to act into row ``i`` (dealing again while a hand
        ends before anyone has a choice)."""
        table = self.tables[i]
        while table.terminations[table.agent_selection]:
            self._carry[i] += [table.rewards[agent] for agent in table.possible_agents]
            table.reset()
        seat = table._index[table.agent_selection]
        self.to_act[i] = seat
        table.observe_into(seat, self.observations[i], self.masks[i])

    def close(self) -> None:
        """Nothing to release."""
