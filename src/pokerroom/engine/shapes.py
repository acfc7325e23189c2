"""What a hand reads of its game: :class:`HandConfig`, the narrow shape the hand machine's
modules (:mod:`~pokerroom.engine.state`, :mod:`~pokerroom.engine.rounds`,
:mod:`~pokerroom.engine.plan`) take, so that they need not import
:class:`~pokerroom.engine.config.GameConfig`, which makes the hands (imports point one
way: the config above the hand it deals).

>>> from pokerroom.engine.config import GameConfig
>>> def cap(config: HandConfig) -> int:
...     return config.raise_cap
>>> cap(GameConfig.of("lowball-27", blinds=(1, 2)))
5
"""

from __future__ import annotations

from typing import Protocol

from pokerroom.cards import Card
from pokerroom.engine.stakes import HouseRules, Stakes, Structure
from pokerroom.engine.variants import Variant

__all__ = ["HandConfig"]


class HandConfig(Protocol):
    """A game as a hand reads it (:class:`~pokerroom.engine.config.GameConfig` is one):
    its variant, betting structure, stakes and house rules, the rules those decide and
    its deck."""

    @property
    def variant(self) -> Variant: ...

    @property
    def structure(self) -> Structure: ...

    @property
    def stakes(self) -> Stakes: ...

    @property
    def rules(self) -> HouseRules: ...

    @property
    def joker(self) -> bool: ...

    @property
    def raise_cap(self) -> int: ...

    @property
    def check_raise(self) -> bool: ...

    @property
    def sevens_rule(self) -> bool: ...

    @property
    def open_pair_option(self) -> bool: ...

    def deck_cards(self) -> tuple[Card, ...]: ...
