"""The events the hand machine builds on every step, made as fast as it can make them.

Each function returns the same object as the event's constructor (equal to it, frozen
like it), without the generic class call (the type call, then ``__init__`` with
keywords), which costs about as much again as filling the slots: it makes an instance of
the class's settable twin (:func:`~pokerroom.engine.events.settable`), stores each field
straight into its slot, and turns it into the event's class. The module is compiled
with the hand machine (:mod:`pokerroom.compiled`), so the hand machine's calls to these
run no interpreted frame.
"""

from __future__ import annotations

from typing import Any, Final, cast

from pokerroom.cards import Card
from pokerroom.core import Action
from pokerroom.engine.events import (
    Award,
    BetReturned,
    CardBurned,
    CardsDealt,
    ForcedBet,
    HandEnded,
    HandStarted,
    PlayerActed,
    Showdown,
    ShownHand,
    SplitDiscards,
    settable,
)

__all__ = ["award", "bet_returned", "card_burned", "cards_dealt", "forced_bet",
           "hand_ended", "hand_started", "player_acted", "shown_hand"]

# each class, and a subclass of it whose fields can be set, as constants of their own
# (mypyc loads a Final from a C static, where a plain module global is a dictionary
# lookup on every use)
_AWARD: Final = Award
_AWARD_OPEN: Final = settable(Award)
_BET_RETURNED: Final = BetReturned
_BET_RETURNED_OPEN: Final = settable(BetReturned)
_CARD_BURNED: Final = CardBurned
_CARD_BURNED_OPEN: Final = settable(CardBurned)
_CARDS_DEALT: Final = CardsDealt
_CARDS_DEALT_OPEN: Final = settable(CardsDealt)
_FORCED_BET: Final = ForcedBet
_FORCED_BET_OPEN: Final = settable(ForcedBet)
_HAND_ENDED: Final = HandEnded
_HAND_ENDED_OPEN: Final = settable(HandEnded)
_HAND_STARTED: Final = HandStarted
_HAND_STARTED_OPEN: Final = settable(HandStarted)
_PLAYER_ACTED: Final = PlayerActed
_PLAYER_ACTED_OPEN: Final = settable(PlayerActed)
_SHOWN_HAND: Final = ShownHand
_SHOWN_HAND_OPEN: Final = settable(ShownHand)
_NOBODY: Final[frozenset[int]] = frozenset()


def player_acted(action: Action, added: int, total: int, all_in: bool) -> PlayerActed:
    """``PlayerActed(action, added, total, all_in)``, seen by everyone.

    >>> from pokerroom.core import Call
    >>> player_acted(Call(1), 1, 2, False) == PlayerActed(Call(1), 1, 2)
    True
    """
    event: Any = _PLAYER_ACTED_OPEN()
    event.action = action
    event.added = added
    event.total = total
    event.all_in = all_in
    event.private_to = None
    event.__class__ = _PLAYER_ACTED
    return cast(PlayerActed, event)


def cards_dealt(to: int, cards: tuple[Card, ...], face_up: tuple[bool, ...],
                private_to: frozenset[int] | None) -> CardsDealt:
    """``CardsDealt(to, cards, face_up, private_to=private_to)``.

    >>> from pokerroom.cards import parse_cards
    >>> cards = parse_cards("As Kd")
    >>> cards_dealt(0, cards, (False, False), frozenset({0})) == CardsDealt(
    ...     0, cards, (False, False), private_to=frozenset({0}))
    True
    """
    event: Any = _CARDS_DEALT_OPEN()
    event.to = to
    event.cards = cards
    event.face_up = face_up
    event.private_to = private_to
    event.__class__ = _CARDS_DEALT
    return cast(CardsDealt, event)


def card_burned(card: Card) -> CardBurned:
    """``CardBurned(card, private_to=frozenset())``: a burn card nobody sees.

    >>> from pokerroom.cards import parse_cards
    >>> card_burned(parse_cards("7c")[0]).private_to
    frozenset()
    """
    event: Any = _CARD_BURNED_OPEN()
    event.card = card
    event.private_to = _NOBODY
    event.__class__ = _CARD_BURNED
    return cast(CardBurned, event)


def forced_bet(seat: int, kind: str, amount: int, live: bool) -> ForcedBet:
    """``ForcedBet(seat, kind, amount, live)``, seen by everyone.

    >>> forced_bet(1, "big blind", 2, True) == ForcedBet(1, "big blind", 2)
    True
    """
    event: Any = _FORCED_BET_OPEN()
    event.seat = seat
    event.kind = kind
    event.amount = amount
    event.live = live
    event.private_to = None
    event.__class__ = _FORCED_BET
    return cast(ForcedBet, event)


def shown_hand(seat: int, cards: tuple[Card, ...], high_key: int | None,
               low_key: int | None, high_text: str | None,
               low_text: str | None) -> ShownHand:
    """``ShownHand(seat, cards, high_key, low_key, high_text, low_text)``, built as the
    hand machine's events are (see :func:`player_acted`).

    >>> from pokerroom.cards import parse_cards
    >>> cards = parse_cards("As Ad")
    >>> shown_hand(0, cards, 7, None, None, None) == ShownHand(0, cards, 7, None)
    True
    """
    shown: Any = _SHOWN_HAND_OPEN()
    shown.seat = seat
    shown.cards = cards
    shown.high_key = high_key
    shown.low_key = low_key
    shown.high_text = high_text
    shown.low_text = low_text
    shown.__class__ = _SHOWN_HAND
    return cast(ShownHand, shown)


def hand_ended(action: Showdown, shown: tuple[ShownHand, ...], awards: tuple[Award, ...],
               stacks: tuple[int, ...], carried: int, notes: tuple[str, ...],
               split_discards: tuple[SplitDiscards, ...]) -> HandEnded:
    """``HandEnded(action, shown, awards, stacks, carried, notes,
    split_discards=split_discards)``, seen by everyone, built as the hand machine's
    events are (see :func:`player_acted`).

    >>> hand_ended(Showdown(), (), (), (5, 3), 0, (), ()) == HandEnded(
    ...     Showdown(), (), (), (5, 3))
    True
    """
    event: Any = _HAND_ENDED_OPEN()
    event.action = action
    event.shown = shown
    event.awards = awards
    event.stacks = stacks
    event.carried = carried
    event.notes = notes
    event.split_discards = split_discards
    event.private_to = None
    event.__class__ = _HAND_ENDED
    return cast(HandEnded, event)


def hand_started(game: str, stacks: tuple[int, ...], button: int, dead_money: int,
                 seated: tuple[bool, ...], blind_seats: tuple[int | None, ...],
                 posts: tuple[tuple[int, int, bool, str], ...], antes: bool) -> HandStarted:
    """``HandStarted(game, stacks, button, dead_money, seated, blind_seats, posts,
    antes)``, seen by everyone.

    >>> hand_started("holdem", (5, 5), 1, 0, (True, True), (0, 1), (), True) == (
    ...     HandStarted("holdem", (5, 5), 1, 0, (True, True), (0, 1)))
    True
    """
    event: Any = _HAND_STARTED_OPEN()
    event.game = game
    event.stacks = stacks
    event.button = button
    event.dead_money = dead_money
    event.seated = seated
    event.blind_seats = blind_seats
    event.posts = posts
    event.antes = antes
    event.private_to = None
    event.__class__ = _HAND_STARTED
    return cast(HandStarted, event)


def award(seat: int, amount: int, pot: int, share: str) -> Award:
    """``Award(seat, amount, pot, share)`` (a part of the closing event, not an event).

    >>> award(1, 8, 0, "all") == Award(1, 8, 0, "all")
    True
    """
    made: Any = _AWARD_OPEN()
    made.seat = seat
    made.amount = amount
    made.pot = pot
    made.share = share
    made.__class__ = _AWARD
    return cast(Award, made)


def bet_returned(seat: int, amount: int) -> BetReturned:
    """``BetReturned(seat, amount)``, seen by everyone.

    >>> bet_returned(2, 40) == BetReturned(2, 40)
    True
    """
    event: Any = _BET_RETURNED_OPEN()
    event.seat = seat
    event.amount = amount
    event.private_to = None
    event.__class__ = _BET_RETURNED
    return cast(BetReturned, event)
