"""Warming the caches a first terminal session would otherwise fill while you wait.

On a fresh install the first ``pokerroom play`` spent about 16 s before the first prompt,
later ones 1.4 to 2.8 s: the bots' first decisions compile the numba kernels they
estimate equity with (``pokerroom.analysis.kernels``: ``monte_carlo_chunk`` and the keys
it calls) and the fast evaluators of the games met (``pokerroom.fast.kernels``), and the
first showdown builds the hand tables (``fast-tables-*.bin`` in
:func:`pokerroom.tablecache.cache_dir`). numba keeps what it compiles in its cache
(``__pycache__`` beside the sources, or ``$NUMBA_CACHE_DIR``) and the tables stay in
their cache folder, so doing this once is enough: ``make install`` runs
``python -m pokerroom.terminal.warmup [GAME...]`` after installing, which deals a few hands of
every game with bots in every seat, at every bot level, as ``play`` deals them.
``benchmarks/bench_first_deal.py`` measures the first deal cold and warm.

>>> warm_up(["guts2"], hands=1, levels=("easy",))
{'guts2': 1}
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterable, Sequence

from pokerroom.bots import BOT_LEVELS
from pokerroom.games import all_games, get_game
from pokerroom.terminal.driver import play_hand
from pokerroom.terminal.seating import build_session

__all__ = ["warm_up"]


def warm_up(games: Iterable[str] | None = None, *, hands: int = 3,
            levels: Sequence[str] = BOT_LEVELS) -> dict[str, int]:
    """Deal ``hands`` hands of each game in ``games`` (every game when None) at the
    terminal's default table, bots in every seat, at each of ``levels``; the hands dealt
    per game."""
    names = list(games) if games is not None else [entry.name for entry in all_games()]
    dealt: dict[str, int] = {}
    for name in names:
        entry = get_game(name)
        for level in levels:
            session = build_session(entry, seats=None, stakes=None, house_rules=(), seed=1,
                                    name="x", bots_only=True)
            rng = random.Random(1)
            bots = {seat: session.make_bot(seat, random.Random(rng.random()), level)
                    for seat in range(len(session.players))}
            for number in range(1, hands + 1):
                if session.is_finished:
                    break
                play_hand(session, hand_no=number, bots=bots, reveal=True)
                dealt[name] = dealt.get(name, 0) + 1
    return dealt


def main(argv: Sequence[str] = ()) -> int:
    """Warm the caches of the games named in ``argv`` (every game when none) and say how
    long it took (``make install`` runs it for every game)."""
    began = time.perf_counter()
    dealt = warm_up(argv or None)
    print(f"warmed the numba cache and the hand tables: {sum(dealt.values())} hands of "
          f"{len(dealt)} games in {time.perf_counter() - began:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
