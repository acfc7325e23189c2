"""The fast evaluators return exactly the readable reference keys.

Every five-card hand is compared with the reference five-card functions; six- and
seven-card hands (a million random ones) with the best reference key over their
five-card subsets, and a sample straight through the reference evaluators.

The reference keys of the 2,598,960 five-card hands (the reference functions called on
one hand of each pattern of ranks and suit, :func:`_compute_reference_fives`) are kept
in ``build/test-cache/`` under the SHA-256 of the sources they are computed from
(:data:`REFERENCE_SOURCES`, this file included), so a change to any of them names
another file and the keys are computed again: a cached file is never read for sources
other than those it was computed from, and one that does not hold exactly what was
written (its own digest) is computed again too.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zipfile
from itertools import chain, combinations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import pokerroom
from pokerroom.cards import Card
from pokerroom.fast import batch, single
from pokerroom.hands.deuce_seven import d27_key5, evaluate_27_low
from pokerroom.hands.high import best_omaha_key, evaluate_high, high_key5
from pokerroom.hands.lowball import (
    A5_KEY_TOP,
    a5_key5,
    a5_qualifies,
    evaluate_low8,
    evaluate_omaha_low,
    evaluate_razz,
)

Ints = npt.NDArray[np.int64]
_BINOM = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)


def _colex(rows: npt.NDArray[np.integer]) -> Ints:
    """Index 0..2,598,959 of each sorted five-card row."""
    ordered = np.sort(rows.astype(np.int64), axis=1)
    return sum(_BINOM[ordered[:, i], i + 1] for i in range(5))  # type: ignore[return-value]


@pytest.fixture(scope="module")
def all_fives() -> npt.NDArray[np.uint8]:
    rows = np.fromiter(chain.from_iterable(combinations(range(52), 5)),
                       dtype=np.uint8, count=comb(52, 5) * 5)
    return rows.reshape(-1, 5)


_PACKAGE = Path(pokerroom.__file__).resolve().parent
REFERENCE_SOURCES: tuple[Path, ...] = (
    Path(__file__).resolve(), _PACKAGE / "__init__.py", _PACKAGE / "cards.py",
    _PACKAGE / "errors.py", _PACKAGE / "tablecache.py",
    *sorted((_PACKAGE / "hands").glob("*.py")))
"""What the reference keys are computed from: this file, the cards, and every module
of :mod:`pokerroom.hands` (the reference key functions and what they import)."""

CACHE = Path(__file__).resolve().parents[2] / "build" / "test-cache"
_NAMES = ("high", "a5", "27")


def _sources_digest(sources: tuple[Path, ...] = REFERENCE_SOURCES) -> str:
    digest = hashlib.sha256()
    for path in sources:
        data = path.read_bytes()
        digest.update(f"{len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()[:24]


def _payload_digest(tables: dict[str, Ints]) -> str:
    digest = hashlib.sha256()
    for name in _NAMES:
        digest.update(np.ascontiguousarray(tables[name]).tobytes())
    return digest.hexdigest()


def _read_cached(path: Path) -> dict[str, Ints] | None:
    """The tables in ``path``, or ``None`` when it is missing or not what was written."""
    try:
        with np.load(path) as data:
            tables = {name: data[name] for name in _NAMES}
            written = str(data["digest"])
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    size = comb(52, 5)
    if any(t.dtype != np.int64 or t.shape != (size,) for t in tables.values()):
        return None
    return tables if _payload_digest(tables) == written else None


def _write_cached(path: Path, tables: dict[str, Ints]) -> None:
    """Write atomically (two workers may build at once); a folder that cannot be written
    only costs the build next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, digest=np.array(_payload_digest(tables)),
                     **{name: tables[name] for name in _NAMES})
        os.replace(tmp, path)
    except OSError:
        return


def _compute_reference_fives(all_fives: npt.NDArray[np.uint8]) -> dict[str, Ints]:
    """The reference keys of every five-card hand. Each reference function reads a table
    by the hand's ranks (the product of a prime per rank) or, for the high keys of five
    cards of one suit, by their rank mask: the key is a function of the ranks and of
    whether all five share a suit. So each function is called on the first hand of each
    such pattern (7,462 of them) and its key given to every hand of the pattern."""
    order = _colex(all_fives)
    ranks = all_fives.astype(np.int64) // 4
    suits = all_fives % 4
    one_suit = (suits == suits[:, :1]).all(axis=1)
    pattern = (np.int64(1) << (3 * ranks)).sum(axis=1)  # three bits of count per rank
    pattern[one_suit] += 1 << 40
    patterns, first, which = np.unique(pattern, return_index=True, return_inverse=True)
    assert len(patterns) == 7_462
    firsts = all_fives[first].tolist()
    tables: dict[str, Ints] = {}
    for name, fn in zip(_NAMES, (high_key5, a5_key5, d27_key5), strict=True):
        keys = np.array([fn(*row) for row in firsts], dtype=np.int64)[which]
        table = np.empty(len(keys), dtype=np.int64)
        table[order] = keys
        tables[name] = table
    return tables


def test_the_reference_keys_are_cached_for_these_sources_only(tmp_path: Path) -> None:
    """A change to any reference source names another file; a file that is not what was
    written is not read."""
    changed = tmp_path / "cards.py"
    changed.write_bytes((_PACKAGE / "cards.py").read_bytes())
    index = REFERENCE_SOURCES.index(_PACKAGE / "cards.py")
    sources = (*REFERENCE_SOURCES[:index], changed, *REFERENCE_SOURCES[index + 1:])
    assert _sources_digest(sources) == _sources_digest()
    changed.write_bytes(changed.read_bytes() + b"\n")
    assert _sources_digest(sources) != _sources_digest()
    tables = {name: np.arange(comb(52, 5), dtype=np.int64) * i
              for i, name in enumerate(_NAMES)}
    path = tmp_path / "keys.npz"
    _write_cached(path, tables)
    read = _read_cached(path)
    assert read is not None and all(np.array_equal(read[n], tables[n]) for n in _NAMES)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    assert _read_cached(path) is None
    assert _read_cached(tmp_path / "missing.npz") is None


@pytest.fixture(scope="module")
def reference_fives(all_fives: npt.NDArray[np.uint8]) -> dict[str, Ints]:
    """Reference keys of every five-card hand, indexed by colex index: read from the
    cache for these sources, or computed and cached."""
    path = CACHE / f"reference-fives-{_sources_digest()}.npz"
    tables = _read_cached(path)
    if tables is None:
        tables = _compute_reference_fives(all_fives)
        _write_cached(path, tables)
    return tables


def _random_hands(n: int, k: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    for start in range(0, n, 100_000):
        stop = min(n, start + 100_000)
        out[start:stop] = np.argsort(rng.random((stop - start, 52)), axis=1)[:, :k]
    return out


def _best_of_fives(hands: npt.NDArray[np.uint8], tables: dict[str, Ints]) -> dict[str, Ints]:
    """For each table (by name), the best key of each hand's five-card subsets. The
    hands' cards are sorted once, so every subset comes sorted: its colex index is a sum
    of one term per card, each term worked out once; the tables are read together, one
    row of all their keys per subset (the keys fit in 32 bits)."""
    names = list(tables)
    keys = np.stack([tables[name] for name in names], axis=1)
    assert keys.min() >= 0 and keys.max() < 2**31
    keys = keys.astype(np.int32)
    ordered = np.sort(hands, axis=1).astype(np.intp)
    size = hands.shape[1]
    term = {(column, place): _BINOM[ordered[:, column], place + 1]
            for place in range(5) for column in range(place, size - 4 + place)}
    best = np.full((len(hands), len(names)), -1, dtype=np.int32)
    for subset in combinations(range(size), 5):
        index = sum(term[column, place] for place, column in enumerate(subset))
        np.maximum(best, np.take(keys, index, axis=0), out=best)
    return {name: best[:, i].astype(np.int64) for i, name in enumerate(names)}


@pytest.mark.rule("supp-suits")
def test_every_five_card_hand_matches_the_references(
        all_fives: npt.NDArray[np.uint8], reference_fives: dict[str, Ints]) -> None:
    order = _colex(all_fives)
    assert np.array_equal(batch.high_keys(all_fives), reference_fives["high"][order])
    assert np.array_equal(batch.a5_low_keys(all_fives), reference_fives["a5"][order])
    assert np.array_equal(batch.deuce_seven_keys(all_fives), reference_fives["27"][order])


@pytest.mark.rule("supp-suits")
def test_five_card_counts_and_classes(all_fives: npt.NDArray[np.uint8]) -> None:
    keys = batch.high_keys(all_fives)
    counts = np.bincount(keys >> 20, minlength=9).tolist()
    assert counts == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    assert len(np.unique(keys)) == 7462
    assert int((keys == 0x8EDCBA).sum()) == 4


@pytest.mark.rule("stud8-2", "omaha8-2", "a5-intro")
def test_five_card_eight_or_better_lows(all_fives: npt.NDArray[np.uint8]) -> None:
    lows = batch.a5_low_keys(all_fives, eight_or_better=True)
    assert int((lows > 0).sum()) == 57344
    plain = batch.a5_low_keys(all_fives)
    assert np.array_equal(lows > 0, np.array([a5_qualifies(int(k)) for k in plain]))


@pytest.mark.rule("holdem-intro", "stud-intro", "razz-2", "stud8-3")
def test_a_million_seven_card_hands(reference_fives: dict[str, Ints]) -> None:
    hands = _random_hands(1_000_000, 7, seed=2026)
    best = _best_of_fives(hands, reference_fives)
    assert np.array_equal(batch.high_keys(hands), best["high"])
    assert np.array_equal(batch.a5_low_keys(hands), best["a5"])
    assert np.array_equal(batch.deuce_seven_keys(hands), best["27"])
    badness = A5_KEY_TOP - best["a5"]
    qualifies = ((badness >> 20) == 0) & (((badness >> 16) & 15) <= 8)
    assert np.array_equal(batch.a5_low_keys(hands, eight_or_better=True) > 0, qualifies)


@pytest.mark.rule("supp-suits")
def test_six_card_hands(reference_fives: dict[str, Ints]) -> None:
    hands = _random_hands(200_000, 6, seed=6)
    best = _best_of_fives(hands, reference_fives)
    assert np.array_equal(batch.high_keys(hands), best["high"])
    assert np.array_equal(batch.a5_low_keys(hands), best["a5"])
    assert np.array_equal(batch.deuce_seven_keys(hands), best["27"])


@pytest.mark.rule("holdem-intro", "razz-2", "stud8-2", "27-intro")
def test_seven_card_sample_through_the_reference_evaluators() -> None:
    hands = _random_hands(3_000, 7, seed=77)
    high = batch.high_keys(hands)
    a5 = batch.a5_low_keys(hands)
    low8 = batch.a5_low_keys(hands, eight_or_better=True)
    d27 = batch.deuce_seven_keys(hands)
    for i, row in enumerate(hands.tolist()):
        cards = tuple(Card(c) for c in row)
        assert high[i] == evaluate_high(cards).key == single.high_key(cards)
        assert a5[i] == evaluate_razz(cards).key == single.a5_low_key(cards)
        value = evaluate_low8(cards)
        assert low8[i] == (value.key if value else 0) == single.low8_key(cards)
        assert d27[i] == evaluate_27_low(cards).key == single.deuce_seven_key(cards)


@pytest.mark.rule("omaha-intro", "omaha-1", "omaha8-intro", "omaha8-2")
def test_omaha_matches_the_reference() -> None:
    cards = _random_hands(20_000, 9, seed=9)
    hole, board = cards[:, :4], cards[:, 4:]
    high = batch.omaha_high_keys(hole, board)
    low = batch.omaha_low8_keys(hole, board)
    for i in range(len(cards)):
        h = tuple(Card(c) for c in hole[i].tolist())
        b = tuple(Card(c) for c in board[i].tolist())
        assert high[i] == best_omaha_key(h, b)[0] == single.omaha_high_key(h, b)
        value = evaluate_omaha_low(h, b)
        assert low[i] == (value.key if value else 0)
    flop = batch.omaha_high_keys(hole[:2000], board[:2000, :3])
    for i in range(2000):
        assert flop[i] == best_omaha_key(hole[i].tolist(), board[i, :3].tolist())[0]
