"""The events the hand machine builds (through each class's settable twin, see
:func:`pokerroom.engine.events.settable`) are the events their constructors make: of the
class itself, frozen, equal field for field, and they pickle and compare as such."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from engine_helpers import play_random_hand

from pokerroom.core import Call, Check, Event
from pokerroom.engine import GameConfig
from pokerroom.engine.events import CardsDealt, PlayerActed, settable

CONFIGS = [
    GameConfig.of("holdem", "no limit", blinds=(1, 2)),
    GameConfig.of("omaha-hilo", "fixed limit", blinds=(1, 2)),
    GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10),
    GameConfig.of("lowball-27-triple", blinds=(1, 2)),
]


def _rebuilt(event: Event) -> Event:
    """The same event made by its class's own constructor."""
    values = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}
    return type(event)(**values)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.variant.name)
def test_built_events_are_their_own_frozen_class(config: GameConfig) -> None:
    seen: set[type] = set()
    for seed in range(20):
        for event in play_random_hand(config, seed).log:
            kind = type(event)
            assert not kind.__name__.startswith("Settable"), kind
            assert kind.__module__ == "pokerroom.engine.events"
            assert _rebuilt(event) == event and hash(_rebuilt(event)) == hash(event)
            assert pickle.loads(pickle.dumps(event)) == event
            first = dataclasses.fields(event)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(event, first, None)
            seen.add(kind)
    assert {PlayerActed, CardsDealt} <= seen


def test_a_settable_twin_is_only_a_way_to_build() -> None:
    twin = settable(PlayerActed)
    assert issubclass(twin, PlayerActed) and twin.__slots__ == ()
    event = twin()
    event.action, event.added, event.total, event.all_in = Call(1), 2, 2, False
    event.private_to = None
    event.__class__ = PlayerActed
    assert event == PlayerActed(Call(1), 2, 2) and type(event) is PlayerActed
    assert event != PlayerActed(Check(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.added = 3  # type: ignore[misc]
