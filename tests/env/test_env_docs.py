"""The examples of docs/environments.md run as doctests (README.md's run by the
README doctest glob)."""

from __future__ import annotations

import doctest
import warnings
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "environments.md"


def test_environments_doc_examples() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # api_test's notes on dict observations
        result = doctest.testfile(str(DOC), module_relative=False,
                                  optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0
