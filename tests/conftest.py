"""Shared test configuration: the ``rule`` marker names RULE-IDS.md ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULE_IDS_FILE = Path(__file__).resolve().parents[2] / "shared" / "rules" / "RULE-IDS.md"
_ID_ROW = re.compile(r"^\| ([a-z0-9][a-z0-9.\-]*) \|", re.MULTILINE)


def known_rule_ids() -> set[str] | None:
    """Ids listed in RULE-IDS.md, or None where the rulebook is not beside the checkout."""
    if not RULE_IDS_FILE.exists():
        return None
    return set(_ID_ROW.findall(RULE_IDS_FILE.read_text(encoding="utf-8"))) - {"id"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every id cited with ``@pytest.mark.rule`` must exist in RULE-IDS.md."""
    known = known_rule_ids()
    if known is None:
        return
    for item in items:
        for marker in item.iter_markers("rule"):
            unknown = [rule for rule in marker.args if rule not in known]
            if unknown:
                raise pytest.UsageError(f"{item.nodeid} cites unknown rule id(s): {unknown}")
