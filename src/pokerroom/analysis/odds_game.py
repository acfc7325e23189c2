"""How the odds engine deals and scores one game, in a module of its own so that a
game can declare its odds (:attr:`pokerroom.game.Game.odds`) without loading numpy.

Each game offers its own as :attr:`pokerroom.game.Game.odds` (``None``: no odds); the
odds engine takes that object, never a game's name.

>>> game = STUD_HILO
>>> game.hilo, game.low_limit == 9 << 16, game.deck_cards
(True, True, 52)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.analysis import modes as ak

__all__ = ["DRAW_HIGH", "HOLDEM", "JACKS_OR_BETTER", "LOWBALL_27", "LOWBALL_27_TRIPLE",
           "LOWBALL_A5", "OMAHA", "OMAHA_HILO", "RAZZ", "STUD", "STUD_HILO", "OddsGame"]


@dataclass(frozen=True)
class OddsGame:
    """How the odds engine deals and scores one game: its scoring mode
    (:mod:`pokerroom.analysis.modes`), the cards of a hand and of the board, whether a
    low half shares the pot, the mode when the joker is in use (``joker-1``), the deck's
    size, the highest card of a qualifying low and the ranking house rules it takes
    (``joker``, ``low_qualifier``)."""

    name: str
    mode: int
    hand_cards: int
    board_cards: int
    hilo: bool = False
    joker_mode: int | None = None
    deck_cards: int = 52
    qualifier: int = 8
    rule_names: tuple[str, ...] = ()
    ranges: bool = False
    """True when a hand may be given as a range of hands (``QQ+``: hold'em's)."""
    ranked: Callable[[Sequence[str]], Any] | None = None
    """For a game the compiled kernels do not know (its own deck, hand sizes or
    rankings): its :class:`~pokerroom.analysis.ranked.RankedGame` under the house rules
    given as ``NAME=VALUE`` words, dealt by :func:`~pokerroom.analysis.ranked.ranked_odds`
    (``mode`` is then unused)."""

    @property
    def low_limit(self) -> int:
        """The badness bound of a qualifying low, as the kernels take it."""
        return (self.qualifier + 1) << 16


HOLDEM = OddsGame("holdem", ak.HIGH, 2, 5, ranges=True)
OMAHA = OddsGame("omaha", ak.OMAHA_HIGH, 4, 5)
OMAHA_HILO = OddsGame("omaha-hilo", ak.OMAHA_HILO, 4, 5, hilo=True,
                      rule_names=("low_qualifier",))
STUD = OddsGame("stud", ak.HIGH, 7, 0)
STUD_HILO = OddsGame("stud-hilo", ak.HIGH_LOW8, 7, 0, hilo=True, rule_names=("low_qualifier",))
RAZZ = OddsGame("razz", ak.A5, 7, 0)
LOWBALL_A5 = OddsGame("lowball-a5", ak.A5, 5, 0, joker_mode=ak.A5_JOKER, rule_names=("joker",))
LOWBALL_27 = OddsGame("lowball-27", ak.D27, 5, 0)
LOWBALL_27_TRIPLE = OddsGame("lowball-27-triple", ak.D27, 5, 0)
DRAW_HIGH = OddsGame("draw-high", ak.HIGH, 5, 0, joker_mode=ak.HIGH_JOKER, rule_names=("joker",))
JACKS_OR_BETTER = OddsGame("jacks-or-better", ak.HIGH, 5, 0, joker_mode=ak.HIGH_JOKER,
                           rule_names=("joker",))
