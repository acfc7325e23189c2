"""The dealer's side of a live hand: what is due next, card by card, and how a round of
real cards reaches the engine.

Cards of a round (the starting hands, a street, a player's draw) are gathered as the dealer
deals them, one at a time and in the order they leave the deck, and handed to the engine
in its own order once the round is complete. The next cards due are :class:`Slot` records:

>>> Slot(3), Slot(BOARD, True), Slot(BURN_PILE)
(Slot(to=3, face_up=False), Slot(to=Seat.BOARD, face_up=True), Slot(to=Seat.BURN, face_up=False))
>>> print(Slot(RESERVE))
a card to set aside (out of play, kept in reserve)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from pokerroom.cards import Card, card, parse_cards
from pokerroom.core import DEALER, Action, Event, Seat
from pokerroom.engine import BOARD, BurnCard, DealCards, PokerHand
from pokerroom.engine.state import BET, BURN, DEAL, HOLE, SHOW
from pokerroom.errors import IllegalActionError, OutOfTurnError
from pokerroom.rulings.fixes import Fix, GiveCards, SkipBurn, TakeBack, TurnUp

__all__ = ["BURN_PILE", "RESERVE", "LiveDealing", "Slot"]

BURN_PILE: Final = Seat.BURN
"""Where a physical burn card goes (a :class:`Slot` target)."""
RESERVE: Final = Seat.RESERVE
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


class LiveDealing:
    """Dealing for :class:`~pokerroom.rulings.live.LiveHand`: the cards due, the round
    being dealt, the cards out of play, and the hand-over to the engine."""

    hand: PokerHand
    steps: list[Action]
    # provided by LiveHand
    _engine: Callable[[Action], Event | None]
    rebuild: Callable[[], PokerHand]
    apply: Callable[[Action], Event]
    expected: Callable[[], str]

    def _reset_dealing(self) -> None:
        """The dealing of a fresh deal: no card due, no round dealt, nothing held out."""
        self.deal_queue: list[Slot] = []
        self.group: list[tuple[int, Card, bool]] = []
        self.group_start = 0
        self.last_group: list[tuple[int, Card, bool]] = []
        self.burn_for: dict[int, Card] = {}
        self.skip_burn_for: set[int] = set()
        self.held: list[Card] = []
        self.held_until = -1
        self.remove_before: dict[int, int] = {}
        self.owed: list[tuple[int, str]] = []
        self.owed_round = False
        self.out_of_play: list[Card] = []
        self.reserve: list[Card] = []
        self.extra_burns: list[Card] = []
        self.preset: dict[int, Card] = {}
        self.pending_fix: list[Fix] = []

    def unseen(self) -> list[Card]:
        """Cards still in the stub as the table stands."""
        away = {c for _, c, _ in self.group} | set(self.burn_for.values()) | \
            set(self.out_of_play) | set(self.reserve) | set(self.held) | \
            set(self.extra_burns) | set(self.preset.values())
        return [c for c in self.hand.deck if c not in away]

    def check_in_stub(self, cards: Iterable[Card]) -> None:
        """Raise :class:`IllegalActionError` unless every one of ``cards`` is still in
        the stub."""
        unseen = self.unseen()
        for c in cards:
            if c not in unseen:
                raise IllegalActionError(f"{c!r} is not in the stub")

    def round_cards(self, to: int) -> list[Card]:
        """The cards of the round being dealt that went to ``to``, in dealing order."""
        return [c for target, c, _ in self.group if target == to]

    def drop_from_round(self, seat: int, c: Card) -> None:
        """Take ``c`` out of the cards of the round being dealt to ``seat``."""
        self.group = [item for item in self.group if item[:2] != (seat, c)]

    def on_deal(self, seat: int, c: Card) -> bool:
        """Whether ``c`` went to ``seat`` in the round being dealt, or in the last round
        when that round can be reopened (nobody has acted since), which it then is."""
        return c in self.round_cards(seat) or (
            any(item[:2] == (seat, c) for item in self.last_group) and self.reopen_round())

    def cards_in_play(self) -> list[Card]:
        """Every card of the hand: the stub (cards of a round still being dealt, and
        cards out of play, included), the board, burns, discards (split openers set
        aside included) and hands. Always the whole deck, each card once."""
        hand = self.hand
        return [*hand.deck, *hand.board, *hand.burns, *hand.muck,
                *(c for h in hand.hole for c in h),
                *(c for d in hand.split_discards.values() for c in d)]

    # ------------------------------------------------------------------ dealing

    def deal(self, to: int, *cards: Card | str, face_up: bool | None = None) -> Event | None:
        """The dealer deals ``cards`` (one at a time, in order) to seat ``to`` or
        ``BOARD``. Returns the last engine event the deal completed, if any."""
        parsed = parse_cards(cards)
        flags = () if face_up is None else (face_up,) * len(parsed)
        return self.apply(DealCards(to=to, cards=parsed, face_up=flags))

    def burn(self, burned: Card | str) -> Event | None:
        """The dealer burns a card."""
        return self.apply(BurnCard(card=burned if isinstance(burned, Card) else card(burned)))

    def _deal_physical(self, action: DealCards) -> Event | None:
        if not self.deal_queue:
            raise OutOfTurnError(f"no card is due now: {self.expected()}")
        if len(action.face_up) not in (0, len(action.cards)) or not action.cards:
            raise IllegalActionError("one face-up flag per card dealt")
        if len(set(action.cards)) != len(action.cards):
            raise IllegalActionError("the same card twice")
        unseen = set(self.unseen())
        for i, c in enumerate(action.cards):          # check everything first
            slot = self.deal_queue[i] if i < len(self.deal_queue) else None
            if slot is None or slot.to != action.to:
                raise IllegalActionError(f"the dealer must deal {slot or 'nothing'} "
                                         "(report an irregularity if cards went wrong)")
            if action.face_up and action.face_up[i] != slot.face_up:
                raise IllegalActionError(f"that card is due {'up' if slot.face_up else 'down'}"
                                         "; report an exposed card if it was dealt face up")
            if c not in unseen:
                raise IllegalActionError(f"{c!r} is not in the stub (already dealt or out)")
        for c in action.cards:
            slot = self.deal_queue.pop(0)
            self.group.append((slot.to, c, slot.face_up))
        return self._flush() if not self.deal_queue else None

    def remove_card(self, removed: Card | str) -> Event | None:
        """The dealer takes a card off the stub and out of play (``stud-14``)."""
        return self.apply(DealCards(to=RESERVE, cards=parse_cards((removed,))))

    def _burn_physical(self, action: BurnCard) -> Event | None:
        if not self.deal_queue or self.deal_queue[0].to != BURN_PILE:
            raise OutOfTurnError(f"no burn is due now: {self.expected()}")
        return self._deal_physical(DealCards(to=BURN_PILE, cards=(action.card,)))

    def _plan_group(self) -> None:
        """When the engine wants cards, list the physical cards due, in dealing order."""
        hand = self.hand
        while not self.deal_queue and hand.actors == (DEALER,) and hand.phase == DEAL:
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
            for i in range(max((len(t[2]) for t in holes), default=0)):
                for _, seat, flags in holes:
                    if i < len(flags):
                        up = flags[i]
                        if seat in self.preset and i == len(flags) - 1:
                            self.group.append((seat, self.preset.pop(seat), up))
                        else:
                            slots.append(Slot(seat, up))
            slots.extend(Slot(BOARD, True) for t in tasks if t[0] != HOLE and t[0] != BURN
                         for _ in t[2])
            self.deal_queue = slots
            if not slots:
                self._flush()
        if not self.deal_queue and self.owed and hand.phase != DEAL:
            after_draw = (hand.phase == BET and hand.variant.streets[hand.street].draw) \
                or hand.phase == SHOW
            ready = ("now", "after draw") if after_draw else ("now",)
            due = [seat for seat, when in self.owed if when in ready and not hand.folded[seat]]
            self.owed = [(s, w) for s, w in self.owed if w not in ready]
            if due:
                self.group_start = len(self.steps)
                self.group = []
                self.deal_queue = [Slot(seat) for seat in due]
                self.owed_round = True

    def _flush(self) -> Event | None:
        """The round's cards are all out: hand them to the engine in its order."""
        hand = self.hand
        group = list(self.group)
        last: Event | None = None
        tasks = list(hand.tasks)
        turn_up: list[tuple[int, Card, bool]] = []
        if self.owed_round:
            self.owed_round = False
            for seat, c, up in group:
                self._engine(GiveCards(owner=seat, cards=(c,), face_up=up))
            group, tasks = [], []
        self.reserve.extend(c for to, c, _ in group if to == RESERVE)
        group = [item for item in group if item[0] != RESERVE]
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
                            turn_up.append((target, c, up))
            if hand.phase != DEAL:
                break
        self.last_group = list(self.group)
        self.group = []
        for seat, c, up in turn_up:
            if c in hand.hole[seat]:
                self._engine(TurnUp(owner=seat, card=c, up=up, reseat_action=True))
        for fix in self.pending_fix:
            self._engine(fix)
        self.pending_fix = []
        self._plan_group()
        return last

    def reopen_round(self) -> bool:
        """Take the last completed round of cards back from the engine (nobody has acted
        since), so a ruling can change it. False when it cannot be reopened."""
        if self.deal_queue or not self.last_group:
            return False
        tail = self.steps[self.group_start:]
        if not tail or not all(isinstance(s, DealCards | BurnCard | Fix) for s in tail):
            return False
        del self.steps[self.group_start:]
        self.rebuild()
        self.group = list(self.last_group)
        self.last_group = []
        return True
