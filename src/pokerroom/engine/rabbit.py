"""The rabbit hunt: the board cards a hand over before its last street would have dealt.

:func:`undealt_board` reads them from the hand's own stub, in the order the dealer would
have dealt them, each street's burn card taken first and not shown: for a stub shuffled
as it is dealt (the engine's usual one), by drawing on with the hand's own random source
exactly as the next deals would have, then putting the stub and the random source back
as they were. The hand, its stub and the table's shuffle are unchanged afterwards, so
the next deal is the one it would have been, and nothing of the hand's result moves.

>>> import random
>>> from pokerroom.core import Call, Check, CheckOption, Fold
>>> from pokerroom.engine import GameConfig
>>> from pokerroom.engine.table import Table
>>> def hand_on(seed: int, fold: bool) -> tuple[object, ...]:
...     table = Table(GameConfig.of("holdem", "no limit", blinds=(1, 2)), seats=2,
...                   rng=random.Random(seed))
...     table.join(0, "Ann", 100)
...     table.join(1, "Bob", 100)
...     hand = table.next_hand()
...     while not hand.is_over:
...         if hand.actors == (-1,):
...             _ = hand.advance()
...         elif fold:
...             _ = hand.apply(Fold(hand.actors[0]))
...         else:
...             seat = hand.actors[0]
...             can_check = any(isinstance(o, CheckOption) for o in hand.legal_actions(seat))
...             _ = hand.apply(Check(seat) if can_check else Call(seat))
...     return hand
>>> folded, played = hand_on(7, fold=True), hand_on(7, fold=False)
>>> undealt_board(folded) == tuple(played.board)      # the board it would have had
True
>>> undealt_board(folded) == undealt_board(folded)    # and reading it changes nothing
True
>>> undealt_board(played)                             # a full board: nothing to hunt
()
"""

from __future__ import annotations

import random

from pokerroom.cards import Card
from pokerroom.engine.state import PokerHand

__all__ = ["undealt_board"]


def undealt_board(hand: PokerHand) -> tuple[Card, ...] | None:
    """The board cards ``hand`` would still have dealt, in order (``()``: its board is
    complete or the game has none); ``None`` when they cannot be known (a stub drawn
    from a random source whose state cannot be read back, or a game that deals more
    than board cards after it)."""
    streets = hand.variant.streets
    dealt = len(hand.board)
    remaining = []
    for street in streets:
        if not street.board:
            continue
        if dealt >= street.board:
            dealt -= street.board
            continue
        if street.hole or street.draw or dealt:
            return None
        remaining.append(street)
    if not remaining:
        return ()
    rng = hand.rng
    saved_state = None
    if hand.lazy:
        if not isinstance(rng, random.Random) or isinstance(rng, random.SystemRandom):
            return None
        saved_state = rng.getstate()
    saved_deck = list(hand.deck)
    cards: list[Card] = []
    try:
        for street in remaining:
            if street.burn:
                hand._draw_cards(1)
            cards.extend(hand._draw_cards(street.board))
    finally:
        hand.deck[:] = saved_deck
        if isinstance(rng, random.Random) and saved_state is not None:
            rng.setstate(saved_state)
    return tuple(cards)
