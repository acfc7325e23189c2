"""The hand machine against OpenSpiel, pokerfast and PokerKit on one workload, in one run.

Random 6-max no-limit hold'em, stacks 200, blinds 1/2, every hand played to the end. Each
seat chooses uniformly among fold (only when facing a bet), check or call, and a minimum
bet or raise; only when a raise is legal, and with probability 0.10, it goes all in
instead. pokerroom runs the full protocol: ``actors``, ``legal_actions``, ``apply`` and
every dealer step through ``advance()``.

Peers, each driven from Python with the same policy and its own seeded shuffle:

* PokerKit 0.7.7 (automations for everything but the players' decisions);
* OpenSpiel ``universal_poker`` (pyspiel 2.x): chance nodes sampled from
  ``chance_outcomes()``, the minimum raise and all in read from the sorted legal actions;
* pokerfast's ``FastHand`` (fold, check, call, ``bet_or_raise``).

Where the compiled hand machine is in use (:mod:`pokerroom.compiled`), the row
``pokerroom (sources)`` runs the same workload from the sources, in a child process that
times itself.

The runs interleave (the machine is shared) and the best round of each engine counts.
The check that the work is alike: actions per hand and the share of hands reaching a
showdown, printed for every engine (they must agree within sampling error).

    .venv/bin/python -m benchmarks.bench_kernel [HANDS [ROUNDS]]
    .venv/bin/python -m benchmarks.bench_kernel --all-in-weight full   # the old workload

With ``--all-in-weight full`` all in is one more uniform choice beside the others (the
workload of ``bench_engine``; about nine hands in ten reach the showdown), labelled as such.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from pokerroom import compiled
from pokerroom.bots.random_play import random_action
from pokerroom.catalog import TableSpec
from pokerroom.compiled import PURE_ENV
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
from pokerroom.games import all_games

SEATS = 6
STACK = 200
CONFIG = GameConfig.of("holdem", "no limit", blinds=(1, 2))

FOLD, PASSIVE, MIN_RAISE, ALL_IN = range(4)
SOURCES = "pokerroom (sources)"


@dataclass
class Work:
    """What a run did: hands, player actions and hands that reached a showdown."""

    hands: int = 0
    actions: int = 0
    showdowns: int = 0
    timed: tuple[float, float] | None = None
    """(wall, CPU) seconds, for a run timed in another process."""

    def add(self, other: Work) -> None:
        self.hands += other.hands
        self.actions += other.actions
        self.showdowns += other.showdowns


def make_policy(pick: Callable[[], float], full_all_in: bool
                ) -> Callable[[bool, bool], int]:
    """The workload's choice: ``choose(facing_a_bet, may_raise)``."""
    if full_all_in:
        def choose_full(facing: bool, may_raise: bool) -> int:
            kinds = ((FOLD,) if facing else ()) + (PASSIVE,) + (
                (MIN_RAISE, ALL_IN) if may_raise else ())
            return kinds[int(pick() * len(kinds))]
        return choose_full

    def choose(facing: bool, may_raise: bool) -> int:
        if may_raise and pick() < 0.10:
            return ALL_IN
        count = 1 + facing + may_raise
        r = int(pick() * count)
        if facing:
            if r == 0:
                return FOLD
            r -= 1
        return PASSIVE if r == 0 else MIN_RAISE
    return choose


# --------------------------------------------------------------------------- pokerroom


def pokerroom_hands(count: int, seed: int, full_all_in: bool) -> Work:
    rng = random.Random(seed)
    choose = make_policy(rng.random, full_all_in)
    work = Work()
    folds = [Fold(s) for s in range(SEATS)]
    checks = [Check(s) for s in range(SEATS)]
    calls = [Call(s) for s in range(SEATS)]
    for i in range(count):
        hand = CONFIG.new_hand([STACK] * SEATS, button=i % SEATS, rng=rng)
        folded = 0
        while True:
            actors = hand.actors
            if not actors:
                break
            seat = actors[0]
            if seat == DEALER:
                hand.advance()
                continue
            options = hand.legal_actions(seat)
            facing = type(options[0]) is FoldOption
            sized = options[-1]
            may_raise = type(sized) is RaiseOption or type(sized) is BetOption
            kind = choose(facing, may_raise)
            work.actions += 1
            if kind == FOLD:
                hand.apply(folds[seat])
                folded += 1
            elif kind == PASSIVE:
                passive = options[1] if facing else options[0]
                if type(passive) is CheckOption:
                    hand.apply(checks[seat])
                else:
                    assert type(passive) is CallOption
                    hand.apply(calls[seat])
            elif type(sized) is RaiseOption:
                hand.apply(Raise(seat, sized.max_to if kind == ALL_IN else sized.min_to))
            else:
                assert isinstance(sized, BetOption)
                hand.apply(Bet(seat, sized.max_amount if kind == ALL_IN
                               else sized.min_amount))
        work.hands += 1
        work.showdowns += folded < SEATS - 1
    return work


# --------------------------------------------------------------------------- peers


def pokerkit_hands(count: int, seed: int, full_all_in: bool) -> Work:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
        Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    choose = make_policy(rng.random, full_all_in)
    work = Work()
    for _ in range(count):
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2,
                                                STACK, SEATS)
        folded = 0
        while state.status:
            may_raise = state.can_complete_bet_or_raise_to()
            kind = choose(state.can_fold(), may_raise)
            work.actions += 1
            if kind == FOLD:
                state.fold()
                folded += 1
            elif kind == PASSIVE:
                state.check_or_call()
            elif kind == ALL_IN:
                state.complete_bet_or_raise_to(
                    state.max_completion_betting_or_raising_to_amount)
            else:
                state.complete_bet_or_raise_to(
                    state.min_completion_betting_or_raising_to_amount)
        work.hands += 1
        work.showdowns += folded < SEATS - 1
    return work


OPENSPIEL_GAME = ("universal_poker(betting=nolimit,numPlayers=6,numRounds=4,"
                  "blind=1 2 0 0 0 0,firstPlayer=3 1 1 1,numSuits=4,numRanks=13,"
                  "numHoleCards=2,numBoardCards=0 3 1 1,"
                  "stack=200 200 200 200 200 200,bettingAbstraction=fullgame)")


def openspiel_hands(count: int, seed: int, full_all_in: bool) -> Work:
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAME)
    rng = random.Random(seed)
    pick = rng.random
    choose = make_policy(pick, full_all_in)
    work = Work()
    for _ in range(count):
        state = game.new_initial_state()
        folded = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(pick() * len(outcomes))][0])
                continue
            legal = state.legal_actions()          # sorted: fold, call, raise-to amounts
            facing = legal[0] == 0
            raises = legal[2:] if facing else legal[1:]
            kind = choose(facing, bool(raises))
            work.actions += 1
            if kind == FOLD:
                state.apply_action(0)
                folded += 1
            elif kind == PASSIVE:
                state.apply_action(1)
            else:
                state.apply_action(raises[-1] if kind == ALL_IN else raises[0])
        work.hands += 1
        work.showdowns += folded < SEATS - 1
    return work


def fasthand_hands(count: int, seed: int, full_all_in: bool) -> Work:
    from pokerfast import FastHand

    rng = random.Random(seed)
    choose = make_policy(rng.random, full_all_in)
    work = Work()
    for _ in range(count):
        hand = FastHand(player_count=SEATS, small_blind=1, big_blind=2, min_stack=STACK,
                        max_stack=STACK, rng=rng)
        folded = 0
        while not hand.done:
            space = hand.get_action_space()
            if not space:
                break
            facing = "fold" in space
            may_raise = "min_bet" in space
            kind = choose(facing, may_raise)
            work.actions += 1
            if kind == FOLD:
                hand.fold()
                folded += 1
            elif kind == PASSIVE:
                if facing:
                    hand.call()
                else:
                    hand.check()
            else:
                hand.bet_or_raise(space["max_bet"] if kind == ALL_IN else space["min_bet"])
        work.hands += 1
        work.showdowns += folded < SEATS - 1
    return work


class SourcesWorker:
    """pokerroom's hand machine run from its sources (``POKERROOM_PURE_PYTHON=1``) in a
    child process, which times each run itself: the same workload, uncompiled."""

    def __init__(self) -> None:
        env = {**os.environ, PURE_ENV: "1"}
        self.child = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.bench_kernel", "--serve-sources"], env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __call__(self, count: int, seed: int, full_all_in: bool) -> Work:
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(f"{count} {seed} {int(full_all_in)}\n")
        self.child.stdin.flush()
        hands, actions, showdowns, wall, cpu = json.loads(self.child.stdout.readline())
        return Work(hands, actions, showdowns, (wall, cpu))

    def close(self) -> None:
        assert self.child.stdin is not None
        self.child.stdin.close()
        self.child.wait()


def serve_sources() -> None:
    """The child's side of :class:`SourcesWorker`: one timed run per line read."""
    assert not compiled.state().compiled
    for line in sys.stdin:
        count, seed, full = map(int, line.split())
        wall, cpu = time.perf_counter(), time.process_time()
        done = pokerroom_hands(count, seed, bool(full))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(json.dumps([done.hands, done.actions, done.showdowns, wall, cpu]), flush=True)


ENGINES: dict[str, tuple[Callable[[int, int, bool], Work], int]] = {
    # name: (runner, hands per round as a share of pokerroom's: PokerKit is slow)
    "pokerroom": (pokerroom_hands, 1),
    "OpenSpiel": (openspiel_hands, 1),
    "pokerfast": (fasthand_hands, 1),
    "PokerKit": (pokerkit_hands, 30),
}


def measure(hands: int, rounds: int, full_all_in: bool
            ) -> dict[str, tuple[float, float, Work]]:
    """Best wall and CPU hands/s of each engine over interleaved rounds, and the work."""
    engines = dict(ENGINES)
    sources = SourcesWorker() if compiled.state().compiled else None
    if sources is not None:
        engines = {"pokerroom": ENGINES["pokerroom"], SOURCES: (sources, 1), **ENGINES}
    best: dict[str, tuple[float, float]] = {}
    work: dict[str, Work] = {name: Work() for name in engines}
    for run, share in engines.values():               # warm-up: imports, evaluators
        run(max(10, hands // share // 20), 0, full_all_in)
    for r in range(rounds):
        for name, (run, share) in engines.items():
            count = max(20, hands // share)
            wall, cpu = time.perf_counter(), time.process_time()
            done = run(count, 1000 + r, full_all_in)
            wall, cpu = done.timed or (time.perf_counter() - wall, time.process_time() - cpu)
            work[name].add(done)
            old = best.get(name, (0.0, 0.0))
            best[name] = (max(old[0], count / wall), max(old[1], count / cpu))
    if sources is not None:
        sources.close()
    return {name: (*best[name], work[name]) for name in engines}


def every_game_rates(hands: int, seed: int = 7) -> list[tuple[str, int, float, float]]:
    """Hands per second of CPU for every catalog game at its default house rules: six
    seats (Herbie and Three Card Poker too; as many as the game takes), random legal
    actions through the protocol, the session settling each hand (name, hands, hands/s,
    player actions per hand)."""
    rates = []
    for entry in all_games():
        if entry.family == "test":
            continue
        seats = min(max(6, entry.min_seats), entry.max_seats)
        rng = random.Random(seed)
        played = actions = 0
        start = time.process_time()
        while played < hands:
            spec = TableSpec(players=tuple(f"P{i}" for i in range(seats)),
                             stacks=(entry.default_stack,) * seats,
                             stakes=entry.default_stakes,
                             house_rules=entry.parse_house_rules([]),
                             rng=random.Random(seed + played))
            session = entry.factory(spec)
            for _ in range(50):
                if played >= hands or session.is_finished:
                    break
                try:
                    state = session.new_hand()
                except ValueError:          # fewer than two players with chips
                    break
                while state.actors:
                    seat = state.actors[rng.randrange(len(state.actors))]
                    if seat == DEALER:
                        state.advance()
                        continue
                    state.apply(random_action(state, seat, rng))
                    actions += 1
                session.settle(state)
                played += 1
        cpu = time.process_time() - start
        rates.append((entry.name, played, played / cpu, actions / played))
    return rates


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", nargs="?", type=int, default=3000)
    parser.add_argument("rounds", nargs="?", type=int, default=5)
    parser.add_argument("--all-in-weight", choices=("tenth", "full"), default="tenth")
    parser.add_argument("--games", type=int, default=2000, metavar="HANDS",
                        help="hands of every catalog game for the per-game rates (0: none)")
    parser.add_argument("--serve-sources", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args([] if argv is None else argv)
    if args.serve_sources:
        serve_sources()
        return
    full = args.all_in_weight == "full"
    print(f"load average {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
    build = compiled.state()
    print(f"pokerroom's hand machine: {build.reason}" + (
        f" (the row '{SOURCES}' runs it from its sources in a child process)"
        if build.compiled else ""))
    label = ("all in as one more uniform choice (bench_engine's workload)" if full
             else "all in with probability 0.10 when a raise is legal (the headline)")
    print(f"Random 6-max no-limit hold'em, stacks {STACK}, blinds 1/2; {label}")
    results = measure(args.hands, args.rounds, full)
    ours = results["pokerroom"]
    print(f"best of {args.rounds} interleaved rounds")
    print(f"{'engine':<21}{'hands':>8}{'actions/hand':>14}{'showdown':>10}"
          f"{'hands/s CPU':>13}{'hands/s wall':>14}{'pokerroom ÷ (CPU)':>19}")
    for name, (wall, cpu, work) in results.items():
        print(f"{name:<21}{work.hands:>8}{work.actions / work.hands:>14.2f}"
              f"{work.showdowns / work.hands:>10.1%}{cpu:>13.0f}{wall:>14.0f}"
              f"{ours[1] / cpu:>18.2f}x")
    if args.games:
        print(f"\nEvery game at its default house rules, random legal actions, "
              f"{args.games} hands each (CPU)")
        print(f"{'game':<20}{'hands/s':>10}{'actions/hand':>14}")
        for name, _played, rate, per_hand in every_game_rates(args.games):
            print(f"{name:<20}{rate:>10.0f}{per_hand:>14.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
