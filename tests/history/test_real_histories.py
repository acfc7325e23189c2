"""Real PokerStars hand histories and PokerNow logs from public parsers' test data
(listed with their commits and licences in ``tests/data/real/SOURCES-text.md``): every
file read as it is, each hand imported or refused with its cause, none silently lost.

The files are not in pokerroom's git history; without them these tests skip."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from pokerroom.games import variants
from pokerroom.history.pokerstars_import import read_pokerstars
from pokerroom.history.text_encoding import decode_history

from .real_phh import REAL_HISTORIES

_ROOT = REAL_HISTORIES
VARIANTS = variants()     # every game's: the corpus has games beyond the rulebook (badugi)
_FILES = sorted((_ROOT / "pokerstars").glob("*.txt")) if (_ROOT / "pokerstars").is_dir() else []

_NO_FILES = pytest.mark.skipif(not _FILES, reason=f"no real PokerStars files in {_ROOT}")

_NOT_DEALT = ("a game pokerroom does not deal", "a board run twice",
              "a hand cancelled before the deal")
"""The refusals of hands that are not hands of a game pokerroom deals: other games, a
board run twice, a hand cancelled before any card was dealt."""
IMPORTED_AT_LEAST = 0.98
"""The share of the corpus's hands, in games pokerroom deals, that import and replay to
the history's own payouts (measured: 435 of 443, 98.2 %; see docs/histories.md for the rest)."""


def _read_all() -> tuple[int, int, int, Counter[str]]:
    found = dealt = imported = 0
    causes: Counter[str] = Counter()
    for path in _FILES:
        result = read_pokerstars(decode_history(path.read_bytes()), path.name,
                                 variants=VARIANTS)
        found += result.found
        imported += len(result.hands)
        dealt += len(result.hands)
        for problem in result.problems:
            if problem.hand is None:
                continue
            if not any(words in problem.reason for words in _NOT_DEALT):
                dealt += 1
                causes[problem.reason.split(":")[0][:60]] += 1
    return found, dealt, imported, causes


@_NO_FILES
def test_every_file_gives_hands_or_says_why_not() -> None:
    for path in _FILES:
        result = read_pokerstars(decode_history(path.read_bytes()), path.name,
                                 variants=VARIANTS)
        assert result.hands or result.problems, path.name
        assert len(result.hands) + sum(p.hand is not None for p in result.problems) \
            == result.found, path.name


@_NO_FILES
def test_the_hands_in_games_pokerroom_deals_import() -> None:
    found, dealt, imported, causes = _read_all()
    assert found > 400
    assert imported / dealt >= IMPORTED_AT_LEAST, causes.most_common(10)


_LOGS = sorted((_ROOT / "pokernow").glob("*.csv")) if (_ROOT / "pokernow").is_dir() else []


@pytest.mark.skipif(not _LOGS, reason=f"no real PokerNow logs in {_ROOT}")
def test_every_real_pokernow_hand_imports() -> None:
    from pokerroom.history.pokernow import read_pokernow

    found = imported = 0
    for path in _LOGS:
        result = read_pokernow(decode_history(path.read_bytes()), path.name)
        assert result.hands or result.problems, path.name
        found += result.found
        imported += len(result.hands)
        assert [p.message for p in result.problems] == []
    assert imported == found >= 8


_CAUSES = ("the replay pays", "a hand cut short in the file", "the hand does not replay",
           "a line pokerroom cannot read", "has no seat in this hand",
           "a board street without its cards", "cards dealt outside a dealing round")
"""The causes docs/histories.md lists for the corpus's refusals."""


@_NO_FILES
def test_every_refusal_has_a_cause_the_docs_list() -> None:
    docs = " ".join((Path(__file__).parent.parent.parent / "docs" / "histories.md")
                    .read_text(encoding="utf-8").split())
    for path in _FILES:
        result = read_pokerstars(decode_history(path.read_bytes()), path.name,
                                 variants=VARIANTS)
        for problem in result.problems:
            if problem.hand is None or any(words in problem.reason for words in _NOT_DEALT):
                continue
            cause = next((c for c in _CAUSES if c in problem.reason), None)
            assert cause is not None, problem.message
    for words in ("a game pokerroom does not deal", "a hand cancelled before the deal",
                  "the replay pays", "a hand cut short in the file",
                  "the hand does not replay", "a line pokerroom cannot read"):
        assert words in docs
