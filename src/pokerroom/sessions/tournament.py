"""A tournament table: one poker game dealt hand after hand until one player has every chip.

A :class:`TournamentSession` wraps the game's own table (a
:class:`~pokerroom.sessions.poker.PokerSession`, so the button, the dead button and the
blinds move as the game's rules have them) and adds what a tournament changes:

- **The stakes come from the clock.** Before each deal the table reads the structure's
  clock (:mod:`pokerroom.tournament.clock`; counted in hands unless a wall clock is
  given) and deals at that level's stakes
  (:func:`~pokerroom.sessions.tournament_games.level_config`).
- **The colour-up** is run as its level starts (:mod:`pokerroom.tournament.chiprace`).
- **Rebuys and the add-on** are sold while the structure allows them
  (:meth:`TournamentSession.rebuy`, :meth:`TournamentSession.add_on`).
- **Busted players are out**, in the order of :mod:`pokerroom.tournament.standings`, and
  the last player in wins. :meth:`TournamentSession.standings` gives the places and
  their prizes.
- **Late registration**: a table made with free seats (``seats``) takes new entries
  there (:meth:`TournamentSession.register`) through the structure's
  ``late_registration`` level; each buys the starting stack, and the prize pool and the
  payouts follow the number of entries.

Only the poker engine's games are dealt as tournaments: Guts and Herbie end by their own
rules (stacks may go below zero and there are no blinds), Three Card Poker is banked by
the house, and Hearts Poker's own table keeps one ante and one limit all session
(:func:`~pokerroom.sessions.tournament_games.check_tournament_game`).

>>> import random
>>> from pokerroom.tournament.presets import preset
>>> from pokerroom.games import get_game
>>> table = tournament_table(get_game("holdem"), preset("turbo"), ("Ann", "Bob", "Cleo"),
...                         rng=random.Random(4))
>>> table.stakes_text
'no limit, blinds 25/50'
>>> print(table.clock_line())
level 1: blinds 25/50; 6 hands left; next blinds 50/100 · average stack 5,000 · 3 of 3 \
players left · prize pool 30
>>> tournament_table(get_game("guts3"), preset("turbo"), ("Ann", "Bob"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.TournamentError: game: Guts (three-card) has no tournament: ...
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from pokerroom.catalog import TableSpec
from pokerroom.core import Event, HandState
from pokerroom.engine.ledger import CASHIER
from pokerroom.errors import ConfigError, TournamentError
from pokerroom.figures import readable
from pokerroom.game import Game
from pokerroom.session import Capabilities, HandResult, Session
from pokerroom.sessions.poker import PokerSession
from pokerroom.sessions.tournament_games import check_tournament_game, level_config
from pokerroom.tableview import Bot, View
from pokerroom.tournament.chiprace import RaceResult, race
from pokerroom.tournament.clock import Clock, ClockReading, HandClock
from pokerroom.tournament.standings import Finish, pay, places_for
from pokerroom.tournament.structure import TournamentStructure

__all__ = ["TournamentSession", "check_tournament_game", "level_config", "tournament_table"]


def tournament_table(game: Game, structure: TournamentStructure, players: Sequence[str], *,
                     rng: random.Random | None = None, clock: Clock | None = None,
                     house_rules: Sequence[str] = (), seats: int | None = None
                     ) -> TournamentSession:
    """A tournament of ``game`` for ``players`` (in seat order), each starting with the
    structure's stack; ``house_rules`` as ``pokerroom play`` takes them. With ``seats``
    (more than the players) the table has that many seats, the last ones free for late
    entries (:meth:`TournamentSession.register`)."""
    check_tournament_game(game)
    entry = game
    if not entry.min_seats <= len(players) <= entry.max_seats:
        raise TournamentError("players", f"{entry.title} seats {entry.min_seats} to "
                                         f"{entry.max_seats} players, not {len(players)}")
    if any(not isinstance(name, str) or not name for name in players):
        raise TournamentError("players", "every player needs a name")
    size = len(players) if seats is None else seats
    if isinstance(size, bool) or not isinstance(size, int) \
            or not len(players) <= size <= entry.max_seats:
        raise TournamentError("seats", f"{entry.title} seats {len(players)} to "
                                       f"{entry.max_seats} here, not {size!r}")
    rng = rng if rng is not None else random.Random()
    free = size - len(players)
    spec = TableSpec(players=(*players, *("",) * free),
                     stacks=(structure.starting_stack,) * len(players) + (0,) * free,
                     stakes=entry.default_stakes,
                     house_rules=entry.parse_house_rules(list(house_rules)), rng=rng)
    table = entry.factory(spec)
    assert isinstance(table, PokerSession)
    return TournamentSession(table, structure, clock=clock or HandClock(),
                             rng=random.Random(rng.random()))


class TournamentSession(Session):
    """A tournament at one table (see the module docstring). Seats are numbered from 1
    in every message; the methods take seat indexes (0 for the first seat), as every
    :class:`~pokerroom.session.Session` does."""

    def __init__(self, table: PokerSession, structure: TournamentStructure, *, clock: Clock,
                 rng: random.Random) -> None:
        self.table = table
        self.structure = structure
        self.clock = clock
        self._rng = rng
        self._config = table.config
        for number, level in enumerate(structure.levels, 1):
            level_config(self._config, level, number)   # refuse an unplayable level now
        count = len(table.players)
        self.entered: list[bool] = [bool(name) for name in table.players]
        """Which seats hold an entry (the others are free for late entries)."""
        self.entries = sum(self.entered)
        self.rebuys_taken = [0] * count
        self.add_ons_taken = [False] * count
        self.finishes: dict[int, Finish] = {}
        self.pending: set[int] = set()
        """Seats out of chips that may still rebuy before the next deal."""
        self._batch: dict[int, int] = {}
        self._start: tuple[int, ...] = table.stacks
        self.hands_dealt = 0
        self.level = 0
        """The level of the last hand dealt (0 before the first)."""
        self.race_change = 0
        """The value colour-ups added to the table (below zero: took away)."""
        self.races: list[RaceResult] = []
        self._deal_at(1)

    # ------------------------------------------------------------ what it is

    @property
    def capabilities(self) -> Capabilities:
        return self.table.capabilities

    @property
    def title(self) -> str:
        return self.table.title

    @property
    def stakes_text(self) -> str:
        return self.table.stakes_text

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def stacks(self) -> tuple[int, ...]:
        return self.table.stacks

    @property
    def chips_held(self) -> int:
        return self.table.chips_held

    @property
    def dealer(self) -> int | None:
        return self.table.dealer

    @property
    def start_stacks(self) -> tuple[int, ...]:
        """Each seat's chips as the last hand was dealt (after any colour-up)."""
        return self._start

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats still in the tournament (out of chips but able to rebuy included)."""
        return tuple(s for s in range(len(self.entered)) if self.entered[s]
                     and (s not in self.finishes or self.finishes[s].place == 1))

    @property
    def is_finished(self) -> bool:
        return any(f.place == 1 for f in self.finishes.values())

    # ------------------------------------------------------------ the money

    @property
    def rebuys(self) -> int:
        """Rebuys sold so far."""
        return sum(self.rebuys_taken)

    @property
    def add_ons(self) -> int:
        """Add-ons sold so far."""
        return sum(self.add_ons_taken)

    @property
    def prize_pool(self) -> int:
        return self.structure.prize_pool(self.entries, self.rebuys, self.add_ons)

    @property
    def chips_bought(self) -> int:
        """Chips sold: the starting stacks, the rebuys and the add-ons."""
        s = self.structure
        return (self.entries * s.starting_stack
                + self.rebuys * (s.rebuys.chips if s.rebuys else 0)
                + self.add_ons * (s.add_on.chips if s.add_on else 0))

    def check_chips(self) -> None:
        """Raise unless the chips in play (stacks and the middle) are the chips sold,
        give or take what the colour-ups changed."""
        in_play = sum(self.stacks) + self.chips_held
        if in_play != self.chips_bought + self.race_change:
            raise AssertionError(f"{in_play} chips in play, but {self.chips_bought} were "
                                 f"sold and colour-ups changed {self.race_change}")

    # ------------------------------------------------------------ the clock

    def reading(self) -> ClockReading:
        """The clock for the next hand to be dealt."""
        return self.clock.read(self.structure, self.hands_dealt + 1)

    def clock_line(self) -> str:
        """The clock line: the level, stakes, what is left of it and the next level,
        then the average stack, the players left and the prize pool."""
        left = [s for s in self.alive if self.stacks[s] > 0]
        average = sum(self.stacks) // max(len(left), 1)
        return (f"{self.reading().describe()} · average stack {readable(average)} · "
                f"{len(left)} of {self.entries} players left · prize pool "
                f"{readable(self.prize_pool)}")

    def _deal_at(self, level: int) -> None:
        config = level_config(self._config, self.structure.level(level), level)
        self.table.config = config
        self.table.table.config = config

    # ------------------------------------------------------------ hands

    def announce(self) -> str:
        s = self.structure
        words = [f"Tournament: {s.name}, {self.entries} players, "
                 f"{readable(s.starting_stack)} chips each, buy-in {readable(s.buy_in)}"]
        if s.late_registration and self.free_seats:     # the terminal seats everyone
            free = len(self.free_seats)
            words.append(f"late registration through level {s.late_registration}, "
                         f"{free} seat{'s' if free != 1 else ''} free")
        if s.rebuys is not None:
            words.append(f"rebuys through level {s.rebuys.until_level}: "
                         f"{readable(s.rebuys.chips)} chips for {readable(s.rebuys.price)}, "
                         f"at most {s.rebuys.per_player} each, at or under the starting "
                         "stack")
        if s.add_on is not None:
            words.append(f"one add-on at the end of level {s.add_on_level}: "
                         f"{readable(s.add_on.chips)} chips for {readable(s.add_on.price)}")
        words.append("busted players are out; two out on one hand: the one who started "
                     "it with more chips finishes higher")
        return self.table.announce() + "\n" + "\n".join(words)

    def new_hand(self) -> HandState:
        if self.table.table.hand is not None:
            raise ConfigError("the current hand is not settled yet")
        self.close_rebuys()
        if self.is_finished:
            raise ConfigError("the tournament is over")
        reading = self.reading()
        if reading.on_break:
            raise TournamentError("clock", f"the players are on a break: "
                                           f"{reading.describe()}")
        if reading.level != self.level:
            for number in range(self.level + 1, reading.level + 1):
                if number > 1 and self.structure.colour_up_at(number) is not None:
                    self._colour_up(number)
            self._deal_at(reading.level)
        self.level = reading.level
        self.hands_dealt += 1
        self._start = self.stacks
        return self.table.new_hand()

    def settle(self, state: HandState) -> HandResult:
        result = self.table.settle(state)
        busted = [s for s in self.alive if self.stacks[s] == 0 and s not in self.pending]
        self._batch = {s: self._start[s] for s in busted}
        lines: list[str] = []
        for seat in busted:
            if self.structure.may_rebuy(self.level, 0, self.rebuys_taken[seat]):
                self.pending.add(seat)
                lines.append(f"{self.players[seat]}: out of chips, may rebuy")
        if not self.pending:
            lines.extend(self._eliminate())
        # the table's own words are written only if read (see HandResult)
        return HandResult(result.net, write=lambda: (*result.summary, *lines))

    def _eliminate(self) -> list[str]:
        """Put out the players of the last hand who have no chips and no rebuy."""
        out = {s: chips for s, chips in self._batch.items() if self.stacks[s] == 0}
        self._batch = {}
        left = len(self.alive)
        finishes = places_for(out, players_left=left)
        lines = []
        for finish in finishes:
            self.finishes[finish.seat] = finish
            lines.append(f"{self.players[finish.seat]}: out in {finish.describe()} place")
        still = [s for s in self.alive if self.stacks[s] > 0]
        if len(still) == 1 and not self.pending:
            self.finishes[still[0]] = Finish(still[0], 1, 1)
            lines.append(f"{self.players[still[0]]}: wins the tournament")
        return lines

    # ------------------------------------------------------------ rebuys and add-on

    def _who(self, seat: int) -> str:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TournamentError("seat", f"a seat is a number, not {seat!r}")
        if not 0 <= seat < len(self.entered):
            raise TournamentError("seat", f"there is no seat {seat + 1} (seats 1 to "
                                          f"{len(self.entered)})")
        if not self.entered[seat]:
            raise TournamentError("seat", f"seat {seat + 1} has no entry")
        return f"seat {seat + 1} ({self.players[seat]})"

    def _between_hands(self, what: str, seat: int) -> str:
        who = self._who(seat)
        if self.table.table.hand is not None:
            raise TournamentError(what, f"{who}: not in the middle of a hand")
        if seat in self.finishes:
            raise TournamentError(what, f"{who} is out of the tournament")
        return who

    def may_rebuy(self, seat: int) -> bool:
        """True when ``seat`` may rebuy now (between hands, within the rebuy period of
        the level just played, at or under the starting stack, rebuys left)."""
        return (0 <= seat < len(self.entered) and self.entered[seat]
                and seat not in self.finishes and self.table.table.hand is None
                and self.structure.may_rebuy(max(self.level, 1), self.stacks[seat],
                                             self.rebuys_taken[seat]))

    def rebuy(self, seat: int) -> None:
        """Sell ``seat`` a rebuy; a typed error (and nothing changed) when it may not."""
        who = self._between_hands("rebuy", seat)
        rebuys = self.structure.rebuys
        if rebuys is None:
            raise TournamentError("rebuy", "this tournament has no rebuys")
        if not self.may_rebuy(seat):
            raise TournamentError("rebuy", f"{who} may not rebuy: rebuys are sold through "
                                  f"level {rebuys.until_level}, at most {rebuys.per_player} "
                                  "each, to a stack at or under the starting stack")
        self.table.table.rebuy(seat, rebuys.chips)
        self.rebuys_taken[seat] += 1
        self.pending.discard(seat)
        if not self.pending and self._batch:
            self._eliminate()

    def decline_rebuy(self, seat: int) -> list[str]:
        """``seat``, out of chips, does not rebuy: it is out once nobody else of its hand
        may still rebuy. The lines say who went out."""
        who = self._who(seat)
        if seat not in self.pending:
            raise TournamentError("rebuy", f"{who} has no rebuy to decline")
        self.pending.discard(seat)
        return self._eliminate() if not self.pending else []

    def close_rebuys(self) -> list[str]:
        """Before the next deal: every player still out of chips is out."""
        if not self.pending and not self._batch:
            return []
        self.pending.clear()
        return self._eliminate()

    def add_on_offered(self, seat: int) -> bool:
        """True when ``seat`` may take the add-on now: at the end of the rebuy period
        (after the last hand of its last level), once, with chips."""
        last = self.structure.add_on_level
        return (last is not None and 0 <= seat < len(self.entered) and self.entered[seat]
                and seat not in self.finishes
                and not self.add_ons_taken[seat] and self.stacks[seat] > 0
                and self.table.table.hand is None and not self.is_finished
                and 1 <= self.level <= last < self.reading().level)

    def add_on(self, seat: int) -> None:
        """Sell ``seat`` the add-on; a typed error (and nothing changed) when it may
        not."""
        who = self._between_hands("add_on", seat)
        add_on = self.structure.add_on
        if add_on is None:
            raise TournamentError("add_on", "this tournament has no add-on")
        if not self.add_on_offered(seat):
            raise TournamentError("add_on", f"{who} may not take the add-on: it is sold "
                                  "once each, to a player with chips, after the last hand "
                                  f"of level {self.structure.add_on_level}")
        self.table.table.rebuy(seat, add_on.chips)
        self.add_ons_taken[seat] = True

    # ------------------------------------------------------------ late registration

    @property
    def registration_open(self) -> bool:
        """True while a new player may enter: before the first deal, and afterwards
        until a hand of a level past the structure's ``late_registration`` is dealt
        (:meth:`Structure.may_register` of the level of the last hand dealt)."""
        return not self.is_finished and self.structure.may_register(self.level)

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The seats without an entry, where a late entry may sit."""
        return tuple(s for s, entered in enumerate(self.entered) if not entered)

    def register(self, seat: int, name: str, *, post: bool = False) -> None:
        """A late entry: ``name`` takes the free seat ``seat`` between hands and buys
        the starting stack. The entries, the prize pool and the payouts grow with it, and
        every player already out moves down one place (the new entry finishes above
        them). In a blind game the new player waits for the big blind, or with ``post``
        posts one to be dealt in at once (``supp-new-player``); in a game of antes they
        are dealt in at once. A typed error, and nothing changed, when they may not.

        >>> import random
        >>> from pokerroom.games import get_game
        >>> from pokerroom.tournament.presets import preset
        >>> table = tournament_table(get_game("holdem"), preset("turbo"), ("Ann", "Bob"),
        ...                          seats=3, rng=random.Random(1))
        >>> table.register(2, "Cleo")
        >>> table.entries, table.stacks, table.prize_pool
        (3, (5000, 5000, 5000), 30)
        """
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TournamentError("seat", f"a seat is a number, not {seat!r}")
        if not 0 <= seat < len(self.entered):
            raise TournamentError("seat", f"there is no seat {seat + 1} (seats 1 to "
                                          f"{len(self.entered)})")
        if self.entered[seat]:
            raise TournamentError("seat", f"seat {seat + 1} is taken by "
                                          f"{self.players[seat]}")
        if not isinstance(name, str) or not name.strip():
            raise TournamentError("name", "a new entry needs a name")
        if name in self.players:
            raise TournamentError("name", f"{name} has entered already")
        if self.table.table.hand is not None:
            raise TournamentError("register", "a late entry sits down between hands")
        if not self.registration_open:
            raise TournamentError("register", self.registration_closed())
        self.table.seat_player(seat, name, self.structure.starting_stack, post=post)
        self.entered[seat] = True
        self.entries += 1
        self.finishes = {s: replace(f, place=f.place + 1, last_place=f.last_place + 1)
                         for s, f in self.finishes.items()}

    def registration_closed(self) -> str:
        """Why no one may enter now, in words."""
        if self.is_finished:
            return "the tournament is over"
        last = self.structure.late_registration
        if last == 0:
            return "late registration is over: this tournament takes no entries after " \
                   "the first deal"
        return (f"late registration is over: entries were taken through level {last}, "
                f"and level {self.level} has been dealt")

    # ------------------------------------------------------------ colour-up

    def _colour_up(self, level: int) -> None:
        """Race off the smallest chip as ``level`` starts. Amounts below that chip
        (bets and split pots are counted in single units) are first rounded to the
        nearest chip, half up, and never to nothing."""
        due = self.structure.colour_up_at(level)
        assert due is not None
        chip, larger = due.chip, self.structure.chips_in_play(level)[0]
        seats = [s for s in self.alive if self.stacks[s] > 0]
        before = [self.stacks[s] for s in seats]
        rounded = [max(b - b % chip + (chip if 2 * (b % chip) >= chip else 0), chip)
                   for b in before]
        result = race(rounded, chip, larger, self._rng)
        self.races.append(result)
        ledger = self.table.table.ledger
        deal = self.table.table.hands_played
        for seat, old, new in zip(seats, before, result.stacks, strict=True):
            if new > old:
                ledger.transfer(CASHIER, seat, new - old, "chip race", deal)
            elif old > new:
                ledger.transfer(seat, CASHIER, old - new, "chip race", deal)
        self.race_change += sum(result.stacks) - sum(before)

    # ------------------------------------------------------------ the end

    def standings(self) -> list[tuple[Finish, int]]:
        """Each finish so far, best place first, with its prize."""
        prizes = self.structure.prizes(self.entries, self.rebuys, self.add_ons)
        paid = pay(self.finishes.values(), prizes)
        ordered = sorted(self.finishes.values(), key=lambda f: (f.place, f.seat))
        return [(f, paid.get(f.seat, 0)) for f in ordered]

    # ------------------------------------------------------------ delegated

    def snapshot(self, state: HandState, seat: int | None) -> View:
        return self.table.snapshot(state, seat)

    def bot_snapshot(self, state: HandState, seat: int, view: object | None = None) -> View:
        return self.table.bot_snapshot(state, seat, view)

    def narrate(self, events: Sequence[Event]) -> list[str]:
        return self.table.narrate(events)

    def make_bot(self, seat: int, rng: random.Random, level: str) -> Bot:
        return self.table.make_bot(seat, rng, level)

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The hand's PHH record, with the tournament: its name as the ``event``, the
        ``level`` the hand was dealt at and the buy-in (``_buy_in``: price and fee), which
        the PokerStars layout writes in a tournament header
        (:func:`pokerroom.history.pokerstars.phh_to_pokerstars`)."""
        data = self.table.phh_record(state)
        if data is not None:
            data.update({"event": f"pokerroom tournament {self.structure.name}",
                         "level": max(self.level, 1), "_buy_in": [self.structure.buy_in, 0]})
        return data
