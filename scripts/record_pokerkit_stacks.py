"""Record PokerKit's final stacks for every hand ``tests/engine/test_engine_pokerkit.py``
and ``test_engine_pokerkit_new_shapes.py`` deal, into ``tests/engine/pokerkit_stacks/``
(one file per variant, named by the installed PokerKit's version, each entry under the
SHA-256 of the hand's history text, or of its events for the new shapes).

Usage: python scripts/record_pokerkit_stacks.py

The tests read these files first, so that a fresh clone does not wait minutes for
PokerKit, and ask PokerKit (adding to ``build/test-cache/``) only for a text not in them:
a hand the engine now plays differently. Run this after such a change, or with a new
PokerKit, to record the answers again; it asks PokerKit only for texts neither the
recorded files nor ``build/test-cache/`` know, and keeps only the hands the tests deal.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    import test_engine_pokerkit as tests  # the tests' own deals

    tests.RECORDED.mkdir(parents=True, exist_ok=True)
    for code in sorted(tests.VARIANTS):
        config, seats = tests.VARIANTS[code]
        path = tests._cache_path(code, tests.RECORDED)
        known = {**tests._read_cache(path), **tests._read_cache(tests._cache_path(code))}
        entries: dict[str, list[int] | None] = {}
        asked = 0
        for hands, seed in (tests.SHORT, tests.LONG):
            for i in range(hands):
                text = tests.dumps(tests.play(config, seats, seed + i))
                key = hashlib.sha256(text.encode("utf-8")).hexdigest()
                if key not in known:
                    known[key] = tests._their_stacks(text)
                    asked += 1
                entries[key] = known[key]
        _write(path, entries)
        print(f"{code}: {len(entries)} hands, {asked} replayed by PokerKit -> "
              f"{path.relative_to(ROOT)}")
    import test_engine_pokerkit_new_shapes as shapes

    for name in shapes.COMPARED:
        path = shapes.cache_path(name, tests.RECORDED)
        known = {**tests._read_cache(path), **tests._read_cache(shapes.cache_path(name))}
        entries = {}
        asked = 0
        for hands, seed in (shapes.SHORT, shapes.LONG):
            for i in range(hands):
                hand = shapes.play(shapes.CONFIGS[name], 6, seed + i)
                key = shapes.hand_key(hand)
                if key not in known:
                    known[key] = shapes._their_stacks(name, hand)
                    asked += 1
                entries[key] = known[key]
        _write(path, entries)
        print(f"{name}: {len(entries)} hands, {asked} dealt by PokerKit -> "
              f"{path.relative_to(ROOT)}")
    return 0


def _write(path: Path, entries: dict[str, list[int] | None]) -> None:
    lines = ",\n".join(f"{json.dumps(key)}: {json.dumps(entries[key])}"
                       for key in sorted(entries))
    path.write_text("{\n" + lines + "\n}\n", encoding="utf-8")   # a hand a line


if __name__ == "__main__":
    sys.exit(main())
