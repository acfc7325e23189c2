"""A round of Three Card Poker on the kernel
(:class:`~pokerroom.engine.kernel.Kernel`), and the table that runs rounds and keeps
each player's bankroll to the chip.

A round goes: every seat places its wagers at once (``actors`` lists the seats still to
bet; each seat's wagers are on the layout, in view, as soon as it places them); the
dealer shuffles a full deck and deals (``tcp-shuffle``, ``tcp-hand``); every seat
holding an Ante plays or folds, all at once and finally (``tcp-decision-final``); the
dealer shows and settles (:mod:`pokerroom.casino.settlement`). Chips leave a bankroll
when they are wagered and come back with the winnings at settlement.

>>> from pokerroom.deck import Deck
>>> config = ThreeCardPokerConfig()
>>> state = ThreeCardPokerRound(config, {0: 100},
...                             deck=Deck.stacked("Ah Kh Qh  2c 7d 9s"))
>>> _ = state.apply(PlaceWagers(seat=0, ante=10, pair_plus=5))
>>> state.actors
(Seat.DEALER,)
>>> _ = state.advance()                        # shuffle and deal
>>> state.view(0).me.cards
(Ah, Kh, Qh)
>>> _ = state.apply(PlayBet(seat=0))
>>> settled = state.advance()  # dealer 9-7-2 does not qualify
>>> [(r.wager.value, r.net) for r in settled.results]
[('Ante', 10), ('Play', 0), ('ante bonus', 50), ('Pair Plus', 200)]
>>> state.bankrolls[0], state.is_over
(360, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from pokerroom.cards import UNKNOWN, Card
from pokerroom.casino.actions import (
    DealerCardsDealt,
    DealerShows,
    DealRound,
    DealRoundOption,
    DeckShuffled,
    HandFolded,
    HandShown,
    HoleCardsDealt,
    HouseShowdown,
    HouseShowdownOption,
    PlaceWagers,
    PlaceWagersOption,
    PlayBet,
    PlayMade,
    PlayOption,
    SeatSettled,
    WagersPlaced,
)
from pokerroom.casino.rules import MAX_PLAYERS, ThreeCardPokerConfig
from pokerroom.casino.settlement import (
    Wager,
    WagerResult,
    dealer_qualifies,
    settle_ante_play,
    settle_pair_plus,
    settle_six_card_bonus,
)
from pokerroom.core import (
    DEALER,
    Action,
    Call,
    Event,
    Fold,
    FoldOption,
    Option,
)
from pokerroom.deck import Deck, RandomSource
from pokerroom.engine.kernel import Kernel, StepHandler
from pokerroom.engine.ledger import CASHIER, HOUSE, POT, Ledger
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError
from pokerroom.hands.six_card import six_card_class_of_indices
from pokerroom.hands.three_card import evaluate_three_card_poker, tcp_key_lookup
from pokerroom.tableview import SeatSnapshot, View, unnamed_seats

__all__ = [
    "Phase",
    "ThreeCardPokerRound",
    "ThreeCardPokerTable",
]


_DESCRIPTIONS: dict[bool, dict[int, str]] = {True: {}, False: {}}

_ANTE: str = Wager.ANTE.value
_PAIR_PLUS: str = Wager.PAIR_PLUS.value
_SIX_CARD_BONUS: str = Wager.SIX_CARD_BONUS.value
_PLAY: str = Wager.PLAY.value
"""The wagers' names on a seat's layout, in the order the view lists them."""

_HIDDEN = tuple((UNKNOWN,) * count for count in range(4))
"""``count`` hidden cards."""
_FACE_UP = tuple((True,) * count for count in range(4))
"""``count`` cards face up."""

_WAGERS: dict[tuple[int, int, int, bool], tuple[tuple[str, int], ...]] = {}
"""A seat's wagers on the layout as the view lists them, by its Ante, Pair Plus,
6 Card Bonus and whether it played (made once each)."""


def _wagers(st: _Seat) -> tuple[tuple[str, int], ...]:
    """``st``'s wagers as the view lists them: the Ante, Pair Plus, 6 Card Bonus and
    Play bet it has on the layout, in that order."""
    key = (st.ante, st.pair_plus, st.six_card_bonus, st.decision == "played")
    wagers = _WAGERS.get(key)
    if wagers is None:
        ante, pair_plus, six, played = key
        listed: list[tuple[str, int]] = []
        if ante:
            listed.append((_ANTE, ante))
        if pair_plus:
            listed.append((_PAIR_PLUS, pair_plus))
        if six:
            listed.append((_SIX_CARD_BONUS, six))
        if ante and played:
            listed.append((_PLAY, ante))
        if len(_WAGERS) >= 10_000:
            _WAGERS.clear()
        wagers = _WAGERS[key] = tuple(listed)
    return wagers


class _Decisions(dict[int, tuple[Option, ...]]):
    """A seat's options at the decision when it can cover the Play bet, by its Ante
    (made once each: options are frozen values)."""

    def __missing__(self, ante: int) -> tuple[Option, ...]:
        if len(self) >= 10_000:
            self.clear()
        options = self[ante] = (PlayOption(ante), FoldOption())
        return options


_DECISIONS = _Decisions()
_FOLD_ONLY: tuple[Option, ...] = (FoldOption(),)
"""The options of a seat that cannot cover the Play bet."""

_DEALER_LABELS: dict[bool | None, str] = {None: "Dealer", True: "Dealer (qualifies)",
                                          False: "Dealer (does not qualify)"}
"""The dealer's hand's label before it is shown, then as it qualifies or not."""


class Phase(StrEnum):
    """Where a round stands: the steps of the round's
    :class:`~pokerroom.engine.kernel.Kernel`, each equal to its name as a string."""

    WAGERS = "wagers"
    DEAL = "deal"
    DECISIONS = "decisions"
    SHOWDOWN = "showdown"
    OVER = "over"


_DEALER_PHASES: tuple[str, ...] = (Phase.DEAL, Phase.SHOWDOWN)
_SIMULTANEOUS_PHASES: tuple[str, ...] = (Phase.WAGERS, Phase.DECISIONS)


@dataclass(slots=True)
class _Seat:
    bankroll: int
    ante: int = 0
    pair_plus: int = 0
    six_card_bonus: int = 0
    decision: str = ""
    cards: tuple[Card, ...] = ()
    shown: bool = False
    results: tuple[WagerResult, ...] = ()
    net: int | None = None


class ThreeCardPokerRound(Kernel):
    """One round: 1-7 players against the dealer (``tcp-banked``), on the kernel
    (:class:`~pokerroom.engine.kernel.Kernel`): the wagers and the play-or-fold
    decisions are simultaneous steps, the deal and the showdown the dealer's, and the
    ``TRANSITIONS`` table names the handler of each step's action.

    ``bankrolls`` maps each playing seat to its chips. ``rng`` shuffles a fresh full deck
    at the deal (default: system randomness); ``deck`` instead deals a given deck in
    order: each seat's three cards in seat order, then the dealer's three.
    """

    phase: Phase
    NO_DEALER_STEP = "the dealer has no step to take now"
    HOUSE_BANKED = True

    def __init__(self, config: ThreeCardPokerConfig, bankrolls: Mapping[int, int], *,
                 rng: RandomSource | None = None, deck: Deck | None = None) -> None:
        if not isinstance(config, ThreeCardPokerConfig):
            raise ConfigError("config must be a ThreeCardPokerConfig")
        if not 1 <= len(bankrolls) <= MAX_PLAYERS:
            raise ConfigError(f"Three Card Poker seats 1 to {MAX_PLAYERS} players, got "
                              f"{len(bankrolls)}")
        for seat, chips in bankrolls.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
                raise ConfigError(f"seats are numbered 0 and up, got {seat!r}")
            if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
                raise ConfigError(f"seat {seat}'s bankroll must be whole chips, got {chips!r}")
        super().__init__(Phase.WAGERS, sorted(bankrolls))
        self.config = config
        self._rules = config.rules
        self._seats = {seat: _Seat(bankrolls[seat]) for seat in sorted(bankrolls)}
        self.rng = rng
        self._deck = deck
        self._dealer_cards: tuple[Card, ...] = ()
        self._dealer_shown = False
        self._dealer_key = -1
        self._keys = tcp_key_lookup(self._rules.a23_lowest)
        self._options: dict[tuple[str, int], tuple[Option, ...]] = {}
        """Each waiting seat's options at each step, once asked for."""
        self._start_simultaneous(Phase.WAGERS, tuple(self._seats))

    # ------------------------------------------------------------------ protocol

    @property
    def bankrolls(self) -> dict[int, int]:
        """Each seat's chips behind its wagers now (all of them once the round is over)."""
        return {seat: st.bankroll for seat, st in self._seats.items()}

    def results(self, seat: int) -> tuple[WagerResult, ...]:
        """How ``seat``'s wagers were settled (empty until the showdown)."""
        return self._seats[seat].results

    def dealer_action(self) -> Action:
        return DealRound(DEALER) if self.phase is Phase.DEAL else HouseShowdown(DEALER)

    # ------------------------------------------------------------------ the kernel's hooks

    def _dealer_phases(self) -> tuple[str, ...]:
        return _DEALER_PHASES

    def _simultaneous_phases(self) -> tuple[str, ...]:
        return _SIMULTANEOUS_PHASES

    def _dealer_options(self) -> tuple[Option, ...]:
        return (DealRoundOption(),) if self.phase is Phase.DEAL else (HouseShowdownOption(),)

    def _seat_options(self, seat: int) -> tuple[Option, ...]:
        # asked for two or three times a decision (the bot's options, the seat's view,
        # the action's admission): made once a step, as a waiting seat's options only
        # change when it acts, and then it waits no longer
        key = (self.phase, seat)
        options = self._options.get(key)
        if options is None:
            options = self._options[key] = self._make_options(seat)
        return options

    def _make_options(self, seat: int) -> tuple[Option, ...]:
        st = self._seats[seat]
        if self.phase is Phase.WAGERS:
            rules = self._rules
            return (PlaceWagersOption(rules.min_bet, rules.max_bet, st.bankroll,
                                      rules.pair_plus_without_ante,
                                      rules.six_card_bonus_without_ante,
                                      rules.reserve_play_bet),)
        return _DECISIONS[st.ante] if st.bankroll >= st.ante else _FOLD_ONLY

    def _not_acting(self, action: Action, actors: tuple[int, ...]) -> IllegalActionError:
        seat, phase = action.seat, self.phase
        st = self._seats.get(seat)
        if seat != DEALER and st is None:
            return IllegalActionError(f"seat {seat + 1} is not playing this round")
        if phase is Phase.OVER:
            return IllegalActionError("the round is over")
        if st is None:
            return OutOfTurnError(f"the dealer cannot {type(action).__name__} at the "
                                  f"{phase.value} step")
        if phase is Phase.WAGERS:
            return IllegalActionError(f"seat {seat + 1} has already placed its wagers")
        if phase is Phase.DECISIONS:
            return IllegalActionError(
                f"seat {seat + 1} has already {st.decision}; the decision is final"
                if st.decision else f"seat {seat + 1} has no Ante, so nothing to play or fold")
        return OutOfTurnError(f"seat {seat + 1} cannot act now: the round is at the "
                              f"{phase.value} step")

    def _not_allowed(self, action: Action, options: tuple[Option, ...]) -> IllegalActionError:
        seat = action.seat
        if seat == DEALER:
            return self._not_acting(action, (DEALER,))
        if self.phase is Phase.WAGERS:
            if not isinstance(action, PlaceWagers):
                return OutOfTurnError(f"seat {seat + 1} must place its wagers first")
            (option,) = options
            assert isinstance(option, PlaceWagersOption)
            return IllegalActionError(option.problem(action) or "")
        ante = self._seats[seat].ante
        if isinstance(action, PlayBet | Call):
            return IllegalActionError(f"seat {seat + 1} cannot cover a Play bet of {ante}")
        return IllegalActionError(f"seat {seat + 1} must play (Play bet {ante}) or fold")

    # ------------------------------------------------------------------ steps

    def _place(self, action: PlaceWagers, options: tuple[Option, ...]) -> Event:
        seat = action.seat
        st = self._seats[seat]
        st.ante, st.pair_plus, st.six_card_bonus = (action.ante, action.pair_plus,
                                                    action.six_card_bonus)
        st.bankroll -= action.total
        self.chips.transfer(seat, POT, action.total, "wagers")
        if self._choose(seat, action):
            self.phase = Phase.DEAL
        return self._record(WagersPlaced(seat, action.ante, action.pair_plus,
                                         action.six_card_bonus, st.bankroll))

    def _play(self, action: Action, options: tuple[Option, ...]) -> Event:
        st = self._seats[action.seat]
        st.bankroll -= st.ante
        self.chips.transfer(action.seat, POT, st.ante, "Play bet")
        st.decision = "played"
        return self._decided(action, PlayMade(action.seat, st.ante, st.bankroll))

    def _fold(self, action: Action, options: tuple[Option, ...]) -> Event:
        self._seats[action.seat].decision = "folded"
        return self._decided(action, HandFolded(action.seat))

    def _decided(self, action: Action, event: Event) -> Event:
        if self._choose(action.seat, action):
            self.phase = Phase.SHOWDOWN
        return self._record(event)

    def _deal(self, action: Action, options: tuple[Option, ...]) -> Event:
        needed = 3 * (len(self._seats) + 1)
        deck = self._deck
        if deck is None:
            deck = Deck.standard(rng=self.rng)  # a fresh full deck, fully shuffled
            self._record(DeckShuffled())
        elif len(deck) < needed:
            raise IllegalActionError(f"the deck has {len(deck)} cards; {needed} are needed")
        self._stock(deck.cards, self.rng)
        order = self._draw_cards(needed)
        for i, (seat, st) in enumerate(self._seats.items()):
            st.cards = tuple(order[3 * i:3 * i + 3])
            self._record(HoleCardsDealt(seat, st.cards, private_to=frozenset((seat,))))
        self._dealer_cards = tuple(order[needed - 3:needed])
        with_ante = tuple(seat for seat, st in self._seats.items() if st.ante)
        if with_ante:
            self._start_simultaneous(Phase.DECISIONS, with_ante)
        else:
            self.phase = Phase.SHOWDOWN
        return self._record(DealerCardsDealt(self._dealer_cards, private_to=frozenset()))

    def describe(self, cards: tuple[Card, ...]) -> str:
        """A hand's description; hands with equal keys read the same, so it is kept by key."""
        key = self._key(cards)
        cache = _DESCRIPTIONS[self._rules.a23_lowest]
        text = cache.get(key)
        if text is None:
            text = evaluate_three_card_poker(cards, a23_lowest=self._rules.a23_lowest).description
            cache[key] = text
        return text

    def _key(self, cards: tuple[Card, ...]) -> int:
        a, b, c = sorted(cards)
        return self._keys[a * 2704 + b * 52 + c]

    def _showdown(self, action: Action, options: tuple[Option, ...]) -> Event:
        rules, config = self._rules, self.config
        dealer_key = self._key(self._dealer_cards)
        self._dealer_key = dealer_key
        self._dealer_shown = True
        last = self._record(DealerShows(self._dealer_cards, self.describe(self._dealer_cards),
                                     dealer_qualifies(dealer_key)))
        dealer_indices = [int(c) for c in self._dealer_cards]
        for seat, st in self._seats.items():
            key = self._key(st.cards)
            folded = st.decision == "folded"
            results: tuple[WagerResult, ...] = ()
            if st.ante:
                results += settle_ante_play(st.ante, not folded, key, dealer_key,
                                            config.ante_bonus)
            if st.pair_plus:
                results += (settle_pair_plus(st.pair_plus, key, config.pair_plus,
                                             folded=folded, on_fold=rules.pair_plus_on_fold),)
            if st.six_card_bonus:
                six = six_card_class_of_indices([*map(int, st.cards), *dealer_indices])
                results += (settle_six_card_bonus(st.six_card_bonus, six,
                                                  config.six_card_bonus),)
            if not folded:
                st.shown = True
                self._record(HandShown(seat, st.cards, self.describe(st.cards)))
            st.results = results
            st.net = sum(r.net for r in results)
            st.bankroll += sum(r.returned for r in results)
            self._pay(seat, results)
            last = self._record(SeatSettled(seat, results, st.net, st.bankroll))
        self.phase = Phase.OVER
        return last

    def _pay(self, seat: int, results: tuple[WagerResult, ...]) -> None:
        """Settle each wager with the house: its stake back from the layout (or to the
        house when lost), anything won over the stake from the house."""
        chips = self.chips
        for result in results:
            stake, returned = result.stake, result.returned
            chips.transfer(POT, seat, min(stake, returned), "wager returned")
            if returned < stake:
                chips.transfer(POT, HOUSE, stake - returned, "loses to the house")
            else:
                chips.transfer(HOUSE, seat, returned - stake, "paid by the house")

    TRANSITIONS: ClassVar[Mapping[tuple[str, type[Action]], StepHandler]] = {
        (Phase.WAGERS, PlaceWagers): _place,
        (Phase.DEAL, DealRound): _deal,
        (Phase.DECISIONS, PlayBet): _play,
        (Phase.DECISIONS, Call): _play,
        (Phase.DECISIONS, Fold): _fold,
        (Phase.SHOWDOWN, HouseShowdown): _showdown,
    }

    # ------------------------------------------------------------------ views

    @property
    def dealer_qualifies(self) -> bool | None:
        """Whether the dealer's hand qualifies (queen high or better), once it is shown;
        ``None`` before."""
        return dealer_qualifies(self._dealer_key) if self._dealer_shown else None

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see: every seat's bankroll, wagers and decision, its own
        cards, the hands shown at the settlement, and the dealer's hand (face down
        until it is shown, its label saying whether it qualifies)."""
        # drawn at every decision of every bot: snapshots built positionally (the
        # fields in SeatSnapshot's order: seat, name, stack, bet, cards, up, status,
        # marker, note, wagers) and the wagers without a generator
        seats = []
        deciding = self.phase is Phase.DECISIONS
        names = unnamed_seats(max(self._seats) + 1)
        for s, st in self._seats.items():
            shown = st.shown
            visible = st.cards if (shown or s == seat) else _HIDDEN[len(st.cards)]
            decision = st.decision or ("to act" if deciding and st.ante else "")
            seats.append(SeatSnapshot(s, names[s], st.bankroll, 0, visible,
                                      _FACE_UP[len(visible)] if shown else (), decision,
                                      "", "", _wagers(st)))
        dealer = self._dealer_cards if self._dealer_shown else (UNKNOWN,) * len(self._dealer_cards)
        label = _DEALER_LABELS[self.dealer_qualifies]
        actors = self.actors
        return View("Three Card Poker", tuple(seats), (),
                    ((label, dealer),) if dealer else (), (), actors, seat,
                    self.phase.value, 0, None, (),
                    self.legal_actions(seat) if seat is not None and seat in actors else (),
                    not actors)



class ThreeCardPokerTable:
    """A Three Card Poker table over many rounds: the posted config, the players'
    bankrolls in the table's :class:`~pokerroom.engine.ledger.Ledger` (bought in from the
    cashier, each round settled with the house), and a random source (a fresh full
    shuffle every round).

    >>> import random
    >>> table = ThreeCardPokerTable(ThreeCardPokerConfig(), {0: 500, 3: 200},
    ...                             rng=random.Random(1))
    >>> state = table.new_round()
    >>> state.actors
    (0, 3)
    >>> for seat in (0, 3):
    ...     _ = state.apply(PlaceWagers(seat, 10))
    >>> _ = state.advance()                          # shuffle and deal
    >>> for seat in (0, 3):
    ...     _ = state.apply(PlayBet(seat))
    >>> _ = state.advance()                          # the dealer shows and settles
    >>> nets = table.close_round(state)
    >>> table.house_net == -sum(nets.values())
    True
    >>> table.ledger.check()
    """

    def __init__(self, config: ThreeCardPokerConfig, bankrolls: Mapping[int, int], *,
                 rng: RandomSource | None = None) -> None:
        ThreeCardPokerRound(config, bankrolls)  # validates seats and bankrolls
        self.config = config
        self._players = tuple(sorted(bankrolls))
        self.ledger = Ledger(self._players)
        for seat in self._players:
            self.ledger.transfer(CASHIER, seat, bankrolls[seat], "buys in", 0)
        self._rng = rng
        self.current: ThreeCardPokerRound | None = None
        """The round started and not yet closed."""
        self.rounds_played = 0

    def announce(self) -> str:
        """The posted pay tables and house rules, to be shown before play."""
        return self.config.announce()

    @property
    def bankrolls(self) -> dict[int, int]:
        """Each player's chips between rounds."""
        return {seat: self.ledger.holding(seat) for seat in self._players}

    @property
    def house_net(self) -> int:
        """What the house has won from the players (negative: what it has lost)."""
        return self.ledger.holding(HOUSE)

    def new_round(self, seats: Sequence[int] | None = None) -> ThreeCardPokerRound:
        """Start a round for ``seats`` (default: every player); finish it with
        :meth:`close_round` once it is over."""
        if self.current is not None:
            raise IllegalActionError("the current round is not closed yet")
        chosen = list(self._players) if seats is None else list(seats)
        unknown = [s for s in chosen if s not in self._players]
        if unknown:
            raise ConfigError(f"no player at seat(s) {unknown}")
        state = ThreeCardPokerRound(self.config, {s: self.ledger.holding(s) for s in chosen},
                                    rng=self._rng)
        self.current = state
        return state

    def close_round(self, state: ThreeCardPokerRound) -> dict[int, int]:
        """Settle a finished round with the house; returns each seat's net for it."""
        if state is not self.current:
            raise IllegalActionError("that is not this table's current round")
        if not state.is_over:
            raise IllegalActionError("the round is not over yet")
        self.rounds_played += 1
        self.ledger.absorb(state.chips, self.rounds_played)
        self.current = None
        return {seat: state.chips.holding(seat) for seat in state.chips.seat_numbers}
