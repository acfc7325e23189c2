"""How the odds engine deals and scores one game, in a module of its own so that a
game can declare its odds (:attr:`pokerroom.game.Game.odds`) without loading numpy.

>>> game = ODDS_GAMES["stud-hilo"]
>>> game.hilo, game.low_limit == 9 << 16, game.deck_cards
(True, True, 52)
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.analysis import modes as ak

__all__ = ["ODDS_GAMES", "OddsGame"]


@dataclass(frozen=True)
class OddsGame:
    """How the odds engine deals and scores one game: its scoring mode
    (:mod:`pokerroom.analysis.modes`), the cards of a hand and of the board, whether a
    low half shares the pot, the mode when the joker is in use (``joker-1``), the deck's
    size and the highest card of a qualifying low."""

    name: str
    mode: int
    hand_cards: int
    board_cards: int
    hilo: bool = False
    joker_mode: int | None = None
    deck_cards: int = 52
    qualifier: int = 8

    @property
    def low_limit(self) -> int:
        """The badness bound of a qualifying low, as the kernels take it."""
        return (self.qualifier + 1) << 16


ODDS_GAMES: dict[str, OddsGame] = {
    g.name: g for g in (
        OddsGame("holdem", ak.HIGH, 2, 5),
        OddsGame("omaha", ak.OMAHA_HIGH, 4, 5),
        OddsGame("omaha-hilo", ak.OMAHA_HILO, 4, 5, hilo=True),
        OddsGame("stud", ak.HIGH, 7, 0),
        OddsGame("stud-hilo", ak.HIGH_LOW8, 7, 0, hilo=True),
        OddsGame("razz", ak.A5, 7, 0),
        OddsGame("lowball-a5", ak.A5, 5, 0, joker_mode=ak.A5_JOKER),
        OddsGame("lowball-27", ak.D27, 5, 0),
        OddsGame("draw-high", ak.HIGH, 5, 0, joker_mode=ak.HIGH_JOKER),
        OddsGame("jacks-or-better", ak.HIGH, 5, 0, joker_mode=ak.HIGH_JOKER),
        OddsGame("lowball-27-triple", ak.D27, 5, 0),
    )
}
"""The games the odds engine computes, by name (each game offers its own as
:attr:`pokerroom.game.Game.odds`)."""
