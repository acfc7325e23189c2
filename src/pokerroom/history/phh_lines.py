"""Reading a PHH file's action lines: the words of a line, the cards it names, the cards
its writer never saw (``??``), and a draw round put in the order the engine deals it.

>>> words_of_line("p1 sd 7c # discards one")
('p1', 'sd', '7c')
>>> draws_in_turn(["p1 sd 7c", "p2 sd 8d", "d dh p1 2s", "d dh p2 3s"])
['p1 sd 7c', 'd dh p1 2s', 'p2 sd 8d', 'd dh p2 3s']
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any

from pokerroom.cards import Card, parse_cards
from pokerroom.errors import PokerroomError

__all__ = ["cards_of_line", "draws_in_turn", "hidden_cards", "known_cards_of_line",
           "last_named", "line_cards", "named_cards", "words_of_line"]

def hidden_cards(data: dict[str, Any]) -> int:
    """How many cards a PHH dict writes as ``??`` (unknown to the writer).

    >>> hidden_cards({"actions": ["d dh p1 AsKd", "d dh p2 ????"], "_burns": ["??"]})
    3
    """
    count = sum(str(c).count("??") for c in data.get("_burns", []) or [])
    for line in data.get("actions", []) or []:
        words = words_of_line(str(line))
        if words:
            count += words[-1].count("??")
    return count


def named_cards(data: dict[str, Any]) -> set[Card]:
    """Every card a PHH dict names (in its ``actions`` and its ``_burns``): the cards
    its writer saw; the others are ``??``.

    >>> sorted(named_cards({"actions": ["d dh p1 AsKd", "d dh p2 ????", "d db 2c3c4c"],
    ...                     "_burns": ["??", "7h"]}))
    [2c, 3c, 4c, 7h, Kd, As]
    """
    actions, burns = data.get("actions"), data.get("_burns")
    named = {card for line in (actions if isinstance(actions, list) else [])
             for card in known_cards_of_line(str(line))}
    with contextlib.suppress(PokerroomError):
        named |= {Card.parse(str(c)) for c in (burns if isinstance(burns, list) else [])
                  if "?" not in str(c)}
    return named



def line_cards(line: str) -> list[Card]:
    """The cards a deal line deals (none for any other line)."""
    words = words_of_line(line)
    deals = len(words) in (3, 4) and words[0] == "d" and words[1] in ("dh", "db")
    return list(cards_of_line(line)) if deals else []


def last_named(lines: list[Any]) -> dict[Card, int]:
    """The index of the line that names each card last."""
    return {card: index for index, line in enumerate(lines)
            for card in known_cards_of_line(str(line))}


@functools.lru_cache(maxsize=4096)
def cards_of_line(line: str) -> tuple[Card, ...]:
    """The cards a line deals, discards or shows, ``??`` included (none for a bet), read
    once for a line (a replay reads each line several times: for the cards named, the
    last naming, the dry run and the replay)."""
    words = words_of_line(line)
    if len(words) >= 3 and words[-1] not in ("f", "cc", "pb", "sd", "sm"):
        with contextlib.suppress(PokerroomError):
            return parse_cards(words[-1])
    return ()


@functools.lru_cache(maxsize=4096)
def known_cards_of_line(line: str) -> tuple[Card, ...]:
    """The cards of :func:`cards_of_line` that are not ``??``: the cards the line's
    writer saw.

    >>> known_cards_of_line("d dh p1 As??")
    (As,)
    """
    return tuple(card for card in cards_of_line(line) if card.is_known)


@functools.lru_cache(maxsize=8192)
def words_of_line(line: str) -> tuple[str, ...]:
    """The words of a line, its comment left out, split once for a line (the replay,
    the amounts and the stand-ins each read every line).

    >>> words_of_line("d db 7h8h9c # the flop")
    ('d', 'db', '7h8h9c')
    """
    return tuple(line.split("#", 1)[0].split())


def draws_in_turn(lines: list[str]) -> list[str]:
    """PHH writes a draw round as every discard, then every player's new cards; the
    engine deals each player's cards right after their discard (``lowball-9``)."""
    out: list[list[str]] = []           # the lines in groups: a discard and its cards
    waiting: dict[str, list[str]] = {}  # the discards of this round still to be dealt to
    drawing: set[str] = set()           # the players who have drawn this round
    dealt = False
    for line in lines:
        words = words_of_line(line)
        if len(words) >= 2 and words[1] == "sd":
            if dealt or words[0] in drawing:
                waiting, drawing, dealt = {}, set(), False      # the next draw round
            drawing.add(words[0])
            out.append([line])
            if len(words) == 3:
                waiting[words[0]] = out[-1]
            continue
        if drawing and len(words) >= 3 and words[0] == "d" and words[1] == "dh":
            dealt = True
            if words[2] in waiting:
                waiting.pop(words[2]).append(line)
                continue
        elif words:
            waiting, drawing, dealt = {}, set(), False
        out.append([line])
    return [line for group in out for line in group]
