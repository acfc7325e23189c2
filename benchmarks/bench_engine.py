"""Random 6-max no-limit hold'em hands through pokerroom's engine and through PokerKit,
in the same run: hands per second for each and the ratio.

Each seat picks uniformly among what it may do: fold, check or call, a minimum raise (or
bet), all in. Every hand is dealt from its own shuffle and played to the end, showdowns
included; both engines use the same policy and the same random source per hand.

    .venv/bin/python -m benchmarks.bench_engine [HANDS_PER_ROUND [ROUNDS]]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from pokerroom.core import (
    DEALER,
    Bet,
    BetOption,
    Call,
    CallOption,
    Check,
    CheckOption,
    Fold,
    FoldOption,
    Raise,
    RaiseOption,
)
from pokerroom.engine import GameConfig

CONFIG = GameConfig.of("holdem", "no limit", blinds=(1, 2))
STACK = 200
SEATS = 6


_FOLD, _PASSIVE, _RAISE_MIN, _RAISE_MAX = range(4)


def pokerroom_hands(count: int, seed: int = 1) -> int:
    """Play ``count`` hands; returns the number of showdowns."""
    rng = random.Random(seed)
    pick = rng.random
    showdowns = 0
    # actions are immutable values: one fold, check and call per seat serve every hand
    folds = [Fold(s) for s in range(SEATS)]
    checks = [Check(s) for s in range(SEATS)]
    calls = [Call(s) for s in range(SEATS)]
    for i in range(count):
        hand = CONFIG.new_hand([STACK] * SEATS, button=i % SEATS, rng=rng)
        while True:
            actors = hand.actors
            if not actors:
                break
            seat = actors[0]
            if seat == DEALER:
                hand.advance()
                continue
            options = hand.legal_actions(seat)
            last = options[-1]
            sized = type(last) is RaiseOption or type(last) is BetOption
            r = int(pick() * (len(options) + sized))   # a sized option counts twice
            option = options[min(r, len(options) - 1)]
            kind = type(option)
            if kind is FoldOption:
                hand.apply(folds[seat])
            elif kind is CheckOption:
                hand.apply(checks[seat])
            elif kind is CallOption:
                hand.apply(calls[seat])
            elif kind is RaiseOption:
                assert isinstance(option, RaiseOption)
                hand.apply(Raise(seat, option.max_to if r == len(options) else option.min_to))
            else:
                assert isinstance(option, BetOption)
                hand.apply(Bet(seat, option.max_amount if r == len(options)
                               else option.min_amount))
        if hand.result is not None and hand.result.shown:
            showdowns += 1
    return showdowns


def pokerkit_hands(count: int, seed: int = 1) -> int:
    """The same with PokerKit 0.7.7 (automations for everything but the players)."""
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
        Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    pick = rng.random
    showdowns = 0
    for _ in range(count):
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2,
                                                STACK, SEATS)
        while state.status:
            choices: list[tuple[int, int]] = []
            if state.can_fold():
                choices.append((_FOLD, 0))
            if state.can_check_or_call():
                choices.append((_PASSIVE, 0))
            if state.can_complete_bet_or_raise_to():
                choices.append((_RAISE_MIN,
                                state.min_completion_betting_or_raising_to_amount))
                choices.append((_RAISE_MAX,
                                state.max_completion_betting_or_raising_to_amount))
            what, value = choices[int(pick() * len(choices))]
            if what == _FOLD:
                state.fold()
            elif what == _PASSIVE:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(value)
        if any(type(op).__name__ == "HoleCardsShowingOrMucking" for op in state.operations):
            showdowns += 1
    return showdowns


def _timed(play: Callable[[int, int], int], count: int, seed: int) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    showdowns = play(count, seed)
    return time.perf_counter() - wall, time.process_time() - cpu, showdowns


def _rates(rounds: int, ours_count: int, theirs_count: int) -> tuple[tuple[float, ...], ...]:
    """Interleaved rounds (the machine's load changes); the best round of each engine."""
    pokerroom_hands(50)                      # warm-up: imports, compiled evaluators
    pokerkit_hands(10)
    best_ours = best_theirs = (float("inf"), float("inf"))
    shown = [0, 0]
    for r in range(rounds):
        wall, cpu, s = _timed(pokerroom_hands, ours_count, r + 1)
        best_ours = (min(best_ours[0], wall), min(best_ours[1], cpu))
        shown[0] += s
        wall, cpu, s = _timed(pokerkit_hands, theirs_count, r + 1)
        best_theirs = (min(best_theirs[0], wall), min(best_theirs[1], cpu))
        shown[1] += s
    return ((ours_count / best_ours[0], ours_count / best_ours[1], shown[0]),
            (theirs_count / best_theirs[0], theirs_count / best_theirs[1], shown[1]))


def main(argv: list[str] | None = None) -> None:
    """Print hands/s for pokerroom and PokerKit and the ratio."""
    args = sys.argv[1:] if argv is None else argv
    ours_count = int(args[0]) if args else 4000
    rounds = int(args[1]) if len(args) > 1 else 5
    theirs_count = max(ours_count // 30, 50)
    ours, theirs = _rates(rounds, ours_count, theirs_count)
    print("Random 6-max no-limit hold'em (fold / check-call / min-raise / all-in), stacks "
          f"{STACK}, blinds 1/2")
    print(f"{'engine':<12}{'hands':>8}{'showdowns':>11}{'hands/s wall':>15}"
          f"{'hands/s CPU':>14}")
    print(f"best of {rounds} interleaved rounds")
    print(f"{'pokerroom':<12}{ours_count * rounds:>8}{ours[2]:>11}{ours[0]:>15.0f}"
          f"{ours[1]:>14.0f}")
    print(f"{'PokerKit':<12}{theirs_count * rounds:>8}{theirs[2]:>11}{theirs[0]:>15.0f}"
          f"{theirs[1]:>14.0f}")
    print(f"ratio (CPU): {ours[1] / theirs[1]:.1f}x   ratio (wall): {ours[0] / theirs[0]:.1f}x")


if __name__ == "__main__":
    main()
