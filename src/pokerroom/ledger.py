"""The one chip ledger every table keeps: every chip that moved, between whom, and why.

Accounts are the seats (``0..n-1``), the table's two pools, :data:`POT` (a pot carried
from one deal to the next included) and :data:`RESERVE` (Guts' pot-limit reserve), and
two accounts outside the table's play: :data:`HOUSE`, the bank of a house-banked game,
and :data:`CASHIER`, where the chips a player brings to a table (or takes away) come
from. A transfer moves a positive number of chips from one account to another, so the
ledger balances by construction: every account summed is always zero. A pool never
holds less than nothing; a seat, the house and the cashier may (a Guts or Herbie match
is never capped, the house may be down, the cashier gave out the chips on the table).

>>> ledger = Ledger(players=3)
>>> for seat in range(3):
...     ledger.transfer(1, seat, POT, 2, "ante")
>>> ledger.transfer(1, POT, 0, 6, "wins the pot")
>>> ledger.net(0), ledger.net(1), ledger.holding(POT)
(4, -2, 0)
>>> ledger.check()

A table whose stacks are the seats' holdings buys its players in from the cashier; a
house-banked game settles each wager with the house:

>>> bank = Ledger(players=1)
>>> bank.transfer(0, CASHIER, 0, 100, "buys in")
>>> bank.transfer(1, 0, HOUSE, 10, "loses the ante")
>>> bank.holding(0), bank.holding(HOUSE), bank.holding(CASHIER)
(90, 10, -100)
>>> bank.check()
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from pokerroom.errors import ConfigError

__all__ = ["CASHIER", "HOUSE", "POOLS", "POT", "RESERVE", "Account", "Ledger", "Transfer"]

POT: Final = "pot"
RESERVE: Final = "reserve"
HOUSE: Final = "the house"
CASHIER: Final = "the cashier"
POOLS: Final = (POT, RESERVE)
"""The accounts that hold chips in play, never fewer than none."""

Account = int | str
"""A seat number, :data:`POT`, :data:`RESERVE`, :data:`HOUSE` or :data:`CASHIER`."""


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` chips from ``source`` to ``target`` on deal number ``deal``."""

    deal: int
    source: Account
    target: Account
    amount: int
    reason: str

    def __str__(self) -> str:
        def name(account: Account) -> str:
            return f"seat {account + 1}" if isinstance(account, int) else account
        return (f"deal {self.deal}: {self.amount} from {name(self.source)} to "
                f"{name(self.target)} ({self.reason})")


class Ledger:
    """Who paid what into which pool or to the house, and who won what."""

    __slots__ = ("_holdings", "_paid_in", "_paid_out", "_transfers")

    def __init__(self, players: int) -> None:
        # each transfer as a plain tuple (a Transfer is made when one is read)
        self._transfers: list[tuple[int, Account, Account, int, str]] = []
        self._holdings: dict[Account, int] = {POT: 0, RESERVE: 0, HOUSE: 0, CASHIER: 0}
        self._paid_in = 0
        self._paid_out = 0
        for seat in range(players):
            self._holdings[seat] = 0

    def transfer(self, deal: int, source: Account, target: Account, amount: int,
                 reason: str) -> None:
        """Record ``amount`` chips moving; zero amounts are ignored. A pool can never go
        below zero; any other account may."""
        holdings = self._holdings
        if source not in holdings or target not in holdings:
            unknown = source if source not in holdings else target
            raise ConfigError(f"unknown ledger account {unknown!r}")
        if amount <= 0:
            if amount < 0:
                raise ConfigError(f"a transfer cannot be negative ({amount})")
            return
        if source in POOLS and holdings[source] < amount:
            raise ConfigError(f"the {source} holds {holdings[source]}, not {amount}")
        holdings[source] -= amount
        holdings[target] += amount
        self._transfers.append((deal, source, target, amount, reason))
        if isinstance(source, int) and target in POOLS:
            self._paid_in += amount
        elif source in POOLS and isinstance(target, int):
            self._paid_out += amount

    def holding(self, account: Account) -> int:
        """What an account holds now (for a seat: its net, as :meth:`net`, or its stack
        where the seat bought in from the cashier)."""
        return self._holdings[account]

    def net(self, seat: int) -> int:
        """A seat's result so far: chips won minus chips paid."""
        return self._holdings[seat]

    def paid_in(self) -> int:
        """Every chip the seats ever paid into the pools (not to the house)."""
        return self._paid_in

    def paid_out(self) -> int:
        """Every chip the pools ever paid to seats (not the house's payouts)."""
        return self._paid_out

    def seats(self, players: int) -> tuple[int, ...]:
        """What seats ``0..players-1`` hold, in order."""
        holdings = self._holdings
        return tuple([holdings[seat] for seat in range(players)])

    def __iter__(self) -> Iterator[Transfer]:
        return (Transfer(*t) for t in self._transfers)

    def __len__(self) -> int:
        return len(self._transfers)

    def check(self) -> None:
        """Raise ``AssertionError`` unless the ledger balances to the chip: replaying
        every transfer gives the holdings, and seats plus pools sum to zero."""
        replay: dict[Account, int] = dict.fromkeys(self._holdings, 0)
        for _, source, target, amount, _ in self._transfers:
            replay[source] -= amount
            replay[target] += amount
        assert replay == self._holdings, "ledger transfers do not add up to the holdings"
        assert sum(self._holdings.values()) == 0, "chips were created or destroyed"
        assert self._holdings[POT] >= 0 and self._holdings[RESERVE] >= 0
        paid_in = sum(t.amount for t in self if isinstance(t.source, int) and t.target in POOLS)
        paid_out = sum(t.amount for t in self if t.source in POOLS and isinstance(t.target, int))
        assert (paid_in, paid_out) == (self._paid_in, self._paid_out)
        assert self._holdings[POT] + self._holdings[RESERVE] == paid_in - paid_out
