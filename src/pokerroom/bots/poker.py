"""The baseline poker bot: hand strength, position and pot odds, in rules a person can learn.

* Estimate the hand's strength (:mod:`pokerroom.bots.strength`), plus a little for late
  position (acting after most of the table).
* Nothing to call: bet or raise with a strong hand (0.68+), sometimes with a fair one
  (0.45+, one time in four), otherwise check.
* Facing a bet: raise with a very strong hand (0.8+), call when the strength beats the
  pot odds by a margin, otherwise fold.
* No-limit and pot-limit bets are about two thirds of the pot, inside the legal range.
* Stud: bring in with anything but a strong hand, which completes.
* Draws: keep what makes the hand (pairs and better, four to a flush or straight; in
  lowball the distinct low cards) and draw to the rest.

>>> import random
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.core import CallOption, FoldOption, RaiseOption
>>> from pokerroom.tableview import SeatSnapshot, View
>>> snap = View(game="Texas hold'em", you=0, pots=(("pot", 3),), seats=(
...     SeatSnapshot(0, "Ann", 198, 0, parse_cards("As Ad")),
...     SeatSnapshot(1, "Bob", 196, 2, parse_cards("?? ??"))))
>>> bot = PokerBot("high", random.Random(1))
>>> options = (FoldOption(), CallOption(2), RaiseOption(4, 198))
>>> bot.decide(snap, options, 0)  # doctest: +ELLIPSIS
Raise(seat=0, to=...)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from pokerroom.bots.strength import strength
from pokerroom.cards import Card
from pokerroom.core import (
    Action,
    BringIn,
    BringInOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Complete,
    CompleteOption,
    Declare,
    DeclareOption,
    DrawOption,
    Fold,
    FoldOption,
    Option,
    RaiseOption,
)
from pokerroom.hands.high import STRAIGHT, evaluate_high, key_category
from pokerroom.options import Pick, build, find_option, sized
from pokerroom.tableview import SeatView, View

__all__ = ["PokerBot", "declare_action", "draw_action", "draw_discards"]


def declare_action(cards: Sequence[Card], seat: int) -> Declare:
    """Jacks or better, all in for the ante (``jacks-5``): a bot declares the pot open
    when it holds openers, and only then.

    >>> from pokerroom.cards import parse_cards
    >>> declare_action(parse_cards("Jc Jd 8h 5s 2c"), 0), declare_action(parse_cards(
    ...     "Tc Td 8h 5s 2c"), 0).stay
    (Declare(seat=0, stay=True), False)
    """
    from pokerroom.engine.openers import is_openers

    return Declare(seat=seat, stay=is_openers(cards, joker=any(c.is_joker for c in cards)))


def draw_action(kind: str, cards: Sequence[Card], draw: DrawOption, seat: int) -> Action:
    """The draw a bot makes: :func:`draw_discards`, topped up to the fewest cards the
    option requires."""
    discards = draw_discards(kind, cards, draw.max_cards)
    if len(discards) < draw.min_cards:
        extra = [c for c in cards if c not in discards]
        discards = (*discards, *extra[:draw.min_cards - len(discards)])
    return build(draw, seat, cards=discards)


def draw_discards(kind: str, hand: Sequence[Card], max_cards: int) -> tuple[Card, ...]:
    """The cards to throw: the bot keeps what makes its hand.

    >>> from pokerroom.cards import parse_cards
    >>> draw_discards("high", parse_cards("Ks Kd 7c 4h 2s"), 5)
    (7c, 4h, 2s)
    >>> draw_discards("a5", parse_cards("As 3d 3c 9h 2s"), 5)
    (3c, 9h)
    """
    if kind in ("a5", "27"):
        top = 8
        keep: list[Card] = []
        seen: set[int] = set()
        for c in sorted(hand, key=lambda c: _low_value(c, kind)):
            value = _low_value(c, kind)
            if (c.is_joker and kind == "a5") or (value <= top and value not in seen):
                keep.append(c)
                seen.add(value)
        out = tuple(c for c in hand if c not in keep)
        return out[:max_cards]
    standard = [c for c in hand if c.is_standard]
    if len(standard) == 5 and key_category(evaluate_high(standard).key) >= STRAIGHT:
        return ()  # a made straight or better stands pat
    counts = Counter(int(c.rank) for c in standard)
    if any(n >= 2 for n in counts.values()):
        keep_ranks = {r for r, n in counts.items() if n >= 2}
        out = tuple(c for c in hand if c.is_standard and int(c.rank) not in keep_ranks)
        if len(out) == 1 and max(counts.values()) == 2 and len(keep_ranks) == 2:
            return out  # two pair: draw one
        return out[:max_cards]
    suits = Counter(int(c.suit) for c in standard)
    suit, many = max(suits.items(), key=lambda item: item[1]) if suits else (0, 0)
    if many >= 4:
        return tuple(c for c in standard if int(c.suit) != suit)[:max_cards]
    ranked = sorted(standard, key=lambda c: -int(c.rank))
    keep = [c for c in hand if c.is_joker] + ranked[:2]
    return tuple(c for c in hand if c not in keep)[:max_cards]


def _low_value(card: Card, kind: str) -> int:
    if card.is_joker:
        return 0
    value = int(card.rank)
    return 1 if kind == "a5" and value == 14 else value


class PokerBot:
    """The baseline bot of one poker game; ``kind`` names the strength estimate."""

    def __init__(self, kind: str, rng: random.Random, *, button_game: bool = True) -> None:
        self.kind = kind
        self.rng = rng
        self.button_game = button_game

    @property
    def style(self) -> str:
        return "hand strength with position (tight-aggressive)"

    def act(self, seat_view: SeatView) -> Action:
        # the hand's own view holds all this bot reads (its cards, the board, who is
        # still in, the pot and the button); the table's snapshot would only add names,
        # the hands in words and the hand number, at a cost per decision
        return self.decide(seat_view.view, seat_view.options, seat_view.seat)

    def _position_bonus(self, snap: View, seat: int) -> float:
        button = snap.button
        if not self.button_game or button is None:
            return 0.0
        live = [s.seat for s in snap.seats if not s.folded]
        if seat not in live or len(live) < 2:
            return 0.0
        order = sorted(live, key=lambda s: (s - button - 1) % len(snap.seats))
        return 0.06 * order.index(seat) / (len(order) - 1)

    def decide(self, snap: View, options: Sequence[Option], seat: int) -> Action:
        """The action for ``seat`` given what it sees."""
        me = snap.seat(seat)
        draw = find_option(options, DrawOption)
        if draw is not None:
            return draw_action(self.kind, me.cards, draw, seat)
        if find_option(options, DeclareOption) is not None:
            return declare_action(me.cards, seat)
        score = strength(self.kind, me.cards, snap.board) + self._position_bonus(snap, seat)
        bring = find_option(options, BringInOption)
        complete = find_option(options, CompleteOption)
        if bring is not None:
            if complete is not None and score > 0.7:
                return Complete(seat=seat)
            return BringIn(seat=seat)
        call = find_option(options, CallOption)
        pot = snap.total_pot
        if call is not None and call.amount > 0:
            odds = call.amount / max(1, pot + call.amount)
            if score > 0.8:
                aggressive = self._aggressive(options, seat, pot, call.amount)
                if aggressive is not None:
                    return aggressive
            if complete is not None and score > 0.7:
                return Complete(seat=seat)
            if score > odds + 0.22 or (score > odds + 0.1 and self.rng.random() < 0.3):
                return Call(seat=seat)
            return Fold(seat=seat) if find_option(options, FoldOption) else Call(seat=seat)
        if score > 0.68 or (score > 0.45 and self.rng.random() < 0.25):
            aggressive = self._aggressive(options, seat, pot, 0)
            if aggressive is not None:
                return aggressive
        if find_option(options, CheckOption) is not None:
            return Check(seat=seat)
        if call is not None:
            return Call(seat=seat)
        return Fold(seat=seat)

    def _aggressive(self, options: Sequence[Option], seat: int, pot: int,
                    to_call: int) -> Action | None:
        """A bet of about two thirds of the pot (after calling), or a raise of that
        much over the least raise; the smallest size in fixed limit; else complete."""
        target = max(1, (2 * (pot + to_call)) // 3)
        raising = find_option(options, RaiseOption)
        least = raising.min_to if raising is not None else 0
        return sized(options, seat, bet=target, raise_to=least + target,
                     pick=Pick.SMALLEST)
