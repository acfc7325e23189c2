"""Streets and betting rounds: what the dealer deals on each street, who draws, who opens
each betting round (blinds, the button, the stud bring-in, the best or lowest board) and
when a round ends (a mixin of the hand state; see :mod:`pokerroom.engine.state`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pokerroom.cards import Card
from pokerroom.engine.betting import FIXED, BettingMixin
from pokerroom.engine.builders import bet_returned, forced_bet
from pokerroom.engine.dealing import bring_in_key, showing_key
from pokerroom.engine.events import BOARD
from pokerroom.engine.extras import BOMB_POT, STRADDLE
from pokerroom.engine.ledger import POT
from pokerroom.engine.phases import (
    BET,
    BOARD_CARDS,
    BURN,
    DEAL,
    DRAW,
    HOLE,
    SHOW,
    hands_in,
    highest,
)
from pokerroom.engine.plan import Plan
from pokerroom.engine.shapes import HandConfig
from pokerroom.engine.variants import Opener, Variant
from pokerroom.errors import ConfigError

__all__ = ["SHORT_BLIND_TAKEN", "RoundsMixin"]

# enum members are slow to look up on the hot path
_BLINDS: Final = Opener.BLINDS
_BRING_IN: Final = Opener.BRING_IN
_HIGH_BOARD: Final = Opener.HIGH_BOARD
_LOW_BOARD: Final = Opener.LOW_BOARD
_OPENER: Final = Opener.OPENER
_BURN_TASK: Final[tuple[int, int, tuple[bool, ...]]] = (BURN, BOARD, ())
SHORT_BLIND_TAKEN: Final = "blind (for a short blind)"
"""The kind of the blind the next player takes for a blind short of half (``lowball-4``)."""


class RoundsMixin(BettingMixin):
    """Street and betting-round flow of a hand."""

    config: HandConfig
    plan: Plan
    variant: Variant
    street: int
    actor: int
    button: int
    deal_order: list[int]
    unkilled: list[int]
    tasks: list[tuple[int, int, tuple[bool, ...]]]
    resume_drawing: bool
    drawers: list[int]
    draw_index: int
    draw_burned: bool
    fifth_cards: list[int]
    forced_level: int
    blind_seats: tuple[int | None, ...]
    contrib_at_draw: list[int] | None
    hole: list[list[Card]]
    up: list[list[bool]]
    board: list[Card]
    second_board: list[Card]
    runs: int
    run_from: int
    burns: list[Card]
    muck: list[Card]
    last_blind_seat: int
    opener_seat: int
    rotations: list[list[int]]
    in_hand: list[bool]
    straddle: int
    """The straddle posted for this hand (0: none; :mod:`pokerroom.engine.extras`)."""
    bomb_pot: bool
    """A bomb pot: no betting before the flop (:mod:`pokerroom.engine.extras`)."""
    all_in_declares: bool
    """Jacks or better: whether a seat all in for the ante is offered its declaration
    (``jacks-5``; a hand followed at the table offers it its own way)."""

    # ------------------------------------------------------------------ forced bets

    def _blind_seats(self, given: Sequence[int | None] | None) -> tuple[int | None, ...]:
        blinds = self.plan.blinds
        if not blinds:                          # a game without blinds
            return ()
        if given is not None:
            if len(given) != len(blinds):
                raise ConfigError("one seat (or None) per blind")
            for s in given:
                if s is not None and not (0 <= s < self.n and self.in_hand[s]):
                    raise ConfigError(f"seat {s} cannot post a blind")
            return tuple(given)
        order = self.deal_order
        if len(order) == 2 and len(blinds) == 2 and order[1] == self.button:
            return (order[1], order[0])             # heads-up: the button posts small
        if len(blinds) > len(order):
            raise ConfigError("more blinds than players")
        return tuple(order[: len(blinds)])

    def _post_forced(self, posts: Sequence[tuple[int, int, bool, str]], antes: bool) -> None:
        plan = self.plan
        stacks, log = self.stacks, self.log
        if plan.ante and antes:
            ante = plan.ante
            for s in self.deal_order:
                amount = min(ante, stacks[s])
                stacks[s] -= amount
                self.dead_money += amount
                self.chips.record(s, POT, amount, "ante")
                log.append(forced_bet(s, "ante", amount, False))
        blinds, kinds = plan.blinds, plan.blind_kinds
        for i, seat in enumerate(self.blind_seats):
            if seat is None:
                continue
            blind = blinds[i]
            amount = blind if blind < stacks[seat] else stacks[seat]
            self._put_to(seat, amount)
            self.last_blind_seat = seat
            log.append(forced_bet(seat, kinds[i], amount, True))
            if len(blinds) == 1 and amount < blind:
                if 2 * amount >= blind:
                    self.forced_level = blind      # lowball-5: it counts as a full blind
                else:
                    # lowball-4: short of half a blind, the next player takes the blind
                    nxt = self._next_actor_with_chips(seat)
                    if nxt >= 0:
                        full = min(blind, stacks[nxt])
                        self._put_to(nxt, full)
                        self.last_blind_seat = nxt
                        log.append(forced_bet(nxt, SHORT_BLIND_TAKEN, full, True))
        for seat, amount, live, kind in posts:
            if not self.in_hand[seat] or amount < 0:
                raise ConfigError(f"seat {seat} cannot post {kind}")
            amount = min(amount, stacks[seat])
            if live:
                self._put_to(seat, self.bets[seat] + amount)
            else:
                stacks[seat] -= amount
                self.dead_money += amount
                self.chips.record(seat, POT, amount, kind)
            log.append(forced_bet(seat, kind, amount, live))
            if kind.startswith("kill") and live and self.config.rules.kill_acts_last:
                self.last_blind_seat = seat     # supp-kill (lowball): acts last, round one
            elif kind == STRADDLE and live:
                self.last_blind_seat = seat     # the straddler acts last, round one
                self.straddle = amount
            elif kind == BOMB_POT:
                self.bomb_pot = True            # straight to the flop
        self.max_bet = highest(self.bets, self.forced_level)

    def _next_actor_with_chips(self, seat: int) -> int:
        for s in self.rotations[(seat + 1) % self.n]:
            if s != seat and self.in_hand[s] and not self.folded[s] and self.stacks[s] > 0:
                return s
        return -1

    # ------------------------------------------------------------------ streets

    def _ensure_cards(self, k: int) -> None:
        """Draw games: when the stub runs short, the discards and burns are shuffled in
        (never cards in a live hand, nor split openers set aside). Stud (``stud-15``):
        the burn cards only."""
        if len(self.deck) >= k:
            return
        if self.variant.is_stud:
            spare, self.burns = self.burns, []
        else:
            spare = self.muck + self.burns
            self.muck, self.burns = [], []
        if self.rng is not None:
            self.rng.shuffle(spare)
        self.deck.extend(spare)

    def _restock_stud(self) -> None:
        """stud-15: the stub is down to its last card (or none) and more downcards are
        owed: the last card is mixed with the burn cards, scrambled and cut, and the
        dealer burns again, unless that would leave fewer cards than players still
        owed one."""
        tasks, deck = self.tasks, self.deck
        if not (self.variant.is_stud and tasks and tasks[0][0] == HOLE and self.burns):
            return
        owed = sum(len(t[2]) for t in tasks if t[0] == HOLE)
        if owed <= len(deck):
            return
        self._put_back(self.burns)
        self.burns = []
        if len(deck) - 1 >= owed:
            tasks.insert(0, _BURN_TASK)

    def _start_street(self) -> None:
        street = self.plan.streets[self.street]
        hole = street.hole
        live = self.deal_order
        if hole and True in self.folded:
            folded, unkilled = self.folded, self.unkilled
            live = [s for s in live if not folded[s] or s in unkilled]
        owed = len(live) * len(hole)
        stud = self.plan.is_stud
        tasks: list[tuple[int, int, tuple[bool, ...]]] = []
        if hole and stud and self.street > 0 and len(self.deck) + len(self.burns) < owed:
            # stud-15: not enough fresh cards for every player, even with the burn
            # cards mixed back in: one common card for all (burned first when there
            # are two)
            self._ensure_cards(2)
            if len(self.deck) >= 2:
                tasks.append(_BURN_TASK)
            tasks.append((BOARD_CARDS, BOARD, (True,)))
        else:
            # stud-15: with exactly as many cards as players still to get one, the
            # dealer does not burn, so that each player receives a fresh card
            if street.burn and not (hole and stud and len(self.deck) == owed):
                tasks.append(_BURN_TASK)
            if hole:
                tasks += [(HOLE, s, hole) for s in live]
            if street.board:
                tasks.append((BOARD_CARDS, BOARD, (True,) * street.board))
        self.resume_drawing = False
        if tasks:
            self.tasks = tasks
            self.phase = DEAL
            if len(self.deck) <= 1:
                self._restock_stud()
        else:
            self._after_street_deal()

    def _deal_second_run(self) -> None:
        """Run it twice: the first board is out; the dealer deals the second
        (:mod:`pokerroom.engine.twice`), then the hand shows down."""
        from pokerroom.engine.twice import second_run_tasks

        self.tasks = second_run_tasks(self)
        self.phase = DEAL

    def resume(self) -> None:
        """Carry on once the dealer's tasks are done: with the next drawer during a draw,
        else with the street's draw or betting round. (A flag rather than a stored bound
        method, which would make every hand a reference cycle left to the garbage
        collector.)"""
        if self.resume_drawing:
            self._next_drawer()
        else:
            self._after_street_deal()

    def _after_street_deal(self) -> None:
        if self.variant.streets[self.street].draw:
            self.drawers = [s for s in self.deal_order if not self.folded[s]]
            self.draw_index = 0
            self.draw_burned = False
            self._next_drawer()
        else:
            self._start_betting()

    def _next_drawer(self) -> None:
        if self.draw_index < len(self.drawers):
            self.phase = DRAW
            self.actor = self.drawers[self.draw_index]
        elif self.fifth_cards:
            # lowball-10: the fifth card of a five-card draw comes after everyone drew
            self.tasks = [(HOLE, seat, (False,)) for seat in self.fifth_cards]
            self.fifth_cards = []
            self.phase = DEAL
            self.resume_drawing = True
        else:
            self.drawers = []
            self._start_betting()

    def _start_betting(self) -> None:
        plan, street_no = self.plan, self.street
        if street_no == 0 and self.bomb_pot:
            self._end_round()                   # a bomb pot: no betting before the flop
            return
        street = plan.streets[street_no]
        n = self.n
        self.acted = [-1] * n
        self.checked = [False] * n
        self.uncapped = False
        bet_size = plan.big_bet if street.big_bet else plan.small_bet
        self.bet_size = bet_size
        self.sizes = (bet_size,)
        if street_no == 1 and plan.open_pair_option and self._open_pair():
            self.sizes = (plan.small_bet, plan.big_bet)        # stud-4
        fixed = self.structure == FIXED
        self.min_raise = bet_size if fixed else plan.min_bet
        self.raises = 1 if (street_no == 0 and self.blind_seats) else 0
        if street_no == 0 and self.straddle:
            # the straddle plays as the big blind: a raise in fixed limit, else the
            # smallest raise is by the straddle
            if fixed:
                self.raises += 1
            else:
                self.min_raise = max(self.min_raise, self.straddle)
        self.max_bet = highest(self.bets, self.forced_level if street_no == 0 else 0)
        self.completion_to = 0
        self.bring_in_seat = -1
        if street.draw and plan.sevens_rule:
            self.contrib_at_draw = list(self.contrib)
        if fixed and self._live_with_chips() <= 2:
            self.uncapped = True
        self.phase = BET
        actor = self._opening_seat()
        if actor < 0:
            self._end_round()
        else:
            self.actor = actor

    def _opening_seat(self) -> int:
        """Who acts first on this street's betting round: the bring-in, or else the
        first seat with a decision to make from the street's opener (-1: nobody)."""
        first = self._next_actor(self._first_actor(self.plan.streets[self.street].opener))
        return self.bring_in_seat if self.bring_in_seat >= 0 else first

    def may_declare(self, seat: int) -> bool:
        """Jacks or better (``jacks-5``): whether ``seat``, all in for the ante (or part
        of it), may still declare the pot open: before the draw, nobody has opened, and
        its turn has not come yet in this round (its answer sets ``acted``)."""
        return (self.all_in_declares and self.plan.openers_required and self.street == 0
                and self.opener_seat < 0 and not self.folded[seat]
                and self.stacks[seat] == 0 and self.acted[seat] < 0)

    def _showing(self, seat: int) -> list[Card]:
        """``seat``'s face-up cards, in the order dealt."""
        return [c for c, up in zip(self.hole[seat], self.up[seat], strict=True) if up]

    def _open_pair(self) -> bool:
        for s in self.deal_order:
            if not self.folded[s]:
                ranks = [c.rank for c in self._showing(s)]
                if len(ranks) != len(set(ranks)):
                    return True
        return False

    def _first_actor(self, opener: Opener) -> int:
        n = self.n
        if opener is _BLINDS and self.last_blind_seat >= 0:
            return (self.last_blind_seat + 1) % n
        if opener is _BRING_IN:
            return self._setup_bring_in()
        if opener is _HIGH_BOARD or opener is _LOW_BOARD:
            low = opener is _LOW_BOARD
            # all-in hands open too (the turn then passes on to their left); a tie goes
            # to the first seat dealt
            live = [s for s in self.deal_order if not self.folded[s]]
            if live:
                return max(live, key=lambda s: showing_key([*self._showing(s), *self.board],
                                                           low=low))
        if opener is _OPENER and self.opener_seat >= 0:
            return self.opener_seat
        return (self.button + 1) % n

    def _setup_bring_in(self) -> int:
        ace_low = not self.variant.bring_in_low_ace_high
        candidates = [s for s in self.deal_order if not self.folded[s]]
        # the lowest upcard brings it in (razz, aces low: the highest)
        seat = (max if ace_low else min)(
            candidates, key=lambda s: bring_in_key(self._showing(s)[0], ace_low=ace_low))
        self.completion_to = self.plan.small_bet
        if self.stacks[seat] == 0:          # stud-8: all in for the ante
            nxt = self._next_actor((seat + 1) % self.n)
            if nxt < 0:
                self.completion_to = 0
                return seat
            self.acted[nxt] = -2
            seat = nxt
        self.bring_in_seat = seat
        return seat

    def _next_actor(self, start: int) -> int:
        folded, stacks, bets, acted = self.folded, self.stacks, self.bets, self.acted
        max_bet = self.max_bet
        several = -1
        for s in self.rotations[start % self.n]:
            if folded[s]:
                continue
            if not stacks[s]:
                if acted[s] < 0 and self.may_declare(s):
                    return s            # jacks-5: all in for the ante, its turn comes
                continue
            if bets[s] < max_bet:
                return s
            if acted[s] < 0:
                if several < 0:
                    several = self._live_with_chips()
                if several >= 2:
                    return s
        return -1

    def _pass_turn(self, start: int) -> None:
        """The turn goes to the first seat from ``start`` with a decision to make; with
        none, or one hand left in, the round is over. The floor's corrections move on
        this way; a player's action does the same in its own lines, with no call more on
        the busiest path."""
        nxt = -1 if hands_in(self.folded) == 1 else self._next_actor(start)
        if nxt < 0:
            self._end_round()
        else:
            self.actor = nxt

    def _end_round(self) -> None:
        bets = self.bets
        top = second = 0
        seat = -1
        for s in range(len(bets)):          # the highest bet, and the next (a tie: equal)
            bet = bets[s]
            if bet > top:
                second, top, seat = top, bet, s
            elif bet > second:
                second = bet
        if top > second:
            # the one highest bet was not called in full: the excess goes back
            back = top - second
            self.stacks[seat] += back
            self.contrib[seat] -= back
            self.chips.record(POT, seat, back, "uncalled bet returned")
            self.log.append(bet_returned(seat, back))
        self.bets = [0] * self.n
        self.max_bet = 0
        self.bring_in_seat = -1
        self.completion_to = 0
        live = hands_in(self.folded)
        if (self.plan.openers_required and self.street == 0 and self.opener_seat < 0) \
                or live == 1 or self.street + 1 >= len(self.plan.streets):
            self.phase = SHOW
            if self.runs > 1 and not self.second_board and live > 1:
                self._deal_second_run()
            return
        self.street += 1
        self._start_street()

