"""Reading real hand histories: hands per second imported and replayed by pokerroom
against PokerKit, on the same hands of the real corpus (``tests/history/real_phh.py``'s
``REAL_HISTORIES``: ``../shared/real-histories`` or ``POKERROOM_REAL_HISTORIES``).

Run alone with ``python -m benchmarks history_import``. Two races:

- **PokerStars text**: pokerroom's import (read every line, build the PHH hand, replay
  it to the stacks the file says: ``iter_imported``) against PokerKit's
  ``PokerStarsParser`` followed by PokerKit's replay of each parsed hand (its states to
  the last). PokerKit reads no-limit hold'em only, so both read the same text: the hands
  of the corpus PokerKit parses and both replay to the same final stacks, cut out of
  their files.
- **PHH**: pokerroom's reader and replay (``read_phh_hands`` + ``phh_to_hand``) against
  PokerKit's ``HandHistory.loads`` / ``loads_all`` and its replay, on every PHH file of
  the corpus; hands either refuses (a game pokerroom does not deal, a stack written
  ``inf``) are left out of both.

Before timing, the work is checked to be alike, hand by hand: the same hands and the same
final stacks in the file's units (hands that end otherwise are counted and left out).
Each figure is the best of a few repeats in CPU seconds of this process
(``time.process_time``), so a loaded machine slows the figures less than the clock.
Without the corpus the benchmark says so and does nothing.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import time
import tomllib
import warnings
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

from pokerroom.history.importing import ImportedHand
from pokerroom.history.phh import phh_to_hand, player_seats
from pokerroom.history.phh_amounts import chip_scale, in_file_units, unknown_stacks
from pokerroom.history.reading import iter_imported, read_phh_hands
from pokerroom.history.text_encoding import decode_history

CORPUS = Path(os.environ.get(
    "POKERROOM_REAL_HISTORIES",
    Path(__file__).resolve().parents[2] / "shared" / "real-histories"))
REPEATS = int(os.environ.get("HISTORY_IMPORT_RUNS", "3"))
_STARS_HAND = re.compile(r"^PokerStars .+?(?=^\n{2,}|^Hand #|\Z)", re.DOTALL | re.MULTILINE)
"""A hand of a PokerStars file, cut as PokerKit's parser cuts it."""


def _best(run: Callable[[], int]) -> tuple[float, int]:
    """Smallest CPU time of :data:`REPEATS` calls, and what the call counted."""
    best, count = float("inf"), 0
    for _ in range(REPEATS):
        start = time.process_time()
        count = run()
        best = min(best, time.process_time() - start)
    return best, count


def _exact(value: object) -> Decimal:
    return (Decimal(repr(value)) if isinstance(value, float) else Decimal(str(value))
            ).normalize()


def _pokerkit_final(history: Any) -> list[Decimal]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(history)
    return [_exact(s) for s in states[-1].stacks]


def _pokerroom_final(data: dict[str, Any]) -> list[Decimal]:
    hand = phh_to_hand(data)
    scale = chip_scale(data)
    return [_exact(in_file_units(hand.final_stacks[s], scale)) for s in player_seats(hand)]


def _quiet() -> contextlib.AbstractContextManager[Any]:
    """PokerKit prints a traceback for each hand its parser cannot read."""
    return contextlib.redirect_stderr(io.StringIO())


# PokerStars ---------------------------------------------------------------------------

def _in_units(stacks: list[Decimal], starting: Any, ours: list[Decimal]
              ) -> list[Decimal]:
    """PokerKit's stacks in pokerroom's units: pokerroom imports a cash game in cents,
    PokerKit in dollars (the factor is the ratio of the hand's chips, which both
    conserve)."""
    factor = sum(ours, Decimal(0)) / sum(map(_exact, starting), Decimal(0))
    return [(s * factor).normalize() for s in stacks]


def _stars_text() -> tuple[str, int, int]:
    """The hands of the corpus both read and replay to the same final stacks, as one
    text; how many PokerKit's parser reads, and how many of those end differently
    (PokerKit's PokerStars parser reads no antes and no rake)."""
    from pokerkit import PokerStarsParser

    kept, parsed, differ = [], 0, 0
    for path in sorted((CORPUS / "pokerstars").glob("*")):
        for chunk in _STARS_HAND.findall(decode_history(path.read_bytes())):
            with _quiet(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                parsed_hands = list(PokerStarsParser()(chunk))
            if not parsed_hands:
                continue
            parsed += 1
            theirs = [_pokerkit_final(h) for h in parsed_hands]
            ours = [_pokerroom_final(item.data) for item in iter_imported(chunk, "h.txt")
                    if isinstance(item, ImportedHand)]
            if ours and ours[0] == _in_units(theirs[0], parsed_hands[0].starting_stacks,
                                             ours[0]):
                kept.append(chunk.rstrip("\n"))
            elif ours:
                differ += 1
    return "\n\n\n".join(kept) + "\n", parsed, differ


def _stars_pokerroom(text: str) -> int:
    return sum(isinstance(item, ImportedHand) for item in iter_imported(text, "corpus.txt"))


def _stars_pokerkit(text: str) -> int:
    from pokerkit import PokerStarsParser

    count = 0
    with _quiet(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for history in PokerStarsParser()(text):
            list(history)
            count += 1
    return count


# PHH ----------------------------------------------------------------------------------

def _phh_files() -> list[tuple[Path, str]]:
    return [(p, p.read_text(encoding="utf-8"))
            for p in sorted((CORPUS / "phh").rglob("*.phh*"))]


def _phh_common(files: list[tuple[Path, str]]) -> dict[tuple[str, int], list[Decimal]]:
    """The hands both replay, with their final stacks (checked alike)."""
    from pokerkit import HandHistory

    common = {}
    for path, text in files:
        hands, is_set = read_phh_hands(text, name=str(path))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = (dict(zip(_set_order(text), HandHistory.loads_all(text), strict=True))
                      if is_set else {1: HandHistory.loads(text)})
        for number, data in hands.items():
            history = theirs[number]
            if unknown_stacks(data):
                continue
            try:
                ours = _pokerroom_final(data)
                stacks = _pokerkit_final(history)
            except Exception:   # a hand either refuses is left out of both
                continue
            if ours == stacks:      # (PokerKit rounds a half-chip split to whole chips)
                common[(str(path), number)] = ours
    return common


def _set_order(text: str) -> list[int]:
    """The numbers of a set's hands in the file's order (PokerKit's order)."""
    return [int(key) for key in tomllib.loads(text)]


def _phh_texts(files: list[tuple[Path, str]], common: dict[tuple[str, int], Any]
               ) -> list[tuple[str, list[int] | None, set[int]]]:
    """Each file's text, a set's numbers in its order (``None``: one hand), and the
    numbers of its hands that both replay."""
    out = []
    for path, text in files:
        numbers = {n for (p, n) in common if p == str(path)}
        if numbers:
            is_set = read_phh_hands(text)[1]
            out.append((text, _set_order(text) if is_set else None, numbers))
    return out


def _phh_pokerroom(texts: list[tuple[str, list[int] | None, set[int]]]) -> int:
    count = 0
    for text, _, numbers in texts:
        hands, _ = read_phh_hands(text)
        for number in numbers:
            phh_to_hand(hands[number])
            count += 1
    return count


def _phh_pokerkit(texts: list[tuple[str, list[int] | None, set[int]]]) -> int:
    from pokerkit import HandHistory

    count = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text, order, numbers in texts:
            histories = (dict(zip(order, HandHistory.loads_all(text), strict=True))
                         if order is not None else {1: HandHistory.loads(text)})
            for number in numbers:
                list(histories[number])
                count += 1
    return count


def _line(name: str, hands: int, seconds: float) -> str:
    return f"  {name:<34} {hands:>5} hands {seconds:8.3f} s  {hands / seconds:9.0f} hands/s"


def main() -> None:
    """Print both races (or why they cannot run)."""
    if not (CORPUS / "pokerstars").is_dir() or not (CORPUS / "phh").is_dir():
        print(f"no real hand histories in {CORPUS} (set POKERROOM_REAL_HISTORIES): "
              "the history import benchmark needs them; skipped")
        return
    import pokerkit  # noqa: F401 - the peer: fail here, not halfway

    text, parsed, differ = _stars_text()
    print(f"PokerStars text: of the {parsed} hands PokerKit's parser reads (no-limit "
          f"hold'em), {differ} end with other stacks in pokerroom (antes and rake: "
          f"PokerKit's parser reads neither) and {parsed - differ - _stars_pokerkit(text)} are "
          "refused by pokerroom; the race is on the others, the same final stacks in "
          f"both; CPU s, best of {REPEATS}")
    ours, n_ours = _best(lambda: _stars_pokerroom(text))
    theirs, n_theirs = _best(lambda: _stars_pokerkit(text))
    print(_line("pokerroom import + replay", n_ours, ours))
    print(_line("PokerKit PokerStarsParser + replay", n_theirs, theirs))
    print(f"  pokerroom / PokerKit, hands per second: "
          f"{(n_ours / ours) / (n_theirs / theirs):.2f}x")

    files = _phh_files()
    common = _phh_common(files)
    texts = _phh_texts(files, common)
    total = sum(len(read_phh_hands(text)[0]) for _, text in files)
    print(f"PHH: {len(common)} of the {total} hands of {len(files)} files both replay to "
          "the same final stacks (the others: a game pokerroom does not deal, stacks "
          "written inf, PokerKit's whole chips for a split of half chips); the race is on "
          f"those; CPU s, best of {REPEATS}")
    ours, n_ours = _best(lambda: _phh_pokerroom(texts))
    theirs, n_theirs = _best(lambda: _phh_pokerkit(texts))
    print(_line("pokerroom read + replay", n_ours, ours))
    print(_line("PokerKit HandHistory load + replay", n_theirs, theirs))
    print(f"  pokerroom / PokerKit, hands per second: "
          f"{(n_ours / ours) / (n_theirs / theirs):.2f}x")


if __name__ == "__main__":
    main()
