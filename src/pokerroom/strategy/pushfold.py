"""The heads-up no-limit hold'em push/fold game and its equilibrium.

The small blind (SB) holds one of the 1,326 combos and the big blind (BB) one of the
1,225 left, all alike likely. Both start the hand with the same ``stack`` (the effective
stack, in big blinds, *before* anything is posted); each posts an ``ante`` (in big
blinds, 0 for none), then the SB half a big blind and the BB one (as much of them as
the stack holds). The SB folds (and loses what it posted) or pushes all in; facing the
push the BB folds (and loses what it posted) or calls, and the board is dealt: the SB
wins ``stack * (2 * equity - 1)``, its exact equity against the BB's hand from
:mod:`pokerroom.strategy.equity`. Payoffs are chip expectations in big blinds; the game
is zero-sum.

A strategy gives each of the 169 classes a frequency (push for the SB, call for the
BB), every combo of a class alike; the chance of each pair of classes is its number of
combo pairs that share no card, so the game is exact. It is solved by CFR+ (regret
matching+ with alternating updates and linearly weighted averages) until its
exploitability is small, then made exact: the classes that mix get the frequencies
that leave the other side's mixing classes indifferent, a linear system
(:func:`solve`). :func:`exploitability` measures a profile by exact best responses.

>>> from pokerroom.strategy.equity import class_equity, combo_equity
>>> small = class_equity(combo_equity(classes=["AA", "KK", "72o"]))
>>> sol = solve(PushFoldGame.build(small, stack=5))
>>> sol.pure("push"), sol.pure("call"), sol.exploitability
(['AA', 'KK'], ['AA'], 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.errors import ConfigError
from pokerroom.strategy.classes import CLASS_NAMES
from pokerroom.strategy.equity import BOARDS, ClassEquity

__all__ = [
    "EXACT",
    "MAX_STACK",
    "PushFoldGame",
    "Solution",
    "best_response_values",
    "check_settings",
    "exploitability",
    "solve",
]

MAX_STACK = 200.0
"""The largest stack the solver takes (the charts stop at 25 big blinds)."""
PURE = 1e-9
"""A frequency within this of 0 or 1 is pure."""

Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class PushFoldGame:
    """The game at one stack and ante, over some classes (all 169 for the charts).

    ``fold`` is what the SB's folding costs it; ``steal`` what it wins when the BB
    folds; per pair of classes ``weight`` is the chance of the pair and ``showdown``
    the SB's expected winnings (chance-weighted) when the BB calls."""

    stack: float
    ante: float
    names: tuple[str, ...]
    weight: Floats
    showdown: Floats
    fold: float
    steal: float
    contest: Floats
    """Per pair of classes, what the BB's calling gains it over folding (and costs the
    SB), chance-weighted: ``steal * weight - showdown``."""
    rows: Floats
    """Each SB class's chance (the sums of ``weight``'s rows)."""

    @classmethod
    def build(cls, table: ClassEquity, stack: float, ante: float = 0.0) -> PushFoldGame:
        """The game of ``table``'s classes at ``stack`` big blinds with an ``ante`` each
        (big blinds). The stack must be at least 1 (the big blind) and at most
        :data:`MAX_STACK`; the ante at least 0 and less than the stack."""
        check_settings(stack, ante)
        total = float(table.pairs.sum())  # every pair of combos that share no card alike
        weight = table.pairs.astype(np.float64) / total
        # per pair: the sum over its combo pairs of (2 * equity - 1), times the stack
        showdown = stack * (table.points.astype(np.float64) / BOARDS
                            - table.pairs.astype(np.float64)) / total
        sb_ante, bb_ante = min(ante, stack), min(ante, stack)
        fold = sb_ante + min(0.5, stack - sb_ante)
        steal = bb_ante + min(1.0, stack - bb_ante)
        names = tuple(CLASS_NAMES[i] for i in table.classes)
        return cls(stack, ante, names, weight, showdown, fold, steal,
                   steal * weight - showdown, weight.sum(axis=1))

    def sb_gaps(self, call: Floats) -> Floats:
        """What pushing gains each SB class over folding (chance-weighted) when the BB
        calls with ``call``."""
        gaps: Floats = (self.steal + self.fold) * self.rows - self.contest @ call
        return gaps

    def bb_gaps(self, push: Floats) -> Floats:
        """What calling gains each BB class over folding (chance-weighted) against
        ``push``."""
        return push @ self.contest

    def value(self, push: Floats, call: Floats) -> float:
        """The SB's expectation per hand, in big blinds."""
        folding = -self.fold * self.rows
        return float(folding.sum() + push @ self.sb_gaps(call))


def check_settings(stack: float, ante: float) -> None:
    """Raise :class:`~pokerroom.errors.ConfigError` for a stack or ante the game does not
    take.

    >>> check_settings(0.5, 0)
    Traceback (most recent call last):
    ...
    pokerroom.errors.ConfigError: the stack must be at least 1 big blind and at most 200, not 0.5
    """
    if not (np.isfinite(stack) and 1.0 <= stack <= MAX_STACK):
        raise ConfigError(f"the stack must be at least 1 big blind and at most "
                          f"{MAX_STACK:g}, not {stack:g}")
    if not (np.isfinite(ante) and 0.0 <= ante < stack and ante <= 1.0):
        raise ConfigError(f"the ante must be at least 0 and at most 1 big blind (and less "
                          f"than the stack), not {ante:g}")


def best_response_values(game: PushFoldGame, push: Floats,
                         call: Floats) -> tuple[float, float]:
    """The SB's expectation when it best-responds to ``call``, and when the BB
    best-responds to ``push`` (each an exact best response: every class takes its
    better action)."""
    folds = -game.fold * game.rows
    sb_best = float(np.maximum(game.sb_gaps(call), 0.0).sum() + folds.sum())
    bb_best = game.value(push, np.zeros_like(call)) - float(
        np.maximum(game.bb_gaps(push), 0.0).sum())
    return sb_best, bb_best


def exploitability(game: PushFoldGame, push: Floats, call: Floats) -> float:
    """How much a best-responding opponent gains, averaged over the two seats, in big
    blinds per hand: half the sum of what each player's best response gains over the
    profile (0 exactly at an equilibrium)."""
    sb_best, bb_best = best_response_values(game, push, call)
    return max(0.0, (sb_best - bb_best) / 2)


@dataclass(frozen=True)
class Solution:
    """An equilibrium: each class's push and call frequency, the SB's value per hand,
    the exploitability (big blinds per hand) and the CFR+ iterations run."""

    game: PushFoldGame
    push: Floats
    call: Floats
    value: float
    exploitability: float
    iterations: int

    def pure(self, side: str) -> list[str]:
        """The classes that push (``side="push"``) or call (``"call"``) always."""
        freq = self.push if side == "push" else self.call
        return [n for n, f in zip(self.game.names, freq.tolist(), strict=True) if f == 1.0]

    def mixed(self, side: str) -> dict[str, float]:
        """The classes that push or call sometimes, with their frequency."""
        freq = self.push if side == "push" else self.call
        return {n: round(f, 6) for n, f in zip(self.game.names, freq.tolist(), strict=True)
                if 0.0 < f < 1.0}

    def to_json(self) -> dict[str, Any]:
        """The solution as plain JSON data."""
        stack: float | int = int(self.game.stack) if self.game.stack.is_integer() \
            else self.game.stack
        return {
            "stack": stack,
            "ante": self.game.ante,
            "push": self.pure("push"),
            "call": self.pure("call"),
            "mixed": {"push": self.mixed("push"), "call": self.mixed("call")},
            "sb_value": self.value,
            "exploitability": self.exploitability,
        }


class _CFRPlus:
    """CFR+ on the game: regret matching+ for each class of each side, the sides
    updated in turn, the strategies averaged with weights 1, 2, 3, ... (the
    iteration)."""

    def __init__(self, game: PushFoldGame) -> None:
        size = len(game.names)
        self.game = game
        self.fold_value = -game.fold * game.rows
        self.regret = np.zeros((4, size))  # SB push, SB fold, BB call, BB fold
        self.push, self.call = np.full(size, 0.5), np.full(size, 0.5)
        self.sum_push, self.sum_call = np.zeros(size), np.zeros(size)
        self.weights = 0.0
        self.iterations = 0

    def average(self) -> tuple[Floats, Floats]:
        return self.sum_push / self.weights, self.sum_call / self.weights

    def run(self, tolerance: float, most: int) -> None:
        """Iterate until the average's exploitability is under ``tolerance`` (checked
        every 64 iterations) or ``most`` iterations have run in all."""
        game, regret = self.game, self.regret
        while self.iterations < most:
            self.iterations += 1
            t = self.iterations
            pushed = game.sb_gaps(self.call) + self.fold_value
            now = self.push * pushed + (1 - self.push) * self.fold_value
            regret[0] = np.maximum(regret[0] + pushed - now, 0.0)
            regret[1] = np.maximum(regret[1] + self.fold_value - now, 0.0)
            self.push = _matched(regret[0], regret[1])
            calls = game.bb_gaps(self.push)  # folding valued 0
            now = self.call * calls
            regret[2] = np.maximum(regret[2] + calls - now, 0.0)
            regret[3] = np.maximum(regret[3] - now, 0.0)
            self.call = _matched(regret[2], regret[3])
            self.sum_push += t * self.push
            self.sum_call += t * self.call
            self.weights += t
            if t % 64 == 0 and exploitability(game, *self.average()) < tolerance:
                return


def _matched(yes: Floats, no: Floats) -> Floats:
    total = yes + no
    return np.where(total > 0, yes / np.where(total > 0, total, 1.0), 0.5)


def _exact(game: PushFoldGame, push: Floats, call: Floats) -> tuple[Floats, Floats]:
    """The equilibrium near the approximate one ``(push, call)``: each class takes its
    best response to the other side's approximate strategy, except a few of those whose
    choice is closest to indifferent, which mix at the frequencies that keep the other
    side's mixing classes indifferent (a linear system). The mixing sets tried are the
    1, 2, ... :data:`MIXING` nearest to indifferent on each side, then, if none gives
    an exact equilibrium, every set of up to :data:`MIXING` of the :data:`NEAREST`
    nearest. The least exploitable profile found is returned (the first found of equal
    ones), ``(push, call)`` itself when none improves on it.

    The profiles of each round are made together (:func:`_mixings`) and their
    exploitability first estimated together (:func:`_near_exploitabilities`); only those
    the estimate leaves within :data:`SLACK` of the least are measured exactly, in the
    order above. The estimate errs by far less than :data:`SLACK`, so a profile left out
    is more exploitable than one measured: the result is the one measuring every profile
    exactly, in turn, would give."""
    sb = game.sb_gaps(call) / game.rows
    bb = game.bb_gaps(push) / game.weight.sum(axis=0)
    near_sb, near_bb = np.argsort(np.abs(sb)), np.argsort(np.abs(bb))
    best, least = (push, call), exploitability(game, push, call)
    prefixes = [[near_sb[:k] for k in range(MIXING + 1)],
                [near_bb[:k] for k in range(MIXING + 1)]]
    subsets = [[np.array(c, dtype=np.intp) for k in range(MIXING + 1)
                for c in combinations(near[:NEAREST].tolist(), k)]
               for near in (near_sb, near_bb)]
    pushes, calls = sb > 0, bb > 0
    for sets in (prefixes, subsets):
        pairs = list(product(sets[0], sets[1]))
        p, q = _mixings(game, pushes, calls, pairs)
        near = _near_exploitabilities(game, pushes, calls, p, q)
        bound = min(least, float(near.min())) + SLACK
        for k in np.flatnonzero(near <= bound).tolist():
            candidate = (p[k].copy(), q[k].copy())
            found = exploitability(game, *candidate)
            if found < least:
                best, least = candidate, found
        if least <= EXACT:
            break
    return best


MixingSets = tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]


def _mixings(game: PushFoldGame, pushes: npt.NDArray[np.bool_],
             calls: npt.NDArray[np.bool_],
             pairs: list[MixingSets]) -> tuple[Floats, Floats]:
    """Per pair ``(mix_sb, mix_bb)`` of ``pairs``, a row of the push and one of the call
    frequencies: the profile where the classes of ``pushes`` and ``calls`` play, those
    of ``mix_sb`` and ``mix_bb`` mixing so that the other side's mixing classes are
    indifferent (least squares when the sets differ in size; nobody mixes when either
    set is empty). Each row is, to the bit, what solving its pair alone gives: the same
    products and the same LAPACK least-squares routine (``gelsd``, as
    :func:`numpy.linalg.lstsq`), called once for all the systems of a shape."""
    contest = game.contest
    edge = (game.steal + game.fold) * game.rows
    base_p, base_q = pushes.astype(np.float64), calls.astype(np.float64)
    p, q = np.tile(base_p, (len(pairs), 1)), np.tile(base_q, (len(pairs), 1))
    facing_sb: dict[tuple[int, ...], Floats] = {}  # mix_sb: what calling gains, p zeroed there
    facing_bb: dict[tuple[int, ...], Floats] = {}  # mix_bb: what pushing gains, q zeroed there
    shapes: dict[tuple[int, int], list[int]] = {}
    for k, (mix_sb, mix_bb) in enumerate(pairs):
        if not (len(mix_sb) and len(mix_bb)):
            continue
        shapes.setdefault((len(mix_sb), len(mix_bb)), []).append(k)
        sb_key, bb_key = tuple(mix_sb.tolist()), tuple(mix_bb.tolist())
        if sb_key not in facing_sb:
            zeroed = base_p.copy()
            zeroed[mix_sb] = 0.0
            facing_sb[sb_key] = zeroed @ contest
        if bb_key not in facing_bb:
            zeroed = base_q.copy()
            zeroed[mix_bb] = 0.0
            facing_bb[bb_key] = edge - contest @ zeroed
    for rows in shapes.values():
        which = np.array(rows, dtype=np.intp)[:, None]
        sbs = np.array([pairs[k][0] for k in rows], dtype=np.intp)
        bbs = np.array([pairs[k][1] for k in rows], dtype=np.intp)
        block = contest[sbs[:, :, None], bbs[:, None, :]]
        gains_bb = np.array([-facing_sb[tuple(pairs[k][0].tolist())][pairs[k][1]]
                             for k in rows])
        gains_sb = np.array([facing_bb[tuple(pairs[k][1].tolist())][pairs[k][0]]
                             for k in rows])
        p[which, sbs] = _solve_all(block.swapaxes(1, 2), gains_bb)
        q[which, bbs] = _solve_all(block, gains_sb)
    return p, q


def _near_exploitabilities(game: PushFoldGame, pushes: npt.NDArray[np.bool_],
                           calls: npt.NDArray[np.bool_], push: Floats,
                           call: Floats) -> Floats:
    """:func:`exploitability` of each profile of the rows of ``push`` and ``call``, up
    to rounding: the other side's gains are those against ``pushes`` and ``calls``
    corrected for the few classes where a row differs from them (a handful of columns,
    instead of a product with the whole table per row)."""
    contest = game.contest
    edge = (game.steal + game.fold) * game.rows
    folds = float((-game.fold * game.rows).sum())
    base_p, base_q = pushes.astype(np.float64), calls.astype(np.float64)
    moved_p = push - base_p
    moved_q = call - base_q
    cols_p = np.flatnonzero(moved_p.any(axis=0))
    cols_q = np.flatnonzero(moved_q.any(axis=0))
    sb_gaps = (edge - contest @ base_q) - moved_q[:, cols_q] @ contest[:, cols_q].T
    bb_gaps = base_p @ contest + moved_p[:, cols_p] @ contest[cols_p]
    sb_best = np.maximum(sb_gaps, 0.0).sum(axis=1) + folds
    bb_best = folds + push @ edge - np.maximum(bb_gaps, 0.0).sum(axis=1)
    found: Floats = np.maximum(0.0, (sb_best - bb_best) / 2)
    return found


MIXING = 3
"""The most classes a side may mix in :func:`_exact`."""
NEAREST = 5
"""How many of the classes nearest to indifferent :func:`_exact` picks mixing sets
from, when the nearest alone do not do."""
SLACK = 1e-9
"""How far above the least estimated exploitability (big blinds per hand) a profile of
:func:`_exact` is still measured exactly. The estimate and the measure compute the same
sums of chance-weighted payoffs (all under 1 + the stack, their weights summing to 1) in
other orders, so they differ by rounding only, a few 1e-13 at the most for the largest
stack: far less than this."""


def _stacked_lstsq() -> Any:
    """The generalised ufunc behind :func:`numpy.linalg.lstsq`, which solves a stack of
    systems in one call (NumPy does not name it among its public functions: where it is
    missing, :func:`_solve_all` solves the systems one by one with the public one)."""
    try:
        from numpy.linalg import _umath_linalg
    except ImportError:
        return None
    return getattr(_umath_linalg, "lstsq", None)


def _lstsq_failed(*_: object) -> None:
    raise np.linalg.LinAlgError("SVD did not converge in Linear Least Squares")


def _solve_all(matrices: Floats, rhs: Floats) -> Floats:
    """Per system ``matrices[i] @ x == rhs[i]`` (least squares), the frequencies that
    solve it, in [0, 1], with those within :data:`PURE` of 0 or 1 made pure: what
    :func:`numpy.linalg.lstsq` gives each system alone (the same gufunc, stacked)."""
    stacked = _stacked_lstsq()
    if stacked is None:  # a NumPy without the gufunc: one system at a time, alike
        solved = np.array([np.linalg.lstsq(m, r, rcond=None)[0]
                           for m, r in zip(matrices, rhs, strict=True)]
                          ).reshape(rhs.shape[:-1] + matrices.shape[-1:])
    else:
        rows, cols = matrices.shape[-2:]
        rcond = np.finfo(np.float64).eps * max(rows, cols)
        with np.errstate(call=_lstsq_failed, invalid="call", over="ignore",
                         divide="ignore", under="ignore"):
            solved = stacked(matrices, rhs[..., None], rcond,
                             signature="ddd->ddid")[0][..., 0]
    x: Floats = np.clip(solved, 0.0, 1.0)
    x[x < PURE] = 0.0
    x[x > 1.0 - PURE] = 1.0
    return x


EXACT = 1e-12
"""An exploitability (big blinds per hand) at this or below is an exact equilibrium up
to rounding."""


def solve(game: PushFoldGame, *, iterations: int = 50_000) -> Solution:
    """The equilibrium of ``game``: CFR+ to an exploitability of 1e-4 big blinds a hand,
    then the exact profile near it (:func:`_exact`); if that is not exact (above
    :data:`EXACT`), CFR+ on to ten times less, and so on to 1e-9, or ``iterations``
    CFR+ iterations in all. The least exploitable profile seen is returned."""
    cfr = _CFRPlus(game)
    best: tuple[Floats, Floats] | None = None
    least = np.inf
    for target in (1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9):
        cfr.run(target, iterations)
        push, call = _exact(game, *cfr.average())
        found = exploitability(game, push, call)
        if found < least:
            best, least = (push, call), found
        if least <= EXACT or cfr.iterations >= iterations:
            break
    assert best is not None
    push, call = best
    return Solution(game, push, call, game.value(push, call), least, cfr.iterations)
