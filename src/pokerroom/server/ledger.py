"""The chips ledger of a card-room table: buy-ins, top-ups, hand results, cash-outs,
and the end-of-night settle-up (who pays whom).

>>> ledger = Ledger()
>>> ledger.add("Ann", "buy-in", 100, 0)
>>> ledger.add("Bob", "buy-in", 100, 0)
>>> ledger.add("Ann", "result", 30, 1)
>>> ledger.add("Bob", "result", -30, 1)
>>> [(row.name, row.bought, row.holding, row.net) for row in ledger.balances({"Ann": 130,
...                                                                          "Bob": 70})]
[('Ann', 100, 130, 30), ('Bob', 100, 70, -30)]
>>> ledger.transfers({"Ann": 130, "Bob": 70})
[('Bob', 'Ann', 30)]

A Guts or Herbie pot still on the table belongs to the game, not to a house: if the
night ends with it there, it is shared equally by the players of that game (odd chips
to the first of them, in the order given), and the settle-up counts each share:

>>> ledger.add("Ann", "result", -10, 2)
>>> ledger.add("Bob", "result", -10, 2)
>>> ledger.transfers({"Ann": 120, "Bob": 60}, pot=20, sharers=("Ann", "Bob"))
[('Bob', 'Ann', 30)]
>>> share_pot(21, ("Ann", "Bob"))
{'Ann': 11, 'Bob': 10}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["Balance", "Ledger", "LedgerEntry", "share_pot"]


def share_pot(pot: int, sharers: tuple[str, ...]) -> dict[str, int]:
    """An unfinished pot shared equally; odd chips go one each to the first sharers."""
    if not sharers:
        return {}
    base, odd = divmod(pot, len(sharers))
    return {name: base + (1 if i < odd else 0) for i, name in enumerate(sharers)}


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One line: a player's buy-in, top-up, hand result or cash-out."""

    name: str
    kind: str
    amount: int
    hand: int


@dataclass(frozen=True, slots=True)
class Balance:
    """A player's night: chips bought, chips held or cashed out, and the difference."""

    name: str
    bought: int
    holding: int
    net: int


class Ledger:
    """Every chip movement between the players and the table, in order."""

    def __init__(self) -> None:
        self.entries: list[LedgerEntry] = []
        # running totals, so a balance costs the same after a thousand hands as after one
        self._bought: dict[str, int] = {}  # also every name, in the order first seen
        self._cashed: dict[str, int] = {}

    def add(self, name: str, kind: str, amount: int, hand: int) -> None:
        self.entries.append(LedgerEntry(name, kind, amount, hand))
        self._bought.setdefault(name, 0)
        if kind in ("buy-in", "top-up"):
            self._bought[name] += amount
        elif kind == "cash-out":
            self._cashed[name] = self._cashed.get(name, 0) + amount

    def balances(self, stacks: Mapping[str, int]) -> list[Balance]:
        """Each player's totals; ``stacks`` are the chips of players still seated."""
        rows = []
        for name in dict.fromkeys([*self._bought, *stacks]):
            holding = self._cashed.get(name, 0) + stacks.get(name, 0)
            paid = self._bought.get(name, 0)
            rows.append(Balance(name, paid, holding, holding - paid))
        return rows

    def transfers(self, stacks: Mapping[str, int], pot: int = 0,
                  sharers: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
        """The settle-up: (payer, payee, chips), fewest payments by matching the biggest
        loser with the biggest winner each time. A pot still on the table (``pot``,
        reserve included) is first shared by ``sharers`` (:func:`share_pot`). A
        difference left over (a house-banked game's wins and losses) is owed by or to
        the house."""
        holding = dict(stacks)
        for name, share in share_pot(pot, sharers).items():
            holding[name] = holding.get(name, 0) + share
        rows = self.balances(holding)
        losers: list[tuple[str, int]] = [(b.name, -b.net) for b in
                                         sorted(rows, key=lambda b: b.net) if b.net < 0]
        winners: list[tuple[str, int]] = [(b.name, b.net) for b in
                                          sorted(rows, key=lambda b: -b.net) if b.net > 0]
        out: list[tuple[str, str, int]] = []
        while losers and winners:
            (payer, owed), (payee, due) = losers[0], winners[0]
            pay = min(owed, due)
            out.append((payer, payee, pay))
            losers[0] = (payer, owed - pay)
            winners[0] = (payee, due - pay)
            if owed == pay:
                losers.pop(0)
            if due == pay:
                winners.pop(0)
        out.extend((name, "the house", left) for name, left in losers)
        out.extend(("the house", name, left) for name, left in winners)
        return out
