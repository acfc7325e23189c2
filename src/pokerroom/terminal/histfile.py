"""The session's hand-history file: one file per session, one hand appended at a time.

The default directory is ``./histories/``; the file name carries the game, the time and
the seed, so two sessions never share a file.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> history = HistoryFile.create(folder, "holdem", seed=7, now="20261129-130000")
>>> history.path.name
'holdem-20261129-130000-seed7.txt'
>>> history.begin("Texas hold'em", "no limit, blinds 1/2")
>>> history.append("pokerroom Hand #1: ...")
>>> history.path.read_text().count("Hand #1")
1
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from pokerroom.core import HandState
from pokerroom.history.redaction import phh_as_seen
from pokerroom.session import Session

__all__ = ["DEFAULT_DIR", "HistoryFile", "record_phh", "timestamp"]

DEFAULT_DIR = Path("histories")


def timestamp() -> str:
    """The current UTC time as a hand history writes it."""
    return dt.datetime.now(dt.UTC).strftime("%Y/%m/%d %H:%M:%S UTC")


class HistoryFile:
    """Appends hands to one text file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def create(cls, folder: Path, game: str, *, seed: int | None,
               now: str | None = None) -> HistoryFile:
        """A fresh file in ``folder`` (made if missing) named after the game and time."""
        folder.mkdir(parents=True, exist_ok=True)
        stamp = now or dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
        tail = f"-seed{seed}" if seed is not None else ""
        path = folder / f"{game}-{stamp}{tail}.txt"
        counter = 2
        while path.exists():
            path = folder / f"{game}-{stamp}{tail}-{counter}.txt"
            counter += 1
        path.touch()
        return cls(path)

    def begin(self, title: str, announce: str) -> None:
        """Write the session banner: the game and its house rules in words."""
        banner = [f"# {title}", *(f"# {line}" for line in announce.splitlines()), ""]
        with self.path.open("a", encoding="utf-8") as out:
            out.write("\n".join(banner) + "\n")

    def append(self, hand_text: str) -> None:
        """Add one hand, followed by a blank line."""
        with self.path.open("a", encoding="utf-8") as out:
            out.write(hand_text.rstrip("\n") + "\n\n\n")

    @property
    def phh_path(self) -> Path:
        """The PHH hand-history set written beside the text (``.phhs``: one TOML table
        per hand, keyed by the hand's number)."""
        return self.path.with_suffix(".phhs")

    def append_phh(self, hand_no: int, data: Mapping[str, Any]) -> None:
        """Add one hand's PHH data to the session's ``.phhs`` file."""
        with self.phh_path.open("a", encoding="utf-8") as out:
            out.write(tomli_w.dumps({str(hand_no): dict(data)}) + "\n")


def record_phh(history: HistoryFile | None, session: Session, hand_no: int,
               state: HandState, *, reader: int | None, reveal: bool = False) -> None:
    """Write the hand as PHH too, where its session has a PHH record for it: as
    ``reader`` (a seat, or ``None`` for a spectator) saw it, every other card ``??``,
    unless ``reveal`` (:mod:`pokerroom.history.redaction`: each card only where the
    reader saw it)."""
    if history is None:
        return
    data = session.phh_record(state)
    if data:
        if not reveal:
            data = phh_as_seen(data, state, reader)
        history.append_phh(hand_no, data)
