"""Herbie against the field: each starting hand against Herbie and N-1 other players.

The field is N-1 players who play the Herbie bot's rule
(:func:`~pokerroom.bots.home_games.herbie_should_stay` to stay in and
:func:`~pokerroom.bots.home_games.herbie_discards` to draw); the hand analysed always
stays and draws its best draw alone against Herbie (:mod:`pokerroom.analysis.home.herbie`).
Herbie is dealt three cards and never draws (``herbie-3.3``). The hand *takes the pot*
when it beats Herbie and every other player who stayed, or ties Herbie alone on top
under the ``player-wins`` rule (``herbie-4.4``); a tie with another player on top that
Herbie does not beat goes to a play-off (``herbie-4.3``), counted apart.

It is a Monte Carlo estimate over the card types of :mod:`pokerroom.analysis.home.herbie`,
cut into chunks of at most :data:`CHUNK_TRIALS` deals. Each chunk draws from its own
seed (the run's seed, the class and the chunk's number), so a result depends only on
the seed and the number of trials, never on how many workers run the chunks or in
which order. If the stock runs out during the draw (all but impossible with the bot's
rule), replacements come from the hands of players who are out, a stand-in for
shuffling the discards (``supp-herbie-deck-out``).

>>> result = field_chances(players=5, trials=200, seed=1, classes=[(10, 10, 10)])
>>> row = result.rows[0]
>>> row.label, row.trials, 0.8 < row.takes_pot <= 1
('A A A', 200, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache
from math import sqrt

import numpy as np
import numpy.typing as npt

from pokerroom.analysis.executors import InlineExecutor, run_chunks
from pokerroom.analysis.home.herbie import (
    FULL_COUNTS,
    TYPE_SYMBOLS,
    HerbieClass,
    herbie_classes,
    multiset_keys,
    type_of,
)
from pokerroom.bots.home_games import herbie_discards, herbie_should_stay
from pokerroom.errors import ConfigError
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.homegames.options import LoneTie

__all__ = ["CHUNK_TRIALS", "FieldChances", "FieldRow", "field_chances"]

Ints = npt.NDArray[np.int64]
CHUNK_TRIALS = 1000
_N_TYPES = len(FULL_COUNTS)
_WEIGHTS = np.array([4 ** t for t in range(_N_TYPES)], dtype=np.int64)
_NEVER = 10_000
"""Sort priority of cards that can never be drawn (Herbie's and live hands)."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    types: tuple[int, int, int]
    keep_mask: tuple[bool, bool, bool]
    players: int
    trials: int
    seed: int
    index: int
    unpaired: HerbieUnpaired
    lone_tie: LoneTie
    odd_card: HerbieOddCard = HerbieOddCard.IGNORED


@lru_cache(maxsize=16)
def _bot_tables(players: int, unpaired: HerbieUnpaired,
                odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> tuple[Ints, Ints]:
    """For every class (in the order of :func:`multiset_keys`): does the bot stay, and
    which of its sorted cards does it keep (a 3-bit mask)."""
    codes, _ = multiset_keys(unpaired, odd_card)
    stay = np.zeros(len(codes), dtype=np.int64)
    keep = np.zeros((len(codes), 3), dtype=np.int64)
    by_code = {int(sum(4 ** t for t in k.types)): k for k in herbie_classes(unpaired)}
    for i, code in enumerate(codes):
        k = by_code[int(code)]
        hand = sorted(k.representative(), key=type_of)
        stay[i] = herbie_should_stay(hand, players=players, unpaired=unpaired,
                                     odd_card=odd_card)
        thrown = herbie_discards(hand, unpaired)
        keep[i] = [c not in thrown for c in hand]
    return stay, keep


def _keep_mask(k: HerbieClass) -> tuple[bool, bool, bool]:
    """The class's best draw as a mask over its sorted types."""
    wanted = [TYPE_SYMBOLS.index(s) for s in k.best.keep]
    mask = []
    for t in k.types:
        mask.append(t in wanted)
        if t in wanted:
            wanted.remove(t)
    return mask[0], mask[1], mask[2]


def _final(hands: Ints, keep: Ints, source: Ints, start: Ints) -> tuple[Ints, Ints]:
    """Final hands (types) after keeping ``keep`` of ``hands`` and drawing the rest
    from ``source`` at ``start``; also the number drawn per row."""
    thrown = 1 - keep
    before = np.cumsum(thrown, axis=1) - thrown
    pos = np.minimum(start[:, None] + before, source.shape[1] - 1)
    drawn = np.take_along_axis(source, pos, axis=1)
    return np.where(keep == 1, hands, drawn), thrown.sum(axis=1)


def _run_chunk(chunk: _Chunk) -> Ints:
    """Counts of one chunk: wins, tie-with-Herbie wins, play-offs, standoffs, losses,
    the others who stayed, and deals where the stock ran short."""
    codes, keys = multiset_keys(chunk.unpaired, chunk.odd_card)
    stay_of, keep_of = _bot_tables(chunk.players, chunk.unpaired, chunk.odd_card)
    counts = np.array(FULL_COUNTS, dtype=np.int64)
    for t in chunk.types:
        counts[t] -= 1
    deck = np.repeat(np.arange(_N_TYPES, dtype=np.int64), counts)
    rng = np.random.default_rng(np.random.SeedSequence(
        chunk.seed, spawn_key=(int(sum(4 ** t for t in chunk.types)), chunk.index)))
    t, others = chunk.trials, chunk.players - 1
    cards = rng.permuted(np.tile(deck, (t, 1)), axis=1)
    herbie = cards[:, :3]
    hands = cards[:, 3:3 + 3 * others].reshape(t, others, 3)
    hands.sort(axis=2)
    classes = np.searchsorted(codes, (_WEIGHTS[hands]).sum(axis=2))
    stays = stay_of[classes]
    priority = np.tile(np.arange(cards.shape[1], dtype=np.int64), (t, 1))
    priority[:, :3] = _NEVER
    dealt = priority[:, 3:3 + 3 * others].reshape(t, others, 3)
    dealt += np.where(stays[:, :, None] == 1, _NEVER, 100)
    priority[:, 3:3 + 3 * others] = dealt.reshape(t, 3 * others)
    order = np.argsort(priority, axis=1, kind="stable")
    source = np.take_along_axis(cards, order, axis=1)
    usable = cards.shape[1] - 3 - 3 * stays.sum(axis=1)
    mine_hand = np.tile(np.array(chunk.types, dtype=np.int64), (t, 1))
    mine_keep = np.tile(np.array(chunk.keep_mask, dtype=np.int64), (t, 1))
    mine, used = _final(mine_hand, mine_keep, source, np.zeros(t, dtype=np.int64))
    best_other = np.full(t, -1, dtype=np.int64)
    for j in range(others):
        keep = np.where(stays[:, j, None] == 1, keep_of[classes[:, j]], 1)
        final, drawn = _final(hands[:, j], keep, source, used)
        used = used + drawn
        key = keys[np.searchsorted(codes, _WEIGHTS[final].sum(axis=1))]
        best_other = np.maximum(best_other, np.where(stays[:, j] == 1, key, -1))
    mine_key = keys[np.searchsorted(codes, _WEIGHTS[mine].sum(axis=1))]
    herbie_key = keys[np.searchsorted(codes, _WEIGHTS[herbie].sum(axis=1))]
    lost = (herbie_key > mine_key) | (best_other > mine_key)
    playoff = ~lost & (best_other == mine_key)
    herbie_tie = ~lost & ~playoff & (herbie_key == mine_key)
    won = ~lost & ~playoff & ~herbie_tie
    rule = chunk.lone_tie
    tie_wins = int(herbie_tie.sum()) if rule is LoneTie.PLAYER_WINS else 0
    standoffs = int(herbie_tie.sum()) if rule is LoneTie.STANDOFF else 0
    tie_losses = int(herbie_tie.sum()) if rule is LoneTie.HERBIE_WINS else 0
    return np.array([int(won.sum()), tie_wins, int(playoff.sum()), standoffs,
                     int(lost.sum()) + tie_losses, int(stays.sum()),
                     int((used > usable).sum())], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class FieldRow:
    """One class against the field: chances with their standard errors."""

    label: str
    group: str
    deals: int
    draw: str
    trials: int
    takes_pot: float
    takes_pot_se: float
    playoff: float
    lose: float
    others_in: float
    stock_short: int


@dataclass(frozen=True, slots=True)
class FieldChances:
    """Every class analysed against Herbie and N-1 players who follow the bot's rule."""

    players: int
    trials: int
    seed: int
    rows: tuple[FieldRow, ...]

    def by_label(self) -> dict[str, FieldRow]:
        return {r.label: r for r in self.rows}


def field_chances(*, players: int, trials: int, seed: int,
                  unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                  lone_tie: LoneTie = LoneTie.HERBIE_WINS,
                  odd_card: HerbieOddCard = HerbieOddCard.IGNORED,
                  classes: Sequence[tuple[int, int, int]] | None = None,
                  executor: Executor | None = None,
                  progress: Callable[[int, int], None] | None = None) -> FieldChances:
    """Estimate every class's (or the given classes') chance of taking the pot from
    Herbie and a field of ``players - 1`` bots, ``trials`` deals per class."""
    if not 4 <= players <= 10:
        raise ConfigError(f"Herbie is for 4 to 10 players, got {players}")
    if trials < 1:
        raise ConfigError(f"the number of trials must be at least 1, got {trials}")
    chosen = [k for k in herbie_classes(unpaired, lone_tie, odd_card)
              if classes is None or k.types in set(classes)]
    if classes is not None and len(chosen) != len(set(classes)):
        raise ConfigError("unknown Herbie class: give sorted type triples")
    chunks: list[_Chunk] = []
    for k in chosen:
        mask = _keep_mask(k)
        for index, start in enumerate(range(0, trials, CHUNK_TRIALS)):
            chunks.append(_Chunk(k.types, mask, players, min(CHUNK_TRIALS, trials - start),
                                 seed, index, unpaired, lone_tie, odd_card))
    results = run_chunks(executor or InlineExecutor(), _run_chunk, chunks, progress)
    totals: dict[tuple[int, int, int], Ints] = {}
    for chunk, counts in zip(chunks, results, strict=True):
        totals[chunk.types] = totals.get(chunk.types, np.zeros(7, dtype=np.int64)) + counts
    rows = []
    for k in chosen:
        won, tie_won, playoff, _standoff, lost, others_in, short = (
            int(x) for x in totals[k.types])
        p = (won + tie_won) / trials
        rows.append(FieldRow(k.label, k.group, k.deals, k.best.describe(), trials, p,
                             sqrt(p * (1 - p) / trials), playoff / trials, lost / trials,
                             others_in / trials, short))
    return FieldChances(players, trials, seed, tuple(rows))
