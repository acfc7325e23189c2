"""Three Card Poker pay tables as data: the ante bonus, Pair Plus and 6 Card Bonus.

The rulebook leaves the tables to "the table posted at the game" (``tcp-ante-bonus-table``,
``tcp-pair-plus-table``, ``tcp-6-card-bonus``); SUPPLEMENT §1 names the presets. A table
is written as its pays "to 1" from the lowest paying hand up for Pair Plus, and from the
top hand down for the ante bonus and the 6 Card Bonus, as casinos post them:

>>> PairPlusTable.from_spec("1-3-6-30-40").pay(ThreeCardClass.FLUSH)
3
>>> AnteBonusTable.from_spec("5-4-1").describe()
'ante bonus 5-4-1: straight flush 5 to 1, three of a kind 4 to 1, straight 1 to 1'
>>> SixCardBonusTable.from_spec("1000-200-100-20-15-10-7").pay(SixCardClass.FLUSH)
15
>>> PairPlusTable.from_spec("1-4-6")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: a Pair Plus table needs 5 pays (pair-flush-...), got '1-4-6'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from typing import ClassVar, Self

from pokerroom.errors import ConfigError
from pokerroom.hands.six_card import SixCardClass
from pokerroom.hands.three_card import ThreeCardClass

HandClass = ThreeCardClass | SixCardClass

__all__ = [
    "ANTE_BONUS_PRESETS",
    "PAIR_PLUS_PRESETS",
    "SIX_CARD_BONUS_PRESETS",
    "AnteBonusTable",
    "HandClass",
    "PairPlusTable",
    "PayTable",
    "SixCardBonusTable",
]


@dataclass(frozen=True)
class PayTable:
    """Pays "to 1" for the paying hand classes of one wager, in the posted order.

    ``by_class[c]`` is the pay of hand class ``c`` (0 where the class is not listed).
    """

    pays: tuple[int, ...]
    by_class: tuple[int, ...] = field(init=False, repr=False, compare=False)

    WAGER: ClassVar[str] = ""
    ORDER: ClassVar[tuple[HandClass, ...]] = ()
    PRESETS: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        pays = tuple(self.pays)
        if len(pays) != len(self.ORDER):
            raise ConfigError(f"a {self.WAGER} table needs {len(self.ORDER)} pays, got "
                              f"{len(pays)}")
        for pay in pays:
            if isinstance(pay, bool) or not isinstance(pay, int) or pay < 0:
                raise ConfigError(f"{self.WAGER} pays must be whole numbers 0 or more "
                                  f"(to 1), got {pay!r}")
        pay_of = {int(c): pay for c, pay in zip(self.ORDER, pays, strict=True)}
        object.__setattr__(self, "pays", pays)
        object.__setattr__(self, "by_class", tuple(pay_of.get(c, 0)
                                                   for c in range(max(self.ORDER) + 1)))

    @classmethod
    def from_spec(cls, spec: str) -> Self:
        """A table from its dashed pays, e.g. ``'1-4-6-30-40'`` (presets and custom)."""
        parts = spec.strip().split("-")
        order = "-".join(c.label for c in cls.ORDER)
        whole = all(p.strip().isascii() and p.strip().isdigit() for p in parts)
        if len(parts) != len(cls.ORDER) or not whole:
            raise ConfigError(f"a {cls.WAGER} table needs {len(cls.ORDER)} pays ({order}), "
                              f"got {spec!r}")
        return cls(tuple(int(p) for p in parts))

    @classmethod
    def presets(cls) -> dict[str, Self]:
        """The named presets of SUPPLEMENT §1, by their spec."""
        return {name: cls.from_spec(name) for name in cls.PRESETS}

    @property
    def spec(self) -> str:
        """The pays joined by dashes, in posted order: ``'5-4-1'``."""
        return "-".join(str(p) for p in self.pays)

    @property
    def is_preset(self) -> bool:
        """True when this table is one of the named presets."""
        return self.spec in self.PRESETS

    def pay(self, hand_class: IntEnum | int) -> int:
        """The pay "to 1" of a hand class (0 when the class does not pay)."""
        index = int(hand_class)
        return self.by_class[index] if 0 <= index < len(self.by_class) else 0

    def describe(self) -> str:
        """The table in words, best hand first."""
        kind = "" if self.is_preset else " (custom)"
        best_first = sorted(zip(self.ORDER, self.pays, strict=True), key=lambda row: -row[0])
        body = ", ".join(f"{c.label} {pay} to 1" for c, pay in best_first)
        return f"{self.WAGER} {self.spec}{kind}: {body}"


@dataclass(frozen=True)
class AnteBonusTable(PayTable):
    """Ante bonus (``tcp-ante-bonus-table``), written straight flush-trips-straight."""

    WAGER: ClassVar[str] = "ante bonus"
    ORDER: ClassVar[tuple[HandClass, ...]] = (ThreeCardClass.STRAIGHT_FLUSH,
                                            ThreeCardClass.THREE_OF_A_KIND,
                                            ThreeCardClass.STRAIGHT)
    PRESETS: ClassVar[tuple[str, ...]] = ("5-4-1", "5-3-1", "4-3-1")


@dataclass(frozen=True)
class PairPlusTable(PayTable):
    """Pair Plus (``tcp-pair-plus-table``), written pair-flush-straight-trips-SF."""

    WAGER: ClassVar[str] = "Pair Plus"
    ORDER: ClassVar[tuple[HandClass, ...]] = (ThreeCardClass.PAIR, ThreeCardClass.FLUSH,
                                            ThreeCardClass.STRAIGHT,
                                            ThreeCardClass.THREE_OF_A_KIND,
                                            ThreeCardClass.STRAIGHT_FLUSH)
    PRESETS: ClassVar[tuple[str, ...]] = ("1-4-6-30-40", "1-4-6-25-40", "1-4-6-25-35",
                                          "1-3-6-30-40", "1-4-5-30-40")


@dataclass(frozen=True)
class SixCardBonusTable(PayTable):
    """6 Card Bonus (``tcp-6-card-bonus``), written royal-SF-quads-full house-flush-
    straight-trips."""

    WAGER: ClassVar[str] = "6 Card Bonus"
    ORDER: ClassVar[tuple[HandClass, ...]] = (SixCardClass.ROYAL_FLUSH,
                                            SixCardClass.STRAIGHT_FLUSH,
                                            SixCardClass.FOUR_OF_A_KIND,
                                            SixCardClass.FULL_HOUSE, SixCardClass.FLUSH,
                                            SixCardClass.STRAIGHT,
                                            SixCardClass.THREE_OF_A_KIND)
    PRESETS: ClassVar[tuple[str, ...]] = ("1000-200-100-20-15-10-7",
                                          "1000-200-50-25-20-10-5",
                                          "1000-200-50-25-15-10-5")


ANTE_BONUS_PRESETS: Mapping[str, AnteBonusTable] = AnteBonusTable.presets()
PAIR_PLUS_PRESETS: Mapping[str, PairPlusTable] = PairPlusTable.presets()
SIX_CARD_BONUS_PRESETS: Mapping[str, SixCardBonusTable] = SixCardBonusTable.presets()
