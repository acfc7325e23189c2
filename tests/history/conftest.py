"""Seeded bot play through the library, written as the terminal writes it (PHH sets)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from pokerroom.games import get_game
from pokerroom.session import Session
from pokerroom.terminal.driver import HandOutcome
from pokerroom.terminal.histfile import HistoryFile, record_phh
from pokerroom.terminal.runner import BotsRun, OnHand
from pokerroom.terminal.seating import build_session

BotHands = Callable[..., dict[int, dict[str, Any]]]

_DEALT: dict[tuple[Any, ...], dict[int, dict[str, Any]]] = {}
"""The hands dealt so far in this process, by all that decides them and whether every
card is written."""


@dataclass
class _Run:
    """A seeded bots-only session played as far as a test has asked, each hand written
    in the ways asked for: every card (``reveal``), as an onlooker saw it, or both. A
    longer run deals the same first hands as a shorter one, so a test that asks for more
    hands than a run has played plays on from where it stopped (the draw replays'
    six-seat cases and the round trips deal the same first hands); whether every card is
    written changes what is written, not how the hands are played, so one play serves
    both ways. A way asked for hands played without it deals them again (``catch_up``)."""

    folder: Path
    main: BotsRun | None = None
    """The run that went furthest."""
    ways: set[bool] = field(default_factory=set)
    """The ways :attr:`main` writes the hands it plays on to."""
    catch_up: dict[bool, BotsRun] = field(default_factory=dict)
    """For a way: the run that dealt again hands :attr:`main` played without it."""
    histories: dict[bool, HistoryFile] = field(default_factory=dict)
    """The PHH file of each way asked for: the terminal's record of the hands."""
    written: dict[bool, set[int]] = field(default_factory=dict)
    """The hands written each way (a hand with no PHH record is written as nothing)."""
    read: dict[bool, int] = field(default_factory=dict)
    """How far each PHH file has been read."""

    def writer(self, ways: set[bool]) -> OnHand:
        """Write each hand played in those of ``ways`` that do not have it yet."""
        def write(session: Session, number: int, outcome: HandOutcome) -> None:
            for shown in ways:
                if number not in self.written[shown]:
                    record_phh(self.histories[shown], session, number, outcome.state,
                               reader=None, reveal=shown)
                    self.written[shown].add(number)
        return write


_RUNS: dict[tuple[Any, ...], _Run] = {}
"""The runs of this process, by game, seats, seed, house rules and bot level."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of one game's bot hands queue together (the root ``conftest.py``): one
    worker deals the hands once and each test after the first reads them from
    :data:`_DEALT`, instead of every worker dealing them again."""
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "bot_hands" in getattr(item, "fixturenames", ()) and "game" in params:
            item.add_marker(pytest.mark.queue_with(f"bot hands of {params['game']}"))


@pytest.fixture
def bot_hands(tmp_path_factory: pytest.TempPathFactory) -> BotHands:
    """``bot_hands(game, hands, seats=6, seed=5, reveal=True, rules=(), level="easy",
    both=True)``: the PHH hands of a bots-only session, every card written (``reveal``)
    or as an onlooker saw them. The bots are the quick rule-of-thumb ones unless
    ``level`` says otherwise: these tests are about what is written, not how well the
    bots play. Each call has hands of its own (the records are copies; what they hold is
    shared and read only). The hands a call plays are written both ways, as another
    test may ask for the same hands the other way, unless ``both`` is false (a test
    asking for hands nobody reads the other way: should one ask later, those hands are
    dealt again)."""

    def play(game: str, hands: int, *, seats: int = 6, seed: int = 5, reveal: bool = True,
             rules: Sequence[str] = (), level: str = "easy",
             both: bool = True) -> dict[int, dict[str, Any]]:
        key = (game, seats, seed, tuple(rules), level)
        _play_on(key, reveal, hands, {True, False} if both else {reveal},
                 tmp_path_factory)
        dealt = _DEALT.setdefault((*key, reveal), {})
        return {number: dict(hand) for number, hand in dealt.items() if number <= hands}

    return play


def _play_on(key: tuple[Any, ...], shown: bool, hands: int, ways: set[bool],
             folders: pytest.TempPathFactory) -> None:
    """Have the first ``hands`` hands of the run of ``key`` written ``shown`` (every
    card, or as an onlooker saw them), the hands played on to written in ``ways``, and
    read the hands written."""
    game, seats, seed, rules, level = key
    run = _RUNS.get(key)
    if run is None:
        run = _RUNS[key] = _Run(folders.mktemp("bot-hands"))
    for way in ways | {shown}:
        if way not in run.histories:
            run.histories[way] = HistoryFile.create(run.folder, game, seed=seed,
                                                    now=str(way))
            run.written[way], run.read[way] = set(), 0

    def bots(write: OnHand) -> BotsRun:
        return BotsRun(lambda i: build_session(
            get_game(game), seats=seats, stakes=None, house_rules=rules,
            seed=seed * 7919 + i, name="You", bots_only=True),
            seed=seed, level=level, on_hand=write)

    played = run.main.played if run.main is not None else 0
    missing = [n for n in range(1, min(hands, played) + 1) if n not in run.written[shown]]
    if missing:
        again = run.catch_up.get(shown)
        if again is None or again.played >= missing[0]:
            again = run.catch_up[shown] = bots(run.writer({shown}))
        again.play(missing[-1])
    if hands > played:
        if run.main is None:
            run.main = bots(run.writer(run.ways))
        run.ways.clear()
        run.ways.update(ways | {shown})
        run.main.play(hands)
    for way, file in run.histories.items():
        if not file.phh_path.exists():          # nothing written that way yet
            continue
        with file.phh_path.open("rb") as text:
            text.seek(run.read[way])
            new = text.read()
        run.read[way] += len(new)
        _DEALT.setdefault((*key, way), {}).update(
            (int(number), hand) for number, hand in tomllib.loads(new.decode()).items())
