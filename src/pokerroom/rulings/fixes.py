"""Corrections a ruling makes to a hand that the plain dealer and player actions
cannot express: a dead hand, a returned ante, a skipped burn, a card taken back to the
stub or given outside the normal deal, a card turned face up, a bring-in moved.

Each correction is a frozen :class:`Fix` recorded in a live hand's step list beside the
ordinary actions, so replaying the steps on a fresh engine hand rebuilds the same state
("a hand is its log"). A fix changes the engine hand only through the hand machine's
named corrections (:mod:`pokerroom.engine.corrections`).

>>> KillHand(victim=2, return_ante=True)
KillHand(seat=Seat.DEALER, victim=2, return_ante=True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import ClassVar

from pokerroom.cards import Card
from pokerroom.core import DEALER, Action
from pokerroom.engine.corrections import (
    bring_in_past_exposed,
    declare_opener,
    give_cards,
    kill_hand,
    leave_unopened,
    move_bring_in,
    return_chips,
    set_aside_stack,
    skip_burn,
    take_back,
    turn_up,
)
from pokerroom.engine.state import PokerHand

__all__ = [
    "BringInPastExposed",
    "Fix",
    "GiveCards",
    "KillHand",
    "LeaveUnopened",
    "MakeOpener",
    "MoveBringIn",
    "OwnedFix",
    "ReturnChips",
    "SetAsideStack",
    "SkipBurn",
    "TakeBack",
    "TurnUp",
]


@dataclass(frozen=True, slots=True)
class Fix(Action):
    """A correction; ``apply_to`` changes the engine hand with the hand machine's
    correction named by ``correction``, given the fix's fields (but ``seat``) by name."""

    seat: int = field(default=DEALER, kw_only=True)
    correction: ClassVar[Callable[..., None]]

    def apply_to(self, hand: PokerHand) -> None:
        self.correction(hand, **{f.name: getattr(self, f.name) for f in fields(self)
                                 if f.name != "seat"})


@dataclass(frozen=True, slots=True)
class OwnedFix(Fix):
    """A correction to the hand of the player in ``owner``."""

    owner: int = 0


@dataclass(frozen=True, slots=True)
class KillHand(Fix):
    """``victim``'s hand is dead: cards to the muck, chips already bet stay in the pot;
    ``return_ante`` gives back the ante it posted (``stud-5``)."""

    victim: int = 0
    return_ante: bool = False

    def apply_to(self, hand: PokerHand) -> None:
        kill_hand(hand, self.victim, return_ante=self.return_ante)


@dataclass(frozen=True, slots=True)
class SkipBurn(Fix):
    """The next burn is not made (a board card dealt without a burn, ``holdem-4``)."""

    correction = staticmethod(skip_burn)


@dataclass(frozen=True, slots=True)
class TakeBack(OwnedFix):
    """``cards`` leave ``owner``'s hand and go back into the stub."""

    cards: tuple[Card, ...] = ()

    correction = staticmethod(take_back)


@dataclass(frozen=True, slots=True)
class GiveCards(OwnedFix):
    """``cards`` from the stub go to ``owner`` outside the normal deal (a short hand
    made up, ``lowball-11``, ``draw-4``)."""

    cards: tuple[Card, ...] = ()
    face_up: bool = False

    correction = staticmethod(give_cards)


@dataclass(frozen=True, slots=True)
class TurnUp(OwnedFix):
    """``card`` in ``owner``'s hand is face up (or down with ``up=False``) from now on;
    in a betting round the first player is chosen again from the new board
    (``stud-5``, ``stud-16``, ``stud-17``)."""

    card: Card | None = None
    up: bool = True
    reseat_action: bool = False

    correction = staticmethod(turn_up)


@dataclass(frozen=True, slots=True)
class MoveBringIn(Fix):
    """The forced bet moves to ``to``, who may fold, bring it in or complete
    (``stud-5``, ``stud-8``, ``stud-9``)."""

    to: int = 0
    may_fold: bool = True

    correction = staticmethod(move_bring_in)


@dataclass(frozen=True, slots=True)
class BringInPastExposed(OwnedFix):
    """``stud-5``: when ``owner``'s exposed hole card makes it the low card, the first
    seat on its left opens instead (fold, bring it in or complete)."""

    correction = staticmethod(bring_in_past_exposed)


@dataclass(frozen=True, slots=True)
class ReturnChips(OwnedFix):
    """``amount`` of ``owner``'s bets this round go back to their stack."""

    amount: int = 0

    correction = staticmethod(return_chips)


@dataclass(frozen=True, slots=True)
class MakeOpener(OwnedFix):
    """Jacks or better: ``owner`` has declared the pot open (``jacks-2``)."""

    correction = staticmethod(declare_opener)


@dataclass(frozen=True, slots=True)
class LeaveUnopened(Fix):
    """Jacks or better: nobody declared the pot open: the deal ends and what stays in
    the middle carries to the next deal (``jacks-2``)."""

    correction = staticmethod(leave_unopened)


@dataclass(frozen=True, slots=True)
class SetAsideStack(OwnedFix):
    """``owner`` declared all in: the rest of their stack is set aside for this hand
    (``stud-17``); ``back=True`` returns it once the hand is over."""

    amount: int = 0
    back: bool = False

    correction = staticmethod(set_aside_stack)
