"""The cards a PHH replay deals for the history's hidden (``??``) cards.

:class:`StandIns` chooses as the replay goes: a card the history names nowhere still in
the deck, and after that the fallbacks of :meth:`StandIns.spare`. A draw hand that may
run through the deck is first replayed by :class:`DryRun` (a deck with a copy of every
card for each time it may be dealt, so that nothing runs out) to learn its card steps;
:func:`pokerroom.history.stand_in_plan.plan_stand_ins` chooses the stand-ins that deal
every named card from the stub, reshuffles included, and :class:`PlannedStandIns`
replays them.

Each policy records, for every card of the replay's deals, burns and discards in order,
whether it stands in for a hidden one (:attr:`StandIns.slots`): the redaction's card
slots, so a writer can hide the stand-ins by place, not by face.

>>> from pokerroom.cards import parse_cards
>>> deck = dry_deck(parse_cards("2c3c4c"), parse_cards("2c"), room=4)
>>> len(deck), deck.count(parse_cards("3c")[0])
(10, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import Action, Draw, Fold
from pokerroom.engine.events import BurnCard, DealCards, Showdown
from pokerroom.engine.state import PokerHand
from pokerroom.errors import HistoryError
from pokerroom.history.stand_in_plan import (
    BURN,
    DEAL,
    DISCARD,
    FOLD,
    CardStep,
    StandInPlan,
)

__all__ = ["DryRun", "PlannedStandIns", "StandIns", "dry_deck"]

_CARD_STEPS = (DealCards, BurnCard, Draw)
"""The steps that deal, burn or throw cards (each card a slot)."""


@dataclass
class StandIns:
    """The cards a history names, and the stand-ins chosen for its hidden cards."""

    named: set[Card]
    stand_ins: set[Card] = field(default_factory=set)
    released: set[Card] = field(default_factory=set)
    """Stand-ins discarded or burned: a reshuffle may bring them back to the deck."""
    on_step: Callable[[PokerHand], None] | None = None
    """Called with the hand after each step of the replay."""
    pending: dict[int, list[Card]] = field(default_factory=dict)
    """Cards of a deal line the dealer owes a seat later: a draw the engine deals in
    parts (``lowball-10``: four cards, then the fifth)."""
    last_named: dict[Card, int] = field(default_factory=dict)
    """The line that names each named card last."""
    slots: list[bool] = field(default_factory=list)
    """For each card dealt, burned or discarded so far: whether it is a stand-in."""
    written: tuple[Card, ...] = ()
    """The cards of the step being applied as the history writes them."""
    chosen: frozenset[Card] = frozenset()
    """Stand-ins chosen before the replay and written into its deals (a hand mucked
    unseen that must lose, a stud door card that must not bring in): dealt as written,
    marked as stand-ins."""
    _marks: tuple[bool, ...] = ()
    planned_burns: ClassVar[bool] = False
    """Whether a burn the history does not write stands in (it is planned) or is just
    the first spare card."""

    def apply(self, hand: PokerHand, action: Action) -> None:
        """Apply one step of the replay (and tell :attr:`on_step`)."""
        hand.apply(action)
        if isinstance(action, _CARD_STEPS):
            self.slots.extend(self._marks)
            self._marks = ()
        self.noted(hand, action)
        if self.on_step is not None:
            self.on_step(hand)

    def noted(self, hand: PokerHand, action: Action) -> None:
        """A step was applied (a hook for :class:`DryRun`)."""

    def _mark(self, written: Sequence[Card], marks: Sequence[bool]) -> None:
        self.written = tuple(written)
        self._marks = tuple(marks)

    def _free(self, card: Card) -> bool:
        return card not in self.named or card in self.released

    def spare(self, hand: PokerHand, count: int = 1) -> list[Card]:
        """The cards a hidden card of a deal of ``count`` cards may stand for, best
        first: those left in the deck the history never names (a stand-in comes back only
        after a reshuffle has put it in the deck again). When the deck is too short for
        the deal, then the discards and burns a reshuffle brings back; when it holds only
        cards the history names later, then those cards, the one named last first."""
        free = sorted(c for c in hand.deck if self._free(c))
        if len(free) >= count:
            return free
        if len(hand.deck) < count:
            if hand.variant.is_stud:
                return free
            return free + sorted(c for c in (*hand.muck, *hand.burns) if self._free(c))
        named = [c for c in hand.deck if not self._free(c) and c not in self.stand_ins]
        return free + sorted(named, key=lambda c: -self.last_named.get(c, 0))

    def first_spare(self, hand: PokerHand, count: int = 1) -> Card | None:
        """The first card of :meth:`spare` (None when there is none), without sorting
        them all when the deck holds enough free cards (most of the time)."""
        named, released = self.named, self.released
        free = [c for c in hand.deck if c not in named or c in released]
        if free and len(free) >= count:
            return min(free)
        spare = self.spare(hand, count)
        return spare[0] if spare else None

    def stand_in(self, hand: PokerHand, count: int = 1) -> Card:
        """The first spare card (:meth:`spare`), now standing in for a hidden one."""
        card = self.first_spare(hand, count)
        if card is None:
            raise HistoryError("no card left to stand in for a hidden card")
        return self._standing(card)

    def _standing(self, card: Card) -> Card:
        self.named.add(card)
        self.stand_ins.add(card)
        self.released.discard(card)
        return card

    def dealt(self, cards: Sequence[Card], hand: PokerHand) -> tuple[Card, ...]:
        """Dealt cards with every hidden one replaced by a stand-in."""
        self._mark(cards, [not c.is_known or c in self.chosen for c in cards])
        return tuple(c if c.is_known else self.stand_in(hand, len(cards)) for c in cards)

    def burned(self, hand: PokerHand, card: Card | None) -> Card:
        """The card to burn for a burn the history writes as ``card`` (None: it writes
        no burns)."""
        self._mark([card or UNKNOWN], [card is None or not card.is_known])
        if card is None and self.planned_burns:
            card = UNKNOWN
        if card is not None and card.is_known:
            return card
        if card is not None:
            burned = self.stand_in(hand)
            self.released.add(burned)            # in the muck, until a reshuffle
            return burned
        spare = self.first_spare(hand)
        if spare is None:
            raise HistoryError("no card left to burn")
        return spare

    def discards(self, cards: Sequence[Card], hand: PokerHand, seat: int
                 ) -> tuple[Card, ...]:
        """Discards with every hidden one replaced by a stand-in the seat holds."""
        known = [c for c in cards if c.is_known]
        hidden = len(cards) - len(known)
        thrown = self.thrown(hand, seat, known, hidden)
        self._mark(cards, [False] * len(known) + [True] * hidden)
        return (*known, *thrown)

    def thrown(self, hand: PokerHand, seat: int, known: list[Card], hidden: int
               ) -> list[Card]:
        """The stand-ins ``seat`` throws for its ``hidden`` unseen discards."""
        held = [c for c in hand.hole[seat] if c in self.stand_ins and c not in known]
        if hidden > len(held):
            raise HistoryError(f"cannot discard {hidden} hidden card(s): the player holds "
                               f"{len(held)}")
        self.released.update(held[:hidden])
        return held[:hidden]


@dataclass
class PlannedStandIns(StandIns):
    """Stand-ins chosen beforehand (:func:`~pokerroom.history.stand_in_plan.plan_stand_ins`),
    dealt and thrown in the plan's order."""

    planned_burns: ClassVar[bool] = True
    plan: StandInPlan = field(default_factory=lambda: StandInPlan((), ()))
    _dealt: Iterator[Card] = field(init=False)
    _discarded: Iterator[tuple[Card, ...]] = field(init=False)

    def __post_init__(self) -> None:
        self._dealt = iter(self.plan.dealt)
        self._discarded = iter(self.plan.discarded)

    def stand_in(self, hand: PokerHand, count: int = 1) -> Card:
        card = next(self._dealt, None)
        if card is None:
            raise HistoryError("more hidden cards than the stand-ins planned")
        return self._standing(card)

    def thrown(self, hand: PokerHand, seat: int, known: list[Card], hidden: int
               ) -> list[Card]:
        planned = next(self._discarded, None)
        if planned is None or len(planned) != hidden:
            raise HistoryError("the discards do not follow the stand-ins planned")
        return list(planned)


@dataclass
class DryRun(StandIns):
    """A replay that learns a hand's card steps (:attr:`steps`): every hidden card is a
    copy of a card the history names nowhere, from a deck that never runs short
    (:func:`dry_deck`)."""

    planned_burns: ClassVar[bool] = True
    steps: list[CardStep] = field(default_factory=list)
    unnamed: frozenset[Card] = frozenset()
    """The cards the history names nowhere."""

    def apply(self, hand: PokerHand, action: Action) -> None:
        """Apply one step of the dry run, but the showdown: it deals, burns and throws
        nothing, so the card steps are learnt without valuing the hands shown."""
        if not isinstance(action, Showdown):
            super().apply(hand, action)

    def stand_in(self, hand: PokerHand, count: int = 1) -> Card:
        return next((c for c in hand.deck if c in self.unnamed), hand.deck[0])

    def dealt(self, cards: Sequence[Card], hand: PokerHand) -> tuple[Card, ...]:
        self._mark(cards, [not c.is_known for c in cards])
        if UNKNOWN not in cards:
            return tuple(cards)
        seat = hand.tasks[0][1] if hand.tasks else -1
        held = set(hand.hole[seat]) if 0 <= seat < hand.n else set()
        spare = _distinct(c for c in hand.deck if c in self.unnamed and c not in held)
        return tuple(c if c.is_known else next(spare, UNKNOWN) for c in cards)

    def thrown(self, hand: PokerHand, seat: int, known: list[Card], hidden: int
               ) -> list[Card]:
        held = [c for c in hand.hole[seat] if c in self.unnamed and c not in known]
        if hidden > len(held):
            raise HistoryError("the dry run holds too few stand-ins")
        return held[:hidden]

    def noted(self, hand: PokerHand, action: Action) -> None:
        if isinstance(action, DealCards):
            self.steps.append(CardStep(DEAL, action.to, self.written))
        elif isinstance(action, BurnCard):
            self.steps.append(CardStep(BURN, -1, self.written))
        elif isinstance(action, Draw) and action.discards:
            self.steps.append(CardStep(DISCARD, action.seat, self.written,
                                       aside=action.seat in hand.split_discards))
        elif isinstance(action, Fold):
            self.steps.append(CardStep(FOLD, action.seat))


def _distinct(cards: Iterable[Card]) -> Iterator[Card]:
    """Each card of ``cards`` the first time it comes, read only as far as asked."""
    seen: set[Card] = set()
    for card in cards:
        if card not in seen:
            seen.add(card)
            yield card


def dry_deck(deck: Sequence[Card], named: Sequence[Card], room: int) -> list[Card]:
    """A deck for a :class:`DryRun`: each card ``named`` (a card for each time the
    history names it) once more than it is named, each other card of ``deck`` often
    enough for ``room`` hidden cards; when the history names every card, the hidden
    cards are copies of named ones, so each of those comes often enough for them too.

    >>> from pokerroom.cards import parse_cards
    >>> deck = parse_cards("2c3c4c")
    >>> len(dry_deck(deck, parse_cards("2c3c"), 4)), len(dry_deck(deck, deck, 4))
    (10, 21)
    """
    counts = Counter(named)
    spare = sum(1 for c in deck if c not in counts)
    copies = room // max(1, spare) + 2
    extra = 0 if spare else room + 1
    return [c for c in deck
            for _ in range(counts[c] + 1 + extra if c in counts else copies)]
