"""Compiling every numba kernel ahead of use, so no command waits on the compiler.

The odds engine, the bots' equity estimates and the fast evaluators are numba kernels
kept in numba's on-disk cache (``__pycache__`` beside the sources, or
``$NUMBA_CACHE_DIR``). A kernel is compiled the first time it is called with a new kind
of argument (a tuple of five cards and one of seven are two compilations), which costs
about a second a kernel: on a fresh install the first odds of each game waited tens of
seconds in all. :func:`compile_kernels` calls each kernel with every kind of argument
the program gives it, through the public entry points (tiny jobs of every game with
odds, the batch and one-hand evaluators at every hand size, the census), so that all of
it is compiled once, at install time (``make install`` runs ``python -m
pokerroom.analysis.compile_kernels`` beside the terminal's warm-up), and every later
process loads it from the cache.

>>> from pokerroom.analysis.odds_game import HOLDEM
>>> compile_kernels([HOLDEM])
{'holdem': 9}
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterable
from concurrent.futures import Executor, ThreadPoolExecutor

import numpy as np

from pokerroom.analysis import odds_game, odds_tasks
from pokerroom.analysis.modes import HIGH
from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.odds_game import OddsGame
from pokerroom.cards import Card, parse_cards
from pokerroom.errors import InvalidHandError, PokerroomError
from pokerroom.fast import batch, census, single

__all__ = ["compile_cut_lean_task", "compile_evaluators", "compile_kernels"]

# Known cards of three seats, dealt from these in order (no card twice): enough for any
# hand the games deal, and a board or dead cards after them.
_CARDS = parse_cards("As Kd Qh Jc 9s 8d 7h 2c Ah Kc Qs Jd 9h 8c 7s 3d "
                     "Ad Kh Qc Js 9d 8h 7c 4s Ac Ks Qd Jh 9c 8s")
_BOARD = parse_cards("2d 3h 4c")
_MORE_BOARD = parse_cards("5d")
_DEAD = parse_cards("6c")


def _seats(players: int, known: int) -> list[list[Card]]:
    """``players`` hands of ``known`` cards each, no card twice."""
    return [list(_CARDS[seat * 10: seat * 10 + known]) for seat in range(players)]


def _odds_jobs(game: OddsGame, split: Executor) -> int:
    """Tiny jobs of ``game`` of every shape its kernels are met with: heads-up and three
    hands, exact and by simulation, part of the board out and dead cards, each whole and
    cut into tasks as a pool runs them (``split``); the jobs run."""
    jobs = 0
    hand = game.hand_cards
    shapes: list[tuple[int, int, tuple[Card, ...], tuple[Card, ...]]] = []
    if game.board_cards:
        shapes += [(2, hand, (), ()), (3, hand, tuple(_BOARD), ()),
                   (2, hand, (*_BOARD, *_MORE_BOARD), tuple(_DEAD))]
    else:
        # draw and stud hands with some cards to come (stud: three of seven known)
        known = hand - 1 if hand <= 5 else 3
        shapes += [(2, known, (), ()), (3, known, (), tuple(_DEAD)), (2, hand - 2, (), ())]
    for players, known, board, dead in shapes:
        hands = _seats(players, known)
        for exact, where in ((True, None), (False, None), (True, split)):
            try:
                compute_odds(game, hands, board=board, dead=dead, exact=exact,
                             trials=None if exact else 2000, seed=0,
                             cluster="inline" if where is None else None, executor=where)
            except PokerroomError:  # a shape the game refuses compiles nothing
                continue
            jobs += 1
    if game.joker_mode is not None:
        compute_odds(game, _seats(2, hand - 1), house_rules=("joker=off",),
                     trials=2000, seed=0, cluster="inline")
    return jobs


def compile_evaluators() -> None:
    """The batch and one-hand evaluators at every hand size, and the census walk."""
    for size in (4, 8):  # refused, but compiled for the refusal like any other size
        for key in (single.high_key, single.a5_low_key, single.deuce_seven_key):
            with contextlib.suppress(InvalidHandError):
                key([int(c) for c in _CARDS[:size]])
    for size in (5, 6, 7):
        cards = [int(c) for c in _CARDS[:size]]
        single.high_key(cards)
        single.a5_low_key(cards)
        single.low8_key(cards)
        single.deuce_seven_key(cards)
        hands = np.array([cards], dtype=np.uint8)
        batch.high_keys(hands)
        batch.a5_low_keys(hands)
        batch.a5_low_keys(hands, eight_or_better=True)
        batch.deuce_seven_keys(hands)
    for board_size in (3, 4, 5):
        hole = [int(c) for c in _CARDS[:4]]
        board = [int(c) for c in parse_cards("2d 3h 4c 5d 6h")[:board_size]]
        single.omaha_high_key(hole, board)
        batch.omaha_high_keys(np.array([hole], dtype=np.uint8),
                              np.array([board], dtype=np.uint8))
        batch.omaha_low8_keys(np.array([hole], dtype=np.uint8),
                              np.array([board], dtype=np.uint8))
    census.census(5)


def compile_cut_lean_task() -> None:
    """The lean kernel's chunk of boards (:func:`.board_kernels.board_high_chunk`): what
    :func:`.odds_tasks.exact_task` runs for a hold'em task cut inside a hand assignment.
    The odds jobs cut hold'em between assignments, so none of them compiles it."""
    hands = np.zeros((1, 2, 8), dtype=np.int64)
    hands[0, :, :2] = [[0, 1], [2, 3]]
    decks = np.arange(4, 52, dtype=np.int64).reshape(1, -1)
    start, stop = np.zeros(1, dtype=np.int64), np.full(1, 10, dtype=np.int64)
    no_board = np.zeros(5, dtype=np.int64)
    odds_tasks.exact_task((HIGH, np.full(2, 2, dtype=np.int64), np.zeros(2, dtype=np.int64),
                           no_board, 0, 5, 0, (hands, decks, start, stop)))


def compile_kernels(games: Iterable[OddsGame] | None = None) -> dict[str, int]:
    """Compile the kernels of the odds of each game in ``games`` (a game's
    :attr:`~pokerroom.game.Game.odds`; every game of :mod:`.odds_game` when None; the
    evaluators and the census always): the odds jobs run per game. A game scored outside
    the compiled kernels (``ranked``) has none to compile."""
    chosen = list(games) if games is not None else [
        value for value in vars(odds_game).values() if isinstance(value, OddsGame)]
    compile_evaluators()
    compile_cut_lean_task()
    ran: dict[str, int] = {}
    with ThreadPoolExecutor(2) as split:
        split.pokerroom_workers = 8  # type: ignore[attr-defined]  # cut jobs as 8 would
        for game in chosen:
            if game.ranked is None:
                ran[game.name] = _odds_jobs(game, split)
    return ran


def main() -> int:
    """Compile every kernel and say how long it took."""
    began = time.perf_counter()
    jobs = compile_kernels()
    print(f"compiled the numba kernels: {sum(jobs.values())} odds jobs of {len(jobs)} "
          f"games, the evaluators and the census in {time.perf_counter() - began:.1f} s",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
