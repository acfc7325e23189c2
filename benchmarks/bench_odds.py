"""Odds engine speed against the peers, side by side in one run: exact hold'em heads-up
and three-way against pokerfast's OMPEval and poker-equity, exact Omaha and fifth-street
stud and razz against poker-equity, and Monte Carlo boards per second (Omaha against
poker-equity; hold'em against OMPEval, poker-equity and eval7), each answer checked.

Run alone with ``python -m benchmarks odds`` (``ODDS_ROUNDS=N`` rounds, 7 by default).
Every figure is CPU seconds of this process (``time.process_time``, so a peer's threads
all count), the best over the rounds; each round runs every task on pokerroom and on
every peer in turn, so the load of a shared machine falls on all of them alike.
pokerroom runs in-process on one core (``cluster="inline"``) and its times include the
whole ``compute_odds`` call (parsing, planning, the result's arithmetic); the peers run
on one thread where they take a thread count. Compilation and table loading happen
before timing. Each call starts after a full garbage collection and a pause of 50 ms,
runs with the collector off, as ``timeit`` runs (a collection of the whole heap, numba's
objects included, would land in whichever call crosses the threshold), and ends, inside
its timing, with glibc's ``malloc_trim(0)``: poker-equity frees a great many small
blocks, and consolidating them, some 10 ms, would otherwise fall on the next call's
first allocation.

Exact answers must be identical: the same win and tie counts as poker-equity's and
every equity within 1e-12 of every peer's; Monte Carlo equities must lie within four
standard errors of the exact ones. Once, after the rounds, the exact A♦A♣ v K♥K♠ is also
timed against a phevaluator loop in Python.
"""

from __future__ import annotations

import ctypes
import gc
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from math import sqrt
from typing import Any

from pokerroom.analysis.odds import OddsResult, compute_odds
from pokerroom.analysis.odds_game import HOLDEM, OMAHA
from pokerroom.cards import parse_cards
from pokerroom.games import get_game

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]
_LIBC = ctypes.CDLL("libc.so.6")
Answer = tuple[tuple[float, ...], tuple[int, ...] | None, tuple[int, ...] | None, int]
"""Equities, wins, ties (None where a peer does not count them), deals or boards."""


@dataclass
class Task:
    """One workload: pokerroom and its peers, each returning an :data:`Answer`."""

    label: str
    ours: Callable[[], Answer]
    peers: dict[str, Callable[[], Answer]]
    exact: bool
    reference: tuple[float, ...] = ()  # Monte Carlo: the exact equities
    best: dict[str, float] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)


def _ours(result: OddsResult) -> Answer:
    return result.equities, result.wins, result.ties, result.deals


def _pe_answer(result: dict[str, Any]) -> Answer:
    return (tuple(p["equity"] for p in result["players"]),
            tuple(int(n) for n in result["win_count"]),
            tuple(int(n) for n in result["tie_count"]), int(result["samples"]))


def _poker_equity_exact(variant: str, hands: list[str]) -> Callable[[], Answer]:
    import poker_equity

    spelled = [h.replace(" ", "") for h in hands]
    return lambda: _pe_answer(poker_equity.exact_from_text(variant, spelled))


def _poker_equity_chunk(variant: str, hands: list[str], samples: int) -> Callable[[], Answer]:
    import poker_equity

    spelled = [h.replace(" ", "") for h in hands]
    return lambda: _pe_answer(poker_equity.chunk_from_text(variant, spelled, samples=samples,
                                                           seed=1, threads=1))


def _ompeval(hands: list[str], *, exact: bool, stdev: float = 1e-4) -> Callable[[], Answer]:
    """OMPEval through pokerfast's library, read directly so that a simulation also
    reports how many boards it dealt (``pokerfast.equity.equity`` drops that count). A
    simulation runs until the first equity's standard error is below ``stdev``: about
    19 M boards at 1e-4 for A♦A♣ v K♥K♠, a longer run than pokerroom's, so that
    OMPEval's start (its threads, its tables) weighs little in its rate."""
    from pokerfast import equity

    lib = equity._load()
    spelled = [h.replace(" ", "").encode() for h in hands]

    def run() -> Answer:
        if exact:
            shares = equity.equity([h.decode() for h in spelled], exact=True, threads=1)
            return tuple(shares), None, None, 0
        names = (ctypes.c_char_p * len(spelled))(*spelled)
        out = (ctypes.c_double * len(spelled))()
        boards = ctypes.c_uint64()
        if lib.pf_equity(names, len(spelled), b"", b"", 0, stdev, 1, 0.0, out,
                         ctypes.byref(boards)) != 0:
            raise RuntimeError("OMPEval refused the simulation")
        return tuple(out), None, None, boards.value
    return run


def _eval7(hands: list[str], trials: int) -> Callable[[], Answer]:
    import eval7

    hero = [eval7.Card(c) for c in hands[0].split()]
    villain = eval7.HandRange(hands[1].replace(" ", ""))

    def run() -> Answer:
        share = eval7.py_hand_vs_range_monte_carlo(hero, villain, [], trials)
        return (share, 1 - share), None, None, trials
    return run


def _compute(game: str, hands: list[str], **options: Any) -> Callable[[], Answer]:
    cards = [parse_cards(h) for h in hands]
    return lambda: _ours(compute_odds(get_game(game).odds, cards, cluster="inline", **options))


def _tasks() -> list[Task]:
    aa_kk = ["Ad Ac", "Kh Ks"]
    three = ["Ah Kh", "Qs Qd", "7c 6c"]
    omaha = ["As Ah Ks Kh", "Jc Tc 9d 8d"]
    stud = ["As Ad Kc Kd 9h", "Qh Qs Jd Jc Th"]
    razz = ["Ah 2d 3c 4s 9d", "5h 6d 7c 8s 2c"]
    exact_omaha = compute_odds(OMAHA, [parse_cards(h) for h in omaha], exact=True)
    exact_aa = compute_odds(HOLDEM, [parse_cards(h) for h in aa_kk], exact=True)
    trials_omaha, trials_holdem = 1_000_000, 4_000_000
    return [
        Task("exact hold'em A♦A♣ v K♥K♠, 1,712,304 boards", _compute("holdem", aa_kk,
                                                                      exact=True),
             {"pokerfast (OMPEval)": _ompeval(aa_kk, exact=True),
              "poker-equity": _poker_equity_exact("holdem", aa_kk)}, True),
        Task("exact hold'em A♥K♥ v Q♠Q♦ v 7♣6♣, 1,370,754 boards",
             _compute("holdem", three, exact=True),
             {"pokerfast (OMPEval)": _ompeval(three, exact=True),
              "poker-equity": _poker_equity_exact("holdem", three)}, True),
        Task("exact Omaha A♠A♥K♠K♥ v J♣T♣9♦8♦, 1,086,008 boards",
             _compute("omaha", omaha, exact=True),
             {"poker-equity": _poker_equity_exact("omaha", omaha)}, True),
        Task("exact stud, fifth street A♠A♦K♣K♦9♥ v Q♥Q♠J♦J♣T♥, 671,580 deals",
             _compute("stud", stud, exact=True),
             {"poker-equity": _poker_equity_exact("stud", stud)}, True),
        Task("exact razz, fifth street A♥2♦3♣4♠9♦ v 5♥6♦7♣8♠2♣, 671,580 deals",
             _compute("razz", razz, exact=True),
             {"poker-equity": _poker_equity_exact("razz", razz)}, True),
        Task(f"Monte Carlo Omaha A♠A♥K♠K♥ v J♣T♣9♦8♦, {trials_omaha:,} boards",
             _compute("omaha", omaha, trials=trials_omaha, seed=1),
             {"poker-equity": _poker_equity_chunk("omaha", omaha, trials_omaha)}, False,
             exact_omaha.equities),
        Task(f"Monte Carlo hold'em A♦A♣ v K♥K♠, {trials_holdem:,} boards",
             _compute("holdem", aa_kk, trials=trials_holdem, seed=1),
             {"pokerfast (OMPEval)": _ompeval(aa_kk, exact=False),
              "poker-equity": _poker_equity_chunk("holdem", aa_kk, trials_holdem),
              "eval7": _eval7(aa_kk, trials_holdem)}, False, exact_aa.equities),
    ]


def _timed(run: Callable[[], Answer]) -> tuple[float, Answer]:
    gc.collect()
    time.sleep(0.05)  # a peer's idle worker threads spin a while: not on the next bill
    gc.disable()  # as timeit does: a collection of the whole heap is nobody's work
    try:
        start = time.process_time()
        answer = run()
        _LIBC.malloc_trim(0)  # what the call freed is consolidated on its own bill
        return time.process_time() - start, answer
    finally:
        gc.enable()


def _verdict(task: Task) -> str:
    ours = task.answers["pokerroom"]
    if task.exact:
        for name, answer in task.answers.items():
            if any(abs(a - b) > 1e-12 for a, b in zip(ours[0], answer[0], strict=True)):
                return f"DIFFERENT equities from {name}"
            if answer[1] is not None and (answer[1], answer[2]) != (ours[1], ours[2]):
                return f"DIFFERENT counts from {name}"
        return "identical (counts and equities to 1e-12)"
    worst = 0.0
    for answer in task.answers.values():
        p = task.reference[0]
        error = sqrt(p * (1 - p) / answer[3])
        worst = max(worst, abs(answer[0][0] - p) / error)
    verdict = "within" if worst < 4 else "OUTSIDE"
    return f"every equity {verdict} four standard errors of the exact one (worst {worst:.1f})"


def _phevaluator_aa_kk() -> tuple[int, int, int]:
    from phevaluator import evaluate_cards

    hero = tuple(NAMES.index(n) for n in ("Ad", "Ac"))  # phevaluator numbers cards
    villain = tuple(NAMES.index(n) for n in ("Kh", "Ks"))  # as pokerroom does
    deck = [c for c in range(52) if c not in hero + villain]
    wins = losses = ties = 0
    for board in combinations(deck, 5):
        a = evaluate_cards(*hero, *board)
        b = evaluate_cards(*villain, *board)
        wins += a < b  # phevaluator: smaller is better
        losses += a > b
        ties += a == b
    return wins, losses, ties


def main() -> None:
    """Print every task's times, the ratios to the best peer and the answer checks."""
    rounds = int(os.environ.get("ODDS_ROUNDS", "7"))
    print(f"load average {os.getloadavg()[0]:.2f} (1 min); CPU time, best of {rounds} "
          "interleaved rounds")
    tasks = _tasks()
    for task in tasks:  # compile, load tables, warm every peer
        task.ours()
        for peer in task.peers.values():
            peer()
    for _ in range(rounds):
        for task in tasks:
            for name, run in [("pokerroom", task.ours), *task.peers.items()]:
                seconds, answer = _timed(run)
                task.best[name] = min(task.best.get(name, float("inf")), seconds)
                task.answers[name] = answer
    for task in tasks:
        print(task.label)
        for name, seconds in task.best.items():
            if task.exact:
                figure = f"{1000 * seconds:9.2f} ms"
            else:
                figure = f"{task.answers[name][3] / seconds / 1e6:9.2f} M boards/s"
            print(f"  {name:<22}{figure}   equities "
                  + " ".join(f"{e:.12f}" for e in task.answers[name][0]))
        per = {n: s if task.exact else s / task.answers[n][3] for n, s in task.best.items()}
        fastest = min(s for n, s in per.items() if n != "pokerroom")
        print(f"  pokerroom ÷ best peer {fastest / per['pokerroom']:9.2f}×   "
              f"{_verdict(task)}")
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the end")
    start = time.process_time()
    counts = _phevaluator_aa_kk()
    seconds = time.process_time() - start
    print(f"phevaluator loop, exact A♦A♣ v K♥K♠ once: {1000 * seconds:,.0f} ms CPU "
          f"(wins, losses, ties {counts}); pokerroom "
          f"{seconds / tasks[0].best['pokerroom']:,.0f}× faster")


if __name__ == "__main__":
    main()
