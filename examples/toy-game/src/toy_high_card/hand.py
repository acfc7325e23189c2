"""One hand of high card on pokerroom's kernel (:class:`pokerroom.engine.kernel.Kernel`).

Every seat antes and is dealt one hidden card; all declare in or out at once (no seat
sees another's choice before all have chosen); those in bet one round (check, or bet the
fixed bet; call or fold a bet); the dealer shows the cards of those left and the highest
card takes the pot (ties split, the odd chip to the first seat). With the house rule
``ace_high`` off, the ace is the lowest card.

>>> import random
>>> from pokerroom.core import DEALER, Declare
>>> hand = HighCardHand([20, 20], ante=1, bet=5, ace_high=True, rng=random.Random(3))
>>> hand.actors == (DEALER,)
True
>>> _ = hand.advance()                      # the deal
>>> hand.actors
(0, 1)
>>> _ = hand.apply(Declare(0, stay=False)); _ = hand.apply(Declare(1, stay=True))
>>> _ = hand.advance()                      # the showdown: the one left in wins
>>> hand.is_over, hand.returns()[0], hand.returns()[1]
(True, -1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import (
    Action,
    Bet,
    BetOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Declare,
    DeclareOption,
    Event,
    Fold,
    FoldOption,
    Option,
)
from pokerroom.deck import Deck
from pokerroom.engine.kernel import Kernel, StepHandler
from pokerroom.engine.ledger import POT
from pokerroom.homegames.events import DealerStep, DealerStepOption
from pokerroom.tableview import SeatSnapshot, View

__all__ = ["Dealt", "Declared", "HighCardHand", "Revealed", "Showdown", "Wagered"]


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat's hidden card (``??`` to everyone else)."""

    seat: int
    card: Card

    def redacted(self) -> Event:
        return Dealt(self.seat, UNKNOWN, private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """A seat's declaration, kept from the others until every seat has declared."""

    seat: int
    stay: bool | None

    def redacted(self) -> Event:
        return Declared(self.seat, None, private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Every declaration at once: who is in."""

    stays: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class Wagered(Event):
    """A seat's check, bet, call or fold."""

    action: Action


@dataclass(frozen=True, slots=True)
class Showdown(Event):
    """The cards shown, the winners and the pot they share."""

    shown: tuple[tuple[int, Card], ...]
    winners: tuple[int, ...]
    pot: int
    words: tuple[str, ...] = field(default=())


class HighCardHand(Kernel):
    """One hand: the phases ``deal`` (the dealer's), ``declare`` (every seat at once),
    ``bet`` (in turn), ``showdown`` (the dealer's), then ``over``. The kernel admits an
    action (the seat acting, an option allowing it) before its handler in
    ``TRANSITIONS`` runs; the handler changes the hand and records its event."""

    def __init__(self, stacks: Sequence[int], *, ante: int, bet: int, ace_high: bool,
                 rng: random.Random) -> None:
        super().__init__("deal", len(stacks))
        self.n = len(stacks)
        self.stacks = list(stacks)
        self.bet_size = bet
        self.ace_high = ace_high
        self._stock(Deck.standard(rng=rng).cards, rng)
        self.cards: list[Card] = []
        self.stays: list[bool | None] = [None] * self.n
        self.put = [0] * self.n
        self.folded = [False] * self.n
        self.to_act: list[int] = []
        self.bet = 0
        self._bets: dict[int, int] = {}
        for seat in range(self.n):
            self._pay(seat, min(ante, self.stacks[seat]), "ante")

    # ------------------------------------------------------------------ who acts

    def _simultaneous_phases(self) -> tuple[str, ...]:
        return ("declare",)

    def _turn(self) -> int:
        return self.to_act[0]

    def _dealer_options(self) -> tuple[Option, ...]:
        return (DealerStepOption(self.phase),)

    def dealer_action(self) -> Action:
        return DealerStep()

    def _seat_options(self, seat: int) -> tuple[Option, ...]:
        if self.phase == "declare":
            return (DeclareOption(),)
        owed = self.bet - self._bets.get(seat, 0)
        if owed > 0:
            return (FoldOption(), CallOption(amount=min(owed, self.stacks[seat])))
        if self.bet == 0 and self.stacks[seat] >= self.bet_size:
            return (CheckOption(), BetOption(min_amount=self.bet_size,
                                             max_amount=self.bet_size))
        return (CheckOption(),)

    # ------------------------------------------------------------------ the handlers

    def _on_deal(self, action: DealerStep, options: tuple[Option, ...]) -> Event:
        self.cards = list(self._draw_cards(self.n))
        for seat, card in enumerate(self.cards):
            self._record(Dealt(seat, card, private_to=frozenset({seat})))
        self._start_simultaneous("declare", range(self.n))
        return self.log[-1]

    def _on_declare(self, action: Declare, options: tuple[Option, ...]) -> Event:
        seat = action.seat
        self.stays[seat] = action.stay
        event = self._record(Declared(seat, action.stay, private_to=frozenset({seat})))
        if self._choose(seat, action.stay):          # the last seat has declared
            self._record(Revealed(tuple(bool(s) for s in self.stays)))
            self.folded = [not s for s in self.stays]
            self.to_act = [s for s in range(self.n) if self.stays[s]]
            self.phase = "bet" if len(self.to_act) > 1 else "showdown"
        return event

    def _on_wager(self, action: Action, options: tuple[Option, ...]) -> Event:
        seat = action.seat
        event = self._record(Wagered(action))
        self.to_act.pop(0)
        if isinstance(action, Fold):
            self.folded[seat] = True
        elif isinstance(action, Bet):
            self._pay(seat, action.amount, "bets")
            self.bet = action.amount
            self.to_act = [s for s in self._after(seat) if not self.folded[s]]
        elif isinstance(action, Call):
            self._pay(seat, min(self.bet - self._bets.get(seat, 0), self.stacks[seat]),
                      "bets")
        if not self.to_act or self.folded.count(False) <= 1:
            self.phase = "showdown"
        return event

    def _on_showdown(self, action: DealerStep, options: tuple[Option, ...]) -> Event:
        live = [s for s in range(self.n) if not self.folded[s]] or list(range(self.n))
        shown = tuple((s, self.cards[s]) for s in live) if len(live) > 1 else ()
        best = max(self._rank(self.cards[s]) for s in live)
        winners = tuple(s for s in live if self._rank(self.cards[s]) == best)
        pot = sum(self.put)
        share, odd = divmod(pot, len(winners))
        for k, seat in enumerate(winners):
            won = share + (1 if k < odd else 0)
            self.stacks[seat] += won
            self.chips.transfer(POT, seat, won, "wins")
        self.phase = "over"
        words = tuple(f"seat {s + 1} shows {c.name}" for s, c in shown)
        return self._record(Showdown(shown, winners, pot, words))

    TRANSITIONS: ClassVar[Mapping[tuple[str, type[Action]], StepHandler]] = {
        ("deal", DealerStep): _on_deal,
        ("declare", Declare): _on_declare,
        ("bet", Check): _on_wager, ("bet", Bet): _on_wager,
        ("bet", Call): _on_wager, ("bet", Fold): _on_wager,
        ("showdown", DealerStep): _on_showdown,
    }

    # ------------------------------------------------------------------ helpers

    def _rank(self, card: Card) -> int:
        """The card's rank, the ace lowest of all without ``ace_high``."""
        return 1 if card.rank == 14 and not self.ace_high else card.rank

    def _after(self, seat: int) -> list[int]:
        return [(seat + k) % self.n for k in range(1, self.n)]

    def _pay(self, seat: int, amount: int, why: str) -> None:
        """Move ``amount`` of the seat's chips into the pot, in the kernel's ledger."""
        self.stacks[seat] -= amount
        self.put[seat] += amount
        if why == "bets":
            self._bets[seat] = self._bets.get(seat, 0) + amount
        self.chips.transfer(seat, POT, amount, why)

    def view(self, seat: int | None) -> View:
        """The hand as ``seat`` sees it (``None``: an onlooker): its own card, the cards
        shown, ``??`` for the rest."""
        shown = {s: c for e in self.log if isinstance(e, Showdown) for s, c in e.shown}
        seats = tuple(SeatSnapshot(
            seat=s, name=f"Seat {s + 1}", stack=self.stacks[s], bet=self.put[s],
            cards=(self.cards[s] if s == seat or s in shown else UNKNOWN,)
            if self.cards else (), status="out" if self.folded[s] else "")
            for s in range(self.n))
        actors = self.actors
        return View(game="High card", seats=seats, to_act=actors, you=seat,
                    street=self.phase, over=not actors,
                    options=self.legal_actions(seat) if seat in actors else ())
