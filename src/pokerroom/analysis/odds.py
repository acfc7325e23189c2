"""All-in equity: how often each hand wins, ties or scoops, exactly or by simulation.

:func:`compute_odds` takes a game, the known cards of each hand (or, in hold'em, a
range such as ``QQ+``), the board and dead cards, and completes every hand and the
board from the cards left, as the game deals them: the board to five cards in hold'em
and Omaha, each stud hand to seven cards, each draw hand to five (draw games as "what
the draw may bring": known cards kept, the rest drawn). Exact enumeration visits every
deal; Monte Carlo draws ``trials`` deals and reports the standard error of each equity.
Asked for neither, it enumerates when that visits at most :data:`AUTO_EXACT_LIMIT` deals
and otherwise simulates :data:`AUTO_TRIALS` deals (``OddsResult.auto`` says it chose).

Pots are settled as the rules say: ties share; in the high-low games (``omaha8-2``,
``stud8-2``) half goes to the best high and half to the best 8-or-better low (or the
posted qualifier, house rule ``low_qualifier=N``), and the high hand scoops when no low
qualifies. Ace-to-five lowball and draw high deal from 53 cards, the joker included,
unless the house rule ``joker=off`` is given (``a5-1``, ``joker-1``).

Where the work runs never changes a result: an enumeration is the fixed sequence of its
deals and a simulation the fixed sequence of its seed blocks (each with its own seed
derived from the seed given); tasks are even runs of that sequence, as many as the job's
size and the executor's workers call for (:mod:`pokerroom.analysis.odds_tasks`). A small
hold'em enumeration in a process that has not loaded the compiled kernels runs on NumPy
(:mod:`pokerroom.analysis.board_numpy`), with the same counts.

>>> from pokerroom.analysis.odds_game import HOLDEM
>>> from pokerroom.cards import parse_cards
>>> r = compute_odds(HOLDEM, [parse_cards("As Ad"), parse_cards("Ks Kd")],
...                  board=parse_cards("2c 7h 9d Qs"), exact=True)
>>> r.deals, r.wins, r.ties
(44, (42, 2), (0, 0))
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from math import comb, prod, sqrt
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from pokerroom.analysis import odds_game, odds_tasks
from pokerroom.analysis.executors import (
    InlineExecutor,
    check_cluster,
    open_executor,
    run_chunks,
    task_overhead,
    worker_count,
)
from pokerroom.analysis.odds_game import OddsGame
from pokerroom.analysis.ranges import Combo
from pokerroom.cards import Card, parse_cards
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.fast.jit import compiled
from pokerroom.hands.games import RankingRules

__all__ = ["OddsGame", "OddsResult", "compute_odds", "result_from_tally", "warm_kernels"]

# the kernels' tables, under the names the kernel tests use
_BINOM = odds_tasks.BINOM
_tables = odds_tasks.tables
_order_tables = odds_tasks.order_tables

EXACT_LIMIT = 400_000_000
"""Most deals (times hand assignments of ranges) an exact enumeration will visit."""
AUTO_EXACT_LIMIT = 2_000_000
"""Asked for neither method: enumerate up to this many deals (times hand assignments),
a few seconds' work (hold'em all-in before the flop: 1,712,304 deals)."""
AUTO_TRIALS = 200_000
"""Asked for neither method, with more deals than :data:`AUTO_EXACT_LIMIT`: this many
Monte Carlo deals (a standard error of at most 0.12 points of equity)."""
INLINE_SECONDS = 2.0
"""Jobs estimated to take up to this long on one core run in the calling process by
default (a process pool starts in about a second)."""


Hand = Sequence[Card] | Sequence[Combo]


@dataclass(frozen=True)
class OddsResult:
    """Equity of each hand. ``wins``: deals where the hand took the whole pot; ``ties``:
    deals where it took part of it; ``equities``: its average share of the pot. For
    Monte Carlo, ``stderr`` is the standard error of each equity; for high-low games,
    ``scoop``/``half``/``quarter`` are the fractions of deals where the hand took the
    whole pot, exactly half, exactly a quarter."""

    game: str
    exact: bool
    deals: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    equities: tuple[float, ...]
    stderr: tuple[float, ...] | None
    scoop: tuple[float, ...] | None
    half: tuple[float, ...] | None
    quarter: tuple[float, ...] | None
    seed: int | None
    auto: bool = False
    """True when the method was chosen for the caller (neither asked for)."""
    exact_deals: int | None = None
    """With ``auto``: how many deals an exact enumeration would have visited."""

    def describe(self) -> str:
        """The method in words, and why when it was chosen for the caller.

        >>> from pokerroom.analysis.odds_game import HOLDEM
        >>> from pokerroom.cards import parse_cards
        >>> r = compute_odds(HOLDEM, [parse_cards("As Ad"), parse_cards("Ks Kd")],
        ...                  board=parse_cards("2c 7h 9d"))
        >>> print(r.describe())
        exact: every one of the 990 deals (no --exact or --trials given; enumeration is cheap here)
        """
        if self.exact:
            why = (" (no --exact or --trials given; enumeration is cheap here)"
                   if self.auto else "")
            return f"exact: every one of the {self.deals:,} deals{why}"
        why = ""
        if self.auto and self.exact_deals is not None:
            why = (f" (no --exact or --trials given; an exact enumeration would visit "
                   f"{self.exact_deals:,} deals)")
        return f"Monte Carlo: {self.deals:,} random deals, seed {self.seed}{why}"

    def to_json(self) -> dict[str, Any]:
        """The result as plain JSON data."""
        data: dict[str, Any] = {
            "game": self.game,
            "method": "exact" if self.exact else "monte-carlo",
            "auto": self.auto,
            "deals": self.deals,
            "equities": list(self.equities),
            "wins": list(self.wins),
            "ties": list(self.ties),
        }
        if self.stderr is not None:
            data["stderr"] = list(self.stderr)
            data["seed"] = self.seed
        if self.scoop is not None:
            data["scoop"] = list(self.scoop)
            data["half"] = list(self.half or ())
            data["quarter"] = list(self.quarter or ())
        return data


def _game(game: OddsGame, house_rules: Sequence[str]) -> OddsGame:
    """``game`` under its ranking house rules: the joker (on by default in ace-to-five
    lowball and draw high, ``a5-1``, ``joker-1``) adds a 53rd card; a posted low
    qualifier replaces 8-or-better (``omaha8-2-posted``, ``stud8-2-posted``)."""
    if not isinstance(game, OddsGame):
        raise ConfigError(f"odds are computed for a game's odds (Game.odds), not "
                          f"{game!r:.40}")
    if game.ranked is not None:
        raise ConfigError(f"{game.name} is dealt by pokerroom.analysis.ranked.ranked_odds "
                          "(its own deck or rankings), not by the compiled kernels")
    rules = RankingRules.from_words(house_rules, allowed=game.rule_names)
    game = replace(game, qualifier=rules.qualifier)
    if game.joker_mode is not None and rules.joker:
        return replace(game, mode=game.joker_mode, deck_cards=53)
    return game


def _is_range(hand: Hand) -> bool:
    return bool(hand) and isinstance(hand[0], tuple)


def _cards(what: str, cards: Sequence[Card], deck_cards: int) -> list[int]:
    for c in cards:
        if not c.is_known or (c.is_joker and deck_cards < 53):
            raise InvalidHandError(f"{what}: only cards of the deck in play (52 cards, 53 "
                                   "with the joker) can be dealt here")
    return [int(c) for c in cards]


@dataclass(frozen=True)
class _Setup:
    game: OddsGame
    candidates: list[list[tuple[int, ...]]]  # per player: the possible known cards
    nknown: list[int]
    need: list[int]
    board: list[int]
    bneed: int
    dead: list[int]


def _setup(game: OddsGame, hands: Sequence[Hand], board: Sequence[Card],
           dead: Sequence[Card]) -> _Setup:
    if len(hands) < 2:
        raise InvalidHandError("odds need at least two hands")
    if len(hands) > 22:
        raise InvalidHandError("too many hands for one deck")
    board_ints = _cards("board", board, game.deck_cards)
    dead_ints = _cards("dead cards", dead, game.deck_cards)
    if game.board_cards == 0 and board_ints:
        raise InvalidHandError(f"{game.name} has no board cards")
    if len(board_ints) > game.board_cards:
        raise InvalidHandError(f"{game.name} has at most {game.board_cards} board cards")
    fixed = [*board_ints, *dead_ints]
    candidates: list[list[tuple[int, ...]]] = []
    nknown: list[int] = []
    for i, hand in enumerate(hands):
        if _is_range(hand):
            if not game.ranges:
                raise InvalidHandError("ranges are for hold'em hands only")
            combos = [tuple(sorted(int(c) for c in combo))
                      for combo in cast("Sequence[Combo]", hand)]
            candidates.append(combos)
            nknown.append(2)
            continue
        known = _cards(f"hand {i + 1}", cast("Sequence[Card]", hand), game.deck_cards)
        if len(known) > game.hand_cards:
            raise InvalidHandError(f"hand {i + 1}: {game.name} hands hold at most "
                                   f"{game.hand_cards} cards, got {len(known)}")
        candidates.append([tuple(known)])
        nknown.append(len(known))
        fixed.extend(known)
    if len(set(fixed)) != len(fixed):
        raise InvalidHandError("a card appears twice among the hands, board and dead cards")
    taken = set(fixed)
    for i, combos in enumerate(candidates):
        if len(combos) > 1 or _is_range(hands[i]):
            kept = [c for c in combos if not taken.intersection(c)]
            if not kept:
                raise InvalidHandError(f"hand {i + 1}: every combination in the range "
                                       "clashes with known cards")
            candidates[i] = kept
    need = [game.hand_cards - k for k in nknown]
    bneed = game.board_cards - len(board_ints)
    left = game.deck_cards - len(fixed) - sum(2 for i, h in enumerate(hands) if _is_range(h))
    if bneed + sum(need) > left:
        raise InvalidHandError(f"not enough cards: {bneed + sum(need)} to deal, {left} left")
    return _Setup(game, candidates, nknown, need, board_ints, bneed, dead_ints)


def _board_array(setup: _Setup) -> npt.NDArray[np.int64]:
    board = np.zeros(5, dtype=np.int64)
    board[:len(setup.board)] = setup.board
    return board


@dataclass(frozen=True)
class _Assignments:
    """Every valid way to give each range one of its combinations, in a fixed order:
    their hands, ``(assignments, players, 8)``, and the deck each leaves,
    ``(assignments, cards left)`` (every assignment takes as many cards). Stacked, a
    task's share of them is two array slices, cheap to ship."""

    hands: npt.NDArray[np.int64]
    decks: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.hands)


def _exact_size(setup: _Setup) -> tuple[int, int]:
    """The deals an enumeration visits per hand assignment, and the assignments (of
    ranges to combinations; 1 for known hands)."""
    deck_size = (setup.game.deck_cards - len({*setup.board, *setup.dead})
                 - sum(setup.nknown))
    radix = [comb(deck_size, setup.bneed)] if setup.bneed else []
    left = deck_size - setup.bneed
    for n in setup.need:
        if n:
            radix.append(comb(left, n))
            left -= n
    return prod(radix), prod(len(c) for c in setup.candidates)


def _exact_plan(setup: _Setup) -> tuple[_Assignments, int]:
    """Every valid hand assignment and the number of deals of each."""
    deals, assignments = _exact_size(setup)
    if deals * assignments > EXACT_LIMIT:
        raise ConfigError(f"exact enumeration would visit {deals * assignments:,} deals "
                          f"(limit {EXACT_LIMIT:,}); use --trials for a simulation")
    known = sum(setup.nknown)
    dealt = [cards for choice in product(*setup.candidates)
             if len(set(cards := [c for hand in choice for c in hand])) == known]
    if not dealt:
        raise InvalidHandError("the ranges cannot be dealt without sharing a card")
    count = len(dealt)
    taken = np.array(dealt, dtype=np.int64).reshape(count, known)
    hands = np.zeros((count, len(setup.nknown), 8), dtype=np.int64)
    hands.reshape(count, -1)[:, [p * 8 + i for p, size in enumerate(setup.nknown)
                                 for i in range(size)]] = taken
    left = np.ones((count, setup.game.deck_cards), dtype=bool)
    if setup.board or setup.dead:
        left[:, [*setup.board, *setup.dead]] = False
    left[np.arange(count)[:, None], taken] = False
    # contiguous rows: the kernels are compiled for contiguous decks (the columns
    # nonzero gives are strided), the layout every other caller passes too
    decks = np.ascontiguousarray(left.nonzero()[1], dtype=np.int64).reshape(count, -1)
    return _Assignments(hands, decks), deals


def _exact_tasks(setup: _Setup, valid: _Assignments, deals: int,
                 count: int) -> list[tuple[Any, ...]]:
    """The job's deals (assignment after assignment) cut into ``count`` even tasks."""
    nknown = np.array(setup.nknown, dtype=np.int64)
    need = np.array(setup.need, dtype=np.int64)
    board = _board_array(setup)
    kernel = odds_tasks.kernel_for(setup.game.mode, setup.need, setup.nknown, len(setup.board),
                             setup.bneed)
    head = (setup.game.mode, nknown, need, board, len(setup.board), setup.bneed,
            setup.game.low_limit)
    if odds_tasks.whole_assignments(kernel):
        cuts = [(first, last, 0, deals) for first, last in odds_tasks.split(len(valid), count)]
    else:
        cuts = [(first // deals, (last - 1) // deals + 1, first % deals,
                 last - (last - 1) // deals * deals)
                for first, last in odds_tasks.split(deals * len(valid), count)]
    tasks: list[tuple[Any, ...]] = []
    for first, last, start, stop in cuts:
        starts = np.zeros(last - first, dtype=np.int64)
        stops = np.full(last - first, deals, dtype=np.int64)
        starts[0], stops[-1] = start, stop
        tasks.append((*head, (valid.hands[first:last], valid.decks[first:last], starts,
                              stops)))
    return tasks


def _monte_carlo_tasks(setup: _Setup, trials: int, seed: int,
                       count: int) -> list[tuple[Any, ...]]:
    """The job's seed blocks cut into ``count`` even tasks."""
    rows = [row for combos in setup.candidates for row in combos]
    cands = np.zeros((len(rows), 8), dtype=np.int64)
    for i, row in enumerate(rows):
        cands[i, :len(row)] = row
    starts = np.cumsum([0, *(len(c) for c in setup.candidates)]).astype(np.int64)
    dead = 0
    for c in (*setup.board, *setup.dead):
        dead |= 1 << c
    nknown = np.array(setup.nknown, dtype=np.int64)
    need = np.array(setup.need, dtype=np.int64)
    board = _board_array(setup)
    return [(setup.game.mode, cands, starts, nknown, need, board, len(setup.board),
             setup.bneed, dead, setup.game.deck_cards, setup.game.low_limit,
             (seed, trials, first, last))
            for first, last in odds_tasks.split(odds_tasks.blocks(trials), count)]


_NUMPY_WORK = 12_000_000
"""A fresh process enumerates lean jobs up to this many board-hand scores with NumPy."""
_numpy_used = False


def _numpy_first(setup: _Setup, valid: _Assignments, deals: int) -> bool:
    """True for the first small lean enumeration of a process that has not loaded the
    compiled kernels: NumPy finishes it before numba would have loaded (about half a
    second). Later jobs load the kernels, so a long-lived process pays that once."""
    global _numpy_used
    if not compiled():      # without numba NumPy takes every lean enumeration
        return odds_tasks.lean(setup.game.mode, setup.need, setup.nknown, setup.bneed)
    if _numpy_used or "pokerroom.analysis.board_kernels" in sys.modules:
        return False
    if not odds_tasks.lean(setup.game.mode, setup.need, setup.nknown, setup.bneed):
        return False
    if deals * len(valid) * len(setup.nknown) > _NUMPY_WORK:
        return False
    _numpy_used = True
    return True


def _numpy_tally(setup: _Setup, valid: _Assignments) -> npt.NDArray[np.int64]:
    from pokerroom.analysis.board_numpy import board_high_tally

    size = setup.nknown[0]
    tally: npt.NDArray[np.int64] = np.sum(
        [board_high_tally(hands[:, :size], setup.board, deck)
         for hands, deck in zip(valid.hands, valid.decks, strict=True)], axis=0)
    return tally


def compute_odds(game: OddsGame, hands: Sequence[Hand], *, board: Sequence[Card] = (),
                 dead: Sequence[Card] = (), house_rules: Sequence[str] = (),
                 exact: bool = False, trials: int | None = None,
                 seed: int | None = None, cluster: str | None = None,
                 workers: int | None = None, executor: Executor | None = None,
                 progress: Callable[[int, int], None] | None = None) -> OddsResult:
    """Equity of each hand of ``game``, a game's :attr:`~pokerroom.game.Game.odds` (see
    the module docstring).

    ``house_rules`` are the game's ranking rules as ``NAME=VALUE`` words (``joker=off``).
    At most one of ``exact=True`` and ``trials`` is given; with neither, the enumeration
    runs when it visits at most :data:`AUTO_EXACT_LIMIT` deals, else :data:`AUTO_TRIALS`
    Monte Carlo deals (the result's ``auto`` is set). ``cluster`` picks where the
    chunks run (``None``: in this process for jobs of a second or two, else a process
    pool; ``"processes"``, ``"inline"``, ``"local"``, ``"tcp://host:port"``, see
    :mod:`pokerroom.analysis.executors`); an open ``executor`` is used as it is instead.
    The job is cut into tasks from its size and the executor's workers
    (:mod:`pokerroom.analysis.odds_tasks`); a job too small to split (one task) runs in this
    process, whatever the executor, once its kernel has run here (loaded), since shipping
    it would only add the round trip. ``progress(done, total)`` is called as tasks
    finish. Results never depend on where or in how many tasks the work runs.
    """
    spec = _game(game, house_rules)
    if exact and trials is not None:
        raise ConfigError("ask for an exact enumeration or a number of trials, not both")
    if trials is not None and trials < 1:
        raise ConfigError("trials must be at least 1")
    setup = _setup(spec, hands, board, dead)
    players = len(setup.nknown)
    auto = not exact and trials is None
    size = None
    if auto:
        per, assignments = _exact_size(setup)
        size = per * assignments
        exact = size <= AUTO_EXACT_LIMIT
        if not exact:
            trials = AUTO_TRIALS
    kernel = odds_tasks.kernel_for(spec.mode, setup.need, setup.nknown, len(setup.board),
                             setup.bneed)
    if exact:
        valid, per_assignment = _exact_plan(setup)
        deals = per_assignment * len(valid)
        if executor is None and cluster in (None, "inline") and _numpy_first(
                setup, valid, per_assignment):
            tally = _numpy_tally(setup, valid)
            if progress is not None:
                progress(1, 1)
            return replace(_result(spec, True, deals, tally, None), auto=auto,
                           exact_deals=size if auto else None)
    else:
        assert trials is not None
        if seed is None:
            seed = secrets.randbits(63)
        deals = trials
    if not compiled():
        raise ConfigError(f"{spec.name}: this job runs on the compiled loops of "
                          "pokerroom's fast extra: pip install 'pokerroom[fast]' (numba); "
                          "without it the odds enumerate hold'em hands all known, the "
                          "board to come")
    seconds = odds_tasks.estimate_seconds(kernel, spec.mode, exact, deals, players)

    # a job that stays one task runs here when its kernel is loaded here: shipping it
    # would only add the round trip
    every_known = all(len(c) == 1 for c in setup.candidates)
    here = odds_tasks.ran_here(odds_tasks.task_kernel(kernel, exact, every_known), exact)

    def run(opened: Executor) -> list[Any]:
        count = odds_tasks.task_count(seconds, worker_count(opened), task_overhead(opened))
        if count == 1 and here:
            opened = InlineExecutor()
        if exact:
            tasks = _exact_tasks(setup, valid, per_assignment, count)
            return run_chunks(opened, odds_tasks.exact_task, tasks, progress)
        assert trials is not None and seed is not None
        tasks = _monte_carlo_tasks(setup, trials, seed, count)
        return run_chunks(opened, odds_tasks.monte_carlo_task, tasks, progress)

    if executor is not None:
        parts = run(executor)
    else:
        where = cluster
        if where is None:
            where = "inline" if seconds <= INLINE_SECONDS else "processes"
        if here and odds_tasks.task_count(seconds, 2) == 1:  # one task anywhere: no executor
            check_cluster(where)
            where = "inline"
        with open_executor(where, workers=workers) as opened:
            parts = run(opened)
    tally = np.sum(parts, axis=0)
    result = _result(spec, exact, deals, tally, seed if not exact else None)
    return replace(result, auto=auto, exact_deals=size if auto else None)


def _share(a: int, b: int, players: int) -> Fraction:
    """Pot share of a player who won the high ranking ``a`` ways (0: not at all) and
    the low half ``b`` ways (``players + 1``: no low half this deal)."""
    high = Fraction(1, a) if a else Fraction(0)
    if b == players + 1:
        return high
    return high / 2 + (Fraction(1, 2 * b) if b else Fraction(0))


def _result(game: OddsGame, exact: bool, deals: int, tally: npt.NDArray[np.int64],
            seed: int | None) -> OddsResult:
    return result_from_tally(game.name, game.hilo, exact, deals, tally, seed)


def result_from_tally(name: str, hilo: bool, exact: bool, deals: int,
                      tally: npt.NDArray[np.int64], seed: int | None) -> OddsResult:
    """The result of a job from its tally (:func:`pokerroom.analysis.modes.tally_shape`):
    each hand's wins, ties and equity, with the high-low splits where ``hilo``."""
    players = tally.shape[0]
    wins, ties, equities, errors = [], [], [], []
    scoop, half, quarter = [], [], []
    for p in range(players):
        won = tied = halves = quarters = 0
        total = Fraction(0)
        squares = Fraction(0)
        for a, b in zip(*np.nonzero(tally[p]), strict=True):
            count = int(tally[p, a, b])
            share = _share(int(a), int(b), players)
            total += count * share
            squares += count * share * share
            if share == 1:
                won += count
            elif share > 0:
                tied += count
            halves += count if share == Fraction(1, 2) else 0
            quarters += count if share == Fraction(1, 4) else 0
        mean = total / deals
        wins.append(won)
        ties.append(tied)
        equities.append(float(mean))
        errors.append(sqrt(max(float(squares / deals - mean * mean), 0.0) / deals))
        scoop.append(won / deals)
        half.append(halves / deals)
        quarter.append(quarters / deals)
    return OddsResult(
        game=name,
        exact=exact,
        deals=deals,
        wins=tuple(wins),
        ties=tuple(ties),
        equities=tuple(equities),
        stderr=None if exact else tuple(errors),
        scoop=tuple(scoop) if hilo else None,
        half=tuple(half) if hilo else None,
        quarter=tuple(quarter) if hilo else None,
        seed=seed,
    )


def warm_kernels() -> None:
    """Load the compiled kernels (and their tables) the odds jobs use, by running tiny
    jobs: for a worker process to pay that once, before timed work arrives."""
    for game, hands in ((odds_game.HOLDEM, ("Ad Ac", "Kh Ks")),
                        (odds_game.OMAHA, ("As Ah Ks Kh", "Jc Tc 9d 8d"))):
        known = [parse_cards(h) for h in hands]
        compute_odds(game, known, trials=1000, seed=0, cluster="inline")
        compute_odds(game, known, board=parse_cards("2c 7d 9h 4s"), exact=True,
                     cluster="inline")
    compute_odds(odds_game.STUD,
                 [parse_cards("As Ad Kc Kd 9h 2c"), parse_cards("Qh Qs Jd Jc Th 3c")],
                 exact=True, cluster="inline")
