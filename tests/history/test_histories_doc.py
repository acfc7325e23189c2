"""The examples of docs/histories.md run as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "histories.md"


def test_histories_doc_examples() -> None:
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0
