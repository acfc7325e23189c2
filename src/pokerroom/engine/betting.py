"""Betting rounds: legal bet sizes, raise caps and reopening, for fixed limit, pot limit
and no limit (SUPPLEMENT §2, ``supp-raise-cap``, ``supp-short-allin``, ``supp-nlpl``).

The rules in numbers, per round:

* fixed limit: bets and raises are one bet size (``stud-4``: the small or the big bet on
  fourth street with an open pair); a bet and three raises multi-way (four in draw and
  lowball, ``lowball-2``, ``draw-1``), no cap once heads-up before the cap is reached; an
  all-in of half a bet or more counts as a full bet, less does not reopen the betting,
  and the next player may complete it to a full bet (the bet, not a raise) as well as
  raise a full bet over it (``a5-4-allin``); completing a bring-in is the bet, not a
  raise (``stud-3``).
* no limit and pot limit: the minimum bet is the big blind; a raise is at least the last
  full bet or raise of the round; a short all-in does not reopen the betting to seats
  that already acted (several add up); pot limit caps a raise at the pot after the call.

:class:`BettingMixin` holds the logic; the hand state owns the numbers.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> hand = GameConfig.of("omaha", "pot limit", blinds=(1, 2)).new_hand(
...     [500] * 3, rng=random.Random(2))
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> hand.betting_options(hand.actors[0])[-1]    # pot 3, call 2: raise to 2 + 5
RaiseOption(min_to=4, max_to=7, tos=())
"""

from __future__ import annotations

from typing import Final, final

from mypy_extensions import mypyc_attr

from pokerroom.core import (
    Action,
    Bet,
    BetOption,
    BringInOption,
    Call,
    CallOption,
    CheckOption,
    CompleteOption,
    FoldOption,
    Option,
    Raise,
    RaiseOption,
)
from pokerroom.engine.kernel import Kernel
from pokerroom.engine.ledger import POT as MIDDLE
from pokerroom.engine.stakes import Structure

__all__ = ["FIXED", "NO", "POT", "BettingMixin", "wager_allowed"]

FIXED: Final = 0
POT: Final = 1
NO: Final = 2
_STRUCTURE_CODE: Final = {Structure.FIXED_LIMIT: FIXED, Structure.POT_LIMIT: POT,
                   Structure.NO_LIMIT: NO}
_FOLD: Final = FoldOption()
_CHECK: Final = CheckOption()
_FOLD_CALLS: Final[dict[int, tuple[Option, ...]]] = {}
"""Fold and call options by the amount to call (options are frozen: one serves every
hand)."""
_FOLD_CHECK: Final[tuple[Option, ...]] = (_FOLD, _CHECK)
_CHECK_ONLY: Final[tuple[Option, ...]] = (_CHECK,)
_SIZED: Final[dict[tuple[bool, int, int], Option]] = {}


def wager_allowed(option: Option, action: Action) -> bool:
    """``option.allows(action)``, answered here for the bet and raise options (this
    module is compiled, the options' own methods are not: a call of one costs the hand
    machine an interpreted frame on every bet and raise).

    >>> from pokerroom.core import Check
    >>> wager_allowed(RaiseOption(4, 20), Raise(0, 20)), wager_allowed(RaiseOption(4, 20),
    ...                                                              Raise(0, 21))
    (True, False)
    >>> wager_allowed(BetOption(4, 4, (4,)), Bet(1, 4)), wager_allowed(BetOption(2, 9),
    ...                                                              Check(1))
    (True, False)
    """
    if isinstance(option, RaiseOption):
        if not isinstance(action, Raise):
            return False
        tos = option.tos
        return action.to in tos if tos else option.min_to <= action.to <= option.max_to
    if isinstance(option, BetOption):
        if not isinstance(action, Bet):
            return False
        amounts = option.amounts
        return (action.amount in amounts if amounts
                else option.min_amount <= action.amount <= option.max_amount)
    return option.allows(action)


@mypyc_attr(allow_interpreted_subclasses=True)
class BettingMixin(Kernel):
    """Legal options and the effect of betting actions (mixed into the hand state, and
    into Hearts Poker's hand, which is not compiled: see :mod:`pokerroom.compiled`).

    The methods no hand overrides are ``final``: the class allows subclasses written in
    Python, so the compiled code calls its other methods through Python's attribute
    lookup."""

    # fields provided by the state
    structure: int
    n: int
    stacks: list[int]
    bets: list[int]
    contrib: list[int]
    folded: list[bool]
    acted: list[int]
    checked: list[bool]
    max_bet: int
    min_raise: int
    raises: int
    cap: int
    uncapped: bool
    bet_size: int
    sizes: tuple[int, ...]
    check_raise: bool
    completion_to: int
    bring_in_seat: int
    bring_in_amount: int
    dead_money: int

    # ------------------------------------------------------------------ queries

    free_fold = False
    """Whether a seat may fold with no bet to face (stud, ``stud-7``; elsewhere the house
    rule ``free_fold``); states may set it."""

    @final
    def _live_with_chips(self) -> int:
        """Hands still in with chips behind (able to act), read from the seats each time
        (rulings may change seats directly)."""
        stacks, folded = self.stacks, self.folded
        count = 0
        for s in range(self.n):
            if stacks[s] > 0 and not folded[s]:
                count += 1
        return count

    @final
    def may_raise(self, seat: int) -> bool:
        """True when ``seat`` may bet or raise now (chips, cap, reopening, check-raise)."""
        stacks, bets, max_bet = self.stacks, self.bets, self.max_bet
        if stacks[seat] <= max_bet - bets[seat]:
            return False
        if self.structure == FIXED and self.raises >= self.cap and not self.uncapped:
            return False
        if self.checked[seat] and not self.check_raise:
            return False
        # a seat that already acted may raise only once the bet went up by a full raise
        # since (fixed limit: half a bet or more; short all-ins add up)
        acted = self.acted[seat]
        if acted >= 0 and max_bet - acted < (
                (self.bet_size + 1) // 2 if self.structure == FIXED else self.min_raise):
            return False
        # a raise is pointless when nobody else could put in more than the current bet
        folded = self.folded
        for s in range(self.n):
            if s != seat and not folded[s] and stacks[s] and bets[s] + stacks[s] > max_bet:
                return True
        return False

    @final
    def betting_options(self, seat: int) -> tuple[Option, ...]:
        """The legal betting options of the seat to act."""
        if seat == self.bring_in_seat:
            return self._bring_in_options(seat)
        stack, bet = self.stacks[seat], self.bets[seat]
        to_call = self.max_bet - bet
        passive: tuple[Option, ...]
        if to_call > 0:
            amount = to_call if to_call < stack else stack
            cached = _FOLD_CALLS.get(amount)
            if cached is None:
                cached = (_FOLD, CallOption(amount))
                if len(_FOLD_CALLS) < 4096:
                    _FOLD_CALLS[amount] = cached
            passive = cached
        elif self.free_fold:                # stud-7 (or free_fold): folded with no bet
            passive = _FOLD_CHECK
        else:
            passive = _CHECK_ONLY
        if self.may_raise(seat):
            return (*passive, self._raise_option(seat, stack, bet))
        return passive

    @final
    def _bring_in_options(self, seat: int) -> tuple[Option, ...]:
        stack = self.stacks[seat]
        options: list[Option] = []
        if self.acted[seat] == -2:          # left of an all-in low card (stud-8)
            options.append(_FOLD)
        options.append(BringInOption(min(self.bring_in_amount, stack)))
        if stack > self.bring_in_amount:
            options.append(CompleteOption(min(self.completion_to, stack)))
        return tuple(options)

    @final
    def _raise_option(self, seat: int, stack: int, bet: int) -> Option:
        all_in = bet + stack
        max_bet = self.max_bet
        if self.completion_to and max_bet < self.completion_to:
            return CompleteOption(min(self.completion_to, all_in))
        structure = self.structure
        if structure == FIXED:
            sizes = self.sizes
            targets = {min(max_bet + size, all_in) for size in sizes}
            if max_bet and not self.raises:
                # only short all-ins are in, none a full bet: completing to a full bet
                # is a choice too, as a stud bring-in is completed (a5-4-allin)
                targets.update(min(size, all_in) for size in sizes if size > max_bet)
            tos = tuple(sorted(targets))
            return (BetOption if max_bet == 0 else RaiseOption)(tos[0], tos[-1], tos)
        low = max_bet + self.min_raise if max_bet else self.min_raise
        high = all_in
        if structure == POT:
            pot = sum(self.contrib) + self.dead_money
            high = min(all_in, max_bet + pot + (max_bet - bet))
        if all_in < low:
            low = all_in
        # options are frozen: one object per size range serves every hand
        key = (max_bet == 0, low, high)
        option = _SIZED.get(key)
        if option is None:
            option = BetOption(low, high) if max_bet == 0 else RaiseOption(low, high)
            if len(_SIZED) < 65536:
                _SIZED[key] = option
        return option

    # ------------------------------------------------------------------ effects

    @final
    def _put_to(self, seat: int, to: int) -> int:
        added = to - self.bets[seat]
        self.stacks[seat] -= added
        self.bets[seat] = to
        self.contrib[seat] += added
        self.chips.record(seat, MIDDLE, added, "bets")
        return added

    @final
    def _raise_to(self, seat: int, to: int) -> None:
        """Apply a bet, raise or completion to ``to`` (already validated)."""
        increment = to - self.max_bet
        if self.completion_to and self.max_bet < self.completion_to:
            full = to >= self.completion_to or increment * 2 >= self.completion_to
            if full:
                self.raises = 1
                self.min_raise = max(self.min_raise, to - self.bring_in_amount)
        elif self.structure == FIXED:
            full = increment * 2 >= self.bet_size
            if full:
                self.raises += 1
            if len(self.sizes) > 1 and increment >= max(self.sizes):
                self.sizes = (max(self.sizes),)     # stud-4: after a big bet, big steps
        else:
            full = increment >= self.min_raise
            if full:
                self.min_raise = increment
        added = to - self.bets[seat]            # as _put_to
        self.stacks[seat] -= added
        self.bets[seat] = to
        self.contrib[seat] += added
        self.chips.record(seat, MIDDLE, added, "bets")
        self.max_bet = to
        self.acted[seat] = to
        if self.structure == FIXED and not self.uncapped and self.raises < self.cap \
                and self._live_with_chips() <= 2:
            self.uncapped = True            # heads-up before the cap: no cap

    @final
    def validate_bet(self, action: Action, options: tuple[Option, ...]) -> int:
        """The round total ``action`` makes, or -1 when no option allows it."""
        for option in options:
            if wager_allowed(option, action):
                if isinstance(action, Raise):
                    return action.to
                if isinstance(action, Bet):
                    return self.bets[action.seat] + action.amount
                if isinstance(action, Call):
                    return min(self.max_bet, self.bets[action.seat] + self.stacks[action.seat])
                return 0
        return -1

