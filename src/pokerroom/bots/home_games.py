"""Bots for Guts, Herbie and Hearts Poker, and the measurements behind their thresholds.

A bot is handed its seat's view and options (a :class:`~pokerroom.tableview.SeatView`,
the one bot protocol of every game) and answers with an action. The thresholds are
measured, not guessed:

* Guts: a hand's *percentile* is the share of the other possible hands it beats (ties
  count half), computed exactly over every hand the unseen cards can make. Treating the
  others as independent, ``percentile ** (players - 1)`` estimates the chance of holding
  the best hand; the bot stays when that is at least one half, the break-even point of
  winning the pot against matching it. On the compulsory round it must stay anyway.
* Herbie: :func:`herbie_stay_table` measures, by seeded simulation, how often each kind
  of starting hand beats Herbie after the bot's own draw. Alone against Herbie, staying
  wins the pot with chance ``p`` and matches it otherwise, so it pays when ``p > 1/2``;
  each other player who may stay in raises the bar, so the bot stays when
  ``p >= HERBIE_STAY_BASE + HERBIE_STAY_PER_PLAYER * (players - 4)``.

>>> from pokerroom.cards import parse_cards
>>> round(guts_percentile(parse_cards("As Ad")), 3)
1.0
>>> guts2_should_stay(parse_cards("7c 7d"), players=3)
True
>>> guts2_should_stay(parse_cards("Kc 5d"), players=8)
False
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from pokerroom.bots.random_play import random_option_action
from pokerroom.cards import STANDARD_CARDS, Card
from pokerroom.core import (
    DEALER,
    Action,
    BetOption,
    CallOption,
    CheckOption,
    DeclareOption,
    DiscardOption,
    DrawOption,
    Fold,
    HandState,
    Option,
    PassOption,
    RaiseOption,
)
from pokerroom.hands.base import HandValue
from pokerroom.hands.guts import evaluate_guts2
from pokerroom.hands.hearts import JACK_OF_DIAMONDS, QUEEN_OF_SPADES
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired, evaluate_herbie, is_wild
from pokerroom.homegames.events import DealerStep, DealerStepOption
from pokerroom.options import build, find_option
from pokerroom.tableview import Bot, SeatView, View

__all__ = [
    "HERBIE_BEAT_CHANCE",
    "HERBIE_BEAT_CHANCE_KICKER",
    "HERBIE_STAY_BASE",
    "HERBIE_STAY_PER_PLAYER",
    "GutsBot",
    "HeartsBot",
    "HerbieBot",
    "RandomBot",
    "guts2_should_stay",
    "guts_percentile",
    "hearts_card_worth",
    "herbie_beat_chances",
    "herbie_discards",
    "herbie_should_stay",
    "herbie_stay_table",
    "play_out",
]

HERBIE_STAY_BASE = 0.5
"""Alone against Herbie, staying in breaks even at a one-half chance of beating it."""
HERBIE_STAY_PER_PLAYER = 0.02
"""Extra chance wanted per player beyond four (more players, more rivals who stay)."""


def guts_percentile(hand: Sequence[Card],
                    evaluate: Callable[[Sequence[Card]], HandValue] = evaluate_guts2) -> float:
    """Share of the other possible hands (from the unseen cards) that ``hand`` beats,
    ties counting half."""
    return _percentile(tuple(sorted(hand)), evaluate)


@lru_cache(maxsize=8)
def _all_keys(evaluate: Callable[[Sequence[Card]], HandValue], size: int) -> list[int]:
    """The sorted keys of every hand of ``size`` cards."""
    return sorted(evaluate(h).key for h in combinations(STANDARD_CARDS, size))


@lru_cache(maxsize=8192)
def _percentile(hand: tuple[Card, ...],
                evaluate: Callable[[Sequence[Card]], HandValue]) -> float:
    """Exact: every hand beaten or tied, less those that share a card with ``hand``."""
    size = len(hand)
    keys = _all_keys(evaluate, size)
    mine = evaluate(hand).key
    below = bisect_left(keys, mine)
    equal = bisect_right(keys, mine) - below
    total = len(keys)
    rest = [c for c in STANDARD_CARDS if c not in hand]
    for shared in range(1, size + 1):
        for ours in combinations(hand, shared):
            for theirs in combinations(rest, size - shared):
                key = evaluate((*ours, *theirs)).key
                total -= 1
                if key < mine:
                    below -= 1
                elif key == mine:
                    equal -= 1
    return (below + equal / 2) / total


def guts2_should_stay(hand: Sequence[Card], *, players: int,
                      evaluate: Callable[[Sequence[Card]], HandValue] = evaluate_guts2
                      ) -> bool:
    """Stay when the estimated chance of the best hand, ``percentile ** (players-1)``, is
    at least one half."""
    return guts_percentile(hand, evaluate) ** (players - 1) >= 0.5


def herbie_discards(hand: Sequence[Card], unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS
                    ) -> tuple[Card, ...]:
    """The bot's draw: stand pat on trips; with a pair keep the pair (wild cards
    included) and draw one; without a pair keep the highest card and draw two.

    >>> from pokerroom.cards import parse_cards
    >>> herbie_discards(parse_cards("2h Ks 9d"))
    (9d,)
    >>> herbie_discards(parse_cards("Ah Ks 9d"))
    (Ks, 9d)
    """
    value = evaluate_herbie(hand, unpaired=unpaired)
    if value.category == "three of a kind":
        return ()
    naturals = sorted((c for c in hand if not is_wild(c)), key=lambda c: -int(c))
    if value.category == "pair":
        counts: dict[int, list[Card]] = {}
        for c in naturals:
            counts.setdefault(int(c.rank), []).append(c)
        pair = [cs for cs in counts.values() if len(cs) == 2]
        if pair:
            return tuple(c for c in naturals if c not in pair[0])
        return tuple(naturals[1:])  # a wild card pairs the highest natural card
    return tuple(naturals[1:])


def herbie_stay_table(trials: int = 400, seed: int = 7,
                      unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                      odd_card: HerbieOddCard = HerbieOddCard.IGNORED
                      ) -> dict[str, float]:
    """Measured chance of beating Herbie after the bot's draw, by starting hand kind:
    ``'trips'``, ``'pair of X'`` for each natural rank, and ``'no pair'``. Each kind is
    sampled ``trials`` times from random deals (seeded)."""
    rng = random.Random(seed)
    results: dict[str, list[int]] = {}
    deck = list(STANDARD_CARDS)
    done = 0
    while done < trials * 12 and min((len(v) for v in results.values()), default=0) < trials:
        done += 1
        rng.shuffle(deck)
        hand, herbie, stock = deck[:3], deck[3:6], deck[6:]
        kind = _kind(hand, unpaired)
        if len(results.get(kind, [])) >= trials:
            continue
        discards = herbie_discards(hand, unpaired)
        kept = [c for c in hand if c not in discards]
        final = kept + stock[:len(discards)]
        mine = evaluate_herbie(final, unpaired=unpaired, odd_card=odd_card)
        theirs = evaluate_herbie(herbie, unpaired=unpaired, odd_card=odd_card)
        results.setdefault(kind, []).append(int(mine > theirs))
    return {kind: sum(v) / len(v) for kind, v in results.items()}


def _kind(hand: Sequence[Card], unpaired: HerbieUnpaired) -> str:
    """``'trips'``, ``'pair of X'`` or ``'no pair'`` (the odd card plays no part)."""
    value = evaluate_herbie(hand, unpaired=unpaired)
    if value.category == "three of a kind":
        return "trips"
    if value.category == "pair":
        return value.description.split(",")[0].split(" (")[0]
    return "no pair"


_PAIRS_MEASURED = {
    "pair of threes": 0.440, "pair of fives": 0.568, "pair of sixes": 0.579,
    "pair of sevens": 0.597, "pair of eights": 0.625, "pair of nines": 0.632,
    "pair of jacks": 0.664, "pair of queens": 0.722, "pair of kings": 0.759,
    "pair of aces": 0.827, "trips": 0.932,
}
HERBIE_BEAT_CHANCE: dict[HerbieUnpaired, dict[str, float]] = {
    HerbieUnpaired.HIGH_CARDS: {"no pair": 0.481, **_PAIRS_MEASURED},
    HerbieUnpaired.NO_VALUE: {"no pair": 0.389, **_PAIRS_MEASURED},
}
"""Chance of beating Herbie after the bot's draw, by starting hand, as measured by
``herbie_stay_table(trials=4000, seed=7)`` for each unpaired-hand rule, with the default
rule that a pair's odd card does not count (a tie with Herbie counts as not beating
it). See docs/home-games.md."""

_PAIRS_WITH_KICKER = {
    "pair of threes": 0.440, "pair of fives": 0.573, "pair of sixes": 0.590,
    "pair of sevens": 0.608, "pair of eights": 0.645, "pair of nines": 0.655,
    "pair of jacks": 0.682, "pair of queens": 0.741, "pair of kings": 0.784,
    "pair of aces": 0.850, "trips": 0.932,
}
HERBIE_BEAT_CHANCE_KICKER: dict[HerbieUnpaired, dict[str, float]] = {
    HerbieUnpaired.HIGH_CARDS: {"no pair": 0.495, **_PAIRS_WITH_KICKER},
    HerbieUnpaired.NO_VALUE: {"no pair": 0.403, **_PAIRS_WITH_KICKER},
}
"""The same measurement under the house rule that a pair's odd card breaks ties
(``odd_card=HerbieOddCard.BREAKS_TIES``)."""


def herbie_beat_chances(unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                        odd_card: HerbieOddCard = HerbieOddCard.IGNORED
                        ) -> dict[str, float]:
    """The measured table for these house rules.

    >>> herbie_beat_chances()["pair of kings"] < herbie_beat_chances(
    ...     odd_card=HerbieOddCard.BREAKS_TIES)["pair of kings"]
    True
    """
    tables = (HERBIE_BEAT_CHANCE if odd_card is HerbieOddCard.IGNORED
              else HERBIE_BEAT_CHANCE_KICKER)
    return tables[unpaired]


def herbie_should_stay(hand: Sequence[Card], *, players: int,
                       table: dict[str, float] | None = None,
                       unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                       odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> bool:
    """Stay in Herbie when the measured chance of beating Herbie clears the bar.

    >>> from pokerroom.cards import parse_cards
    >>> herbie_should_stay(parse_cards("5c 5d Ks"), players=4)
    True
    >>> herbie_should_stay(parse_cards("5c 5d Ks"), players=10)
    False
    """
    bar = HERBIE_STAY_BASE + HERBIE_STAY_PER_PLAYER * max(0, players - 4)
    chances = table if table is not None else herbie_beat_chances(unpaired, odd_card)
    return chances.get(_kind(hand, unpaired), 0.0) >= bar


# --------------------------------------------------------------------------- bots


class RandomBot:
    """Picks uniformly among the legal actions (the conformance tests' player)."""

    style = "random legal actions"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, seat_view: SeatView) -> Action:
        option = self.rng.choice(seat_view.options)
        return _random_action(option, seat_view.seat, self.rng)


def _random_action(option: Option, seat: int, rng: random.Random) -> Action:
    """A random action that ``option`` allows (the dealer's step for the dealer; a draw
    needs the seat's cards: :func:`play_out` makes it)."""
    if isinstance(option, DealerStepOption):
        return DealerStep()
    if isinstance(option, DrawOption):
        raise TypeError("a draw needs the seat's cards; use the bots' draw helpers")
    return random_option_action(option, seat, rng)


class GutsBot:
    """Stays in Guts with a hand likely to be best (see the module docstring)."""

    def __init__(self, players: int,
                 evaluate: Callable[[Sequence[Card]], HandValue] = evaluate_guts2) -> None:
        self.players = players
        self.evaluate = evaluate

    style = "Guts thresholds (stays with a likely best hand)"

    def act(self, seat_view: SeatView) -> Action:
        seat = seat_view.seat
        hand: tuple[Card, ...] = seat_view.view.me.cards
        for option in seat_view.options:
            if isinstance(option, DeclareOption):
                stay = option.must_stay or guts2_should_stay(
                    hand, players=self.players, evaluate=self.evaluate)
                return build(option, seat, stay=stay)
            if isinstance(option, PassOption):
                # pass the card that matters least: the lowest
                return build(option, seat, cards=(min(option.cards,
                                                      key=lambda c: int(c.rank)),))
            if isinstance(option, DrawOption):
                return build(option, seat, cards=_guts_discards(hand, option))
        raise TypeError(f"the Guts bot has nothing to do at seat {seat}")


def _guts_discards(hand: Sequence[Card], option: DrawOption) -> tuple[Card, ...]:
    """Keep pairs and better; otherwise throw the lowest card if it is below a nine."""
    ranks = [int(c.rank) for c in hand]
    if len(set(ranks)) < len(ranks):
        return ()
    low = min(hand, key=lambda c: int(c.rank))
    return (low,) if int(low.rank) < 9 and option.max_cards >= 1 else ()


class HerbieBot:
    """Stays in Herbie with a hand that beats Herbie often enough after its draw."""

    def __init__(self, players: int, unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                 table: dict[str, float] | None = None,
                 odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> None:
        self.players = players
        self.unpaired = unpaired
        self.table = table
        self.odd_card = odd_card

    style = "Herbie thresholds (stays when it beats Herbie often enough)"

    def act(self, seat_view: SeatView) -> Action:
        seat, view = seat_view.seat, seat_view.view
        hand: tuple[Card, ...] = view.me.cards
        for option in seat_view.options:
            if isinstance(option, DeclareOption):
                return build(option, seat, stay=option.must_stay or self._stay(hand, view))
            if isinstance(option, DrawOption):
                return build(option, seat, cards=herbie_discards(hand, self.unpaired))
        raise TypeError(f"the Herbie bot has nothing to do at seat {seat}")

    def _stay(self, hand: Sequence[Card], view: View) -> bool:
        """Whether to stay in with ``hand`` (the table's view as the seat sees it)."""
        return herbie_should_stay(hand, players=self.players, table=self.table,
                                  unpaired=self.unpaired, odd_card=self.odd_card)


def play_out(state: HandState, bots: Sequence[Bot],
             draw_rng: random.Random | None = None) -> HandState:
    """Run a deal to its end: dealer steps from its deck, every seat by its bot. A
    :class:`RandomBot` draws a random number of random cards (``draw_rng``)."""
    rng = draw_rng or random.Random(0)
    while state.actors:
        for seat in state.actors:
            if seat == DEALER:
                state.advance()
                break
            bot = bots[seat]
            draw = (find_option(state.legal_actions(seat), DrawOption)
                    if isinstance(bot, RandomBot) else None)
            if draw is not None:
                hand: tuple[Card, ...] = state.view(seat).me.cards
                state.apply(random_option_action(draw, seat, rng, hand))
            else:
                state.apply(bot.act(SeatView.of(state, seat)))
    return state


# --------------------------------------------------------------------------- Hearts Poker


def hearts_card_worth(cards: Sequence[Card]) -> int:
    """A rough worth of two hand cards in Hearts Poker: a pair is worth most, then high
    cards; the jack of diamonds earns a card; the queen of spades costs the higher card.

    >>> from pokerroom.cards import parse_cards
    >>> hearts_card_worth(parse_cards("Ah Ad")) > hearts_card_worth(parse_cards("Ah Kd"))
    True
    >>> hearts_card_worth(parse_cards("As Qs")) < hearts_card_worth(parse_cards("As Qh"))
    True
    """
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    worth = 40 + 2 * ranks[0] if len(ranks) == 2 and ranks[0] == ranks[1] else sum(ranks)
    if QUEEN_OF_SPADES in cards:
        worth -= ranks[0]
    if JACK_OF_DIAMONDS in cards:
        worth += 10
    return worth


class HeartsBot:
    """Plays Hearts Poker from what it can see: keeps the better pair of cards, passes
    the queen of spades on (it costs its holder a card) and never the jack of diamonds,
    bets strong holdings, calls fair ones, and folds weak ones to a bet."""

    def __init__(self, bet_worth: int = 26, call_worth: int = 18) -> None:
        self.bet_worth = bet_worth
        self.call_worth = call_worth

    style = "Hearts Poker card worth (keeps the better pair)"

    def act(self, seat_view: SeatView) -> Action:
        seat, view, options = seat_view.seat, seat_view.view, seat_view.options
        down, up = view.me.down_cards, view.me.up_cards
        for option in options:
            if isinstance(option, PassOption):
                return build(option, seat, cards=(self._pass(option.cards),))
            if isinstance(option, DiscardOption):
                keep_down = hearts_card_worth(down) >= hearts_card_worth(up)
                return build(option, seat, cards=up if keep_down else down)
        mine = max(hearts_card_worth(down), hearts_card_worth(up) if len(up) == 2 else 0)
        top = max(s.bet for s in view.seats)
        if mine >= self.bet_worth:
            bet = find_option(options, BetOption)
            if bet is not None:
                return build(bet, seat)                  # the least bet
            raise_ = find_option(options, RaiseOption)
            # at most two raises of its own size: heads-up the raises are unlimited
            if raise_ is not None and top < 3 * (raise_.min_to - top):
                return build(raise_, seat)               # the least raise
        check = find_option(options, CheckOption)
        if check is not None:
            return build(check, seat)
        call = find_option(options, CallOption)
        if mine >= self.call_worth and call is not None:
            return build(call, seat)
        return Fold(seat=seat)

    @staticmethod
    def _pass(cards: Sequence[Card]) -> Card:
        if QUEEN_OF_SPADES in cards:
            return QUEEN_OF_SPADES
        keep = [c for c in cards if c != JACK_OF_DIAMONDS] or list(cards)
        return min(keep, key=lambda c: int(c.rank))
