"""The blinds of a table's deals: the button and blinds moving on (SUPPLEMENT §2, a
moving or a dead button), blinds missed by seats sitting out and posted or waited for on
coming back (``supp-new-player``, ``lowball-7``), the single blind owed by a player short
of half of it (``lowball-4``), the blinds each seat has taken in turn, and kill pots: who
must kill the next pot (``supp-kill``) and the kills new and returning lowball players
post (``lowball-3b``, ``lowball-7``). :class:`BlindsMixin` keeps these books for the
:class:`~pokerroom.engine.table.Table`, which it is a base of.

>>> import random
>>> from pokerroom.core import Fold
>>> from pokerroom.engine import GameConfig
>>> from pokerroom.engine.table import Table
>>> table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=4,
...               rng=random.Random(5))
>>> for seat in range(4):
...     table.join(seat, f"p{seat}", 100)
>>> def fold_round(hand):
...     while not hand.is_over:
...         if hand.actors == (-1,):
...             _ = hand.advance()
...         else:
...             _ = hand.apply(Fold(hand.actors[0]))
>>> hand = table.next_hand()
>>> table.button, hand.blind_seats
(0, (1, 2))
>>> fold_round(hand)
>>> table.sit_out(3)                    # the big blind passes seat 3 next deal
>>> hand = table.next_hand()
>>> table.button, hand.blind_seats, table.seats[3].missed_big
(1, (2, 0), True)
>>> Table(GameConfig.of("lowball-a5", blinds=(1, 2)), seats=4)._missed_kill_words()
'a full kill of twice the big blind, at doubled limits'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import takewhile

from pokerroom.cards import Card
from pokerroom.engine.config import ButtonMode, KillMode, Stakes
from pokerroom.engine.events import ForcedBet
from pokerroom.engine.extras import BOMB_POT, NO_EXTRAS, STRADDLE, StraddleRule, plan_extras
from pokerroom.engine.rounds import SHORT_BLIND_TAKEN
from pokerroom.engine.seats import SeatsMixin
from pokerroom.engine.state import PokerHand

__all__ = ["MISSED_BLIND_KILL", "NEW_PLAYER_KILL", "BlindsMixin"]

NEW_PLAYER_KILL = "kill (new player)"
"""The kind of the blind a new lowball player posts to play at once (``lowball-3b``)."""
MISSED_BLIND_KILL = "kill (missed blind)"
"""The kind of the blind a lowball player the big blind passed posts to be dealt in
before it comes round again (``lowball-7``)."""


class BlindsMixin(SeatsMixin):
    """The blinds of a :class:`~pokerroom.engine.table.Table`'s deals: the button and
    blinds moved on, the missed, owed and taken blinds and the kills noted on its seats
    (the table sets the fields up and deals the hands)."""

    # fields set by the table
    rng: random.Random
    button: int
    big_blind_seat: int
    small_blind_seat: int | None
    win_streak: int
    straddle_rule: StraddleRule
    straddle_wishes: frozenset[int]
    bomb_ante: int
    bomb_next: bool

    def _blind_hand(self, active: list[int], deck: Sequence[Card] | None) -> PokerHand:
        """Move the button and the blinds on and deal the next hand of a blind game to
        the ``active`` seats (those with chips that play), each new or returning player
        posting or waiting as they chose, a kill, straddle or bomb pot as due; a player
        who owes the single blind (``lowball-4``) takes it in an extra deal instead."""
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

    def _owed_blind(self, active: list[int]) -> int | None:
        """The seat that owes the single blind (``lowball-4``) and is dealt in now."""
        for s in active:
            state = self.seats[s]
            if state is not None and state.owes_blind:
                state.owes_blind = False
                return s
        return None

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

    def _track_short_blind(self, hand: PokerHand) -> None:
        """lowball-4: a single blind short of half a blind was taken by the next player;
        the short player owes the blind (it applies once they have chips again)."""
        if len(hand.blind_seats) != 1 or hand.blind_seats[0] is None:
            return
        if any(type(e) is ForcedBet and e.kind == SHORT_BLIND_TAKEN for e in hand.log):
            state = self.seats[hand.blind_seats[0]]
            if state is not None:
                state.owes_blind = True

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


def _scaled(stakes: Stakes, factor2: int) -> Stakes:
    """Stakes times ``factor2 / 2`` (a full kill doubles, a half kill 1.5x)."""
    return replace(stakes, small_bet=stakes.small_bet * factor2 // 2,
                   big_bet=stakes.big_bet * factor2 // 2)
