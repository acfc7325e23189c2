"""A PHH hand in the PokerStars layout, its game's PokerStars name asked of the game (as
``pokerroom history show --format pokerstars`` asks it), and a PHH hand's final stacks;
each worked out once a process for a hand and its options, from one replay of the hand
for both."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from pokerroom.engine.state import PokerHand
from pokerroom.games import game_of_phh, variants
from pokerroom.history.phh import phh_replay, player_seats
from pokerroom.history.pokerstars import phh_to_pokerstars

Replayed = tuple[PokerHand, tuple[bool, ...]]

_WRITTEN: dict[bytes, str] = {}
_FINALS: dict[bytes, tuple[int, ...]] = {}
"""The layouts written and the final stacks replayed so far in this process, by the hand
(and the options). Both depend on nothing else, and the history tests read the same
seeded hands in several tests: the first 600 of a round trip's 1,000 hands are the hands
of the 600-hand round trip, the onlooker's history of a draw replay the onlooker's
record the round trips read."""
_LAST: dict[bytes, Replayed] = {}
"""The last hand replayed, by the hand: a test that asks for a hand's final stacks and
then its layout (or the other way round) replays it once for both."""


def _key(*what: object) -> bytes:
    return hashlib.blake2b(repr(what).encode(), digest_size=16).digest()


def _replay(data: Mapping[str, object], key: bytes) -> Replayed:
    """``data`` replayed (every game's variants), its final stacks kept in
    :data:`_FINALS`, the replay in :data:`_LAST` (the one before it dropped)."""
    replayed = _LAST.get(key)
    if replayed is None:
        replayed = phh_replay(dict(data), variants=variants())
        _LAST.clear()
        _LAST[key] = replayed
        hand = replayed[0]
        _FINALS[key] = tuple(hand.final_stacks[s] for s in player_seats(hand))
    return replayed


def as_pokerstars(data: Mapping[str, object], *,
                  replayed: Replayed | None = None, **options: Any) -> str:
    """``data`` written in the PokerStars layout (``options``: those of
    :func:`pokerroom.history.pokerstars.phh_to_pokerstars`; every game's variants),
    from the replay ``replayed`` of it if the test has one (the text is the same)."""
    key = _key(data, sorted(options.items()))
    text = _WRITTEN.get(key)
    if text is None:
        name = game_of_phh(data["variant"]).pokerstars
        assert name is not None, f"the PokerStars layout has no name for {data['variant']}"
        if replayed is None and "variants" not in options:
            replayed = _replay(data, _key(data))
        text = _WRITTEN[key] = phh_to_pokerstars(
            data, name, replayed=replayed, **({"variants": variants()} | options))
    return text


def final_stacks(data: dict[str, Any]) -> tuple[int, ...]:
    """The stacks a PHH hand replays to (every game's variants), player by player."""
    key = _key(data)
    finals = _FINALS.get(key)
    if finals is None:
        _replay(data, key)
        finals = _FINALS[key]
    return finals
