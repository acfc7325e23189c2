"""Seeded bot play through the library, written as the terminal writes it (PHH sets)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from pokerroom.games import get_game
from pokerroom.terminal import runner
from pokerroom.terminal.histfile import HistoryFile, record_phh
from pokerroom.terminal.runner import BotsRun
from pokerroom.terminal.seating import build_session

BotHands = Callable[..., dict[int, dict[str, Any]]]

_DEALT: dict[tuple[Any, ...], dict[int, dict[str, Any]]] = {}
"""The hands dealt so far in this process, by all that decides them and whether every
card is written."""


@dataclass
class _Run:
    """A seeded bots-only session played as far as a test has asked, written both ways:
    every card (``reveal``) and as an onlooker saw it. A longer run deals the same first
    hands as a shorter one, so a test that asks for more hands than a run has played
    plays on from where it stopped (the draw replays' six-seat cases and the round trips
    deal the same first hands); whether every card is written changes what is written,
    not how the hands are played, so one play serves both."""

    run: BotsRun
    histories: dict[bool, HistoryFile]
    read: dict[bool, int] = field(default_factory=lambda: {True: 0, False: 0})
    """How far each PHH file has been read."""


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
    """``bot_hands(game, hands, seats=6, seed=5, reveal=True, rules=(), level="easy")``:
    the PHH hands of a bots-only session, every card written (``reveal``) or as an
    onlooker saw them. The bots are the quick rule-of-thumb ones unless ``level`` says
    otherwise: these tests are about what is written, not how well the bots play. Each
    call has hands of its own (the records are copies; what they hold is shared and
    read only)."""

    def play(game: str, hands: int, *, seats: int = 6, seed: int = 5, reveal: bool = True,
             rules: Sequence[str] = (), level: str = "easy") -> dict[int, dict[str, Any]]:
        key = (game, seats, seed, tuple(rules), level)
        dealt = _DEALT.setdefault((*key, reveal), {})
        if len(dealt) < hands:
            _play_on(key, hands, tmp_path_factory)
        return {number: dict(hand) for number, hand in dealt.items() if number <= hands}

    return play


def _play_on(key: tuple[Any, ...], hands: int, folders: pytest.TempPathFactory) -> None:
    """Play the run of ``key`` on to ``hands`` hands and read the hands it wrote."""
    game, seats, seed, rules, level = key
    if key not in _RUNS:
        folder = folders.mktemp("bot-hands")
        histories = {shown: HistoryFile.create(folder, game, seed=seed, now=str(shown))
                     for shown in (True, False)}
        _RUNS[key] = _Run(BotsRun(lambda i: build_session(
            get_game(game), seats=seats, stakes=None, house_rules=rules,
            seed=seed * 7919 + i, name="You", bots_only=True),
            seed=seed, history=histories[True], reveal=True, level=level), histories)
    run = _RUNS[key]

    def written_both_ways(history: HistoryFile | None, *args: Any, **options: Any) -> None:
        """The terminal's PHH record of the hand with every card, and the onlooker's."""
        for shown, file in run.histories.items():
            record_phh(file, *args, **(options | {"reveal": shown}))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runner, "record_phh", written_both_ways)
        run.run.play(hands)
    for shown, file in run.histories.items():
        with file.phh_path.open("rb") as text:
            text.seek(run.read[shown])
            new = text.read()
        run.read[shown] += len(new)
        _DEALT.setdefault((*key, shown), {}).update(
            (int(number), hand) for number, hand in tomllib.loads(new.decode()).items())
