"""Learning environments for every game in the catalog (``pip install pokerroom[rl]``).

* :func:`env` / :class:`PokerroomEnv`: a PettingZoo AEC environment of any catalog game,
  every seat an agent (:mod:`pokerroom.env.aec`).
* :class:`SingleAgentEnv`: one seat as a Gymnasium environment, pokerroom's bots in the
  other seats (:mod:`pokerroom.env.single`); registered as ``pokerroom/GAME-v0``.
* :class:`VectorTables`: many tables stepped by one call, observations and masks as
  NumPy arrays, for training loops (:mod:`pokerroom.env.vector`).
* :func:`shape_for`: a game's action blocks and card positions (:mod:`pokerroom.env.layout`);
  the observation layout is :mod:`pokerroom.env.observation`.

>>> from pokerroom.env import env
>>> table = env("razz", players=4)
>>> table.reset(seed=1)
>>> table.shape.describe(1), len(table.possible_agents)
('bet: check, call or bring in', 4)
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401
except ImportError as err:  # pragma: no cover - the extra is not installed
    raise ImportError("pokerroom.env needs the rl extra: pip install 'pokerroom[rl]'") from err

from pokerroom.env.aec import PokerroomEnv, env, raw_env
from pokerroom.env.layout import Block, GameShape, shape_for
from pokerroom.env.observation import Encoder
from pokerroom.env.single import SingleAgentEnv
from pokerroom.env.vector import VectorTables
from pokerroom.games import all_games

__all__ = ["Block", "Encoder", "GameShape", "PokerroomEnv", "SingleAgentEnv", "VectorTables",
           "env", "gym_id", "raw_env", "shape_for"]


def gym_id(game: str) -> str:
    """The Gymnasium id of a catalog game's single-agent environment.

    >>> gym_id("holdem")
    'pokerroom/holdem-v0'
    """
    return f"pokerroom/{game}-v0"


for _entry in all_games():
    if gym_id(_entry.name) not in gymnasium.registry:
        gymnasium.register(id=gym_id(_entry.name), kwargs={"game": _entry.name},
                           entry_point="pokerroom.env.single:SingleAgentEnv")
