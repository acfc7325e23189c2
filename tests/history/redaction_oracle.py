"""What a history written for one reader may show, judged from outside the writer.

The reference is the writer itself run on the hand's log *as the reader received it*
(:func:`as_received`): every card the reader saw on the spot is there, every other card
is ``??``. A reader's history must agree with the full record at every card it writes,
write every card of the reference, and may add to it only a card the reader saw later on
the same card's way, before it went back to the deck: a card shown down, or passed to
the reader, written at its deal or pass; a split opener's discards, exposed after the
hand (``jacks-9``), written at their deal and discard.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from pokerroom.cards import Card, parse_cards
from pokerroom.core import Event, HandState

__all__ = ["as_received", "assert_as_seen", "known_cards", "leaks", "shown_down",
           "with_log"]

_CARD_VERBS = {"sd", "sm", "pass", "discard"}
_SPLIT = "# split openers"
"""How a PHH record marks the draw of a hand that split openers."""


def as_received(state: HandState, reader: int | None) -> HandState:
    """A copy of ``state`` whose log is the log as ``reader`` received it."""
    return with_log(state, state.events_for(reader))


class _Received:
    """``state`` as a writer reads it, but with the log ``events``: every other
    attribute is the state's own, and it passes for the state's type (so a writer that
    branches on the type of the hand takes the same branch)."""

    def __init__(self, state: HandState, events: Sequence[Event]) -> None:
        self._state = state
        self._log = tuple(events)

    @property
    def events(self) -> tuple[Event, ...]:
        return self._log

    def events_for(self, seat: int | None) -> list[Event]:
        return HandState.events_for(self, seat)  # type: ignore[arg-type]

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return type(self._state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def with_log(state: HandState, events: Sequence[Event]) -> HandState:
    """``state`` whose log reads as ``events``."""
    return _Received(state, events)  # type: ignore[return-value]


def known_cards(value: object) -> set[Card]:
    """Every known card inside a value (a view, an event: dataclasses, tuples, lists)."""
    if isinstance(value, Card):
        return {value} if value.is_known else set()
    found: set[Card] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found |= known_cards(getattr(value, f.name))
    elif isinstance(value, Mapping):
        for item in value.values():
            found |= known_cards(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            found |= known_cards(item)
    return found


def shown_down(state: HandState, reader: int | None) -> set[Card]:
    """The cards ``reader`` saw shown down: in the view of the finished hand and in every
    showdown of the log as the reader received it (a Herbie deal may have several), and
    the discards a split opener exposed after the hand (``jacks-9``)."""
    found = known_cards(state.view(reader))
    for event in state.events_for(reader):
        found |= known_cards(getattr(event, "shown", ()))
        found |= known_cards(getattr(event, "split_discards", ()))
    return found


def _card_word(line: str) -> tuple[str, int, list[str]] | None:
    words = line.split("#")[0].split()
    if len(words) >= 3 and words[0] == "d" and words[1] in ("dh", "db"):
        return "d", len(words) - 1, words
    if len(words) == 3 and words[1] in _CARD_VERBS:
        return words[1], 2, words
    return None


def _chunks(word: str) -> list[str]:
    return [word[i:i + 2] for i in range(0, len(word), 2)]


def _seen_later(full: Sequence[str], received: Sequence[str], after: int, card: str,
                at_end: set[Card]) -> bool:
    """True when ``card`` at line ``after`` is seen by the reader later on its way: at a
    later place the reader's log shows it, or shown down (``at_end``), and never dealt
    again in between."""
    for line, told in zip(full[after + 1:], received[after + 1:], strict=True):
        found = _card_word(line)
        if found is None or card not in _chunks(found[2][found[1]]):
            continue
        if found[0] == "d":
            return False                # back to the deck and dealt again
        told_found = _card_word(told)
        assert told_found is not None
        index = _chunks(found[2][found[1]]).index(card)
        if _chunks(told_found[2][told_found[1]])[index] == card:
            return True
    return parse_cards(card)[0] in at_end


def leaks(written: Mapping[str, Any], full: Mapping[str, Any],
          received: Mapping[str, Any], at_end: set[Card]) -> list[str]:
    """The places where ``written`` (a reader's PHH record) shows a card the reader did
    not see there, as ``line: card``; ``full`` is the record of every card, ``received``
    the writer's record of the log as the reader received it, ``at_end`` the cards the
    reader saw shown down (:func:`shown_down`)."""
    found: list[str] = []
    assert len(written["actions"]) == len(full["actions"]) == len(received["actions"])
    for index, (mine, every, told) in enumerate(zip(written["actions"], full["actions"],
                                                    received["actions"], strict=True)):
        place = _card_word(every)
        if place is None:
            assert mine == every == told
            continue
        verb, at, words = place
        mine_words, told_words = mine.split("#")[0].split(), told.split("#")[0].split()
        assert mine_words[:at] == words[:at] == told_words[:at], (mine, every)
        for card, shown, heard in zip(_chunks(words[at]), _chunks(mine_words[at]),
                                      _chunks(told_words[at]), strict=True):
            assert shown in ("??", card), (mine, every)
            assert heard == "??" or shown == heard, f"{mine!r} hides {heard}"
            if shown != "??" and heard == "??" and not (
                    (verb in ("d", "pass") or (verb == "sd" and _SPLIT in every))
                    and _seen_later(full["actions"], received["actions"], index, card,
                                    at_end)):
                found.append(f"{mine}: {card}")
    if written.get("_burns") != received.get("_burns"):
        found.append(f"burns {written.get('_burns')} (seen: {received.get('_burns')})")
    return found


def assert_as_seen(written: Mapping[str, Any], full: Mapping[str, Any],
                   received: Mapping[str, Any], at_end: set[Card]) -> None:
    """``written`` shows no card where its reader did not see it (see :func:`leaks`), and
    every field without cards is the full record's."""
    assert not leaks(written, full, received, at_end)
    for key, value in full.items():
        if key not in ("actions", "_burns"):
            assert written[key] == value, key
