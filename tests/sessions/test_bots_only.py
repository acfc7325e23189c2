"""Bots-only play of every game: nothing breaks, every hand's net is what the stacks moved
by, and the ledger balances (every chip in a stack, in the middle, or with the house).
The Three Card Poker bot's results agree with the exact house edges."""

from __future__ import annotations

import math
import random
import tomllib
from pathlib import Path

import pytest

from pokerroom.analysis.casino.exact import analyze_ante_play, analyze_pair_plus
from pokerroom.games import get_game
from pokerroom.session import Session, check_ledger
from pokerroom.tableview import Bot
from pokerroom.terminal.driver import HandOutcome, play_hand
from pokerroom.terminal.histfile import HistoryFile, record_phh
from pokerroom.terminal.runner import OnHand, run_bots
from pokerroom.terminal.seating import build_session

GAMES = ("holdem", "omaha", "omaha-hilo", "stud", "stud-hilo", "razz", "lowball-a5",
         "lowball-27", "lowball-27-triple", "draw-high", "jacks-or-better", "guts2", "guts3",
         "herbie", "hearts-poker", "three-card-poker")


def _maker(game: str, seed: int, seats: int | None = None):  # type: ignore[no-untyped-def]
    entry = get_game(game)

    def make(index: int) -> Session:
        return build_session(entry, seats=seats, stakes=None, house_rules=(),
                             seed=seed * 1000 + index, name="x", bots_only=True)
    return make


@pytest.mark.rule("supp-home-odd-chip", "guts-losers-match", "herbie-4.1")
@pytest.mark.parametrize("game", GAMES)
def test_bots_only_ledger_balances(game: str) -> None:
    result = run_bots(_maker(game, 7), hands=150, seed=7)
    assert result.hands == 150
    assert result.balanced
    assert sum(result.nets) + result.chips_held + result.house_net == 0


EXHAUSTIVE_HANDS = 2_500
"""Hands a game in the exhaustive run (10,000 before: the mutation check found no planted
defect that the larger run catches and the rest of the suite lets through; see
docs/testing.md)."""


@pytest.mark.exhaustive
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_hands_per_game(game: str) -> None:
    # the rule-of-thumb bots, for speed: the default bots' ledger is checked above
    result = run_bots(_maker(game, 11), hands=EXHAUSTIVE_HANDS, seed=11, level="easy")
    assert result.hands == EXHAUSTIVE_HANDS
    assert result.balanced


@pytest.mark.parametrize("seats", [2, 6])
def test_bots_only_at_other_table_sizes(seats: int) -> None:
    for game in ("holdem", "stud", "guts3", "hearts-poker"):
        result = run_bots(_maker(game, 3, seats), hands=60, seed=3)
        assert result.balanced and len(result.nets) == seats


def test_seeded_runs_repeat_exactly() -> None:
    first = run_bots(_maker("omaha-hilo", 5), hands=80, seed=5)
    again = run_bots(_maker("omaha-hilo", 5), hands=80, seed=5)
    assert first.nets == again.nets


_TCP_STAKES = {"ante": "ante=1,pair_plus=0", "pair_plus": "ante=0,pair_plus=1"}


def _tcp_rounds(wager: str, rounds: int, seed: int, *, narrate: bool = True) -> list[float]:
    """Per-round results of four Q-6-4 bots betting Ante 1 (``wager`` "ante") or Pair
    Plus 1 ("pair_plus"), played through the session and the terminal's driver; each
    round's four seats share a dealer hand, so a round (summed over its seats) is one
    sample. Each wager has its own session and generator, both seeded with ``seed``.
    With ``narrate=False`` the rounds are not told, as in a bots-only run that keeps no
    history: the same rounds (the telling draws nothing), for less work."""
    session = build_session(get_game("tcp"), seats=4, stakes=_TCP_STAKES[wager],
                            house_rules=(), seed=seed, name="x", stack=10**9,
                            bots_only=True)
    rng = random.Random(seed)
    bots: dict[int, Bot] = {s: session.make_bot(s, rng) for s in range(4)}
    start = session.stacks
    out: list[float] = []
    for number in range(rounds):
        outcome = play_hand(session, hand_no=number + 1, bots=bots, narrate=narrate)
        out.append(sum(outcome.result.net) / 4)
    check_ledger(session, start)
    return out


def _interval(samples: list[float]) -> tuple[float, float]:
    n = len(samples)
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean - half, mean + half


def _check_edge(wager: str, rounds: int, seed: int, *, narrate: bool = True) -> None:
    low, high = _interval(_tcp_rounds(wager, rounds, seed, narrate=narrate))
    # -0.0337298 per unit of Ante, -0.0231674 per unit of Pair Plus
    analysis = analyze_ante_play() if wager == "ante" else analyze_pair_plus()
    exact = -analysis.house_edge
    assert low <= exact <= high, (low, exact, high)


@pytest.mark.rule("tcp-house-edge", "tcp-4.3a", "tcp-4.3b", "tcp-not-qualify")
@pytest.mark.parametrize("wager", list(_TCP_STAKES))
def test_three_card_poker_bot_agrees_with_the_exact_edges(wager: str) -> None:
    _check_edge(wager, rounds=4000, seed=2026)


@pytest.mark.parametrize("wager", list(_TCP_STAKES))
def test_untold_rounds_are_the_rounds_told(wager: str) -> None:
    """The many-rounds check plays its rounds untold: the same rounds, chip for chip."""
    assert _tcp_rounds(wager, 300, 7, narrate=False) == _tcp_rounds(wager, 300, 7)


@pytest.mark.exhaustive
@pytest.mark.rule("tcp-house-edge")
@pytest.mark.parametrize("wager", list(_TCP_STAKES))
def test_three_card_poker_bot_agrees_over_many_rounds(wager: str) -> None:
    _check_edge(wager, rounds=60_000, seed=7, narrate=False)


@pytest.mark.parametrize(("game", "reveal"), [("lowball-27-triple", False), ("guts2", True)])
def test_on_hand_sees_every_hand_as_the_history_file_gets_it(tmp_path: Path, game: str,
                                                              reveal: bool) -> None:
    """``on_hand`` is called once a hand, in order, with the hand the history file was
    just given; a run with no history file (nothing told, nothing written but what
    ``on_hand`` writes) deals the same hands."""
    files = {name: HistoryFile.create(tmp_path, game, seed=7, now=name)
             for name in ("run", "beside", "alone")}
    numbers: list[int] = []

    def writer(name: str) -> OnHand:
        def on_hand(session: Session, number: int, outcome: HandOutcome) -> None:
            numbers.append(number)
            record_phh(files[name], session, number, outcome.state, reader=None,
                       reveal=reveal)
        return on_hand

    run_bots(_maker(game, 7), hands=40, seed=7, history=files["run"], reveal=reveal,
             on_hand=writer("beside"))
    assert numbers == list(range(1, 41))
    run_bots(_maker(game, 7), hands=40, seed=7, reveal=reveal, on_hand=writer("alone"))
    written = files["run"].phh_path.read_text(encoding="utf-8")
    assert sorted(int(n) for n in tomllib.loads(written)) == numbers[:40]
    assert files["beside"].phh_path.read_text(encoding="utf-8") == written
    assert files["alone"].phh_path.read_text(encoding="utf-8") == written
    assert files["alone"].path.read_text(encoding="utf-8") == ""
