"""The card room's tests deal the game of ``examples/toy-game``, the walkthrough's own
package (high card: one hidden card each, a declare in or out, one round of bets, the
highest card wins), so the room is tested on the very code ``docs/architecture.md``
walks through. Its ``src`` goes on the path and its :class:`~pokerroom.game.Game` joins
the registry as its entry point adds it once installed (``tests/test_adding_a_game.py``
installs it that way); the room reaches it as it reaches every other game.
"""

from __future__ import annotations

import sys
from pathlib import Path

EXAMPLE_SRC = Path(__file__).resolve().parents[2] / "examples" / "toy-game" / "src"
if str(EXAMPLE_SRC) not in sys.path:
    sys.path.append(str(EXAMPLE_SRC))

from toy_high_card import GAME  # noqa: E402  (the example's src is on the path now)

from pokerroom.games import all_games, register, unregister  # noqa: E402

__all__ = ["GAME", "NAME", "ensure_registered", "unregister_if"]

NAME = GAME.name
"""The name the room's tests open tables of the example's game by."""


def ensure_registered() -> bool:
    """Register the example's game unless the registry has it (installed, or registered
    before); True when this call added it."""
    if any(game.name == NAME for game in all_games()):
        return False
    register(GAME)
    return True


def unregister_if(added: bool) -> None:
    """Take the game out of the registry again if ``added`` (what
    :func:`ensure_registered` answered), so no other test sees a game outside pokerroom."""
    if added:
        unregister(NAME)
