"""Stand-ins for hands that reach the showdown unseen: cards that lose.

A PHH file written from one seat (all of HandHQ) shows the winner's cards and writes a
hand mucked at the showdown as ``sm ????``: the writer never saw it, but it lost. Any
stand-in would do for a hand that folded; a hand that reaches the showdown must get
cards that lose to every hand shown there, or the replay would give it the pot (PokerKit
reads such a hand as one that cannot win). Before the replay, each such hand in a
hold'em or Omaha game is dealt cards the file names nowhere that make a high hand below
every hand shown (and, in Omaha hi-lo, no low), on the file's whole board.

>>> from pokerroom.cards import parse_cards
>>> lines = ["d dh p1 ????", "d dh p2 8dAs", "d db 9s7h2c", "d db 9d", "d db 9c",
...          "p1 cc", "p2 cc", "p2 sm 8dAs", "p1 sm ????"]
>>> losing_stand_ins(lines, "holdem", list(parse_cards("9h2d3h4d")))[0]
'd dh p1 3h4d'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from pokerroom.cards import Card, parse_cards
from pokerroom.engine.showdown import evaluate_low, evaluate_seat_high

__all__ = ["losing_stand_ins", "showdown_unseen"]

_KINDS = {"holdem": "holdem", "omaha": "omaha", "omaha-hilo": "omaha"}
_TRIES = 4000
"""The most combinations tried for one hand (the lowest cards first)."""


def _words(line: str) -> list[str]:
    return line.split("#")[0].split()


def losing_stand_ins(lines: list[str], game: str, unnamed: Sequence[Card]) -> list[str]:
    """The action lines with each hand that reaches the showdown hidden, wholly or in
    part (a PokerStars player who shows one card of two), dealt losing cards from
    ``unnamed`` (the cards the file names nowhere) for the cards not shown; the lines as
    they are for other games, when no hand is shown in full, or when no such cards are
    found.

    >>> losing_stand_ins(["d dh p1 ??Qc", "d dh p2 AdTd", "d db QsJs3h", "d db Ah",
    ...                   "d db 4c", "p2 sm AdTd", "p1 sm ??Qc"], "holdem",
    ...                  list(parse_cards("Qd 2c 5d")))[0]
    'd dh p1 2cQc'
    """
    kind = _KINDS.get(game)
    if kind is None:
        return lines
    deals: dict[str, int] = {}
    folded: set[str] = set()
    board: list[Card] = []
    for index, line in enumerate(lines):
        words = _words(line)
        if len(words) == 4 and words[:2] == ["d", "dh"]:
            deals.setdefault(words[2], index)
        elif len(words) == 3 and words[:2] == ["d", "db"]:
            board.extend(parse_cards(words[2]))
        elif len(words) == 2 and words[1] == "f":
            folded.add(words[0])
    cards = {p: _words(lines[i])[3] for p, i in deals.items() if p not in folded}
    hidden = [p for p, text in cards.items() if "?" in text]
    known = [parse_cards(text) for text in cards.values() if "?" not in text]
    if not hidden or not known or len(board) != 5:
        return lines
    least = min(evaluate_seat_high(kind, hole, board).key for hole in known)
    spare = sorted(unnamed, key=lambda c: (int(c.rank), int(c.suit)))
    out = list(lines)
    for player in hidden:
        held = list(parse_cards(cards[player]))
        shown = tuple(c for c in held if c.is_known)
        chosen = _losing(kind, game, spare, len(held) - len(shown), board, least, shown)
        if chosen is None:
            return lines
        spare = [c for c in spare if c not in chosen]
        fill = iter(chosen)
        hole = [c if c.is_known else next(fill) for c in held]
        out[deals[player]] = f"d dh {player} {''.join(repr(c) for c in hole)}"
    return out


def _losing(kind: str, game: str, spare: list[Card], count: int, board: list[Card],
            least: int, shown: tuple[Card, ...] = ()) -> tuple[Card, ...] | None:
    """``count`` cards of ``spare`` that, with the cards ``shown``, make a hand below
    ``least`` (and no low in Omaha hi-lo); None if none is found."""
    for chosen in itertools.islice(itertools.combinations(spare, count), _TRIES):
        hole = shown + chosen
        if evaluate_seat_high(kind, hole, board).key >= least:
            continue
        if game == "omaha-hilo" and evaluate_low("omaha8", hole, board) is not None:
            continue
        return chosen
    return None


def showdown_unseen(lines: Sequence[str]) -> bool:
    """Whether a hand reaches a showdown of two or more players where the file shows no
    hand (every ``sm`` writes ``????``, HandHQ's iPoker form): who won is not in the
    file, so the replay's result is its stand-ins' (PokerKit splits such a pot).

    >>> showdown_unseen(["d dh p1 AcQc", "d dh p2 ????", "p1 cc", "p2 cc",
    ...                  "p1 sm ????", "p2 sm ????"])
    True
    >>> showdown_unseen(["d dh p1 AcQc", "d dh p2 ????", "p1 sm AcQc", "p2 sm ????"])
    False
    """
    words = [_words(str(line)) for line in lines]
    shows = [w for w in words if len(w) >= 2 and w[1] == "sm"]
    players = {w[2] for w in words if len(w) == 4 and w[:2] == ["d", "dh"]}
    folded = {w[0] for w in words if len(w) == 2 and w[1] == "f"}
    return len(players - folded) >= 2 and bool(shows) and \
        all(len(w) < 3 or "?" in w[2] for w in shows)
