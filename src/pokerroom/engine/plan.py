"""The numbers and flags of a :class:`~pokerroom.engine.config.GameConfig` that a hand
reads on every step, worked out once per config rather than on every read (several are
properties of the config, and enum members hash slowly).

>>> from pokerroom.engine.config import GameConfig
>>> config = GameConfig.of("holdem", "no limit", blinds=(1, 2))
>>> plan = plan_of(config)
>>> plan is plan_of(config), plan.min_bet, plan.blind_kinds
(True, 2, ('small blind', 'big blind'))
"""

from __future__ import annotations

from typing import Any, Final

from pokerroom.cards import Card
from pokerroom.engine.betting import _STRUCTURE_CODE
from pokerroom.engine.shapes import HandConfig
from pokerroom.engine.variants import Opener, Street, Variant

__all__ = ["Plan", "plan_of"]

# by id(config): hashing a config would hash its variant's streets on every hand
_PLANS: Final[dict[int, Plan]] = {}
_MAX_PLANS: Final = 256


class Plan:
    """Per-config constants of the hand state machine (read-only once made)."""

    __slots__ = (
        "ante",
        "big_bet",
        "blind_kinds",
        "blinds",
        "check_raise",
        "config",
        "deck",
        "double_open",
        "is_stud",
        "min_bet",
        "open_pair_option",
        "openers_required",
        "options_filtered",
        "raise_cap",
        "records_opener",
        "sevens_rule",
        "small_bet",
        "streets",
        "structure",
        "variant",
    )

    def __reduce__(self) -> tuple[Any, ...]:
        """A copy of a plan is the plan of a copy of its config."""
        return (plan_of, (self.config,))

    def __init__(self, config: HandConfig) -> None:
        variant: Variant = config.variant
        stakes = config.stakes
        self.config = config
        self.variant = variant
        self.structure: int = _STRUCTURE_CODE[config.structure]
        self.streets: tuple[Street, ...] = variant.streets
        self.deck: tuple[Card, ...] = config.deck_cards()
        self.raise_cap: int = config.raise_cap
        self.check_raise: bool = config.check_raise
        self.sevens_rule: bool = config.sevens_rule
        self.open_pair_option: bool = config.open_pair_option
        self.openers_required: bool = variant.openers_required
        # draw-intro: a game whose round after the draw starts with the opener keeps
        # track of who made the first bet before the draw
        self.records_opener: bool = any(s.opener is Opener.OPENER for s in variant.streets)
        self.is_stud: bool = variant.is_stud
        # lowball-intro-structure: the big blind may not be called before the draw
        self.double_open: bool = not config.rules.blind_may_be_called
        # whether a seat's betting options may lose some (openers, the double open)
        self.options_filtered: bool = self.openers_required or self.double_open
        self.blinds: tuple[int, ...] = stakes.blinds
        self.blind_kinds: tuple[str, ...] = (
            ("small blind", "big blind") if len(stakes.blinds) == 2
            else tuple(f"blind {i + 1}" for i in range(len(stakes.blinds))))
        self.ante: int = stakes.ante
        self.small_bet: int = stakes.small_bet
        self.big_bet: int = stakes.big_bet
        self.min_bet: int = stakes.min_bet


def plan_of(config: HandConfig) -> Plan:
    """The plan of ``config`` (made on first use; kept for the last few hundred configs)."""
    plan = _PLANS.get(id(config))
    if plan is None or plan.config is not config:
        if len(_PLANS) >= _MAX_PLANS:
            _PLANS.clear()
        plan = _PLANS[id(config)] = Plan(config)
    return plan
