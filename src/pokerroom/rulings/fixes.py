"""Corrections a ruling makes to a hand that the plain dealer and player actions
cannot express: a dead hand, a returned ante, a skipped burn, a card taken back to the
stub or given outside the normal deal, a card turned face up, a bring-in moved.

Each correction is a frozen :class:`Fix` recorded in a live hand's step list beside the
ordinary actions, so replaying the steps on a fresh engine hand rebuilds the same state
("a hand is its log"). A fix changes the engine hand directly through its state
attributes: these are the hooks the engine itself does not offer (yet).

>>> KillHand(victim=2, return_ante=True)
KillHand(seat=Seat.DEALER, victim=2, return_ante=True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.cards import Card
from pokerroom.core import DEALER, Action
from pokerroom.engine.state import BET, BURN, DEAL, DRAW, HOLE, OVER, SHOW, PokerHand
from pokerroom.errors import IllegalActionError

__all__ = [
    "BringInPastExposed",
    "Fix",
    "GiveCards",
    "KillHand",
    "LeaveUnopened",
    "MakeOpener",
    "MoveBringIn",
    "ResetOpener",
    "ReturnChips",
    "SetAsideStack",
    "SkipBurn",
    "TakeBack",
    "TurnUp",
]


@dataclass(frozen=True, slots=True)
class Fix(Action):
    """A correction; ``apply_to`` changes the engine hand."""

    seat: int = field(default=DEALER, kw_only=True)

    def apply_to(self, hand: PokerHand) -> None:
        raise NotImplementedError


def _live(hand: PokerHand) -> list[int]:
    return [s for s in range(hand.n) if not hand.folded[s]]


@dataclass(frozen=True, slots=True)
class KillHand(Fix):
    """``victim``'s hand is dead: cards to the muck, chips already bet stay in the pot;
    ``return_ante`` gives back the ante it posted (``stud-5``)."""

    victim: int = 0
    return_ante: bool = False

    def apply_to(self, hand: PokerHand) -> None:
        seat = self.victim
        if hand.folded[seat] or hand.phase == OVER:
            raise IllegalActionError(f"seat {seat} has no live hand")
        if sum(not f for f in hand.folded) == 1:
            raise IllegalActionError(f"seat {seat} holds the last hand: it wins the pot")
        if self.return_ante and hand.config.stakes.ante:
            amount = min(hand.config.stakes.ante, hand.dead_money, hand.start_stacks[seat])
            hand.dead_money -= amount
            hand.stacks[seat] += amount
        hand.folded[seat] = True
        hand.muck.extend(hand.hole[seat])
        hand.hole[seat] = []
        hand.up[seat] = []
        hand.tasks = [t for t in hand.tasks if not (t[0] == HOLE and t[1] == seat)]
        if hand.bring_in_seat == seat:
            hand.bring_in_seat = -1
        live = _live(hand)
        drawing_now = False
        if seat in hand.drawers:
            at = hand.drawers.index(seat)
            del hand.drawers[at]
            if at < hand.draw_index:
                hand.draw_index -= 1
            drawing_now = at == hand.draw_index and hand.phase == DRAW
        if hand.phase == DEAL:
            if hand.tasks and all(t[0] == BURN for t in hand.tasks):
                hand.tasks = []
            if not hand.tasks:
                hand.resume()
            return
        if hand.phase == DRAW:
            if drawing_now:
                hand._next_drawer()
            return
        if hand.phase == BET:
            if len(live) == 1:
                hand._end_round()
                return
            start = (seat + 1) % hand.n if hand.actor == seat else hand.actor
            nxt = hand._next_actor(start)
            if nxt < 0:
                hand._end_round()
            else:
                hand.actor = nxt


@dataclass(frozen=True, slots=True)
class SkipBurn(Fix):
    """The next burn is not made (a board card dealt without a burn, ``holdem-4``)."""

    def apply_to(self, hand: PokerHand) -> None:
        if hand.phase != DEAL or not hand.tasks or hand.tasks[0][0] != BURN:
            raise IllegalActionError("no burn is due")
        del hand.tasks[0]
        if not hand.tasks:
            hand.resume()


@dataclass(frozen=True, slots=True)
class TakeBack(Fix):
    """``cards`` leave ``owner``'s hand and go back into the stub."""

    owner: int = 0
    cards: tuple[Card, ...] = ()

    def apply_to(self, hand: PokerHand) -> None:
        hole = hand.hole[self.owner]
        if any(c not in hole for c in self.cards):
            raise IllegalActionError(f"seat {self.owner} does not hold those cards")
        for c in self.cards:
            i = hole.index(c)
            del hole[i]
            del hand.up[self.owner][i]
            hand.deck.insert(0, c)


@dataclass(frozen=True, slots=True)
class GiveCards(Fix):
    """``cards`` from the stub go to ``owner`` outside the normal deal (a short hand
    made up, ``lowball-11``, ``draw-4``)."""

    owner: int = 0
    cards: tuple[Card, ...] = ()
    face_up: bool = False

    def apply_to(self, hand: PokerHand) -> None:
        if any(c not in hand.deck for c in self.cards):
            raise IllegalActionError("those cards are not in the stub")
        for c in self.cards:
            hand.deck.remove(c)
            hand.hole[self.owner].append(c)
            hand.up[self.owner].append(self.face_up)


@dataclass(frozen=True, slots=True)
class TurnUp(Fix):
    """``card`` in ``owner``'s hand is face up (or down with ``up=False``) from now on;
    in a betting round the first player is chosen again from the new board
    (``stud-5``, ``stud-16``, ``stud-17``)."""

    owner: int = 0
    card: Card | None = None
    up: bool = True
    reseat_action: bool = False

    def apply_to(self, hand: PokerHand) -> None:
        hole = hand.hole[self.owner]
        if self.card not in hole:
            raise IllegalActionError(f"seat {self.owner} does not hold that card")
        hand.up[self.owner][hole.index(self.card)] = self.up
        if self.reseat_action and hand.phase == BET and not any(hand.bets) and \
                all(a == -1 for a in hand.acted):
            street = hand.variant.streets[hand.street]
            first = hand._first_actor(street.opener)
            nxt = hand.bring_in_seat if hand.bring_in_seat >= 0 else hand._next_actor(first)
            if nxt >= 0:
                hand.actor = nxt


@dataclass(frozen=True, slots=True)
class MoveBringIn(Fix):
    """The forced bet moves to ``to``, who may fold, bring it in or complete
    (``stud-5``, ``stud-8``, ``stud-9``)."""

    to: int = 0
    may_fold: bool = True

    def apply_to(self, hand: PokerHand) -> None:
        if hand.phase != BET or hand.bring_in_seat < 0:
            raise IllegalActionError("no bring-in is due")
        hand.bring_in_seat = self.to
        hand.actor = self.to
        if self.may_fold:
            hand.acted[self.to] = -2


@dataclass(frozen=True, slots=True)
class BringInPastExposed(Fix):
    """``stud-5``: when ``owner``'s exposed hole card makes it the low card, the first
    seat on its left opens instead (fold, bring it in or complete)."""

    owner: int = 0

    def apply_to(self, hand: PokerHand) -> None:
        if hand.phase != BET or hand.bring_in_seat != self.owner:
            return
        for i in range(1, hand.n):
            seat = (self.owner + i) % hand.n
            if not hand.folded[seat] and hand.stacks[seat] > 0:
                MoveBringIn(to=seat).apply_to(hand)
                return


@dataclass(frozen=True, slots=True)
class ReturnChips(Fix):
    """``amount`` of ``owner``'s bets this round go back to their stack."""

    owner: int = 0
    amount: int = 0

    def apply_to(self, hand: PokerHand) -> None:
        if not 0 <= self.amount <= hand.bets[self.owner]:
            raise IllegalActionError("cannot return more than was bet this round")
        hand.bets[self.owner] -= self.amount
        hand.contrib[self.owner] -= self.amount
        hand.stacks[self.owner] += self.amount
        hand.max_bet = max(hand.bets)


@dataclass(frozen=True, slots=True)
class MakeOpener(Fix):
    """Jacks or better: ``owner`` has declared the pot open (``jacks-2``)."""

    owner: int = 0

    def apply_to(self, hand: PokerHand) -> None:
        hand.opener_seat = self.owner


@dataclass(frozen=True, slots=True)
class ResetOpener(Fix):
    """Jacks or better: the pot has no opener for now (``jacks-2``)."""

    def apply_to(self, hand: PokerHand) -> None:
        hand.opener_seat = -1


@dataclass(frozen=True, slots=True)
class LeaveUnopened(Fix):
    """Jacks or better: nobody declared the pot open: the deal ends and what stays in
    the middle carries to the next deal (``jacks-2``)."""

    def apply_to(self, hand: PokerHand) -> None:
        hand.opener_seat = -1
        for seat in range(hand.n):
            hand.folded[seat] = not hand.in_hand[seat]
        hand.phase = SHOW
        hand.actor = -1
        hand.tasks = []


@dataclass(frozen=True, slots=True)
class SetAsideStack(Fix):
    """``owner`` declared all in: the rest of their stack is set aside for this hand
    (``stud-17``); ``back=True`` returns it once the hand is over."""

    owner: int = 0
    amount: int = 0
    back: bool = False

    def apply_to(self, hand: PokerHand) -> None:
        if self.back:
            hand.stacks[self.owner] += self.amount
            return
        if self.amount != hand.stacks[self.owner]:
            raise IllegalActionError("the whole remaining stack is set aside")
        hand.stacks[self.owner] = 0
        if hand.phase != BET:
            return
        if not any(hand.bets):
            street = hand.variant.streets[hand.street]
            nxt = hand._next_actor(hand._first_actor(street.opener))
        elif hand.actor == self.owner:
            nxt = hand._next_actor((self.owner + 1) % hand.n)
        else:
            return
        if nxt < 0:
            hand._end_round()
        else:
            hand.actor = nxt
