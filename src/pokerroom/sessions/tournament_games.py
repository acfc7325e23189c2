"""Which games a tournament deals, and each game's stakes at a level of a structure.

A structure's level carries every stake any game may need (blinds, ante, bring-in,
limits); :func:`level_config` picks the ones the game posts. Only the poker engine's
games are dealt as tournaments (:func:`check_tournament_game` says why another is not).
"""

from __future__ import annotations

from dataclasses import replace

from pokerroom.engine import GameConfig
from pokerroom.engine.stakes import Stakes
from pokerroom.engine.variants import Forced
from pokerroom.errors import ConfigError, TournamentError
from pokerroom.game import Game
from pokerroom.tournament.structure import Level

__all__ = ["check_tournament_game", "level_config"]


def check_tournament_game(entry: Game) -> str:
    """The name of the game ``entry`` when it can be dealt as a tournament, else a typed
    error saying why not.

    >>> from pokerroom.games import get_game
    >>> check_tournament_game(get_game("nlhe"))
    'holdem'
    >>> check_tournament_game(get_game("three-card-poker"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: game: Three Card Poker has no tournament: the house ...
    """
    if entry.family == "poker":
        return entry.name
    if entry.capabilities.house_banked:
        why = "the house banks it, so nobody is ever eliminated"
    elif entry.capabilities.allows_debt:
        why = ("it ends by its own rules: a stack may go below zero matching the pot, and "
               "there are no blinds to raise; play it at a cash table")
    else:
        why = ("its own table keeps one ante and one limit for the whole session, and a "
               "tournament raises them level by level")
    raise TournamentError("game", f"{entry.title} has no tournament: {why}")


def level_config(config: GameConfig, level: Level, number: int) -> GameConfig:
    """``config`` at the stakes of level ``number``: a game with blinds plays its blinds
    (a small blind of 0: one blind), ante and limits; stud its ante, bring-in and
    limits; a game of antes alone (draw, jacks or better) its ante, or at a level
    without one its small blind as the ante. A lowball table whose limit does not
    double after the draw keeps the big bet equal to the small bet.

    >>> from pokerroom.tournament.presets import preset
    >>> stud = GameConfig.of("stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> level_config(stud, preset("turbo").level(4), 4).stakes.describe()
    'ante 25, bring-in 100'
    >>> level_config(stud, Level(25, 50, minutes=5, hands=5), 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: levels[1]: Seven-card stud brings in: ...
    """
    variant = config.variant
    small, big = level.small_bet, level.big_bet
    if not config.rules.limit_doubles:
        big = small
    where = f"levels[{number}]"
    if variant.forced is Forced.BLINDS:
        if not level.big_blind:
            raise TournamentError(where, f"{variant.title} is dealt with blinds, and this "
                                         "level has none")
        blinds = ((level.small_blind, level.big_blind) if level.small_blind
                  else (level.big_blind,))
        stakes = Stakes(blinds, level.ante, 0, small, big)
    elif variant.forced is Forced.BRING_IN:
        if not level.bring_in:
            raise TournamentError(where, f"{variant.title} brings in: give the level a "
                                         "bring_in")
        stakes = Stakes((), level.ante, level.bring_in, small, big)
    else:
        ante = level.ante or level.small_blind
        if not ante:
            raise TournamentError(where, f"{variant.title} is dealt on antes: give the "
                                         "level an ante or a small blind")
        stakes = Stakes((), ante, 0, small, big)
    try:
        return replace(config, stakes=stakes)
    except ConfigError as err:
        raise TournamentError(where, str(err)) from None
