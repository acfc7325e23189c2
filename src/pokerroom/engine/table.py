"""A table: hand after hand with the same seats, stacks carried over, players joining and
leaving, the button and blinds moving per SUPPLEMENT §2, missed blinds, kill pots,
jacks-or-better re-antes, and the bar on a player all in for the ante who declared the
pot open without openers (``jacks-5``): not dealt in, even after a rebuy, until a pot
has been legally opened and won. The chips are kept in the table's
:class:`~pokerroom.engine.ledger.Ledger`: a player buys in from the cashier, each hand's
own ledger is taken in when it is over (its bets to the pot, its awards out of it), and a
pot carried to the next deal stays there.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=4,
...               rng=random.Random(1))
>>> for seat in range(3):
...     table.join(seat, f"p{seat}", 100)
>>> hand = table.next_hand()
>>> table.button, hand.blind_seats
(0, (1, 2))
>>> from pokerroom.core import Fold
>>> while not hand.is_over:
...     if hand.actors == (-1,):
...         _ = hand.advance()
...     else:
...         _ = hand.apply(Fold(hand.actors[0]))
>>> table.finish(hand)
>>> table.stacks, table.ledger.holding(POT)
((100, 99, 101, 0), 0)
>>> table.ledger.check()
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import takewhile
from typing import Any, Final

from pokerroom.cards import Card
from pokerroom.engine.config import ButtonMode, GameConfig, KillMode, Stakes
from pokerroom.engine.events import ForcedBet
from pokerroom.engine.extras import (
    BOMB_POT,
    NO_EXTRAS,
    STRADDLE,
    StraddleRule,
    bomb_words,
    plan_extras,
    straddle_words,
    supports_extras,
)
from pokerroom.engine.ledger import CASHIER, POT, Ledger
from pokerroom.engine.rounds import SHORT_BLIND_TAKEN
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import Forced
from pokerroom.errors import ConfigError, IllegalActionError

__all__ = ["MISSED_BLIND_KILL", "NEW_PLAYER_KILL", "SeatState", "Table"]

NEW_PLAYER_KILL = "kill (new player)"
"""The kind of the blind a new lowball player posts to play at once (``lowball-3b``)."""
MISSED_BLIND_KILL = "kill (missed blind)"
"""The kind of the blind a lowball player the big blind passed posts to be dealt in
before it comes round again (``lowball-7``)."""


@dataclass
class SeatState:
    """One seat at the table (its chips are in the table's ledger)."""

    name: str
    waiting_for_big_blind: bool = False
    wants_to_post: bool = False
    sitting_out: bool = False
    missed_big: bool = False
    missed_small: bool = False
    owes_blind: bool = False
    """``lowball-4``: posted less than half the single blind; takes the blind on the next
    deal it plays (or waits for the big blind, :meth:`Table.wait_for_blind`)."""
    took_big_blind: bool = False
    took_small_blind: bool = False
    """The blinds the player has taken in turn since sitting down at this seat: with both,
    a lowball player who changes seats is dealt in at once (``lowball-7``)."""
    barred: bool = False
    """``jacks-5``: all in for the ante, declared the pot open without openers; "may not
    continue to play on any subsequent deals until a winner is determined. Even if you
    buy in again, you must wait until the pot has been legally opened and someone else
    has won it". Cleared when a deal ends with a pot legally opened and won."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles are made field by field (the compiled build makes no
        instance without running ``__init__``).

        >>> import copy
        >>> copy.deepcopy(SeatState("Ann", barred=True)) == SeatState("Ann", barred=True)
        True
        """
        return (SeatState, (self.name, self.waiting_for_big_blind, self.wants_to_post,
                            self.sitting_out, self.missed_big, self.missed_small,
                            self.owes_blind, self.took_big_blind, self.took_small_blind,
                            self.barred))


class Table:
    """Runs hands of one game at one table. Call :meth:`next_hand`, play it to the end,
    then :meth:`finish` (or let :meth:`next_hand` settle the last hand)."""

    def __init__(self, config: GameConfig, seats: int, *,
                 rng: random.Random | None = None) -> None:
        if not 2 <= seats <= config.variant.max_players:
            raise ConfigError(f"{config.variant.title} seats 2 to "
                              f"{config.variant.max_players} players")
        self.config = config
        self.size = seats
        self.rng = rng if rng is not None else random.Random()
        self.seats: list[SeatState | None] = [None] * seats
        self.button = -1
        self.big_blind_seat = -1
        self.small_blind_seat: int | None = None
        self.ledger = Ledger(seats)
        self.unopened_deals = 0
        self.hand: PokerHand | None = None
        self.hands_played = 0
        self.last_winner: int | None = None
        self.win_streak = 0
        self.kill_next: int | None = None
        self.straddle_rule = StraddleRule.OFF
        self.straddle_wishes: frozenset[int] = frozenset()
        """The seats whose player straddles when it is their turn (:meth:`allow_extras`)."""
        self.bomb_ante = self.bomb_every = 0
        self.bomb_next = False
        """Whether the next deal is a bomb pot of :attr:`bomb_ante` from every player."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles carry every attribute onto a new table of the same game and
        seats (the compiled build makes no instance without running ``__init__``).

        >>> import copy, pickle
        >>> from pokerroom.engine import GameConfig
        >>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=3,
        ...               rng=random.Random(4))
        >>> table.join(0, "Ann", 50)
        >>> table.join(1, "Bob", 60)
        >>> twin = copy.deepcopy(table)
        >>> twin.join(2, "Cleo", 70)
        >>> twin.stacks, table.stacks, pickle.loads(pickle.dumps(table)).seats[1].name
        ((50, 60, 70), (50, 60, 0), 'Bob')
        """
        return (Table, (self.config, self.size), {name: getattr(self, name)
                                                  for name in _TABLE_ATTRIBUTES})

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def restart(self, names: Sequence[str], stacks: Sequence[int],
                rng: random.Random | None, button: int) -> None:
        """Set the table up afresh: the same as a new table of its game and seats
        (``Table(config, seats, rng=rng)``, extras off), each seat with a name or chips
        joined by ``names[seat]`` with ``stacks[seat]`` (:meth:`join`), the button then
        at ``button``. A seat's state is kept, as a new one, where its player is the
        same (a learning environment sets its table up every hand).

        >>> from pokerroom.engine import GameConfig
        >>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=3,
        ...               rng=random.Random(4))
        >>> for seat, name in enumerate(("Ann", "Bob", "Cleo")):
        ...     table.join(seat, name, 50)
        >>> _ = table.next_hand()
        >>> table.restart(("Ann", "Dan", ""), (40, 60, 0), random.Random(4), 1)
        >>> table.stacks, table.seats[1].name, table.seats[2], table.hand, table.button
        ((40, 60, 0), 'Dan', None, None, 1)
        """
        size = self.size
        if len(names) != size or len(stacks) != size:
            raise ConfigError(f"give {size} names and {size} stacks")
        old = self.seats
        # every attribute as __init__ sets it (see _TABLE_ATTRIBUTES)
        self.rng = rng if rng is not None else random.Random()
        self.seats = [None] * size
        self.button = -1
        self.big_blind_seat = -1
        self.small_blind_seat = None
        self.ledger = Ledger(size)
        self.unopened_deals = 0
        self.hand = None
        self.hands_played = 0
        self.last_winner = None
        self.win_streak = 0
        self.kill_next = None
        self.straddle_rule = StraddleRule.OFF
        self.straddle_wishes = frozenset()
        self.bomb_ante = self.bomb_every = 0
        self.bomb_next = False
        for seat in range(size):
            name = names[seat]
            chips = stacks[seat]
            if not name and not chips:          # a nameless seat without chips: empty
                continue
            state = old[seat]
            if state is None or state.name != name or chips <= 0:
                self.join(seat, name, chips)    # (which refuses a seat without chips)
                continue
            # join, the seat's state made new in place (at a new table nobody waits or posts)
            state.waiting_for_big_blind = state.wants_to_post = state.sitting_out = False
            state.missed_big = state.missed_small = state.owes_blind = False
            state.took_big_blind = state.took_small_blind = state.barred = False
            self.seats[seat] = state
            self.ledger.transfer(CASHIER, seat, chips, f"{name} sits down", 0)
        self.button = button

    def allow_extras(self, straddle: StraddleRule = StraddleRule.OFF, bomb_ante: int = 0,
                     bomb_every: int = 0) -> None:
        """Allow straddles and bomb pots (:mod:`pokerroom.engine.extras`): who may
        straddle, each player's bomb-pot post and how often the host deals one (0: when
        called), for the announcement. A game without blinds and a board refuses them.

        >>> from pokerroom.engine import GameConfig
        >>> table = Table(GameConfig.of("stud", ante=1, bring_in=2), seats=4)
        >>> table.allow_extras(StraddleRule.UNDER_THE_GUN)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokerroom.errors.ConfigError: Seven-card stud has no straddles or bomb pots: ...
        """
        wanted = straddle is not StraddleRule.OFF or bomb_ante > 0
        if wanted and not supports_extras(self.config.variant):
            raise ConfigError(f"{self.config.variant.title} has no straddles or bomb pots: "
                              "they are played in hold'em and Omaha")
        if bomb_ante < 0 or bomb_every < 0:
            raise ConfigError("a bomb pot's post and how often one is dealt are never "
                              "negative")
        self.straddle_rule, self.bomb_ante, self.bomb_every = straddle, bomb_ante, bomb_every

    # ------------------------------------------------------------------ seats

    def announce(self) -> str:
        """The game and house rules in words, before the first deal (``supp-announce``)."""
        lines = [self.config.announce()]
        if self.config.variant.forced is Forced.BLINDS:
            lines.append("a new player waits for the big blind or posts one to play at "
                         "once" + (" (in lowball: kills the pot for twice the big blind, "
                                   "and that deal is played at doubled limits)"
                                   if self._lowball else ""))
            if self._lowball and len(self.config.stakes.blinds) > 1:
                lines.append("a player the big blind passed waits for it or kills the pot "
                             "to be dealt in (" + self._missed_kill_words() + ")")
        if self.straddle_rule is not StraddleRule.OFF:
            lines.append(straddle_words(self.straddle_rule, max(self.config.stakes.blinds)))
        if self.bomb_ante:
            lines.append(bomb_words(self.bomb_ante, self.bomb_every))
        return "\n".join(lines)

    @property
    def _lowball(self) -> bool:
        return self.config.variant.low in ("lowball-a5", "lowball-27")

    def join(self, seat: int, name: str, stack: int, *, post: bool = False) -> None:
        """Seat a new player. In blind games they wait for the big blind unless ``post``
        (``supp-new-player``, ``lowball-3a``, ``lowball-3b``)."""
        if not 0 <= seat < self.size:
            raise IllegalActionError(f"no seat {seat}")
        if self.seats[seat] is not None:
            raise IllegalActionError(f"seat {seat} is taken")
        if stack <= 0:
            raise IllegalActionError("a player needs chips to sit down")
        blinds = self.config.variant.forced is Forced.BLINDS
        started = (self.hands_played > 0 or self.hand is not None) and blinds
        # positional: the compiled class takes keywords through a slower call
        self.seats[seat] = SeatState(name, started and not post, started and post)
        self.ledger.transfer(CASHIER, seat, stack, f"{name} sits down", self.hands_played)

    def leave(self, seat: int) -> int:
        """The player leaves; returns their chips (not in the middle of their hand; a hand
        just over is settled first, so they take what it gave them)."""
        state = self._seat(seat)
        self._settle_between_hands(seat)
        self.seats[seat] = None
        chips = self.ledger.holding(seat)
        self.ledger.transfer(seat, CASHIER, chips, f"{state.name} leaves", self.hands_played)
        return chips

    def sit_out(self, seat: int) -> None:
        """The player misses the next hands (blinds passing them are missed)."""
        self._seat(seat).sitting_out = True

    def sit_in(self, seat: int, *, post: bool = False) -> None:
        """Back from sitting out: post the missed blinds (the small one dead) or wait for
        the big blind (``supp-new-player``). In lowball with several blinds the choice is
        to wait for the big blind or, with ``post``, to kill the pot (``lowball-7``): a
        kill of the table's kind (a half kill at a half-kill table, else a full kill of
        twice the big blind), which plays that deal at the kill's limits."""
        state = self._seat(seat)
        missed = state.missed_big or state.missed_small
        if post and missed and len(self.config.stakes.blinds) == 1:
            raise IllegalActionError("in a single-blind game a player who missed the "
                                     "blind is dealt in only on the blind (lowball-6)")
        state.sitting_out = False
        if missed and post:
            state.wants_to_post = True
        elif missed:
            state.waiting_for_big_blind = True

    def change_seat(self, seat: int, new_seat: int, *, post: bool = False) -> None:
        """Move a player and their chips to an empty seat, between hands.

        In blind games the player is then a new player at the new seat: they wait for
        the big blind there, or with ``post`` post one to play at once (in lowball, a
        kill), with any blinds they had missed (``supp-new-player``). In lowball with
        several blinds a player who has taken all their blinds at the old seat is dealt
        in at once, the button passing them once without penalty (``lowball-7``). In ante
        games the player plays on from the new seat.

        >>> from pokerroom.engine import GameConfig
        >>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=6,
        ...               rng=random.Random(2))
        >>> for seat in range(3):
        ...     table.join(seat, f"p{seat}", 100)
        >>> table.change_seat(2, 4)
        >>> table.stacks, table.seats[4].name
        ((100, 100, 0, 0, 100, 0), 'p2')
        >>> table.change_seat(4, 0)
        Traceback (most recent call last):
        ...
        pokerroom.errors.IllegalActionError: seat 0 is taken
        """
        state = self._seat(seat)
        if not 0 <= new_seat < self.size:
            raise IllegalActionError(f"no seat {new_seat}")
        if self.seats[new_seat] is not None:
            raise IllegalActionError(f"seat {new_seat} is taken")
        if self.hand is not None and not self.hand.is_over:
            raise IllegalActionError("players change seats between hands: finish this "
                                     "hand first")
        self._settle_between_hands(seat)
        blinds = self.config.variant.forced is Forced.BLINDS
        started = self.hands_played > 0 and blinds
        took_all = state.took_big_blind and state.took_small_blind
        missed = state.missed_big or state.missed_small
        if started and not (self._moves_freely and took_all and not missed):
            state.waiting_for_big_blind = not post and not state.wants_to_post
            state.wants_to_post = post or state.wants_to_post
        state.took_big_blind = state.took_small_blind = False
        chips = self.ledger.holding(seat)
        self.seats[seat], self.seats[new_seat] = None, state
        self.ledger.transfer(seat, new_seat, chips,
                             f"{state.name} moves from seat {seat} to seat {new_seat}",
                             self.hands_played)
        if self.kill_next == seat:
            self.kill_next = new_seat
        if self.last_winner == seat:
            self.last_winner = new_seat

    def seat_change_words(self) -> str:
        """What a seat change costs at this table, in words, for the faces that offer one.

        >>> from pokerroom.engine import GameConfig
        >>> Table(GameConfig.of("stud", ante=1, bring_in=2), seats=4).seat_change_words()
        'a player who changes seats plays on from the new seat'
        >>> lowball = Table(GameConfig.of("lowball-a5", blinds=(1, 2)), seats=4)
        >>> lowball.seat_change_words().split(", ")
        ['a player who changes seats waits for the big blind at the new seat or posts one', \
'unless they have taken both blinds: then they are dealt in at once (the button may pass \
them once)']
        """
        if self.config.variant.forced is not Forced.BLINDS:
            return "a player who changes seats plays on from the new seat"
        return ("a player who changes seats waits for the big blind at the new seat or "
                "posts one" + (", unless they have taken both blinds: then they are dealt "
                               "in at once (the button may pass them once)"
                               if self._moves_freely else ""))

    @property
    def _moves_freely(self) -> bool:
        """``lowball-7``: lowball with several blinds, where a player who has taken all
        their blinds is dealt in at once at a new seat."""
        return self._lowball and len(self.config.stakes.blinds) > 1

    def rebuy(self, seat: int, chips: int) -> None:
        """Add chips to a seat between hands (a player who went broke buys in again)."""
        state = self._seat(seat)
        if not isinstance(chips, int) or chips <= 0:
            raise IllegalActionError("a rebuy is a positive number of chips")
        self._settle_between_hands(seat)
        self.ledger.transfer(CASHIER, seat, chips, f"{state.name} rebuys", self.hands_played)

    def wait_for_blind(self, seat: int) -> None:
        """``lowball-4``: a player who owes the blind sits out until due for the big blind
        instead of taking it on the next deal."""
        state = self._seat(seat)
        if not state.owes_blind:
            raise IllegalActionError(f"seat {seat} owes no blind")
        state.owes_blind = False
        state.waiting_for_big_blind = True

    def _settle_between_hands(self, seat: int) -> None:
        """Refuse a change to a seat in the middle of its hand; settle a hand just over."""
        if self.hand is not None and not self.hand.is_over and self.hand.in_hand[seat]:
            raise IllegalActionError(f"seat {seat} is in a hand: finish it first")
        if self.hand is not None and self.hand.is_over:
            self.finish(self.hand)

    def _seat(self, seat: int) -> SeatState:
        state = self.seats[seat] if 0 <= seat < self.size else None
        if state is None:
            raise IllegalActionError(f"seat {seat} is empty")
        return state

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips (0 for an empty seat)."""
        return self.ledger.seats(self.size)

    @property
    def carried(self) -> int:
        """The pot carried to the next deal (an unopened jacks-or-better pot)."""
        return self.ledger.holding(POT)

    # ------------------------------------------------------------------ hands

    @property
    def barred(self) -> tuple[int, ...]:
        """The seats barred from play (``jacks-5``, :attr:`SeatState.barred`)."""
        return tuple([s for s, state in enumerate(self.seats) if state is not None and
                      state.barred])

    def _playing(self, seat: int) -> SeatState | None:
        """The seat's state if a player with chips sits there and plays, else ``None``
        (a seat barred by ``jacks-5`` does not play)."""
        state = self.seats[seat]
        if state is None or self.ledger.holding(seat) <= 0 or state.sitting_out or \
                state.barred:
            return None
        return state

    def _around(self, start: int, step: int = 1) -> list[int]:
        """Every seat in turn from the next after ``start`` (``step`` -1: the one before
        it) round to ``start`` itself."""
        return [(start + step * i) % self.size for i in range(1, self.size + 1)]

    def _next_occupied(self, start: int, *, include_waiting: bool = True) -> int:
        """The first seat after ``start`` (round to ``start`` itself) whose player plays,
        leaving out one waiting for the big blind unless ``include_waiting`` (-1: none).
        (A loop, not :meth:`_around`: every deal asks several times.)"""
        size = self.size
        for i in range(1, size + 1):
            seat = (start + i) % size
            state = self._playing(seat)
            if state is not None and (include_waiting or not state.waiting_for_big_blind):
                return seat
        return -1

    def next_hand(self, *, deck: Sequence[Card] | None = None) -> PokerHand:
        """Settle the previous hand if needed and start the next one. ``deck`` gives the
        cards for this hand, top first (a stacked deck, or cards named as a dealer deals
        them); by default they come from the table's shuffle."""
        if self.hand is not None and not self.hand.is_over:
            raise IllegalActionError("the current hand is not over")
        if self.hand is not None:
            self.finish(self.hand)
        active = [s for s in range(self.size) if self._playing(s) is not None]
        if len(active) < 2:
            raise IllegalActionError("the table needs two players with chips")
        blinds = self.config.variant.forced is Forced.BLINDS
        hand = (self._blind_hand if blinds else self._ante_hand)(active, deck)
        self.hand = hand
        return hand

    def _ante_hand(self, active: list[int], deck: Sequence[Card] | None) -> PokerHand:
        self.button = self._next_occupied(self.button)
        # jacks-1: an unopened pot carried over is anted again up to the ante limit
        carried = self.config.variant.openers_required and self.carried
        antes = not carried or self.unopened_deals < self.config.rules.ante_limit
        seated = [s in active for s in range(self.size)]
        # config.new_hand, called straight (see _blind_hand_on)
        return PokerHand(self.config, list(self.stacks), self.button, self.rng, deck,
                         self.carried, seated, None, (), antes)

    def _owed_blind(self, active: list[int]) -> int | None:
        """The seat that owes the single blind (``lowball-4``) and is dealt in now."""
        for s in active:
            state = self.seats[s]
            if state is not None and state.owes_blind:
                state.owes_blind = False
                return s
        return None

    def _previous_occupied(self, seat: int) -> int:
        return next((s for s in self._around(seat, -1) if self.seats[s] is not None), seat)

    def _blind_hand(self, active: list[int], deck: Sequence[Card] | None) -> PokerHand:
        owed = self._owed_blind(active) if len(self.config.stakes.blinds) == 1 else None
        if owed is None:
            return self._blind_hand_on(active, *self._rotate_blinds(active), deck)
        # lowball-4: an extra deal with the blind on the player who owes it; the button
        # stays put and the rotation carries on afterwards where it was
        kept = (self.button, self.big_blind_seat, self.small_blind_seat)
        self.button = self._previous_occupied(owed)
        hand = self._blind_hand_on(active, owed, -1, deck)
        self.button, self.big_blind_seat, self.small_blind_seat = kept
        return hand

    def _rotate_blinds(self, active: list[int]) -> tuple[int, int]:
        """Move the button and blinds on for the next deal: ``(big, small)`` seats."""
        previous_big = self.big_blind_seat
        if previous_big < 0 or self.config.rules.button is ButtonMode.MOVING:
            self.button = self._next_occupied(self.button, include_waiting=False)
            small = self._next_occupied(self.button, include_waiting=False)
            big = self._next_occupied(small)
            if self._count_dealt(active, big) == 2:        # heads-up: button posts small
                small, big = self.button, self._next_occupied(self.button)
        else:
            # dead button: the big blind moves one player on; the small blind and the
            # button follow it, even onto empty seats
            big = self._next_occupied(previous_big)
            self.button = self.small_blind_seat if self.small_blind_seat is not None \
                else (previous_big - 1) % self.size
            small = previous_big if self._playing(previous_big) is not None else -1
            if self._count_dealt(active, big) == 2:
                other = next(s for s in active if s != big and not
                             self.seats[s].waiting_for_big_blind)  # type: ignore[union-attr]
                small, self.button = other, other
        self._mark_missed(big)
        self.big_blind_seat, self.small_blind_seat = big, (small if small >= 0 else None)
        return big, small

    def _blind_hand_on(self, active: list[int], big: int, small: int,
                       deck: Sequence[Card] | None = None) -> PokerHand:
        """Deal a hand with the big (or single) blind on ``big`` and the small blind on
        ``small`` (-1: none)."""
        dealt = []
        posts: list[tuple[int, int, bool, str]] = []
        stakes = self.config.stakes
        big_amount = max(stakes.blinds)
        killer = self.kill_next if self.kill_next in active else None
        # the kill's size in half big blinds (0: no kill)
        factor2 = 0 if killer is None else 4 if self.config.rules.kill is KillMode.FULL else 3
        for s in active:
            state = self.seats[s]
            assert state is not None
            if s == big:
                state.waiting_for_big_blind = False
                state.missed_big = state.missed_small = False
            if state.waiting_for_big_blind:
                continue
            if state.wants_to_post and s not in (big, small):
                if self._lowball:
                    if killer is not None:
                        continue    # one kill per deal (supp-kill): wait for the next one
                    # lowball-3b: a new player kills the pot for twice the big blind, a
                    # full kill: this deal is played at doubled limits (supp-kill);
                    # lowball-7: one the big blind passed kills it as the table kills
                    missed = state.missed_big or state.missed_small
                    killer, factor2 = s, self._missed_kill_factor2() if missed else 4
                    posts.append((s, big_amount * factor2 // 2, True,
                                  MISSED_BLIND_KILL if missed else NEW_PLAYER_KILL))
                else:
                    posts.append((s, big_amount, True, "big blind (posted)"))
                    if state.missed_small:
                        posts.append((s, min(stakes.blinds), False, "missed small blind"))
            state.wants_to_post = False
            state.missed_big = state.missed_small = False
            dealt.append(s)
        seated = [s in dealt for s in range(self.size)]
        blind_seats: list[int | None] = [None] * len(stakes.blinds)
        blind_seats[-1] = big
        if len(stakes.blinds) > 1:
            blind_seats[-2] = small if small >= 0 and seated[small] else None
            cursor = small if small >= 0 else big
            for i in range(len(stakes.blinds) - 3, -1, -1):
                cursor = (cursor - 1) % self.size
                blind_seats[i] = cursor if seated[cursor] else None
        self._track_blinds_taken(blind_seats)
        config = self.config
        if factor2:
            config = replace(config, stakes=_scaled(stakes, factor2))
        if killer is not None and killer == self.kill_next:
            posts.append((killer, big_amount * factor2 // 2, True, "kill"))
        self.kill_next = None
        bomb = self.bomb_ante if self.bomb_next else 0     # (plan_extras' answer, uncalled)
        extras = NO_EXTRAS if bomb <= 0 and self.straddle_rule is StraddleRule.OFF else \
            plan_extras(self.straddle_rule, self.straddle_wishes, bomb, seated=seated,
                        button=self.button, big_blind_seat=big, big_blind=big_amount,
                        stacks=self.stacks, posted=[*blind_seats, *(p[0] for p in posts)]
                        if posts else blind_seats)
        self.bomb_next = False
        if extras.bomb_ante:            # every player posts it; no blinds, no other post
            blind_seats = [None] * len(blind_seats)
            posts = [(s, extras.bomb_ante, True, BOMB_POT)
                     for s in self._around(self.button) if seated[s]]
        elif extras.straddle is not None:
            posts.append((extras.straddle, 2 * big_amount, True, STRADDLE))
        # config.new_hand, called straight (compiled: no Python call, no keywords)
        return PokerHand(config, list(self.stacks), self.button, self.rng, deck,
                         self.carried, seated, blind_seats, posts, True)

    def _track_blinds_taken(self, blind_seats: Sequence[int | None]) -> None:
        """Note the big and small blinds each seat takes in turn (``lowball-7``)."""
        for position, blind_seat in enumerate(blind_seats):
            state = self.seats[blind_seat] if blind_seat is not None else None
            if state is None:
                continue
            if position == len(blind_seats) - 1:
                state.took_big_blind = True
            else:
                state.took_small_blind = True

    def _missed_kill_factor2(self) -> int:
        """``lowball-7``'s kill in half big blinds: the table's kind of kill (Section 13:
        a half kill is 1.5 times the big blind, a full kill twice), a full kill at a
        table without kill pots."""
        return 3 if self.config.rules.kill is KillMode.HALF else 4

    def _missed_kill_words(self) -> str:
        """``lowball-7``'s kill in words, for the announcement."""
        if self._missed_kill_factor2() == 3:
            return "a half kill of 1.5 times the big blind, at 1.5 times the limits"
        return "a full kill of twice the big blind, at doubled limits"

    def _count_dealt(self, active: list[int], big: int) -> int:
        return sum(1 for s in active if s == big or (
            (state := self.seats[s]) is not None and not state.waiting_for_big_blind))

    def _mark_missed(self, big: int) -> None:
        """Seats sitting out that the blinds pass miss them (``supp-new-player``)."""
        if self.big_blind_seat < 0:
            return
        for s in takewhile(lambda s: s != big, self._around(self.big_blind_seat)):
            state = self.seats[s]
            if state is not None and state.sitting_out:
                state.missed_big = state.missed_small = True

    def finish(self, hand: PokerHand) -> None:
        """Take a finished hand's chips into the table's ledger: every chip each seat put
        in the pot and each won from it, any pot carried to the next deal left in it."""
        if not hand.is_over or hand.result is None:
            raise IllegalActionError("the hand is not over")
        if hand is not self.hand:
            return
        self.ledger.absorb(hand.chips, self.hands_played + 1, hand.opening)
        if self.carried != hand.result.carried:
            raise AssertionError("a hand's chips do not add up at the table")
        self._track_short_blind(hand)
        self._track_false_declarations(hand)
        self.unopened_deals = self.unopened_deals + 1 if self.carried else 0
        self._track_kill(hand)
        self.hands_played += 1
        self.hand = None

    def _track_short_blind(self, hand: PokerHand) -> None:
        """lowball-4: a single blind short of half a blind was taken by the next player;
        the short player owes the blind (it applies once they have chips again)."""
        if len(hand.blind_seats) != 1 or hand.blind_seats[0] is None:
            return
        if any(type(e) is ForcedBet and e.kind == SHORT_BLIND_TAKEN for e in hand.log):
            state = self.seats[hand.blind_seats[0]]
            if state is not None:
                state.owes_blind = True

    def _track_false_declarations(self, hand: PokerHand) -> None:
        """``jacks-5``: a player all in for the ante who declared the pot open without
        openers is barred; every bar ends once a deal ends with the pot legally opened
        (every opener the engine makes holds openers) and won."""
        for seat in hand.false_declarers:
            state = self.seats[seat]
            if state is not None:
                state.barred = True
        result = hand.result
        assert result is not None
        if hand.opener_seat >= 0 and result.awards and not result.carried:
            for state in self.seats:
                if state is not None:
                    state.barred = False

    def _track_kill(self, hand: PokerHand) -> None:
        """supp-kill: two pots in a row (the second at least a full bet), or a hi-lo scoop
        of five times the upper limit, make the winner kill the next pot.

        A scoop is the whole pot to one player: won uncontested, taken whole by the high
        hand when no low qualifies, or won both ways at the showdown (the high half and
        the low half to the same player)."""
        rules = self.config.rules
        assert hand.result is not None
        winners = {a.seat for a in hand.result.awards}
        if rules.kill is KillMode.NONE or not rules.kill_required:
            return
        pot = sum(a.amount for a in hand.result.awards)
        big_bet = hand.config.stakes.big_bet        # the limit that hand was played at
        if self.config.variant.is_split:
            if len(winners) == 1 and pot >= 5 * big_bet:
                self.kill_next = winners.pop()
            return
        if len(winners) == 1:
            winner = next(iter(winners))
            self.win_streak = self.win_streak + 1 if winner == self.last_winner else 1
            self.last_winner = winner
            if self.win_streak >= 2 and pot >= big_bet:
                self.kill_next = winner
                self.win_streak = 0
        else:
            self.last_winner, self.win_streak = None, 0


_TABLE_ATTRIBUTES: Final = (
    "rng", "seats", "button", "big_blind_seat", "small_blind_seat", "ledger",
    "unopened_deals", "hand", "hands_played", "last_winner", "win_streak", "kill_next",
    "straddle_rule", "straddle_wishes", "bomb_ante", "bomb_every", "bomb_next")
"""What a copy of a :class:`Table` takes over beyond its config and size (every
attribute :meth:`Table.__init__` sets)."""


def _scaled(stakes: Stakes, factor2: int) -> Stakes:
    """Stakes times ``factor2 / 2`` (a full kill doubles, a half kill 1.5x)."""
    return replace(stakes, small_bet=stakes.small_bet * factor2 // 2,
                   big_bet=stakes.big_bet * factor2 // 2)
