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
from collections.abc import Sequence
from operator import not_
from typing import Any, Final

from pokerroom.cards import Card
from pokerroom.core import (
    DEALER,
    Action,
    Bet,
    BringIn,
    Call,
    CallOption,
    Check,
    Complete,
    Declare,
    DeclareOption,
    Draw,
    DrawOption,
    Event,
    Fold,
    Option,
    Raise,
    Seat,
)
from pokerroom.engine.builders import card_burned, cards_dealt, hand_started
from pokerroom.engine.dealing import (
    BurnOption,
    DealOption,
    ShowdownOption,
)
from pokerroom.engine.events import (
    BOARD,
    BurnCard,
    DealCards,
    Showdown,
)
from pokerroom.engine.kernel import Handler
from pokerroom.engine.ledger import CASHIER, POT
from pokerroom.engine.phases import (
    BET,
    BOARD_CARDS,
    BURN,
    DEAL,
    DRAW,
    HOLE,
    OVER,
    SHOW,
)
from pokerroom.engine.phases import rotations as _rotations
from pokerroom.engine.plan import plan_of
from pokerroom.engine.settle import SettleMixin
from pokerroom.engine.shapes import HandConfig
from pokerroom.engine.views import hand_view
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError
from pokerroom.tableview import View

__all__ = ["BET", "BOARD_CARDS", "BURN", "DEAL", "DRAW", "HOLE", "OVER", "SHOW", "PokerHand"]

_SHOWDOWN_OPTIONS: Final = (ShowdownOption(),)
SECOND_BOARD: Final = Seat.SECOND_BOARD
_PRIVATE: Final = [frozenset((s,)) for s in range(32)]
_SHOWDOWN: Final = Showdown()
_BURN_OPTIONS: Final = (BurnOption(),)
_DECLARE_OPTIONS: Final = (DeclareOption(),)


class PokerHand(SettleMixin):
    """One hand on the kernel (:class:`~pokerroom.engine.kernel.Kernel`). Build it with
    ``GameConfig.new_hand``; drive it with ``apply`` and ``advance``; read it with
    ``view``, ``events`` and the properties below."""

    __slots__ = (
        "_private",
        "acted",
        "actor",
        "all_in_declares",
        "bet_size",
        "bets",
        "blind_seats",
        "board",
        "bomb_pot",
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
        "draw_burned",
        "draw_index",
        "drawers",
        "false_declarers",
        "fifth_cards",
        "folded",
        "forced_level",
        "free_fold",
        "hole",
        "in_hand",
        "last_blind_seat",
        "max_bet",
        "min_raise",
        "muck",
        "n",
        "opener_seat",
        "plan",
        "raises",
        "result",
        "resume_drawing",
        "rotations",
        "run_from",
        "runs",
        "second_board",
        "sevens_checkers",
        "sizes",
        "split_discards",
        "split_held",
        "stacks",
        "start_stacks",
        "straddle",
        "street",
        "structure",
        "tasks",
        "uncapped",
        "unkilled",
        "up",
        "variant",
    )

    def __init__(self, config: HandConfig, stacks: Sequence[int], button: int = -1,
                 rng: random.Random | None = None, deck: Sequence[Card] | None = None,
                 dead_money: int = 0, seated: Sequence[bool] | None = None,
                 blind_seats: Sequence[int | None] | None = None,
                 posts: Sequence[tuple[int, int, bool, str]] = (),
                 antes: bool = True) -> None:
        plan = plan_of(config)
        variant = plan.variant
        n = len(stacks)
        in_hand = list(seated) if seated is not None else [s > 0 for s in stacks]
        if len(in_hand) != n:
            raise ConfigError("one seated flag per seat")
        players = 0
        for s in range(n):
            stack = stacks[s]
            if not isinstance(stack, int) or stack < 0:
                raise ConfigError("stacks are whole numbers of chips, never negative")
            if in_hand[s]:
                if stack <= 0:
                    raise ConfigError("a player dealt in needs chips")
                players += 1
        if players < 2:
            raise ConfigError("a hand needs at least two players")
        if players > variant.max_players:
            raise ConfigError(f"{variant.title} deals to at most {variant.max_players} "
                              "players")
        if dead_money < 0:
            raise ConfigError("dead money cannot be negative")
        super().__init__(DEAL, n)
        self.config = config
        self.plan = plan
        self.variant = variant
        self.structure = plan.structure
        self.n = n
        self.button = (button % n) if n else 0
        self.start_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.contrib = [0] * n
        self.folded = list(map(not_, in_hand))
        self.in_hand = in_hand
        self.acted = [-1] * n
        self.checked = [False] * n
        self.max_bet = self.min_raise = self.raises = self.bet_size = 0
        self.cap = plan.raise_cap
        self.uncapped = False
        self.sizes: tuple[int, ...] = ()
        self.check_raise = plan.check_raise
        self.completion_to = 0
        self.bring_in_seat = -1
        self.bring_in_amount = config.stakes.bring_in
        self.dead_money = dead_money
        if dead_money:
            self._open_with(((CASHIER, POT, dead_money, "carried from the last deal"),))
        self.hole: list[list[Card]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[Card] = []
        self.second_board: list[Card] = []
        self.runs = 1
        """How many times the board is run (2: run it twice, :mod:`pokerroom.engine.twice`)."""
        self.run_from = 0
        """On a hand run twice, how many board cards both boards share."""
        self.burns: list[Card] = []
        self.muck: list[Card] = []
        if deck is not None:
            stray = _stray_card(deck, plan.deck)
            if stray is not None:
                raise ConfigError(f"{stray!r} is not a card of the {variant.title} deck")
            self._stock(deck, rng)
        else:
            self._stock(plan.deck, rng if rng is not None else secrets.SystemRandom(),
                        lazy=True)
        self._private = _PRIVATE if n <= len(_PRIVATE) else [frozenset((s,)) for s in range(n)]
        self.street = 0
        self.actor = -1
        self.tasks: list[tuple[int, int, tuple[bool, ...]]] = []
        self.resume_drawing = False
        self.drawers: list[int] = []
        self.draw_index = 0
        self.draw_burned = False
        self.rotations = _rotations(n)
        left_of_button = self.rotations[(self.button + 1) % n]
        self.deal_order = list(left_of_button) if players == n else [
            s for s in left_of_button if in_hand[s]]
        self.opener_seat = -1
        self.all_in_declares = True
        self.false_declarers: list[int] = []
        self.split_discards: dict[int, tuple[Card, ...]] = {}
        self.split_held: dict[int, tuple[Card, ...]] = {}
        self.contrib_at_draw: list[int] | None = None
        self.sevens_checkers: set[int] = set()
        self.result = None
        self.last_blind_seat = -1
        self.free_fold = plan.is_stud or config.rules.free_fold
        self.unkilled: list[int] = []
        self.fifth_cards: list[int] = []
        self.forced_level = 0
        self.straddle = 0
        self.bomb_pot = False
        self.blind_seats = self._blind_seats(blind_seats)
        self.log.append(hand_started(variant.name, self.start_stacks, self.button,
                                     dead_money, tuple(in_hand), self.blind_seats,
                                     tuple(posts), antes))
        self._post_forced(posts, antes)
        self._start_street()

    # ------------------------------------------------------------------ protocol

    @property
    def actors(self) -> tuple[int, ...]:
        # the kernel's answer (its dealer phases are DEAL and SHOW; the turn is the
        # actor's), worked out directly: it is asked several times an action
        phase = self.phase
        if phase in (BET, DRAW):
            return (self.actor,)
        if phase == OVER:
            return ()
        return (DEALER,)

    @property
    def is_over(self) -> bool:
        # ``not self.actors`` (the protocol's answer, interpreted), read from the phase:
        # the environments and the table ask it at every step and deal
        return self.phase == OVER

    def _turn(self) -> int:
        return self.actor

    def legal_actions(self, seat: int | None = None) -> tuple[Option, ...]:
        # the kernel's answer, worked out directly from the phase (asked on every turn)
        phase = self.phase
        if phase in (BET, DRAW):
            if seat is None:
                seat = self.actor
            elif seat != self.actor:
                return ()
            return self._seat_options(seat)
        if phase == OVER or (seat is not None and seat != DEALER):
            return ()
        return self._dealer_options()

    def _seat_options(self, seat: int) -> tuple[Option, ...]:
        if self.phase == DRAW:
            return (DrawOption(0, len(self.hole[seat]),
                               seat == self.opener_seat and self.plan.openers_required),)
        if not self.stacks[seat] and self.may_declare(seat):
            return _DECLARE_OPTIONS             # jacks-5: declare the pot open, or not
        options = self.betting_options(seat)
        if self.plan.options_filtered:
            if self.opener_seat < 0 and self.variant.openers_required and self.street == 0:
                options = tuple(o for o in options if not self._needs_openers(seat, o))
            if self.plan.double_open and self._unopened(seat):
                options = tuple(o for o in options if not isinstance(o, CallOption))
        return options

    def _dealer_options(self) -> tuple[Option, ...]:
        if self.phase == SHOW:
            return _SHOWDOWN_OPTIONS
        kind, target, face_up = self.tasks[0]
        if kind == BURN:
            return _BURN_OPTIONS
        return (DealOption(target, len(face_up), face_up),)

    # the kernel's apply and advance with this game's table read directly: compiled, the
    # kernel's own reach a hand's hooks through Python lookups (it allows Python subclasses)

    def apply(self, action: Action) -> Event:
        phase = self.phase
        handler = _BY_PHASE[phase].get(type(action))
        if handler is None:
            raise self._refusal(action)
        if action.seat != self.actor and phase in (BET, DRAW):
            if type(action) is Declare and not self.plan.openers_required:
                raise self._refusal(action)         # taken in jacks or better only
            acted, act = ("acted", "act") if phase == BET else ("drew", "draw")
            raise OutOfTurnError(f"seat {action.seat} {acted} out of turn; seat {self.actor} "
                                 f"is to {act}")
        return handler(self, action)

    def advance(self) -> Event:
        phase = self.phase
        if phase != DEAL and phase != SHOW:
            raise OutOfTurnError(self.NO_DEALER_STEP)
        return self._next_dealer_step()

    def _refusal(self, action: Action) -> IllegalActionError:
        """Why ``action`` has no transition in the current phase, in this game's words
        (the kernel's own would speak of the acting seat's options)."""
        kind = type(action)
        if kind not in _ACTIONS or (kind is Declare and not self.variant.openers_required):
            return IllegalActionError(f"{kind.__name__} is not an action of "
                                      f"{self.variant.title}")
        if (BET, kind) in _TRANSITIONS:
            return OutOfTurnError("no betting now" if self.phase != DRAW
                                  else f"seat {self.actor} is to draw")
        return OutOfTurnError(_NOT_NOW[kind])

    def _next_dealer_step(self, cards: tuple[Card, ...] | None = None) -> Event:
        """The dealer's next step, with ``cards`` (named by a person dealing, taken from
        the stub already) or else the next cards of this hand's deck: the hand's own
        dealer tasks are the step, where the kernel's default would apply the action a
        game's ``dealer_action`` makes."""
        if self.phase == SHOW:
            return self._showdown(_SHOWDOWN)
        tasks = self.tasks
        kind, target, face_up = tasks[0]
        deck = self.deck
        if cards is None:
            k = 1 if kind == BURN else len(face_up)
            if len(deck) < k:
                self._ensure_cards(k)
            cards = self._draw_cards(k)
        if kind == BURN:
            self.burns.append(cards[0])
            event: Event = card_burned(cards[0])
        elif target == BOARD:
            self.board.extend(cards)
            event = cards_dealt(target, cards, face_up, None)
        elif target == SECOND_BOARD:
            self.second_board.extend(cards)
            event = cards_dealt(target, cards, face_up, None)
        else:
            self.hole[target].extend(cards)
            self.up[target].extend(face_up)
            event = cards_dealt(target, cards, face_up, None if True in face_up
                                and False not in face_up else self._private[target])
        self.log.append(event)
        del tasks[0]
        if not tasks:
            self.resume()
        elif len(deck) <= 1:
            self._restock_stud()
        return event

    # ------------------------------------------------------------------ dealing

    def _take(self, cards: Sequence[Card]) -> None:
        """Take the named cards from the stub; changes nothing unless all are there."""
        deck = self.deck
        if tuple(deck[: len(cards)]) == tuple(cards):
            del deck[: len(cards)]
            return
        if len(set(cards)) != len(cards):
            raise IllegalActionError("the same card twice: " + " ".join(map(repr, cards)))
        missing = [c for c in cards if c not in deck]
        if missing:
            # discards and burns come back only when the stub is too short for this deal
            recyclable = (set(self.burns) if self.variant.is_stud else
                          set(self.muck) | set(self.burns)) if len(deck) < len(cards) else set()
            unknown = [c for c in missing if c not in recyclable]
            if unknown:
                raise IllegalActionError("not in the stub: " + " ".join(map(repr, unknown)))
            self._ensure_cards(len(cards))
        for c in cards:
            self.deck.remove(c)

    def _deal(self, action: DealCards) -> Event:
        kind, target, face_up = self.tasks[0]
        cards = tuple(action.cards)
        if kind == BURN or action.to != target or len(cards) != len(face_up):
            where = "the board" if target == BOARD else f"seat {target}"
            raise IllegalActionError("the dealer must burn a card" if kind == BURN else
                                     f"the dealer must deal {len(face_up)} card(s) to {where}")
        if action.face_up and action.face_up != face_up:
            raise IllegalActionError("those cards are dealt " + ", ".join(
                "up" if u else "down" for u in face_up))
        self._take(cards)
        return self._next_dealer_step(cards)

    def _burn(self, action: BurnCard) -> Event:
        if self.tasks[0][0] != BURN:
            raise OutOfTurnError("no burn card is due now")
        self._take((action.card,))
        return self._next_dealer_step((action.card,))

    # ------------------------------------------------------------------ reading

    @property
    def street_name(self) -> str:
        """The current street's name (``"preflop"``, ``"fifth street"``...); while
        players draw, the draw itself (``"the draw"``, ``"the second draw"``)."""
        streets = self.variant.streets
        if self.phase == DRAW and streets[self.street].draw:
            draws = sum(1 for s in streets if s.draw)
            if draws == 1:
                return "the draw"
            number = sum(1 for s in streets[:self.street + 1] if s.draw)
            return f"the {('first', 'second', 'third', 'fourth')[number - 1]} draw"
        return streets[self.street].name

    @property
    def total_chips(self) -> int:
        """Stacks plus everything in the middle: the same from the first event to the
        last (chips are conserved)."""
        return sum(self.stacks) + (self.result.carried if self.result is not None else self.pot)

    @property
    def final_stacks(self) -> tuple[int, ...]:
        """Stacks after the hand (current stacks while it runs)."""
        return tuple(self.stacks)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles carry every field onto a blank hand of the same game (the
        compiled build makes no instance without running ``__init__``).

        >>> import copy, pickle, random
        >>> from pokerroom.engine import GameConfig
        >>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand(
        ...     [100, 100, 100], rng=random.Random(1))
        >>> _ = hand.advance()
        >>> twin = copy.deepcopy(hand)
        >>> _ = twin.advance()
        >>> len(twin.events) - len(hand.events), hand.hole == pickle.loads(pickle.dumps(hand)).hole
        (1, True)
        """
        return (_blank_hand, (self.config, self.n), self.__getstate__())

    def view(self, seat: int | None) -> View:
        return hand_view(self, seat)


def _blank_hand(config: HandConfig, seats: int) -> PokerHand:
    """A hand of ``config`` at ``seats`` seats for a copy to fill in (see
    :meth:`PokerHand.__reduce__`)."""
    return PokerHand(config, [1, 1] + [0] * (seats - 2), rng=random.Random(0))


def _stray_card(stacked: Sequence[Card], deck: tuple[Card, ...]) -> Card | None:
    """The first card of a stacked deck that the game's deck does not hold (a short
    deck has no deuces), or ``None``; a card may come more than once (a history's dry
    run deals copies)."""
    allowed = frozenset(deck)
    for card in stacked:
        if card not in allowed:
            return card
    return None


_TRANSITIONS: Final[dict[tuple[str, type], Handler]] = {
    (BET, Fold): PokerHand._fold, (BET, Check): PokerHand._check,
    (BET, Call): PokerHand._call, (BET, Bet): PokerHand._wager,
    (BET, Raise): PokerHand._wager, (BET, BringIn): PokerHand._bring_in,
    (BET, Complete): PokerHand._complete, (BET, Declare): PokerHand._declare_open,
    (DRAW, Draw): PokerHand._draw,
    (DEAL, DealCards): PokerHand._deal, (DEAL, BurnCard): PokerHand._burn,
    (SHOW, Showdown): PokerHand._showdown,
}
"""The hand machine's transitions: for each phase, the actions it takes and the handler
that checks the rest (the amount, the cards; :meth:`PokerHand.apply` checks the turn
of a betting action or a draw first) and then applies each. Any other (phase, action)
pair is refused before anything changes (:meth:`PokerHand._refusal`)."""

_ACTIONS: Final = frozenset(kind for _phase, kind in _TRANSITIONS)
_BY_PHASE: Final[dict[str, dict[type, Handler]]] = {
    phase: {kind: handler for (at, kind), handler in _TRANSITIONS.items() if at == phase}
    for phase in (DEAL, BET, DRAW, SHOW, OVER)}
"""The same table, one dictionary per phase (looked up on every action)."""
_NOT_NOW: Final[dict[type, str]] = {
    Draw: "no draw now", DealCards: "the dealer has nothing to deal now",
    BurnCard: "no burn card is due now", Showdown: "the hand is not ready for the showdown"}
