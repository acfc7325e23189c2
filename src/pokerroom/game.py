"""A game is one thing: a :class:`Game` holds everything pokerroom knows about one game,
its names, seats, house rules, stakes, what its tables do, how to deal it and which faces
offer it (PHH, PokerStars, the learning environments, the odds engine, the analyses).

Every face asks the game (``game.phh``, ``game.odds``, ``game.layout``) rather than
keeping a table of its own keyed by the game's name; a facet that is ``None`` is one the
game does not offer. The games themselves are listed in :mod:`pokerroom.games`.

>>> from pokerroom.games import get_game
>>> holdem = get_game("Texas Hold'em")
>>> holdem.name, holdem.phh, holdem.pokerstars, holdem.odds is not None
('holdem', 'T', "Hold'em", True)
>>> herbie = get_game("herbie")
>>> herbie.phh, herbie.pokerstars, herbie.odds, herbie.analysis
('HERBIE', None, None, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.analysis.odds_game import OddsGame
from pokerroom.catalog import HouseRuleSpec, TableSpec, parse_house_rules
from pokerroom.engine.variants import Variant
from pokerroom.errors import ConfigError
from pokerroom.game_names import normalise
from pokerroom.hands.games import ShowdownGame
from pokerroom.session import NO_CAPABILITIES, Capabilities, Session

__all__ = ["Game", "Layout"]


@dataclass(frozen=True, slots=True)
class Layout:
    """How the learning environments (:mod:`pokerroom.env`) see a game: the cards a seat
    holds and the board's, the blocks of the action space (kind and size, in order) and
    the names of the phases a hand passes through.

    >>> Layout(2, 0, (("declare", 2), ("draw", 4)), ("deal", "declare", "over")).size
    6
    """

    hand_cards: int
    board_cards: int
    blocks: tuple[tuple[str, int], ...]
    phases: tuple[str, ...]

    @property
    def size(self) -> int:
        """The number of actions in all blocks together."""
        return sum(size for _, size in self.blocks)


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its names, seat range, house rules (typed, with defaults), stakes, what
    every table of it does beyond dealing hands (``capabilities``), the tables it deals
    (``factory``) and its facets.

    The facets, each ``None`` (or false) where the game does not offer it:

    * ``variant``: the engine variant that deals it (:mod:`pokerroom.engine.variants`);
      ``engine_variants`` the game's own variants beyond the rulebook's, that one first
      and any a house rule picks after it (the registry lists them by name beside the
      rulebook's: :func:`pokerroom.games.variants`);
    * ``phh``: its variant code in Poker Hand History files (``GUTS2``); for a game of
      the engine, dealt in several betting structures, the code's game part, after the
      structure's letter (``T``: ``NT`` is no-limit hold'em, ``FT`` fixed-limit);
    * ``pokerstars``: its name in the PokerStars hand-history layout;
    * ``layout``: the learning environments' view of it (:class:`Layout`);
    * ``odds``: how the odds engine deals and scores it (``pokerroom odds``);
    * ``ranking``: the showdown ranking of ``rank`` and ``showdown``
      (:mod:`pokerroom.hands.games`);
    * ``analysis``: true when ``pokerroom analyze`` solves it;
    * ``floor``: true when ``pokerroom floor`` rules on it.

    Narration and bots are every table's own (:meth:`Session.narrate`,
    :meth:`Session.make_bot`): a table that leaves them out cannot be built.
    """

    name: str
    title: str
    family: str
    description: str
    min_seats: int
    max_seats: int
    factory: Callable[[TableSpec], Session]
    aliases: tuple[str, ...] = ()
    structure_names: tuple[tuple[str, str], ...] = ()
    """The other names that name a betting structure as well as the game, each with that
    structure (``("plo8", "pot-limit")``): a table dealt under one plays it."""
    house_rules: tuple[HouseRuleSpec, ...] = ()
    default_stakes: Mapping[str, int] = field(default_factory=dict)
    default_stack: int = 1000
    capabilities: Capabilities = NO_CAPABILITIES
    rule_ids: tuple[str, ...] = ()
    variant: str | None = None
    engine_variants: tuple[Variant, ...] = ()
    phh: str | None = None
    pokerstars: str | None = None
    layout: Layout | None = None
    odds: OddsGame | None = None
    ranking: ShowdownGame | None = None
    analysis: bool = False
    floor: bool = False
    on_timeout: str = "check or fold"
    """What the room does for a player whose time runs out, in words (what
    ``Room.default_action`` picks from the game's options)."""

    def __post_init__(self) -> None:
        if not 1 <= self.min_seats <= self.max_seats:
            raise ConfigError(f"game {self.name!r}: seats {self.min_seats} to "
                              f"{self.max_seats} is no range of seats")
        if self.engine_variants and self.engine_variants[0].name != self.variant:
            raise ConfigError(f"game {self.name!r}: its own variant is "
                              f"{self.engine_variants[0].name!r}, not {self.variant!r}")

    def structure_named(self, name: str) -> str | None:
        """The betting structure that the other name ``name`` of this game deals
        (``None`` for a name that names no structure).

        >>> from pokerroom.games import get_game
        >>> holdem = get_game("holdem")
        >>> holdem.structure_named("LHE"), holdem.structure_named("Texas Hold'em")
        ('fixed-limit', None)
        """
        key = normalise(name)
        return next((structure for other, structure in self.structure_names
                     if normalise(other) == key), None)

    def new_table(self, spec: TableSpec) -> Session:
        """A table of this game for the players, stakes and house rules of ``spec``."""
        return self.factory(spec)

    def parse_house_rules(self, pairs: Sequence[str]) -> dict[str, Any]:
        """Parse ``NAME=VALUE`` strings into typed house-rule values (with defaults).
        ``lone-tie`` and ``lone_tie`` are one name; so are ``no limit`` and ``no-limit``."""
        return parse_house_rules(self.house_rules, pairs, game=self.name)
