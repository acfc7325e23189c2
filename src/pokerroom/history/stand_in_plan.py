"""Which card stands in for each hidden card of a draw hand that ran through the deck.

A draw hand written for one reader (an onlooker, or one seat) names only the cards that
reader saw; the replay stands a card in for every other one (``??``). Before the deck
runs out any card the history names nowhere will do. Once the deck is too short for a
draw, the discards and burns are shuffled in (the engine's reshuffle) and cards come
round again: a card the history names after the reshuffle may have been dealt unseen
before it, thrown, and shuffled back; and a card dealt unseen to a player who keeps it
is out of the reshuffled stub. So a stand-in is a constraint:

- a card is out of the deck from the step that deals (or burns) it until the reshuffle
  after it was thrown, folded or burned (a split opener's discards never come back);
- a card the history names at a later step must be back in the deck by then: a stand-in
  for it must be thrown before a reshuffle that comes before that step.

:func:`plan_stand_ins` first walks the hand's card steps (as the engine replays them)
to learn when each card leaves the deck and comes back: a named card from its deal to the
reshuffle after it is thrown, a hidden one likewise (a player's unseen discards throw the
unseen cards held longest). Then, stub by stub (from one reshuffle to the next), it gives
the hidden cards out, the ones out longest first, each the card out of play for none of
that time whose next naming comes soonest: the cards named far ahead, or never, stay for
the hidden cards that are kept. A last pass gives every hidden card it can a card the
history names nowhere, so that a named card stands in only where the count of cards
leaves no other. Where those choices leave a hidden card no card free for all its time
(four-card draws at eight seats do), stand-ins already given are moved to make room: the
shortest chain of moves in which each hidden card takes the card of the one in its way.

Five cards, two dealt unseen to seat 0 and thrown; seat 1 is dealt ``3c 5c``; seat 0
draws ``6c 2c`` from the one card left and the two thrown, shuffled in. ``4c`` is the
only card the history names nowhere, so the other stand-in is ``6c``: thrown before the
reshuffle, it is back in the stub for the draw.

>>> from pokerroom.cards import UNKNOWN, parse_cards
>>> deck = parse_cards("2c3c4c5c6c")
>>> a, b, c, d, e = deck
>>> steps = [CardStep(DEAL, 0, (UNKNOWN, UNKNOWN)), CardStep(DEAL, 1, (b, d)),
...          CardStep(DISCARD, 0, (UNKNOWN, UNKNOWN)), CardStep(DEAL, 0, (e, a))]
>>> plan = plan_stand_ins(steps, deck)
>>> plan.dealt, plan.discarded
((4c, 6c), ((4c, 6c),))
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.cards import UNKNOWN, Card
from pokerroom.errors import HistoryError

__all__ = ["BURN", "DEAL", "DISCARD", "FOLD", "CardStep", "StandInPlan", "plan_stand_ins"]

DEAL, BURN, DISCARD, FOLD = "deal", "burn", "discard", "fold"
"""The card steps of a draw hand: cards dealt to a seat, a burn, a discard, a fold."""

_NEVER = 1 << 30
"""A step no hand reaches: a card that never comes back, or is never named again."""


@dataclass(frozen=True, slots=True)
class CardStep:
    """One step of the replay that moves cards: ``cards`` as the history writes them
    (unknown where hidden); ``aside`` for discards set aside (split openers)."""

    kind: str
    seat: int = -1
    cards: tuple[Card, ...] = ()
    aside: bool = False


@dataclass(frozen=True, slots=True)
class StandInPlan:
    """A card for every hidden card dealt or burned (in the steps' order), and for
    every discard step the cards its hidden discards throw."""

    dealt: tuple[Card, ...]
    discarded: tuple[tuple[Card, ...], ...]


def plan_stand_ins(steps: Sequence[CardStep], deck: Sequence[Card]) -> StandInPlan:
    """The stand-ins for the hidden cards of ``steps`` replayed from ``deck`` (every
    card of the game, the stub a reshuffle refills from the discards and burns when it
    is too short for a deal): :class:`HistoryError` when no choice of stand-ins deals
    every named card from the stub."""
    return _Planner(list(steps), list(deck)).plan()


@dataclass
class _Lives:
    """When each card is out of the deck: from the step that deals it (for a stand-in,
    from the reshuffle before it) to the reshuffle after it is thrown."""

    spans: dict[Card, list[tuple[int, int]]] = field(default_factory=dict)

    def add(self, card: Card, span: tuple[int, int]) -> None:
        self.spans.setdefault(card, []).append(span)

    def free(self, card: Card, span: tuple[int, int]) -> bool:
        return all(span[1] <= s or e <= span[0] for s, e in self.spans.get(card, []))

    def next_named(self, card: Card, after: int) -> int:
        return min((s for s, _ in self.spans.get(card, []) if s >= after), default=_NEVER)


class _Planner:
    """Walk the steps once to learn when each card, named or hidden, leaves the deck and
    comes back (a player's unseen discards throw the unseen cards held longest); then,
    between one reshuffle and the next, give the hidden cards out longest first, each
    the card whose next naming is soonest among those back in time."""

    def __init__(self, steps: list[CardStep], deck: list[Card]) -> None:
        self.steps = steps
        self.deck = deck
        self.reshuffles = _reshuffles(steps, len(deck))
        self.named = _Lives()
        self.starts: list[int] = []          # each hidden card's step
        self.ends: list[int] = []            # the reshuffle that brings it back
        self.discards: list[list[int]] = []  # each discard step's hidden cards
        self._walk()

    def _back(self, index: int, aside: bool = False) -> int:
        """The reshuffle that brings back a card thrown at ``index``."""
        at = bisect.bisect_right(self.reshuffles, index)
        return _NEVER if aside or at == len(self.reshuffles) else self.reshuffles[at]

    def _walk(self) -> None:
        named: dict[int, dict[Card, int]] = {}     # seat -> card held -> its step
        hidden: dict[int, list[int]] = {}
        for index, step in enumerate(self.steps):
            if step.kind in (DEAL, BURN):
                burn = step.kind == BURN
                for card in step.cards:
                    if card != UNKNOWN and burn:         # known (``is_known``), inline
                        self.named.add(card, (index, self._back(index)))
                    elif card != UNKNOWN:
                        named.setdefault(step.seat, {})[card] = index
                    else:
                        self.starts.append(index)
                        self.ends.append(self._back(index) if burn else _NEVER)
                        if not burn:
                            hidden.setdefault(step.seat, []).append(len(self.starts) - 1)
            elif step.kind == DISCARD:
                held = named.setdefault(step.seat, {})
                back = self._back(index, step.aside)
                for card in (c for c in step.cards if c != UNKNOWN):
                    if card not in held:
                        raise HistoryError(f"a discard of {card!r}, a card not held")
                    self.named.add(card, (held.pop(card), back))
                count = sum(1 for c in step.cards if c == UNKNOWN)
                tokens = hidden.setdefault(step.seat, [])
                if count > len(tokens):
                    raise HistoryError("more unseen discards than unseen cards held")
                self.discards.append(tokens[:count])
                for token in tokens[:count]:
                    self.ends[token] = back
                del tokens[:count]
            elif step.kind == FOLD:
                back = self._back(index)
                for card, start in named.pop(step.seat, {}).items():
                    self.named.add(card, (start, back))
                for token in hidden.pop(step.seat, []):
                    self.ends[token] = back
        for cards in named.values():
            for card, start in cards.items():
                self.named.add(card, (start, _NEVER))

    def plan(self) -> StandInPlan:
        lives = _Lives({c: list(s) for c, s in self.named.spans.items()})
        cards: list[Card | None] = [None] * len(self.starts)
        order = sorted(range(len(self.starts)), key=lambda t: (
            bisect.bisect_right(self.reshuffles, self.starts[t]), -self.ends[t], t))
        # each card of the deck with its spans (the lists :meth:`_Lives.add` fills, made
        # now for the cards with none yet), read in the deck's order without a lookup
        spans = [(card, lives.spans.setdefault(card, [])) for card in self.deck]
        for token in order:
            span = self._span(token)
            card = self._soonest_fit(span, spans)
            if card is None:
                self._make_room(token, cards, lives)
                continue
            cards[token] = card
            lives.add(card, span)
        chosen = [c for c in cards if c is not None]
        self._unname(chosen, lives)
        return StandInPlan(tuple(chosen),
                           tuple(tuple(chosen[t] for t in d) for d in self.discards))

    @staticmethod
    def _soonest_fit(span: tuple[int, int],
                     spans: Sequence[tuple[Card, list[tuple[int, int]]]]) -> Card | None:
        """The first card of the deck out for none of ``span`` whose next naming after
        it is soonest (:meth:`_Lives.next_named`), None when every card is out: one pass
        over the deck (``spans``: each of its cards in order, with its spans), each
        card's spans read once."""
        start, end = span
        best: Card | None = None
        best_next = _NEVER
        for card, card_spans in spans:
            if card_spans:
                soonest = _NEVER
                for s, e in card_spans:
                    if s < end and start < e:
                        break           # out of the deck for part of the span
                    if end <= s < soonest:
                        soonest = s
                else:
                    if best is None or soonest < best_next:
                        best, best_next = card, soonest
            elif best is None:
                best = card             # never out of the deck: fits, named never
        return best

    def _make_room(self, token: int, cards: list[Card | None], lives: _Lives) -> None:
        """Give ``token`` a card when none is free for all its time, by moving hidden
        cards already given one (four-card draws at eight seats leave the choices above
        short): the shortest chain in which ``token`` takes a card held by one hidden
        card in its way, that one takes another card held by one in its way, and so on
        to a card free for the last one moved. :class:`HistoryError` when there is none.
        """
        holders: dict[Card, list[int]] = {}
        for other, card in enumerate(cards):
            if card is not None:
                holders.setdefault(card, []).append(other)
        came: dict[int, tuple[int, Card] | None] = {token: None}
        queue = [token]
        for moving in queue:
            start, end = span = self._span(moving)
            used = set()
            step = came[moving]
            while step is not None:
                used.add(step[1])
                step = came[step[0]]
            for card in self.deck:
                if card == cards[moving] or card in used or not all(
                        end <= s or e <= start for s, e in self.named.spans.get(card, [])):
                    continue
                blocking = [o for o in holders.get(card, []) if o != moving
                            and self._overlaps(o, span)]
                if not blocking:
                    self._move_chain(moving, card, came, cards, lives)
                    return
                if len(blocking) == 1 and blocking[0] not in came:
                    came[blocking[0]] = (moving, card)
                    queue.append(blocking[0])
        raise HistoryError("no stand-ins deal every card the history names")

    def _overlaps(self, token: int, span: tuple[int, int]) -> bool:
        start, end = self._span(token)
        return not (span[1] <= start or end <= span[0])

    def _move_chain(self, moving: int, card: Card, came: dict[int, tuple[int, Card] | None],
                    cards: list[Card | None], lives: _Lives) -> None:
        """Move ``moving`` to ``card``, then each token before it in the chain to the
        card the one after it left (``came``: who wanted the card each one held)."""
        token, target = moving, card
        while True:
            old = cards[token]
            if old is not None:
                lives.spans[old].remove(self._span(token))
            cards[token] = target
            lives.add(target, self._span(token))
            before = came[token]
            if before is None:
                return
            token, target = before

    def _span(self, token: int) -> tuple[int, int]:
        """A hidden card's time out of the deck, from the reshuffle before its deal:
        within one stub a card leaves it once."""
        at = bisect.bisect_right(self.reshuffles, self.starts[token])
        return (self.reshuffles[at - 1] if at else 0), self.ends[token]

    def _unname(self, cards: list[Card], lives: _Lives) -> None:
        """Give each stand-in that is a card the history names a card it names nowhere,
        where one is out of play for none of that stand-in's time."""
        free = [c for c in self.deck if c not in self.named.spans]
        spans = lives.spans
        for token, card in enumerate(cards):
            if card not in self.named.spans:
                continue
            span = start, end = self._span(token)
            other = None
            for candidate in free:      # the first out of play for none of the span
                for s, e in spans.get(candidate, ()):
                    if s < end and start < e:
                        break
                else:
                    other = candidate
                    break
            if other is not None:
                lives.spans[card].remove(span)
                lives.add(other, span)
                cards[token] = other


def _reshuffles(steps: Sequence[CardStep], size: int) -> list[int]:
    """The steps before which the stub is refilled from the discards and burns: a deal
    or burn it is too short for (counts only: which cards does not matter)."""
    stub, muck = size, 0
    held: dict[int, int] = {}
    out: list[int] = []
    for index, step in enumerate(steps):
        count = len(step.cards)
        if step.kind in (DEAL, BURN):
            if stub < count:
                out.append(index)
                stub, muck = stub + muck, 0
            stub -= count
            if step.kind == BURN:
                muck += count
            else:
                held[step.seat] = held.get(step.seat, 0) + count
        elif step.kind == DISCARD:
            held[step.seat] = held.get(step.seat, 0) - count
            muck += 0 if step.aside else count
        elif step.kind == FOLD:
            muck += held.pop(step.seat, 0)
    return out
