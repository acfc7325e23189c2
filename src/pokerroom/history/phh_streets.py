"""The cards a PHH history shows at each street: what the odds of a past hand start from.

:func:`street_cards` replays a PHH hand through the engine and, for each street, keeps
the board, the players still in the hand whose cards the history names (every card dealt
to them so far: shown down, or the writer's own), the players still in whose cards it
does not wholly name (``??``), and the dead cards the history names: folded hands,
discards and burns (until a reshuffle brings them back to the deck), and the named cards
of the players left out. A street's cards are taken when its first bet is due (or the
showdown, or, on a street no one bets, once it is dealt); a player who folds later in
the street still counts in it.

>>> hand = {"variant": "NT", "antes": [0, 0, 0], "blinds_or_straddles": [1, 2, 0],
...         "min_bet": 2, "starting_stacks": [100, 100, 100],
...         "actions": ["d dh p1 AsAd", "d dh p2 KhKd", "d dh p3 7c2d", "p3 f",
...                     "p1 cbr 100", "p2 cc", "d db 2c7h9d", "d db Qs", "d db 3h",
...                     "p1 sm AsAd", "p2 sm KhKd"]}
>>> for street in street_cards(hand).streets:
...     print(street.street, street.board, street.known, street.dead)
preflop () {1: (As, Ad), 2: (Kh, Kd), 3: (7c, 2d)} ()
flop (2c, 7h, 9d) {1: (As, Ad), 2: (Kh, Kd)} (7c, 2d)
turn (2c, 7h, 9d, Qs) {1: (As, Ad), 2: (Kh, Kd)} (7c, 2d)
river (2c, 7h, 9d, Qs, 3h) {1: (As, Ad), 2: (Kh, Kd)} (7c, 2d)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from pokerroom.cards import Card
from pokerroom.engine.phases import BET, SHOW
from pokerroom.engine.state import PokerHand
from pokerroom.engine.variants import VARIANTS, Variant
from pokerroom.history.phh import named_cards, phh_to_hand, player_seats

__all__ = ["HandStreets", "StreetCards", "street_cards"]


@dataclass(frozen=True, slots=True)
class StreetCards:
    """One street of a past hand as its history shows it. Players are PHH's numbers
    (``1`` is ``p1``)."""

    street: str
    """The street's name in the engine (``preflop``, ``flop``, ``third street``...)."""
    board: tuple[Card, ...]
    known: dict[int, tuple[Card, ...]]
    """The players still in whose every card so far the history names, and those cards."""
    unknown: tuple[int, ...]
    """The players still in with a card the history does not name."""
    dead: tuple[Card, ...]


@dataclass
class HandStreets:
    """A replayed hand and its streets, in order (one per street the hand reached)."""

    hand: PokerHand
    streets: list[StreetCards] = field(default_factory=list)


def street_cards(data: dict[str, Any], variants: Mapping[str, Variant] = VARIANTS
                 ) -> HandStreets:
    """Replay ``data`` (a PHH dict, its variant among ``variants``) and take its cards at
    each street (see the module); :class:`pokerroom.errors.HistoryError` if it does not
    replay."""
    named = named_cards(data)
    taken: dict[int, StreetCards] = {}
    last = [0]

    def on_step(hand: PokerHand) -> None:
        street, before = hand.street, last[0]
        last[0] = street
        if street > before and before not in taken:
            # a street no one bet on ended as its cards were dealt: those are its cards
            taken[before] = _cards_now(hand, named, before)
        if street not in taken and hand.phase in (BET, SHOW):
            taken[street] = _cards_now(hand, named, street)

    hand = phh_to_hand(data, on_step=on_step, variants=variants)
    return HandStreets(hand, [taken[s] for s in sorted(taken)])


def _cards_now(hand: PokerHand, named: set[Card], street: int) -> StreetCards:
    known: dict[int, tuple[Card, ...]] = {}
    unknown: list[int] = []
    out = [*hand.muck, *hand.burns, *chain.from_iterable(hand.split_discards.values())]
    for number, seat in enumerate(player_seats(hand), start=1):
        if hand.folded[seat]:
            continue
        cards = tuple(hand.hole[seat])
        if cards and all(c in named for c in cards):
            known[number] = cards
        else:
            unknown.append(number)
            out.extend(cards)
    return StreetCards(street=hand.variant.streets[street].name,
                       board=tuple(c for c in hand.board if c in named), known=known,
                       unknown=tuple(unknown),
                       dead=tuple(dict.fromkeys(c for c in out if c in named)))
