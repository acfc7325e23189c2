"""Monte Carlo play of Three Card Poker through the real table code.

By default every simulated round is a :class:`~pokerroom.casino.table.ThreeCardPokerRound`
with one seat, driven by a :class:`~pokerroom.casino.bots.ThreeCardPokerBot` exactly as a
player at the table would be: wagers placed, a full shuffle and deal, play or fold,
showdown and settlement. For long runs the ``direct`` engine deals and settles the same
rounds with the same functions, without the protocol's objects (identical results for a
seed, about five times faster). The bot bets one unit on each wager, so the mean result
per round is the expected value per unit wagered, with a 95 % confidence interval from
the sample variance (normal approximation). The deck is shuffled by NumPy's generator (seeded by
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

from pokerroom.cards import STANDARD_CARDS
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
from pokerroom.hands.six_card import six_card_class_of_indices
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
    settlement functions, without the protocol's actions, events and views, so for a
    given seed both engines give identical results (a test holds them equal).
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise ConfigError(f"a simulation needs at least 2 rounds, got {rounds!r}")
    if engine not in ("table", "direct"):
        raise ConfigError(f"engine must be 'table' or 'direct', got {engine!r}")
    config = config if config is not None else ThreeCardPokerConfig()
    rng = np.random.default_rng(seed)  # a full Fisher-Yates shuffle in C, every round
    play_round = _table_rounds if engine == "table" else _direct_rounds
    ante_play, pair_plus, six_card = _Accumulator(), _Accumulator(), _Accumulator()
    by_wager = {Wager.ANTE: ante_play, Wager.PLAY: ante_play, Wager.ANTE_BONUS: ante_play,
                Wager.PAIR_PLUS: pair_plus, Wager.SIX_CARD_BONUS: six_card}
    played = 0
    for done, results in enumerate(play_round(config, strategy, rng, rounds), start=1):
        nets = {ante_play: 0, pair_plus: 0, six_card: 0}
        for result in results:
            nets[by_wager[result.wager]] += result.net
            played += result.wager is Wager.PLAY
        for acc, net in nets.items():
            acc.add(net)
        if progress is not None and (done % progress_every == 0 or done == rounds):
            progress(done)
    return SimulationResult(rounds, seed, strategy.name,
                            (ante_play.stats("ante_play"), pair_plus.stats("pair_plus"),
                             six_card.stats("six_card_bonus")),
                            played / rounds, engine)


def _table_rounds(config: ThreeCardPokerConfig, strategy: ThresholdStrategy,
                  rng: RandomSource, rounds: int) -> Iterator[tuple[WagerResult, ...]]:
    """Each round through the real table: a one-seat round driven by a bot."""
    bots = {0: ThreeCardPokerBot(ante=1, pair_plus=1, six_card_bonus=1, strategy=strategy)}
    for _ in range(rounds):
        state = ThreeCardPokerRound(config, {0: _BANKROLL}, rng=rng)
        run_round(state, bots)
        yield state.results(0)


def _direct_rounds(config: ThreeCardPokerConfig, strategy: ThresholdStrategy,
                   rng: RandomSource, rounds: int) -> Iterator[tuple[WagerResult, ...]]:
    """Each round dealt and settled directly: the table's deal order (the seat's three
    cards, then the dealer's) and its settlement functions."""
    keys = tcp_key_lookup(config.rules.a23_lowest)
    threshold = strategy.threshold_key
    rules = config.rules
    for _ in range(rounds):
        order = list(STANDARD_CARDS)
        rng.shuffle(order)
        a, b, c = sorted(order[:3])
        player_key = keys[a * 2704 + b * 52 + c]
        a, b, c = sorted(order[3:6])
        dealer_key = keys[a * 2704 + b * 52 + c]
        plays = player_key >= threshold
        six = six_card_class_of_indices([int(x) for x in order[:6]])
        yield (*settle_ante_play(1, plays, player_key, dealer_key, config.ante_bonus),
               settle_pair_plus(1, player_key, config.pair_plus, folded=not plays,
                                on_fold=rules.pair_plus_on_fold),
               settle_six_card_bonus(1, six, config.six_card_bonus))
