"""Rebuild a hand from its config and its event log (``DESIGN.md``: a hand is its log).

Only the privileged log (``hand.events``, every card known) can be replayed; a seat's
redacted log cannot, and says so with :class:`~pokerroom.errors.HistoryError`.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> config = GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
>>> hand = config.new_hand([50, 50, 50], rng=random.Random(5))
>>> from pokerroom.core import BringIn, BringInOption, Call, Check, CheckOption
>>> while not hand.is_over:
...     if hand.actors[0] == -1:
...         _ = hand.advance()
...         continue
...     seat = hand.actors[0]
...     options = hand.legal_actions()
...     if BringInOption(2) in options:
...         _ = hand.apply(BringIn(seat))
...     else:
...         _ = hand.apply(Check(seat) if CheckOption() in options else Call(seat))
>>> replay(config, hand.events).final_stacks == hand.final_stacks
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import UNKNOWN
from pokerroom.core import Event
from pokerroom.engine.config import GameConfig
from pokerroom.engine.events import (
    CardBurned,
    CardsDealt,
    CardsDiscarded,
    HandEnded,
    HandStarted,
    PlayerActed,
)
from pokerroom.engine.state import PokerHand
from pokerroom.engine.twice import RunItTwice, run_twice
from pokerroom.errors import HistoryError, PokerroomError

__all__ = ["replay"]

_CAUSES = (PlayerActed, CardsDealt, CardBurned, CardsDiscarded, HandEnded)


def replay(config: GameConfig, events: Sequence[Event]) -> PokerHand:
    """The hand ``events`` describe, rebuilt step by step (every step validated)."""
    if not events or not isinstance(events[0], HandStarted):
        raise HistoryError("a hand log starts with HandStarted")
    start = events[0]
    if start.game != config.variant.name:
        raise HistoryError(f"the log is of {start.game}, the config of "
                           f"{config.variant.name}")
    try:
        hand = config.new_hand(list(start.stacks), button=start.button,
                               deck=config.deck_cards(), dead_money=start.dead_money,
                               seated=start.seated or None,
                               blind_seats=start.blind_seats or None, posts=start.posts,
                               antes=start.antes)
        for event in events[1:]:
            if isinstance(event, RunItTwice):       # the players agreed to run it twice
                run_twice(hand)
            elif isinstance(event, _CAUSES):
                action = event.action
                # the cards a deal, a draw or a burn names
                cards = (*getattr(action, "cards", ()), *getattr(action, "discards", ()),
                         getattr(action, "card", None))
                if UNKNOWN in cards:
                    raise HistoryError("a redacted log (hidden cards) cannot be replayed")
                hand.apply(action)
    except HistoryError:
        raise
    except PokerroomError as err:
        raise HistoryError(f"the log does not replay: {err}") from err
    return hand
