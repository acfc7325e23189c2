"""The hand state machine: one hand of any button, stud or draw game.

A :class:`PokerHand` is made by :meth:`GameConfig.new_hand
<pokerroom.engine.config.GameConfig.new_hand>`. It speaks the
:class:`~pokerroom.core.HandState` protocol: ``actors`` says who is to act (a seat, the
dealer, or nobody), ``legal_actions`` gives options as data, ``apply`` validates
everything before changing anything, and every step appends a frozen event to the log.

>>> import random
>>> from pokerroom.engine import GameConfig, Structure
>>> from pokerroom.core import Call, Check
>>> hand = GameConfig.of("holdem", Structure.NO_LIMIT, blinds=(1, 2)).new_hand(
...     [100, 100, 100], rng=random.Random(1))
>>> while hand.actors == (DEALER,):
...     _ = hand.advance()
>>> hand.actors, hand.legal_actions()
((2,), (FoldOption(), CallOption(amount=2), RaiseOption(min_to=4, max_to=100, tos=())))
>>> _ = hand.apply(Call(2)); _ = hand.apply(Call(0)); _ = hand.apply(Check(1))
>>> hand.street_name, hand.pot
('flop', 6)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.cards import Card
from pokerroom.core import (
    DEALER,
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Draw,
    DrawOption,
    Event,
    Fold,
    HandState,
    Option,
    Raise,
)
from pokerroom.engine.betting import _STRUCTURE_CODE, FIXED, BettingMixin
from pokerroom.engine.config import GameConfig
from pokerroom.engine.dealing import (
    BurnOption,
    DealOption,
    ShowdownOption,
    bring_in_key,
    holds_openers,
    showing_key,
)
from pokerroom.engine.events import (
    BOARD,
    BetReturned,
    BurnCard,
    CardBurned,
    CardsDealt,
    CardsDiscarded,
    DealCards,
    ForcedBet,
    HandEnded,
    HandStarted,
    PlayerActed,
    Showdown,
)
from pokerroom.engine.variants import Forced, Opener
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError

__all__ = ["PokerHand"]

DEAL, BET, DRAW, SHOW, OVER = range(5)
BURN, HOLE, BOARD_CARDS = range(3)
_SHOWDOWN_OPTIONS = (ShowdownOption(),)
_PRIVATE = [frozenset((s,)) for s in range(32)]
_NOBODY: frozenset[int] = frozenset()
_SHOWDOWN = Showdown()
_BURN_OPTIONS = (BurnOption(),)


class PokerHand(BettingMixin, HandState):
    """One hand. Build it with ``GameConfig.new_hand``; drive it with ``apply`` and
    ``advance``; read it with ``view``, ``events`` and the properties below."""

    __slots__ = (
        "_dispatch",
        "_private",
        "acted",
        "actor",
        "bet_size",
        "bets",
        "blind_seats",
        "board",
        "bring_in_amount",
        "bring_in_seat",
        "burns",
        "button",
        "cap",
        "check_raise",
        "checked",
        "completion_to",
        "config",
        "contrib",
        "contrib_at_draw",
        "dead_money",
        "deal_order",
        "deck",
        "draw_burned",
        "draw_index",
        "drawers",
        "folded",
        "hole",
        "in_hand",
        "last_blind_seat",
        "lazy",
        "log",
        "max_bet",
        "min_raise",
        "muck",
        "n",
        "opener_seat",
        "opening_key",
        "phase",
        "raises",
        "result",
        "resume",
        "rng",
        "sevens_checkers",
        "sizes",
        "split_discards",
        "stacks",
        "start_stacks",
        "street",
        "structure",
        "tasks",
        "uncapped",
        "up",
        "variant",
    )

    def __init__(self, config: GameConfig, stacks: Sequence[int], *, button: int = -1,
                 rng: random.Random | None = None, deck: Sequence[Card] | None = None,
                 dead_money: int = 0, seated: Sequence[bool] | None = None,
                 blind_seats: Sequence[int | None] | None = None,
                 posts: Sequence[tuple[int, int, bool, str]] = (),
                 antes: bool = True) -> None:
        variant = config.variant
        n = len(stacks)
        if any(not isinstance(s, int) or s < 0 for s in stacks):
            raise ConfigError("stacks are whole numbers of chips, never negative")
        in_hand = list(seated) if seated is not None else [s > 0 for s in stacks]
        if len(in_hand) != n:
            raise ConfigError("one seated flag per seat")
        players = sum(in_hand)
        if players < 2:
            raise ConfigError("a hand needs at least two players")
        if players > variant.max_players:
            raise ConfigError(f"{variant.title} deals to at most {variant.max_players} "
                              "players")
        if any(in_hand[s] and stacks[s] <= 0 for s in range(n)):
            raise ConfigError("a player dealt in needs chips")
        if dead_money < 0:
            raise ConfigError("dead money cannot be negative")
        self.config = config
        self.variant = variant
        self.structure = _STRUCTURE_CODE[config.structure]
        self.n = n
        self.button = (button % n) if n else 0
        self.start_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.contrib = [0] * n
        self.folded = [not x for x in in_hand]
        self.in_hand = in_hand
        self.acted = [-1] * n
        self.checked = [False] * n
        self.max_bet = self.min_raise = self.raises = self.bet_size = 0
        self.cap = config.raise_cap
        self.uncapped = False
        self.sizes: tuple[int, ...] = ()
        self.check_raise = config.check_raise
        self.completion_to = 0
        self.bring_in_seat = -1
        self.bring_in_amount = config.stakes.bring_in
        self.dead_money = dead_money
        self.hole: list[list[Card]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[Card] = []
        self.burns: list[Card] = []
        self.muck: list[Card] = []
        if deck is not None:
            self.deck = list(deck)
            self.rng: random.Random | None = rng
            self.lazy = False
        else:
            # the shuffle is drawn card by card as the dealer needs them: the same
            # uniform order, without shuffling the cards nobody will see
            self.rng = rng if rng is not None else secrets.SystemRandom()
            self.deck = list(config.deck_cards())
            self.lazy = True
        self._private = _PRIVATE if n <= len(_PRIVATE) else [frozenset((s,)) for s in range(n)]
        self.street = 0
        self.phase = DEAL
        self.actor = -1
        self.tasks: list[tuple[int, int, tuple[bool, ...]]] = []
        self.resume: Callable[[], None] = self._after_street_deal
        self.drawers: list[int] = []
        self.draw_index = 0
        self.draw_burned = False
        self.log: list[Event] = []
        self.deal_order = [s for s in ((self.button + 1 + i) % n for i in range(n))
                           if in_hand[s]]
        self.opener_seat = -1
        self.opening_key = 0
        self.split_discards: dict[int, tuple[Card, ...]] = {}
        self.contrib_at_draw: list[int] | None = None
        self.sevens_checkers: set[int] = set()
        self.result: HandEnded | None = None
        self.last_blind_seat = -1
        self.n_live = self.n_active = players
        self.stud_free_fold = variant.is_stud
        self.unkilled: list[int] = []
        self.fifth_cards: list[int] = []
        self.blind_seats = self._blind_seats(blind_seats)
        self.log.append(HandStarted(variant.name, self.start_stacks, self.button,
                                    dead_money, tuple(in_hand), self.blind_seats,
                                    tuple(posts), antes))
        self._post_forced(posts, antes)
        self.n_active = sum(1 for s in range(n) if in_hand[s] and self.stacks[s] > 0)
        self._start_street()

    # ------------------------------------------------------------------ setup

    def _blind_seats(self, given: Sequence[int | None] | None) -> tuple[int | None, ...]:
        blinds = self.config.stakes.blinds
        if self.variant.forced is not Forced.BLINDS:
            return ()
        if given is not None:
            if len(given) != len(blinds):
                raise ConfigError("one seat (or None) per blind")
            for s in given:
                if s is not None and not (0 <= s < self.n and self.in_hand[s]):
                    raise ConfigError(f"seat {s} cannot post a blind")
            return tuple(given)
        order = self.deal_order
        if len(order) == 2 and len(blinds) == 2:     # heads-up: the button posts small
            button_first = order[1] if order[1] == self.button else order[0]
            other = order[0] if button_first == order[1] else order[1]
            return (button_first, other)
        if len(blinds) > len(order):
            raise ConfigError("more blinds than players")
        return tuple(order[: len(blinds)])

    def _post_forced(self, posts: Sequence[tuple[int, int, bool, str]], antes: bool) -> None:
        stakes = self.config.stakes
        if stakes.ante and antes:
            for s in self.deal_order:
                amount = min(stakes.ante, self.stacks[s])
                self.stacks[s] -= amount
                self.dead_money += amount
                self.log.append(ForcedBet(s, "ante", amount, live=False))
        names = ("small blind", "big blind") if len(stakes.blinds) == 2 else None
        for i, seat in enumerate(self.blind_seats):
            if seat is None:
                continue
            kind = names[i] if names else f"blind {i + 1}"
            amount = min(stakes.blinds[i], self.stacks[seat])
            self._put_to(seat, amount)
            self.last_blind_seat = seat
            self.log.append(ForcedBet(seat, kind, amount))
        for seat, amount, live, kind in posts:
            if not self.in_hand[seat] or amount < 0:
                raise ConfigError(f"seat {seat} cannot post {kind}")
            amount = min(amount, self.stacks[seat])
            if live:
                self._put_to(seat, self.bets[seat] + amount)
            else:
                self.stacks[seat] -= amount
                self.dead_money += amount
            self.log.append(ForcedBet(seat, kind, amount, live=live))
        self.max_bet = max(self.bets)

    # ------------------------------------------------------------------ protocol

    @property
    def actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (BET, DRAW):
            return (self.actor,)
        if phase == OVER:
            return ()
        return (DEALER,)

    @property
    def events(self) -> Sequence[Event]:
        return self.log

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        phase = self.phase
        if seat is None:
            seat = self.actor if phase in (BET, DRAW) else DEALER
        if phase == BET:
            if seat != self.actor:
                return ()
            options = self.betting_options(seat)
            if self.opener_seat < 0 and self.variant.openers_required and self.street == 0:
                options = tuple(o for o in options if not self._needs_openers(seat, o))
            return options
        if phase == DRAW:
            if seat != self.actor:
                return ()
            return (DrawOption(0, len(self.hole[seat])),)
        if seat != DEALER or phase == OVER:
            return ()
        if phase == SHOW:
            return _SHOWDOWN_OPTIONS
        kind, target, face_up = self.tasks[0]
        if kind == BURN:
            return _BURN_OPTIONS
        return (DealOption(target, len(face_up), face_up),)

    def apply(self, action: Action) -> Event:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalActionError(f"{type(action).__name__} is not an action of "
                                     f"{self.variant.title}")
        return handler(self, action)

    def advance(self) -> Event:
        """Apply the dealer's next step with cards from the top of this hand's deck."""
        phase = self.phase
        if phase != DEAL:
            if phase == SHOW:
                return self._showdown(_SHOWDOWN)
            raise OutOfTurnError("it is not the dealer's turn")
        kind, target, face_up = self.tasks[0]
        k = 1 if kind == BURN else len(face_up)
        deck = self.deck
        if len(deck) < k:
            self._ensure_cards(k)
        if self.lazy:
            random_ = self.rng.random  # type: ignore[union-attr]
            cards = []
            for _ in range(k):
                j = int(random_() * len(deck))
                last = deck.pop()
                if j < len(deck):
                    cards.append(deck[j])
                    deck[j] = last
                else:
                    cards.append(last)
        else:
            cards = deck[:k]
            del deck[:k]
        if kind == BURN:
            return self._burn_unchecked(cards[0])
        return self._deal_unchecked(tuple(cards), target, face_up)

    # ------------------------------------------------------------------ dealing

    def _ensure_cards(self, k: int) -> None:
        """Draw games: when the stub runs short, the discards and burns are shuffled in
        (never cards in a live hand)."""
        if len(self.deck) >= k:
            return
        spare = self.muck + self.burns
        if self.tasks and self.tasks[0][0] == HOLE and self.phase == DEAL and self.drawers:
            seat = self.tasks[0][1]
            mine = set(self.split_discards.get(seat, ()))
            spare = [c for c in spare if c not in mine]
        self.muck, self.burns = [], []
        if self.rng is not None:
            self.rng.shuffle(spare)
        self.deck.extend(spare)

    def _take(self, cards: Sequence[Card]) -> None:
        deck = self.deck
        if tuple(deck[: len(cards)]) == tuple(cards):
            del deck[: len(cards)]
            return
        missing = [c for c in cards if c not in deck]
        if missing or len(set(cards)) != len(cards):
            self._ensure_cards(len(deck) + len(missing))
            missing = [c for c in cards if c not in self.deck]
            if missing or len(set(cards)) != len(cards):
                raise IllegalActionError(
                    "not in the stub: " + " ".join(map(repr, missing or cards)))
        for c in cards:
            self.deck.remove(c)

    def _deal(self, action: DealCards) -> Event:
        if self.phase != DEAL:
            raise OutOfTurnError("the dealer has nothing to deal now")
        kind, target, face_up = self.tasks[0]
        cards = action.cards
        if kind == BURN or action.to != target or len(cards) != len(face_up):
            raise IllegalActionError(f"the dealer must {self._task_words()}")
        if action.face_up and action.face_up != face_up:
            raise IllegalActionError("those cards are dealt " + ", ".join(
                "up" if u else "down" for u in face_up))
        self._take(cards)
        return self._deal_unchecked(tuple(cards), target, face_up)

    def _deal_unchecked(self, cards: tuple[Card, ...], target: int,
                        face_up: tuple[bool, ...]) -> Event:
        if target == BOARD:
            self.board.extend(cards)
            event: Event = CardsDealt(target, cards, face_up)
        else:
            self.hole[target].extend(cards)
            self.up[target].extend(face_up)
            event = CardsDealt(target, cards, face_up, private_to=None if all(face_up)
                               else self._private[target])
        self.log.append(event)
        self._task_done()
        return event

    def _burn(self, action: BurnCard) -> Event:
        if self.phase != DEAL or self.tasks[0][0] != BURN:
            raise OutOfTurnError("no burn card is due now")
        self._take((action.card,))
        return self._burn_unchecked(action.card)

    def _burn_unchecked(self, card: Card) -> Event:
        self.burns.append(card)
        event = CardBurned(card, private_to=_NOBODY)
        self.log.append(event)
        self._task_done()
        return event

    def _task_words(self) -> str:
        kind, target, face_up = self.tasks[0]
        if kind == BURN:
            return "burn a card"
        where = "the board" if target == BOARD else f"seat {target}"
        return f"deal {len(face_up)} card(s) to {where}"

    def _task_done(self) -> None:
        del self.tasks[0]
        if not self.tasks:
            self.resume()

    # ------------------------------------------------------------------ streets

    def _start_street(self) -> None:
        street = self.variant.streets[self.street]
        live = [s for s in self.deal_order if not self.folded[s] or s in self.unkilled]
        tasks: list[tuple[int, int, tuple[bool, ...]]] = []
        if street.hole and self.variant.is_stud and self.street > 0 and \
                len(self.deck) - int(street.burn) < len(live) * len(street.hole):
            # stud-15: too few cards for every player: one common card for all
            if len(self.deck) >= 2:
                tasks.append((BURN, BOARD, ()))
            tasks.append((BOARD_CARDS, BOARD, (True,)))
        else:
            if street.burn:
                tasks.append((BURN, BOARD, ()))
            if street.hole:
                tasks.extend((HOLE, s, street.hole) for s in live)
            if street.board:
                tasks.append((BOARD_CARDS, BOARD, (True,) * street.board))
        self.resume = self._after_street_deal
        if tasks:
            self.tasks = tasks
            self.phase = DEAL
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
            self.resume = self._next_drawer
        else:
            self.drawers = []
            self._start_betting()

    def _start_betting(self) -> None:
        config, street = self.config, self.variant.streets[self.street]
        stakes = config.stakes
        n = self.n
        self.acted = [-1] * n
        self.checked = [False] * n
        self.uncapped = False
        self.bet_size = stakes.big_bet if street.big_bet else stakes.small_bet
        self.sizes = (self.bet_size,)
        if self.street == 1 and config.open_pair_option and self._open_pair():
            self.sizes = (stakes.small_bet, stakes.big_bet)        # stud-4
        self.min_raise = stakes.min_bet if self.structure != FIXED else self.bet_size
        self.raises = 1 if (self.street == 0 and self.blind_seats) else 0
        self.max_bet = max(self.bets)
        self.completion_to = 0
        self.bring_in_seat = -1
        if street.draw and config.sevens_rule:
            self.contrib_at_draw = list(self.contrib)
        if self.structure == FIXED and self._live_with_chips() <= 2:
            self.uncapped = True
        self.phase = BET
        first = self._first_actor(street.opener)
        actor = self._next_actor(first)
        if self.bring_in_seat >= 0:
            actor = self.bring_in_seat
        if actor < 0:
            self._end_round()
        else:
            self.actor = actor

    def _live_with_chips(self) -> int:
        return self.n_active

    def _put_to(self, seat: int, to: int) -> int:
        added = to - self.bets[seat]
        stack = self.stacks[seat] - added
        self.stacks[seat] = stack
        self.bets[seat] = to
        self.contrib[seat] += added
        if added and not stack:
            self.n_active -= 1
        return added

    def _open_pair(self) -> bool:
        for s in self.deal_order:
            if not self.folded[s]:
                ranks = [c.rank for c, u in zip(self.hole[s], self.up[s], strict=True) if u]
                if len(ranks) != len(set(ranks)):
                    return True
        return False

    def _first_actor(self, opener: Opener) -> int:
        n = self.n
        if opener is Opener.BLINDS and self.last_blind_seat >= 0:
            return (self.last_blind_seat + 1) % n
        if opener is Opener.BRING_IN:
            return self._setup_bring_in()
        if opener in (Opener.HIGH_BOARD, Opener.LOW_BOARD):
            low = opener is Opener.LOW_BOARD
            best, best_key = -1, None
            for s in self.deal_order:       # all-in hands open too; the turn then
                if self.folded[s]:             # passes on to their left
                    continue
                showing = [c for c, u in zip(self.hole[s], self.up[s], strict=True) if u]
                key = showing_key([*showing, *self.board], low=low)
                if best_key is None or key > best_key:
                    best, best_key = s, key
            return best if best >= 0 else (self.button + 1) % n
        if opener is Opener.OPENER and self.opener_seat >= 0:
            return self.opener_seat
        return (self.button + 1) % n

    def _setup_bring_in(self) -> int:
        ace_low = not self.variant.bring_in_low_ace_high
        candidates = [s for s in self.deal_order if not self.folded[s]]
        upcard = {s: next(c for c, u in zip(self.hole[s], self.up[s], strict=True) if u)
                  for s in candidates}
        keyed = sorted(candidates, key=lambda s: bring_in_key(upcard[s], ace_low=ace_low))
        seat = keyed[-1] if ace_low else keyed[0]
        self.completion_to = self.config.stakes.small_bet
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
        several = self.n_active >= 2
        for s in _rotation(self.n, start):
            if folded[s] or not stacks[s]:
                continue
            if bets[s] < max_bet or (acted[s] < 0 and several):
                return s
        return -1

    def _end_round(self) -> None:
        bets = self.bets
        top = max(bets)
        if top:
            leaders = [s for s in range(self.n) if bets[s] == top]
            if len(leaders) == 1:
                seat = leaders[0]
                second = max(b for s, b in enumerate(bets) if s != seat)
                back = top - second
                if not self.stacks[seat]:
                    self.n_active += 1
                self.stacks[seat] += back
                self.contrib[seat] -= back
                self.log.append(BetReturned(seat, back))
        self.bets = [0] * self.n
        self.max_bet = 0
        self.bring_in_seat = -1
        self.completion_to = 0
        live = self.n_live
        if (self.variant.openers_required and self.street == 0 and self.opener_seat < 0) \
                or live == 1 or self.street + 1 >= len(self.variant.streets):
            self.phase = SHOW
            return
        self.street += 1
        self._start_street()

    # ------------------------------------------------------------------ betting actions

    def _check_turn(self, action: Action) -> None:
        if self.phase != BET:
            raise OutOfTurnError("no betting now" if self.phase != DRAW
                                 else f"seat {self.actor} is to draw")
        if action.seat != self.actor:
            raise OutOfTurnError(f"seat {action.seat} acted out of turn; seat "
                                 f"{self.actor} is to act")

    def _illegal(self, action: Action, options: tuple[Option, ...]) -> IllegalActionError:
        return IllegalActionError(f"{action!r} is not allowed; legal: "
                                  + ", ".join(map(repr, options)))

    def _after_action(self, seat: int, event: Event) -> Event:
        self.log.append(event)
        if self.n_live == 1:
            self._end_round()
            return event
        nxt = self._next_actor((seat + 1) % self.n)
        if nxt < 0:
            self._end_round()
        else:
            self.actor = nxt
        return event

    def _fold(self, action: Fold) -> Event:
        self._check_turn(action)
        seat = action.seat
        free = self.bets[seat] >= self.max_bet and self.bring_in_seat != seat
        if (self.bring_in_seat == seat and self.acted[seat] != -2) or \
                (free and not self.stud_free_fold):
            raise self._illegal(action, self.legal_actions(seat))
        self.folded[seat] = True
        self.n_live -= 1
        if self.stacks[seat]:
            self.n_active -= 1
        self.bring_in_seat = -1
        if free:
            # stud-7: folded with no bet pending, the seat keeps receiving cards until a
            # bet kills the hand
            self.unkilled.append(seat)
        else:
            self._kill(seat)
        return self._after_action(seat, PlayerActed(action))

    def _kill(self, seat: int) -> None:
        self.muck.extend(self.hole[seat])
        self.hole[seat] = []
        self.up[seat] = []

    def _check(self, action: Check) -> Event:
        self._check_turn(action)
        seat = action.seat
        if self.bets[seat] < self.max_bet or self.bring_in_seat == seat:
            raise self._illegal(action, self.legal_actions(seat))
        self.acted[seat] = self.max_bet
        self.checked[seat] = True
        if self.contrib_at_draw is not None and self.variant.streets[self.street].draw:
            self._note_sevens(seat)
        return self._after_action(seat, PlayerActed(action, 0, self.bets[seat]))

    def _call(self, action: Call) -> Event:
        self._check_turn(action)
        seat = action.seat
        bet = self.bets[seat]
        if bet >= self.max_bet or self.bring_in_seat == seat:
            raise self._illegal(action, self.legal_actions(seat))
        to = min(self.max_bet, bet + self.stacks[seat])
        added = self._put_to(seat, to)
        self.acted[seat] = self.max_bet
        return self._after_action(seat, PlayerActed(action, added, to,
                                                    self.stacks[seat] == 0))

    def _bet(self, action: Bet) -> Event:
        return self._wager(action, action.seat, self.bets[action.seat] + action.amount)

    def _raise(self, action: Raise) -> Event:
        return self._wager(action, action.seat, action.to)

    def _complete(self, action: Complete) -> Event:
        self._check_turn(action)
        seat = action.seat
        options = self.legal_actions(seat)
        option = next((o for o in options if o.allows(action)), None)
        if option is None:
            raise self._illegal(action, options)
        to: int = getattr(option, "to")  # noqa: B009
        self.bring_in_seat = -1
        return self._do_raise(action, seat, to)

    def _bring_in(self, action: BringIn) -> Event:
        self._check_turn(action)
        seat = action.seat
        if self.bring_in_seat != seat:
            raise self._illegal(action, self.legal_actions(seat))
        to = min(self.bring_in_amount, self.stacks[seat])
        added = self._put_to(seat, to)
        self.max_bet = to
        self.acted[seat] = to
        self.bring_in_seat = -1
        return self._after_action(seat, PlayerActed(action, added, to,
                                                    self.stacks[seat] == 0))

    def _wager(self, action: Action, seat: int, to: int) -> Event:
        self._check_turn(action)
        if seat == self.bring_in_seat or not self.may_raise(seat):
            raise self._illegal(action, self.legal_actions(seat))
        option = self._raise_option(seat, self.stacks[seat], self.bets[seat])
        if not option.allows(action) or (self.opener_seat < 0 and self.street == 0
                                         and self.variant.openers_required
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
        if self.variant.openers_required and self.opener_seat < 0:
            self.opener_seat = seat
        return self._after_action(seat, PlayerActed(action, to - before, to,
                                                    self.stacks[seat] == 0))

    def _needs_openers(self, seat: int, option: Option) -> bool:
        from pokerroom.core import BetOption

        return isinstance(option, BetOption) and not self.has_openers(seat)

    def has_openers(self, seat: int) -> bool:
        """Jacks or better: whether ``seat``'s hand may open (``jacks-1``)."""
        from pokerroom.engine.showdown import evaluate_high, jacks_key

        key = evaluate_high("draw-high", self.hole[seat], (), joker=self.config.joker).key
        return key >= jacks_key()

    def _note_sevens(self, seat: int) -> None:
        """a5-4: remember a seat that checks a seven or better after the draw."""
        from pokerroom.engine.showdown import is_seven_or_better

        if is_seven_or_better(self.hole[seat], joker=self.config.joker):
            self.sevens_checkers.add(seat)

    # ------------------------------------------------------------------ draw

    def _draw(self, action: Draw) -> Event:
        if self.phase != DRAW:
            raise OutOfTurnError("no draw now")
        seat = action.seat
        if seat != self.actor:
            raise OutOfTurnError(f"seat {seat} drew out of turn; seat {self.actor} is "
                                 "to draw")
        hand = self.hole[seat]
        discards = action.discards
        if len(set(discards)) != len(discards) or any(c not in hand for c in discards):
            raise IllegalActionError("discards must be distinct cards of your own hand")
        if seat == self.opener_seat and discards:
            kept = [c for c in hand if c not in discards]
            if not holds_openers(kept) and not action.split_openers:
                raise IllegalActionError("these discards break your openers: declare "
                                         "that you are splitting openers (jacks-9)")
            if action.split_openers:
                self.split_discards[seat] = tuple(discards)
        elif action.split_openers:
            raise IllegalActionError("only the opener can split openers")
        for c in discards:
            hand.remove(c)
        del self.up[seat][len(hand):]
        if seat not in self.split_discards:
            self.muck.extend(discards)
        event = CardsDiscarded(action, private_to=frozenset((seat,)))
        self.log.append(event)
        self.draw_index += 1
        if discards:
            count = len(discards)
            self.tasks = [(HOLE, seat, (False,) * count)]
            if count == 5 and self.variant.low in ("lowball-a5", "lowball-27"):
                # lowball-10: at most four consecutive draw cards
                self.tasks = [(HOLE, seat, (False,) * 4)]
                if self.draw_index < len(self.drawers):
                    self.fifth_cards.append(seat)
                else:                         # the last player: four, a burn, one
                    self.tasks += [(BURN, BOARD, ()), (HOLE, seat, (False,))]
            if not self.draw_burned:          # one burn before the first draw card
                self.draw_burned = True
                self.tasks.insert(0, (BURN, BOARD, ()))
            self.phase = DEAL
            self.resume = self._next_drawer
        else:
            self._next_drawer()
        return event

    # ------------------------------------------------------------------ showdown

    def _showdown(self, action: Showdown) -> Event:
        if self.phase != SHOW:
            raise OutOfTurnError("the hand is not ready for the showdown")
        from pokerroom.engine.settle import settle

        event = settle(self, action)
        self.log.append(event)
        self.result = event
        self.phase = OVER
        self.actor = -1
        return event

    # ------------------------------------------------------------------ reading

    @property
    def street_name(self) -> str:
        """The current street's name (``"preflop"``, ``"fifth street"``...)."""
        return self.variant.streets[self.street].name

    @property
    def pot(self) -> int:
        """All chips in the middle, current bets and dead money included."""
        return sum(self.contrib) + self.dead_money

    @property
    def total_chips(self) -> int:
        """Stacks plus everything in the middle: the same from the first event to the
        last (chips are conserved)."""
        if self.result is not None:
            return sum(self.stacks) + self.result.carried
        return sum(self.stacks) + self.pot

    @property
    def final_stacks(self) -> tuple[int, ...]:
        """Stacks after the hand (current stacks while it runs)."""
        return tuple(self.stacks)

    def view(self, seat: int | None) -> Any:
        from pokerroom.engine.views import hand_view

        return hand_view(self, seat)


_ROTATIONS: dict[int, list[list[int]]] = {}


def _rotation(n: int, start: int) -> list[int]:
    """Seats ``start, start+1, ...`` round the table of ``n`` seats."""
    table = _ROTATIONS.get(n)
    if table is None:
        table = _ROTATIONS[n] = [[(s + i) % n for i in range(n)] for s in range(n)]
    return table[start % n]


_HANDLERS: dict[type, Callable[[PokerHand, Any], Event]] = {
    Fold: PokerHand._fold, Check: PokerHand._check, Call: PokerHand._call,
    Bet: PokerHand._bet, Raise: PokerHand._raise, BringIn: PokerHand._bring_in,
    Complete: PokerHand._complete, Draw: PokerHand._draw, DealCards: PokerHand._deal,
    BurnCard: PokerHand._burn, Showdown: PokerHand._showdown,
}
