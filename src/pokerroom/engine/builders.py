"""The events the hand machine builds on every step, made as fast as it can make them.

Each function returns the same object as the event's constructor (equal to it, frozen
like it), without the generic class call (the type call, then ``__init__`` with
keywords), which costs about as much again as filling the slots. The module is compiled
with the hand machine (:mod:`pokerroom.compiled`), so the hand machine's calls to these
run no interpreted frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

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
    slot_setters,
)

__all__ = ["award", "bet_returned", "card_burned", "cards_dealt", "forced_bet",
           "hand_ended", "hand_started", "player_acted", "shown_hand"]

_new: Final = object.__new__


def _setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    (found,) = slot_setters(cls, name)
    return found


# each slot setter a constant of its own (mypyc loads a Final from a C static, where a
# plain module global is a dictionary lookup on every use)
_PRIVATE_TO: Final = _setter(PlayerActed, "private_to")
_PA_ACTION: Final = _setter(PlayerActed, "action")
_PA_ADDED: Final = _setter(PlayerActed, "added")
_PA_TOTAL: Final = _setter(PlayerActed, "total")
_PA_ALL_IN: Final = _setter(PlayerActed, "all_in")
_CD_TO: Final = _setter(CardsDealt, "to")
_CD_CARDS: Final = _setter(CardsDealt, "cards")
_CD_FACE_UP: Final = _setter(CardsDealt, "face_up")
_CB_CARD: Final = _setter(CardBurned, "card")
_FB_SEAT: Final = _setter(ForcedBet, "seat")
_FB_KIND: Final = _setter(ForcedBet, "kind")
_FB_AMOUNT: Final = _setter(ForcedBet, "amount")
_FB_LIVE: Final = _setter(ForcedBet, "live")
_SH_SEAT: Final = _setter(ShownHand, "seat")
_SH_CARDS: Final = _setter(ShownHand, "cards")
_SH_HIGH_KEY: Final = _setter(ShownHand, "high_key")
_SH_LOW_KEY: Final = _setter(ShownHand, "low_key")
_SH_HIGH_TEXT: Final = _setter(ShownHand, "high_text")
_SH_LOW_TEXT: Final = _setter(ShownHand, "low_text")
_HE_ACTION: Final = _setter(HandEnded, "action")
_HE_SHOWN: Final = _setter(HandEnded, "shown")
_HE_AWARDS: Final = _setter(HandEnded, "awards")
_HE_STACKS: Final = _setter(HandEnded, "stacks")
_HE_CARRIED: Final = _setter(HandEnded, "carried")
_HE_NOTES: Final = _setter(HandEnded, "notes")
_HE_SPLIT: Final = _setter(HandEnded, "split_discards")
_HS_GAME: Final = _setter(HandStarted, "game")
_HS_STACKS: Final = _setter(HandStarted, "stacks")
_HS_BUTTON: Final = _setter(HandStarted, "button")
_HS_DEAD_MONEY: Final = _setter(HandStarted, "dead_money")
_HS_SEATED: Final = _setter(HandStarted, "seated")
_HS_BLIND_SEATS: Final = _setter(HandStarted, "blind_seats")
_HS_POSTS: Final = _setter(HandStarted, "posts")
_HS_ANTES: Final = _setter(HandStarted, "antes")
_AW_SEAT: Final = _setter(Award, "seat")
_AW_AMOUNT: Final = _setter(Award, "amount")
_AW_POT: Final = _setter(Award, "pot")
_AW_SHARE: Final = _setter(Award, "share")
_BR_SEAT: Final = _setter(BetReturned, "seat")
_BR_AMOUNT: Final = _setter(BetReturned, "amount")
_NOBODY: Final[frozenset[int]] = frozenset()


def player_acted(action: Action, added: int, total: int, all_in: bool) -> PlayerActed:
    """``PlayerActed(action, added, total, all_in)``, seen by everyone.

    >>> from pokerroom.core import Call
    >>> player_acted(Call(1), 1, 2, False) == PlayerActed(Call(1), 1, 2)
    True
    """
    event = _new(PlayerActed)
    _PA_ACTION(event, action)
    _PA_ADDED(event, added)
    _PA_TOTAL(event, total)
    _PA_ALL_IN(event, all_in)
    _PRIVATE_TO(event, None)
    return event


def cards_dealt(to: int, cards: tuple[Card, ...], face_up: tuple[bool, ...],
                private_to: frozenset[int] | None) -> CardsDealt:
    """``CardsDealt(to, cards, face_up, private_to=private_to)``.

    >>> from pokerroom.cards import parse_cards
    >>> cards = parse_cards("As Kd")
    >>> cards_dealt(0, cards, (False, False), frozenset({0})) == CardsDealt(
    ...     0, cards, (False, False), private_to=frozenset({0}))
    True
    """
    event = _new(CardsDealt)
    _CD_TO(event, to)
    _CD_CARDS(event, cards)
    _CD_FACE_UP(event, face_up)
    _PRIVATE_TO(event, private_to)
    return event


def card_burned(card: Card) -> CardBurned:
    """``CardBurned(card, private_to=frozenset())``: a burn card nobody sees.

    >>> from pokerroom.cards import parse_cards
    >>> card_burned(parse_cards("7c")[0]).private_to
    frozenset()
    """
    event = _new(CardBurned)
    _CB_CARD(event, card)
    _PRIVATE_TO(event, _NOBODY)
    return event


def forced_bet(seat: int, kind: str, amount: int, live: bool) -> ForcedBet:
    """``ForcedBet(seat, kind, amount, live)``, seen by everyone.

    >>> forced_bet(1, "big blind", 2, True) == ForcedBet(1, "big blind", 2)
    True
    """
    event = _new(ForcedBet)
    _FB_SEAT(event, seat)
    _FB_KIND(event, kind)
    _FB_AMOUNT(event, amount)
    _FB_LIVE(event, live)
    _PRIVATE_TO(event, None)
    return event


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
    shown = _new(ShownHand)
    _SH_SEAT(shown, seat)
    _SH_CARDS(shown, cards)
    _SH_HIGH_KEY(shown, high_key)
    _SH_LOW_KEY(shown, low_key)
    _SH_HIGH_TEXT(shown, high_text)
    _SH_LOW_TEXT(shown, low_text)
    return shown


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
    event = _new(HandEnded)
    _HE_ACTION(event, action)
    _HE_SHOWN(event, shown)
    _HE_AWARDS(event, awards)
    _HE_STACKS(event, stacks)
    _HE_CARRIED(event, carried)
    _HE_NOTES(event, notes)
    _HE_SPLIT(event, split_discards)
    _PRIVATE_TO(event, None)
    return event


def hand_started(game: str, stacks: tuple[int, ...], button: int, dead_money: int,
                 seated: tuple[bool, ...], blind_seats: tuple[int | None, ...],
                 posts: tuple[tuple[int, int, bool, str], ...], antes: bool) -> HandStarted:
    """``HandStarted(game, stacks, button, dead_money, seated, blind_seats, posts,
    antes)``, seen by everyone.

    >>> hand_started("holdem", (5, 5), 1, 0, (True, True), (0, 1), (), True) == (
    ...     HandStarted("holdem", (5, 5), 1, 0, (True, True), (0, 1)))
    True
    """
    event = _new(HandStarted)
    _HS_GAME(event, game)
    _HS_STACKS(event, stacks)
    _HS_BUTTON(event, button)
    _HS_DEAD_MONEY(event, dead_money)
    _HS_SEATED(event, seated)
    _HS_BLIND_SEATS(event, blind_seats)
    _HS_POSTS(event, posts)
    _HS_ANTES(event, antes)
    _PRIVATE_TO(event, None)
    return event


def award(seat: int, amount: int, pot: int, share: str) -> Award:
    """``Award(seat, amount, pot, share)`` (a part of the closing event, not an event).

    >>> award(1, 8, 0, "all") == Award(1, 8, 0, "all")
    True
    """
    made = _new(Award)
    _AW_SEAT(made, seat)
    _AW_AMOUNT(made, amount)
    _AW_POT(made, pot)
    _AW_SHARE(made, share)
    return made


def bet_returned(seat: int, amount: int) -> BetReturned:
    """``BetReturned(seat, amount)``, seen by everyone.

    >>> bet_returned(2, 40) == BetReturned(2, 40)
    True
    """
    event = _new(BetReturned)
    _BR_SEAT(event, seat)
    _BR_AMOUNT(event, amount)
    _PRIVATE_TO(event, None)
    return event
