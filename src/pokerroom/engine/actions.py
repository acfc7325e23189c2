"""The players' betting actions: fold, check, call, bet, raise, bring in, complete, and the
declaration of a jacks-or-better player all in for the ante (``jacks-5``). Each
validates before it changes anything (the hand's ``apply`` has checked the turn) and
returns the event it logged (a mixin of the hand state; see :mod:`pokerroom.engine.state`)."""

from __future__ import annotations

from pokerroom.core import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Declare,
    Event,
    Fold,
    Option,
    Raise,
    action_words,
    cut_to_maximum,
    option_words,
    wager_size,
    wager_words,
)
from pokerroom.engine.betting import wager_allowed
from pokerroom.engine.builders import player_acted
from pokerroom.engine.draws import DrawMixin
from pokerroom.engine.events import FalseDeclaration, OpenerDeclared
from pokerroom.engine.ledger import POT
from pokerroom.engine.phases import BET, hands_in
from pokerroom.errors import IllegalActionError
from pokerroom.figures import listed

__all__ = ["ActionsMixin"]


class ActionsMixin(DrawMixin):
    """Betting actions of the hand state."""

    def cut_oversize(self, action: Action) -> tuple[Action, str]:
        """The action to apply for a requested bet or raise, and the words for the
        player: an oversize bet is cut to the maximum (SUPPLEMENT §2, ``supp-nlpl``):
        in pot limit to the pot, and in no limit (or when the stack is smaller) to all
        in. Anything else comes back as it is, with ``""``; :meth:`apply` stays strict
        and refuses an oversize bet.

        >>> import random
        >>> from pokerroom.engine import GameConfig
        >>> from pokerroom.core import Raise
        >>> hand = GameConfig.of("omaha", "pot limit", blinds=(1, 2)).new_hand(
        ...     [500] * 3, rng=random.Random(2))
        >>> while hand.actors == (-1,):
        ...     _ = hand.advance()
        >>> hand.cut_oversize(Raise(2, 100))
        (Raise(seat=2, to=7), 'a raise to 100 is over the pot limit: cut to the maximum, 7')
        >>> hand.cut_oversize(Raise(2, 6))
        (Raise(seat=2, to=6), '')
        """
        cut = cut_to_maximum(action, self.legal_actions(action.seat))
        if cut is action:
            return action, ""
        seat = action.seat
        bet, stack = self.bets[seat], self.stacks[seat]
        size = wager_size(cut)
        total = size if isinstance(cut, Raise) else bet + size
        if total >= bet + stack:
            return cut, (f"{wager_words(action)} is more than the {stack} chips behind: "
                         f"cut to {size}, all in")
        return cut, f"{wager_words(action)} is over the pot limit: cut to the maximum, {size}"

    def _unopened(self, seat: int) -> bool:
        """``lowball-intro-structure``: ``seat`` is to act before the draw and nobody
        has raised the big blind (with ``blind_may_be_called=False`` it may not call)."""
        blinds = self.plan.blinds
        return (self.phase == BET and self.street == 0 and seat == self.actor
                and bool(blinds) and self.max_bet <= max(blinds))

    def _illegal(self, action: Action, options: tuple[Option, ...]) -> IllegalActionError:
        allowed = listed([option_words(option) for option in options], "or") or "none"
        return IllegalActionError(f"{action_words(action)} is not allowed now; the moves "
                                  f"allowed: {allowed}")

    def _after_action(self, seat: int, event: Event) -> Event:
        self.log.append(event)
        # with one hand left in, the round is over
        nxt = -1 if hands_in(self.folded) == 1 else self._next_actor((seat + 1) % self.n)
        if nxt < 0:
            self._end_round()
        else:
            self.actor = nxt
        return event

    def _fold(self, action: Fold) -> Event:
        seat = action.seat
        bring_in_seat = self.bring_in_seat
        free = self.bets[seat] >= self.max_bet and bring_in_seat != seat
        if (bring_in_seat == seat and self.acted[seat] != -2) or \
                (free and not self.free_fold):
            raise self._illegal(action, self.legal_actions(seat))
        self.folded[seat] = True
        self.bring_in_seat = -1
        if free and self.variant.is_stud:
            # stud-7: folded with no bet pending, the seat keeps receiving cards until a
            # bet kills the hand
            self.unkilled.append(seat)
        else:                                   # the hand is killed (as _kill does)
            self.muck.extend(self.hole[seat])
            self.hole[seat] = []
            self.up[seat] = []
        return self._after_action(seat, player_acted(action, 0, 0, False))

    def _kill(self, seat: int) -> None:
        self.muck.extend(self.hole[seat])
        self.hole[seat] = []
        self.up[seat] = []

    def _check(self, action: Check) -> Event:
        seat = action.seat
        bet = self.bets[seat]
        if bet < self.max_bet or self.bring_in_seat == seat:
            raise self._illegal(action, self.legal_actions(seat))
        self.acted[seat] = self.max_bet
        self.checked[seat] = True
        if self.contrib_at_draw is not None and self.variant.streets[self.street].draw:
            self._note_sevens(seat)
        return self._after_action(seat, player_acted(action, 0, bet, False))

    def _call(self, action: Call) -> Event:
        seat = action.seat
        if self.plan.double_open and self._unopened(seat):
            raise IllegalActionError("the big blind may not be called here: the minimum "
                                     "open is double the big blind (raise or fold)")
        bets = self.bets
        bet, max_bet = bets[seat], self.max_bet
        if bet >= max_bet or self.bring_in_seat == seat:
            raise self._illegal(action, self.legal_actions(seat))
        stack = self.stacks[seat]
        to = max_bet if max_bet < bet + stack else bet + stack
        added = to - bet
        self.stacks[seat] = stack - added
        bets[seat] = to
        self.contrib[seat] += added
        self.chips.record(seat, POT, added, "bets")
        self.acted[seat] = max_bet
        return self._after_action(seat, player_acted(action, added, to, stack == added))

    def _complete(self, action: Complete) -> Event:
        seat = action.seat
        options = self.legal_actions(seat)
        option = next((o for o in options if o.allows(action)), None)
        if option is None:
            raise self._illegal(action, options)
        to: int = getattr(option, "to")  # noqa: B009
        self.bring_in_seat = -1
        return self._do_raise(action, seat, to)

    def _bring_in(self, action: BringIn) -> Event:
        seat = action.seat
        if self.bring_in_seat != seat:
            raise self._illegal(action, self.legal_actions(seat))
        to = min(self.bring_in_amount, self.stacks[seat])
        added = self._put_to(seat, to)
        self.max_bet = to
        self.acted[seat] = to
        self.bring_in_seat = -1
        return self._after_action(seat, player_acted(action, added, to,
                                                    self.stacks[seat] == 0))

    def _wager(self, action: Bet | Raise) -> Event:
        seat = action.seat
        to = action.to if isinstance(action, Raise) else self.bets[seat] + action.amount
        if seat == self.bring_in_seat or not self.may_raise(seat):
            raise self._illegal(action, self.legal_actions(seat))
        option = self._raise_option(seat, self.stacks[seat], self.bets[seat])
        if not wager_allowed(option, action) or (self.plan.openers_required and self.opener_seat < 0
                                         and self.street == 0
                                         and self._needs_openers(seat, option)):
            raise self._illegal(action, self.legal_actions(seat))
        return self._do_raise(action, seat, to)

    def _do_raise(self, action: Action, seat: int, to: int) -> Event:
        if self.unkilled:                     # stud-7: a bet kills the folded hands
            for dead in self.unkilled:
                self._kill(dead)
            self.unkilled = []
        before = self.bets[seat]
        self._raise_to(seat, to)
        if self.opener_seat < 0 and self.street == 0 and self.plan.records_opener:
            # draw-intro: the first bet before the draw makes the opener, who acts first
            # after the draw (in every draw game played with an ante; jacks-1: only a
            # hand with openers can make it)
            self.opener_seat = seat
        return self._after_action(seat, player_acted(action, to - before, to,
                                                    self.stacks[seat] == 0))

    def _declare_open(self, action: Declare) -> Event:
        """``jacks-5``: "Even if you are all in for just the ante (or part of the ante),
        you may declare the pot open if you have openers." ``Declare(seat, stay=True)``
        declares, ``stay=False`` lets the turn pass. With openers the seat opens the pot
        (:class:`OpenerDeclared`): it plays for what it is all in for, must prove openers
        at the showdown (``jacks-3``), and the round closes on the declaration if
        everyone else has acted. Without openers (:class:`FalseDeclaration`) the hand is
        shown and dead, the ante stays in the pot, and the seat is barred (:attr:`false_declarers`)
        until the pot is legally opened and won; nobody has opened, so the round goes
        on as before."""
        seat = action.seat
        if not self.plan.openers_required:
            raise self._refusal(action)
        if not self.may_declare(seat):
            raise IllegalActionError(
                "only a player all in for the ante may declare the pot open, when its "
                "turn comes before the draw and nobody has opened (jacks-5)")
        self.acted[seat] = 0
        event = player_acted(action, 0, 0, True)
        self.log.append(event)
        if action.stay and self.has_openers(seat):
            self.opener_seat = seat
            self.log.append(OpenerDeclared(seat))
        elif action.stay:
            shown = FalseDeclaration(seat, tuple(self.hole[seat]))
            self.folded[seat] = True
            self._kill(seat)
            self.false_declarers.append(seat)
            self.log.append(shown)
        nxt = -1 if hands_in(self.folded) <= 1 else self._next_actor((seat + 1) % self.n)
        if nxt < 0:
            self._end_round()
        else:
            self.actor = nxt
        return event
