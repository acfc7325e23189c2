"""Where the declare solve's deals live: made once by the process that values them, and
kept there for every CFR+ iteration.

A solve's chunks (:func:`~pokerroom.strategy.declare_game.deal_chunks`) are split into
as many contiguous groups as the executor runs at once (:func:`chunk_groups`), one task a group
each iteration. The first task a process runs for a chunk makes the chunk's deals and
keeps them, prepared (:func:`held`); every later one reads them, so all that travels each
iteration is the chances of staying (a few kilobytes) out and each chunk's values back.
A process keeps the deals of one job at a time: a task of another job drops them. Each
task names the group it asks for, but a process answers for a group it keeps
(:func:`value_a_group`), so that a pool, which hands tasks to whichever process is
free, does not have every process make every deal.

The values come back chunk by chunk and the solver adds them up in chunk order, so the
sum is the same to the bit however the chunks were grouped or wherever they ran.

>>> from pokerroom.strategy.declare_game import DeclareSetting, deal_chunks
>>> chunks = deal_chunks(DeclareSetting.of("herbie", players=2, pot=10), 25_000)
>>> [[c.stop - c.start for c in group] for group in chunk_groups(chunks, 2)]
[[10000], [10000, 5000]]
>>> load_group(chunks[2:])
5000
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.strategy.declare_game import DealChunk, make_chunk_deals
from pokerroom.strategy.declare_values import PreparedDeals, prepare, values_into

__all__ = ["chunk_groups", "forget", "group_values", "held", "load_group", "value_a_group"]

Floats = npt.NDArray[np.float64]

_lock = threading.Lock()
_job: list[Any] = [None]
_store: dict[DealChunk, PreparedDeals] = {}


def _job_of(chunk: DealChunk) -> tuple[Any, ...]:
    return (chunk.setting.key(), chunk.seed, chunk.total)


def held(chunk: DealChunk) -> PreparedDeals:
    """The prepared deals of ``chunk``, made on the first call in this process."""
    job = _job_of(chunk)
    with _lock:
        if _job[0] != job:
            _store.clear()
            _job[0] = job
        found = _store.get(chunk)
    if found is None:
        found = prepare(make_chunk_deals(chunk))
        with _lock:
            if _job[0] == job:
                _store[chunk] = found
    return found


def forget() -> None:
    """Drop the deals this process keeps (the next task makes them again)."""
    with _lock:
        _store.clear()
        _job[0] = None


def load_group(chunks: Sequence[DealChunk]) -> int:
    """Make and keep the deals of ``chunks`` here; their number of deals."""
    return sum(held(chunk).count for chunk in chunks)


def group_values(chunks: Sequence[DealChunk], chance: Floats) -> list[Floats]:
    """Each chunk's counterfactual values against the chances of staying ``chance``
    (:func:`~pokerroom.strategy.declare_values.chances`), in order."""
    parts = []
    for chunk in chunks:
        out = np.zeros((chunk.setting.players, *chance.shape[1:], 2))
        values_into(held(chunk), chance, chunk.setting.simultaneous, out)
        parts.append(out)
    return parts


def _keeps(group: Sequence[DealChunk]) -> bool:
    with _lock:
        return bool(group) and _job[0] == _job_of(group[0]) and all(
            chunk in _store for chunk in group)


def value_a_group(asked: int, groups: Sequence[Sequence[DealChunk]], chance: Floats,
                  insist: bool = False) -> tuple[int, list[Floats]]:
    """The number of a group and its chunks' values (:func:`group_values`): group
    ``asked`` where this process keeps its deals, else the first group it keeps, else
    (or with ``insist``) ``asked``, made here. A process pool hands a task to whichever
    process is free, so the task for one group may reach the process that keeps
    another: that process answers for its own, the one keeping the group asked for
    answers for that one, and no deal is made twice; a group nobody answered for is
    asked again with ``insist``."""
    index = asked
    if not insist and not _keeps(groups[asked]):
        index = next((g for g, group in enumerate(groups) if _keeps(group)), asked)
    return index, group_values(groups[index], chance)


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
