"""The one chip ledger: every chip that moved, between whom, and why.

Every hand keeps one (the kernel's ``chips``: a hand's returns are read from it) and
every table keeps one, into which it takes each finished hand's (:meth:`Ledger.absorb`).
Accounts are the seats, the two pools, :data:`POT` (a pot carried from one deal to the
next included) and :data:`RESERVE` (Guts' pot-limit reserve), and two accounts outside
play: :data:`HOUSE`, the bank of a house-banked game, and :data:`CASHIER`, where chips
brought to a table (or taken away) come from; for a hand, whatever is outside the hand,
so a pot a hand starts with comes from the cashier. A transfer moves a positive number
of chips from one account to another, so the ledger balances by construction: every
account summed is always zero. A pool never holds less than nothing; a seat, the house
and the cashier may (a Guts or Herbie match is never capped, the house may be down, the
cashier gave out the chips on the table). :meth:`Ledger.transfer` checks every move; the
hand machine records its own, already checked, with :meth:`Ledger.record`, counted when
the ledger is next read, and :meth:`Ledger.check` replays them all.

>>> ledger = Ledger(3)
>>> for seat in range(3):
...     ledger.transfer(seat, POT, 2, "ante")
>>> ledger.transfer(POT, 0, 6, "wins the pot")
>>> ledger.net(0), ledger.net(1), ledger.holding(POT)
(4, -2, 0)
>>> ledger.check()

A table whose stacks are the seats' holdings buys its players in from the cashier, and
takes in each hand's transfers under the deal's number; a house-banked game settles
each wager with the house:

>>> table = Ledger(3)
>>> table.transfer(CASHIER, 0, 100, "buys in")
>>> table.absorb(ledger, deal=1)
>>> table.holding(0), [str(t) for t in table][-1]
(104, 'deal 1: 6 from the pot to seat 1 (wins the pot)')
>>> bank = Ledger([0, 2])
>>> bank.transfer(CASHIER, 2, 100, "buys in")
>>> bank.transfer(2, HOUSE, 10, "loses the ante")
>>> bank.seat_numbers, bank.holding(2), bank.holding(HOUSE), bank.holding(CASHIER)
((0, 2), 90, 10, -100)
>>> bank.check()
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

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
            if isinstance(account, int):
                return f"seat {account + 1}"
            return f"the {account}" if account in POOLS else account
        return (f"deal {self.deal}: {self.amount} from {name(self.source)} to "
                f"{name(self.target)} ({self.reason})")


class Ledger:
    """Who paid what into which pool or to the house, and who won what. ``seats``: the
    number of seats (``0..seats-1``) or the seat numbers."""

    __slots__ = ("_applied", "_holdings", "_paid", "_totalled", "_transfers", "seat_numbers")

    seat_numbers: tuple[int, ...]
    """The seats, in order."""

    def __init__(self, seats: int | Sequence[int]) -> None:
        # each transfer as a plain tuple (a Transfer is made when one is read)
        self._transfers: list[tuple[int, Account, Account, int, str]] = []
        self._applied = 0
        """How many of the transfers the holdings count (see :meth:`record`)."""
        self._paid = [0, 0]
        """What the seats paid into the pools and the pools paid to seats, over the
        first :attr:`_totalled` transfers (see :meth:`paid_in`)."""
        self._totalled = 0
        if isinstance(seats, int):
            layout = _LAYOUTS.get(seats)
            if layout is None:
                layout = _LAYOUTS[seats] = _layout(tuple(range(seats)))
        else:
            layout = _layout(tuple(seats))
        self.seat_numbers = layout[0]
        self._holdings: dict[Account, int] = layout[1].copy()

    def transfer(self, source: Account, target: Account, amount: int, reason: str,
                 deal: int = 0) -> None:
        """Record ``amount`` chips moving (on deal number ``deal`` of a table); zero
        amounts are ignored. A pool can never go below zero; any other account may."""
        if _moved(self._up_to_date(), source, target, amount):
            self._transfers.append((deal, source, target, amount, reason))
            self._applied += 1

    def record(self, source: Account, target: Account, amount: int, reason: str) -> None:
        """Record a move the caller has already checked (the hand machine's own: a bet a
        seat can pay, an award the pot holds), as :meth:`transfer` does but with no
        checks, the holdings brought up to date when next read; :meth:`check` replays
        it with the rest. Zero amounts are ignored.

        >>> ledger = Ledger(2)
        >>> ledger.record(0, POT, 5, "bets")
        >>> ledger.record(POT, 1, 5, "wins")
        >>> ledger.net(0), ledger.net(1), ledger.holding(POT)
        (-5, 5, 0)
        >>> ledger.record(POT, 0, 1, "wins")     # a pool paying what it does not hold
        >>> ledger.check()
        Traceback (most recent call last):
        ...
        AssertionError: the pot went below zero
        """
        if amount > 0:
            self._transfers.append((0, source, target, amount, reason))

    def _up_to_date(self) -> dict[Account, int]:
        """The holdings, with every recorded move counted."""
        holdings = self._holdings
        transfers = self._transfers
        for i in range(self._applied, len(transfers)):
            _, source, target, amount, _ = transfers[i]
            holdings[source] -= amount
            holdings[target] += amount
        self._applied = len(transfers)
        return holdings

    def absorb(self, other: Ledger, deal: int, start: int = 0) -> None:
        """Take in ``other``'s transfers from the ``start``-th on (a finished hand's,
        past those that only brought its opening chips in), as deal number ``deal``."""
        # the holdings brought up to date once for them all (a table takes in every
        # hand's transfers)
        holdings = self._up_to_date()
        transfers = self._transfers
        theirs = other._transfers
        for i in range(start, len(theirs)):
            _, source, target, amount, reason = theirs[i]
            if _moved(holdings, source, target, amount):
                transfers.append((deal, source, target, amount, reason))
                self._applied += 1

    def holding(self, account: Account) -> int:
        """What an account holds now (for a seat: its net, as :meth:`net`, or its stack
        where the seat bought in from the cashier)."""
        return self._up_to_date()[account]

    def net(self, seat: int) -> int:
        """A seat's result so far: chips won minus chips paid."""
        return self._up_to_date()[seat]

    def paid_in(self) -> int:
        """Every chip the seats ever paid into the pools (not to the house).

        >>> ledger = Ledger(2)
        >>> ledger.transfer(0, POT, 3, "bets")
        >>> ledger.paid_in(), ledger.paid_out()
        (3, 0)
        >>> ledger.record(1, POT, 3, "calls")
        >>> ledger.record(POT, 1, 6, "wins")
        >>> ledger.paid_in(), ledger.paid_out()
        (6, 6)
        """
        return self._totals()[0]

    def paid_out(self) -> int:
        """Every chip the pools ever paid to seats (not the house's payouts)."""
        return self._totals()[1]

    def _totals(self) -> list[int]:
        """What the seats paid into the pools and the pools paid to seats, with the
        transfers since the last reading added (the transfers are only ever appended,
        so a table read after every deal is not summed again from its first)."""
        paid = self._paid
        transfers = self._transfers
        for i in range(self._totalled, len(transfers)):
            _, source, target, amount, _ = transfers[i]
            if isinstance(source, int):
                if target in POOLS:
                    paid[0] += amount
            elif source in POOLS and isinstance(target, int):
                paid[1] += amount
        self._totalled = len(transfers)
        return paid

    def seats(self, players: int) -> tuple[int, ...]:
        """What seats ``0..players-1`` hold, in order."""
        holdings = self._up_to_date()
        return tuple([holdings[seat] for seat in range(players)])

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles replay the transfers onto a new ledger."""
        return (_replayed, (self.seat_numbers, list(self._transfers)))

    def __iter__(self) -> Iterator[Transfer]:
        return (Transfer(*t) for t in self._transfers)

    def __len__(self) -> int:
        return len(self._transfers)

    def check(self) -> None:
        """Raise ``AssertionError`` unless the ledger balances to the chip: replaying
        every transfer gives the holdings (so the pools hold what the seats paid in less
        what they were paid, plus what came in from outside the seats: a carried pot, the
        house's takings, as negative), and every account sums to zero."""
        holdings = self._up_to_date()
        replay: dict[Account, int] = dict.fromkeys(holdings, 0)
        for _, source, target, amount, _ in self._transfers:
            assert amount > 0, "a transfer of no chips"
            replay[source] -= amount
            replay[target] += amount
            assert source not in POOLS or replay[source] >= 0, f"the {source} went below zero"
        assert replay == holdings, "ledger transfers do not add up to the holdings"
        assert sum(holdings.values()) == 0, "chips were created or destroyed"


def _layout(seats: tuple[int, ...]) -> tuple[tuple[int, ...], dict[Account, int]]:
    """The seat numbers and the empty holdings of a ledger of ``seats``."""
    holdings: dict[Account, int] = {POT: 0, RESERVE: 0, HOUSE: 0, CASHIER: 0}
    for seat in seats:
        holdings[seat] = 0
    return seats, holdings


_LAYOUTS: dict[int, tuple[tuple[int, ...], dict[Account, int]]] = {}
"""The layout of a ledger of seats ``0..n-1``, by ``n`` (made once each)."""


def _replayed(seats: tuple[int, ...],
              transfers: list[tuple[int, Account, Account, int, str]]) -> Ledger:
    """A ledger of ``seats`` with ``transfers`` made again, in order.

    >>> import copy
    >>> ledger = Ledger(2)
    >>> ledger.transfer(0, POT, 3, "bets", deal=4)
    >>> twin = copy.deepcopy(ledger)
    >>> list(twin) == list(ledger), twin.holding(POT)
    (True, 3)
    """
    ledger = Ledger(seats)
    for deal, source, target, amount, reason in transfers:
        ledger.transfer(source, target, amount, reason, deal)
    return ledger


def _moved(holdings: dict[Account, int], source: Account, target: Account,
           amount: int) -> bool:
    """Move ``amount`` chips in ``holdings``: ``False`` for zero (nothing to record);
    :class:`ConfigError` for an unknown account, a negative amount or a pool asked for
    more than it holds, with nothing changed."""
    held = holdings.get(source)
    if held is None or target not in holdings:
        raise ConfigError(f"unknown ledger account {source if held is None else target!r}")
    if amount <= 0:
        if amount < 0:
            raise ConfigError(f"a transfer cannot be negative ({amount})")
        return False
    if held < amount and source in POOLS:
        raise ConfigError(f"the {source} holds {held}, not {amount}")
    holdings[source] = held - amount
    holdings[target] += amount
    return True
