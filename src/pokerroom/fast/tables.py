"""Lookup tables for the fast evaluators, built in about a second and cached on disk.

How a hand of up to seven standard cards finds its key with one addition per card:

* Every card has a 64-bit *card value* (:data:`Tables.card_value`). Adding the values of
  the cards gives, in separate bit fields, a base-5 count of the ranks 2..8 (bits 0-16),
  a base-5 count of the ranks 9..A (bits 17-30), a 4-bit count per suit (bits 32-47) and
  the sum of one bit per rank (bits 48-63, the rank mask when no rank repeats).
* A suit count of five or more means a flush: the rank mask of the flush suit indexes
  :data:`Tables.flush_high` (no full house or quads can sit beside a flush in seven cards).
* Otherwise the hand's rank multiset indexes the key tables at
  ``base[n, low_part] + high_index[high_part]``: a perfect, collision-free hash into a
  table with exactly one entry per rank multiset of ``n`` cards (6,175 for five cards,
  18,395 for six, 49,205 for seven).

The tables hold final keys (see :mod:`pokerroom.fast.keys`), so no mapping is needed.
They are cached as one raw file (read in a few milliseconds) whose name carries
:data:`TABLE_VERSION` and a stamp of the sources that define them, and whose content
carries a CRC-32: a stale or damaged file is never read, the tables are rebuilt.

>>> t = load_tables()
>>> hex(t.flush_high[0b1111100000000])  # A-K-Q-J-T of one suit: the royal flush
'0x8edcba'
>>> [int((t.base[n] >= 0).sum()) > 0 for n in (5, 6, 7)]
[True, True, True]
"""

from __future__ import annotations

import json
import os
import zlib
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pokerroom.tablecache import cache_dir, source_stamp

__all__ = ["TABLE_VERSION", "Tables", "build_tables", "cache_path", "load_tables"]

TABLE_VERSION = 3
"""Bumped whenever the layout or a key rule changes; old cache files are then ignored."""

LOW_RANKS = 7  # ranks 2..8 counted in the low base-5 field
HIGH_RANKS = 6  # ranks 9..A counted in the high base-5 field
LOW_CODES = 5**LOW_RANKS
HIGH_CODES = 5**HIGH_RANKS
SIZES = (5, 6, 7)

Int32Array = npt.NDArray[np.int32]
UInt64Array = npt.NDArray[np.uint64]


@dataclass(frozen=True, eq=False)
class Tables:
    """Every array the fast evaluators read (see the module docstring for the layout)."""

    card_value: UInt64Array  # (52,) the value added per card
    base: Int32Array  # (8, 78125) start of the block of a low part, per hand size
    high_index: Int32Array  # (15625,) index of a high part among those of its size
    key_high: Int32Array  # (entries,) standard high key of each rank multiset, no flush
    key_a5: Int32Array  # (entries,) ace-to-five low key of each rank multiset
    key_27: Int32Array  # (entries,) deuce-to-seven low key, no flush (five cards only)
    flush_high: Int32Array  # (8192,) best high key of the ranks of a flush suit
    flush_27: Int32Array  # (8192,) deuce-to-seven key of a five-card flush

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """The arrays by field name (what the cache file stores)."""
        return {name: getattr(self, name) for name in _FIELDS}


_FIELDS = ("card_value", "base", "high_index", "key_high", "key_a5", "key_27",
           "flush_high", "flush_27")


def _card_values() -> UInt64Array:
    values = np.zeros(52, dtype=np.uint64)
    for c in range(52):
        rank, suit = c >> 2, c & 3
        counted = 5**rank if rank < LOW_RANKS else (5 ** (rank - LOW_RANKS)) << 17
        values[c] = counted | (1 << (32 + 4 * suit)) | (1 << (48 + rank))
    return values


def _digit_sums(codes: int, digits: int) -> npt.NDArray[np.int64]:
    values = np.arange(codes, dtype=np.int64)
    total = np.zeros(codes, dtype=np.int64)
    for _ in range(digits):
        total += values % 5
        values //= 5
    return total


def _multisets(n: int) -> npt.NDArray[np.int64]:
    """Every multiset of ``n`` rank indexes 0..12 with no rank more than four times,
    one per row, sorted ascending."""
    rows = np.array(list(combinations_with_replacement(range(13), n)), dtype=np.int64)
    if n > 4:
        legal = np.all(rows[:, 4:] != rows[:, :-4], axis=1)
        rows = rows[legal]
    return rows


def _five_rank_keys() -> tuple[npt.NDArray[np.int64], ...]:
    """Keys of every five-rank multiset (no flush), indexed by its base-13 code."""
    from pokerroom.fast.keys import a5_low_key_of_ranks, deuce_seven_key_of_ranks, high_key_of_ranks

    size = 13**5
    high = np.zeros(size, dtype=np.int64)
    a5 = np.zeros(size, dtype=np.int64)
    d27 = np.zeros(size, dtype=np.int64)
    weights = 13 ** np.arange(5)
    for row in _multisets(5):
        code = int(row @ weights)
        ranks = [int(i) + 2 for i in row]
        high[code] = high_key_of_ranks(ranks, False)
        a5[code] = a5_low_key_of_ranks(ranks)
        d27[code] = deuce_seven_key_of_ranks(ranks, False)
    return high, a5, d27


def _flush_tables() -> tuple[Int32Array, Int32Array]:
    from pokerroom.fast.keys import deuce_seven_key_of_ranks, high_key_of_ranks

    flush_high = np.zeros(8192, dtype=np.int32)
    flush_27 = np.zeros(8192, dtype=np.int32)
    for mask in range(8192):
        bits = [i for i in range(13) if mask >> i & 1]
        if not 5 <= len(bits) <= 7:
            continue
        flush_high[mask] = max(high_key_of_ranks([i + 2 for i in five], True)
                               for five in combinations(bits, 5))
        if len(bits) == 5:
            flush_27[mask] = deuce_seven_key_of_ranks([i + 2 for i in bits], True)
    return flush_high, flush_27


def build_tables() -> Tables:
    """Build every table from the key rules (about a second)."""
    high5, a5_5, d27_5 = _five_rank_keys()
    weights = 13 ** np.arange(5)
    high_sizes = _digit_sums(HIGH_CODES, HIGH_RANKS)
    low_sizes = _digit_sums(LOW_CODES, LOW_RANKS)
    high_index = np.zeros(HIGH_CODES, dtype=np.int32)
    per_size = np.zeros(HIGH_RANKS * 4 + 1, dtype=np.int64)
    for code in range(HIGH_CODES):
        size = high_sizes[code]
        high_index[code] = per_size[size]
        per_size[size] += 1
    base = np.full((8, LOW_CODES), -1, dtype=np.int32)
    pieces: dict[str, list[npt.NDArray[np.int64]]] = {"high": [], "a5": [], "27": []}
    offset = 0
    pow5 = 5 ** np.arange(13, dtype=np.int64)
    for n in SIZES:
        fits = low_sizes <= n
        block = np.where(fits, per_size[np.clip(n - low_sizes, 0, None)], 0)
        starts = offset + np.cumsum(block) - block
        base[n, fits] = starts[fits]
        rows = _multisets(n)
        low_part = np.where(rows < LOW_RANKS, pow5[np.minimum(rows, LOW_RANKS - 1)], 0).sum(1)
        high_part = np.where(rows >= LOW_RANKS, pow5[np.maximum(rows - LOW_RANKS, 0)], 0).sum(1)
        position = base[n, low_part] + high_index[high_part] - offset
        entries = int(block.sum())
        if entries != len(rows) or len(np.unique(position)) != entries:
            raise AssertionError(f"rank hash is not perfect for {n} cards")
        fives = np.array(list(combinations(range(n), 5)), dtype=np.int64)
        codes = rows[:, fives] @ weights  # (multisets, subsets)
        for name, keys in (("high", high5), ("a5", a5_5), ("27", d27_5)):
            column = np.zeros(entries, dtype=np.int64)
            column[position] = keys[codes].max(axis=1) if name != "27" or n == 5 else 0
            pieces[name].append(column)
        offset += entries
    flush_high, flush_27 = _flush_tables()
    return Tables(
        card_value=_card_values(),
        base=base,
        high_index=high_index,
        key_high=np.concatenate(pieces["high"]).astype(np.int32),
        key_a5=np.concatenate(pieces["a5"]).astype(np.int32),
        key_27=np.concatenate(pieces["27"]).astype(np.int32),
        flush_high=flush_high,
        flush_27=flush_27,
    )


_MAGIC = b"pokerroom-fast-tables\n"


def cache_path() -> Path:
    """Where the tables are cached: in :func:`pokerroom.tablecache.cache_dir`
    (``$POKERROOM_CACHE_DIR``, else ``$XDG_CACHE_HOME/pokerroom``, else
    ``~/.cache/pokerroom``), the file name carrying :data:`TABLE_VERSION` and the stamp
    of this module and :mod:`pokerroom.fast.keys`."""
    keys = Path(__file__).with_name("keys.py")
    stamp = source_stamp([__file__, keys]) or "unstamped"
    return cache_dir() / f"fast-tables-v{TABLE_VERSION}-{stamp}.bin"


def _read(path: Path) -> Tables | None:
    """The tables in ``path``, or ``None`` when it is missing, damaged or unreadable."""
    try:
        data = bytearray(path.read_bytes())
        head_end = data.index(b"\n", len(_MAGIC))
        header = json.loads(data[len(_MAGIC):head_end])
        payload = memoryview(data)[head_end + 1:]
        if not data.startswith(_MAGIC) or zlib.crc32(payload) != header["crc32"]:
            return None
        arrays = {}
        for name in _FIELDS:
            dtype, shape, offset = header["arrays"][name]
            count = int(np.prod(shape))
            arrays[name] = np.frombuffer(payload, dtype=dtype, count=count,
                                         offset=offset).reshape(shape)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return Tables(**arrays)


def _write(path: Path, tables: Tables) -> None:
    import tempfile

    layout: dict[str, tuple[str, list[int], int]] = {}
    chunks: list[bytes] = []
    offset = 0
    for name, array in tables.arrays().items():
        raw = np.ascontiguousarray(array).tobytes()
        layout[name] = (array.dtype.str, list(array.shape), offset)
        chunks.append(raw)
        offset += len(raw)
    payload = b"".join(chunks)
    header = json.dumps({"arrays": layout, "crc32": zlib.crc32(payload)}).encode()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".bin.tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(_MAGIC + header + b"\n" + payload)
        os.replace(tmp, path)  # files of other sources stay, for the versions using them
    except OSError:
        return  # a read-only home: the tables simply live in memory


@cache
def load_tables() -> Tables:
    """The tables, read from the disk cache, or built (and cached) when missing."""
    path = cache_path()
    tables = _read(path)
    if tables is None:
        tables = build_tables()
        _write(path, tables)
    return tables
