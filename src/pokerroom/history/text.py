"""Readable text hand histories in the familiar PokerStars layout, for every game.

A hand is a header (site, hand number, game, stakes, time), the table line, one line per
seat with its starting chips, the play (street markers such as ``*** FLOP *** [Qh Jc
Ts]`` and one line per action), and a ``*** SUMMARY ***`` section. Home games and Three
Card Poker use the same shape with their own street names (``*** DECLARE ***``,
``*** DRAW ***``). Hands in a file are separated by blank lines, so :func:`split_hands`
reads a session file back hand by hand.

>>> record = HandRecord(hand_no=1, game="Texas hold'em", stakes="no limit, blinds 1/2",
...     when="2026/11/29 13:00:00 UTC", table="pokerroom", button=0,
...     seats=((0, "You", 200), (1, "Ann", 200)),
...     lines=("Ann: posts big blind 2", "*** HOLE CARDS ***", "Dealt to You [As Kd]"),
...     summary=("Ann folds", "You collected 3"))
>>> text = format_hand(record)
>>> print(text.splitlines()[0])
pokerroom Hand #1: Texas hold'em (no limit, blinds 1/2) - 2026/11/29 13:00:00 UTC
>>> [h.hand_no for h in split_hands(text + "\\n\\n" + text.replace("#1", "#2"))]
[1, 2]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["SITE", "HandRecord", "ParsedHand", "format_hand", "split_hands"]

SITE = "pokerroom"
_HEADER = re.compile(rf"^{SITE} Hand #(\d+): (.*?) \((.*)\) - (.*)$")


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand, ready to print. ``seats`` are ``(seat, name, starting chips)``;
    ``lines`` the play in order; ``summary`` the result lines (who showed what, who
    paid whom)."""

    hand_no: int
    game: str
    stakes: str
    when: str
    table: str
    button: int | None
    seats: tuple[tuple[int, str, int], ...]
    lines: tuple[str, ...]
    summary: tuple[str, ...]
    announce: tuple[str, ...] = ()


def format_hand(record: HandRecord) -> str:
    """The hand as text (no trailing newline)."""
    out = [f"{SITE} Hand #{record.hand_no}: {record.game} ({record.stakes}) - {record.when}"]
    table = f"Table '{record.table}' {len(record.seats)}-max"
    if record.button is not None:
        table += f" Seat #{record.button + 1} is the button"
    out.append(table)
    out.extend(f"House rule: {line}" for line in record.announce)
    out.extend(f"Seat {seat + 1}: {name} ({chips} in chips)" for seat, name, chips in record.seats
               if name)                 # a nameless seat is a free one (a tournament's)
    out.extend(record.lines)
    out.append("*** SUMMARY ***")
    out.extend(record.summary)
    return "\n".join(out)


@dataclass(frozen=True, slots=True)
class ParsedHand:
    """A hand read back from a history file: its number, game, stakes and text."""

    hand_no: int
    game: str
    stakes: str
    when: str
    text: str


def split_hands(text: str) -> list[ParsedHand]:
    """The hands of a history file, in order; text before the first hand (a session
    banner) is skipped."""
    hands: list[tuple[re.Match[str], list[str]]] = []     # each header, and its lines
    for line in text.splitlines():
        if header := _HEADER.match(line):
            hands.append((header, []))
        if hands:
            hands[-1][1].append(line)
    return [ParsedHand(int(header[1]), header[2], header[3], header[4],
                       "\n".join(lines).rstrip()) for header, lines in hands]
