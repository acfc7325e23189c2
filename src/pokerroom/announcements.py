"""What the dealer says aloud, worked out only from what the table may see.

Every function here reads a hand's events as a spectator sees them (hidden cards are
``??``), so an announcement can never give away a card nobody has shown.

* Stud games (``stud-12``; stud hi-lo follows the stud rules, ``stud8-1``): the low card
  that brings it in, the high hand that opens each later street, every raise (and a
  completion, which is not a raise) and every pair as it shows. Possible straights and
  flushes are never mentioned.
* Razz (``razz-5``): each pair the first time it shows, never a pair of face cards; the
  high card that brings it in and the low hand that opens each later street.
* Lowball (``lowball-13``): how many cards a player drew is told to any active player
  who asks, until the first action after the draw; after that not even the dealer may
  tell (:func:`draw_count`).
* Jacks or better (``jacks-8``): any player may ask that the opener keep the opening
  hand and show it once the pot is decided (:class:`OpenersKept`,
  :func:`kept_openers`).

>>> from pokerroom.engine import GameConfig
>>> from pokerroom.cards import parse_cards
>>> config = GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> deck = parse_cards("9c Kd 2h 8s Qc 5d 9h 4h 7c")     # top card first
>>> hand = config.new_hand([100, 100, 100], deck=deck, button=2)
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> dealer_calls(hand), hand.actors
(['low card: seat 0 shows 2h and brings it in'], (0,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import takewhile

from pokerroom.cards import UNKNOWN, Card, Rank, format_cards
from pokerroom.core import Bet, Complete, Event, Fold, HandState, Raise
from pokerroom.engine.dealing import bring_in_key, showing_key
from pokerroom.engine.events import (
    CardsDealt,
    CardsDiscarded,
    HandEnded,
    HandStarted,
    OpenerDeclared,
    PlayerActed,
)
from pokerroom.engine.variants import VARIANTS
from pokerroom.errors import IllegalActionError, OutOfTurnError

__all__ = [
    "DealerCall",
    "OpenersKept",
    "calls",
    "dealer_calls",
    "draw_count",
    "draw_counts_open",
    "kept_openers",
    "public_events",
    "request_openers_kept",
]

_FACE = frozenset((Rank.JACK, Rank.QUEEN, Rank.KING))


@dataclass(frozen=True, slots=True)
class DealerCall:
    """One announcement: ``kind`` is ``"low card"``, ``"high card"``, ``"high hand"``,
    ``"low hand"``, ``"pair"``, ``"raise"`` or ``"complete"``; ``rule`` the rule id."""

    kind: str
    seat: int
    text: str
    rule: str

    def __str__(self) -> str:
        return self.text


def public_events(source: HandState | Sequence[Event]) -> list[Event]:
    """The events of ``source`` as a spectator sees them (hidden cards ``??``)."""
    if isinstance(source, HandState):
        return source.events_for(None)
    return [event.for_seat(None) for event in source]


def dealer_calls(source: HandState | Sequence[Event]) -> list[str]:
    """The dealer's announcements so far, in words (see :func:`calls`)."""
    return [call.text for call in calls(source)]


def calls(source: HandState | Sequence[Event]) -> list[DealerCall]:
    """The dealer's announcements so far in a stud game (``stud-12``, ``razz-5``,
    ``stud8-1``); other games have their raises announced only.

    Built from the public events alone: the same calls come out of a spectator's log.
    """
    return _Caller(public_events(source)).run()


class _Caller:
    """Walks a public event log and collects the calls."""

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.out: list[DealerCall] = []
        self.stud = self.razz = self.ace_low = False
        self.rule = "stud-12"
        """The rule the street's calls follow: ``razz-5`` in razz, else ``stud-12``."""
        self.order: list[int] = []
        self.up: dict[int, list[Card]] = {}
        self.folded: set[int] = set()
        self.pairs: dict[int, set[int]] = {}
        self.pending = False

    def run(self) -> list[DealerCall]:
        for event in self.events:
            if isinstance(event, HandStarted):
                self._start(event)
            elif isinstance(event, CardsDealt) and self.stud and event.to >= 0:
                self._dealt(event)
            elif isinstance(event, PlayerActed):
                self._flush()
                self._acted(event)
            elif isinstance(event, HandEnded):
                self._flush()
        if self.pending and self._deal_complete():
            self._flush()
        return self.out

    def _start(self, event: HandStarted) -> None:
        variant = VARIANTS.get(event.game)     # the calls are the rulebook's stud games'
        self.stud = variant is not None and variant.is_stud
        self.razz = variant is not None and variant.low == "razz"
        self.ace_low = variant is not None and not variant.bring_in_low_ace_high
        self.rule = "razz-5" if self.razz else "stud-12"
        n = len(event.stacks)
        seated = event.seated or tuple(s > 0 for s in event.stacks)
        self.order = [s for s in ((event.button + 1 + i) % n for i in range(n)) if seated[s]]
        self.up = {s: [] for s in self.order}
        self.pairs = {s: set() for s in self.order}
        self.folded, self.out, self.pending = set(), [], False

    def _dealt(self, event: CardsDealt) -> None:
        shown = [c for c, up in zip(event.cards, event.face_up, strict=True)
                 if up and c != UNKNOWN]
        if not shown:
            return
        seat = event.to
        self.up.setdefault(seat, []).extend(shown)
        self.pending = True
        counts = Counter(c.rank for c in self.up[seat])
        for rank, k in sorted(counts.items(), reverse=True):
            if k < 2 or rank in self.pairs.setdefault(seat, set()):
                continue
            self.pairs[seat].add(rank)
            if self.razz and rank in _FACE:
                continue                      # razz-5: never a pair of face cards
            self.out.append(DealerCall("pair", seat, f"seat {seat}: a pair of {rank.plural}",
                                       self.rule))

    def _deal_complete(self) -> bool:
        live = [s for s in self.order if s not in self.folded]
        return len({len(self.up.get(s, [])) for s in live}) == 1

    def _flush(self) -> None:
        if not self.pending:
            return
        self.pending = False
        live = [s for s in self.order if s not in self.folded and self.up.get(s)]
        if not live:
            return
        if max(len(self.up[s]) for s in live) == 1:     # third street
            self._bring_in(live)
        else:
            self._leader(live)

    def _bring_in(self, live: list[int]) -> None:
        keyed = sorted(live, key=lambda s: bring_in_key(self.up[s][0], ace_low=self.ace_low))
        seat = keyed[-1] if self.ace_low else keyed[0]
        kind = "high card" if self.ace_low else "low card"
        self.out.append(DealerCall(kind, seat, f"{kind}: seat {seat} shows "
                                   f"{format_cards(self.up[seat][:1])} and brings it in",
                                   self.rule))

    def _leader(self, live: list[int]) -> None:
        low = self.razz
        best = max(live, key=lambda s: showing_key(self.up[s], low=low))  # the first best
        words = _describe(self.up[best], low=low)
        kind = "low hand" if low else "high hand"
        self.out.append(DealerCall(kind, best, f"{kind}: seat {best} with {words} is "
                                   "first to act", self.rule))

    def _acted(self, event: PlayerActed) -> None:
        action = event.action
        seat = action.seat
        if isinstance(action, Fold):
            self.folded.add(seat)
        elif isinstance(action, Raise | Complete):
            kind = "raise" if isinstance(action, Raise) else "complete"
            self.out.append(DealerCall(kind, seat, f"seat {seat} {kind}s to {event.total}",
                                       "stud-12"))


def _describe(cards: Sequence[Card], *, low: bool) -> str:
    """The cards showing in the words a dealer uses: pairs and high cards only (never a
    possible straight or flush; razz: never a pair of face cards).

    >>> from pokerroom.cards import parse_cards
    >>> _describe(parse_cards("9h 9c Kd"), low=False)
    'a pair of nines'
    >>> _describe(parse_cards("Ah Kh Qh"), low=False)
    'ace-king-queen'
    >>> _describe(parse_cards("7c 4d Ah"), low=True)
    'seven-four-ace'
    """
    counts = Counter(c.rank for c in cards)
    groups = sorted(counts.items(), key=lambda rk: (-rk[1], -rk[0]))
    top_rank, top_count = groups[0]
    if not low and top_count >= 2:
        if top_count == 4:
            return f"four {top_rank.plural}"
        if top_count == 3:
            return f"three {top_rank.plural}"
        pairs = [r for r, k in groups if k == 2]
        if len(pairs) == 2:
            return f"two pair, {pairs[0].plural} and {pairs[1].plural}"
        return f"a pair of {top_rank.plural}"
    if low:
        if any(k >= 2 and r in _FACE for r, k in groups):
            return "the low cards showing"       # razz-5: no pair of face cards named
        ranks = sorted(counts, key=lambda r: -(1 if r is Rank.ACE else r))
        pairs = [r for r, k in groups if k >= 2]
        words = "-".join(r.noun for r in ranks)
        return words + (f" with a pair of {pairs[0].plural}" if pairs else "")
    return "-".join(r.noun for r in sorted(counts, reverse=True))


# --------------------------------------------------------------------------- lowball-13


def _active(events: Iterable[Event]) -> set[int]:
    seats: set[int] = set()
    for event in events:
        if isinstance(event, HandStarted):
            seated = event.seated or tuple(s > 0 for s in event.stacks)
            seats = {s for s, dealt in enumerate(seated) if dealt}
        elif isinstance(event, PlayerActed) and isinstance(event.action, Fold):
            seats.discard(event.action.seat)
    return seats


def _last_draw(events: list[Event]) -> tuple[dict[int, int], bool]:
    """The counts of the latest draw round and whether anyone has acted since."""
    counts: dict[int, int] = {}
    acted_since = in_draw = False
    for event in events:
        if isinstance(event, CardsDiscarded):
            if not in_draw:
                counts, in_draw, acted_since = {}, True, False
            counts[event.action.seat] = len(event.action.discards)
        elif isinstance(event, PlayerActed) and counts:
            in_draw = False
            acted_since = True
    return counts, acted_since


def draw_counts_open(source: HandState | Sequence[Event]) -> bool:
    """True while draw counts may still be told (``lowball-13``): someone has drawn and
    nobody has acted since the draw."""
    counts, acted = _last_draw(public_events(source))
    return bool(counts) and not acted


def draw_count(source: HandState | Sequence[Event], asker: int, seat: int) -> int:
    """How many cards ``seat`` drew, as told to ``asker`` (``lowball-13``).

    Any active player may ask until there has been action after the draw; after that
    neither the player nor the dealer may answer (:class:`OutOfTurnError`). Asking
    about a seat that has not drawn yet, or by a seat not in the hand, is refused
    with a typed error.
    """
    events = public_events(source)
    if asker not in _active(events):
        raise IllegalActionError(f"seat {asker} is not an active player in this hand")
    counts, acted = _last_draw(events)
    if not counts:
        raise OutOfTurnError("nobody has drawn yet")
    if acted:
        raise OutOfTurnError("there has been action after the draw: the draw counts may "
                             "no longer be told, not even by the dealer (lowball-13)")
    if seat not in counts:
        raise OutOfTurnError(f"seat {seat} has not drawn")
    return counts[seat]


# --------------------------------------------------------------------------- jacks-8


@dataclass(frozen=True, slots=True)
class OpenersKept:
    """A player's request that the opener keep the opening hand and show it once the
    pot is decided (``jacks-8``)."""

    asker: int
    opener: int

    def describe(self) -> str:
        """The request as the dealer repeats it to the table."""
        return (f"seat {self.asker} asks seat {self.opener} to keep the opening hand; it "
                "will be shown once the pot is decided")


def _before_draw(events: Iterable[Event]) -> Iterator[Event]:
    """The events before the first discard."""
    return takewhile(lambda event: not isinstance(event, CardsDiscarded), events)


def _opener(events: Iterable[Event]) -> int:
    """The opener: the first bet before the draw, or the player who declared the pot
    open after false openers (``jacks-2``, ``jacks-3``)."""
    opener = -1
    for event in _before_draw(events):
        if isinstance(event, OpenerDeclared):
            opener = event.seat
        elif opener < 0 and isinstance(event, PlayerActed) and isinstance(event.action, Bet):
            opener = event.action.seat
    return opener


def request_openers_kept(source: HandState | Sequence[Event], asker: int) -> OpenersKept:
    """Record ``asker``'s request (``jacks-8``): allowed to any player dealt in, once the
    pot is opened and before it is decided."""
    events = public_events(source)
    started = next((e for e in events if isinstance(e, HandStarted)), None)
    variant = VARIANTS.get(started.game) if started is not None else None
    if started is None or variant is None or not variant.openers_required:
        raise IllegalActionError("only a game with openers has an opening hand to keep")
    seated = started.seated or tuple(s > 0 for s in started.stacks)
    if not 0 <= asker < len(seated) or not seated[asker]:
        raise IllegalActionError(f"seat {asker} is not playing this hand")
    opener = _opener(events)
    if opener < 0:
        raise OutOfTurnError("the pot has not been opened")
    if any(isinstance(e, HandEnded) for e in events):
        raise OutOfTurnError("the pot has already been decided")
    if asker == opener:
        raise IllegalActionError("the opener cannot ask this of themselves")
    return OpenersKept(asker, opener)


def kept_openers(source: HandState | Sequence[Event], request: OpenersKept) -> str:
    """Once the pot is decided, the opener's opening hand shown to the table
    (``jacks-8``): the five cards held when the pot was opened.

    Reads the full log, because the hand is now shown to everyone; before the pot is
    decided it raises :class:`OutOfTurnError` and shows nothing.
    """
    events = list(source.events if isinstance(source, HandState) else source)
    if not any(isinstance(e, HandEnded) for e in events):
        raise OutOfTurnError("the opening hand is shown only once the pot is decided")
    held = [card for event in _before_draw(events)
            if isinstance(event, CardsDealt) and event.to == request.opener
            for card in event.cards]
    return (f"seat {request.opener}'s opening hand, kept at seat {request.asker}'s "
            f"request: {format_cards(held)}")
