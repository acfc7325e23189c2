"""All-in equity for any game given as its deck, its hand and board sizes and its
rankings: exact enumeration or Monte Carlo, in plain Python.

The compiled kernels of :mod:`pokerroom.analysis.odds` know the 52-card games of the
rulebook; a :class:`RankedGame` is the way in for a game they do not know (a 36-card
short deck, four-card badugi hands, five Omaha hole cards). It deals the hands and the
board from the cards left of its deck, scores each deal with its rankings and settles
the pot as the odds engine does: ties share; in a high-low game half goes to the best
high and half to the best qualifying low, and the high scoops when no low qualifies. A
result is an :class:`~pokerroom.analysis.odds.OddsResult`, as for every game.

A ranking here is a function of a hand's card indexes and the board's to a key (larger
is better; the low's returns ``None`` for a hand without a qualifying low).

>>> from pokerroom.cards import parse_cards
>>> r = ranked_odds(SHORT_DECK_ODDS, [parse_cards("Ah Kh"), parse_cards("Qs Qd")],
...                 board=parse_cards("Jh Th 6c 7d"), exact=True)
>>> r.deals, r.wins, r.ties
(28, (12, 16), (0, 0))
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb, prod

import numpy as np
import numpy.typing as npt

from pokerroom.analysis.modes import tally_shape
from pokerroom.analysis.odds import OddsResult, result_from_tally
from pokerroom.cards import STANDARD_CARDS, Card
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.hands.badugi import badugi_key
from pokerroom.hands.high import best_omaha_key
from pokerroom.hands.lowball import a5_key5, a5_qualifies
from pokerroom.hands.short_deck import (
    SHORT_DECK_CARDS,
    ShortDeckOrder,
    best_short_deck_key,
)

__all__ = [
    "BADUGI_ODDS",
    "OMAHA5_HILO_ODDS",
    "OMAHA5_ODDS",
    "SHORT_DECK_ODDS",
    "RankedGame",
    "omaha_low_key",
    "ranked_odds",
    "short_deck_odds",
]

Key = Callable[[tuple[int, ...], tuple[int, ...]], int]
LowKey = Callable[[tuple[int, ...], tuple[int, ...]], int | None]

EXACT_LIMIT = 2_000_000
"""Most deals an exact enumeration visits (in plain Python: some tens of seconds)."""
AUTO_EXACT_LIMIT = 50_000
"""Asked for neither method: enumerate up to this many deals, else simulate."""
AUTO_TRIALS = 20_000
"""Asked for neither method, with more deals than :data:`AUTO_EXACT_LIMIT`: this many
Monte Carlo deals."""


@dataclass(frozen=True)
class RankedGame:
    """A game for the odds engine by its parts: ``deck`` (its cards), the cards of a
    hand and of the board once all are dealt, ``pot`` the ranking that takes the pot
    (or its high half) and ``low`` the ranking of the low half of a high-low game."""

    name: str
    deck: tuple[Card, ...]
    hand_cards: int
    board_cards: int
    pot: Key
    low: LowKey | None = None

    @property
    def hilo(self) -> bool:
        """True for a high-low split game."""
        return self.low is not None


def short_deck_odds(order: ShortDeckOrder = ShortDeckOrder.STRAIGHT_OVER_TRIPS
                    ) -> RankedGame:
    """Short-deck hold'em with three of a kind and the straight in ``order``."""
    def key(hand: tuple[int, ...], board: tuple[int, ...]) -> int:
        return best_short_deck_key((*hand, *board), order)[0]

    return RankedGame("short-deck", SHORT_DECK_CARDS, 2, 5, key)


def omaha_low_key(hand: tuple[int, ...], board: tuple[int, ...]) -> int | None:
    """The best ace-to-five low of exactly two hand cards and three board cards, or
    ``None`` unless it is eight or better (``omaha8-2``).

    >>> from pokerroom.cards import parse_cards
    >>> hand, board = parse_cards("As 2s Kh Kd Qc"), parse_cards("3c 4d 8h Kc Qd")
    >>> omaha_low_key(tuple(hand), tuple(board)) == a5_key5(*parse_cards("As 2s 3c 4d 8h"))
    True
    """
    best = max(a5_key5(a, b, x, y, z) for a, b in combinations(hand, 2)
               for x, y, z in combinations(board, 3))
    return best if a5_qualifies(best) else None


def _omaha_high(hand: tuple[int, ...], board: tuple[int, ...]) -> int:
    return best_omaha_key(hand, board)[0]


def _badugi(hand: tuple[int, ...], board: tuple[int, ...]) -> int:
    return badugi_key(hand)


SHORT_DECK_ODDS = short_deck_odds()
"""Short-deck hold'em, a straight over three of a kind (the default order)."""
BADUGI_ODDS = RankedGame("badugi", STANDARD_CARDS, 4, 0, _badugi)
"""Badugi as what the draw may bring: the known cards kept, the others dealt."""
OMAHA5_ODDS = RankedGame("omaha5", STANDARD_CARDS, 5, 5, _omaha_high)
"""Five-card Omaha high."""
OMAHA5_HILO_ODDS = RankedGame("omaha5-hilo", STANDARD_CARDS, 5, 5, _omaha_high,
                              omaha_low_key)
"""Five-card Omaha high-low, eight or better."""


@dataclass(frozen=True)
class _Job:
    game: RankedGame
    known: list[tuple[int, ...]]
    board: tuple[int, ...]
    left: list[int]
    need: list[int]
    bneed: int

    @property
    def deals(self) -> int:
        """How many deals an enumeration visits."""
        left = len(self.left)
        sizes = [self.bneed, *self.need]
        counts = []
        for size in sizes:
            counts.append(comb(left, size))
            left -= size
        return prod(counts)


def _job(game: RankedGame, hands: Sequence[Sequence[Card]], board: Sequence[Card],
         dead: Sequence[Card]) -> _Job:
    if len(hands) < 2:
        raise InvalidHandError("odds need at least two hands")
    in_deck = set(game.deck)
    named = [c for hand in hands for c in hand] + list(board) + list(dead)
    for c in named:
        if c not in in_deck:
            raise InvalidHandError(f"{c!r} is not a card of the {game.name} deck")
    if len(set(named)) != len(named):
        raise InvalidHandError("a card appears twice among the hands, board and dead cards")
    if game.board_cards == 0 and board:
        raise InvalidHandError(f"{game.name} has no board cards")
    if len(board) > game.board_cards:
        raise InvalidHandError(f"{game.name} has at most {game.board_cards} board cards")
    for i, hand in enumerate(hands):
        if len(hand) > game.hand_cards:
            raise InvalidHandError(f"hand {i + 1}: {game.name} hands hold at most "
                                   f"{game.hand_cards} cards, got {len(hand)}")
    taken = set(named)
    left = [int(c) for c in game.deck if c not in taken]
    need = [game.hand_cards - len(hand) for hand in hands]
    bneed = game.board_cards - len(board)
    if bneed + sum(need) > len(left):
        raise InvalidHandError(f"not enough cards: {bneed + sum(need)} to deal, "
                               f"{len(left)} left")
    return _Job(game, [tuple(int(c) for c in hand) for hand in hands],
                tuple(int(c) for c in board), left, need, bneed)


def _every_deal(job: _Job) -> Iterator[list[int]]:
    """Every deal of the cards still to come, in a fixed order: the board's first,
    then each hand's."""
    sizes = [job.bneed, *job.need]

    def deal(level: int, left: list[int], dealt: list[int]) -> Iterator[list[int]]:
        if level == len(sizes):
            yield dealt
            return
        for chosen in combinations(left, sizes[level]):
            rest = [c for c in left if c not in chosen]
            yield from deal(level + 1, rest, [*dealt, *chosen])

    yield from deal(0, job.left, [])


def _score(job: _Job, dealt: Sequence[int], tally: npt.NDArray[np.int64]) -> None:
    """Settle one deal (the cards to come in :func:`_every_deal`'s order) into ``tally``."""
    game = job.game
    players = len(job.known)
    at = job.bneed
    board = (*job.board, *dealt[:at])
    hands = []
    for known, need in zip(job.known, job.need, strict=True):
        hands.append((*known, *dealt[at:at + need]))
        at += need
    keys = [game.pot(hand, board) for hand in hands]
    best = max(keys)
    winners = [p for p in range(players) if keys[p] == best]
    shares = [len(winners) if keys[p] == best else 0 for p in range(players)]
    lows_split = [players + 1] * players
    if game.low is not None:
        lows = [game.low(hand, board) for hand in hands]
        qualified = [low for low in lows if low is not None]
        if qualified:
            low_best = max(qualified)
            count = qualified.count(low_best)
            lows_split = [count if low == low_best else 0 for low in lows]
    for p in range(players):
        tally[p, shares[p], lows_split[p]] += 1


def ranked_odds(game: RankedGame, hands: Sequence[Sequence[Card]], *,
                board: Sequence[Card] = (), dead: Sequence[Card] = (), exact: bool = False,
                trials: int | None = None, seed: int | None = None) -> OddsResult:
    """Equity of each hand of ``game`` (see the module docstring): every deal with
    ``exact``, ``trials`` random deals (from ``seed``) otherwise; with neither, the
    enumeration when it visits at most :data:`AUTO_EXACT_LIMIT` deals, else
    :data:`AUTO_TRIALS` random deals (the result's ``auto`` set).

    >>> from pokerroom.cards import parse_cards
    >>> r = ranked_odds(BADUGI_ODDS, [parse_cards("Ac 2d 3h"), parse_cards("Kc Qd Jh Ts")],
    ...                 trials=2_000, seed=1)
    >>> r.exact, r.deals, round(r.equities[0], 2)
    (False, 2000, 0.2)
    """
    if exact and trials is not None:
        raise ConfigError("ask for an exact enumeration or a number of trials, not both")
    if trials is not None and trials < 1:
        raise ConfigError("trials must be at least 1")
    job = _job(game, hands, board, dead)
    tally = np.zeros(tally_shape(len(hands)), dtype=np.int64)
    size = job.deals
    auto = not exact and trials is None
    if auto:
        exact = size <= AUTO_EXACT_LIMIT
        trials = None if exact else AUTO_TRIALS
    if exact:
        if size > EXACT_LIMIT:
            raise ConfigError(f"exact enumeration would visit {size:,} deals (limit "
                              f"{EXACT_LIMIT:,}); ask for a number of trials")
        for dealt in _every_deal(job):
            _score(job, dealt, tally)
        result = result_from_tally(game.name, game.hilo, True, size, tally, None)
    else:
        assert trials is not None
        if seed is None:
            seed = secrets.randbits(63)
        rng = random.Random(seed)
        count = job.bneed + sum(job.need)
        for _ in range(trials):
            _score(job, rng.sample(job.left, count), tally)
        result = result_from_tally(game.name, game.hilo, False, trials, tally, seed)
    if auto:
        return replace(result, auto=True, exact_deals=size)
    return result
