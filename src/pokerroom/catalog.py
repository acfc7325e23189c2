"""The catalog of playable games: how the terminal, the web room and the bots start a
table of any game without knowing which family it belongs to.

Each game family (the poker engine, the home games, Three Card Poker) registers a
:class:`GameEntry` per game. A :class:`Session` is a table of many hands: it announces its
house rules, starts each hand as a :class:`~pokerroom.core.HandState`, and settles it
into the players' stacks and the ledger.

>>> option = HouseRuleSpec("ghost", "bool", False, "an ownerless hand plays")
>>> option.parse("yes"), option.parse("off")
(True, False)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pokerroom.core import HandState
from pokerroom.errors import ConfigError

__all__ = [
    "GameEntry",
    "HandResult",
    "HouseRuleSpec",
    "Session",
    "TableSpec",
    "all_games",
    "get_game",
    "register",
]

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


@dataclass(frozen=True, slots=True)
class HouseRuleSpec:
    """One house rule a game accepts on the command line or in the web lobby.

    ``kind`` is ``"bool"``, ``"int"``, ``"str"`` or ``"choice"`` (then ``choices`` lists
    the allowed words). ``parse`` turns user text into the typed value or raises
    :class:`ConfigError`.
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()

    def parse(self, text: str) -> Any:
        """Typed value of ``text`` for this rule."""
        value = text.strip().lower()
        if self.kind == "bool":
            if value in _TRUE:
                return True
            if value in _FALSE:
                return False
            raise ConfigError(f"house rule {self.name}: expected yes or no, got {text!r}")
        if self.kind == "int":
            try:
                return int(value)
            except ValueError:
                raise ConfigError(
                    f"house rule {self.name}: expected a whole number, got {text!r}") from None
        if self.kind == "choice":
            if value not in self.choices:
                raise ConfigError(f"house rule {self.name}: expected one of "
                                  f"{', '.join(self.choices)}, got {text!r}")
            return value
        return text.strip()


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a host asks for: players (names, in seat order), stakes and house rules.

    ``stakes`` is a game-family-specific mapping (e.g. ``{"small_blind": 1, "big_blind": 2}``
    or ``{"ante": 1}``); ``house_rules`` maps :class:`HouseRuleSpec` names to typed
    values; ``first_dealer`` is the player (an index into ``players``) who deals, or
    holds the button, for the first hand, so a table changing games keeps the deal
    moving round.
    """

    players: tuple[str, ...]
    stacks: tuple[int, ...]
    stakes: Mapping[str, int] = field(default_factory=dict)
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    rng: random.Random | None = None
    first_dealer: int = 0


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand did to each seat's stack (net, chips) and in words."""

    net: tuple[int, ...]
    summary: tuple[str, ...]


class Session(Protocol):
    """A table of many hands of one game."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def stacks(self) -> tuple[int, ...]: ...

    def announce(self) -> str:
        """The game, stakes and every house rule, in words, for before the first deal."""
        ...

    @property
    def dealer(self) -> int | None:
        """The player who deals (or holds the button for) the current or last hand;
        ``None`` where the house deals every hand."""
        ...

    def new_hand(self) -> HandState:
        """Start the next hand (deal, round)."""
        ...

    def settle(self, state: HandState) -> HandResult:
        """Apply a finished hand to the stacks and the ledger."""
        ...

    @property
    def is_finished(self) -> bool:
        """True when the session can deal no further hand (e.g. Guts game over)."""
        ...


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A playable game: its names, seat limits, house rules and session factory."""

    name: str
    title: str
    family: str
    description: str
    min_seats: int
    max_seats: int
    factory: Callable[[TableSpec], Session]
    aliases: tuple[str, ...] = ()
    house_rules: tuple[HouseRuleSpec, ...] = ()
    default_stakes: Mapping[str, int] = field(default_factory=dict)
    default_stack: int = 1000

    def parse_house_rules(self, pairs: Sequence[str]) -> dict[str, Any]:
        """Parse ``NAME=VALUE`` strings into typed house-rule values (with defaults)."""
        specs = {spec.name: spec for spec in self.house_rules}
        values: dict[str, Any] = {spec.name: spec.default for spec in self.house_rules}
        for pair in pairs:
            name, sep, text = pair.partition("=")
            name = name.strip()
            if not sep:
                raise ConfigError(f"house rule {pair!r}: write NAME=VALUE")
            if name not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise ConfigError(f"unknown house rule {name!r} for {self.name} "
                                  f"(known: {known})")
            values[name] = specs[name].parse(text)
        return values


_REGISTRY: dict[str, GameEntry] = {}
_ALIASES: dict[str, str] = {}


def register(entry: GameEntry) -> GameEntry:
    """Add a game to the catalog (names and aliases must be new)."""
    for name in (entry.name, *entry.aliases):
        key = _normalise(name)
        if key in _ALIASES and _ALIASES[key] != entry.name:
            raise ConfigError(f"game name {name!r} is already taken")
        _ALIASES[key] = entry.name
    _REGISTRY[entry.name] = entry
    return entry


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace("'", "").replace(" ", "-")


_loaded = threading.Event()
# re-entrant: a family's module may look a game up while it is being imported
_loading = threading.RLock()


def _load_families() -> None:
    """Import every game family so that each registers its games. Thread-safe: no
    caller sees the catalog until every family is in it."""
    if _loaded.is_set():
        return
    import importlib

    with _loading:
        if _loaded.is_set():
            return
        for module in ("pokerroom.sessions.poker", "pokerroom.sessions.home",
                       "pokerroom.sessions.casino"):
            importlib.import_module(module)
        _loaded.set()


def get_game(name: str) -> GameEntry:
    """The game called ``name`` (or an alias); :class:`ConfigError` if unknown."""
    _load_families()
    key = _normalise(name)
    if key not in _ALIASES:
        raise ConfigError(f"unknown game {name!r}; `pokerroom games` lists them")
    return _REGISTRY[_ALIASES[key]]


def all_games() -> tuple[GameEntry, ...]:
    """Every registered game, in registration order."""
    _load_families()
    return tuple(_REGISTRY.values())
