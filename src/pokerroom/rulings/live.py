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

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.cards import Card, card, format_cards
from pokerroom.core import DEALER, Action, Event, HandState, Option
from pokerroom.engine import (
    BOARD,
    BurnCard,
    DealCards,
    GameConfig,
    PlayerActed,
    PokerHand,
    Showdown,
)
from pokerroom.engine.dealing import holds_openers
from pokerroom.engine.state import BET, BURN, DEAL, HOLE, SHOW
from pokerroom.errors import IllegalActionError, OutOfTurnError
from pokerroom.rulings.fixes import (
    Fix,
    GiveCards,
    KillHand,
    MakeOpener,
    SetAsideStack,
    SkipBurn,
    TakeBack,
    TurnUp,
)
from pokerroom.rulings.reports import Irregularity
from pokerroom.rulings.ruling import Ruling, RulingMade, RulingOptions

__all__ = [
    "BURN_PILE",
    "CHOICES",
    "HANDLERS",
    "RESERVE",
    "Choice",
    "ChoiceOption",
    "LiveHand",
    "Slot",
]

BURN_PILE = -3
"""Where a physical burn card goes (a :class:`Slot` target)."""
RESERVE = -4
"""Where a card taken out of play and kept in reserve goes (``stud-14``)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One card the dealer is to deal next: to a seat, the board or the burn pile."""

    to: int
    face_up: bool = False

    def __str__(self) -> str:
        if self.to == BURN_PILE:
            return "a burn card"
        if self.to == RESERVE:
            return "a card to set aside (out of play, kept in reserve)"
        if self.to == BOARD:
            return "a board card"
        return f"a card to seat {self.to} ({'up' if self.face_up else 'down'})"


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


Handler = Callable[["LiveHand", Any], Ruling]
HANDLERS: dict[tuple[type, str], Handler] = {}
"""Ruling procedures by (report type, game family); family ``"*"`` matches any game."""
CHOICES: dict[str, Callable[[LiveHand, Choice], Event]] = {}
"""What each player choice does once answered."""


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


class LiveHand(HandState):
    """One hand dealt with real cards. See the module docstring."""

    def __init__(self, config: GameConfig, stacks: Sequence[int], *, button: int = -1,
                 seated: Sequence[bool] | None = None,
                 options: RulingOptions | None = None) -> None:
        self.config = config
        self.options = options if options is not None else RulingOptions()
        self.family = family(config)
        self.start_stacks = tuple(stacks)
        self.seated = tuple(seated) if seated is not None else None
        self.button = button % len(stacks)
        self.history: list[Event] = []
        self.rulings: list[Ruling] = []
        self.deals = 0
        self._restart()

    # ------------------------------------------------------------------ setup

    def _restart(self) -> None:
        """A fresh deal with the same stacks (a redeal after a misdeal, or the first)."""
        self.deals += 1
        self.hand: PokerHand = self.config.new_hand(
            list(self.start_stacks), button=self.button, deck=self.config.deck_cards(),
            seated=self.seated)
        self.steps: list[Action] = []
        self.history.extend(self.hand.events)
        self._seen = len(self.hand.events)
        self.plan: list[Slot] = []
        self.group: list[tuple[int, Card, bool]] = []
        self.group_start = 0
        self.last_group: list[tuple[int, Card, bool]] = []
        self.burn_for: dict[int, Card] = {}
        self.skip_burn_for: set[int] = set()
        self.held_until = -1
        self.remove_before: dict[int, int] = {}
        self.owed: list[tuple[int, str]] = []
        self.owed_round = False
        self.out_of_play: list[Card] = []
        self.reserve: list[Card] = []
        self.extra_burns: list[Card] = []
        self.exposed: list[tuple[int, Card]] = []
        self.preset: dict[int, Card] = {}
        self.turn_up: list[tuple[int, Card, bool]] = []
        self.no_raise: dict[int, str] = {}
        self.choices: dict[int, tuple[Option, ...]] = {}
        self.chips_aside: dict[int, int] = {}
        self.owed_on_draw: dict[int, int] = {}
        self.held: list[Card] = []
        self.pending_fix: list[Fix] = []
        self.barred: set[int] = set()
        self.note: dict[str, Any] = {}
        self._plan_group()

    def misdeal(self, *, button: int | None = None,
                seated: Sequence[bool] | None = None) -> None:
        """Start the deal over: every card back, the same stacks; the button stays unless
        ``button`` moves it; ``seated`` changes who is dealt in."""
        if button is not None:
            self.button = button % len(self.start_stacks)
        if seated is not None:
            self.seated = tuple(seated)
        self._restart()

    # ------------------------------------------------------------------ reading

    @property
    def actors(self) -> tuple[int, ...]:
        if self.choices:
            return (min(self.choices),)
        if self.plan:
            return (DEALER,)
        return self.hand.actors

    @property
    def events(self) -> Sequence[Event]:
        return self.history

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        if self.choices:
            who = seat if seat is not None else min(self.choices)
            return self.choices.get(who, ())
        if self.plan:
            return ()
        options = self.hand.legal_actions(seat)
        who = seat if seat is not None else (self.hand.actors or (DEALER,))[0]
        if self._may_claim_openers(who):
            options = self.hand.betting_options(who)
        if who in self.no_raise and self.hand.street_name == self.no_raise[who]:
            from pokerroom.core import BetOption, RaiseOption
            options = tuple(o for o in options
                            if not isinstance(o, BetOption | RaiseOption))
        return options

    def view(self, seat: int | None) -> Any:
        return self.hand.view(seat)

    def expected(self) -> str:
        """What the dealer is to do next, in words."""
        if self.plan:
            return str(self.plan[0])
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
        return bool(self.plan)

    @property
    def total_chips(self) -> int:
        """Stacks, the pot and any stack set aside: constant through the hand."""
        return self.hand.total_chips + sum(self.chips_aside.values())

    @property
    def final_stacks(self) -> tuple[int, ...]:
        return self.hand.final_stacks

    def unseen(self) -> list[Card]:
        """Cards still in the stub as the table stands."""
        away = {c for _, c, _ in self.group} | set(self.burn_for.values()) | \
            set(self.out_of_play) | set(self.reserve) | set(self.held) | \
            set(self.extra_burns) | set(self.preset.values())
        return [c for c in self.hand.deck if c not in away]

    def cards_in_play(self) -> list[Card]:
        """Every card of the hand: the stub (cards of a round still being dealt, and
        cards out of play, included), the board, burns, discards and hands. Always the
        whole deck, each card once."""
        hand = self.hand
        return [*hand.deck, *hand.board, *hand.burns, *hand.muck,
                *(c for h in hand.hole for c in h)]

    # ------------------------------------------------------------------ dealing

    def deal(self, to: int, *cards: Card | str, face_up: bool | None = None) -> Event | None:
        """The dealer deals ``cards`` (one at a time, in order) to seat ``to`` or
        ``BOARD``. Returns the last engine event the deal completed, if any."""
        parsed = tuple(c if isinstance(c, Card) else card(c) for c in cards)
        flags = () if face_up is None else (face_up,) * len(parsed)
        return self.apply(DealCards(to=to, cards=parsed, face_up=flags))

    def burn(self, burned: Card | str) -> Event | None:
        """The dealer burns a card."""
        return self.apply(BurnCard(card=burned if isinstance(burned, Card) else card(burned)))

    def _check_unseen(self, c: Card) -> None:
        if c not in self.unseen():
            raise IllegalActionError(f"{c!r} is not in the stub (already dealt or out)")

    def _deal_physical(self, action: DealCards) -> Event | None:
        last: Event | None = None
        if not self.plan:
            raise OutOfTurnError(f"no card is due now: {self.expected()}")
        for i, c in enumerate(action.cards):
            slot = self.plan[0] if self.plan else None
            if slot is None or slot.to != action.to:
                raise IllegalActionError(f"the dealer must deal {slot or 'nothing'} "
                                         "(report an irregularity if cards went wrong)")
            if action.face_up and action.face_up[i] != slot.face_up:
                raise IllegalActionError(f"that card is due {'up' if slot.face_up else 'down'}"
                                         "; report an exposed card if it was dealt face up")
            self._check_unseen(c)
            self.group.append((slot.to, c, slot.face_up))
            del self.plan[0]
        if not self.plan:
            last = self._flush()
        return last

    def remove_card(self, removed: Card | str) -> Event | None:
        """The dealer takes a card off the stub and out of play (``stud-14``)."""
        return self.apply(DealCards(to=RESERVE, cards=(
            removed if isinstance(removed, Card) else card(removed),)))

    def _burn_physical(self, action: BurnCard) -> Event | None:
        if not self.plan or self.plan[0].to != BURN_PILE:
            raise OutOfTurnError(f"no burn is due now: {self.expected()}")
        self._check_unseen(action.card)
        self.group.append((BURN_PILE, action.card, False))
        del self.plan[0]
        return self._flush() if not self.plan else None

    def _plan_group(self) -> None:
        """When the engine wants cards, list the physical cards due, in dealing order."""
        hand = self.hand
        while not self.plan and hand.actors == (DEALER,) and hand.phase == DEAL:
            self.group_start = len(self.steps)
            self.group = []
            tasks = list(hand.tasks)
            slots: list[Slot] = []
            holes = [t for t in tasks if t[0] == HOLE]
            street = hand.street
            if street >= self.held_until >= 0:
                self.held = []
                self.held_until = -1
            if street in self.remove_before:
                slots.extend(Slot(RESERVE) for _ in range(self.remove_before.pop(street)))
            if tasks[0][0] == BURN:
                if street in self.skip_burn_for:
                    self.skip_burn_for.discard(street)
                    self._engine(SkipBurn())
                    continue
                if street in self.burn_for:
                    self._engine(BurnCard(card=self.burn_for.pop(street)))
                    continue
                slots.append(Slot(BURN_PILE))
            if holes:
                width = max(len(t[2]) for t in holes)
                for i in range(width):
                    for _, seat, flags in holes:
                        if i < len(flags):
                            up = flags[i]
                            if seat in self.preset and i == len(flags) - 1:
                                self.group.append((seat, self.preset.pop(seat), up))
                            else:
                                slots.append(Slot(seat, up))
            slots.extend(Slot(BOARD, True) for t in tasks if t[0] != HOLE and t[0] != BURN
                         for _ in t[2])
            self.plan = slots
            if not slots:
                self._flush()
        if not self.plan and self.owed and hand.phase != DEAL:
            after_draw = (hand.phase == BET and hand.variant.streets[hand.street].draw) \
                or hand.phase == SHOW
            due = [seat for seat, when in self.owed if when == "now" or
                   (when == "after draw" and after_draw)]
            due = [seat for seat in due if not hand.folded[seat]]
            self.owed = [(s, w) for s, w in self.owed
                         if not (w == "now" or (w == "after draw" and after_draw))]
            if due:
                self.group_start = len(self.steps)
                self.group = []
                self.plan = [Slot(seat) for seat in due]
                self.owed_round = True

    def _flush(self) -> Event | None:
        """The round's cards are all out: hand them to the engine in its order."""
        hand = self.hand
        group = list(self.group)
        last: Event | None = None
        tasks = list(hand.tasks)
        if self.owed_round:
            self.owed_round = False
            for seat, c, up in group:
                self._engine(GiveCards(owner=seat, cards=(c,), face_up=up))
            group, tasks = [], []
        for item in [g for g in group if g[0] == RESERVE]:
            self.reserve.append(item[1])
            group.remove(item)
        for kind, target, flags in tasks:
            if kind == BURN:
                burn = next(c for to, c, _ in group if to == BURN_PILE)
                group.remove((BURN_PILE, burn, False))
                last = self._engine(BurnCard(card=burn))
            else:
                mine = [(to, c, up) for to, c, up in group if to == target]
                cards = tuple(c for _, c, _ in mine)[: len(flags)]
                for item in mine[: len(flags)]:
                    group.remove(item)
                pad = tuple(c for c in self.unseen() if c not in cards)[
                    : len(flags) - len(cards)]
                last = self._engine(DealCards(to=target, cards=cards + pad, face_up=flags))
                if pad:
                    self._engine(TakeBack(owner=target, cards=pad))
                if target != BOARD:
                    for (_, c, up), flag in zip(mine, flags, strict=False):
                        if up != flag:
                            self.turn_up.append((target, c, up))
            if hand.phase != DEAL:
                break
        self.last_group = list(self.group)
        self.group = []
        for seat, c, up in self.turn_up:
            if c in hand.hole[seat]:
                self._engine(TurnUp(owner=seat, card=c, up=up, reseat_action=True))
        self.turn_up = []
        for fix in self.pending_fix:
            self._engine(fix)
        self.pending_fix = []
        self._plan_group()
        return last

    def reopen_round(self) -> bool:
        """Take the last completed round of cards back from the engine (nobody has acted
        since), so a ruling can change it. False when it cannot be reopened."""
        if self.plan or not self.last_group:
            return False
        tail = self.steps[self.group_start:]
        if not tail or not all(isinstance(s, DealCards | BurnCard | Fix) for s in tail):
            return False
        del self.steps[self.group_start:]
        self.rebuild()
        self.group = list(self.last_group)
        self.last_group = []
        return True

    # ------------------------------------------------------------------ the engine

    def _engine(self, action: Action) -> Event | None:
        """Apply one step to the engine hand and record it."""
        if isinstance(action, Fix):
            action.apply_to(self.hand)
            event: Event | None = None
        else:
            event = self.hand.apply(action)
        self.steps.append(action)
        self._sync()
        return event

    def _sync(self) -> None:
        events = self.hand.events
        self.history.extend(events[self._seen:])
        self._seen = len(events)
        if self.hand.is_over and self.chips_aside:
            for seat, amount in sorted(self.chips_aside.items()):
                SetAsideStack(owner=seat, amount=amount, back=True).apply_to(self.hand)
                self.steps.append(SetAsideStack(owner=seat, amount=amount, back=True))
            self.chips_aside = {}

    def rebuild(self) -> PokerHand:
        """Replay the steps on a fresh engine hand (the history is left as it is)."""
        hand = self.config.new_hand(list(self.start_stacks), button=self.button,
                                    deck=self.config.deck_cards(), seated=self.seated)
        for step in self.steps:
            if isinstance(step, Fix):
                step.apply_to(hand)
            else:
                hand.apply(step)
        self.hand = hand
        self._seen = len(hand.events)
        return hand

    def apply_fix(self, fix: Fix) -> None:
        """Apply a ruling's correction now (recorded with the steps). A dead hand's
        cards of the round being dealt are dead too, and it is dealt no more."""
        self._engine(fix)
        if isinstance(fix, KillHand):
            seat = fix.victim
            dead = [item for item in self.group if item[0] == seat]
            for item in dead:
                self.group.remove(item)
                self.out_of_play.append(item[1])
            self.plan = [slot for slot in self.plan if slot.to != seat]
            if self.group and not self.plan:
                self._flush()
        self._plan_group()

    # ------------------------------------------------------------------ protocol

    def apply(self, action: Action) -> Event:
        if isinstance(action, Fix):
            raise IllegalActionError("corrections come only from a ruling (report)")
        if isinstance(action, Choice):
            options = self.choices.get(action.seat, ())
            if not any(o.allows(action) for o in options):
                raise OutOfTurnError(f"seat {action.seat} has no such choice now")
            return CHOICES[action.what](self, action)
        if isinstance(action, DealCards):
            return self._deal_physical(action) or _Dealt(action)
        if isinstance(action, BurnCard):
            return self._burn_physical(action) or _Dealt(action)
        if self.plan:
            raise OutOfTurnError(f"the dealer must first deal {self.plan[0]}")
        if self.choices:
            raise OutOfTurnError(self.expected())
        options = self.legal_actions(action.seat)
        if not isinstance(action, Showdown) and action.seat in self.no_raise and \
                self.hand.street_name == self.no_raise[action.seat] and \
                not any(o.allows(action) for o in options):
            raise IllegalActionError(f"seat {action.seat} may not bet or raise on "
                                     f"{self.no_raise[action.seat]} (stud-14)")
        if self._may_claim_openers(action.seat) and type(action).__name__ == "Bet":
            backup = copy.deepcopy(self.__dict__)
            try:
                self._engine(MakeOpener(owner=action.seat))
                event = self._engine(action)
            except Exception:
                self.__dict__.clear()
                self.__dict__.update(backup)
                raise
        else:
            event = self._engine(action)
        assert event is not None
        self._plan_group()
        return event

    def _may_claim_openers(self, seat: int) -> bool:
        """Jacks or better: the dealer does not see the cards, so a player may open
        claiming openers they do not hold (``jacks-2`` rules on it when shown)."""
        hand = self.hand
        return (hand.variant.openers_required and hand.street == 0 and hand.phase == BET
                and hand.opener_seat < 0 and hand.actor == seat and seat >= 0
                and not holds_openers(hand.hole[seat]))

    def advance(self) -> Event:
        """The showdown, once the hand is ready for it (cards come from the dealer)."""
        if self.plan:
            raise OutOfTurnError(f"the dealer must deal {self.plan[0]}")
        return self.apply(Showdown())

    def report(self, report: Irregularity) -> Ruling:
        """Rule on ``report``, apply the remedy and record both in the history. An
        irregularity the rules do not cover here raises :class:`IllegalActionError` and
        changes nothing."""
        handler = HANDLERS.get((type(report), self.family)) or \
            HANDLERS.get((type(report), "*"))
        if handler is None:
            raise IllegalActionError(f"{type(report).__name__} is not a ruling of "
                                     f"{self.config.variant.title}")
        backup = copy.deepcopy(self.__dict__)
        try:
            ruling = handler(self, report)
            if self.group and not self.plan:
                self._flush()
        except Exception:
            self.__dict__.clear()
            self.__dict__.update(backup)
            raise
        self.rulings.append(ruling)
        hidden = report.hidden()
        self.history.append(RulingMade(report, ruling, hidden,
                                       private_to=frozenset() if hidden else None))
        return ruling

    def offer(self, seat: int, what: str) -> None:
        """Give ``seat`` the choice ``what`` (answered with :class:`Choice`)."""
        self.choices[seat] = (ChoiceOption(what),)

    def set_aside_cards(self, cards: Sequence[Card]) -> str:
        """Words for cards taken out of play."""
        self.out_of_play.extend(cards)
        return format_cards(cards)


@dataclass(frozen=True, slots=True)
class _Dealt(Event):
    """A card the dealer dealt that the engine has not taken yet (its round is not
    complete); only the dealer's console sees it."""

    action: Action
