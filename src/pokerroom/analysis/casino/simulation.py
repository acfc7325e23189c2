"""Monte Carlo play of Three Card Poker through the real table code.

By default every simulated round is a :class:`~pokerroom.casino.table.ThreeCardPokerRound`
with one seat, driven by a :class:`~pokerroom.casino.bots.ThreeCardPokerBot` exactly as a
player at the table would be: wagers placed, a full shuffle and deal, play or fold,
showdown and settlement. For long runs the ``direct`` engine deals and settles the same
rounds with the same functions, without the protocol's objects, a block of rounds at a
time (identical results for a seed, about thirty times faster over a million rounds).
The bot bets one unit on each wager, so the mean result per round is the expected value
per unit wagered, with a 95 % confidence interval from the sample variance (normal
approximation). The deck is shuffled by NumPy's generator (seeded by
``seed``), whose ``shuffle`` is the same full shuffle as ``random.Random``'s, only faster.

>>> result = simulate_three_card_poker(2000, seed=7)
>>> [w.wager for w in result.wagers]
['ante_play', 'pair_plus', 'six_card_bonus']
>>> result.wagers[0].ci_low < result.wagers[0].mean < result.wagers[0].ci_high
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerroom.casino.bots import ThreeCardPokerBot, run_round
from pokerroom.casino.rules import ThreeCardPokerConfig
from pokerroom.casino.settlement import (
    Wager,
    WagerResult,
    settle_ante_play,
    settle_pair_plus,
    settle_six_card_bonus,
)
from pokerroom.casino.strategy import Q64, ThresholdStrategy
from pokerroom.casino.table import ThreeCardPokerRound
from pokerroom.deck import RandomSource
from pokerroom.errors import ConfigError
from pokerroom.hands.six_card import SixCardClass, six_card_class_of_indices
from pokerroom.hands.three_card import tcp_key_lookup

__all__ = ["Z_95", "SimulationResult", "WagerStats", "simulate_three_card_poker"]

Z_95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""

_BANKROLL = 10**6  # every round starts afresh; far more than one round can lose


@dataclass(frozen=True, slots=True)
class WagerStats:
    """Mean result per unit of one wager over ``rounds`` rounds, with its 95 % CI."""

    wager: str
    rounds: int
    mean: float
    std: float
    ci_low: float
    ci_high: float

    @property
    def house_edge(self) -> float:
        """The house edge the sample estimates (minus the mean)."""
        return -self.mean

    def contains(self, value: float) -> bool:
        """True when ``value`` lies in the confidence interval."""
        return self.ci_low <= value <= self.ci_high


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a simulation measured: per-wager stats plus how it was run."""

    rounds: int
    seed: int | None
    strategy: str
    wagers: tuple[WagerStats, ...]
    played_fraction: float
    engine: str = "table"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"rounds": self.rounds, "seed": self.seed, "strategy": self.strategy,
                "engine": self.engine,
                "played_fraction": self.played_fraction,
                **{w.wager: {"mean": w.mean, "std": w.std, "ci95": [w.ci_low, w.ci_high],
                             "house_edge": w.house_edge} for w in self.wagers}}


class _Accumulator:
    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0
        self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def add_many(self, total: int, squares: int, n: int) -> None:
        """Add ``n`` values summing to ``total``, their squares to ``squares``."""
        self.n += n
        self.total += total
        self.squares += squares

    def stats(self, name: str) -> WagerStats:
        n = self.n
        mean = self.total / n
        variance = max(self.squares / n - mean * mean, 0.0) * n / max(n - 1, 1)
        std = math.sqrt(variance)
        half = Z_95 * std / math.sqrt(n)
        return WagerStats(name, n, mean, std, mean - half, mean + half)


def simulate_three_card_poker(rounds: int, *, seed: int | None = None,
                              strategy: ThresholdStrategy = Q64,
                              config: ThreeCardPokerConfig | None = None,
                              progress: Callable[[int], None] | None = None,
                              progress_every: int = 10_000,
                              engine: str = "table") -> SimulationResult:
    """Play ``rounds`` rounds (one unit on Ante, Pair Plus and 6 Card Bonus each) and
    return the mean result per unit of each wager. ``progress(done)`` is called every
    ``progress_every`` rounds and at the end.

    ``engine="table"`` drives the full :class:`ThreeCardPokerRound` state machine with a
    bot. ``engine="direct"`` is the streamlined path for long runs: the same shuffle of
    the same full deck from the same random stream, the same key table, strategy and
    settlement functions, without the protocol's actions, events and views, each
    distinct outcome settled once, so for a given seed both engines give identical
    results (a test holds them equal).
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise ConfigError(f"a simulation needs at least 2 rounds, got {rounds!r}")
    if engine not in ("table", "direct"):
        raise ConfigError(f"engine must be 'table' or 'direct', got {engine!r}")
    config = config if config is not None else ThreeCardPokerConfig()
    rng = np.random.default_rng(seed)  # a full Fisher-Yates shuffle in C, every round
    ante_play, pair_plus, six_card = _Accumulator(), _Accumulator(), _Accumulator()
    if engine == "direct":
        played = _direct_rounds(config, strategy, rng, rounds, (ante_play, pair_plus, six_card),
                                progress, progress_every)
    else:
        played = 0
        for done, results in enumerate(_table_rounds(config, strategy, rng, rounds), start=1):
            ante, pairs, six, play = _nets(results)
            ante_play.add(ante)
            pair_plus.add(pairs)
            six_card.add(six)
            played += play
            if progress is not None and (done % progress_every == 0 or done == rounds):
                progress(done)
    return SimulationResult(rounds, seed, strategy.name,
                            (ante_play.stats("ante_play"), pair_plus.stats("pair_plus"),
                             six_card.stats("six_card_bonus")),
                            played / rounds, engine)


_ACCUMULATED: dict[Wager, int] = {Wager.ANTE: 0, Wager.PLAY: 0, Wager.ANTE_BONUS: 0,
                                  Wager.PAIR_PLUS: 1, Wager.SIX_CARD_BONUS: 2}
"""Which of the three results (Ante and Play, Pair Plus, 6 Card Bonus) a wager counts in."""


def _nets(results: tuple[WagerResult, ...]) -> tuple[int, int, int, int]:
    """A round's net on the Ante and Play (with the ante bonus), on Pair Plus and on the
    6 Card Bonus, and 1 if the Play bet was made (else 0)."""
    nets = [0, 0, 0]
    played = 0
    for result in results:
        nets[_ACCUMULATED[result.wager]] += result.net
        played += result.wager is Wager.PLAY
    return nets[0], nets[1], nets[2], played


def _table_rounds(config: ThreeCardPokerConfig, strategy: ThresholdStrategy,
                  rng: RandomSource, rounds: int) -> Iterator[tuple[WagerResult, ...]]:
    """Each round through the real table: a one-seat round driven by a bot."""
    bots = {0: ThreeCardPokerBot(ante=1, pair_plus=1, six_card_bonus=1, strategy=strategy)}
    for _ in range(rounds):
        state = ThreeCardPokerRound(config, {0: _BANKROLL}, rng=rng)
        run_round(state, bots)
        yield state.results(0)


_CHUNK = 50_000
"""Rounds the direct engine shuffles and settles at once."""


def _direct_rounds(config: ThreeCardPokerConfig, strategy: ThresholdStrategy,
                   rng: np.random.Generator, rounds: int,
                   accumulators: tuple[_Accumulator, _Accumulator, _Accumulator],
                   progress: Callable[[int], None] | None, progress_every: int) -> int:
    """Deal and settle ``rounds`` rounds directly into ``accumulators`` (Ante and Play,
    Pair Plus, 6 Card Bonus); returns how many rounds made the Play bet.

    The rounds are those the table deals, in the same order: each round a full shuffle
    of a fresh deck (``rng.permuted`` on a block of decks makes, row after row, the very
    shuffles that ``rng.shuffle`` makes deck after deck, from the same draws), the seat's
    three cards then the dealer's, valued by the same key table. Each distinct outcome is
    settled once by the settlement functions and remembered (an Ante and Play by the two
    hands' keys, Pair Plus by the seat's key, the 6 Card Bonus by its pay class, and the
    pay class of six cards holding no five of a suit by their ranks, which alone decide
    it), so a round costs a few array look-ups instead of a call of each function.
    """
    lookup = np.asarray(tcp_key_lookup(config.rules.a23_lowest), dtype=np.int64)
    keys = np.unique(lookup[lookup >= 0])  # every key, ascending
    index_of = np.searchsorted(keys, lookup)  # a hand's place in ``keys``
    count = len(keys)
    threshold = strategy.threshold_key
    rules = config.rules
    ante_net = np.zeros(count * count, dtype=np.int64)
    ante_played = np.zeros(count * count, dtype=np.int64)
    ante_known = np.zeros(count * count, dtype=bool)
    pair_net = np.array([_nets((settle_pair_plus(1, key, config.pair_plus,
                                                 folded=key < threshold,
                                                 on_fold=rules.pair_plus_on_fold),))[1]
                         for key in keys.tolist()], dtype=np.int64)
    six_net = np.array([_nets((settle_six_card_bonus(1, six, config.six_card_bonus),))[2]
                        for six in SixCardClass], dtype=np.int64)
    class_of_ranks = np.full(13 ** 6, -1, dtype=np.int64)
    places = 13 ** np.arange(6, dtype=np.int64)
    suits = np.arange(4, dtype=np.int64)
    deck = np.arange(52, dtype=np.int64)
    ante_acc, pair_acc, six_acc = accumulators
    step = abs(progress_every)
    played = done = 0
    while done < rounds:
        size = min(_CHUNK, rounds - done)
        if progress is not None:
            size = min(size, step - done % step)
        dealt = rng.permuted(np.tile(deck, (size, 1)), axis=1)[:, :6]
        hands = np.sort(dealt.reshape(size, 2, 3), axis=2)
        places_of = index_of[hands[:, :, 0] * 2704 + hands[:, :, 1] * 52 + hands[:, :, 2]]
        player = places_of[:, 0]
        pair = player * count + places_of[:, 1]
        for both in np.unique(pair[~ante_known[pair]]).tolist():
            player_key, dealer_key = int(keys[both // count]), int(keys[both % count])
            ante, _, _, play = _nets(settle_ante_play(1, player_key >= threshold, player_key,
                                                      dealer_key, config.ante_bonus))
            ante_net[both], ante_played[both], ante_known[both] = ante, play, True
        flush = (dealt[:, :, None] & 3 == suits).sum(axis=1).max(axis=1) >= 5
        ranks = np.sort(dealt >> 2, axis=1) @ places
        unknown = (class_of_ranks[ranks] < 0) & ~flush
        if unknown.any():
            codes, first = np.unique(ranks[unknown], return_index=True)
            rows = np.flatnonzero(unknown)[first]
            for code, row in zip(codes.tolist(), rows.tolist(), strict=True):
                class_of_ranks[code] = six_card_class_of_indices(dealt[row].tolist())
        six = class_of_ranks[ranks]
        six[flush] = [six_card_class_of_indices(row) for row in dealt[flush].tolist()]
        for acc, nets in ((ante_acc, ante_net[pair]), (pair_acc, pair_net[player]),
                          (six_acc, six_net[six])):
            acc.add_many(int(nets.sum()), int((nets * nets).sum()), size)
        played += int(ante_played[pair].sum())
        done += size
        if progress is not None and (done % progress_every == 0 or done == rounds):
            progress(done)
    return played
