"""Lookup tables built on first use and kept in a file cache, never at import.

A table is a ``dict`` of integers (a hand's product of rank primes to its key, say).
:class:`LazyTable` is an empty ``dict`` until the first lookup misses: it then fills
itself from :func:`load_int_table` and answers from then on as a plain ``dict`` (a
genuinely absent key still raises :class:`KeyError`). :func:`load_int_table` reads the
table from the user's cache folder (:func:`cache_dir`), or builds it and writes it there.

A cached file is trusted only when it is exactly what the build would give today: its
name carries a *stamp*, the SHA-256 of the source files that define the table (so any
change to a key rule names another file), and its content carries the SHA-256 of its
payload (so a torn or altered file is rebuilt). A folder that cannot be written only
costs the build each time.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> os.environ["POKERROOM_CACHE_DIR"] = folder
>>> squares = LazyTable("doc-squares", "stamp1", lambda: {n: n * n for n in range(10)})
>>> len(squares)  # nothing built yet
0
>>> squares[7], len(squares)
(49, 10)
>>> sorted(os.listdir(folder))
['doc-squares-stamp1.table']
>>> load_int_table("doc-squares", "stamp1", lambda: {})[9]  # read back from the file
81
>>> del os.environ["POKERROOM_CACHE_DIR"]
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import threading
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["LazyTable", "cache_dir", "load_int_table", "source_stamp"]

_MAGIC = b"pokerroom-int-table-1\n"
_DIGEST = 32


def cache_dir() -> Path:
    """The cache folder: ``$POKERROOM_CACHE_DIR``, else ``$XDG_CACHE_HOME/pokerroom``,
    else ``~/.cache/pokerroom``."""
    root = os.environ.get("POKERROOM_CACHE_DIR")
    if root:
        return Path(root)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "pokerroom"


def source_stamp(files: Iterable[str | Path]) -> str | None:
    """The first 16 hex digits of the SHA-256 of the files' bytes, in order; ``None``
    when one cannot be read (then nothing is cached)."""
    digest = hashlib.sha256()
    try:
        for name in files:
            digest.update(Path(name).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()[:16]


def _read(path: Path) -> dict[int, int] | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = len(_MAGIC)
    if not data.startswith(_MAGIC) or (len(data) - head - _DIGEST) % 16:
        return None
    payload = data[head + _DIGEST:]
    if hashlib.sha256(payload).digest() != data[head:head + _DIGEST]:
        return None
    numbers = array("q")
    numbers.frombytes(payload)
    if sys.byteorder != "little":
        numbers.byteswap()
    return dict(zip(numbers[0::2], numbers[1::2], strict=True))


def _write(path: Path, table: dict[int, int]) -> None:
    numbers = array("q", [n for pair in table.items() for n in pair])
    if sys.byteorder != "little":
        numbers.byteswap()
    payload = numbers.tobytes()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(_MAGIC + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, path)  # files of other sources stay, for the versions using them
    except OSError:
        return  # a read-only home: the table lives in memory only


def load_int_table(name: str, stamp: str | None,
                   build: Callable[[], dict[int, int]]) -> dict[int, int]:
    """The table ``name`` for ``stamp``: read from the cache, or built and cached. With
    no stamp (sources unreadable) it is built and not cached."""
    if stamp is None:
        return build()
    path = cache_dir() / f"{name}-{stamp}.table"
    table = _read(path)
    if table is None:
        table = build()
        _write(path, table)
    return table


class LazyTable(dict[int, int]):
    """A ``dict`` that fills itself from :func:`load_int_table` at its first missed
    lookup (once, under a lock, so threads may race to it). Look keys up with
    ``table[key]``; ``len`` and iteration see only what has been loaded."""

    def __init__(self, name: str, stamp: str | None,
                 build: Callable[[], dict[int, int]]) -> None:
        super().__init__()
        self._source = (name, stamp, build)
        self._loaded = False
        self._lock = threading.Lock()

    def __missing__(self, key: int) -> int:
        with self._lock:
            if not self._loaded:
                self.update(load_int_table(*self._source))
                self._loaded = True
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value
