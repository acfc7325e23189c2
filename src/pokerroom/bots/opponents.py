"""What a bot learns of its opponents from the actions it sees in a session.

A bot sees the table only when it must act, so the model reads each snapshot it is given:
who has a bet in front that is the table's top bet on this round (above the forced bet
on the first round: the big blind, the bring-in, known as the least top bet seen there or
twice the least bet in front), who folded after the bot bet, and who
called it. Over the session that gives each seat three measured rates:

* how often it bets or raises on the first round (:meth:`OpponentModel.raise_rate`),
* how often it bets or raises on a later round (:meth:`OpponentModel.bet_rate`),
* how often it folds when the bot bets (:meth:`OpponentModel.fold_rate`),

each starting from a prior worth a few observations. A player who rarely raises holds
a strong hand when it does: :meth:`OpponentModel.range_share` turns this hand's actions
into the share of its hands a seat can still hold (1: any hand).

>>> from pokerroom.cards import UNKNOWN
>>> from pokerroom.tableview import SeatSnapshot, View
>>> def table(hand: int, street: str, bob_bet: int) -> View:
...     return View(game="hold'em", you=0, hand_no=hand, street=street,
...         pots=(("pot", 0),), seats=(SeatSnapshot(0, "Ann", 98, 1),
...         SeatSnapshot(1, "Bob", 100 - bob_bet, bob_bet, (UNKNOWN, UNKNOWN))))
>>> model = OpponentModel()
>>> for hand in range(1, 30):  # Bob only ever calls the big blind
...     model.observe(table(hand, "preflop", 2), 0)
>>> model.observe(table(30, "preflop", 8), 0)  # then raises to four big blinds
>>> model.raise_rate(1) < 0.15 and model.range_share(1) < 0.15
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.tableview import View

__all__ = ["OpponentModel", "Tendencies"]

RAISE_PRIOR = (2.0, 10.0)
"""First-round raises and chances an unknown player is credited with (one in five)."""
BET_PRIOR = (3.0, 10.0)
"""Later-round bets and raises and chances an unknown player is credited with."""
FOLD_PRIOR = (4.0, 10.0)
"""Folds to a bet and bets faced an unknown player is credited with."""
RAISE_FOLD_PRIOR = (3.0, 10.0)
"""Folds and raises faced, by a player who had bet or raised in the hand before."""
LEAST_SHARE = 0.03
"""The narrowest range a reading gives: about the top 40 two-card hands of hold'em."""


@dataclass(slots=True)
class Tendencies:
    """One seat's counts over the session."""

    first_chances: int = 0
    first_raises: int = 0
    later_chances: int = 0
    later_bets: int = 0
    bets_faced: int = 0
    folds: int = 0
    raises_faced: int = 0
    raise_folds: int = 0


@dataclass(slots=True)
class _Hand:
    """What the model has seen of the hand in play."""

    number: int
    streets: list[str] = field(default_factory=list)
    seen: set[tuple[int, str]] = field(default_factory=set)
    aggressive: dict[tuple[int, str], float] = field(default_factory=dict)
    called: dict[int, int] = field(default_factory=dict)
    pending: tuple[str, frozenset[int], frozenset[int]] | None = None


class OpponentModel:
    """Counts of each opponent's actions over a session (see the module docstring).

    ``first_street`` names the game's first betting round (the forced bets' round), and
    ``last_street`` its final one: a bet made there that the bot never hears of again
    was called to a showdown, not folded to. Without ``learns``
    the rates stay at their priors (the counts are kept all the same).
    """

    def __init__(self, first_street: str = "preflop", last_street: str = "river", *,
                 learns: bool = True) -> None:
        self.first_street = first_street
        self.last_street = last_street
        self.learns = learns
        self.seats: dict[int, Tendencies] = {}
        self.forced: int | None = None
        self._hand: _Hand | None = None

    # ------------------------------------------------------------------ observing

    def observe(self, snap: View, me: int) -> None:
        """Read one snapshot the bot was given to act on (call once per decision)."""
        hand = self._hand
        if hand is None or hand.number != snap.hand_no:
            if hand is not None:
                self._close(hand, ended=True)
            hand = self._hand = _Hand(snap.hand_no)
        if not hand.streets or hand.streets[-1] != snap.street:
            hand.streets.append(snap.street)
        first = snap.street == self.first_street
        top = max((s.bet for s in snap.seats), default=0)
        if first and top > 0:
            # the forced bet is at most the top bet, and at most twice the smallest (a
            # small blind is half the big one)
            least = min(s.bet for s in snap.seats if s.bet > 0)
            forced = min(top, 2 * least) if least < top else top
            self.forced = forced if self.forced is None else min(self.forced, forced)
        floor = (self.forced or 0) if first else 0
        rest = max(1, snap.total_pot - top)
        if hand.pending is not None:
            self._settle(hand, snap)
        for s in snap.seats:
            if s.seat == me or s.folded or not s.cards:
                continue
            hand.seen.add((s.seat, snap.street))
            if s.bet == top and top > floor:
                key = (s.seat, snap.street)
                hand.aggressive[key] = max(hand.aggressive.get(key, 0.0), top / rest)

    def bet_made(self, snap: View, me: int) -> None:
        """The bot bets or raises now: the players still in must answer it."""
        if self._hand is None:
            return
        facing = frozenset(s.seat for s in snap.seats
                           if s.seat != me and not s.folded and s.cards and s.stack > 0)
        bold = frozenset(seat for seat in facing if self.was_aggressive(seat))
        self._hand.pending = (snap.street, facing, bold)

    def _settle(self, hand: _Hand, snap: View | None) -> None:
        """Who folded to the bot's last bet, and who did not."""
        assert hand.pending is not None
        street, facing, bold = hand.pending
        hand.pending = None
        if snap is None and street == self.last_street:
            return  # called to the showdown, or not: nothing seen
        folded = {s.seat for s in snap.seats if s.folded} if snap is not None else facing
        for seat in facing:
            counts = self.seats.setdefault(seat, Tendencies())
            if seat in bold:
                counts.raises_faced += 1
                counts.raise_folds += seat in folded
            else:
                counts.bets_faced += 1
                counts.folds += seat in folded
            if seat not in folded:
                hand.called[seat] = hand.called.get(seat, 0) + 1

    def _close(self, hand: _Hand, *, ended: bool) -> None:
        if hand.pending is not None and ended:
            self._settle(hand, None)
        for seat, street in hand.seen:
            counts = self.seats.setdefault(seat, Tendencies())
            raised = (seat, street) in hand.aggressive
            if street == self.first_street:
                counts.first_chances += 1
                counts.first_raises += raised
            else:
                counts.later_chances += 1
                counts.later_bets += raised

    # ------------------------------------------------------------------ reading

    def _counts(self, seat: int) -> Tendencies:
        return self.seats.get(seat, Tendencies()) if self.learns else Tendencies()

    def raise_rate(self, seat: int) -> float:
        """Share of first rounds on which ``seat`` has bet or raised (with the prior)."""
        c = self._counts(seat)
        return (c.first_raises + RAISE_PRIOR[0]) / (c.first_chances + RAISE_PRIOR[1])

    def bet_rate(self, seat: int) -> float:
        """Share of later rounds on which ``seat`` has bet or raised (with the prior)."""
        c = self._counts(seat)
        return (c.later_bets + BET_PRIOR[0]) / (c.later_chances + BET_PRIOR[1])

    def fold_rate(self, seat: int) -> float:
        """Share of the bot's bets that ``seat`` has folded to (with the prior)."""
        c = self._counts(seat)
        return (c.folds + FOLD_PRIOR[0]) / (c.bets_faced + FOLD_PRIOR[1])

    def credit(self, seat: int) -> float:
        """How far a bet or raise of ``seat`` on this round is to be believed next to
        an unknown player's: the prior rate over its measured rate, from 0.6 (it bets
        far more often) to 1.6 (far less often); 1 for a model that does not learn."""
        hand = self._hand
        first = hand is None or not hand.streets or hand.streets[-1] == self.first_street
        rate = self.raise_rate(seat) if first else self.bet_rate(seat)
        prior = RAISE_PRIOR if first else BET_PRIOR
        return min(1.6, max(0.6, prior[0] / prior[1] / rate))

    def raise_fold_rate(self, seat: int) -> float:
        """Share of the bot's bets and raises that ``seat`` has folded to after it had
        bet or raised in the hand itself (with the prior)."""
        c = self._counts(seat)
        return (c.raise_folds + RAISE_FOLD_PRIOR[0]) / (c.raises_faced + RAISE_FOLD_PRIOR[1])

    def fold_share(self, seat: int) -> float:
        """The chance that ``seat`` folds to a bet now: its fold rate, or its rate of
        folds to a raise once it has bet or raised in this hand.

        >>> model = OpponentModel()
        >>> model.fold_share(3) == model.fold_rate(3)  # nothing seen this hand
        True
        """
        if self.was_aggressive(seat):
            return self.raise_fold_rate(seat)
        return self.fold_rate(seat)

    def was_aggressive(self, seat: int) -> bool:
        """True when ``seat`` has bet or raised in this hand."""
        hand = self._hand
        return hand is not None and any(key[0] == seat for key in hand.aggressive)

    def range_share(self, seat: int) -> float:
        """The share of its hands ``seat`` can hold after this hand's actions: each bet
        or raise keeps about the share of hands it bets with (a big one fewer), each call
        of the bot's bet the share it does not fold."""
        hand = self._hand
        if hand is None:
            return 1.0
        share = 1.0
        for street in hand.streets:
            size = hand.aggressive.get((seat, street))
            if size is None:
                continue
            first = street == self.first_street
            rate = self.raise_rate(seat) if first else self.bet_rate(seat)
            big = 0.7 if size > 2.5 else 1.0
            share *= min(1.0, 1.3 * rate * big)
        for _ in range(hand.called.get(seat, 0)):
            share *= max(0.2, 1.0 - self.fold_rate(seat))  # the calls kept the best
        return max(LEAST_SHARE, share)
