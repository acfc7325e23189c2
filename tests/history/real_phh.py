"""The corpus of real PHH files (``phh/`` of :data:`REAL_HISTORIES`; each file's
repository, commit, path and licence in ``tests/data/real/SOURCES.md``), read hand by
hand, and PokerKit's replay of the same hand to check a hand the file gives no finishing
stacks for."""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import tomli_w

from pokerroom.history.phh_amounts import chip_scale, in_chips, unknown_stacks
from pokerroom.history.reading import read_phh_hands

REAL_HISTORIES = Path(os.environ.get(
    "POKERROOM_REAL_HISTORIES",
    Path(__file__).resolve().parents[3] / "shared" / "real-histories"))
"""Where the real hand histories are: other people's files are not kept in pokerroom's
git history, but in the shared folder beside the checkout (where the rulebook is), or
where ``POKERROOM_REAL_HISTORIES`` points; the tests that read them skip without them."""
CORPUS = REAL_HISTORIES / "phh"
SOURCES = ("handhq", "historic", "pluribus", "wsop-2023-43-5")


@dataclass(frozen=True)
class RealHand:
    """One hand of the corpus: its source folder, where it is, and its PHH fields."""

    source: str
    where: str
    data: dict[str, Any]


def real_hands() -> Iterator[RealHand]:
    """Every hand of the corpus, file by file (a set's hands in its order)."""
    for path in sorted(CORPUS.rglob("*.phh*")):
        relative = path.relative_to(CORPUS)
        hands, is_set = read_phh_hands(path.read_text(encoding="utf-8"), name=str(path))
        for number, data in hands.items():
            where = f"{relative.as_posix()}[{number}]" if is_set else relative.as_posix()
            yield RealHand(relative.parts[0], where, data)


def exact(value: object) -> Decimal:
    """A number of a file (or of PokerKit) as the decimal it writes."""
    return Decimal(repr(value)) if isinstance(value, float) else Decimal(str(value))


def pokerkit_stacks(data: dict[str, Any]) -> list[Decimal]:
    """PokerKit's stacks after replaying the hand, in the file's units; a stack the file
    writes ``inf`` is given to both replays as the same deep stack."""
    from pokerkit import HandHistory

    known = dict(data)
    if unknown_stacks(data):
        scale = chip_scale(data)
        deep = in_chips(data, scale)["starting_stacks"]
        known["starting_stacks"] = [float(Decimal(deep[i]) / scale) if i in
                                    unknown_stacks(data) else s
                                    for i, s in enumerate(data["starting_stacks"])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # the fields PokerKit does not know
        history = HandHistory.load(io.BytesIO(tomli_w.dumps(known).encode()))
        states = list(history)
    return [exact(float(s)).quantize(Decimal("0.000001")) for s in states[-1].stacks]
