"""Every game pokerroom deals: the rulebook's, in the rulebook's order, then the games of
installed packages, which name theirs in the entry-point group ``pokerroom.games``::

    # a package's pyproject.toml
    [project.entry-points."pokerroom.games"]
    high-card = "toy_high_card:GAME"       # a pokerroom.game.Game

A name is matched in any case, with spaces or underscores for dashes and with or without
an apostrophe (:func:`pokerroom.game_names.normalise`):

>>> get_game("Hold'em").name, get_game("PLO8").name, get_game("tcp").title
('holdem', 'omaha-hilo', 'Three Card Poker')
>>> [game.name for game in all_games()][:3]
['holdem', 'omaha', 'omaha-hilo']
>>> get_game("canasta")
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: unknown game 'canasta'; `pokerroom games` lists them
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from importlib.metadata import EntryPoint, entry_points
from types import MappingProxyType

from pokerroom.engine.variants import VARIANTS, Variant, get_variant
from pokerroom.errors import ConfigError, HistoryError
from pokerroom.game import Game
from pokerroom.game_names import normalise
from pokerroom.sessions import badugi, omaha5, short_deck
from pokerroom.sessions.casino import THREE_CARD_POKER
from pokerroom.sessions.hearts import HEARTS_POKER
from pokerroom.sessions.home import GUTS2, GUTS3, HERBIE
from pokerroom.sessions.poker_games import (
    DRAW_HIGH,
    HOLDEM,
    JACKS_OR_BETTER,
    LOWBALL_27,
    LOWBALL_27_TRIPLE,
    LOWBALL_A5,
    OMAHA,
    OMAHA_HILO,
    RAZZ,
    STUD,
    STUD_HILO,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "RULEBOOK",
    "GameEntryError",
    "all_games",
    "game_of_phh",
    "get_game",
    "phh_game",
    "register",
    "unregister",
    "variant_named",
    "variants",
]

ENTRY_POINT_GROUP = "pokerroom.games"
"""The entry-point group where an installed package names its games."""

RULEBOOK: tuple[Game, ...] = (
    HOLDEM, OMAHA, OMAHA_HILO, STUD, STUD_HILO, RAZZ, LOWBALL_A5, LOWBALL_27,
    LOWBALL_27_TRIPLE, DRAW_HIGH, JACKS_OR_BETTER, HEARTS_POKER, GUTS2, GUTS3, HERBIE,
    THREE_CARD_POKER,
    # the games beyond the rulebook, each a module of its own
    short_deck.SHORT_DECK,
    badugi.BADUGI,
    omaha5.OMAHA5, omaha5.OMAHA5_HILO,
)
"""The rulebook's games, in the order ``pokerroom games`` lists them, then the games
beyond it that pokerroom deals."""


class GameEntryError(ConfigError):
    """A game that cannot join the others: an installed package's entry point that names
    no :class:`~pokerroom.game.Game`, or a game whose name or other name is taken."""


class _Registry:
    """The games by name and by every other name, and their engine variants by name (the
    engine's own, the rulebook's, and those the games beyond it bring), filled once with
    the rulebook's and the installed packages' games; games added at run time
    (:func:`register`) follow."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.names: dict[str, str] = {}
        self.variants: dict[str, Variant] = dict(VARIANTS)
        self.added: set[str] = set()
        """The games added at run time."""
        self.lock = threading.Lock()
        self.loaded = False

    def add(self, game: Game, source: str) -> None:
        if not isinstance(game, Game):
            raise GameEntryError(f"{source} gives {type(game).__name__} {game!r:.60}, not a "
                                 "pokerroom.game.Game")
        keys = [normalise(name) for name in (game.name, *game.aliases)]
        for name, key in zip((game.name, *game.aliases), keys, strict=True):
            taken = self.names.get(key)
            if taken is not None or keys.count(key) > 1:
                owner = taken or game.name
                raise GameEntryError(f"{source}: the game name {name!r} is already taken "
                                     f"by {owner}")
        for variant in game.engine_variants:
            known = self.variants.get(variant.name)
            if known is not None and known != variant:
                raise GameEntryError(f"{source}: the variant name {variant.name!r} is "
                                     "already taken")
        self.games[game.name] = game
        self.names.update(dict.fromkeys(keys, game.name))
        self.variants.update((variant.name, variant) for variant in game.engine_variants)

    def load(self, installed: Iterable[EntryPoint]) -> None:
        for game in RULEBOOK:
            self.add(game, f"the rulebook's {game.name}")
        for point in installed:
            source = f"entry point {point.name!r} of {ENTRY_POINT_GROUP}"
            try:
                game = point.load()
            except Exception as err:
                raise GameEntryError(f"{source} ({point.value}) cannot be loaded: "
                                     f"{err}") from err
            self.add(game, source)

    def ready(self) -> _Registry:
        if not self.loaded:
            with self.lock:
                if not self.loaded:
                    self.load(entry_points(group=ENTRY_POINT_GROUP))
                    self.loaded = True
        return self


_REGISTRY = _Registry()


def get_game(name: str) -> Game:
    """The game called ``name`` (or any other name of it); :class:`ConfigError` if no
    game is."""
    registry = _REGISTRY.ready()
    found = registry.names.get(normalise(name))
    if found is None:
        raise ConfigError(f"unknown game {name!r}; `pokerroom games` lists them")
    return registry.games[found]


def all_games() -> tuple[Game, ...]:
    """Every game: the rulebook's in its order, then the installed packages' and those
    added at run time, in the order they came."""
    return tuple(_REGISTRY.ready().games.values())


def phh_game(code: object) -> Game | None:
    """The game outside the engine whose PHH variant code is ``code`` (``GUTS2``,
    ``HEARTS``, ``TCP``); ``None`` for any other code (an engine code names a variant and
    a betting structure: :func:`pokerroom.history.phh.parse_code`).

    >>> phh_game("HERBIE").title, phh_game("NT")
    ('Herbie', None)
    """
    return next((game for game in all_games()
                 if game.variant is None and game.phh is not None and game.phh == code), None)


def game_of_phh(code: object) -> Game:
    """The game a PHH record of variant code ``code`` deals: the game of that code, or
    for an engine code (a betting structure and a game part) the game of its variant;
    :class:`pokerroom.errors.HistoryError` for a code no game has.

    >>> game_of_phh("FT").name, game_of_phh("F7S/8").name, game_of_phh("GUTS3").name
    ('holdem', 'stud-hilo', 'guts3')
    """
    from pokerroom.history.phh import parse_code

    game = phh_game(code)
    if game is not None:
        return game
    variant, _ = parse_code(str(code), variants())
    found = next((game for game in all_games() if game.variant == variant
                  or any(own.name == variant for own in game.engine_variants)), None)
    if found is None:
        raise HistoryError(f"no game deals PHH variant {code!r}")
    return found


def register(game: Game) -> Game:
    """Add ``game`` for this process (a program that builds a game in code; a package
    names its games in the entry-point group instead); :class:`GameEntryError` if its
    name or another name of it is taken, and nothing changes.

    >>> register(HOLDEM)
    Traceback (most recent call last):
    ...
    pokerroom.games.GameEntryError: register(): the game name 'holdem' is already taken by holdem
    """
    registry = _REGISTRY.ready()
    with registry.lock:
        registry.add(game, "register()")
        registry.added.add(game.name)
    return game


def unregister(name: str) -> None:
    """Take a game added by :func:`register` out again, with its names;
    :class:`ConfigError` for a game of the rulebook or of an installed package, or an
    unknown one."""
    registry = _REGISTRY.ready()
    with registry.lock:
        if name not in registry.added:
            raise ConfigError(f"{name!r} is not a game added by register()")
        registry.added.discard(name)
        game = registry.games.pop(name)
        for other in (game.name, *game.aliases):
            registry.names.pop(normalise(other), None)
        kept = {variant.name for other in registry.games.values()
                for variant in other.engine_variants}
        for variant in game.engine_variants:
            if variant.name not in kept and variant.name not in VARIANTS:
                registry.variants.pop(variant.name, None)


def variants() -> Mapping[str, Variant]:
    """Every game's engine variant by name, read-only: the rulebook's
    (:data:`pokerroom.engine.variants.VARIANTS`) and those the games beyond it bring
    (:attr:`Game.engine_variants <pokerroom.game.Game.engine_variants>`). The engine holds
    no list of its own to add them to: this is the lookup to hand where a variant is
    found by name (a PHH file's code: :func:`pokerroom.history.phh.phh_to_hand`).

    >>> variants()["badugi"].title, "badugi" in VARIANTS
    ('Badugi', False)
    """
    return MappingProxyType(_REGISTRY.ready().variants)


def variant_named(name: str) -> Variant:
    """The engine variant called ``name`` among every game's (:func:`variants`);
    :class:`ConfigError` if there is none.

    >>> variant_named("Short deck").deck[0]
    6c
    """
    return get_variant(name, variants())

