"""The ICM push/fold equilibrium at a final table, by CFR+, with exact best responses.

A strategy gives each decision of the game (:class:`pokerroom.strategy.icm_game.Node`)
and each hand class a frequency of going all in (shoving, or calling a shove). Every
player acts at most once in a hand, so a player's best response is, at each of its
decisions and for each class, the action with the larger counterfactual value (the
sum over the deals where it holds that class of the chance the others bring the hand
there times its payoff): one pass over the tree gives every player's best response
at once (:func:`evaluate`). The *exploitability* of a profile is the NashConv: the sum
over the players of what a best response gains over the profile, in the units of the
prizes (0 exactly at an equilibrium).

:func:`solve_icm` runs CFR+ (regret matching+, every player updated from the same profile,
averages weighted 1, 2, 3, ... by the iteration) and records the exploitability of the
average strategy as it goes. With three or more players CFR+ has no convergence
guarantee; the record shows how far it got.

>>> from pokerroom.strategy.equity import combo_equity
>>> from pokerroom.strategy.icm_game import IcmGame, IcmTable, deal_set
>>> table = IcmTable.build([2000, 2000], 100, 200, 0, [1])
>>> game = IcmGame.build(table, deal_set(combo_equity(classes=["AA", "72o"]), 2))
>>> sol = solve_icm(game, iterations=200)
>>> sol.ranges()
{'SB shoves': ['AA'], 'BB calls SB': ['AA']}
>>> sol.exploitability < 1e-9
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.errors import ConfigError
from pokerroom.strategy.icm_game import IcmGame

__all__ = ["Evaluation", "IcmSolution", "default_deals", "evaluate", "solve_icm"]

Floats = npt.NDArray[np.float64]
PURE = 0.005
"""A frequency within this of 0 or 1 is shown as pure."""
TREMBLE = 1e-6
"""The least frequency of each action in the reach the CFR+ regrets are weighed by
(:func:`evaluate`): decisions that no deal reaches under the profile get the better
action against a tremble, not an even mix."""


@dataclass(frozen=True)
class Evaluation:
    """A profile's ``values`` (each player's expected ICM equity), what a best response
    gains each player (``gains``), their sum ``exploitability``, each node's regrets
    for going all in and for folding (``(nodes, classes)`` each) and each player's best
    response (going all in or not, per node and class)."""

    values: Floats
    gains: Floats
    exploitability: float
    regret_yes: Floats
    regret_no: Floats
    best: npt.NDArray[np.bool_]


def evaluate(game: IcmGame, strategy: Floats, tremble: float = 0.0) -> Evaluation:
    """Every player's value and exact best response against ``strategy`` (``(nodes,
    classes)`` frequencies of going all in). With ``tremble`` above 0 the regrets (not
    the values, gains or best responses) weigh each deal by a reach in which every
    action is taken at least that often, so that a decision no deal reaches still
    learns the better action against the others' hands."""
    nodes, classes, weight = game.nodes, game.classes, game.deals.weight
    size = len(game.names)
    count = len(weight)
    go = [strategy[i][classes[:, node.actor]] for i, node in enumerate(nodes)]
    reach = [np.zeros(count)] * len(nodes)
    shaky = [np.zeros(count)] * len(nodes)
    reach[0] = shaky[0] = weight
    for i, node in enumerate(nodes):  # parents come before children
        bent = np.clip(go[i], tremble, 1.0 - tremble)
        for child, share, bent_share in ((node.yes, go[i], bent),
                                         (node.no, 1.0 - go[i], 1.0 - bent)):
            if child >= 0:
                reach[child] = reach[i] * share
                shaky[child] = shaky[i] * bent_share if tremble else reach[child]
    values: list[Floats] = [np.zeros(0)] * len(nodes)

    def value(child: int) -> Floats:
        return game.utility[-1 - child] if child < 0 else values[child]

    regret_yes = np.zeros((len(nodes), size))
    regret_no = np.zeros((len(nodes), size))
    best = np.zeros((len(nodes), size), dtype=bool)
    gains = np.zeros(game.table.seats)
    for i in range(len(nodes) - 1, -1, -1):
        node = nodes[i]
        yes, no = value(node.yes), value(node.no)
        values[i] = no + go[i] * (yes - no)
        mine = classes[:, node.actor]
        edge = yes[node.actor] - no[node.actor]
        # what going all in gains over folding, per class: the regrets, the gain of the
        # best response and the best response itself follow from it alone
        gap = np.bincount(mine, reach[i] * edge, minlength=size)
        best[i] = gap > 0
        gains[node.actor] += float((np.maximum(gap, 0.0) - strategy[i] * gap).sum())
        if tremble:
            gap = np.bincount(mine, shaky[i] * edge, minlength=size)
        regret_yes[i], regret_no[i] = (1.0 - strategy[i]) * gap, -strategy[i] * gap
    total: Floats = values[0] @ weight
    return Evaluation(total, gains, float(gains.sum()), regret_yes, regret_no, best)


@dataclass(frozen=True)
class IcmSolution:
    """The average strategy of the CFR+ run (``strategy``, ``(nodes, classes)``), each
    player's ICM equity under it, its exploitability (prize units), and the
    exploitability recorded along the run as ``(iteration, exploitability)``."""

    game: IcmGame
    strategy: Floats
    values: Floats
    exploitability: float
    iterations: int
    history: list[tuple[int, float]] = field(default_factory=list)

    def frequencies(self, label: str) -> dict[str, float]:
        """Each class's frequency of going all in at the decision named ``label``."""
        at = [n.label for n in self.game.nodes].index(label)
        return dict(zip(self.game.names, self.strategy[at].tolist(), strict=True))

    def ranges(self, at_least: float = 0.5) -> dict[str, list[str]]:
        """Every decision's range: the classes that go all in with a frequency of at
        least ``at_least``, in chart order."""
        return {node.label: [n for n, f in zip(self.game.names, row.tolist(), strict=True)
                             if f >= at_least]
                for node, row in zip(self.game.nodes, self.strategy, strict=True)}

    def mixed(self) -> dict[str, dict[str, float]]:
        """Per decision, the classes whose frequency is neither about 0 nor about 1."""
        out = {}
        for node, row in zip(self.game.nodes, self.strategy, strict=True):
            mix = {n: round(f, 4) for n, f in zip(self.game.names, row.tolist(), strict=True)
                   if PURE < f < 1.0 - PURE}
            if mix:
                out[node.label] = mix
        return out

    def share(self, label: str) -> float:
        """The share of the 1,326 combos that go all in at a decision (by frequency)."""
        from pokerroom.strategy.classes import class_index, class_sizes

        sizes = class_sizes()[[class_index(n) for n in self.game.names]]
        freq = np.array(list(self.frequencies(label).values()))
        return float(sizes @ freq) / float(sizes.sum())

    def to_json(self) -> dict[str, Any]:
        """The solution as plain JSON data."""
        table = self.game.table
        ranges = self.ranges()
        return {
            "stacks": list(table.stacks),
            "blinds": [table.small_blind, table.big_blind],
            "ante": table.ante,
            "payouts": [float(p) if p.denominator != 1 else int(p) for p in table.prizes],
            "positions": list(_names(self.game)),
            "push": {n.label.split()[0]: ranges[n.label] for n in self.game.nodes
                     if n.opener == n.actor},
            "call": {n.label: ranges[n.label] for n in self.game.nodes
                     if n.opener != n.actor},
            "mixed": self.mixed(),
            "equity": [round(float(v), 6) for v in self.values],
            "equity_before": [round(float(v), 6) for v in table.equities()],
            "exploitability": self.exploitability,
            "iterations": self.iterations,
            "deals": len(self.game.deals.weight),
            "exact_deals": self.game.deals.exact,
        }


def _names(game: IcmGame) -> tuple[str, ...]:
    from pokerroom.strategy.icm_game import position_names

    return position_names(game.table.seats)


def default_deals(seats: int) -> int:
    """The random deals a solve uses by default: about six million payoffs (deals ×
    terminals × seats; a table of ``n`` seats has ``2**n - 1`` terminals) kept, between
    20,000 and 200,000 deals.

    >>> [default_deals(n) for n in range(2, 7)]
    [200000, 200000, 100000, 38709, 20000]
    """
    terminals = 2 ** seats - 1
    return int(min(200_000, max(20_000, 6_000_000 // (terminals * seats))))


def solve_icm(game: IcmGame, *, iterations: int = 1000, tolerance: float = 0.0,
          every: int = 50, progress: Callable[[int, int], None] | None = None
          ) -> IcmSolution:
    """CFR+ for ``iterations`` iterations (or until the average's exploitability is at
    most ``tolerance``, checked every ``every`` iterations, when the history is
    recorded too); the average strategy is returned. ``progress(done, total)`` is
    called after each iteration."""
    if iterations < 1 or every < 1:
        raise ConfigError("the iterations and the check interval must be at least 1")
    shape = (len(game.nodes), len(game.names))
    yes, no = np.zeros(shape), np.zeros(shape)
    current = np.full(shape, 0.5)
    average, weights = np.zeros(shape), 0.0
    history: list[tuple[int, float]] = []
    done = 0
    for t in range(1, iterations + 1):
        done = t
        found = evaluate(game, current, TREMBLE)
        yes = np.maximum(yes + found.regret_yes, 0.0)
        no = np.maximum(no + found.regret_no, 0.0)
        total = yes + no
        current = np.where(total > 0, yes / np.where(total > 0, total, 1.0), 0.5)
        average += t * current
        weights += t
        if progress is not None:
            progress(t, iterations)
        if t % every == 0 or t == iterations:
            gap = evaluate(game, average / weights).exploitability
            history.append((t, gap))
            if gap <= tolerance:
                break
    strategy = average / weights
    final = evaluate(game, strategy)
    return IcmSolution(game, strategy, final.values, final.exploitability, done, history)
