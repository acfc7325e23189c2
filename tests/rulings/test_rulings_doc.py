"""docs/rulings.md has a row for every `ruling` id of RULE-IDS.md, and every test it
names exists and cites that id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULE_IDS = ROOT.parent / "shared" / "rules" / "RULE-IDS.md"
DOC = ROOT / "docs" / "rulings.md"


def _ruling_ids() -> list[str]:
    rows = RULE_IDS.read_text(encoding="utf-8").splitlines()
    return [r.split("|")[1].strip() for r in rows if r.endswith("| ruling |")]


def _tests_citing() -> dict[str, set[str]]:
    cited: dict[str, set[str]] = {}
    pattern = re.compile(r"@pytest\.mark\.rule\(([^)]*)\)\n(?:@[^\n]*\n)*def (\w+)")
    for path in Path(__file__).parent.glob("test_*.py"):
        for marks, name in pattern.findall(path.read_text(encoding="utf-8")):
            for rule in re.findall(r'"([^"]+)"', marks):
                cited.setdefault(name, set()).add(rule)
    return cited


@pytest.mark.skipif(not RULE_IDS.exists(), reason="the rulebook is not beside the checkout")
def test_every_ruling_id_has_a_row_whose_tests_cite_it() -> None:
    rows = {line.split("|")[1].strip(): line for line in DOC.read_text().splitlines()
            if line.startswith("| ") and not line.startswith("| id")}
    cited = _tests_citing()
    ids = _ruling_ids()
    assert len(ids) == 42
    for rule in ids:
        assert rule in rows, f"docs/rulings.md has no row for {rule}"
        named = re.findall(r"`(test_\w+)`", rows[rule])
        assert named, f"the {rule} row names no test"
        for test in named:
            assert test in cited, f"{test} (row {rule}) does not exist"
        assert any(rule in cited[t] for t in named), f"no test named for {rule} cites it"
