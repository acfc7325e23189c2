"""Where the declare solve's deals live: made once by the process that values them, and
kept there for every CFR+ iteration; and how the chunks' values are added up.

A solve's chunks (:func:`~pokerroom.strategy.declare_game.deal_chunks`) are split into
as many contiguous groups as the executor runs at once (:func:`chunk_groups`,
:class:`Groups`), one task a group each iteration. The first task a process runs for a
chunk makes the chunk's deals and keeps them, prepared (:func:`held`); every later one
reads them, so all that travels each iteration is the chances of staying (a few
kilobytes) and the groups as their cuts (a few hundred bytes: each process makes the
chunks' list again once) out, and a few sums of values back. A process keeps the deals
of one job at a time: a task of another job drops them. Each task names the group it
asks for, but a process answers for a group it keeps (:func:`value_a_group`), so that a
pool, which hands tasks to whichever process is free, does not have every process make
every deal. Where the groups run side by side, on a pool or a cluster, a group's chunks
are walked by :data:`WALK_THREADS` threads that take them in turn (:func:`group_sums`),
so that a core whose group is done takes up another group's last chunks.

**The sum.** The values of the chunks are added up along one binary tree over the
chunks' numbers, the same for a job wherever it runs: node ``(level, j)`` holds the
sum of chunks ``j * 2**level`` up to ``(j + 1) * 2**level`` (those there are), its
left half plus its right half (:func:`add_up`). A group sends back the sums of the
largest nodes whose chunks are all its own (:func:`tree_nodes`: a handful, however many
chunks it holds) rather than every chunk's values, and the solver adds them up to the
root, so the total is the same to the bit inline, on a process pool or on Dask, however
the chunks were grouped. (Each chunk's values are an array of the size of the profile:
for Herbie's four players over 1,000,000 deals, the 100 chunks' values were 900 KB to
pickle, pass and unpickle every iteration, the seven sums of two groups 63 KB.)

>>> from pokerroom.strategy.declare_game import DeclareSetting, deal_chunks
>>> chunks = deal_chunks(DeclareSetting.of("herbie", players=2, pot=10), 25_000)
>>> [[c.stop - c.start for c in group] for group in chunk_groups(chunks, 2)]
[[10000], [10000, 5000]]
>>> load_group(chunks[2:])
5000
>>> tree_nodes(0, 50, 100), tree_nodes(50, 100, 100)
([(5, 0), (4, 2), (1, 24)], [(1, 25), (2, 13), (3, 7), (6, 1)])
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.strategy.declare_game import DealChunk, DeclareSetting, deal_chunks, make_chunk_deals
from pokerroom.strategy.declare_values import PreparedDeals, prepare, values_into

__all__ = ["WALK_THREADS", "Groups", "Node", "add_up", "chunk_groups", "forget", "group_sums",
           "group_values", "held", "load_group", "tree_nodes", "value_a_group"]

Floats = npt.NDArray[np.float64]
Node = tuple[int, int]
"""A node of the tree the chunks' values are added up along: ``(level, j)``, the chunks
``j * 2**level`` to ``(j + 1) * 2**level``."""

WALK_THREADS = 2
"""Threads that walk a group's chunks where the solve's groups run side by side."""

_lock = threading.Lock()
_job: list[Any] = [None]
_store: dict[tuple[int, int], PreparedDeals] = {}


def _job_of(chunk: DealChunk) -> tuple[Any, ...]:
    return (chunk.setting.key(), chunk.seed, chunk.total)


def held(chunk: DealChunk) -> PreparedDeals:
    """The prepared deals of ``chunk``, made on the first call in this process."""
    job, where = _job_of(chunk), (chunk.start, chunk.stop)
    with _lock:
        if _job[0] != job:
            _store.clear()
            _job[0] = job
        found = _store.get(where)
    if found is None:
        found = prepare(make_chunk_deals(chunk))
        with _lock:
            if _job[0] == job:
                _store[where] = found
    return found


def forget() -> None:
    """Drop the deals this process keeps (the next task makes them again)."""
    with _lock:
        _store.clear()
        _job[0] = None


def load_group(chunks: Sequence[DealChunk]) -> int:
    """Make and keep the deals of ``chunks`` here; their number of deals."""
    return sum(held(chunk).count for chunk in chunks)


def _chunk_values(chunk: DealChunk, chance: Floats) -> Floats:
    out = np.zeros((chunk.setting.players, *chance.shape[1:], 2))
    values_into(held(chunk), chance, chunk.setting.simultaneous, out)
    return out


def group_values(chunks: Sequence[DealChunk], chance: Floats) -> list[Floats]:
    """Each chunk's counterfactual values against the chances of staying ``chance``
    (:func:`~pokerroom.strategy.declare_values.chances`), in order."""
    return [_chunk_values(chunk, chance) for chunk in chunks]


def _top(count: int) -> int:
    """The level of the tree's root over ``count`` chunks (``2**level >= count``)."""
    return max(count - 1, 0).bit_length()


def tree_nodes(begin: int, end: int, count: int) -> list[Node]:
    """The largest nodes of the tree over ``count`` chunks whose chunks all lie in
    ``begin`` to ``end``, in the chunks' order."""
    nodes: list[Node] = []

    def visit(level: int, j: int) -> None:
        low, high = j << level, min((j + 1) << level, count)
        if low >= min(end, high) or high <= begin:
            return
        if begin <= low and high <= end:
            nodes.append((level, j))
        else:
            visit(level - 1, 2 * j)
            visit(level - 1, 2 * j + 1)

    visit(_top(count), 0)
    return nodes


def _node_sum(node: Node, count: int, leaf: Callable[[int], Floats],
              known: Mapping[Node, Floats]) -> Floats:
    """The sum of the chunks' values under ``node``: ``known[node]`` where given, else
    its left half plus its right half (its left half alone where no chunk is right of
    it), down to ``leaf(j)``, chunk ``j``'s values."""
    found = known.get(node)
    if found is not None:
        return found
    level, j = node
    if level == 0:
        return leaf(j)
    left = _node_sum((level - 1, 2 * j), count, leaf, known)
    if (2 * j + 1) << (level - 1) >= count:
        return left
    return np.add(left, _node_sum((level - 1, 2 * j + 1), count, leaf, known))


def add_up(sums: Mapping[Node, Floats], count: int) -> Floats:
    """The sum of the values of all ``count`` chunks from the sums of the nodes that
    cover them (:func:`group_sums` of every group)."""

    def missing(j: int) -> Floats:
        raise ValueError(f"no sum covers chunk {j}")

    return _node_sum((_top(count), 0), count, missing, sums)


@lru_cache(maxsize=8)
def _job_chunks(setting: DeclareSetting, total: int, seed: int) -> tuple[DealChunk, ...]:
    return tuple(deal_chunks(setting, total, seed))


@dataclass(frozen=True)
class Groups:
    """A job's chunks in contiguous groups as sent to the processes that value them: the
    setting, the number of deals, the seed and where the groups are cut; each process
    makes the list of chunks from them once (:attr:`chunks`)."""

    setting: DeclareSetting
    total: int
    seed: int
    cuts: tuple[int, ...]
    """Group ``g`` is the chunks ``cuts[g]`` to ``cuts[g + 1]``."""

    @classmethod
    def of(cls, chunks: Sequence[DealChunk], parts: int) -> Groups:
        """The chunks of a whole job (:func:`~pokerroom.strategy.declare_game.deal_chunks`)
        in at most ``parts`` groups (:func:`chunk_groups`).

        >>> from pokerroom.strategy.declare_game import DeclareSetting, deal_chunks
        >>> chunks = deal_chunks(DeclareSetting.of("herbie", players=2, pot=10), 25_000)
        >>> groups = Groups.of(chunks, 2)
        >>> groups.cuts, groups.group(1) == chunks[1:]
        ((0, 1, 3), True)
        """
        first = chunks[0]
        cuts = np.cumsum([0, *(len(g) for g in chunk_groups(chunks, parts))])
        made = cls(first.setting, first.total, first.seed, tuple(int(c) for c in cuts))
        if list(made.chunks) != list(chunks):
            raise ValueError("the chunks are not a whole job's")
        return made

    @property
    def chunks(self) -> tuple[DealChunk, ...]:
        return _job_chunks(self.setting, self.total, self.seed)

    def __len__(self) -> int:
        return len(self.cuts) - 1

    def group(self, g: int) -> list[DealChunk]:
        return list(self.chunks[self.cuts[g]:self.cuts[g + 1]])


_helpers: dict[int, ThreadPoolExecutor] = {}


def _helper() -> ThreadPoolExecutor:
    """This process's thread that walks chunks beside the calling one, made on first use
    in each process (a process forked from one that had it has not its thread)."""
    with _lock:
        pid = os.getpid()
        if pid not in _helpers:
            _helpers[pid] = ThreadPoolExecutor(1, thread_name_prefix="pokerroom-walk")
        return _helpers[pid]


def _walk_all(chunks: Sequence[DealChunk], numbers: range, chance: Floats,
              threads: int) -> dict[int, Floats]:
    """The values of the chunks ``numbers``, walked on ``threads`` threads (1 or 2) that
    each take the next chunk not yet taken."""
    values: dict[int, Floats] = {}
    waiting = iter(numbers)  # shared: ``next`` on it is atomic

    def walk() -> None:
        for j in waiting:
            values[j] = _chunk_values(chunks[j], chance)

    if threads < 2 or len(numbers) < 2:
        walk()
        return values
    beside = _helper().submit(walk)
    walk()
    beside.result()
    return values


def group_sums(groups: Groups, g: int, chance: Floats,
               threads: int = 1) -> list[tuple[Node, Floats]]:
    """The sums of the values of group ``g``'s chunks against the chances of staying
    ``chance``, node by node (:func:`tree_nodes`), each chunk walked once, on
    ``threads`` threads (:data:`WALK_THREADS` where the group is one of several)."""
    chunks = groups.chunks
    begin, end = groups.cuts[g], groups.cuts[g + 1]
    values = _walk_all(chunks, range(begin, end), chance, threads)
    count = len(chunks)
    return [(node, _node_sum(node, count, values.__getitem__, {}))
            for node in tree_nodes(begin, end, count)]


def _keeps(group: Sequence[DealChunk]) -> bool:
    with _lock:
        return bool(group) and _job[0] == _job_of(group[0]) and all(
            (chunk.start, chunk.stop) in _store for chunk in group)


def value_a_group(asked: int, groups: Groups, chance: Floats, insist: bool = False,
                  threads: int = 1) -> tuple[int, list[tuple[Node, Floats]]]:
    """The number of a group and the sums of its chunks' values (:func:`group_sums`):
    group ``asked`` where this process keeps its deals, else the first group it keeps,
    else (or with ``insist``) ``asked``, made here. A process pool hands a task to
    whichever process is free, so the task for one group may reach the process that
    keeps another: that process answers for its own, the one keeping the group asked
    for answers for that one, and no deal is made twice; a group nobody answered for is
    asked again with ``insist``."""
    index = asked
    if not insist and not _keeps(groups.group(asked)):
        index = next((g for g in range(len(groups)) if _keeps(groups.group(g))), asked)
    return index, group_sums(groups, index, chance, threads)


def chunk_groups(chunks: Sequence[DealChunk], parts: int) -> list[list[DealChunk]]:
    """``chunks`` in at most ``parts`` contiguous groups of about as many deals each: each
    cut falls where the deals before it come nearest to its share of the whole."""
    before = [0, *np.cumsum([c.stop - c.start for c in chunks]).tolist()]
    groups: list[list[DealChunk]] = []
    begin = 0
    for k in range(1, parts + 1):
        end = len(chunks) if k == parts else min(
            range(begin, len(chunks) + 1),
            key=lambda e: abs(before[e] - before[-1] * k / parts))
        if end > begin:
            groups.append(list(chunks[begin:end]))
        begin = end
    return groups
