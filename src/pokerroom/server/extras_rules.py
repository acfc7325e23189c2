"""The straddle and bomb-pot settings of a table, checked and said in words (the room's
part that keeps them is :mod:`pokerroom.server.extras`; the engine's rules
:mod:`pokerroom.engine.extras`)."""

from __future__ import annotations

__all__ = ["STRADDLE_MODES", "extras_words", "game_has_extras"]

STRADDLE_MODES = ("off", "under-the-gun", "mississippi")
"""The ``straddle`` setting's choices (:class:`pokerroom.engine.extras.StraddleRule`)."""


def game_has_extras(game: str) -> bool:
    """Whether a catalog game has straddles and bomb pots (a board and blinds).

    >>> game_has_extras("omaha-hilo"), game_has_extras("razz"), game_has_extras("guts2")
    (True, False, False)
    """
    from pokerroom.engine.extras import supports_extras
    from pokerroom.games import get_game, variants

    variant = variants().get(get_game(game).variant or "")
    return variant is not None and supports_extras(variant)


def extras_words(straddle: str, bomb_pot: int, every: int) -> list[str]:
    """The straddle and bomb-pot settings in words, for the table's description.

    >>> extras_words("mississippi", 10, 0)
    ['straddles of twice the big blind under the gun or on the button', \
'bomb pots of 10 a player when the host calls one']
    """
    words = []
    if straddle != "off":
        where = "under the gun" + (" or on the button" if straddle == "mississippi" else "")
        words.append(f"straddles of twice the big blind {where}")
    if bomb_pot:
        when = f"every {every} hands and when the host calls one" if every else \
            "when the host calls one"
        words.append(f"bomb pots of {bomb_pot} a player {when}")
    return words
