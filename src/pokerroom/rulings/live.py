"""A hand dealt by a person with real cards, followed card by card, with floor rulings.

The dealer tells a :class:`LiveHand` each card as it is really dealt, one at a time and
in the order it leaves the deck: ``deal(seat, "As")``, ``deal(BOARD, "Kd")``,
``burn("7c")``. The players' actions go to :meth:`LiveHand.apply` as usual. When something
goes wrong, :meth:`LiveHand.report` takes a typed report (:mod:`pokerroom.rulings.reports`),
returns the :class:`~pokerroom.rulings.ruling.Ruling` and applies its remedy: a redeal,
a card replaced and used as the burn, a card held out, a dead hand, returned bets.

Underneath runs the ordinary engine hand. Cards dealt round by round are gathered until
the round is complete and then handed to the engine in its own order, so what the
engine keeps is always a legal hand; the live hand keeps the list of steps (actions and
:mod:`~pokerroom.rulings.fixes`) that rebuilds it, and the history of everything that
happened at the table, rulings included (:attr:`LiveHand.events`).

>>> from pokerroom.engine import GameConfig, BOARD
>>> from pokerroom.cards import card
>>> from pokerroom.rulings.reports import ExposedCard
>>> live = LiveHand(GameConfig.of("holdem", "no limit", blinds=(1, 2)), [100, 100, 100],
...                 button=2)
>>> live.expected()
'a card to seat 0 (down)'
>>> _ = live.deal(0, "As")
>>> print(live.report(ExposedCard(0, card("As"))))
[holdem-1] Misdeal: the first hole card was exposed; reshuffle, recut and redeal, the button stays
>>> live.expected(), live.button
('a card to seat 0 (down)', 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pokerroom.cards import Card
from pokerroom.core import DEALER, Action, BetOption, Event, HandState, Option, RaiseOption
from pokerroom.engine import (
    BurnCard,
    DealCards,
    GameConfig,
    PlayerActed,
    PokerHand,
    Showdown,
)
from pokerroom.engine.dealing import BurnOption, DealOption, holds_openers
from pokerroom.engine.state import BET
from pokerroom.errors import IllegalActionError, OutOfTurnError
from pokerroom.figures import listed
from pokerroom.rulings.dealing import BURN_PILE, RESERVE, LiveDealing, Slot
from pokerroom.rulings.fixes import (
    Fix,
    KillHand,
    MakeOpener,
    SetAsideStack,
)
from pokerroom.rulings.reports import Irregularity
from pokerroom.rulings.ruling import Ruling, RulingMade, RulingOptions
from pokerroom.tableview import View

__all__ = [
    "BURN_PILE",
    "CHOICES",
    "HANDLERS",
    "RESERVE",
    "WATCHERS",
    "Choice",
    "ChoiceOption",
    "LiveHand",
    "Slot",
]


@dataclass(frozen=True, slots=True)
class Choice(Action):
    """A choice a ruling gives a player (declaring all in, declaring the pot open);
    ``what`` names it and ``take`` says yes or no."""

    what: str = ""
    take: bool = True


@dataclass(frozen=True, slots=True)
class ChoiceOption(Option):
    """The player may answer the choice ``what`` yes or no."""

    what: str

    def allows(self, action: Action) -> bool:
        return isinstance(action, Choice) and action.what == self.what


_T = TypeVar("_T")
Handler = Callable[["LiveHand", Any], Ruling]
HANDLERS: dict[tuple[type, str], Handler] = {}
"""Ruling procedures by (report type, game family); family ``"*"`` matches any game."""
CHOICES: dict[str, Callable[[LiveHand, Choice], Event]] = {}
"""What each player choice does once answered."""
WATCHERS: list[Callable[[LiveHand], None]] = []
"""Run after each input a live hand takes (a card, an action, a report): a game's
rulings may give a player a choice there that the engine does not (``jacks-5``)."""


def family(config: GameConfig) -> str:
    """The game family whose rules apply: ``holdem`` (hold'em and Omaha), ``lowball``,
    ``draw`` (draw high and jacks or better) or ``stud``."""
    variant = config.variant
    if variant.is_stud:
        return "stud"
    if variant.name.startswith("lowball"):
        return "lowball"
    if variant.streets[0].hole and any(s.draw for s in variant.streets):
        return "draw"
    return "holdem"


def _run_step(hand: PokerHand, step: Action) -> Event | None:
    """Apply a step to the engine hand: an action, or a correction (which has no event)."""
    if isinstance(step, Fix):
        step.apply_to(hand)
        return None
    return hand.apply(step)


class LiveHand(LiveDealing, HandState):
    """One hand dealt with real cards. See the module docstring."""

    def __init__(self, config: GameConfig, stacks: Sequence[int], *, button: int = -1,
                 seated: Sequence[bool] | None = None,
                 options: RulingOptions | None = None) -> None:
        self._origin = (config, tuple(stacks), button,
                        tuple(seated) if seated is not None else None, options)
        self._start()

    def _start(self) -> None:
        """The hand as it was built, before anything was dealt, done or reported."""
        config, stacks, button, seated, options = self._origin
        self.config = config
        self.options = options if options is not None else RulingOptions()
        self.family = family(config)
        self.start_stacks = stacks
        self.seated = seated
        self.button = button % len(stacks)
        self.history: list[Event] = []
        self.rulings: list[Ruling] = []
        self.barred: set[int] = set()
        self.deals = 0
        self.inputs: list[tuple[str, Any]] = []
        self._depth = 0
        self._restart()

    # ------------------------------------------------------------------ setup

    def _restart(self) -> None:
        """A fresh deal with the same stacks (a redeal after a misdeal, or the first)."""
        self.deals += 1
        self.steps: list[Action] = []
        self.rebuild()                      # a fresh engine hand: there are no steps yet
        self.history.extend(self.hand.events)
        self._reset_dealing()
        self.exposed: list[tuple[int, Card]] = []
        self.no_raise: dict[int, str] = {}
        self.choices: dict[int, tuple[Option, ...]] = {}
        self.chips_aside: dict[int, int] = {}
        self.note: dict[str, Any] = {}
        self._plan_group()

    def misdeal(self, *, button: int | None = None,
                seated: Sequence[bool] | None = None) -> None:
        """Start the deal over: every card back, the same stacks; the button stays unless
        ``button`` moves it; ``seated`` changes who is dealt in."""
        def redeal() -> None:
            if button is not None:
                self.button = button % len(self.start_stacks)
            if seated is not None:
                self.seated = tuple(seated)
            self._restart()
        self._input("misdeal", {"button": button, "seated": seated}, redeal, undo=False)

    # ------------------------------------------------------------------ the log of inputs

    def _input(self, kind: str, value: Any, run: Callable[[], _T], *, undo: bool) -> _T:
        """Run one input from outside (a dealer's card, a player's action, a report, a
        misdeal) and add it to :attr:`inputs`, the hand's log of what it was told. With
        ``undo``, an input that fails after changing something is undone by building
        the hand again from the log: nothing of it remains. Inputs a ruling makes
        while it runs belong to the ruling's own input."""
        outer = self._depth == 0
        self._depth += 1
        try:
            result = run()
        except Exception:
            self._depth -= 1
            if outer and undo:
                self._replay(self.inputs)
            raise
        self._depth -= 1
        if outer:
            self.inputs.append((kind, value))
            for watch in WATCHERS:
                watch(self)
        return result

    def replayed(self) -> LiveHand:
        """A new hand built from this one's start and its log of inputs: the same
        hand (a hand is its log)."""
        config, stacks, button, seated, options = self._origin
        again = LiveHand(config, stacks, button=button, seated=seated, options=options)
        again._replay(self.inputs)
        return again

    def _replay(self, inputs: Sequence[tuple[str, Any]]) -> None:
        """Build the hand again from its start and ``inputs``."""
        self._start()
        for kind, value in inputs:
            if kind == "misdeal":
                self.misdeal(**value)
            else:
                getattr(self, kind)(value)               # apply or report

    # ------------------------------------------------------------------ reading

    @property
    def actors(self) -> tuple[int, ...]:
        if self.deal_queue:
            return (DEALER,)
        if self.choices:
            return (min(self.choices),)
        return self.hand.actors

    @property
    def events(self) -> Sequence[Event]:
        return self.history

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        if self.deal_queue:
            if seat not in (None, DEALER):
                return ()
            slot = self.deal_queue[0]
            if slot.to == BURN_PILE:
                return (BurnOption(),)
            return (DealOption(slot.to, 1, (slot.face_up,)),)
        if self.choices:
            who = seat if seat is not None else min(self.choices)
            return self.choices.get(who, ())
        options = self.hand.legal_actions(seat)
        who = seat if seat is not None else (self.hand.actors or (DEALER,))[0]
        if self._may_claim_openers(who):
            options = self.hand.betting_options(who)
        if self.no_raise.get(who) == self.hand.street_name:
            options = tuple(o for o in options
                            if not isinstance(o, BetOption | RaiseOption))
        return options

    def view(self, seat: int | None) -> View:
        return self.hand.view(seat)

    def expected(self) -> str:
        """What the dealer is to do next, in words."""
        if self.deal_queue:
            return str(self.deal_queue[0])
        if self.choices:
            seat = min(self.choices)
            return f"seat {seat} to choose: {', '.join(map(repr, self.choices[seat]))}"
        actors = self.hand.actors
        if not actors:
            return "the hand is over"
        if actors == (DEALER,):
            return "the showdown"
        return f"seat {actors[0]} to act"

    @property
    def acted(self) -> int:
        """How many player actions this deal has seen (forced bets excluded)."""
        return sum(isinstance(e, PlayerActed) for e in self.hand.events)

    @property
    def dealing(self) -> bool:
        """True while the dealer has cards of the current round still to deal."""
        return bool(self.deal_queue)

    @property
    def total_chips(self) -> int:
        """Stacks, the pot and any stack set aside: constant through the hand."""
        return self.hand.total_chips + sum(self.chips_aside.values())

    @property
    def final_stacks(self) -> tuple[int, ...]:
        return self.hand.final_stacks

    def returns(self) -> dict[int, int]:
        """The engine hand's returns (a stack set aside, ``stud-17``, stays its owner's
        in the hand's ledger)."""
        return self.hand.returns()

    # ------------------------------------------------------------------ the engine

    def _engine(self, action: Action) -> Event | None:
        """Apply one step to the engine hand and record it."""
        event = _run_step(self.hand, action)
        self.steps.append(action)
        self._sync()
        return event

    def _sync(self) -> None:
        events = self.hand.events
        self.history.extend(events[self._seen:])
        self._seen: int = len(events)
        if self.hand.is_over and self.chips_aside:
            aside, self.chips_aside = self.chips_aside, {}
            for seat, amount in sorted(aside.items()):
                self._engine(SetAsideStack(owner=seat, amount=amount, back=True))

    def rebuild(self) -> PokerHand:
        """Replay the steps on a fresh engine hand (the history is left as it is)."""
        hand = self.config.new_hand(list(self.start_stacks), button=self.button,
                                    deck=self.config.deck_cards(), seated=self.seated)
        hand.all_in_declares = False        # the floor offers it (jacks-5, rulings.jacks)
        for step in self.steps:
            _run_step(hand, step)
        self.hand = hand
        self._seen = len(hand.events)
        return hand

    def apply_fix(self, fix: Fix) -> None:
        """Apply a ruling's correction now (recorded with the steps). A dead hand's
        cards of the round being dealt are dead too, and it is dealt no more."""
        self._engine(fix)
        if isinstance(fix, KillHand):
            seat = fix.victim
            self.out_of_play.extend(self.round_cards(seat))
            self.group = [item for item in self.group if item[0] != seat]
            self.deal_queue = [slot for slot in self.deal_queue if slot.to != seat]
            if self.group and not self.deal_queue:
                self._flush()
        self._plan_group()

    # ------------------------------------------------------------------ protocol

    def apply(self, action: Action) -> Event:
        return self._input("apply", action, lambda: self._apply(action),
                           undo=self._may_claim_openers(action.seat))

    def _apply(self, action: Action) -> Event:
        if isinstance(action, Fix):
            raise IllegalActionError("corrections come only from a ruling (report)")
        if isinstance(action, Choice):
            options = self.choices.get(action.seat, ())
            if not any(o.allows(action) for o in options):
                raise OutOfTurnError(f"seat {action.seat} has no such choice now")
            del self.choices[action.seat]
            return CHOICES[action.what](self, action)
        if isinstance(action, DealCards):
            return self._deal_physical(action) or _Dealt(action, private_to=frozenset())
        if isinstance(action, BurnCard):
            return self._burn_physical(action) or _Dealt(action, private_to=frozenset())
        if self.deal_queue:
            raise OutOfTurnError(f"the dealer must first deal {self.deal_queue[0]}")
        if self.choices:
            raise OutOfTurnError(self.expected())
        options = self.legal_actions(action.seat)
        if self.no_raise.get(action.seat) == self.hand.street_name and \
                not isinstance(action, Showdown) and not any(o.allows(action) for o in options):
            raise IllegalActionError(f"seat {action.seat} may not bet or raise on "
                                     f"{self.no_raise[action.seat]} (stud-14)")
        if self._may_claim_openers(action.seat) and type(action).__name__ == "Bet":
            self._engine(MakeOpener(owner=action.seat))      # undone if the bet fails
        event = self._engine(action)
        assert event is not None
        self._plan_group()
        return event

    def cut_oversize(self, action: Action) -> tuple[Action, str]:
        """An oversize bet cut to the maximum (SUPPLEMENT §2), in the engine hand's
        words; see :meth:`pokerroom.core.HandState.cut_oversize`."""
        cut, words = super().cut_oversize(action)
        if cut is not action:
            same, engine_words = self.hand.cut_oversize(action)
            if same == cut and engine_words:
                words = engine_words
        return cut, words

    def _may_claim_openers(self, seat: int) -> bool:
        """Jacks or better: the dealer does not see the cards, so a player may open
        claiming openers they do not hold (``jacks-2`` rules on it when shown)."""
        hand = self.hand
        return (hand.variant.openers_required and hand.street == 0 and hand.phase == BET
                and hand.opener_seat < 0 and hand.actor == seat and seat >= 0
                and not holds_openers(hand.hole[seat]))

    def advance(self) -> Event:
        """The showdown, once the hand is ready for it (cards come from the dealer)."""
        if self.deal_queue:
            raise OutOfTurnError(f"the dealer must deal {self.deal_queue[0]}")
        return self.apply(Showdown())

    def report(self, report: Irregularity) -> Ruling:
        """Rule on ``report``, apply the remedy and record both in the history (the
        ruling first, then what it brings about: a new deal, a returned bet...). An
        irregularity the rules do not cover here raises :class:`IllegalActionError` and
        changes nothing, as does a report naming a seat the table does not have."""
        size = len(self.start_stacks)
        for seat in report.seats():
            if not 0 <= seat < size:
                raise IllegalActionError(f"there is no seat {seat} at this table of {size} "
                                         "seats")
        handler = HANDLERS.get((type(report), self.family)) or \
            HANDLERS.get((type(report), "*"))
        if handler is None:
            games = sorted({games for (kind, games) in HANDLERS if kind is type(report)})
            where = f": it is ruled in {listed(games)} games" if games else ""
            raise IllegalActionError(f"{self.config.variant.title} has no ruling for "
                                     f"\"{report.describe()}\"{where}")
        return self._input("report", report, lambda: self._rule(report, handler), undo=True)

    def _rule(self, report: Irregularity, handler: Handler) -> Ruling:
        mark = len(self.history)
        ruling = handler(self, report)
        if self.group and not self.deal_queue:
            self._flush()
        self.rulings.append(ruling)
        hidden = report.hidden()
        self.history.insert(mark, RulingMade(report, ruling, hidden,
                                             private_to=frozenset() if hidden else None))
        return ruling

    def offer(self, seat: int, what: str) -> None:
        """Give ``seat`` the choice ``what`` (answered with :class:`Choice`)."""
        self.choices[seat] = (ChoiceOption(what),)


@dataclass(frozen=True, slots=True)
class _Dealt(Event):
    """A card the dealer dealt that the engine has not taken yet (its round is not
    complete); only the dealer's console sees it."""

    action: Action
