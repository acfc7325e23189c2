"""The exact all-in equity of every pair of hold'em starting hands, with card removal.

Two hands that share no card are all in before the flop: every one of the C(48, 5) =
1,712,304 boards is dealt, and each hand's wins and the ties are counted by the
compiled exact kernel of the odds engine
(:func:`pokerroom.analysis.holdem_kernels.holdem_exact`, the one ``pokerroom odds``
runs). There are 1,326 × 1,225 ordered pairs, but renaming the suits (24 ways) changes
no count, and swapping the two hands only swaps their wins; so each pair is sent to its
*canonical matchup*, the least pair of combo numbers among its 48 renamings and
orders, and only the canonical matchups are enumerated (47,008 for the whole table,
:func:`matchup_job`). They are cut into chunks (:func:`run_matchups`) that run inline,
on a process pool or on Dask (:mod:`pokerroom.analysis.executors`), with the same
counts whatever the cut.

The whole table is kept in the user's cache folder (:func:`pokerroom.tablecache.
cache_dir`), in a file named by the SHA-256 of the sources that define it (this module,
the hand classes, the kernel and its tables), and checked by the SHA-256 of its
content, as :mod:`pokerroom.tablecache` keeps its tables. A subset of the classes
(:func:`combo_equity` with ``classes``) is computed on the spot, for tests.

>>> table = combo_equity(classes=["AA", "KK"])
>>> from pokerroom.cards import parse_cards
>>> aces, kings = (combo_of(parse_cards(h)) for h in ("As Ad", "Ks Kd"))
>>> table.wins_of(aces, kings), table.wins_of(kings, aces), table.ties_of(aces, kings)
(1410336, 292660, 9308)
>>> classes = class_equity(table)
>>> round(100 * classes.equity("AA", "KK"), 2)  # AA v KK, every suit combination
81.95
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokerroom.analysis import odds_tasks
from pokerroom.analysis.executors import open_executor, run_chunks, task_overhead, worker_count
from pokerroom.errors import ConfigError
from pokerroom.strategy.classes import (
    CLASS_NAMES,
    COMBO_CLASS,
    COMBO_COUNT,
    COMBOS,
    class_combos,
    class_index,
    combo_index,
)
from pokerroom.tablecache import cache_dir, source_stamp

__all__ = [
    "BOARDS",
    "ClassEquity",
    "ComboEquity",
    "class_equity",
    "combo_equity",
    "combo_of",
    "matchup_job",
    "matchup_task",
    "run_matchups",
]

BOARDS = comb(48, 5)
"""Boards dealt to each pair of hands: 1,712,304."""
SECONDS_PER_MATCHUP = 4e-4
"""Rough single-core cost of one matchup's enumeration (measured 2026-12-05: 0.37 to
0.49 ms); only the number of chunks depends on it."""

Ints = npt.NDArray[np.int64]


def combo_of(cards: Sequence[object]) -> int:
    """The combo number of two cards (:class:`pokerroom.cards.Card` or card numbers)."""
    if len(cards) != 2:
        raise ConfigError("a hold'em starting hand has two cards")
    first, second = (int(c) for c in cards)  # type: ignore[call-overload]
    return combo_index(first, second)


@cache
def _renamed() -> Ints:
    """``(24, 1326)``: each combo's number once its suits are renamed by each of the 24
    permutations of the suits."""
    rows = []
    for perm in permutations(range(4)):
        mapped = (COMBOS >> 2) * 4 + np.array(perm, dtype=np.int64)[COMBOS & 3]
        low, high = mapped.min(axis=1), mapped.max(axis=1)
        rows.append(low * 51 - low * (low - 1) // 2 + (high - low - 1))
    return np.array(rows, dtype=np.int64)


@cache
def _masks() -> Ints:
    """Each combo's two cards as a 52-bit mask."""
    return (np.int64(1) << COMBOS[:, 0]) | (np.int64(1) << COMBOS[:, 1])


def _canonical(first: Ints, second: Ints) -> tuple[Ints, npt.NDArray[np.bool_]]:
    """For pairs of combos (that share no card): the canonical matchup of each, as
    ``1326 * a + b``, and whether the pair's first hand is the matchup's second."""
    renamed = _renamed()
    kept = np.full(first.shape, np.iinfo(np.int64).max, dtype=np.int64)
    turned = np.full(first.shape, np.iinfo(np.int64).max, dtype=np.int64)
    for row in renamed:
        a, b = row[first], row[second]
        np.minimum(kept, a * COMBO_COUNT + b, out=kept)
        np.minimum(turned, b * COMBO_COUNT + a, out=turned)
    return np.minimum(kept, turned), turned < kept


def _pairs(combos: Ints) -> tuple[Ints, Ints]:
    """Every ordered pair of the given combos that share no card, as two index arrays
    into ``combos``."""
    masks = _masks()[combos]
    rows, cols = np.nonzero((masks[:, None] & masks[None, :]) == 0)
    return rows.astype(np.int64), cols.astype(np.int64)


def matchup_job(combos: Ints) -> Ints:
    """The canonical matchups (sorted) that settle every pair of ``combos``.

    >>> len(matchup_job(np.arange(1326)))
    47008
    """
    rows, cols = _pairs(combos)
    once = rows < cols  # a pair and its reverse have one canonical matchup
    keys, _ = _canonical(combos[rows[once]], combos[cols[once]])
    return np.unique(keys)


def matchup_task(keys: Ints) -> Ints:
    """Enumerate the boards of each canonical matchup ``1326 * a + b``: ``(len, 3)`` rows
    of the wins of ``a``, the wins of ``b`` and the ties. The task function of
    :func:`run_matchups`, run on the workers."""
    from pokerroom.analysis.holdem_kernels import holdem_exact
    from pokerroom.analysis.modes import tally_shape

    out = np.zeros((len(keys), 3), dtype=np.int64)
    hands = np.zeros((2, 8), dtype=np.int64)
    board = np.zeros(5, dtype=np.int64)
    binom, tabs, dbase = odds_tasks.BINOM, odds_tasks.order_tables(), odds_tasks.dealt_base()
    everything = np.arange(52, dtype=np.int64)
    for row, key in enumerate(keys.tolist()):
        a, b = divmod(key, COMBO_COUNT)
        hands[0, :2] = COMBOS[a]
        hands[1, :2] = COMBOS[b]
        deck = np.delete(everything, [*COMBOS[a], *COMBOS[b]])
        tally = np.zeros(tally_shape(2), dtype=np.int64)
        holdem_exact(hands, board, 0, 5, deck, binom, tabs, dbase, tally)
        out[row] = tally[0, 1, 3], tally[1, 1, 3], tally[0, 2, 3]
    return out


def run_matchups(keys: Ints, where: str = "inline", *, workers: int | None = None,
                 executor: Executor | None = None,
                 progress: Callable[[int, int], None] | None = None) -> Ints:
    """:func:`matchup_task` over ``keys``, cut into chunks for the executor ``where``
    (``"inline"``, ``"processes"``, ``"local"``, ``"tcp://host:port"``), or for an open
    ``executor`` used as it is: as many chunks as
    :func:`pokerroom.analysis.odds_tasks.task_count` gives for the job's size, and at least 100
    for a job of more than 10 s (a progress bar that moves). The rows come back in the
    keys' order, identical whatever the executor."""
    if len(keys) == 0:
        return np.zeros((0, 3), dtype=np.int64)
    if executor is None:
        with open_executor(where, workers=workers) as opened:
            return run_matchups(keys, executor=opened, progress=progress)
    seconds = len(keys) * SECONDS_PER_MATCHUP
    count = odds_tasks.task_count(seconds, worker_count(executor), task_overhead(executor))
    if seconds > 10:
        count = max(count, 100)
    chunks = [keys[first:last] for first, last in odds_tasks.split(len(keys), count)]
    return np.concatenate(run_chunks(executor, matchup_task, chunks, progress))


@dataclass(frozen=True)
class ComboEquity:
    """Wins and ties of every ordered pair of some combos (all 1,326 for the full
    table): row ``i`` against column ``j`` of ``combos``, out of :data:`BOARDS`
    boards (0 where they share a card)."""

    combos: Ints
    wins: Ints
    ties: Ints

    def _at(self, combo: int) -> int:
        at = int(np.searchsorted(self.combos, combo))
        if at >= len(self.combos) or self.combos[at] != combo:
            raise ConfigError(f"combo {combo} is not in this table")
        return at

    def wins_of(self, first: int, second: int) -> int:
        """Boards on which combo ``first`` beats combo ``second``."""
        return int(self.wins[self._at(first), self._at(second)])

    def ties_of(self, first: int, second: int) -> int:
        """Boards on which the two combos tie."""
        return int(self.ties[self._at(first), self._at(second)])

    def equity(self, first: int, second: int) -> float:
        """``first``'s share of the pot against ``second``: (wins + ties / 2) / boards."""
        return (self.wins_of(first, second) + self.ties_of(first, second) / 2) / BOARDS


def _assemble(combos: Ints, keys: Ints, counts: Ints) -> ComboEquity:
    """The table of ``combos`` from the counts of the canonical matchups ``keys``."""
    rows, cols = _pairs(combos)
    canon, turned = _canonical(combos[rows], combos[cols])
    at = np.searchsorted(keys, canon)
    mine = np.where(turned, counts[at, 1], counts[at, 0])
    size = len(combos)
    wins = np.zeros((size, size), dtype=np.int64)
    ties = np.zeros((size, size), dtype=np.int64)
    wins[rows, cols] = mine
    ties[rows, cols] = counts[at, 2]
    return ComboEquity(combos, wins, ties)


def _sources() -> list[Path]:
    from pokerroom.analysis import board_kernels, dealt, holdem_kernels
    from pokerroom.fast import tables
    from pokerroom.strategy import classes

    return [Path(m.__file__ or "") for m in (classes, holdem_kernels, board_kernels, dealt,
                                             odds_tasks, tables)] + [Path(__file__)]


def _digest(keys: Ints, counts: Ints) -> str:
    return hashlib.sha256(keys.astype("<i8").tobytes() + counts.astype("<i8").tobytes()
                          ).hexdigest()


def _cache_path() -> Path | None:
    stamp = source_stamp(_sources())
    return None if stamp is None else cache_dir() / f"preflop-equity-{stamp}.npz"


def _read_cache(path: Path) -> tuple[Ints, Ints] | None:
    try:
        with np.load(path) as data:
            keys, counts, digest = data["keys"], data["counts"], str(data["digest"])
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        return None  # unreadable, or not such a table: built again
    if counts.shape != (len(keys), 3) or _digest(keys, counts) != digest:
        return None
    return keys.astype(np.int64), counts.astype(np.int64)


def _write_cache(path: Path, keys: Ints, counts: Ints) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, keys=keys, counts=counts, digest=np.array(_digest(keys, counts)))
        os.replace(tmp, path)
    except OSError:
        return  # a read-only home: the table lives in memory only


def combo_equity(classes: Sequence[str] | None = None, where: str = "inline", *,
                 workers: int | None = None, cached: bool = True,
                 progress: Callable[[int, int], None] | None = None) -> ComboEquity:
    """The wins and ties of every pair of combos of ``classes`` (class names; ``None``:
    all 169, the full table). The full table is read from the cache when ``cached`` and
    present, else enumerated on ``where`` (see :func:`run_matchups`) and cached."""
    if classes is None:
        combos = np.arange(COMBO_COUNT, dtype=np.int64)
    else:
        wanted = sorted({class_index(name) for name in classes})
        if not wanted:
            raise ConfigError("give at least one hand class")
        combos = np.array(sorted(c for i in wanted for c in class_combos(i)), dtype=np.int64)
    path = _cache_path() if classes is None and cached else None
    found = _read_cache(path) if path is not None and path.exists() else None
    if found is None and path is not None:
        with _building(path):   # another process may be enumerating it: wait, then read
            found = _read_cache(path) if path.exists() else None
            if found is None:
                keys = matchup_job(combos)
                counts = run_matchups(keys, where, workers=workers, progress=progress)
                _write_cache(path, keys, counts)
                return _assemble(combos, keys, counts)
    if found is not None:
        keys, counts = found
        if progress is not None:
            progress(1, 1)
    else:
        keys = matchup_job(combos)
        counts = run_matchups(keys, where, workers=workers, progress=progress)
    return _assemble(combos, keys, counts)


@contextmanager
def _building(path: Path) -> Iterator[None]:
    """Held while the table of ``path`` is enumerated: a lock file beside it, so that
    processes asking for the full table at once (two ``pokerroom solve``, two test
    workers) enumerate it once; the others wait and read it. Where no lock can be taken
    (no ``fcntl``, a read-only folder) each enumerates it, as before."""
    try:
        import fcntl

        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_suffix(".lock"), "a")  # noqa: SIM115 (held to the end)
    except (ImportError, OSError):
        yield
        return
    with handle:
        with suppress(OSError):
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield


@dataclass(frozen=True)
class ClassEquity:
    """The combo table summed by class: ``pairs[i, j]`` ordered pairs of combos of
    classes ``classes[i]`` and ``classes[j]`` that share no card, and ``points[i, j]``
    the first hand's pot shares over them in half boards (2 a win, 1 a tie), exact
    integers."""

    classes: tuple[int, ...]
    pairs: Ints
    points: Ints

    def _at(self, name: str | int) -> int:
        index = class_index(name) if isinstance(name, str) else name
        try:
            return self.classes.index(index)
        except ValueError:
            raise ConfigError(f"class {CLASS_NAMES[index]} is not in this table") from None

    def equity(self, first: str | int, second: str | int) -> float:
        """The average equity of class ``first`` against class ``second``, every pair of
        their combos that share no card weighted alike."""
        i, j = self._at(first), self._at(second)
        return float(self.points[i, j]) / (2 * BOARDS * float(self.pairs[i, j]))


def class_equity(table: ComboEquity) -> ClassEquity:
    """Sum a combo table by class (card removal included: only pairs that share no
    card count)."""
    present = sorted(set(COMBO_CLASS[table.combos].tolist()))
    where = {cls: i for i, cls in enumerate(present)}
    member = np.zeros((len(table.combos), len(present)))
    member[np.arange(len(table.combos)), [where[c] for c in COMBO_CLASS[table.combos]]] = 1
    masks = _masks()[table.combos]
    apart = ((masks[:, None] & masks[None, :]) == 0).astype(np.float64)
    # sums of at most 144 pairs of at most 2 * 1,712,304 points: exact in floating point,
    # where the matrix products are fast
    pairs = np.rint(member.T @ apart @ member).astype(np.int64)
    points = np.rint(member.T @ (2.0 * table.wins + table.ties) @ member).astype(np.int64)
    return ClassEquity(tuple(present), pairs, points)
