"""A table's seats: players joining and leaving, sitting out and in, changing seats and
buying in again between hands, each seat's state (:class:`SeatState`: waiting for the
big blind, missed and owed blinds, the ``jacks-5`` bar) and which seats play.
:class:`SeatsMixin` is the base of :class:`~pokerroom.engine.table.Table`, which deals
the hands.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> from pokerroom.engine.table import Table
>>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=3,
...               rng=random.Random(3))
>>> table.join(0, "Ann", 50)
>>> table.join(1, "Bob", 60)
>>> hand = table.next_hand()
>>> table.join(2, "Cleo", 70)                # a new player waits for the big blind
>>> table.seats[2].waiting_for_big_blind, table.stacks
(True, (50, 60, 70))
>>> table.leave(2)
70
>>> table.rebuy(0, 10)
Traceback (most recent call last):
...
pokerroom.errors.IllegalActionError: seat 0 is in a hand: finish it first
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerroom.engine.config import GameConfig
from pokerroom.engine.ledger import CASHIER, POT, Ledger
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import Forced
from pokerroom.errors import IllegalActionError

__all__ = ["SeatState", "SeatsMixin"]


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
    deal it plays (or waits for the big blind, :meth:`SeatsMixin.wait_for_blind`)."""
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


class SeatsMixin:
    """The seats of a :class:`~pokerroom.engine.table.Table` and the changes players
    make to them between hands (the table sets the fields up and deals the hands)."""

    # fields set by the table
    config: GameConfig
    size: int
    seats: list[SeatState | None]
    ledger: Ledger
    hand: PokerHand | None
    hands_played: int
    kill_next: int | None
    last_winner: int | None

    def finish(self, hand: PokerHand) -> None:
        """Take a finished hand's chips into the table's ledger (the table's
        :meth:`~pokerroom.engine.table.Table.finish`)."""
        raise NotImplementedError

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

        >>> import random
        >>> from pokerroom.engine import GameConfig
        >>> from pokerroom.engine.table import Table
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
        >>> from pokerroom.engine.table import Table
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

    # ------------------------------------------------------------------ who plays

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

    def _previous_occupied(self, seat: int) -> int:
        return next((s for s in self._around(seat, -1) if self.seats[s] is not None), seat)

