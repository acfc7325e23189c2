"""A PHH hand in the PokerStars layout, its game's PokerStars name asked of the game (as
``pokerroom history show --format pokerstars`` asks it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.games import game_of_phh, variants
from pokerroom.history.pokerstars import phh_to_pokerstars


def as_pokerstars(data: Mapping[str, object], **options: Any) -> str:
    """``data`` written in the PokerStars layout (``options``: those of
    :func:`pokerroom.history.pokerstars.phh_to_pokerstars`; every game's variants)."""
    name = game_of_phh(data["variant"]).pokerstars
    assert name is not None, f"the PokerStars layout has no name for {data['variant']}"
    return phh_to_pokerstars(data, name, **({"variants": variants()} | options))
