"""A fresh server process loads what its first hands need before play: every game is
dealt once in the background at start-up, and the game catalog is safe to load from
several threads at once (a table created while the warm-up loads the catalog must not
find it half-filled)."""

from __future__ import annotations

import subprocess
import sys

from pokerroom.games import all_games
from pokerroom.server.service import warm_up_process

from .conftest import ROOT


def test_warm_up_finishes_a_hand_of_every_game() -> None:
    played = warm_up_process()
    assert played == {entry.name: 1 for entry in all_games()}


RACE = """
import threading
from pokerroom import games

seen = []
start = threading.Barrier(8)

def look():
    start.wait()
    seen.append(len(games.all_games()))

threads = [threading.Thread(target=look) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
# every thread saw the whole catalog, as it stands once loaded
print(len(seen), sorted(set(seen)) == [len(games.all_games())], min(seen) > 10)
"""


def test_the_catalog_loads_whole_for_racing_threads() -> None:
    for _attempt in range(3):  # a fresh process each time: the catalog loads once per process
        result = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True,
                                cwd=ROOT, timeout=120, check=True)
        assert result.stdout.split() == ["8", "True", "True"]
