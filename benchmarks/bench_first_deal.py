"""The first deal: from launching ``pokerroom play`` on a terminal to the first hand dealt
(its header drawn) and to the first prompt (the bots before you have acted), cold and
warm.

*Cold* is a fresh install's first session: an empty numba cache (``NUMBA_CACHE_DIR``)
and an empty hand-table cache (``POKERROOM_CACHE_DIR``), so the kernels the bots and the
evaluators need are compiled and the tables built while you wait. *After make install*
starts from the same empty caches but runs ``python -m pokerroom.terminal.warmup`` first,
as ``make install`` does. *Warm* is any later session. Each round uses new empty folders.

Run alone with ``python -m benchmarks first_deal`` (``FIRST_DEAL_RUNS=N`` rounds, 3 by
default; ``FIRST_DEAL_GAMES="holdem stud"`` for other games, ``-`` for dealer's choice).
It needs ``pexpect`` (a dev dependency). Figures are the median wall times.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect

POKERROOM = str(Path(sys.executable).with_name("pokerroom"))


def _first_deal(game: str, env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launch to the first hand's header and to the first prompt."""
    args = ([game] if game != "-" else []) + ["--seed", "1", "--no-history"]
    began = time.perf_counter()
    child = pexpect.spawn(POKERROOM, ["play", *args], env=env, encoding="utf-8",
                          timeout=600, dimensions=(60, 110))
    try:
        child.expect(r"· hand 1 ─")
        dealt = time.perf_counter() - began
        child.expect(r"> $")
        prompt = time.perf_counter() - began
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    return dealt, prompt


def _empty_caches() -> dict[str, str]:
    return dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="110",
                NUMBA_CACHE_DIR=tempfile.mkdtemp(prefix="numba-"),
                POKERROOM_CACHE_DIR=tempfile.mkdtemp(prefix="tables-"))


def _round(game: str) -> dict[str, tuple[float, float]]:
    cold = _empty_caches()
    figures = {"cold": _first_deal(game, cold), "warm": _first_deal(game, cold)}
    installed = _empty_caches()
    subprocess.run([sys.executable, "-m", "pokerroom.terminal.warmup"], env=installed,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    figures["after make install"] = _first_deal(game, installed)
    return figures


def main() -> None:
    """Print the median seconds to the first hand and to the first prompt."""
    runs = int(os.environ.get("FIRST_DEAL_RUNS", "3"))
    games = os.environ.get("FIRST_DEAL_GAMES", "holdem -").split()
    print(f"load average {os.getloadavg()[0]:.2f} (1 min); {runs} rounds")
    print(f"{'game':<18} {'caches':<20} {'first hand':>11} {'first prompt':>13}")
    for game in games:
        rounds = [_round(game) for _ in range(runs)]
        for caches in ("cold", "after make install", "warm"):
            dealt = statistics.median(r[caches][0] for r in rounds)
            prompt = statistics.median(r[caches][1] for r in rounds)
            name = "dealer's choice" if game == "-" else game
            print(f"{name:<18} {caches:<20} {dealt:10.2f}s {prompt:12.2f}s")


if __name__ == "__main__":
    main()
