"""One hand of Hearts Poker, as a :class:`~pokerroom.core.HandState`.

The steps (hearts-poker.txt): two cards down and one up to each player, a betting round;
everyone at once passes a face-down card to the left, a betting round; a fourth card face
up; everyone at once passes a face-up card to the right, a betting round; everyone at
once discards both up or both down cards (the down pair discarded means picking up the
up pair); three or six community cards (and a fourth betting round, as a house rule);
the jack of diamonds' extra cards; the showdown, where the queen of spades and the jack
of diamonds act as hand cards only (:mod:`pokerroom.hands.hearts`).

Betting uses the engine's betting rules (:class:`pokerroom.engine.betting.BettingMixin`:
legal sizes, the raise cap, reopening); the pots and side pots are the engine's too.

>>> import random
>>> from pokerroom.homegames.hearts_options import HeartsOptions
>>> from pokerroom.deck import Deck
>>> hand = HeartsHand(HeartsOptions(players=3).validated(), stacks=[50, 50, 50], dealer=0,
...                   deck=Deck.standard(rng=random.Random(4)))
>>> while hand.actors == (-1,):
...     _ = hand.advance()
>>> [len(d) for d in hand.down], [len(u) for u in hand.up], hand.actors
([2, 2, 2], [1, 1, 1], (1,))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from pokerroom.cards import UNKNOWN, Card
from pokerroom.core import (
    Action,
    Bet,
    BetOption,
    Call,
    Check,
    Discard,
    DiscardOption,
    Event,
    Fold,
    Option,
    PassCard,
    PassOption,
    Raise,
    RaiseOption,
)
from pokerroom.deck import Deck, RandomSource
from pokerroom.engine.betting import _STRUCTURE_CODE, FIXED, BettingMixin
from pokerroom.engine.dealing import showing_key
from pokerroom.engine.kernel import StepHandler
from pokerroom.engine.ledger import POT
from pokerroom.engine.pots import build_pots
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.hands.hearts import earns_extra_card, evaluate_hearts, hearts_own_cards
from pokerroom.homegames.deal import (
    HomeHand,
    clockwise_from_left,
    exchange,
    split_from_dealers_left,
)
from pokerroom.homegames.events import (
    CardDealt,
    DealerStep,
    PassesRevealed,
    Shown,
)
from pokerroom.homegames.hearts_events import (
    BOARD,
    BetPlaced,
    BetReturned,
    DiscardsRevealed,
    HeartsEnded,
    HeartsStarted,
    UpCardsPassed,
)
from pokerroom.homegames.hearts_options import HeartsOpener, HeartsOptions
from pokerroom.tableview import DECIDED, FOLDED, View, seat_snapshot, unnamed_seats

__all__ = ["HeartsHand"]

def _at_least_the_minimum(option: Option) -> Option:
    """A pot-limit bet into a small pot may still be the minimum bet."""
    if isinstance(option, BetOption) and option.max_amount < option.min_amount:
        return replace(option, max_amount=option.min_amount)
    if isinstance(option, RaiseOption) and option.max_to < option.min_to:
        return replace(option, max_to=option.min_to)
    return option


class HeartsHand(BettingMixin, HomeHand):
    """One hand of Hearts Poker: a home game's hand
    (:class:`~pokerroom.homegames.deal.HomeHand`, on the kernel) with the engine's
    betting rules.
    Seats with no chips sit out. Each ante, bet, returned bet and award is a transfer
    in :attr:`chips` as the stacks move, so the returns are each seat's stack against
    its start and the pot while the hand runs."""

    def __init__(self, options: HeartsOptions, *, stacks: Sequence[int], dealer: int,
                 deck: Deck, rng: RandomSource | None = None, hand_no: int = 1) -> None:
        n = options.players
        if len(stacks) != n or any(s < 0 for s in stacks):
            raise ConfigError(f"give {n} stacks, none negative")
        if sum(1 for s in stacks if s > 0) < 2:
            raise ConfigError("a hand needs at least two players with chips")
        super().__init__(n, dealer, deck, rng)
        self.options = options
        self.n = n
        self.structure = _STRUCTURE_CODE[options.structure]
        self.stacks = list(stacks)
        self.total_chips = sum(stacks)
        self.folded = [s == 0 for s in stacks]
        self.contrib = [0] * n
        self._round = -1
        self._reset_betting()
        self.cap = options.raise_cap
        self.check_raise = True
        self.completion_to = 0
        self.bring_in_seat = -1
        self.bring_in_amount = 0
        self.dead_money = 0
        self.down: list[list[Card]] = [[] for _ in range(n)]
        self.up: list[list[Card]] = [[] for _ in range(n)]
        self.board: list[Card] = []
        self.extra: dict[int, Card] = {}
        self._actor = -1
        self.order = tuple(s for s in clockwise_from_left(dealer, n) if not self.folded[s])
        antes = [0] * n
        for s in self.order:
            antes[s] = min(options.ante, self.stacks[s])
            self.stacks[s] -= antes[s]
            self.contrib[s] += antes[s]
            self.chips.transfer(s, POT, antes[s], "ante")
        self.log.append(HeartsStarted(hand=hand_no, dealer=dealer, antes=tuple(antes)))
        self._steps = ["bet", "pass-left", "bet", "deal-fourth", "pass-right", "bet", "discard",
                      "deal-board", *(["bet"] if options.fourth_round else []), "deal-extra",
                      "showdown"]
        self._queue = [(s, face_up) for face_up in (False, False, True) for s in self.order]

    # ------------------------------------------------------------------ protocol

    @property
    def pot(self) -> int:
        """Every chip put in so far (antes and bets)."""
        return sum(self.contrib)

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in the hand, from the dealer's left."""
        return tuple(s for s in self.order if not self.folded[s])

    def _simultaneous_phases(self) -> tuple[str, ...]:
        return ("pass-left", "pass-right", "discard")

    def _turn(self) -> int:
        return self._actor

    def _seat_options(self, seat: int) -> tuple[Option, ...]:
        if self.phase == "bet":
            return tuple(_at_least_the_minimum(o) for o in self.betting_options(seat))
        if self.phase == "pass-left":
            return (PassOption(tuple(self.down[seat]), self._neighbour(seat, 1)),)
        if self.phase == "pass-right":
            return (PassOption(tuple(self.up[seat]), self._neighbour(seat, -1)),)
        return (DiscardOption((tuple(self.up[seat]), tuple(self.down[seat]))),)

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see: its own down cards, every up card (after the down
        cards), the down cards of a hand shown at the showdown (with its words), bets,
        stacks, the board, and whose hidden pass or discard is made."""
        # drawn at every step the table or a check looks at: snapshots built
        # positionally (SeatSnapshot's order: seat, name, stack, bet, cards, up, status,
        # marker, note, wagers), names made once
        # (the spectator's view at every step of the conformance checks): each seat's
        # snapshot given again where it is as it was (seat_snapshot)
        shown = {s.owner: s for s in self.shown} if self.shown else _NONE_SHOWN
        hidden = self.phase in ("pass-left", "pass-right", "discard")
        choices = self._choices
        folded, stacks, bets, dealer = self.folded, self.stacks, self.bets, self.dealer
        names = unnamed_seats(self.n)
        seats = []
        for s, (down, up) in enumerate(zip(self.down, self.up, strict=True)):
            showing = shown.get(s)
            status = FOLDED if folded[s] else (DECIDED if hidden and s in choices else "")
            if showing is not None:
                cards, note = (*down, *up), showing.description
            else:
                cards = (*down, *up) if s == seat else _HIDDEN[len(down)] + tuple(up)
                note = ""
            seats.append(seat_snapshot(s, names[s], stacks[s], bets[s], cards,
                                       _FACES[len(down), len(up)], status,
                                       "D" if s == dealer else "", note))
        actors = self.actors
        return View("Hearts Poker", tuple(seats), tuple(self.board), (),
                    (("pot", max(0, self.pot - sum(bets))),), actors, seat, self.phase, 0,
                    dealer, (), () if seat is None else self.legal_actions(seat),
                    not actors)

    # ------------------------------------------------------------------ stages

    def _neighbour(self, seat: int, step: int) -> int:
        live = self.live
        return live[(live.index(seat) + step) % len(live)]

    def _next_stage(self) -> None:
        if len(self.live) == 1:  # the others folded: nothing is left but the showdown
            self._steps = []
            self.phase = "showdown"
            return
        super()._next_stage()

    def _deal_queue(self, queue: list[tuple[int, bool]]) -> None:
        """Deal a card to each ``(recipient, face up)`` of ``queue`` in turn (none: on to
        the next step)."""
        self._queue = queue
        self.phase = "deal"
        if not queue:
            self._next_stage()

    def _dealer_step(self, action: DealerStep, options: tuple[Option, ...]) -> Event:
        wanted = action.card
        if self.phase == "showdown":
            if wanted is not None:
                raise IllegalActionError("the showdown takes no card")
            return self._showdown()
        got = self._deal_card(wanted)
        to, face_up = self._queue[0]
        if to == BOARD:
            self.board.append(got)
        elif self._steps and self._steps[0] == "showdown":
            self.extra[to] = got
        elif face_up:
            self.up[to].append(got)
        else:
            self.down[to].append(got)
        return self._turn_taken(CardDealt(to=to, card=got,
                                          private_to=None if face_up else frozenset({to})))

    # ------------------------------------------------------------------ betting

    def _start_round(self) -> None:
        self._round += 1
        self.phase = "bet"
        self._reset_betting()
        self._next_turn(self._opener())

    def _reset_betting(self) -> None:
        """No bets yet and nobody acted, in the betting round ``_round`` (the first two
        bet the small bet, the others the big bet; fixed limit has no cap heads-up)."""
        size = self.options.small_bet if self._round < 2 else self.options.big_bet
        self.uncapped = self.structure == FIXED and self._live_with_chips() <= 2
        self.bets = [0] * self.n
        self.acted = [-1] * self.n
        self.checked = [False] * self.n
        self.max_bet = 0
        self.raises = 0
        self.bet_size = size
        self.sizes = (size,)
        self.min_raise = size if self.structure == FIXED else self.options.small_bet

    def _opener(self) -> int:
        """House rule ``hearts-opener``: the seat that speaks first this round."""
        live = [s for s in self.live if self.stacks[s] > 0] or list(self.live)
        if self.options.opener is HeartsOpener.BEST_SHOWING and any(self.up[s] for s in live):
            return max(live, key=lambda s: (showing_key(self.up[s], low=False),
                                            -live.index(s)))
        return live[0]

    def _next_turn(self, start: int) -> None:
        """The turn to the first seat from ``start`` that must still act this round (one
        facing a bet, or one yet to act while another can bet), or the round's end."""
        others = self._live_with_chips()
        for i in range(self.n):
            s = (start + i) % self.n
            if self.folded[s] or self.stacks[s] == 0:
                continue
            if self.bets[s] < self.max_bet or (self.acted[s] < 0 and others >= 2):
                self._actor = s
                return
        self._end_round()

    def _bet(self, action: Action, options: tuple[Option, ...]) -> Event:
        seat = action.seat
        before = self.bets[seat]
        if isinstance(action, Fold):
            self.folded[seat] = True
            self.muck.extend(self.down[seat] + self.up[seat])
            self.down[seat], self.up[seat] = [], []
        elif isinstance(action, Check):
            self.acted[seat] = self.max_bet
            self.checked[seat] = True
        elif isinstance(action, Call):
            self._put_to(seat, min(self.max_bet, before + self.stacks[seat]))
            self.acted[seat] = self.max_bet
        else:  # a bet or a raise
            self._raise_to(seat, self.validate_bet(action, options))
        event = self._record(BetPlaced(action=action, added=self.bets[seat] - before,
                                       total=self.bets[seat]))
        if len(self.live) == 1:
            self._end_round()
        else:
            self._next_turn((seat + 1) % self.n)
        return event

    def _end_round(self) -> None:
        second, top = sorted(self.bets)[-2:]
        if top > second:  # the one highest bet was not called in full
            seat = self.bets.index(top)
            back = top - second
            self.stacks[seat] += back
            self.contrib[seat] -= back
            self.chips.transfer(POT, seat, back, "uncalled bet returned")
            self.log.append(BetReturned(seat=seat, amount=back))
        self.bets = [0] * self.n
        self.max_bet = 0
        self._actor = -1
        self._next_stage()

    # ------------------------------------------------------------------ simultaneous

    def _on_choice(self, action: PassCard | Discard, options: tuple[Option, ...]) -> Event:
        return self._chosen(action, action, self._reveal_discards if self.phase == "discard"
                            else self._reveal_passes)

    def _reveal_passes(self) -> Event:
        left = self.phase == "pass-left"
        passes = tuple((seat, self._neighbour(seat, 1 if left else -1), self._choices[seat].card)
                       for seat in self.live)
        exchange(self.down if left else self.up, passes)
        if left:
            return PassesRevealed(passes=passes, private_to=frozenset())
        return UpCardsPassed(passes=passes)

    def _reveal_discards(self) -> Event:
        kept: list[tuple[int, str]] = []
        thrown: list[tuple[int, tuple[Card, ...]]] = []
        for seat in self.live:
            keeps_down = sorted(self._choices[seat].cards) == sorted(self.up[seat])
            kept.append((seat, "down" if keeps_down else "up"))
            thrown.append((seat, tuple(self.up[seat] if keeps_down else self.down[seat])))
            if not keeps_down:  # the up pair is picked up, concealed
                self.down[seat] = self.up[seat]
            self.muck.extend(thrown[-1][1])
            self.up[seat] = []
        return DiscardsRevealed(kept=tuple(kept), discarded=tuple(thrown),
                                private_to=frozenset())

    # ------------------------------------------------------------------ showdown

    def _showdown(self) -> Event:
        live = self.live
        awards: Counter[int] = Counter()
        if len(live) == 1:
            awards[live[0]] = self.pot
            summary = f"seat {live[0] + 1} takes {self.pot} uncontested"
        else:
            values = {s: evaluate_hearts(hearts_own_cards(self.down[s], self.extra.get(s)),
                                         self.board) for s in live}
            self.shown = tuple(
                Shown(s, (*self.down[s], *([self.extra[s]] if s in self.extra else [])),
                      values[s].description) for s in live)
            words = []
            for pot in build_pots(self.contrib, [not f for f in self.folded]):
                eligible = [s for s in pot.eligible if s in values] or list(values)
                best = max(values[s] for s in eligible)
                winners = [s for s in eligible if values[s] == best]
                awards.update(split_from_dealers_left(pot.amount, winners, self.dealer, self.n))
                words.append(" and ".join(f"seat {s + 1}" for s in winners)
                             + f" win{'s' if len(winners) == 1 else ''} {pot.amount} with "
                             + best.description)
            summary = "; ".join(words)
        for s, amount in awards.items():
            self.stacks[s] += amount
            self.chips.transfer(POT, s, amount, "wins the pot")
        event = self._record(HeartsEnded(shown=self.shown, awards=tuple(awards.items()),
                                         summary=summary))
        self.phase = "over"
        return event

    STAGES: ClassVar[Mapping[str, Callable[[Any], None]]] = {
        "bet": _start_round,
        # the passes and the discard are taken by every live seat at once
        "pass-left": lambda hand: hand._start_simultaneous("pass-left", hand.live),
        "pass-right": lambda hand: hand._start_simultaneous("pass-right", hand.live),
        "discard": lambda hand: hand._start_simultaneous("discard", hand.live),
        "deal-fourth": lambda hand: hand._deal_queue([(s, True) for s in hand.live]),
        "deal-board": lambda hand: hand._deal_queue([(BOARD, True)] * hand.options.community),
        "deal-extra": lambda hand: hand._deal_queue(
            [(s, True) for s in hand.live if earns_extra_card(hand.down[s])]),
        "showdown": HomeHand._start_showdown,
    }
    """The steps a hand is made of, after the deal (``hearts-deal``): the betting
    rounds, the first pass (``hearts-first-pass``), the fourth card
    (``hearts-fourth-card``), the second pass (``hearts-second-pass``), the discard
    (``hearts-discard``), the board (``hearts-community``), the extra card of the jack
    of diamonds (``hearts-jack-diamonds``) and the showdown (``hearts-show``). The steps
    made in ``__init__`` lists them in order, with the fourth betting round only when
    the house rules ask for it."""

    TRANSITIONS: ClassVar[Mapping[tuple[str, type[Action]], StepHandler]] = {
        ("deal", DealerStep): _dealer_step,
        ("showdown", DealerStep): _dealer_step,
        **dict.fromkeys([("bet", kind) for kind in (Fold, Check, Call, Bet, Raise)], _bet),
        ("pass-left", PassCard): _on_choice,
        ("pass-right", PassCard): _on_choice,
        ("discard", Discard): _on_choice,
    }


class _Faces(dict[tuple[int, int], tuple[bool, ...]]):
    """The face-up flags of ``down`` cards then ``up`` ones, by ``(down, up)``, made
    once each."""

    def __missing__(self, key: tuple[int, int]) -> tuple[bool, ...]:
        down, up = key
        flags = self[key] = (False,) * down + (True,) * up
        return flags


_FACES = _Faces()

_HIDDEN = tuple((UNKNOWN,) * count for count in range(53))
"""``count`` hidden cards."""

_NONE_SHOWN: dict[int, Shown] = {}
"""No hand shown yet (never changed)."""
