"""Corrections the floor makes to a hand that the plain dealer and player actions cannot
express, as named operations of the hand machine: a dead hand, a returned ante, a
skipped burn, a card taken back to the stub or given outside the normal deal, a card
turned face up, a bring-in moved, an opener declared, a stack set aside.

:mod:`pokerroom.rulings` records each as a frozen fix beside the ordinary actions, so
replaying the steps on a fresh hand rebuilds the same state; only these operations
change a hand from outside its own ``apply`` and ``advance``. Each checks first and
changes second: a correction that does not fit raises :class:`IllegalActionError` and
changes nothing.

>>> from pokerroom.engine import GameConfig
>>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand([50] * 3)
>>> _ = hand.advance()                      # the hole cards
>>> kill_hand(hand, 0)
>>> hand.folded, sum(hand.returns().values())
([True, False, False], 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card
from pokerroom.engine.ledger import POT
from pokerroom.engine.phases import BET, BURN, DEAL, DRAW, HOLE, OVER, SHOW
from pokerroom.engine.state import PokerHand
from pokerroom.errors import IllegalActionError

__all__ = [
    "bring_in_past_exposed",
    "declare_opener",
    "give_cards",
    "kill_hand",
    "leave_unopened",
    "move_bring_in",
    "return_chips",
    "set_aside_stack",
    "skip_burn",
    "take_back",
    "turn_up",
]


def kill_hand(hand: PokerHand, seat: int, *, return_ante: bool = False) -> None:
    """``seat``'s hand is dead: its cards to the muck, its chips already bet stay in the
    pot; ``return_ante`` gives back the ante it posted (``stud-5``)."""
    if hand.folded[seat] or hand.phase == OVER:
        raise IllegalActionError(f"seat {seat} has no live hand")
    if sum(not f for f in hand.folded) == 1:
        raise IllegalActionError(f"seat {seat} holds the last hand: it wins the pot")
    if return_ante and hand.config.stakes.ante:
        amount = min(hand.config.stakes.ante, hand.dead_money, hand.start_stacks[seat])
        hand.dead_money -= amount
        hand.stacks[seat] += amount
        hand.chips.transfer(POT, seat, amount, "ante returned (dead hand)")
    hand.folded[seat] = True
    hand._kill(seat)
    hand.tasks = [t for t in hand.tasks if not (t[0] == HOLE and t[1] == seat)]
    if hand.bring_in_seat == seat:
        hand.bring_in_seat = -1
    drawing_now = False
    if seat in hand.drawers:
        at = hand.drawers.index(seat)
        del hand.drawers[at]
        if at < hand.draw_index:
            hand.draw_index -= 1
        drawing_now = at == hand.draw_index and hand.phase == DRAW
    if hand.phase == DEAL:
        if hand.tasks and all(t[0] == BURN for t in hand.tasks):
            hand.tasks = []
        if not hand.tasks:
            hand.resume()
    elif drawing_now:                       # the seat to draw: the next one draws
        hand._next_drawer()
    elif hand.phase == BET:
        hand._pass_turn((seat + 1) % hand.n if hand.actor == seat else hand.actor)


def skip_burn(hand: PokerHand) -> None:
    """The next burn is not made (a board card dealt without a burn, ``holdem-4``)."""
    if hand.phase != DEAL or not hand.tasks or hand.tasks[0][0] != BURN:
        raise IllegalActionError("no burn is due")
    del hand.tasks[0]
    if not hand.tasks:
        hand.resume()


def take_back(hand: PokerHand, owner: int, cards: Sequence[Card]) -> None:
    """``cards`` leave ``owner``'s hand and go back on top of the stub."""
    hole = hand.hole[owner]
    if any(c not in hole for c in cards):
        raise IllegalActionError(f"seat {owner} does not hold those cards")
    for c in cards:
        i = hole.index(c)
        del hole[i]
        del hand.up[owner][i]
        hand.deck.insert(0, c)


def give_cards(hand: PokerHand, owner: int, cards: Sequence[Card], *,
               face_up: bool = False) -> None:
    """``cards`` from the stub go to ``owner`` outside the normal deal (a short hand made
    up, ``lowball-11``, ``draw-4``)."""
    if any(c not in hand.deck for c in cards):
        raise IllegalActionError("those cards are not in the stub")
    for c in cards:
        hand.deck.remove(c)
        hand.hole[owner].append(c)
        hand.up[owner].append(face_up)


def turn_up(hand: PokerHand, owner: int, card: Card | None, *, up: bool = True,
            reseat_action: bool = False) -> None:
    """``card`` in ``owner``'s hand is face up (down with ``up=False``) from now on; with
    ``reseat_action``, in a betting round nobody has acted in, the first player is
    chosen again from the new board (``stud-5``, ``stud-16``, ``stud-17``)."""
    hole = hand.hole[owner]
    if card not in hole:
        raise IllegalActionError(f"seat {owner} does not hold that card")
    hand.up[owner][hole.index(card)] = up
    if reseat_action and hand.phase == BET and not any(hand.bets) and \
            all(a == -1 for a in hand.acted):
        nxt = hand._opening_seat()
        if nxt >= 0:
            hand.actor = nxt


def move_bring_in(hand: PokerHand, to: int, *, may_fold: bool = True) -> None:
    """The forced bet moves to ``to``, who may fold, bring it in or complete
    (``stud-5``, ``stud-8``, ``stud-9``)."""
    if hand.phase != BET or hand.bring_in_seat < 0:
        raise IllegalActionError("no bring-in is due")
    hand.bring_in_seat = to
    hand.actor = to
    if may_fold:
        hand.acted[to] = -2


def bring_in_past_exposed(hand: PokerHand, owner: int) -> None:
    """``stud-5``: when ``owner``'s exposed hole card makes it the low card, the first
    seat on its left opens instead (fold, bring it in or complete)."""
    if hand.phase != BET or hand.bring_in_seat != owner:
        return
    seat = hand._next_actor_with_chips(owner)
    if seat >= 0:
        move_bring_in(hand, seat)


def return_chips(hand: PokerHand, owner: int, amount: int) -> None:
    """``amount`` of ``owner``'s bets this round go back to their stack."""
    if not 0 <= amount <= hand.bets[owner]:
        raise IllegalActionError("cannot return more than was bet this round")
    hand.bets[owner] -= amount
    hand.contrib[owner] -= amount
    hand.stacks[owner] += amount
    hand.chips.transfer(POT, owner, amount, "bet returned")
    hand.max_bet = max(hand.bets)


def declare_opener(hand: PokerHand, owner: int) -> None:
    """Jacks or better: ``owner`` has declared the pot open (``jacks-2``)."""
    hand.opener_seat = owner


def leave_unopened(hand: PokerHand) -> None:
    """Jacks or better: nobody declared the pot open; the deal ends and what is in the
    middle carries to the next deal (``jacks-2``)."""
    hand.opener_seat = -1
    for seat in range(hand.n):
        hand.folded[seat] = not hand.in_hand[seat]
    hand.phase = SHOW
    hand.actor = -1
    hand.tasks = []


def set_aside_stack(hand: PokerHand, owner: int, amount: int, *, back: bool = False) -> None:
    """``owner`` declared all in: the rest of their stack is set aside for this hand
    (``stud-17``); ``back=True`` returns it once the hand is over. The chips stay the
    seat's own in the hand's ledger."""
    if back:
        hand.stacks[owner] += amount
        return
    if amount != hand.stacks[owner]:
        raise IllegalActionError("the whole remaining stack is set aside")
    hand.stacks[owner] = 0
    if hand.phase != BET:
        return
    if not any(hand.bets):
        hand._pass_turn(hand._first_actor(hand.variant.streets[hand.street].opener))
    elif hand.actor == owner:
        hand._pass_turn((owner + 1) % hand.n)
