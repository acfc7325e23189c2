"""Which rule ids of RULE-IDS.md are cited by a test, game by game.

Usage: python scripts/rule_coverage.py [--missing] [PREFIX ...]

A rule counts as cited when a test file names it in a ``rule`` marker (``"stud-15"``) or in
a test name (``test_rule_stud_15_...``). ``n/a`` rules are listed apart.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE_IDS = ROOT.parent / "shared" / "rules" / "RULE-IDS.md"
ROW = re.compile(r"^\| ([a-z0-9][a-z0-9.\-]*) \| [^|]* \| [^|]* \| ([a-z/]+)", re.MULTILINE)


def rule_rows() -> list[tuple[str, str]]:
    """(id, kind) for every row of RULE-IDS.md."""
    return [(rid, kind) for rid, kind in ROW.findall(RULE_IDS.read_text(encoding="utf-8"))
            if rid != "id"]


def cited_ids(test_root: Path) -> set[str]:
    """Every id cited in a marker string or a test name under ``test_root``."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in test_root.rglob("*.py"))
    quoted = set(re.findall(r"[\"']([a-z0-9][a-z0-9.\-]*)[\"']", text))
    named = {m.replace("_", "-") for m in re.findall(r"test_rule_([a-z0-9_]+?)(?:__|$|\()", text)}
    return quoted | named


def main(argv: list[str]) -> int:
    show_missing = "--missing" in argv
    prefixes = [a for a in argv if not a.startswith("--")]
    cited = cited_ids(ROOT / "tests")
    by_game: dict[str, list[tuple[str, str, bool]]] = {}
    for rid, kind in rule_rows():
        if prefixes and not any(rid.startswith(p) for p in prefixes):
            continue
        game = rid.split("-")[0]
        by_game.setdefault(game, []).append((rid, kind, rid in cited))
    total = done = 0
    for game, rows in by_game.items():
        need = [r for r in rows if not r[1].startswith("n/a")]
        have = [r for r in need if r[2]]
        total += len(need)
        done += len(have)
        print(f"{game:10} {len(have):3}/{len(need):3}")
        if show_missing:
            for rid, kind, ok in need:
                if not ok:
                    print(f"    missing {rid} ({kind})")
    print(f"{'all':10} {done:3}/{total:3}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
