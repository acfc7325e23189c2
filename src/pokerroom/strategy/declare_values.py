"""The counterfactual values of the declare game's deals against a profile, fast.

A deal's part in the counterfactual value of player ``i`` at a decision (the declares it
heard, ``h``, and its action ``a``) is the chance that the others' declares lead there
times the expected payoff from there on, and both factor along the order of play
(seat 0 first, the dealer last). Walking the game tree of one deal backwards, the
expected payoff vector of a node that player ``k`` is about to decide is
``lo + p * (hi - lo)``, ``lo`` and ``hi`` the vectors of its children (out, in) and ``p``
player ``k``'s chance of staying with its bucket after what it heard; walking forwards,
the others' chance of reaching a node is the product of their chances along the way.
Player ``i``'s value at ``(h, a)`` is then the forward chance of ``h`` times the
backward value of the child ``a``, for every ``i`` at once: for three players 10
multiply-adds a deal backwards and 14 accumulations forwards, where summing every way
the deal can end for every player apart takes some 70 products.

The deals are held in :class:`PreparedDeals`: each deal its players' buckets, its
chance and its table of payoffs, as small numbers into a palette of the few values a
payoff takes (the pot, a match, a share, nothing); where many deals have the same
table (who beats whom among the players in: 13 tables for three players of two-card
Guts), they share it. An evaluation then reads some 20 bytes a deal of two-card Guts
and 85 of Herbie, rather than the 200 and 500 of their payoffs as numbers.

The walk is a compiled loop (:func:`values_into`, numba) that takes the deals in their
order, one after another, compiled apart for each number of players and way of
declaring, so that its loops over the players and the nodes unroll (three times faster
than one loop for them all). Without numba, the same walk runs with NumPy over all the
deals at once (:func:`values_numpy`: the same values, to rounding). Every process of a
solve must run the same one for its results to be the same to the bit (numba is part
of the ``fast`` extra every worker of a cluster installs).

Measured on the project's two-core machine at a load average of about 5, an
evaluation of the three-player Guts declare over every deal (753,090 deals) takes
about 13 ms of CPU, of Herbie's four-player declare over 200,000 deals about 11 ms,
against 75 and 40 ms at a quiet moment when every way each deal ends was summed for
every player apart with NumPy.

>>> import numpy as np
>>> from pokerroom.strategy.declare_game import DeclareDeals, DeclareSetting
>>> setting = DeclareSetting.of("guts2", players=2, pot=10)
>>> deals = DeclareDeals(np.array([[0, 1]]), np.array([1.0]),
...                      np.array([[[0.0], [0.0]], [[10.0], [0.0]],
...                                [[0.0], [10.0]], [[-10.0], [10.0]]]))
>>> stay = np.full((2, 2, 2), 0.5)
>>> stay[1, 1] = 0.25  # the dealer, after "in", stays a quarter of the time
>>> out = np.zeros((2, 2, 2, 2))
>>> values_into(prepare(deals), chances(setting, stay, 0.0), setting.simultaneous, out)
>>> out[0, 0, 0].tolist(), out[1, 1, 1].tolist()  # seat 0 out, in; the dealer after "in"
([0.0, 5.0], [0.0, 5.0])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from pokerroom.fast.jit import compiled, njit
from pokerroom.strategy.declare_game import DeclareDeals, DeclareSetting

_T = TypeVar("_T")

if compiled():
    from numba.misc.special import literally
else:  # without numba the walk is never compiled, nor run
    def literally(obj: _T) -> _T:
        return obj


__all__ = ["SHARED", "PreparedDeals", "chances", "prepare", "values_into", "values_numpy"]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class PreparedDeals:
    """Deals ready to be valued: ``held[d, i]`` player ``i``'s bucket in deal ``d``,
    ``weight[d]`` its chance, and its payoffs ``palette[outcomes[code[d], s, i]]``
    (player ``i``'s when the players of mask ``s`` are in). The payoffs take few values
    (the pot, a match, a share of the pot, nothing), each kept once in ``palette``; and
    where many deals have the same table of payoffs (who beats whom among those in),
    they share it (:data:`SHARED`)."""

    held: npt.NDArray[np.int16]
    weight: Floats
    code: npt.NDArray[np.int32]
    outcomes: npt.NDArray[np.unsignedinteger[Any]]
    palette: Floats

    @property
    def count(self) -> int:
        return int(self.held.shape[0])


SHARED = 16
"""The deals share their tables of payoffs when there are at least this many deals to a
table (in Guts, where who wins depends only on the order of the hands, thousands);
else each deal keeps its own (in Herbie, whose draws make most deals' tables
different, sharing them would save less than it costs)."""


def prepare(deals: DeclareDeals) -> PreparedDeals:
    """``deals`` as :class:`PreparedDeals`, sharing their tables of payoffs where many
    are alike (:data:`SHARED`).

    >>> from pokerroom.strategy.declare_game import DeclareSetting, build_deals
    >>> ready = prepare(build_deals(DeclareSetting.of("guts2", players=2, pot=10)))
    >>> ready.count, len(ready.outcomes)  # 8,281 deals: lower, tied or higher
    (8281, 3)
    """
    ends, n, count = deals.payoff.shape
    rows = deals.payoff.transpose(2, 0, 1).reshape(count, ends * n)
    outcomes, code = rows, np.arange(count)
    if count:
        # rows alike have the same sum under any weights; sorting those sums is quick
        mix = np.random.default_rng(0).random(ends * n) + 0.5
        _, first, alike = np.unique((rows * mix).sum(axis=1), return_index=True,
                                    return_inverse=True)  # (no BLAS threads)
        if (len(first) * SHARED <= count  # few enough to be worth it, and none confused
                and np.array_equal(rows[first][alike.reshape(-1)], rows)):
            outcomes, code = rows[first], alike
    palette, index = _palette(outcomes)
    small = np.uint8 if len(palette) <= 1 << 8 else np.uint32
    return PreparedDeals(np.ascontiguousarray(deals.buckets, dtype=np.int16),
                         np.ascontiguousarray(deals.weight, dtype=np.float64),
                         np.ascontiguousarray(code.reshape(-1), dtype=np.int32),
                         np.ascontiguousarray(index.reshape(-1, ends, n), dtype=small),
                         np.ascontiguousarray(palette, dtype=np.float64))


def _palette(values: Floats) -> tuple[Floats, npt.NDArray[np.intp]]:
    """The distinct ``values`` and where each value is among them: in the order first
    met, by a compiled pass where numba is installed, else sorted."""
    flat = values.ravel()
    if compiled():
        palette, index, count = _first_met(flat)
        if count >= 0:
            return palette[:count], index
    found, index = np.unique(flat, return_inverse=True)
    return found, index.reshape(-1)


@njit(cache=True, nogil=True)
def _first_met(flat: Floats) -> tuple[Floats, npt.NDArray[np.intp],
                                      int]:  # pragma: no cover - compiled
    """The distinct values of ``flat`` in the order first met, where each value is
    among them, and how many there are (-1: more than 256, left to sorting)."""
    palette = np.empty(256)
    index = np.empty(len(flat), np.intp)
    count = last = 0
    for e in range(len(flat)):
        value = flat[e]
        if count and palette[last] == value:  # runs of a value are common
            index[e] = last
            continue
        last = -1
        for j in range(count):
            if palette[j] == value:
                last = j
                break
        if last < 0:
            if count == len(palette):
                return palette, index, -1
            palette[count] = value
            last = count
            count += 1
        index[e] = last
    return palette, index, count


def chances(setting: DeclareSetting, stay: Floats, tremble: float) -> Floats:
    """Every decision's chance of staying in, kept within ``tremble`` of 0 and 1, except
    the dealer's who heard everyone say out (in turn): in, always."""
    chance = np.clip(stay, tremble, 1 - tremble) if tremble else stay.astype(np.float64)
    if not setting.simultaneous:
        chance[setting.players - 1, 0] = 1.0
    return np.ascontiguousarray(chance)


@njit(cache=True, nogil=True)
def _walk(held: npt.NDArray[np.int16], weight: Floats, code: npt.NDArray[np.int32],
          outcomes: npt.NDArray[np.unsignedinteger[Any]], palette: Floats,
          chance: Floats, out: Floats, n: int,
          simultaneous: bool) -> None:  # pragma: no cover - compiled
    literally(n)  # compiled for each number of players and way of declaring: the
    literally(simultaneous)  # loops over the players and nodes are then unrolled
    ends = 1 << n
    node = np.empty(ends * n)  # node m's value to player i at m * n + i
    reach = np.empty(ends)
    for d in range(len(weight)):
        table = outcomes[code[d]]
        for s in range(ends):
            for i in range(n):
                node[s * n + i] = palette[table[s, i]]
        for k in range(n - 1, 0, -1):  # backwards: player k decides at nodes m < 2**k
            half = 1 << k
            bucket = held[d, k]
            for m in range(half):
                p = chance[k, 0 if simultaneous else m, bucket]
                for i in range(k):  # only the players before k still need the node
                    low = node[m * n + i]
                    node[m * n + i] = low + p * (node[(m + half) * n + i] - low)
        reach[0] = weight[d]
        for i in range(n):  # forwards: the others' chance of each node player i decides at
            half = 1 << i
            bucket = held[d, i]
            if simultaneous:  # every node player i decides at is one decision
                stays = leaves = 0.0
                for m in range(half):
                    leaves += reach[m] * node[m * n + i]
                    stays += reach[m] * node[(m + half) * n + i]
                out[i, 0, bucket, 0] += leaves
                out[i, 0, bucket, 1] += stays
            else:
                for m in range(half):
                    out[i, m, bucket, 0] += reach[m] * node[m * n + i]
                    out[i, m, bucket, 1] += reach[m] * node[(m + half) * n + i]
            if i < n - 1:
                for m in range(half):
                    p = chance[i, 0 if simultaneous else m, bucket]
                    r = reach[m]
                    reach[m + half] = r * p
                    reach[m] = r * (1.0 - p)


@njit(cache=True, nogil=True)
def _walk_any(held: npt.NDArray[np.int16], weight: Floats, code: npt.NDArray[np.int32],
              outcomes: npt.NDArray[np.unsignedinteger[Any]], palette: Floats,
              chance: Floats, simultaneous: bool,
              out: Floats) -> None:  # pragma: no cover - compiled
    """:func:`_walk` for 2, 3 or 4 players, each compiled apart (three times faster
    than one walk for any number)."""
    n = outcomes.shape[2]
    if simultaneous:
        if n == 2:
            _walk(held, weight, code, outcomes, palette, chance, out, 2, True)
        elif n == 3:
            _walk(held, weight, code, outcomes, palette, chance, out, 3, True)
        else:
            _walk(held, weight, code, outcomes, palette, chance, out, 4, True)
    elif n == 2:
        _walk(held, weight, code, outcomes, palette, chance, out, 2, False)
    elif n == 3:
        _walk(held, weight, code, outcomes, palette, chance, out, 3, False)
    else:
        _walk(held, weight, code, outcomes, palette, chance, out, 4, False)


def values_into(deals: PreparedDeals, chance: Floats, simultaneous: bool,
                out: Floats) -> None:
    """Add the counterfactual values ``(players, histories, buckets, 2)`` of ``deals``
    under the chances of staying ``chance`` (:func:`chances`) to ``out``: compiled where
    numba is installed, else :func:`values_numpy`."""
    if compiled():
        _walk_any(deals.held, deals.weight, deals.code, deals.outcomes, deals.palette,
                  chance, simultaneous, out)
    else:
        out += values_numpy(deals, chance, simultaneous)


def values_numpy(deals: PreparedDeals, chance: Floats, simultaneous: bool) -> Floats:
    """The walk of :func:`values_into` with NumPy, every deal at once (each node a
    column of deals), the values summed by bucket.

    >>> import numpy as np
    >>> from pokerroom.strategy.declare_game import DeclareSetting, build_deals
    >>> setting = DeclareSetting.of("guts2", players=2, pot=10)
    >>> deals = prepare(build_deals(setting))
    >>> chance = chances(setting, np.full((2, 2, 91), 0.5), 1e-6)
    >>> out = np.zeros((2, 2, 91, 2))
    >>> values_into(deals, chance, False, out)
    >>> bool(np.allclose(out, values_numpy(deals, chance, False), rtol=0, atol=1e-15))
    True
    """
    held = deals.held.astype(np.int64)
    count, n = held.shape
    size = chance.shape[2]
    out = np.zeros((n, chance.shape[1], size, 2))
    rows = [chance[k, :1 if simultaneous else 1 << k][:, held[:, k]] for k in range(n)]
    node = np.moveaxis(deals.palette[deals.outcomes[deals.code]], 0, 2)  # (ends, players, deals)
    below: dict[int, Floats] = {n: node}
    for k in range(n - 1, 0, -1):
        half = 1 << k
        low = node[:half, :k]
        node = low + rows[k][:, None, :] * (node[half:2 * half, :k] - low)
        below[k] = node
    reach = deals.weight[None, :]
    for i in range(n):
        half = 1 << i
        mine = below[i + 1][:2 * half, i] * np.concatenate([reach, reach])
        if simultaneous:
            mine = mine.reshape(2, half, count).sum(axis=1)
        lines = mine.shape[0]
        index = held[:, i] + (np.arange(lines) * size)[:, None]
        summed = np.bincount(index.ravel(), weights=mine.ravel(), minlength=lines * size)
        out[i, :lines // 2] = summed.reshape(2, lines // 2, size).transpose(1, 2, 0)
        if i < n - 1:
            reach = np.concatenate([reach * (1 - rows[i]), reach * rows[i]])
    return out
