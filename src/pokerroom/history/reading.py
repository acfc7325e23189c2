"""Read any hand history pokerroom takes in: PHH (one hand, a set, or the card room's
download), PokerStars text and PokerNow CSV logs.

:func:`read_history` tells the three apart by their text and gives the hands it holds as
PHH dicts, with the lines it could not read (:class:`~pokerroom.history.importing.ImportResult`);
``pokerroom import`` and the card room's replay of an uploaded file both read through it.

>>> result = read_history('variant = "NT"\\nactions = []\\n', "hand.phh")
>>> result.hands, result.problems
({1: {'variant': 'NT', 'actions': []}}, [])
>>> read_history("my notes\\n", "notes.txt").problems[0].message
"notes.txt:1: not a hand history pokerroom reads (PHH, PokerStars text or a PokerNow CSV \
log): notes.txt is not a PHH (TOML) file: Expected '=' after a key in a key/value pair \
(at line 1, column 4)"
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from typing import Any

from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.errors import HistoryError
from pokerroom.history.importing import ImportedHand, ImportResult, LineProblem
from pokerroom.history.pokernow import iter_pokernow, read_pokernow
from pokerroom.history.pokerstars_import import iter_pokerstars, read_pokerstars

__all__ = ["hand_lines", "is_pokernow", "iter_imported", "read_history", "read_phh_hands",
           "read_phh_set"]

_ROOM_HAND = re.compile(r"^# hand (\d+)\b.*$", re.MULTILINE)
_POKERSTARS = re.compile(r"^\ufeff?PokerStars (?:Hand|Game|Zoom Hand) #\d+:", re.MULTILINE)


def is_pokernow(text: str) -> bool:
    """Whether ``text`` is a PokerNow log: its first line a CSV header with an ``entry``
    column.

    >>> is_pokernow("entry,at,order\\n")
    True
    """
    return "entry" in text.split("\n", 1)[0].strip().split(",")


def iter_imported(text: str, path: str, *, variants: Mapping[str, Variant] = VARIANTS
                  ) -> Iterator[ImportedHand | LineProblem]:
    """Each hand of a PokerNow log or a PokerStars text in turn, read and replayed, or
    the problem that left it out (file, line, hand number, why); a text with no hand
    yields one problem that says so. Each hand's game is looked up among ``variants``
    (the rulebook's unless another lookup is given: every game's is
    :func:`pokerroom.games.variants`). (Decode a file's bytes with
    :func:`pokerroom.history.text_encoding.decode_history` first.)

    >>> [p.message for p in iter_imported("entry,at,order\\n", "log.csv")]
    ["log.csv:1: no PokerNow hand in this log (a hand begins '-- starting hand #')"]
    """
    if is_pokernow(text):
        return iter_pokernow(text, path, variants=variants)
    return iter_pokerstars(text, path, variants=variants)


def read_phh_hands(text: str, *, name: str = "the file"
                   ) -> tuple[dict[int, dict[str, Any]], bool]:
    """The hands of a PHH text by number, and whether it is a set: a single hand
    (``.phh``) is hand 1, a set (``.phhs``) has one table per hand keyed by its number,
    and the card room's download is one document per hand, each headed ``# hand N``.

    >>> read_phh_hands('[2]\\nactions = []\\n[1]\\nactions = []\\n')
    ({1: {'actions': []}, 2: {'actions': []}}, True)
    >>> read_phh_hands('variant = "NT"\\nactions = []\\n')
    ({1: {'variant': 'NT', 'actions': []}}, False)
    >>> read_phh_hands('# hand 4\\nactions = []\\n# hand 5\\nactions = []\\n')
    ({4: {'actions': []}, 5: {'actions': []}}, True)
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        if len(_ROOM_HAND.findall(text)) > 1:
            return _room_documents(text, name), True
        raise HistoryError(f"{name} is not a PHH (TOML) file: {err}") from None
    if "actions" in data or "variant" in data:
        return {1: data}, False
    hands = {int(key): value for key, value in data.items()
             if key.isdigit() and isinstance(value, dict)}
    if not hands or len(hands) != len(data):
        raise HistoryError(f"{name} holds no PHH hand: a hand needs an actions array, and "
                           "a set (.phhs) one table per hand, keyed by its number")
    return dict(sorted(hands.items())), True


_SET_TABLE = re.compile(r"^[ \t]*\[[ \t]*[\"']?(\d+)[\"']?[ \t]*\][ \t]*(?:#.*)?$",
                        re.MULTILINE)


def hand_lines(text: str) -> dict[int, int]:
    """The line of each hand's table in a PHH set (``[N]``; in the card room's download,
    ``# hand N``).

    >>> hand_lines("[1]\\nactions = []\\n\\n[2]\\nactions = []\\n")
    {1: 1, 2: 4}
    """
    heads = list(_SET_TABLE.finditer(text)) or list(_ROOM_HAND.finditer(text))
    return {int(m.group(1)): text.count("\n", 0, m.start()) + 1 for m in heads}


def read_phh_set(text: str, *, name: str = "the file"
                 ) -> tuple[dict[int, dict[str, Any]], bool, list[LineProblem]]:
    """:func:`read_phh_hands`, and where a set (``.phhs``) is not TOML as a whole, each
    hand's table read alone: the hands that read, and for each that does not a
    :class:`~pokerroom.history.importing.LineProblem` at its ``[N]`` line (one bad hand
    never costs the others). :class:`HistoryError` when no hand reads.

    >>> hands, is_set, problems = read_phh_set('[1]\\nactions = []\\n[2]\\nactions = [\\n'
    ...                                        '[3]\\nactions = []\\n', name="h.phhs")
    >>> sorted(hands), is_set, [p.line for p in problems]
    ([1, 3], True, [3])
    """
    try:
        hands, is_set = read_phh_hands(text, name=name)
        return hands, is_set, []
    except HistoryError:
        heads = list(_SET_TABLE.finditer(text))
        if len(heads) < 2:
            raise
    hands = {}
    problems: list[LineProblem] = []
    for head, nxt in zip(heads, [*heads[1:], None], strict=True):
        line = text.count("\n", 0, head.start()) + 1
        try:
            data = tomllib.loads(text[head.end():nxt.start() if nxt else len(text)])
        except tomllib.TOMLDecodeError as err:
            problems.append(LineProblem(name, line, f"hand {head.group(1)} is not PHH "
                                                    f"(TOML): {err}"))
            continue
        hands[int(head.group(1))] = data
    if not hands:
        raise HistoryError(f"{name} holds no PHH hand that reads as TOML")
    return dict(sorted(hands.items())), True, problems


def _room_documents(text: str, name: str) -> dict[int, dict[str, Any]]:
    """The card room's PHH download: a TOML document after each ``# hand N`` line (a
    hand PHH cannot write is that line alone, with a note)."""
    heads = list(_ROOM_HAND.finditer(text))
    hands: dict[int, dict[str, Any]] = {}
    for head, nxt in zip(heads, [*heads[1:], None], strict=True):
        body = text[head.end():nxt.start() if nxt else len(text)]
        try:
            data = tomllib.loads(body)
        except tomllib.TOMLDecodeError as err:
            line = text.count("\n", 0, head.start()) + 1
            raise HistoryError(f"{name}: hand {head.group(1)} (line {line}) is not PHH "
                               f"(TOML): {err}") from None
        if data:
            hands[int(head.group(1))] = data
    if not hands:
        raise HistoryError(f"{name} holds no PHH hand")
    return dict(sorted(hands.items()))


def read_history(text: str, path: str, *, variants: Mapping[str, Variant] = VARIANTS
                 ) -> ImportResult:
    """The hands of a history text as PHH dicts, and the lines not read: a PokerNow log
    (first line a CSV header with an ``entry`` column), PokerStars text (a line begins
    ``PokerStars Hand #``), else PHH. PHH hands come as they are written (replaying them
    checks them); imported hands have been replayed to the stacks their history says,
    each game among ``variants`` (the rulebook's unless another lookup is given)."""
    if is_pokernow(text):
        return read_pokernow(text, path, variants=variants)
    if _POKERSTARS.search(text):
        return read_pokerstars(text, path, variants=variants)
    try:
        hands, _ = read_phh_hands(text, name=path)
    except HistoryError as err:
        return ImportResult(problems=[LineProblem(path, 1, "not a hand history pokerroom "
                                                  "reads (PHH, PokerStars text or a "
                                                  f"PokerNow CSV log): {err}")])
    return ImportResult(hands=hands)
