"""The session ledger of a home game: every chip that moved, between whom, and why.

Accounts are the seats (``0..n-1``) and the table's two pools, :data:`POT` and
:data:`RESERVE` (Guts' pot-limit reserve). A transfer moves a positive number of chips
from one account to another, so the ledger balances by construction: the seats' net
results plus what the pools hold is always zero.

>>> ledger = Ledger(players=3)
>>> for seat in range(3):
...     ledger.transfer(1, seat, POT, 2, "ante")
>>> ledger.transfer(1, POT, 0, 6, "wins the pot")
>>> ledger.net(0), ledger.net(1), ledger.holding(POT)
(4, -2, 0)
>>> ledger.check()
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from pokerroom.errors import ConfigError

__all__ = ["POT", "RESERVE", "Account", "Ledger", "Transfer"]

POT: Final = "pot"
RESERVE: Final = "reserve"

Account = int | str
"""A seat number, :data:`POT` or :data:`RESERVE`."""


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
    """Who paid what into which pool, and who won what."""

    __slots__ = ("_holdings", "_paid_in", "_paid_out", "_players", "_transfers")

    def __init__(self, players: int) -> None:
        self._players = players
        self._transfers: list[Transfer] = []
        self._holdings: dict[Account, int] = {POT: 0, RESERVE: 0}
        self._paid_in = 0
        self._paid_out = 0
        for seat in range(players):
            self._holdings[seat] = 0

    def transfer(self, deal: int, source: Account, target: Account, amount: int,
                 reason: str) -> None:
        """Record ``amount`` chips moving; zero amounts are ignored. A pool can never go
        below zero; a seat's net may (Guts and Herbie matches are never capped)."""
        if amount < 0:
            raise ConfigError(f"a transfer cannot be negative ({amount})")
        for account in (source, target):
            if account not in self._holdings:
                raise ConfigError(f"unknown ledger account {account!r}")
        if amount == 0:
            return
        if isinstance(source, str) and self._holdings[source] < amount:
            raise ConfigError(f"the {source} holds {self._holdings[source]}, not {amount}")
        self._holdings[source] -= amount
        self._holdings[target] += amount
        self._transfers.append(Transfer(deal, source, target, amount, reason))
        if isinstance(source, int):
            self._paid_in += amount
        elif isinstance(target, int):
            self._paid_out += amount

    def holding(self, account: Account) -> int:
        """What a pool holds now (for a seat: its net, as :meth:`net`)."""
        return self._holdings[account]

    def net(self, seat: int) -> int:
        """A seat's result so far: chips won minus chips paid."""
        return self._holdings[seat]

    def paid_in(self) -> int:
        """Every chip the seats ever paid into the pools."""
        return self._paid_in

    def paid_out(self) -> int:
        """Every chip the pools ever paid to seats."""
        return self._paid_out

    def __iter__(self) -> Iterator[Transfer]:
        return iter(self._transfers)

    def __len__(self) -> int:
        return len(self._transfers)

    def check(self) -> None:
        """Raise ``AssertionError`` unless the ledger balances to the chip: replaying
        every transfer gives the holdings, and seats plus pools sum to zero."""
        replay: dict[Account, int] = dict.fromkeys(self._holdings, 0)
        for t in self._transfers:
            replay[t.source] -= t.amount
            replay[t.target] += t.amount
        assert replay == self._holdings, "ledger transfers do not add up to the holdings"
        assert sum(self._holdings.values()) == 0, "chips were created or destroyed"
        assert self._holdings[POT] >= 0 and self._holdings[RESERVE] >= 0
        paid_in = sum(t.amount for t in self._transfers if isinstance(t.source, int))
        paid_out = sum(t.amount for t in self._transfers if isinstance(t.target, int))
        assert (paid_in, paid_out) == (self._paid_in, self._paid_out)
        assert self._holdings[POT] + self._holdings[RESERVE] == paid_in - paid_out
