"""A tiny complete game on the kernel, for the room's own tests.

"High card": every seat antes and gets one hidden card; all declare in or out at once
(nobody sees a choice before all are in); those in bet one round (check, bet 10, call,
fold); the dealer shows the cards of those left and the highest card takes the pot
(ties split, odd chip to the first seat). It is registered in the catalog as
``toy-high-card`` so the room reaches it the same way it reaches every real game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from pokerroom.bots.random_play import random_option_action
from pokerroom.cards import UNKNOWN, Card
from pokerroom.catalog import TableSpec
from pokerroom.core import (
    DEALER,
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
    HandState,
    Option,
)
from pokerroom.deck import Deck
from pokerroom.engine.kernel import Kernel, StepHandler
from pokerroom.engine.ledger import POT
from pokerroom.game import Game
from pokerroom.games import all_games, register, unregister
from pokerroom.session import Capabilities, HandResult, Session
from pokerroom.tableview import Bot, SeatSnapshot, SeatView, View

BET = 10


@dataclass(frozen=True, slots=True)
class ToyDealt(Event):
    seat: int
    card: Card

    def redacted(self) -> Event:
        return ToyDealt(self.seat, UNKNOWN, private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class ToyDeclared(Event):
    seat: int
    stay: bool | None

    def redacted(self) -> Event:
        return ToyDeclared(self.seat, None, private_to=self.private_to)


@dataclass(frozen=True, slots=True)
class ToyRevealed(Event):
    stays: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class ToyActed(Event):
    action: Action


@dataclass(frozen=True, slots=True)
class ToyShowdown(Event):
    shown: tuple[tuple[int, Card], ...]
    winners: tuple[int, ...]
    pot: int
    words: tuple[str, ...] = field(default=())


class ToyHand(Kernel):
    """One hand of high card on the kernel: its phases, each seat's options, the
    dealer's two steps and a handler for each (phase, action) of ``TRANSITIONS``; the
    kernel admits each action (the seat acting, one of its options allowing it) before
    the handler runs, and holds the simultaneous declare."""

    def __init__(self, stacks: Sequence[int], ante: int, rng: random.Random) -> None:
        super().__init__("deal", len(stacks))
        self.n = len(stacks)
        self.stacks = list(stacks)
        self._stock(Deck.standard(rng=rng).cards, rng)
        self.cards: list[Card] = []
        self.stays: list[bool | None] = [None] * self.n
        self.put = [0] * self.n
        self.folded = [False] * self.n
        self.to_act: list[int] = []
        self.bet = 0
        self._bets: dict[int, int] = {}
        for seat in range(self.n):
            paid = min(ante, self.stacks[seat])
            self.stacks[seat] -= paid
            self.put[seat] += paid
            self.chips.transfer(seat, POT, paid, "ante")

    # ------------------------------------------------------------------ the phases

    def _simultaneous_phases(self) -> tuple[str, ...]:
        return ("declare",)

    def _turn(self) -> int:
        return self.to_act[0]

    def _dealer_options(self) -> tuple[Option, ...]:
        return ()  # the dealer's steps are taken with advance()

    def _seat_options(self, seat: int) -> tuple[Option, ...]:
        if self.phase == "declare":
            return (DeclareOption(),)
        owed = self.bet - self._bets.get(seat, 0)
        if owed > 0:
            return (FoldOption(), CallOption(amount=min(owed, self.stacks[seat])))
        if self.bet == 0 and self.stacks[seat] >= BET:
            return (CheckOption(), BetOption(min_amount=BET, max_amount=BET))
        return (CheckOption(),)

    # ------------------------------------------------------------------ the handlers

    def _on_declare(self, action: Declare, options: tuple[Option, ...]) -> Event:
        seat = action.seat
        self.stays[seat] = action.stay
        event = self._record(ToyDeclared(seat, action.stay, private_to=frozenset({seat})))
        if self._choose(seat, action.stay):
            self._record(ToyRevealed(tuple(bool(s) for s in self.stays)))
            live = [s for s in range(self.n) if self.stays[s]]
            for s in range(self.n):
                self.folded[s] = not self.stays[s]
            if len(live) <= 1:
                self.phase = "showdown"
            else:
                self.phase = "bet"
                self.to_act = live
        return event

    def _on_bet(self, action: Action, options: tuple[Option, ...]) -> Event:
        seat = action.seat
        event = self._record(ToyActed(action))
        self.to_act.pop(0)
        if isinstance(action, Fold):
            self.folded[seat] = True
        elif isinstance(action, Bet):
            self._pay(seat, action.amount)
            self.bet = action.amount
            self.to_act = [s for s in self._order_after(seat) if not self.folded[s]]
        elif isinstance(action, Call):
            self._pay(seat, min(self.bet - self._bets.get(seat, 0), self.stacks[seat]))
        live = [s for s in range(self.n) if not self.folded[s]]
        if not self.to_act or len(live) <= 1:
            self.phase = "showdown"
        return event

    TRANSITIONS: ClassVar[Mapping[tuple[str, type[Action]], StepHandler]] = {
        ("declare", Declare): _on_declare,
        ("bet", Check): _on_bet, ("bet", Bet): _on_bet,
        ("bet", Call): _on_bet, ("bet", Fold): _on_bet,
    }

    def _order_after(self, seat: int) -> list[int]:
        return [(seat + k) % self.n for k in range(1, self.n)]

    def _pay(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.put[seat] += amount
        self._bets[seat] = self._bets.get(seat, 0) + amount
        self.chips.transfer(seat, POT, amount, "bets")

    # ------------------------------------------------------------------ the dealer

    def _next_dealer_step(self) -> Event:
        if self.phase == "deal":
            self.cards = list(self._draw_cards(self.n))
            for seat, card in enumerate(self.cards):
                self._record(ToyDealt(seat, card, private_to=frozenset({seat})))
            self._start_simultaneous("declare", range(self.n))
            return self.log[-1]
        live = [s for s in range(self.n) if not self.folded[s]]
        pot = sum(self.put)
        if not live:
            live = list(range(self.n))
            shown: tuple[tuple[int, Card], ...] = ()
        elif len(live) == 1:
            shown = ()
        else:
            shown = tuple((s, self.cards[s]) for s in live)
        best = max(self.cards[s].rank for s in live)
        winners = tuple(s for s in live if self.cards[s].rank == best) \
            if len(live) > 1 else tuple(live)
        share, odd = divmod(pot, len(winners))
        for k, s in enumerate(winners):
            self.stacks[s] += share + (1 if k < odd else 0)
            self.chips.transfer(POT, s, share + (1 if k < odd else 0), "wins")
        words = tuple(f"seat {s + 1} shows {c.name}" for s, c in shown)
        self.phase = "over"
        return self._record(ToyShowdown(shown, winners, pot, words))

    def view(self, seat: int | None) -> View:
        shown = {s: c for e in self.log if isinstance(e, ToyShowdown) for s, c in e.shown}
        seats = []
        for s in range(self.n):
            cards: tuple[Card, ...] = ()
            if self.cards:
                cards = (self.cards[s] if s == seat or s in shown else UNKNOWN,)
            seats.append(SeatSnapshot(seat=s, name=f"Seat {s + 1}", stack=self.stacks[s],
                                      bet=self.put[s], cards=cards,
                                      status="out" if self.folded[s] else ""))
        actors = self.actors
        return View(game="High card", seats=tuple(seats), to_act=actors, you=seat,
                    street=self.phase, options=self.legal_actions(seat)
                    if seat is not None and seat in actors else (), over=not actors)


class ToyBot:
    """The toy's bot: a random legal action, from the seat's options alone."""

    style = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, seat_view: SeatView) -> Action:
        return random_option_action(self.rng.choice(seat_view.options), seat_view.seat,
                                    self.rng)


class ToySession(Session):
    capabilities = Capabilities()

    def __init__(self, spec: TableSpec) -> None:
        self._players = spec.players
        self._stacks = list(spec.stacks)
        self.ante = int(spec.stakes.get("ante", 1))
        self.rng = spec.rng or random.Random()
        self.hands = 0
        self._current: ToyHand | None = None

    @property
    def title(self) -> str:
        return "Toy high card"

    @property
    def stakes_text(self) -> str:
        return f"ante {self.ante}"

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._stacks)

    @property
    def chips_held(self) -> int:
        hand = self._current
        return sum(hand.put) if hand is not None and not hand.is_over else 0

    @property
    def is_finished(self) -> bool:
        return False

    def announce(self) -> str:
        return f"Toy high card, ante {self.ante}, one bet of {BET}."

    @property
    def dealer(self) -> int | None:
        return None  # nobody deals: the toy has no button

    def new_hand(self) -> HandState:
        self.hands += 1
        self._current = ToyHand(self._stacks, self.ante, self.rng)
        return self._current

    def settle(self, state: HandState) -> HandResult:
        assert isinstance(state, ToyHand)
        net = tuple(after - before for after, before in zip(state.stacks, self._stacks,
                                                            strict=True))
        self._stacks = list(state.stacks)
        self._current = None
        last = state.events[-1]
        summary, winners = (last.words, last.winners) if isinstance(last, ToyShowdown) \
            else ((), ())
        return HandResult(net=net, summary=(*summary, *(
            f"{self._players[s]} wins" for s in winners)))

    def snapshot(self, state: HandState, seat: int | None) -> View:
        assert isinstance(state, ToyHand)
        view = state.view(seat)
        return replace(view, game=f"{self.title} ({self.stakes_text})",
                       seats=tuple(replace(info, name=name) for info, name
                                   in zip(view.seats, self._players, strict=True)),
                       to_act=tuple(a for a in view.to_act if a != DEALER),
                       hand_no=self.hands)

    def narrate(self, events: Sequence[Event]) -> list[str]:
        lines = []
        for event in events:
            if isinstance(event, ToyDealt) and event.card.is_known:
                lines.append(f"Dealt to {self._players[event.seat]} [{event.card!r}]")
            elif isinstance(event, ToyDeclared):
                said = {None: "decides", True: "says in", False: "says out"}[event.stay]
                lines.append(f"{self._players[event.seat]} {said}")
            elif isinstance(event, ToyActed):
                lines.append(f"{self._players[event.action.seat]}: "
                             f"{type(event.action).__name__.lower()}")
            elif isinstance(event, ToyShowdown):
                lines.extend(event.words)
        return lines

    def make_bot(self, seat: int, rng: random.Random, level: str = "normal") -> Bot:
        return ToyBot(rng)


ENTRY = Game(name="toy-high-card", title="Toy high card", family="test",
                  description="one hidden card, highest wins", min_seats=2, max_seats=6,
                  factory=ToySession, default_stakes={"ante": 1}, default_stack=200)


def ensure_registered() -> bool:
    """Register the toy game unless it is registered (it then stays in this process's
    catalog, beside the rulebook's games); True when this call added it."""
    if any(entry.name == ENTRY.name for entry in all_games()):
        return False
    register(ENTRY)
    return True


def unregister_if(added: bool) -> None:
    """Take the toy game out of the catalog again if ``added`` (what
    :func:`ensure_registered` answered), so no other test sees a game outside the
    rulebook."""
    if added:
        unregister(ENTRY.name)
