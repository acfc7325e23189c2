"""Every catalog game as a PettingZoo AEC environment.

One episode is one hand of a table: a :class:`~pokerroom.session.Session` of the game
is set up with the given stacks (a fresh table each episode unless ``continuing``: the
last episode's table set up afresh by :meth:`~pokerroom.session.Session.restart` where
the table can, the same as a new one), ``new_hand()`` deals, and the agents
``player_0`` .. ``player_{n-1}`` (seat order) act in the order the hand's ``actors``
give. The dealer's steps (dealing, burning, drawing, the showdown) are taken inside
:meth:`PokerroomEnv.step`; no agent is ever the dealer.

The observations of the poker engine's games (hold'em, Omaha, stud, draw) are written
from the hand's own arrays by :class:`~pokerroom.env.handobs.HandObserver`, those of
the other games from each seat's view by :class:`~pokerroom.env.observation.Encoder`:
the same numbers either way. What each action index does for the seat to act, and the
action mask, are looked up by :class:`~pokerroom.env.acting.ActionLookup`.

Simultaneous steps (Guts and Herbie declares, Hearts Poker passes and discards, Three
Card Poker wagers and decisions) are played the AEC way: every seat that must choose is
selected in turn, seat order, and each choice stays hidden in the others' observations
until all are in (the game's own views hide them).

Rewards are each seat's chip result, given once, at the end of the hand: the net of the
session's :meth:`~pokerroom.session.Session.settle`. They add up to zero, except where
chips stay in the middle (a Guts pot carried to the next deal, a jacks-or-better pot
nobody opened) or the house banks the game (Three Card Poker: the house is the other
side of every wager). The final ``infos`` of every agent say so:

``sum(net) + infos["carried"] + infos["house"] == 0``.

A hand that ends before any player has had a choice (a Guts round everyone must stay
in) is settled and the table's next hand dealt in the same episode; the rewards are
then the sum of both.

>>> from pokerroom.env import env
>>> table = env("holdem", players=3, house_rules={"structure": "fixed-limit"})
>>> table.reset(seed=7)
>>> table.agent_selection, table.action_space("player_0")
('player_0', Discrete(6))
>>> obs, reward, terminated, truncated, info = table.last()
>>> obs["action_mask"].tolist()   # fold, call or raise the minimum
[1, 1, 1, 0, 0, 0]
"""

from __future__ import annotations

import _random
import io
import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray
from pettingzoo import AECEnv

from pokerroom.catalog import TableSpec
from pokerroom.core import DEALER, Action, HandState
from pokerroom.engine.state import PokerHand
from pokerroom.env.acting import ActionLookup
from pokerroom.env.final import FinalInfo
from pokerroom.env.handobs import (
    HandObserver,
    dealer_steps,
    observed_by_arrays,
)
from pokerroom.env.layout import GameShape, house_rules_of, shape_for, stakes_of
from pokerroom.env.observation import Encoder, EventSummary
from pokerroom.errors import ConfigError
from pokerroom.games import get_game
from pokerroom.session import HandResult, Session
from pokerroom.tableview import View

__all__ = ["MAX_STEPS", "PokerroomEnv", "env", "raw_env"]

MAX_STEPS = 5000
"""No hand needs this many steps (the terminal's limit too)."""
_MAX_DEALS = 50
"""Hands dealt in one episode at most while none has a choice for a player."""

Observation = dict[str, NDArray[Any]]
_DEALER_ONLY = (DEALER,)
"""The actors of a dealer's step."""
_SEED = _random.Random.seed
"""The generator's own seeding, which :meth:`random.Random.seed` calls for an int
(after its checks of the seed's type), then clearing ``gauss_next``."""


class PokerroomEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment of one catalog game (see the module docstring).

    ``players`` seats (default: the game's fewest, at least two), ``house_rules`` as a
    mapping or ``NAME=VALUE`` strings, ``stakes`` over the game's defaults, ``stacks``
    (one number for every seat, or one per seat; default the game's). With
    ``continuing`` the table (stacks, button, carried pots) goes on from episode to
    episode, and a new one is set up only when it can deal no more or ``reset`` is
    given a seed. ``illegal="raise"`` (the default) refuses a masked action with
    :class:`ValueError`; ``"default"`` plays the seat's default action instead (check
    or call, else the first legal index) and sets ``infos[agent]["illegal"]``.

    ``reset(options=...)`` takes ``stacks`` and ``first_dealer`` for that episode.
    """

    RENDER_MODES = ("ansi", "human")

    def __init__(self, game: str, players: int | None = None, *,
                 house_rules: Mapping[str, Any] | Sequence[str] | None = None,
                 stakes: Mapping[str, int] | None = None,
                 stacks: int | Sequence[int] | None = None, continuing: bool = False,
                 illegal: str = "raise", render_mode: str | None = None) -> None:
        super().__init__()
        entry = get_game(game)
        self.entry = entry
        n = players if players is not None else max(entry.min_seats, 2)
        if not entry.min_seats <= n <= entry.max_seats:
            raise ConfigError(f"{entry.title} seats {entry.min_seats} to "
                              f"{entry.max_seats} players, not {n}")
        if illegal not in ("raise", "default"):
            raise ConfigError(f"illegal must be 'raise' or 'default', not {illegal!r}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ConfigError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}, "
                              f"not {render_mode!r}")
        self.players = n
        self.house_rules = house_rules_of(entry, house_rules)
        self.stakes = stakes_of(entry, stakes)
        self.stacks = self._stacks(stacks, (entry.default_stack,) * n)
        self.continuing = continuing
        self.illegal = illegal
        self.render_mode = render_mode
        self.shape: GameShape = shape_for(entry)
        self.metadata = {"render_modes": list(self.RENDER_MODES), "render_fps": 1,
                         "is_parallelizable": False, "name": f"pokerroom_{entry.name}_v0"}
        self.encoder = Encoder(self.shape, n, sum(self.stacks) / n)
        self.hand_observer = HandObserver(self.encoder)
        """Writes the observations of the poker engine's hands from their arrays."""
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self._table(self.stacks, random.Random(0), 0)   # refuses impossible tables now
        self._index = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(self.encoder.low, self.encoder.high,
                                                dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.shape.actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self.shape.actions)
                              for a in self.possible_agents}
        self._master: random.Random | None = None
        self.session: Session | None = None
        self.state: HandState | None = None
        self.agents: list[str] = []
        self._views: dict[int, View] = {}
        """Each seat's view of the hand now (kept until the hand changes)."""
        lookup = self.action_lookup = ActionLookup(self.shape, self.encoder,
                                                   self.hand_observer, self.stakes,
                                                   entry.title, self._views)
        """What each action index does for the seat to act, and its mask."""
        # the lookup's per-step caches and methods, bound once for the steps
        self._spots = lookup.spots
        self._concrete = lookup.concrete
        self._spot = lookup.spot
        self._seated = lookup.seated
        self._concrete_actions = lookup.concrete_actions
        self._draws = lookup.draws
        self._actions = lookup.actions
        self._no_mask = np.zeros(self._actions, dtype=np.int8)
        """The mask of a seat with no choice (copied for each observation)."""
        self._no_masks = np.zeros((n, self._actions), dtype=np.int8)
        """Every seat's mask with no choice (copied for the end of a hand)."""
        self._logs: dict[int, EventSummary] = {}
        self._shuffle = random.Random()
        """The deck's shuffle, seeded afresh from the episode's seed at each new table."""
        self._finals: list[Observation | None] | None = None
        """The seats' observations at the end of the hand of a poker engine's game, built
        in one go when the first is asked for, each handed out once (see :meth:`observe`);
        ``None``: not built since the hand ended."""

    def _stacks(self, given: int | Sequence[int] | None, default: Sequence[int]
                ) -> tuple[int, ...]:
        if given is None:
            return tuple(default)
        if isinstance(given, int):
            return (given,) * self.players
        if len(given) != self.players:
            raise ConfigError(f"give {self.players} stacks, not {len(given)}")
        return tuple(int(chips) for chips in given)

    def _table(self, stacks: tuple[int, ...], rng: random.Random, first_dealer: int
              ) -> Session:
        """A new table of the game with ``stacks``."""
        return self.entry.factory(TableSpec(
            players=tuple(self.possible_agents), stacks=stacks, stakes=self.stakes,
            house_rules=self.house_rules, rng=rng, first_dealer=first_dealer))

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episodes

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._master is None:
            self._master = random.Random(seed)
        rng = self._master
        # (an episode without options, as most are: the table's own stacks)
        stacks = self.stacks if not options else \
            self._stacks(options.get("stacks"), self.stacks)
        session = self.session
        fresh = (session is None or not self.continuing or seed is not None
                 or (options is not None and "stacks" in options) or not _can_deal(session))
        if fresh:
            first = options.get("first_dealer") if options else None
            # one shuffle kept and seeded again each episode: the same as a new
            # random.Random(seed), without making one
            shuffle = self._shuffle
            # shuffle.seed(...) of an int, without random.py's Python frame around it
            _SEED(shuffle, rng.getrandbits(64))
            shuffle.gauss_next = None   # type: ignore[attr-defined]
            dealer = int(first) if first is not None else rng.randrange(self.players)
            # the table of the last episode set up afresh where it can be (the same as
            # a new one: the game's config and rankings are kept), else a new one
            if session is None or not session.restart(stacks, shuffle, dealer):
                session = self._table(stacks, shuffle, dealer)
        assert session is not None
        self.session = session
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        infos: dict[str, dict[str, Any]] = {}
        for agent in self.agents:              # (a loop: no comprehension's function)
            infos[agent] = {}
        self.infos = infos
        self._net = [0] * self.players
        self._held = _held(session)
        self._hands = 0
        self._steps = 0
        self._results: list[HandResult] = []
        """The results of the hands settled in this episode (their summaries in words
        are written when an agent's final info is read: :class:`FinalInfo`)."""
        self._skip_agent_selection: str | None = None
        self._rewards_cleared = False
        """Every agent's reward is 0 (PettingZoo's ``_clear_rewards`` made them so) and
        stays so until the hand ends: the next step need not clear them again."""
        self._all_ended = False
        """Every agent was ended at once (:meth:`_finish`): see :meth:`_was_dead_step`."""
        self._finals = None
        self._deal()

    def _deal(self) -> None:
        """Deal hands until one has a choice for a player (or the table can deal no
        more), settling those that end first."""
        session = self.session
        assert session is not None
        for _ in range(_MAX_DEALS):
            self.state = session.new_hand()
            self._logs.clear()
            self._hands += 1
            self._dealer_steps()
            if not self.state.is_over:
                self._select()
                return
            self._settle()
            if not _can_deal(session):
                break
        self._finish()

    def _dealer_steps(self) -> None:
        state = self.state
        assert state is not None
        if type(state) is PokerHand:        # the same loop, compiled
            self._steps += dealer_steps(state, MAX_STEPS - self._steps)
        while state.actors == _DEALER_ONLY:
            self._count_step()
            state.advance()

    def _count_step(self) -> None:
        self._steps += 1
        if self._steps > MAX_STEPS:
            raise RuntimeError(f"{self.entry.title}: a hand did not end in {MAX_STEPS} steps")

    def _select(self) -> None:
        state = self.state
        assert state is not None
        self._concrete.clear()
        self._spots.clear()
        self._views.clear()
        self.agent_selection = self.possible_agents[state.actors[0]]

    def _settle(self) -> HandResult:
        assert self.session is not None and self.state is not None
        result = self.session.settle(self.state)
        for seat, change in enumerate(result.net):
            self._net[seat] += change
        self._results.append(result)
        return result

    def _finish(self) -> None:
        """End the episode: every agent's reward and its final info."""
        session = self.session
        assert session is not None
        held = _held(session)
        carried, house = held[0] - self._held[0], held[1] - self._held[1]
        stacks = tuple(session.stacks)
        results = self._results
        for agent, seat in self._index.items():
            self.rewards[agent] = float(self._net[seat])
            self.terminations[agent] = True
            self.infos[agent] = FinalInfo.of_episode(self._net[seat], carried, house,
                                                     self._hands, stacks, results)
        self._concrete.clear()
        self._spots.clear()
        self._views.clear()
        self._rewards_cleared = False
        self._all_ended = True
        self._finals = None
        self.agent_selection = self.agents[0]

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's step of a finished agent, the same, where every agent ended at
        once (as they all do here): the agent leaves, the next finished one (the first
        left) is selected, the last one gives the selection back to the first, and the
        rewards of those left are cleared; without PettingZoo's search for the finished
        agents among those left at every such step."""
        if not self._all_ended or action is not None:
            super()._was_dead_step(action)
            return
        agent = self.agent_selection
        if not (self.terminations[agent] or self.truncations[agent]):
            raise AssertionError(f"{agent} has not ended: it cannot be removed")
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        if agents:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = agents[0]
            rewards = self.rewards
            for left in agents:
                rewards[left] = 0
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
            self._all_ended = False

    # ------------------------------------------------------------------ acting

    def concrete_actions(self, seat: int) -> list[Action | None]:
        """What each action index does for ``seat`` now (``None``: masked)."""
        return self._concrete_actions(seat, self.state)

    def action_at(self, seat: int, index: int) -> Action | None:
        """What action index ``index`` does for ``seat`` now (``None``: masked)."""
        state = self.state
        if type(state) is PokerHand and not self._draws and seat in state.actors:
            return self._seated(self._spot(seat, state), index, seat)
        return self._concrete_actions(seat, state)[index]

    def share_lookups(self, other: PokerroomEnv) -> None:
        """Let ``other``, a table of the same game, players, stakes and stacks, look up
        what this one has worked out (concrete actions, seats' numbers) and add to it:
        the many tables of a batch learn them once."""
        if (other.entry is not self.entry or other.players != self.players
                or other.stakes != self.stakes or other.stacks != self.stacks):
            raise ConfigError("only tables of the same game, players, stakes and stacks "
                              "share what they look up")
        self.action_lookup.share(other.action_lookup)
        self.hand_observer.share_rows(other.hand_observer)

    def _view(self, seat: int) -> View:
        """The seat's view of the hand now (kept until the hand changes)."""
        view = self._views.get(seat)
        if view is None:
            assert self.state is not None
            view = self._views[seat] = self.state.view(seat)
        return view

    def _log(self, seat: int) -> EventSummary:
        """The seat's summary of the hand's log (see :class:`EventSummary`)."""
        log = self._logs.get(seat)
        if log is None:
            log = self._logs[seat] = EventSummary(self.players)
        return log

    def action_mask(self, seat: int) -> NDArray[np.int8]:
        """1 where an index is legal for ``seat`` now."""
        state = self.state
        if type(state) is PokerHand and not self._draws and seat in state.actors:
            mask: NDArray[np.int8] = self._spot(seat, state)[0]
            return mask.copy()
        concrete = self._concrete_actions(seat, state)
        return np.array([a is not None for a in concrete], dtype=np.int8)

    def default_action(self, seat: int) -> int:
        """The index played for a masked one with ``illegal="default"``: check or call
        where the game has them, else the first legal index."""
        concrete = self.concrete_actions(seat)
        if self.shape.blocks[0].kind == "bet" and concrete[1] is not None:
            return 1
        return next(i for i, a in enumerate(concrete) if a is not None)

    def observe(self, agent: str) -> Observation:
        seat = self._index[agent]
        state = self.state
        if self.terminations.get(agent, True):
            if type(state) is PokerHand:
                finals = self._finals
                if finals is None:
                    finals = self._finals = self._final_observations(state)
                final = finals[seat]
                if final is not None:
                    finals[seat] = None
                    return final
            mask = self._no_mask.copy()
        elif type(state) is PokerHand and not self._draws and seat in state.actors:
            known = self._spots.get(seat)       # action_mask, inline
            mask = (known if known is not None else self._spot(seat, state))[0].copy()
        else:
            mask = self.action_mask(seat)
        if type(state) is PokerHand:        # observed_by_arrays, inline
            vector = self.hand_observer.encode(state, seat)
        else:
            assert state is not None and self.session is not None
            vector = self.encoder.encode(state, seat, self.session.stacks, self._view(seat),
                                         self._log(seat))
        return {"observation": vector, "action_mask": mask}

    def _final_observations(self, hand: PokerHand) -> list[Observation | None]:
        """Every seat's observation of the ended ``hand``, in seat order: the vectors
        are the rows of one array, the masks (all 0) those of another."""
        vectors = self.hand_observer.encode_all(hand)
        masks = self._no_masks.copy()
        finals: list[Observation | None] = []
        for seat in range(self.players):
            finals.append({"observation": vectors[seat], "action_mask": masks[seat]})
        return finals

    def observe_into(self, seat: int, observation: NDArray[np.float32],
                     mask: NDArray[np.int8]) -> None:
        """Write the observation of ``seat`` (a seat to act) and its action mask into
        the given rows, as :meth:`observe` builds them (for batches of tables)."""
        state = self.state
        assert state is not None and self.session is not None
        if type(state) is PokerHand and not self._draws and seat in state.actors:
            mask[:] = self._spot(seat, state)[0]
        else:
            mask[:] = [a is not None for a in self._concrete_actions(seat, state)]
        if observed_by_arrays(state):
            assert isinstance(state, PokerHand)
            self.hand_observer.encode(state, seat, out=observation)
        else:
            self.encoder.encode(state, seat, self.session.stacks, self._view(seat),
                                self._log(seat), out=observation)

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        seat = self._index[agent]
        index = int(action)
        if not 0 <= index < self._actions:
            self.shape.locate(index)            # refuses it, naming the range
        state = self.state
        if type(state) is PokerHand and not self._draws and seat in state.actors:
            known = self._spots.get(seat)       # action_at, inline
            if known is None:
                known = self._spot(seat, state)
            concrete = known[2 + index]
            if concrete is not None and concrete.seat != seat:
                rebound = known[1].get((seat, index))      # seated, inline
                concrete = rebound if rebound is not None else \
                    self._seated(known, index, seat)
        else:
            concrete = self._concrete_actions(seat, state)[index]
        self._cumulative_rewards[agent] = 0.0
        if not self._rewards_cleared:
            self._clear_rewards()
            self._rewards_cleared = True
        info: dict[str, Any] = {}
        if concrete is None:
            if self.illegal == "raise":
                raise ValueError(f"{agent}: action {index} ({self.shape.describe(index)}) "
                                 "is masked now")
            info["illegal"] = index
            concrete = self.action_at(seat, self.default_action(seat))
            assert concrete is not None
        self.apply_action(concrete)
        if not self.terminations[agent]:
            self.infos[agent] = info
            # the rewards were cleared above and come only at the end of the hand:
            # nothing to add to the cumulative ones (all 0.0 while the hand is on)
            return
        self._accumulate_rewards()

    def apply_action(self, action: Action) -> None:
        """Apply a concrete action of the seat to act (a bot's, say), then the dealer's
        steps; end the episode when the hand is over."""
        state = self.state
        assert state is not None
        self._steps += 1                        # _count_step, inline
        if self._steps > MAX_STEPS:
            raise RuntimeError(f"{self.entry.title}: a hand did not end in {MAX_STEPS} steps")
        state.apply(action)
        actors = state.actors
        if actors == _DEALER_ONLY:
            self._dealer_steps()
            actors = state.actors
        # (_select or _finish clears the step's caches)
        if state.is_over:
            self._settle()
            self._finish()
        else:
            self.agent_selection = self.possible_agents[actors[0]]
            self._spots.clear()
            if self._concrete:                  # (filled only for some games)
                self._concrete.clear()
            if self._views:
                self._views.clear()

    # ------------------------------------------------------------------ showing

    def render(self) -> str | None:
        """The table as a spectator sees it (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called with no render_mode set")
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def table_text(self, seat: int | None = None) -> str:
        """The table drawn as the terminal draws it, for ``seat`` (``None``: a
        spectator, who sees no hidden card)."""
        from rich.console import Console

        from pokerroom.terminal.render import render_table

        if self.state is None or self.session is None:
            return ""
        out = io.StringIO()
        Console(file=out, width=100, color_system=None, force_terminal=False).print(
            render_table(self.session.snapshot(self.state, seat)))
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release."""


def _can_deal(session: Session) -> bool:
    """True when the table can deal another hand."""
    return not session.is_finished or session.capabilities.continues_after_game


def _held(session: Session) -> tuple[int, int]:
    """Chips in the middle between hands, and what the house has won."""
    return session.chips_held, session.house_net


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> PokerroomEnv:
    """The environment itself (see :class:`PokerroomEnv` for the arguments)."""
    return PokerroomEnv(game, players, **kwargs)


def env(game: str, players: int | None = None, **kwargs: Any) -> PokerroomEnv:
    """The environment of ``game`` (a catalog name or alias) for ``players`` seats.

    PettingZoo's own wrappers are left to the caller: masked actions are refused (or
    replaced, ``illegal="default"``) by the environment itself."""
    return raw_env(game, players, **kwargs)
