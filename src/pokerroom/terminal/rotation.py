"""Dealer's choice: the table rotates through the games, stacks carried from one to the next.

Each game is played for a round (an orbit of the button, a few deals, or, in Guts and
Herbie, until the pot is empty), then the next game that seats this many players is
dealt. The new game's house rules are announced before its first deal. A player whose
stack is empty (or, after a home game, in debt) when the game changes buys in again for
the starting stack; :attr:`DealersChoice.buy_ins` counts those chips, so the ledger
still balances: ``sum(stacks) + chips_held + house_net == sum(starting) + buy_ins``.
The table is a :class:`~pokerroom.session.Session` itself, whose :meth:`DealersChoice.rotate`
changes the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.core import Action, Event, HandState
from pokerroom.deck import system_rng
from pokerroom.errors import ConfigError
from pokerroom.game import Game
from pokerroom.games import all_games
from pokerroom.session import Capabilities, HandResult, Session
from pokerroom.tableview import Bot, SeatView, View
from pokerroom.terminal.seating import DEFAULT_SEATS, DEFAULT_STACK, build_session, seat_names

__all__ = ["DealersChoice", "RotatingBot"]

FAMILY_ORDER = ("poker", "home", "casino")
"""Dealer's choice deals the poker games first, then the home games, then the casino."""


class DealersChoice(Session):
    """A table that deals one game after another. Its stacks never run dry for good
    (an empty stack buys in again when the game changes), so it is never finished; it
    carries a pot when one of its games does."""

    def __init__(self, games: Sequence[Game], *, seats: int, name: str, stack: int,
                 rng: random.Random) -> None:
        if not games:
            most = max((g.max_seats for g in all_games()), default=0)
            raise ConfigError(f"no game seats {seats} players: dealer's choice seats 2 to "
                              f"{most} (--seats)")
        self._games = tuple(games)
        self._seats = seats
        self._names = seat_names(name, seats)
        self._stack = stack
        self._rng = rng
        self._index = 0
        self._hands_here = 0
        self._hands_dealt = 0
        self._house_before = 0
        self.buy_ins = 0
        self._capabilities = Capabilities(
            carries_pot=any(game.capabilities.carries_pot for game in self._games))
        self.session = self._open(self._games[0], (stack,) * seats)

    @classmethod
    def create(cls, *, seats: int | None, seed: int | None, name: str,
               stack: int | None) -> DealersChoice:
        """Every registered game that seats ``seats`` players (default five): the poker
        games, the home games, then Three Card Poker, each family in catalog order."""
        count = seats if seats is not None else DEFAULT_SEATS
        order = {family: rank for rank, family in enumerate(FAMILY_ORDER)}
        games = sorted((g for g in all_games() if g.min_seats <= count <= g.max_seats),
                       key=lambda g: order.get(g.family, len(order)))
        rng = random.Random(seed) if seed is not None else system_rng()
        return cls(games, seats=count, name=name, stack=stack or DEFAULT_STACK, rng=rng)

    def _open(self, entry: Game, stacks: Sequence[int]) -> Session:
        self.entry = entry
        return build_session(entry, seats=self._seats, stakes=None, house_rules=(),
                             seed=None, name=self._names[0], stacks=stacks, rng=self._rng)

    def _quota(self) -> int:
        if self.entry.family == "casino":
            return 3
        return self._seats

    # ---------------------------------------------------------------- Session

    @property
    def capabilities(self) -> Capabilities:
        return self._capabilities

    @property
    def title(self) -> str:
        return self.session.title

    @property
    def stakes_text(self) -> str:
        return self.session.stakes_text

    @property
    def players(self) -> tuple[str, ...]:
        return self.session.players

    @property
    def stacks(self) -> tuple[int, ...]:
        return self.session.stacks

    @property
    def chips_held(self) -> int:
        return self.session.chips_held

    @property
    def house_net(self) -> int:
        return self._house_before + self.session.house_net

    @property
    def reserve(self) -> int:
        return self.session.reserve

    @property
    def dealer(self) -> int | None:
        return self.session.dealer

    @property
    def is_finished(self) -> bool:
        return False

    def announce(self) -> str:
        return "Dealer's choice: " + ", ".join(g.title for g in self._games) + \
            ".\n" + self.session.announce()

    def rotate(self) -> str | None:
        """Move to the next game if this one has had its round (and its pot is empty);
        return the new game's announcement, or ``None`` if the game stays."""
        done = self._hands_here >= self._quota() or self.session.is_finished
        if done and self.session.chips_held == 0:
            self._house_before += self.session.house_net
            stacks = list(self.session.stacks)
            for seat, chips in enumerate(stacks):
                if chips <= 0:
                    self.buy_ins += self._stack - chips
                    stacks[seat] = self._stack
            self._index = (self._index + 1) % len(self._games)
            self.session = self._open(self._games[self._index], stacks)
            self._hands_here = 0
            return self.session.announce()
        return None

    def new_hand(self) -> HandState:
        self.rotate()
        self._hands_here += 1
        self._hands_dealt += 1
        return self.session.new_hand()

    def settle(self, state: HandState) -> HandResult:
        return self.session.settle(state)

    def snapshot(self, state: HandState, seat: int | None) -> View:
        """The current game's table, numbered by the hands this table has dealt (as
        the header over each hand is)."""
        return replace(self.session.snapshot(state, seat), hand_no=self._hands_dealt)

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The current game's PHH record of the hand, where it has one."""
        return self.session.phh_record(state)

    def narrate(self, events: Sequence[Event]) -> list[str]:
        return self.session.narrate(events)

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        return RotatingBot(self, seat, rng, level)


class RotatingBot:
    """A bot that plays whichever game the rotation deals, with that game's own bot."""

    def __init__(self, table: DealersChoice, seat: int, rng: random.Random,
                 level: str = DEFAULT_LEVEL) -> None:
        self._table = table
        self._seat = seat
        self._rng = rng
        self._level = level
        self._bots: dict[int, tuple[Session, Bot]] = {}

    @property
    def style(self) -> str:
        return f"each game's own bot ({self._level})"

    def act(self, seat_view: SeatView) -> Action:
        session = self._table.session
        known = self._bots.get(id(session))
        if known is None or known[0] is not session:
            known = (session, session.make_bot(self._seat, self._rng, self._level))
            self._bots = {id(session): known}
        return known[1].act(seat_view)
