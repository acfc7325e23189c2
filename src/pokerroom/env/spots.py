"""The spots of plain betting, worked out in compiled code: the fold, the check or
the call, and the four sizes of a bet or a raise of a learning environment's bet block
(:mod:`pokerroom.env.layout`), each made into one kept action. A six-seat no-limit
table meets a spot it has not seen (a new pot, a new bet to call) at about one step in
four, and works it out here; the module is compiled with the hand machine and its
observer (:mod:`pokerroom.compiled`).

>>> from pokerroom.core import CallOption, FoldOption, RaiseOption
>>> bets_at(1, (FoldOption(), CallOption(2), RaiseOption(min_to=4, max_to=100)), 3, 1)
[Fold(seat=1), Call(seat=1), Raise(seat=1, to=4), Raise(seat=1, to=5), \
Raise(seat=1, to=8), Raise(seat=1, to=100)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.core import (
    Action,
    Bet,
    BetOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Fold,
    FoldOption,
    Option,
    Raise,
    RaiseOption,
)
from pokerroom.options import WagerRange

__all__ = ["bets_at", "plain_action"]


def bets_at(seat: int, options: Sequence[Option], pot: int, own: int,
            made: dict[Any, Any] | None = None) -> list[Action | None] | None:
    """:func:`~pokerroom.env.layout.plain_bets` of a spot whose pot is ``pot`` and
    the seat's own bet ``own`` (see the module docstring); ``None`` for a spot that is
    not plain betting. ``made``: the actions made before (see :func:`plain_action`).

    >>> from pokerroom.core import BetOption, CheckOption
    >>> bets_at(0, (CheckOption(), BetOption(2, 50)), 0, 0)[2:]   # one size, once
    [Bet(seat=0, amount=2), None, None, Bet(seat=0, amount=50)]
    """
    found: list[Option | None] = [None] * 5
    for option in options:
        kind = type(option)
        if kind is FoldOption:
            at = 0
        elif kind is CheckOption:
            at = 1
        elif kind is CallOption:
            at = 2
        elif kind is BetOption:
            at = 3
        elif kind is RaiseOption:
            at = 4
        else:
            return None
        if found[at] is not None:
            return None
        found[at] = option
    fold, check, call, bet, raise_ = found
    out: list[Action | None] = [
        None if fold is None else plain_action(Fold, seat, -1, made),
        plain_action(Check, seat, -1, made) if check is not None
        else None if call is None else plain_action(Call, seat, -1, made)]
    if isinstance(bet, BetOption):
        sized: type[Action] = Bet
        low, high, listed = bet.min_amount, bet.max_amount, bet.amounts
    elif isinstance(raise_, RaiseOption):
        sized = Raise
        low, high, listed = raise_.min_to, raise_.max_to, raise_.tos
    else:
        out += (None, None, None, None)
        return out
    to_call = call.amount if isinstance(call, CallOption) else 0
    # the least, half the pot, the pot, the most (pot_share's sizes, WagerRange.fit's fit)
    if sized is Raise:
        wanted = (low, own + to_call + int(0.5 * (pot + to_call)),
                  own + to_call + int(1.0 * (pot + to_call)), high)
    else:
        wanted = (low, int(0.5 * pot), int(1.0 * pot), high)
    sizes: list[int] = []
    for size in wanted:
        if listed:
            size = WagerRange(sized is Raise, low, high, listed).fit(size)
        elif size > high:
            size = high
        if not listed and size < low:
            size = low
        if size in sizes or not (size in listed if listed else low <= size <= high):
            out.append(None)
        else:
            sizes.append(size)
            out.append(plain_action(sized, seat, size, made))
    return out


def plain_action(kind: type[Action], seat: int, size: int,
                 made: dict[Any, Any] | None = None) -> Action:
    """The fold, check or call (``size`` -1), bet of ``size`` or raise to ``size`` of
    ``seat``: from ``made`` (by ``(kind, seat, size)``) if it holds it, else a new one
    (kept there): a table meets the same few actions again and again, and one object
    kept for each is made once and leaves the garbage collector fewer to walk.

    >>> made = {}
    >>> plain_action(Raise, 2, 40, made) is plain_action(Raise, 2, 40, made)
    True
    >>> plain_action(Fold, 2, -1), len(made)
    (Fold(seat=2), 1)
    """
    key = (kind, seat, size)
    if made is not None:
        known: Action | None = made.get(key)
        if known is not None:
            return known
    make: Callable[..., Action] = kind      # a bet's and a raise's size follows the seat
    action = make(seat) if size < 0 else make(seat, size)
    if made is not None:
        made[key] = action
    return action
