"""The machinery Guts and Herbie deals share: dealing one card at a time, simultaneous
choices that stay hidden until all are in, declaring in turn, passing and drawing.

A deal is a :class:`~pokerroom.core.HandState`. Dealer steps (``actors == (DEALER,)``)
come from the deal's deck through :meth:`HomeDeal.advance`, or name the card explicitly
with ``DealerStep(card=...)``; a stacked :class:`~pokerroom.deck.Deck` gives a fixed deal.
Every action is validated before anything changes: an illegal one raises
:class:`~pokerroom.errors.IllegalActionError` (or :class:`OutOfTurnError`) and the deal is
as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import (
    Action,
    Declare,
    DeclareOption,
    Draw,
    DrawOption,
    Event,
    Option,
    PassCard,
    PassOption,
)
from pokerroom.deck import Deck, RandomSource
from pokerroom.engine import pots
from pokerroom.engine.kernel import Kernel, StepHandler
from pokerroom.engine.ledger import CASHIER, POT
from pokerroom.errors import DeckExhaustedError, IllegalActionError
from pokerroom.hands.base import HandValue
from pokerroom.homegames.events import (
    PHANTOM,
    CardDealt,
    DealerStep,
    DealerStepOption,
    DealStarted,
    Decided,
    Declared,
    DeclaresRevealed,
    Drew,
    PassesRevealed,
    ShowdownSettled,
    Shown,
)
from pokerroom.tableview import (
    DECIDED,
    IN,
    OUT,
    SAID_IN,
    SAID_OUT,
    YOU_SAID,
    View,
    seat_snapshot,
    unnamed_seats,
)

__all__ = ["HomeDeal", "HomeHand", "clockwise_from_left", "exchange", "split_from_dealers_left"]


def clockwise_from_left(dealer: int, players: int) -> tuple[int, ...]:
    """Seats in order from the dealer's left, the dealer last.

    >>> clockwise_from_left(1, 4)
    (2, 3, 0, 1)
    """
    return tuple(pots.clockwise_from(dealer, players, range(players)))


def split_from_dealers_left(amount: int, seats: Sequence[int], dealer: int,
                 players: int) -> dict[int, int]:
    """Share ``amount`` among ``seats``; odd chips go one each to the first of them
    clockwise from the dealer's left (``supp-home-odd-chip``).

    >>> split_from_dealers_left(7, [0, 2], dealer=1, players=4)
    {2: 4, 0: 3}
    """
    return dict(pots.split_evenly(amount, pots.clockwise_from(dealer, players, seats)))


def exchange(hands: Sequence[list[Card]], passes: Iterable[tuple[int, int, Card]]) -> None:
    """Move each passed card ``(from, to, card)`` from its giver's hand to its taker's,
    all at once: no card passed on is passed again.

    >>> from pokerroom.cards import parse_cards
    >>> hands = [list(parse_cards("As Kd")), list(parse_cards("2c 3c"))]
    >>> exchange(hands, [(0, 1, hands[0][0]), (1, 0, hands[1][1])])
    >>> hands
    [[Kd, 3c], [2c, As]]
    """
    passes = tuple(passes)
    for giver, _, given in passes:
        hands[giver].remove(given)
    for _, taker, given in passes:
        hands[taker].append(given)


_HIDDEN = tuple((UNKNOWN,) * count for count in range(53))
"""``count`` hidden cards."""
_FACE_UP = tuple((True,) * count for count in range(53))
"""``count`` cards face up."""
_NONE_SHOWN: dict[int, Shown] = {}
"""No hand shown (never changed)."""


class HomeHand(Kernel):
    """A hand of a home game (a deal of Guts or Herbie, a hand of Hearts Poker), on the
    kernel (:class:`~pokerroom.engine.kernel.Kernel`): its cards come from the stub
    loaded with ``deck`` (``rng`` mixes the discards shuffled back in), dealt by the
    dealer's steps (:class:`~pokerroom.homegames.events.DealerStep`), which also
    settle the showdown; :attr:`muck` keeps the discards and :attr:`shown` the hands
    turned up."""

    def __init__(self, players: int, dealer: int, deck: Deck,
                 rng: RandomSource | None) -> None:
        super().__init__("deal", players)
        self.dealer = dealer
        self._stock(deck.cards, rng if rng is not None else random.Random(0))
        self.muck: list[Card] = []
        self.shown: tuple[Shown, ...] = ()
        self._queue: list[Any] = []
        """The turns still to come of a step taken in turn: the seats, or the recipients
        of the cards being dealt."""

    def dealer_action(self) -> Action:
        return DealerStep()

    def _dealer_options(self) -> tuple[Option, ...]:
        return (DealerStepOption(self.phase),)

    def _turn_taken(self, event: Event) -> Event:
        """Log ``event``, which ends the current turn of a step taken in turn (a card
        dealt, a draw): on to the next turn, or after the last to the next of its steps."""
        self._record(event)
        self._queue.pop(0)
        if not self._queue:
            self._next_stage()
        return event

    def _chosen(self, action: Action, choice: object, reveal: Callable[[], Event]) -> Event:
        """``action``'s seat makes its hidden ``choice`` in the simultaneous step under
        way, logged as :class:`~pokerroom.homegames.events.Decided`; once the last choice
        is in, ``reveal`` makes the event that reveals them all, logged before the
        next step starts."""
        if not self._choose(action.seat, choice):
            return self._record(Decided(seat=action.seat, step=self.phase))
        event = self._record(reveal())
        self._next_stage()
        return event

    def _start_showdown(self) -> None:
        """The stage of a home game's steps that hands the showdown to the dealer."""
        self.phase = "showdown"


class HomeDeal(HomeHand):
    """Base of the Guts and Herbie deal states, on the kernel
    (:class:`~pokerroom.engine.kernel.Kernel`): its ``TRANSITIONS`` table names the
    handler of each step's action, and its ``STAGES`` the steps a deal is made of. A
    game gives its steps (``_steps``: the steps after the cards are dealt, worked out
    from its house rules) and its settlement (:meth:`_showdown`), whose every result
    :meth:`_settle` records, chips and all: the deal's :attr:`chips` open with the pot
    it is dealt for, so its returns are each seat's net over the deal, ante included."""

    PHANTOM_NAME: ClassVar[str] = "the ghost"
    """What the hand dealt to no player is called."""

    declares_at_once: bool = True
    """Whether the declare is simultaneous (else in turn from the dealer's left)."""

    evaluate: Callable[[Sequence[Card]], HandValue]
    """The value of a hand under the table's ranking."""

    _queue: list[int]
    """The seats to take their turns, or the owners of the cards being dealt."""

    def __init__(self, *, players: int, dealer: int, pot: int, deck: Deck,
                 rng: RandomSource | None, deal_no: int, must_stay: bool = False,
                 antes: Mapping[int, int] | None = None) -> None:
        super().__init__(players, dealer, deck, rng)
        self.players = players
        self.antes: dict[int, int] = dict(antes or {})
        """What each seat anted into ``pot`` at the start of this deal (the table takes
        the antes; the deal's :attr:`chips` open with them, so its returns count them)."""
        self._open_with([(CASHIER, POT, pot - sum(self.antes.values()),
                          "carried from the last deal"),
                         *((seat, POT, amount, "ante") for seat, amount in self.antes.items())])
        self.order = clockwise_from_left(dealer, players)
        """The seats from the dealer's left, the dealer last: the order of the turns."""
        self.pot = pot
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.phantom: list[Card] = []
        self.must_stay = must_stay
        self.ins: tuple[int, ...] | None = None
        self.payouts: dict[int, int] = {}
        self.payments: list[tuple[int, int, str]] = []
        self.log.append(DealStarted(deal=deal_no, dealer=dealer, pot=pot,
                                        must_stay=must_stay))

    # ------------------------------------------------------------------ protocol

    title: str
    """The game's name."""

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see: its own hand, how many cards the others hold, every
        hand shown at the showdown, each declare once it is known (or that a hidden
        choice is made), the phantom's hand as an extra hand, and the pot. A deal
        holds no stacks (its table does): they read 0 here."""
        phase = self.phase
        hidden = phase in self._simultaneous_phases()
        aloud = phase == "declare" and not hidden
        over = phase in ("showdown", "over")
        # drawn at every step the table, the bots or a check looks at: snapshots built
        # positionally (SeatSnapshot's order: seat, name, stack, bet, cards, up, status,
        # marker, note, wagers), names made once
        # (and each seat's snapshot given again where it is as it was: seat_snapshot)
        every = {s.owner: s for s in self.shown} if self.shown else _NONE_SHOWN
        shown = every if over else _NONE_SHOWN
        dealer = self.dealer
        names = unnamed_seats(self.players)
        ins, choices = self.ins, self._choices
        seats = []
        for s, hand in enumerate(self.hands):
            turned = shown.get(s)
            # _status's first answers at once
            status = ((IN if s in ins else OUT) if ins is not None
                      else self._status(s, seat, hidden, aloud) if s in choices else "")
            marker = "D" if s == dealer else ""
            if turned is None:
                cards = tuple(hand) if s == seat else _HIDDEN[len(hand)]
                seats.append(seat_snapshot(s, names[s], 0, 0, cards, (), status, marker, ""))
            else:
                seats.append(seat_snapshot(s, names[s], 0, 0, turned.cards,
                                           _FACE_UP[len(turned.cards)], status, marker,
                                           turned.description))
        phantom = every[PHANTOM].cards if PHANTOM in every else _HIDDEN[len(self.phantom)]
        actors = self.actors
        return View(self.title, tuple(seats), (),
                    ((self.PHANTOM_NAME, phantom),) if self.phantom else (),
                    (("pot", self.pot),), actors, seat, phase, 0, dealer, (),
                    () if seat is None else self.legal_actions(seat), not actors)

    def _status(self, s: int, viewer: int | None, hidden: bool, aloud: bool) -> str:
        """Seat ``s``'s declare as ``viewer`` may know it."""
        if self.ins is not None:
            return IN if s in self.ins else OUT
        if s not in self._choices:
            return ""
        if hidden:
            return YOU_SAID[bool(self._choices[s])] if s == viewer and \
                self.phase == "declare" else DECIDED
        if aloud:
            return SAID_IN if self._choices[s] else SAID_OUT
        return ""

    # ------------------------------------------------------------------ subclass hooks

    def _dealer_phases(self) -> tuple[str, ...]:
        return ("deal", "showdown", "auto-in")

    def _turn(self) -> int:
        return self._queue[0]

    def _simultaneous_phases(self) -> tuple[str, ...]:
        return ("pass",) + (("declare",) if self.declares_at_once else ())

    def _seat_options(self, seat: int) -> tuple[Option, ...]:
        if self.phase == "declare":
            return (DeclareOption(must_stay=self.must_stay),)
        if self.phase == "pass":
            return (PassOption(tuple(self.hands[seat]), (seat + 1) % self.players),)
        return (DrawOption(0, self._max_draw()),)  # the draw

    def _max_draw(self) -> int:
        return len(self.hands[self._queue[0]])

    def _showdown(self) -> Event:
        """The game's settlement of the deal (its one named hook beside its steps)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the steps

    def _in_turn(self, phase: str, turns: Iterable[int]) -> None:
        """Open the step ``phase``, taken one turn after another in the order of
        ``turns`` (seats, or the recipients of the cards dealt)."""
        self.phase = phase
        self._queue = list(turns)

    def _start_declare(self) -> None:
        """The declare: all at once, or in turn from the dealer's left."""
        if self.declares_at_once:
            self._start_simultaneous("declare", range(self.players))
        else:
            self._in_turn("declare", self.order)
            self._choices = {}

    def _muck_hands(self, seats: Iterable[int]) -> None:
        """``seats`` give up their cards to the discards."""
        for seat in seats:
            self.muck.extend(self.hands[seat])
            self.hands[seat] = []

    def _start_draw_ins(self) -> None:
        """Those out give up their cards; those in draw in turn (nobody in: on to the
        next step)."""
        ins = self.ins or ()
        self._muck_hands(s for s in range(self.players) if s not in ins)
        if not ins:
            self._next_stage()
            return
        self._in_turn("draw", ins)

    STAGES: ClassVar[Mapping[str, Callable[[Any], None]]] = {
        # every seat passes a card to its left at once (Guts' pass option)
        "pass": lambda deal: deal._start_simultaneous("pass", range(deal.players)),
        # every seat discards and draws in turn from the dealer's left
        "draw": lambda deal: deal._in_turn("draw", deal.order),
        "declare": _start_declare,
        "draw-ins": _start_draw_ins,
        "showdown": HomeHand._start_showdown,
    }
    """The steps a deal is made of, after the cards are dealt."""

    # ------------------------------------------------------------------ steps

    def _match(self, seats: Sequence[int], cap: int | None,
               words: list[str]) -> list[tuple[int, int, str]]:
        """Each of ``seats`` pays the pot's worth into it, no more than the table maximum
        ``cap`` (``None``: no maximum), said in ``words`` when any pays: the payments,
        added to :attr:`payments`."""
        amount = self.pot if cap is None else min(self.pot, cap)
        capped = amount < self.pot
        paid = [(seat, amount, "matches the pot up to the table maximum" if capped
                 else "matches the pot") for seat in seats]
        self.payments.extend(paid)
        if seats:
            words.append(", ".join(f"seat {s + 1}" for s in seats)
                         + (" matches" if len(seats) == 1 else " match")
                         + f" the pot ({self.pot})"
                         + (f", up to the table maximum {cap}" if capped else ""))
        return paid

    def _show(self, owners: Sequence[int]) -> dict[int, HandValue]:
        """Turn up the hands of ``owners`` (seats, or :data:`PHANTOM`) as :attr:`shown`;
        their values."""
        cards = {s: tuple(self.phantom if s == PHANTOM else self.hands[s]) for s in owners}
        values = {s: self.evaluate(hand) for s, hand in cards.items()}
        self.shown = tuple(Shown(s, cards[s], values[s].description) for s in owners)
        return values

    def _settle(self, payments: Sequence[tuple[int, int, str]], words: Sequence[str],
                playoff: tuple[int, ...] = ()) -> ShowdownSettled:
        """Log the showdown's result and move its chips in :attr:`chips`: what each
        winner takes from the pot (:attr:`payouts`: only the last showdown of a deal
        has winners), then what each seat pays into it (``payments``), with ``words``
        for its summary; the deal is then over (a game that plays off starts its
        play-off afterwards)."""
        result = ShowdownSettled(pot=self.pot, shown=self.shown,
                                 payouts=tuple(self.payouts.items()),
                                 payments=tuple(payments), playoff=playoff,
                                 summary="; ".join(words))
        for seat, amount in result.payouts:
            self.chips.transfer(POT, seat, amount, "wins the pot")
        for seat, amount, reason in result.payments:
            self.chips.transfer(seat, POT, amount, reason)
        self.log.append(result)
        self.phase = "over"
        return result

    def _restock(self, need: int) -> int:
        """Shuffle the discards (never the phantom's or live hands) into a deck short of
        the ``need`` cards about to be dealt: how many (0: the deck had enough)."""
        if need <= len(self.deck):
            return 0
        if need > len(self.deck) + len(self.muck):
            raise DeckExhaustedError(need, len(self.deck) + len(self.muck))
        count = len(self.muck)
        self._put_back(self.muck)
        self.muck = []
        return count

    def _dealer_step(self, action: DealerStep, options: tuple[Option, ...]) -> Event:
        wanted = action.card
        if self.phase == "deal":
            recipient = self._queue[0]
            # the next card (or the named one), shuffling the discards into an empty deck
            if not self.deck and wanted is not None and wanted not in self.muck:
                raise IllegalActionError(f"{wanted!r} is not in the deck")
            reshuffled = self._restock(1)
            got = self._deal_card(wanted)
            phantom = recipient == PHANTOM
            (self.phantom if phantom else self.hands[recipient]).append(got)
            return self._turn_taken(CardDealt(
                to=recipient, card=got, reshuffled=reshuffled,
                private_to=frozenset(() if phantom else (recipient,))))
        if wanted is not None:
            raise IllegalActionError("only a dealing step takes a named card")
        if self.phase == "auto-in":
            event = self._record(Declared(seat=self.dealer, stay=True, automatic=True))
            self.ins = (self.dealer,)
            self._next_stage()
            return event
        return self._showdown()

    def _declare(self, action: Declare, options: tuple[Option, ...]) -> Event:
        if self.declares_at_once:
            return self._chosen(action, action.stay, self._reveal_declares)
        event = self._record(Declared(seat=action.seat, stay=action.stay))
        self._choices[action.seat] = action.stay
        self._queue.pop(0)
        if self._queue == [self.dealer] and not any(self._choices.values()):
            self.phase = "auto-in"
        elif not self._queue:
            self._reveal_declares()
            self._next_stage()
        return event

    def _reveal_declares(self) -> Event:
        """The declares read into :attr:`ins`, from the dealer's left: the event that
        reveals them together (logged only where the declare is simultaneous)."""
        self.ins = tuple(s for s in self.order if self._choices.get(s))
        outs = tuple(s for s in self.order if s in self._choices and not self._choices[s])
        return DeclaresRevealed(ins=self.ins, outs=outs)

    def _pass(self, action: PassCard, options: tuple[Option, ...]) -> Event:
        return self._chosen(action, action.card, self._reveal_passes)

    def _reveal_passes(self) -> Event:
        passes = tuple((seat, (seat + 1) % self.players, self._choices[seat])
                       for seat in range(self.players))
        exchange(self.hands, passes)
        return PassesRevealed(passes=passes, private_to=frozenset())

    def _draw(self, action: Draw, options: tuple[Option, ...]) -> Event:
        seat = action.seat
        hand = self.hands[seat]
        if len(set(action.discards)) != len(action.discards) or any(
                c not in hand for c in action.discards):
            raise IllegalActionError(f"seat {seat + 1} can only discard distinct cards it "
                                     f"holds: {' '.join(map(repr, hand))}")
        reshuffled = self._restock(len(action.discards))
        received = self._draw_cards(len(action.discards))
        for c in action.discards:
            hand.remove(c)
        hand.extend(received)
        self.muck.extend(action.discards)
        return self._turn_taken(Drew(seat=seat, discarded=tuple(action.discards),
                                     received=received, reshuffled=reshuffled,
                                     private_to=frozenset({seat})))

    TRANSITIONS: ClassVar[Mapping[tuple[str, type[Action]], StepHandler]] = {
        **dict.fromkeys([(phase, DealerStep) for phase in ("deal", "auto-in", "showdown")],
                        _dealer_step),
        ("declare", Declare): _declare,
        ("pass", PassCard): _pass,
        ("draw", Draw): _draw,
    }
