"""Seeded bot play through the library, written as the terminal writes it (PHH sets)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from pokerroom.games import get_game
from pokerroom.terminal import runner
from pokerroom.terminal.histfile import HistoryFile, record_phh
from pokerroom.terminal.runner import run_bots
from pokerroom.terminal.seating import build_session

BotHands = Callable[..., dict[int, dict[str, Any]]]

_DEALT: dict[tuple[Any, ...], dict[int, dict[str, Any]]] = {}
"""The sessions played so far in this process, by all that decides their hands and
whether every card is written. A session is seeded hand by hand: a longer one deals the
same first hands as a shorter one, so the shorter is read from the longer (the draw
replays' six-seat cases and the round trips deal the same first hands). Whether every
card is written changes what is written, not how the hands are played: a session is
played once for both, each hand written as an onlooker saw it and with every card."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of one game's bot hands queue together (the root ``conftest.py``): one
    worker deals the hands once and each test after the first reads them from
    :data:`_DEALT`, instead of every worker dealing them again."""
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "bot_hands" in getattr(item, "fixturenames", ()) and "game" in params:
            item.add_marker(pytest.mark.queue_with(f"bot hands of {params['game']}"))


@pytest.fixture
def bot_hands(tmp_path: Path) -> BotHands:
    """``bot_hands(game, hands, seats=6, seed=5, reveal=True, rules=(), level="easy")``:
    the PHH hands of a bots-only session, every card written (``reveal``) or as an
    onlooker saw them. The bots are the quick rule-of-thumb ones unless ``level`` says
    otherwise: these tests are about what is written, not how well the bots play. Each
    call has hands of its own (the records are copies; what they hold is shared and
    read only)."""

    def play(game: str, hands: int, *, seats: int = 6, seed: int = 5, reveal: bool = True,
             rules: Sequence[str] = (), level: str = "easy") -> dict[int, dict[str, Any]]:
        key = (game, seats, seed, reveal, tuple(rules), level)
        dealt = _DEALT.get(key, {})
        if len(dealt) < hands:
            histories = {shown: HistoryFile.create(tmp_path, game, seed=seed,
                                                   now=f"{len(list(tmp_path.iterdir()))}")
                         for shown in (reveal, not reveal)}

            def written_both_ways(history: HistoryFile | None, *args: Any, **options: Any
                                  ) -> None:
                """The terminal's PHH record of the hand (``history``, as ``reveal``
                says), then the other one in a file beside it."""
                for shown, file in histories.items():
                    record_phh(file, *args, **(options | {"reveal": shown}))

            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(runner, "record_phh", written_both_ways)
                run_bots(lambda i: build_session(get_game(game), seats=seats, stakes=None,
                                                 house_rules=rules, seed=seed * 7919 + i,
                                                 name="You", bots_only=True),
                         hands=hands, seed=seed, history=histories[reveal], reveal=reveal,
                         level=level)
            for shown, file in histories.items():
                data = tomllib.loads(file.phh_path.read_text(encoding="utf-8"))
                _DEALT[(*key[:3], shown, *key[4:])] = {int(number): hand
                                                      for number, hand in data.items()}
            dealt = _DEALT[key]
        return {number: dict(hand) for number, hand in dealt.items() if number <= hands}

    return play
