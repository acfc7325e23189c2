"""The one table type: a :class:`Session` is a table of many hands of one game.

Every game of :mod:`pokerroom.catalog` deals its hands through a session, and the
terminal, the web room, the bots, the learning environments and the histories read a
session only through this class: the stacks and the ledger, each hand started and
settled, the table drawn for a seat (:class:`~pokerroom.tableview.View`), each
event told in words, a bot for a seat, and the hand as PHH data. What a table may do
beyond dealing hands to players with chips is declared once, in its
:class:`Capabilities`, never guessed from which attributes it happens to have:

>>> guts = Capabilities(carries_pot=True, allows_debt=True, continues_after_game=True)
>>> casino = Capabilities(house_banked=True)
>>> guts.players_needed, casino.players_needed, Capabilities().players_needed
(0, 1, 2)

Chips are conserved at every table: each is in a stack, in the middle (``chips_held``,
a pot carried from one deal to the next included), or with the house (``house_net``).
:func:`check_ledger` checks that and names the difference when it fails:

>>> class Table:
...     stacks, chips_held, house_net = (990, 1005), 5, 0
>>> check_ledger(Table(), (1000, 1000))
>>> Table.chips_held = 4
>>> check_ledger(Table(), (1000, 1000))
Traceback (most recent call last):
...
pokerroom.errors.HistoryError: the ledger does not balance: 1 chip(s) unaccounted for
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.core import Event, HandState
from pokerroom.errors import HistoryError
from pokerroom.tableview import Bot, View

__all__ = ["NO_CAPABILITIES", "Capabilities", "HandResult", "Session", "check_ledger",
           "net_lines"]


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a table does beyond dealing hands to players who have chips.

    ``carries_pot``: chips may stay in the middle from one deal to the next (a Guts or
    Herbie pot, an unopened jacks-or-better pot), so ``chips_held`` may be above zero
    between hands. ``house_banked``: the players play the house, which banks the game
    (``house_net``), so one player with chips is enough for a hand. ``allows_debt``: a
    stack may go below zero (a match is never capped), so nobody is ever out of chips.
    ``continues_after_game``: once the game is over (``is_finished``), the next deal
    starts a new game at the same table.
    """

    carries_pot: bool = False
    house_banked: bool = False
    allows_debt: bool = False
    continues_after_game: bool = False

    @property
    def players_needed(self) -> int:
        """How many players must have chips for a hand to be dealt (0: stacks may go
        below zero, so everyone plays on)."""
        return 0 if self.allows_debt else 1 if self.house_banked else 2


NO_CAPABILITIES = Capabilities()
"""A table that only deals hands to players with chips, two or more of them."""


class HandResult:
    """What a finished hand did to each seat's stack (``net``, chips) and in words
    (``summary``). A table may give, instead of the words, ``write``: a function that
    writes them from what it kept of the hand, called the first time ``summary`` is
    read (a learning environment settles hands by the thousand and reads the words of
    few). Equal, printed, copied and pickled as the words themselves.

    >>> HandResult((5, -5), ("Ann won 5",))
    HandResult(net=(5, -5), summary=('Ann won 5',))
    >>> later = HandResult((5, -5), write=lambda: ("Ann won 5",))
    >>> later == HandResult((5, -5), ("Ann won 5",)), later.summary
    (True, ('Ann won 5',))
    """

    __slots__ = ("_net", "_summary", "_write")

    def __init__(self, net: tuple[int, ...], summary: tuple[str, ...] = (), *,
                 write: Callable[[], tuple[str, ...]] | None = None) -> None:
        self._net = net
        self._summary = summary
        self._write = write

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's chips won (above zero) or lost."""
        return self._net

    @property
    def summary(self) -> tuple[str, ...]:
        """The hand's summary in words (written now if it was left to ``write``)."""
        write = self._write
        if write is not None:
            self._summary = write()
            self._write = None
        return self._summary

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return (self.net, self.summary) == (other.net, other.summary)

    def __hash__(self) -> int:
        return hash((self.net, self.summary))

    def __repr__(self) -> str:
        return f"HandResult(net={self.net!r}, summary={self.summary!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandResult, (self.net, self.summary))


class Session(ABC):
    """A table of many hands of one game (see the module docstring).

    A subclass says what it is (``title``, ``stakes_text``, ``capabilities``), holds
    the players and their chips, deals and settles each hand, draws the table, tells
    the events and makes bots. The defaults here are those of a table with no house
    bank (``house_net`` 0), no reserve beside the pot, no PHH record, the same snapshot
    for bots as for people, and one game for ever (``rotate``)."""

    @property
    @abstractmethod
    def title(self) -> str:
        """The game's name, for headers and histories ("Texas hold'em")."""

    @property
    @abstractmethod
    def stakes_text(self) -> str:
        """The stakes in words ("no limit, blinds 1/2")."""

    @property
    @abstractmethod
    def capabilities(self) -> Capabilities:
        """What this table does beyond dealing hands (see :class:`Capabilities`)."""

    @property
    @abstractmethod
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""

    @property
    @abstractmethod
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips now (below zero only where ``allows_debt``)."""

    @property
    @abstractmethod
    def chips_held(self) -> int:
        """Chips in the middle: the current hand's pot, or between hands a pot carried
        to the next deal (with any reserve beside it)."""

    @property
    def house_net(self) -> int:
        """What the house has won from the players (a house-banked table)."""
        return 0

    @property
    def reserve(self) -> int:
        """Of ``chips_held``, what is set aside beside the pot (a pot-limit Guts
        reserve)."""
        return 0

    @property
    @abstractmethod
    def dealer(self) -> int | None:
        """The player who deals (or holds the button for) the current or last hand;
        ``None`` where the house deals every hand."""

    @property
    @abstractmethod
    def is_finished(self) -> bool:
        """True when the game can deal no further hand (e.g. Guts game over)."""

    @abstractmethod
    def announce(self) -> str:
        """The game, stakes and every house rule, in words, for before the first deal."""

    @abstractmethod
    def new_hand(self) -> HandState:
        """Start the next hand (deal, round)."""

    @abstractmethod
    def settle(self, state: HandState) -> HandResult:
        """Apply a finished hand to the stacks and the ledger."""

    @abstractmethod
    def snapshot(self, state: HandState, seat: int | None) -> View:
        """The table as ``seat`` (``None``: a spectator) sees it now."""

    def button_of(self, state: HandState, seat: int | None) -> int | None:
        """The button of ``state`` as ``seat`` sees it: its snapshot's, which a table
        may give without drawing the whole snapshot."""
        return self.snapshot(state, seat).button

    def bot_snapshot(self, state: HandState, seat: int,
                     view: object | None = None) -> View:
        """The table as a bot in ``seat`` reads it, from ``view`` (``state.view(seat)``)
        when the caller has it already; a table may leave out what only people read
        (the hand descriptions)."""
        return self.snapshot(state, seat)

    @abstractmethod
    def narrate(self, events: Sequence[Event]) -> list[str]:
        """Lines (history style) for a run of events, already redacted for their reader
        (a run: everything since the last narration, so a deal can be told in one
        line per seat)."""

    @abstractmethod
    def make_bot(self, seat: int, rng: random.Random, level: str) -> Bot:
        """A bot for ``seat`` of the given level (``easy``, ``normal``, ``strong``: see
        :mod:`pokerroom.bots.levels`; a game with one bot plays it at every level),
        drawing any randomness from ``rng``."""

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The finished hand as PHH data (:mod:`pokerroom.history`) with every card and
        the players' names; ``None`` for a game PHH does not write."""
        return None

    def restart(self, stacks: Sequence[int], rng: random.Random, first_dealer: int) -> bool:
        """Set this table up afresh, as the game's factory sets up a new table of the
        same players, stakes and house rules with ``stacks``, ``rng`` and
        ``first_dealer``, keeping what the two would share (the game's config, its
        rankings); ``False``: this table cannot, so the caller makes a new one (the
        default). A learning environment deals every episode this way."""
        return False

    def rotate(self) -> str | None:
        """Before a deal: change to the table's next game if it is time, returning that
        game's announcement; ``None`` while the game stays (always, but at a dealer's
        choice table)."""
        return None


def check_ledger(session: Session, starting: Sequence[int]) -> None:
    """Raise :class:`HistoryError` unless every chip of ``starting`` is in a stack, in
    the middle, or with the house."""
    now = sum(session.stacks) + session.chips_held + session.house_net
    if now != sum(starting):
        raise HistoryError(f"the ledger does not balance: {sum(starting) - now} chip(s) "
                           "unaccounted for")


def net_lines(names: Sequence[str], net: Sequence[int], stacks: Sequence[int]) -> list[str]:
    """A summary line for each seat a hand won or lost chips for.

    >>> net_lines(("Ann", "Bob", "Cleo"), (30, 0, -30), (230, 200, 170))
    ['Ann won 30 (stack 230)', 'Cleo lost 30 (stack 170)']
    """
    return [f"{names[seat]} {'won' if change > 0 else 'lost'} {abs(change)} "
            f"(stack {stacks[seat]})" for seat, change in enumerate(net) if change]
