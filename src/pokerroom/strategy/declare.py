"""The equilibrium of the declare decision of Guts and Herbie, by CFR+, with exact best
responses.

A strategy gives each player, each bucket of hands and (declaring in turn) each sequence
of declares the player has heard, a chance of staying in
(:mod:`pokerroom.strategy.declare_game`). Every player declares once, so its best response
is, at each of its decisions, the action with the larger counterfactual value: the sum
over the deals where it holds that bucket of the chance the others' declares bring it
there times its payoff, over the ways the deal can end. The **exploitability** is the
NashConv: the sum over the players of what a best response gains over the profile, in
chips per deal (0 exactly at an equilibrium).

:func:`solve_declare` runs CFR+ (regret matching+, every player updated from the same profile,
averages weighted 1, 2, 3, ...). The deals are cut into chunks
(:func:`~pokerroom.strategy.declare_game.deal_chunks`, by the job's size alone) and the
chunks into one contiguous group for each process that values them
(:mod:`pokerroom.strategy.declare_work`). Each process makes its chunks' deals once, in
one pass before the first iteration (:func:`load_deals` runs that pass alone), and keeps
them; every iteration then sends each group only the chances of staying (a few
kilobytes) and takes back the sums of its chunks' counterfactual values
(:mod:`pokerroom.strategy.declare_values`) along one tree over the chunks, which the
solver adds up to its root, so the result is the same to the bit inline, on a process
pool or on Dask.

>>> from pokerroom.strategy.declare_game import DeclareSetting
>>> sol = solve_declare(DeclareSetting.of("guts2", players=2, pot=10), iterations=300)
>>> sol.threshold(0, 0), sol.threshold(1, 1)  # first stays with all; the dealer after "in"
('32', 'J9')
>>> sol.exploitability < 0.01
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.analysis.executors import InlineExecutor, open_executor, run_chunks, worker_count
from pokerroom.analysis.pool_lines import ProcessLines, hold_processes
from pokerroom.errors import ConfigError
from pokerroom.fast.jit import compiled
from pokerroom.strategy.declare_game import (
    DEFAULT_DEALS,
    DealChunk,
    DeclareDeals,
    DeclareSetting,
    build_deals,
    deal_chunks,
    hand_table,
)
from pokerroom.strategy.declare_values import chances, prepare, values_into
from pokerroom.strategy.declare_work import WALK_THREADS, Groups, add_up, load_group, value_a_group

__all__ = [
    "PURE",
    "DeclareEvaluation",
    "DeclareSolution",
    "compile_walks",
    "deal_values",
    "evaluate_declare",
    "histories",
    "load_deals",
    "solve_declare",
    "summarise",
]

Floats = npt.NDArray[np.float64]
PURE = 0.005
"""A frequency within this of 0 or 1 is shown as pure."""
TREMBLE = 1e-6
"""The least chance of each action in the reach the regrets are weighed by: a decision no
deal reaches under the profile (a dealer who heard every rival say in holding a hand
they never stay with) still learns the better action."""
CHECK_EVERY = 50


def histories(setting: DeclareSetting) -> int:
    """How many declare sequences a player may have heard (the most over the players):
    1 declaring at once, ``2 ** (players - 1)`` in turn."""
    return 1 if setting.simultaneous else 1 << (setting.players - 1)


def _forced(setting: DeclareSetting) -> npt.NDArray[np.bool_]:
    """``(players, histories)``: the decisions that are not made (in turn, the dealer
    who heard everyone say out is in, ``guts-dealer-auto-in``), and the histories a
    player cannot have heard."""
    n, h = setting.players, histories(setting)
    forced = np.zeros((n, h), dtype=bool)
    if not setting.simultaneous:
        forced[n - 1, 0] = True
        for i in range(n):
            forced[i, 1 << i:] = True  # player i hears only the i before it
    return forced


def deal_values(setting: DeclareSetting, deals: DeclareDeals, stay: Floats,
                tremble: float = 0.0) -> Floats:
    """The counterfactual values ``(players, histories, buckets, 2)`` (out, in) of
    ``deals`` against the profile ``stay``: for each decision and action, the sum over
    the deals and the ways they end of the deal's chance, the others' chances of
    declaring so, and the payoff (:mod:`pokerroom.strategy.declare_values`). With
    ``tremble``, every chance is kept within ``tremble`` of 0 and 1."""
    out = np.zeros((setting.players, *stay.shape[1:], 2))
    values_into(prepare(deals), chances(setting, stay, tremble), setting.simultaneous, out)
    return out


@dataclass(frozen=True)
class DeclareEvaluation:
    """A profile's ``values`` (each player's chips per deal), what a best response gains
    each (``gains``), their sum ``exploitability`` and the counterfactual values."""

    values: Floats
    gains: Floats
    exploitability: float
    cfv: Floats


def summarise(setting: DeclareSetting, stay: Floats, cfv: Floats) -> DeclareEvaluation:
    """The values, best-response gains and exploitability of the profile ``stay`` from
    its counterfactual values ``cfv``: a player's best response takes, at each of its
    decisions, the action worth more."""
    forced = _forced(setting)
    stay = np.where(forced[:, :, None], 1.0, stay)
    mixed = stay[..., None] * np.array([0.0, 1.0]) + (1 - stay[..., None]) * np.array(
        [1.0, 0.0])
    played = (mixed * cfv).sum(axis=3)
    best = np.where(forced[:, :, None], cfv[..., 1], cfv.max(axis=3))
    values = played.sum(axis=(1, 2))
    gains = np.maximum(best.sum(axis=(1, 2)) - values, 0.0)
    return DeclareEvaluation(values, gains, float(gains.sum()), cfv)


class _Runner:
    """The chunks of a job, in one contiguous group for each chunk the executor runs at
    once (:mod:`pokerroom.strategy.declare_work`): each process makes the deals of its
    chunks on its first task and keeps them, and every evaluation sends it only the
    chances of staying. The chunks' values are added up along one tree over the chunks,
    whatever the groups (:func:`~pokerroom.strategy.declare_work.add_up`). Given
    ``lines`` to a process pool's held processes (:mod:`pokerroom.analysis.pool_lines`),
    group ``g`` goes to line ``g`` every time, without the pool's task hand-offs."""

    def __init__(self, chunks: Sequence[DealChunk], executor: Executor,
                 lines: ProcessLines | None = None) -> None:
        self.setting = chunks[0].setting
        self.groups = Groups.of(chunks, len(lines) if lines else worker_count(executor))
        self.count = len(chunks)
        self.executor = executor
        self.lines = lines
        self.threads = 1 if isinstance(executor, InlineExecutor) else WALK_THREADS

    def load(self) -> int:
        """Make every chunk's deals where it will be valued (the one pass over the deals);
        their number."""
        parts = [self.groups.group(g) for g in range(len(self.groups))]
        if self.lines:
            return int(sum(self.lines.call(load_group, parts)))
        return int(sum(run_chunks(self.executor, load_group, parts)))

    def values(self, stay: Floats, tremble: float) -> Floats:
        ask = partial(value_a_group, groups=self.groups,
                      chance=chances(self.setting, stay, tremble), threads=self.threads)
        count = len(self.groups)
        if self.lines:  # each line keeps its own group's deals
            return add_up({node: part for _, sums in self.lines.call(
                partial(ask, insist=True), range(count)) for node, part in sums},
                self.count)
        answers = dict(run_chunks(self.executor, ask, range(count)))
        missing = [g for g in range(count) if g not in answers]
        if missing:  # two processes answered for one group
            answers.update(run_chunks(self.executor, partial(ask, insist=True), missing))
        return add_up({node: part for g in range(count) for node, part in answers[g]},
                      self.count)


def load_deals(setting: DeclareSetting, *, deals: int = DEFAULT_DEALS, seed: int = 0,
               executor: Executor) -> int:
    """Make the game's deals on ``executor``'s processes, where :func:`solve_declare`
    would value them, and keep them there; their number (the pass over the deals that
    a solve makes once, on its own).

    >>> from pokerroom.analysis.executors import InlineExecutor
    >>> load_deals(DeclareSetting.of("guts2", players=2, pot=10), executor=InlineExecutor())
    8281
    """
    return _Runner(deal_chunks(setting, deals, seed), executor).load()


def evaluate_declare(setting: DeclareSetting, stay: Floats, *, deals: int = DEFAULT_DEALS,
             seed: int = 0, executor: Executor | None = None) -> DeclareEvaluation:
    """Every player's value and exact best response against ``stay`` (``(players,
    histories, buckets)`` chances of staying in)."""
    chunks = deal_chunks(setting, deals, seed)
    if executor is None:
        with open_executor("inline") as inline:
            return evaluate_declare(setting, stay, deals=deals, seed=seed, executor=inline)
    return summarise(setting, stay, _Runner(chunks, executor).values(stay, 0.0))


@dataclass(frozen=True)
class DeclareSolution:
    """The average strategy of CFR+: ``stay[player, heard, bucket]``, its evaluation,
    and the exploitability recorded every :data:`CHECK_EVERY` iterations."""

    setting: DeclareSetting
    stay: Floats
    evaluation: DeclareEvaluation
    iterations: int
    deals: int
    history: tuple[tuple[int, float], ...]

    @property
    def exploitability(self) -> float:
        return self.evaluation.exploitability

    @property
    def names(self) -> tuple[str, ...]:
        return hand_table(self.setting.game, self.setting.options).short

    def decisions(self) -> list[tuple[int, int]]:
        """Every (player, heard) decision that is made, in the order of play."""
        forced = _forced(self.setting)
        return [(i, h) for i in range(self.setting.players)
                for h in range(forced.shape[1]) if not forced[i, h]]

    def label(self, player: int, heard: int) -> str:
        """A decision in words: the seat and what it heard."""
        n = self.setting.players
        seat = "dealer" if player == n - 1 and not self.setting.simultaneous else (
            f"seat {player + 1}" + (" (dealer's left)" if player == 0 and n > 2 else ""))
        if self.setting.simultaneous:
            return f"seat {player + 1}"
        if player == 0:
            return f"{seat}, first"
        said = ", ".join(("in" if heard >> j & 1 else "out") for j in range(player))
        return f"{seat}, after {said}"

    def threshold(self, player: int, heard: int, at_least: float = 0.5) -> str | None:
        """The weakest bucket from which every stronger one stays at least ``at_least``
        of the time (``None``: the best does not)."""
        freq = self.stay[player, heard]
        low = len(freq)
        while low > 0 and freq[low - 1] >= at_least:
            low -= 1
        return None if low == len(freq) else self.names[low]

    def exceptions(self, player: int, heard: int, at_least: float = 0.5) -> list[str]:
        """Buckets below the threshold that stay at least ``at_least`` of the time."""
        freq = self.stay[player, heard]
        low = len(freq)
        while low > 0 and freq[low - 1] >= at_least:
            low -= 1
        return [self.names[b] for b in range(low) if freq[b] >= at_least]

    def mixed(self, player: int, heard: int) -> dict[str, float]:
        """Buckets that stay neither about always nor about never, with their chance."""
        freq = self.stay[player, heard]
        return {self.names[b]: round(float(f), 6) for b, f in enumerate(freq)
                if PURE < f < 1 - PURE}

    def share(self, player: int, heard: int) -> float:
        """The share of all hands that stay (by the chance of each bucket)."""
        sizes = hand_table(self.setting.game, self.setting.options).sizes
        return float(sizes @ self.stay[player, heard]) / float(sizes.sum())

    def to_json(self) -> dict[str, Any]:
        setting = self.setting
        return {
            "game": setting.game, "players": setting.players, "pot": setting.pot,
            "match": setting.match,
            "declare": "simultaneous" if setting.simultaneous else "in-turn",
            "carry": setting.carry,
            "decisions": [{"seat": i + 1, "heard": self.label(i, h),
                           "stays_from": self.threshold(i, h),
                           "also": self.exceptions(i, h),
                           "mixed": self.mixed(i, h),
                           "share": round(self.share(i, h), 6)}
                          for i, h in self.decisions()],
            "values": [round(float(v), 6) for v in self.evaluation.values],
            "exploitability": float(f"{self.exploitability:.3g}"),
            "iterations": self.iterations, "deals": self.deals,
            "exact_deals": setting.exact,
        }


def solve_declare(setting: DeclareSetting, *, iterations: int = 400, deals: int = DEFAULT_DEALS,
          seed: int = 0, where: str = "inline", workers: int | None = None,
          executor: Executor | None = None,
          progress: Callable[[int, int], None] | None = None) -> DeclareSolution:
    """CFR+ for ``iterations`` on the game's deals (every combination of buckets, or
    ``deals`` sampled from ``seed``), the chunks run on ``where`` (``"inline"``,
    ``"processes"``, ``"local"``, ``"tcp://host:port"``) or on ``executor``; the result
    is the same wherever they run."""
    if iterations < 1:
        raise ConfigError(f"the number of iterations must be at least 1, not {iterations}")
    chunks = deal_chunks(setting, deals, seed)
    if executor is None:
        with open_executor(where, workers=workers) as opened:
            return solve_declare(setting, iterations=iterations, deals=deals, seed=seed,
                         executor=opened, progress=progress)
    with hold_processes(executor, worker_count(executor)) as lines:
        return _solve(chunks, _Runner(chunks, executor, lines), iterations, progress)


def _solve(chunks: Sequence[DealChunk], runner: _Runner, iterations: int,
           progress: Callable[[int, int], None] | None) -> DeclareSolution:
    """CFR+ on ``runner``'s chunks (:func:`solve_declare`)."""
    setting = runner.setting
    runner.load()
    n, h = setting.players, histories(setting)
    size = len(hand_table(setting.game, setting.options).names)
    forced = _forced(setting)
    regret = np.zeros((n, h, size, 2))
    total = np.zeros((n, h, size))
    weights = 0.0
    record: list[tuple[int, float]] = []
    for t in range(1, iterations + 1):
        stay = _matched(regret, forced)
        cfv = runner.values(stay, TREMBLE)
        now = stay * cfv[..., 1] + (1 - stay) * cfv[..., 0]
        regret = np.maximum(regret + cfv - now[..., None], 0.0)
        total += t * stay
        weights += t
        if t % CHECK_EVERY == 0 or t == iterations:
            average = total / weights
            checked = summarise(setting, average, runner.values(average, 0.0))
            record.append((t, checked.exploitability))
        if progress is not None:
            progress(t, iterations)
    # the last iteration was checked: its evaluation is the solution's
    return DeclareSolution(setting, average, checked, iterations, chunks[0].total,
                           tuple(record))


def _matched(regret: Floats, forced: npt.NDArray[np.bool_]) -> Floats:
    """Regret matching: each decision stays in proportion to its positive regret of
    staying (an even mix when neither is positive); forced decisions stay."""
    yes, no = regret[..., 1], regret[..., 0]
    both = yes + no
    stay = np.where(both > 0, yes / np.where(both > 0, both, 1.0), 0.5)
    return np.where(forced[:, :, None], 1.0, stay)


def compile_walks() -> int:
    """Compile the walk that values the deals (:mod:`pokerroom.strategy.declare_values`)
    for both kinds of payoff index it is given, every number of players and way of
    declaring, and return how many kinds were compiled (none without numba). ``make
    install`` runs it, so that no solve waits on the compiler (about 3 s the first
    time); later calls load it from numba's cache.

    >>> compile_walks() in (0, 2)
    True
    """
    if not compiled():
        return 0
    setting = DeclareSetting.of("guts2", players=2, pot=10)
    deals = prepare(build_deals(setting))
    n, h = setting.players, histories(setting)
    size = len(hand_table(setting.game, setting.options).names)
    chance = chances(setting, np.full((n, h, size), 0.5), TREMBLE)
    kinds = (np.uint8, np.uint32)
    for kind in kinds:
        out = np.zeros((n, h, size, 2))
        values_into(replace(deals, outcomes=deals.outcomes.astype(kind)), chance,
                    setting.simultaneous, out)
    return len(kinds)

