"""Payouts: how many places are paid for a field, the prize pool, and each place's prize.

A :class:`PayoutTable` is a list of tiers: up to ``up_to`` entries, pay these
percentages (first place first). Percentages are exact fractions (``27.5`` is allowed),
never increase from one place to the next, and sum to exactly 100. The prize pool is
every buy-in, rebuy and add-on paid. :func:`prizes` turns a pool and percentages into
whole units by the stated rule: each place gets its share rounded down to the unit, and
the units left over go one to each place from first down, so that the prizes sum to the
pool and still never increase.

>>> table = STANDARD
>>> [str(p) for p in table.percentages(9)]
['50', '30', '20']
>>> pool = prize_pool(entries=9, buy_in=20, rebuys=3, rebuy_price=20, add_ons=5,
...                   add_on_price=10)
>>> pool
290
>>> prizes(pool, table.percentages(9))
(145, 87, 58)
>>> prizes(100, parse_percentages("50,30,20"), unit=1)
(50, 30, 20)
>>> prizes(101, parse_percentages("33.4,33.3,33.3"))
(34, 34, 33)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pokerroom.errors import TournamentError

__all__ = ["FLAT", "PRESETS", "STANDARD", "WINNER_TAKES_ALL", "PayoutTable", "Tier",
           "check_percentages", "parse_percentages", "prize_pool", "prizes"]

HUNDRED = Fraction(100)


def _fraction(name: str, value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Fraction):
        raise TournamentError(name, f"must be a number, not {value!r}")
    try:
        return Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise TournamentError(name, f"must be a number, not {value!r}") from None


def check_percentages(name: str, values: Iterable[object]) -> tuple[Fraction, ...]:
    """``values`` as exact percentages, when they are positive, never increase and sum to
    exactly 100; else a typed error naming ``name``.

    >>> check_percentages("payouts", [60, 40])
    (Fraction(60, 1), Fraction(40, 1))
    >>> check_percentages("payouts", [50, 30, 30])
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: payouts: the percentages sum to 110, not 100
    """
    shares = tuple(_fraction(f"{name}[{i}]", v) for i, v in enumerate(values, 1))
    if not shares:
        raise TournamentError(name, "pay at least one place")
    for place, share in enumerate(shares, 1):
        if share <= 0:
            raise TournamentError(name, f"place {place} must be paid more than 0%, "
                                        f"not {_show(share)}")
        if place > 1 and share > shares[place - 2]:
            raise TournamentError(name, f"place {place} ({_show(share)}%) is paid more than "
                                        f"place {place - 1} ({_show(shares[place - 2])}%)")
    total = sum(shares, Fraction(0))
    if total != HUNDRED:
        raise TournamentError(name, f"the percentages sum to {_show(total)}, not 100")
    return shares


def parse_percentages(text: str, name: str = "payouts") -> tuple[Fraction, ...]:
    """Comma-separated percentages, as the command line takes them.

    >>> [str(p) for p in parse_percentages("65, 35")]
    ['65', '35']
    >>> parse_percentages("50,thirty,20")
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: payouts[2]: must be a number, not 'thirty'
    """
    parts = [part.strip() for part in text.split(",")]
    return check_percentages(name, parts if parts != [""] else [])


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True)
class Tier:
    """Fields of up to ``up_to`` entries pay ``percentages`` (first place first)."""

    up_to: int
    percentages: tuple[Fraction, ...]


@dataclass(frozen=True)
class PayoutTable:
    """Tiers by field size, smallest first; fields larger than the last tier pay as the
    last tier. A tier may not pay more places than its smallest field has entries (the
    first tier's smallest field is as many entries as it pays places)."""

    name: str
    tiers: tuple[Tier, ...]

    def __post_init__(self) -> None:
        if not self.tiers:
            raise TournamentError("payouts", "give at least one tier")
        smallest = 1
        for number, tier in enumerate(self.tiers, 1):
            where = f"payouts[{number}]"
            up_to = tier.up_to
            if isinstance(up_to, bool) or not isinstance(up_to, int) or up_to < smallest:
                raise TournamentError(f"{where}.up_to", f"must be a whole number of at least "
                                                        f"{smallest}, not {up_to!r}")
            shares = check_percentages(f"{where}.percentages", tier.percentages)
            object.__setattr__(tier, "percentages", shares)
            if number == 1 and up_to < len(shares):
                entries = "1 entry" if up_to == 1 else f"{up_to} entries"
                raise TournamentError(f"{where}.up_to", f"{entries} cannot fill the "
                                                        f"{len(shares)} places paid")
            if number > 1 and len(shares) > smallest:
                raise TournamentError(f"{where}.percentages", f"pays {len(shares)} places, "
                                      f"but the tier starts at {smallest} entries")
            smallest = up_to + 1

    @classmethod
    def single(cls, percentages: Sequence[object], name: str = "custom") -> PayoutTable:
        """One tier for any field of at least as many entries as places paid."""
        shares = check_percentages("payouts", percentages)
        return cls(name, (Tier(len(shares), shares),))

    def percentages(self, entries: int) -> tuple[Fraction, ...]:
        """The percentages paid when ``entries`` players entered."""
        if isinstance(entries, bool) or not isinstance(entries, int) or entries < 1:
            raise TournamentError("entries", f"must be a whole number of at least 1, "
                                             f"not {entries!r}")
        first = self.tiers[0]
        if entries < len(first.percentages):
            raise TournamentError("entries", f"{entries} entries cannot fill the "
                                             f"{len(first.percentages)} places paid")
        tier = next((t for t in self.tiers if entries <= t.up_to), self.tiers[-1])
        return tier.percentages


def _table(name: str, rows: Sequence[tuple[int, Sequence[int]]]) -> PayoutTable:
    return PayoutTable(name, tuple(Tier(up_to, tuple(map(Fraction, shares)))
                                   for up_to, shares in rows))


STANDARD = _table("standard", [
    (4, [100]), (7, [65, 35]), (10, [50, 30, 20]), (18, [40, 27, 19, 14]),
    (27, [35, 22, 16, 12, 8, 7]), (45, [30, 20, 15, 11, 9, 8, 7]),
])
"""A home game's usual ladder: winner takes all up to 4 entries, then 2, 3, 4, 6 and 7
places (the last tier for any larger field)."""

FLAT = _table("flat", [
    (5, [100]), (8, [60, 40]), (12, [45, 32, 23]), (20, [34, 26, 22, 18]),
    (45, [25, 20, 17, 14, 13, 11]),
])
"""More places and smaller steps between them than the standard ladder."""

WINNER_TAKES_ALL = _table("winner-takes-all", [(1, [100])])
"""The whole pool to the winner, whatever the field."""

PRESETS: dict[str, PayoutTable] = {t.name: t for t in (STANDARD, FLAT, WINNER_TAKES_ALL)}
"""The payout presets by name."""


def prize_pool(entries: int, buy_in: int, rebuys: int = 0, rebuy_price: int = 0,
               add_ons: int = 0, add_on_price: int = 0) -> int:
    """Every buy-in, rebuy and add-on paid, in whole units (all of it is paid out).

    >>> prize_pool(10, 20)
    200
    """
    for name, value in (("entries", entries), ("buy_in", buy_in), ("rebuys", rebuys),
                        ("rebuy_price", rebuy_price), ("add_ons", add_ons),
                        ("add_on_price", add_on_price)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TournamentError(name, f"must be a whole number of at least 0, "
                                        f"not {value!r}")
    return entries * buy_in + rebuys * rebuy_price + add_ons * add_on_price


def prizes(pool: int, percentages: Sequence[Fraction], unit: int = 1) -> tuple[int, ...]:
    """Each place's prize in whole units: the share rounded down to a multiple of
    ``unit``, then the leftover given ``unit`` at a time to places from first down, and
    any last remainder smaller than ``unit`` to first place. The prizes sum to ``pool``
    and never increase from one place to the next.

    >>> prizes(290, parse_percentages("50,30,20"), unit=5)
    (150, 85, 55)
    >>> prizes(7, parse_percentages("50,30,20"))
    (4, 2, 1)
    """
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
        raise TournamentError("pool", f"must be a whole number of at least 0, not {pool!r}")
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise TournamentError("unit", f"must be a whole number of at least 1, not {unit!r}")
    shares = check_percentages("payouts", percentages)
    paid = [int(pool * share / HUNDRED) // unit * unit for share in shares]
    left = pool - sum(paid)
    place = 0
    while left >= unit:
        paid[place % len(paid)] += unit
        left -= unit
        place += 1
    paid[0] += left
    return tuple(paid)
