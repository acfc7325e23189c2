"""The one redaction of every history written for a reader: card by card, by position.

A history written for one reader (a seat, or ``None`` for an onlooker) shows a card only
at the places where that reader saw it. Each place a card takes in a hand is a *slot*:
a deal, a burn, a discard, a pass, a show, the discards of a hand that split openers,
exposed to everyone after the hand (``jacks-9``: ``HandEnded.split_discards``), and the
hand of a player all in for the ante shown when it declared the pot open without openers
(``jacks-5``: ``FalseDeclaration``). The
hand's log as the reader received it (``state.events_for(reader)``) has the same slots, a
hidden card as ``??``; a slot is seen when the reader's copy of it shows the card.

A card once seen is also known on the way it came: a hand shown down at the showdown
shows the cards its holder was dealt (and was passed), so those deals are written too,
as a replay needs them; a split opener's exposed discards are written where they were
dealt and thrown. A card is never known *after* the reader saw it, once it went
where the reader could not follow (a pass or discard face down), nor once it went back
to the deck: a card the reader discarded and saw redealt to another seat after a
reshuffle is a new card of the same face, and it is ``??`` unless that seat shows it.

:func:`phh_as_seen` writes a PHH record (any of pokerroom's: the poker variants, Guts,
Herbie, Hearts Poker, Three Card Poker) as its reader saw it, walking the record's cards
in step with the hand's slots (each card's deals, discards, passes and shows in order).

>>> import random
>>> from pokerroom.core import DEALER, Fold
>>> from pokerroom.engine import GameConfig
>>> from pokerroom.history.phh import hand_to_phh
>>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
...     [100, 100], rng=random.Random(1))
>>> while hand.actors == (DEALER,):
...     _ = hand.advance()
>>> _ = hand.apply(Fold(1)); _ = hand.advance()
>>> full = hand_to_phh(hand)
>>> full["actions"][:2], full["_burns"]
(['d dh p1 3hQs', 'd dh p2 Jh5c'], [])
>>> mine = phh_as_seen(full, hand, reader=hand.deal_order[0])
>>> mine["actions"][:3]
['d dh p1 3hQs', 'd dh p2 ????', 'p2 f']
>>> phh_as_seen(full, hand, reader=None)["actions"][:2]
['d dh p1 ????', 'd dh p2 ????']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.cards import UNKNOWN, Card, parse_cards
from pokerroom.casino.actions import DealerCardsDealt, DealerShows, HandShown, HoleCardsDealt
from pokerroom.core import Draw, Event, HandState
from pokerroom.engine.events import (
    CardBurned,
    CardsDealt,
    CardsDiscarded,
    FalseDeclaration,
    HandEnded,
    ShownHand,
    SplitDiscards,
)
from pokerroom.engine.twice import RunItTwice, SecondBoardShown
from pokerroom.errors import HistoryError
from pokerroom.homegames.events import (
    CardDealt,
    Drew,
    PassesRevealed,
    ShowdownSettled,
)
from pokerroom.homegames.hearts_events import DiscardsRevealed, HeartsEnded, UpCardsPassed

__all__ = ["HIDDEN", "CardPlace", "card_slots", "log_as_seen", "phh_as_seen", "with_cards_kept",
           "without_stand_ins"]

HIDDEN = "??"
"""How PHH writes a card that is not known."""

DEALT, BURNED = "d", "burn"
"""The slots where a card leaves the deck (every other slot moves or shows a card already
out)."""

@dataclass(frozen=True, slots=True)
class CardPlace:
    """One place a card takes in a hand: ``verb`` says which (``d`` a deal, ``burn``,
    ``sd`` a discard, ``sm`` or ``show`` a hand shown, ``pass``, ``discard`` Hearts
    Poker's pair, ``exposed`` split openers' discards exposed after the hand), and
    ``seen`` whether the reader saw it."""

    verb: str
    card: Card
    seen: bool


_Pairs = Iterator[tuple[str, Card, Card]]
"""A slot's verb, its card, and the card as the reader received it."""


def _zip(verb: str, full: Sequence[Card], mine: Sequence[Card]) -> _Pairs:
    for card, seen in zip(full, mine, strict=True):
        yield verb, card, seen


def _dealt(full: Any, mine: Any) -> _Pairs:
    return _zip(DEALT, full.cards, mine.cards)


def _one_dealt(full: Any, mine: Any) -> _Pairs:
    return _zip(DEALT, (full.card,), (mine.card,))


def _burned(full: Any, mine: Any) -> _Pairs:
    return _zip(BURNED, (full.card,), (mine.card,))


def _unwritten(_full: Any, _mine: Any) -> _Pairs:
    """An event whose cards no record writes again (run it twice: the agreement names
    the board so far, the second board's showdown the hands ``HandEnded`` shows)."""
    return iter(())


def _discarded(full: Any, mine: Any) -> _Pairs:
    return _zip("sd", full.action.discards, mine.action.discards)


def _hand_ended(full: Any, mine: Any) -> _Pairs:
    for shown, told in zip(full.shown, mine.shown, strict=True):
        yield from _zip("sm", shown.cards, told.cards)
    for split, told in zip(full.split_discards, mine.split_discards, strict=True):
        yield from _zip("exposed", split.cards, told.cards)      # jacks-9


def _false_declaration(full: Any, mine: Any) -> _Pairs:
    return _zip("false", full.cards, mine.cards)                # jacks-5


def _drew(full: Any, mine: Any) -> _Pairs:
    yield from _zip("sd", full.discarded, mine.discarded)
    yield from _zip(DEALT, full.received, mine.received)


def _passed(full: Any, mine: Any) -> _Pairs:
    yield from _zip("pass", [c for _, _, c in full.passes], [c for _, _, c in mine.passes])


def _pairs_discarded(full: Any, mine: Any) -> _Pairs:
    for (_, cards), (_, told) in zip(full.discarded, mine.discarded, strict=True):
        yield from _zip("discard", cards, told)


def _home_shown(full: Any, mine: Any) -> _Pairs:
    for shown, told in zip(full.shown, mine.shown, strict=True):
        yield from _zip("show", shown.cards, told.cards)


def _casino_shown(full: Any, mine: Any) -> _Pairs:
    return _zip("show", full.cards, mine.cards)


_SLOTS: dict[type[Event], Callable[[Any, Any], _Pairs]] = {
    CardsDealt: _dealt, CardBurned: _burned, CardsDiscarded: _discarded,
    HandEnded: _hand_ended, FalseDeclaration: _false_declaration, CardDealt: _one_dealt,
    Drew: _drew, PassesRevealed: _passed,
    UpCardsPassed: _passed, DiscardsRevealed: _pairs_discarded, ShowdownSettled: _home_shown,
    HeartsEnded: _home_shown, HoleCardsDealt: _dealt, DealerCardsDealt: _dealt,
    DealerShows: _casino_shown, HandShown: _casino_shown,
    RunItTwice: _unwritten, SecondBoardShown: _unwritten,
}
"""The card slots of every event that holds cards, in the order the event holds them."""


_PLAIN = frozenset({str, int, float, bool, type(None)})
"""The types of the fields that never hold a card, told apart at once."""


def _holds_a_card(value: object) -> bool:
    """True when a value (an event, its fields, their items) holds a known card."""
    kind = type(value)
    if kind in _PLAIN:
        return False
    if isinstance(value, Card):
        return value.is_known
    if isinstance(value, str | int | float | None):
        return False
    names = _field_names(kind)
    if names is not None:
        return any(_holds_a_card(getattr(value, name)) for name in names)
    if isinstance(value, Mapping):
        return any(_holds_a_card(v) for v in value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return any(_holds_a_card(v) for v in value)
    return False


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The field names of a dataclass (``None`` for any other type), read once a type."""
    if kind not in _FIELD_NAMES:
        _FIELD_NAMES[kind] = (tuple(f.name for f in dataclasses.fields(kind))
                              if dataclasses.is_dataclass(kind) else None)
    return _FIELD_NAMES[kind]


_CARDLESS: dict[int, Event] = {}
"""Events without slots found to hold no card, by identity (each kept, so its id is
not another's): a hand's every reader asks of the same events, and they are frozen."""
_CARDLESS_KEPT = 1 << 16


def card_slots(state: HandState, reader: int | None) -> list[CardPlace]:
    """Every card slot of the hand in the order it happened, and whether ``reader`` (a
    seat; ``None``: an onlooker) saw it, on the spot or later on the card's way.

    :class:`HistoryError` for an event holding cards this module has no slots for.
    """
    slots: list[tuple[str, Card]] = []  # each slot's verb and card (the places made last)
    seen: list[bool] = []
    way: dict[Card, list[int]] = {}     # each card's slots since it last left the deck
    events = state.events
    # the reader's copy of an event is asked only of the events with slots, where the
    # log as the reader received it is the hand's own (every state's but one overriding
    # ``events_for``)
    mine_all = None if type(state).events_for is HandState.events_for else \
        state.events_for(reader)
    if mine_all is not None and len(mine_all) != len(events):
        raise ValueError("the reader's log and the hand's differ in length")
    for index_e, full in enumerate(events):
        read = _SLOTS.get(type(full))
        if read is None:
            if _CARDLESS.get(id(full)) is not full:
                if _holds_a_card(full):
                    raise HistoryError(f"no card slots known for {type(full).__name__}")
                if len(_CARDLESS) >= _CARDLESS_KEPT:
                    _CARDLESS.clear()
                _CARDLESS[id(full)] = full
            continue
        mine = full.for_seat(reader) if mine_all is None else mine_all[index_e]
        for verb, card, told in read(full, mine):
            index = len(slots)
            slots.append((verb, card))
            seen.append(False)
            path = way.setdefault(card, []) if verb not in (DEALT, BURNED) else []
            way[card] = path
            path.append(index)
            if told != UNKNOWN:                 # ``told.is_known``, inline
                for earlier in path:
                    seen[earlier] = True
    return [CardPlace(verb, card, known)
            for (verb, card), known in zip(slots, seen, strict=True)]


_LINE_VERBS = frozenset({"sd", "sm", "pass", "discard"})


def _card_word(words: list[str]) -> tuple[str, int] | None:
    """The verb and the index of the word that writes cards in a PHH action line."""
    if len(words) >= 3 and words[0] == "d" and words[1] in ("dh", "db"):
        return DEALT, len(words) - 1
    if len(words) == 3 and words[1] in _LINE_VERBS:
        return words[1], 2
    return None


class _Walk:
    """The hand's slots, taken in the order a record writes each card at each verb."""

    def __init__(self, slots: Sequence[CardPlace]) -> None:
        self._queues: dict[tuple[str, Card], list[CardPlace]] = {}
        for slot in reversed(slots):
            self._queues.setdefault((slot.verb, slot.card), []).append(slot)

    def written(self, verb: str, run: str) -> str:
        """A run of cards (``AsKd``) as the reader saw them, each unseen one ``??``."""
        out = []
        for card in parse_cards(run):
            if not card.is_known:
                out.append(HIDDEN)
                continue
            queue = self._queues.get((verb, card))
            if not queue:
                raise HistoryError(f"the history writes {card!r} where the hand has no "
                                   f"such card ({verb})")
            out.append(repr(card) if queue.pop().seen else HIDDEN)
        return "".join(out)

    def line(self, line: str) -> str:
        head, hash_, note = line.partition("#")
        words = head.split()
        found = _card_word(words)
        if found is None:
            return line
        verb, at = found
        words[at] = self.written(verb, words[at])
        text = " ".join(words)
        return f"{text} {hash_}{note}" if hash_ else text


def phh_as_seen(data: Mapping[str, Any], state: HandState, reader: int | None
                ) -> dict[str, Any]:
    """The PHH record ``data`` of ``state``'s hand as ``reader`` (a seat; ``None``: an
    onlooker) saw it: every card written only where the reader saw it, ``??``
    elsewhere (in the actions and the burns; nothing else in a record names a card).

    :class:`HistoryError` when the record writes a card the hand never had there.
    """
    walk = _Walk(card_slots(state, reader))
    out = dict(data)
    if isinstance(data.get("actions"), list):
        out["actions"] = [walk.line(str(a)) for a in data["actions"]]
    if isinstance(data.get("_burns"), list):
        out["_burns"] = [walk.written(BURNED, str(c)) for c in data["_burns"]]
    return out



def with_cards_kept(event: Event, kept: Callable[[Card], bool]) -> Event:
    """A dealing, burning or discarding event of a poker hand with each card for which
    ``kept`` says no (asked card by card, in order) written unknown; any other event as
    it is."""
    def keep(cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(c if kept(c) else UNKNOWN for c in cards)

    if isinstance(event, CardsDealt):
        return CardsDealt(event.to, keep(event.cards), event.face_up,
                          private_to=event.private_to)
    if isinstance(event, CardBurned):
        return CardBurned(keep((event.card,))[0], private_to=event.private_to)
    if isinstance(event, CardsDiscarded):
        a = event.action
        return CardsDiscarded(Draw(a.seat, keep(a.discards), a.split_openers),
                              private_to=event.private_to)
    return event


def without_stand_ins(events: Sequence[Event], stand_in: Sequence[bool]) -> list[Event]:
    """A poker hand's log replayed from a history, with each card dealt, burned or
    discarded in place of one of the history's hidden cards written unknown
    (``stand_in``: a flag for each such card slot, in the log's order, as
    :func:`pokerroom.history.phh.phh_replay` gives them).

    >>> from pokerroom.cards import parse_cards
    >>> log = [CardsDealt(0, parse_cards("As Kd"), False),
    ...        CardsDealt(1, parse_cards("2c 2d"), False)]
    >>> [e.cards for e in without_stand_ins(log, (False, False, True, True))]
    [(As, Kd), (??, ??)]
    """
    flags = iter(stand_in)
    return [with_cards_kept(e, lambda _card: not next(flags)) for e in events]


def _masked(event: Event, seen: Iterator[bool]) -> Event:
    """A poker hand's event with each of its card slots kept where ``seen`` says so."""
    def keep(cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(c if next(seen) else UNKNOWN for c in cards)

    if isinstance(event, CardsDealt | CardBurned | CardsDiscarded):
        return with_cards_kept(event, lambda _card: next(seen))
    if isinstance(event, FalseDeclaration):
        return FalseDeclaration(event.seat, keep(event.cards), private_to=event.private_to)
    if isinstance(event, HandEnded):
        shown = tuple(ShownHand(h.seat, keep(h.cards), h.high_key, h.low_key, h.high_text,
                                h.low_text) for h in event.shown)
        split = tuple(SplitDiscards(s.seat, keep(s.cards)) for s in event.split_discards)
        return HandEnded(event.action, shown, event.awards, event.stacks, event.carried,
                         event.notes, split_discards=split, private_to=event.private_to)
    if isinstance(event, RunItTwice | SecondBoardShown):
        return event        # board cards, and the hands every reader sees at the showdown
    if _holds_a_card(event):
        raise HistoryError(f"no card slots known for {type(event).__name__}")
    return event


def log_as_seen(state: HandState, reader: int | None) -> list[Event]:
    """The log of a poker hand (the engine's) with every card slot ``reader`` did not
    see written ``??``: :func:`phh_as_seen`'s redaction, for the writers that walk a
    hand's events (the PokerStars layout).

    >>> import random
    >>> from pokerroom.core import DEALER, Fold
    >>> from pokerroom.engine import GameConfig
    >>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
    ...     [100, 100], rng=random.Random(1))
    >>> while hand.actors == (DEALER,):
    ...     _ = hand.advance()
    >>> _ = hand.apply(Fold(1)); _ = hand.advance()
    >>> [e.cards for e in log_as_seen(hand, 0) if isinstance(e, CardsDealt)]
    [(3h, Qs), (??, ??)]
    """
    seen = iter([slot.seen for slot in card_slots(state, reader)])
    return [_masked(event, seen) for event in state.events]
