"""The chips ledger of a card-room table: buy-ins, top-ups, hand results, cash-outs,
and the end-of-night settle-up (who pays whom, in the fewest payments), also as CSV.

>>> ledger = CashLedger()
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

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass

from pokerroom.server.settle import fewest_transfers

__all__ = ["HOUSE", "Balance", "CashLedger", "LedgerEntry", "share_pot"]

HOUSE = "the house"
"""The settle-up's name for the bank of a house-banked game (Three Card Poker)."""


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


class CashLedger:
    """Every chip movement between the players and the table, in order."""

    def __init__(self) -> None:
        self.entries: list[LedgerEntry] = []
        # running totals, so a balance costs the same after a thousand hands as after one
        self._bought: dict[str, int] = {}  # also every name, in the order first seen
        self._cashed: dict[str, int] = {}

    def add(self, name: str, kind: str, amount: int, hand: int) -> None:
        self.entries.append(LedgerEntry(name, kind, amount, hand))
        self._bought.setdefault(name, 0)
        if kind in ("buy-in", "top-up", "rebuy", "add-on"):
            self._bought[name] += amount
        elif kind in ("cash-out", "prize"):
            self._cashed[name] = self._cashed.get(name, 0) + amount

    def balances(self, stacks: Mapping[str, int]) -> list[Balance]:
        """Each player's totals; ``stacks`` are the chips of players still seated."""
        rows = []
        for name in dict.fromkeys([*self._bought, *stacks]):
            holding = self._cashed.get(name, 0) + stacks.get(name, 0)
            paid = self._bought.get(name, 0)
            rows.append(Balance(name, paid, holding, holding - paid))
        return rows

    def settled(self, stacks: Mapping[str, int], pot: int = 0,
                sharers: tuple[str, ...] = ()) -> list[Balance]:
        """Each player's totals as the night would settle now: a pot still on the table
        (``pot``, reserve included) shared by ``sharers`` (:func:`share_pot`) and
        counted in their holdings."""
        holding = dict(stacks)
        for name, share in share_pot(pot, sharers).items():
            holding[name] = holding.get(name, 0) + share
        return self.balances(holding)

    def transfers(self, stacks: Mapping[str, int], pot: int = 0,
                  sharers: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
        """The settle-up: (payer, payee, chips) in the fewest payments
        (:func:`~pokerroom.server.settle.fewest_transfers`, which says what it
        guarantees), the balances taken as :meth:`settled` gives them. A difference left
        over (a house-banked game's wins and losses) is owed by or to the house, a party
        of the settle-up like the players."""
        nets = {b.name: b.net for b in self.settled(stacks, pot, sharers)}
        house = -sum(nets.values())
        if house:
            nets[HOUSE] = house
        return fewest_transfers(nets)

    def csv(self, stacks: Mapping[str, int], pot: int = 0,
            sharers: tuple[str, ...] = ()) -> str:
        """The ledger as CSV: a line per player (chips bought in, cashed out, at the
        table now with any share of an unfinished pot, and the net), the house's line
        where the house won or lost chips, then the settle-up (who pays whom).

        >>> ledger = CashLedger()
        >>> ledger.add("Ann", "buy-in", 100, 0)
        >>> ledger.add("=Bob", "buy-in", 100, 0)
        >>> ledger.add("=Bob", "cash-out", 40, 3)
        >>> print(ledger.csv({"Ann": 160}), end="")
        player,bought in,cashed out,at the table,net
        Ann,100,0,160,60
        '=Bob,100,40,0,-60
        <BLANKLINE>
        pays,to,chips
        '=Bob,Ann,60
        """
        rows = self.settled(stacks, pot, sharers)
        out = io.StringIO()
        write = csv.writer(out, lineterminator="\n").writerow
        write(["player", "bought in", "cashed out", "at the table", "net"])
        for row in rows:
            cashed = self._cashed.get(row.name, 0)
            write([_cell(row.name), row.bought, cashed, row.holding - cashed, row.net])
        house = -sum(row.net for row in rows)
        if house:
            write([HOUSE, "", "", "", house])
        write([])
        write(["pays", "to", "chips"])
        for payer, payee, chips in self.transfers(stacks, pot, sharers):
            write([_cell(payer), _cell(payee), chips])
        return out.getvalue()


def _cell(text: str) -> str:
    """Text a spreadsheet never reads as a formula (a leading ``'`` where it could)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
