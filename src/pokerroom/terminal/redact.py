"""Hidden cards out of the histories the terminal writes.

A history is written from one reader's seat (the player's; in a bots-only run, a
spectator's): a card appears in it only if that reader saw it during the hand (their
own cards, cards dealt face up, the board, hands shown down). Every other card, another
seat's hole cards, the burns, unseen discards, is written ``??``, the way PHH writes an
unknown card. A bots-only run may ask for every card instead (``--reveal``).

>>> from pokerroom.cards import parse_cards
>>> data = {"actions": ["d dh p1 AsKd", "d dh p2 7c7d", "d db QhJcTs", "p2 sd 7c"],
...         "_burns": ["2c"], "variant": "NT"}
>>> redact_phh(data, set(parse_cards("As Kd Qh Jc Ts")))["actions"]
['d dh p1 AsKd', 'd dh p2 ????', 'd db QhJcTs', 'p2 sd ??']
>>> redact_phh(data, set())["_burns"]
['??']
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any

from pokerroom.cards import Card, parse_cards
from pokerroom.core import HandState

__all__ = ["HIDDEN", "redact_phh", "seen_cards"]

HIDDEN = "??"
"""How PHH writes a card that is not known."""

_NOTE_CARDS = re.compile(r"shown: ((?:[2-9TJQKA][cdhs] ?)+)")
_CARD_VERBS = {"sd", "sm", "pass", "discard"}


def _cards_in(value: object, found: set[Card]) -> None:
    """Every card inside an event's fields (dataclasses, tuples, lists, mappings)."""
    if isinstance(value, Card):
        if value.is_known:
            found.add(value)
    elif isinstance(value, str):
        for match in _NOTE_CARDS.finditer(value):   # "discards shown: Jc 4d"
            found.update(parse_cards(match.group(1)))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _cards_in(getattr(value, f.name), found)
    elif isinstance(value, Mapping):
        for item in value.values():
            _cards_in(item, found)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            _cards_in(item, found)


def seen_cards(state: HandState, seat: int | None) -> set[Card]:
    """The cards ``seat`` (``None``: a spectator) was shown in the hand: every card of
    the events as that seat received them."""
    found: set[Card] = set()
    for event in state.events_for(seat):
        _cards_in(event, found)
    return found


def _hide_run(text: str, seen: set[Card]) -> str:
    """``'AsKd'`` with every card not in ``seen`` written ``??``."""
    out = []
    for i in range(0, len(text), 2):
        chunk = text[i:i + 2]
        try:
            known = parse_cards(chunk)[0] in seen
        except ValueError:
            known = chunk == HIDDEN
        out.append(chunk if known else HIDDEN)
    return "".join(out)


def _hide_action(line: str, seen: set[Card]) -> str:
    head, hash_, note = line.partition("#")
    words = head.split()
    cards_at = None
    if len(words) >= 3 and words[0] == "d" and words[1] in ("dh", "db"):
        cards_at = len(words) - 1
    elif len(words) == 3 and words[1] in _CARD_VERBS:
        cards_at = 2
    if cards_at is None:
        return line
    words[cards_at] = _hide_run(words[cards_at], seen)
    text = " ".join(words)
    return f"{text} {hash_}{note}" if hash_ else text


def _hide_list(cards: Iterable[Any], seen: set[Card]) -> list[str]:
    return [_hide_run(str(c), seen) for c in cards]


def redact_phh(data: Mapping[str, Any], seen: set[Card]) -> dict[str, Any]:
    """PHH ``data`` with every card outside ``seen`` written ``??``: in the actions (deals,
    discards, shows) and the burns. Nothing else in a PHH record names a card."""
    out = dict(data)
    if isinstance(data.get("actions"), list):
        out["actions"] = [_hide_action(str(a), seen) for a in data["actions"]]
    if isinstance(data.get("_burns"), list):
        out["_burns"] = _hide_list(data["_burns"], seen)
    return out
