"""The catalog of playable games: how the terminal, the web room and the bots start a
table of any game without knowing which family it belongs to.

Each game family (the poker engine, the home games, Three Card Poker) registers a
:class:`GameEntry` per game. A table of the game is a :class:`~pokerroom.session.Session`:
it announces its house rules, starts each hand as a :class:`~pokerroom.core.HandState`,
and settles it into the players' stacks and the ledger.

>>> option = HouseRuleSpec("ghost", "bool", False, "an ownerless hand plays")
>>> option.parse("yes"), option.parse("off")
(True, False)

House-rule names and choice words have one spelling on every command
(:mod:`pokerroom.rule_names`): ``lone-tie`` and ``lone_tie`` are one name.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from pokerroom import game_names
from pokerroom.errors import ConfigError
from pokerroom.rule_names import choice_key, rule_key
from pokerroom.session import NO_CAPABILITIES, Capabilities, Session

__all__ = [
    "STRUCTURE_SYNONYMS",
    "GameEntry",
    "HouseRuleSpec",
    "TableSpec",
    "all_games",
    "choice_key",
    "get_game",
    "parse_house_rules",
    "register",
    "rule_key",
    "typed_rules",
    "unregister",
]

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}
_KIND_TYPES: dict[str, Callable[[Any], Any]] = {"bool": bool, "int": int, "str": str}


STRUCTURE_SYNONYMS: tuple[tuple[str, str], ...] = (
    ("limit", "fixed-limit"), ("fixed", "fixed-limit"), ("fl", "fixed-limit"),
    ("pot", "pot-limit"), ("pl", "pot-limit"), ("nl", "no-limit"))
"""Other words for the betting structures (``structure=nl``, ``--structure "no limit"``)."""




@dataclass(frozen=True, slots=True)
class HouseRuleSpec:
    """One house rule a game accepts on the command line or in the web lobby.

    ``kind`` is ``"bool"``, ``"int"``, ``"str"`` or ``"choice"`` (then ``choices`` lists
    the allowed words, and ``synonyms`` other words for them, as ``(word, choice)``
    pairs). ``aliases`` are other names the rule answers to (never listed). ``parse``
    turns user text into the typed value or raises :class:`ConfigError`.

    >>> spec = HouseRuleSpec("community", "choice", "3", "community cards", ("3", "6"),
    ...                      synonyms=(("three", "3"), ("six", "6")))
    >>> spec.parse("six"), spec.parse("3")
    ('6', '3')
    """

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    synonyms: tuple[tuple[str, str], ...] = ()
    value: Callable[[Any], Any] | None = None
    """What the game's options take for a parsed value (an enum member for a choice
    word, a pay table for its text); by default the value as its kind (a whole number,
    yes or no, text), a choice word as it is."""

    def typed(self, value: Any) -> Any:
        """``value``, parsed for this rule, as the game's options take it.

        >>> HouseRuleSpec("community", "choice", "3", "community cards", ("3", "6"),
        ...               value=int).typed("6")
        6
        """
        convert = self.value or _KIND_TYPES.get(self.kind)
        return value if convert is None else convert(value)

    @classmethod
    def of_enum(cls, name: str, default: Enum, help_text: str, *,
                synonyms: tuple[tuple[str, str], ...] = ()) -> HouseRuleSpec:
        """A rule choosing among the values of ``default``'s enum, whose member the
        game's options take.

        >>> from pokerroom.hands.herbie import HerbieUnpaired
        >>> spec = HouseRuleSpec.of_enum("unpaired", HerbieUnpaired.HIGH_CARDS, "")
        >>> spec.default, spec.choices, spec.typed(spec.parse("no-value"))
        ('high-cards', ('high-cards', 'no-value'), <HerbieUnpaired.NO_VALUE: 'no-value'>)
        """
        kind = type(default)
        return cls(name, "choice", default.value, help_text,
                   tuple(member.value for member in kind), synonyms=synonyms, value=kind)

    def answers_to(self, name: str) -> bool:
        """True when ``name`` (any spelling) is this rule's name or an alias."""
        key = rule_key(name)
        return key == rule_key(self.name) or key in {rule_key(a) for a in self.aliases}

    def describe_values(self) -> str:
        """The values this rule takes, in words for help texts."""
        if self.kind == "choice":
            return ", ".join(self.choices)
        return {"bool": "yes or no", "int": "a whole number"}.get(self.kind, "text")

    def parse(self, text: str) -> Any:
        """Typed value of ``text`` for this rule."""
        value = text.strip().lower()
        if self.kind == "bool":
            if value in _TRUE or value in _FALSE:
                return value in _TRUE
            raise ConfigError(f"house rule {self.name}: expected yes or no, got {text!r}")
        if self.kind == "int":
            try:
                return int(value)
            except ValueError:
                raise ConfigError(
                    f"house rule {self.name}: expected a whole number, got {text!r}") from None
        if self.kind == "choice":
            word = choice_key(value)
            word = dict(self.synonyms).get(word, word)
            if word not in self.choices:
                raise ConfigError(f"house rule {self.name}: expected one of "
                                  f"{', '.join(self.choices)}, got {text!r}")
            return word
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

    def stakes_of(self, defaults: Mapping[str, int]) -> dict[str, int]:
        """Each stake ``defaults`` names, as asked for or else its default.

        >>> TableSpec(("Ann", "Bob"), (9, 9), stakes={"ante": 2}).stakes_of(
        ...     {"ante": 1, "big_bet": 4})
        {'ante': 2, 'big_bet': 4}
        """
        return {name: int(self.stakes.get(name, default)) for name, default in defaults.items()}

    def rules_of(self, specs: Sequence[HouseRuleSpec]) -> dict[str, Any]:
        """Each rule of ``specs`` as the game's options take it (:func:`typed_rules`)."""
        return typed_rules(specs, self.house_rules)


def typed_rules(specs: Sequence[HouseRuleSpec], rules: Mapping[str, Any]) -> dict[str, Any]:
    """Each rule of ``specs`` as the game's options take it (:meth:`HouseRuleSpec.typed`):
    its value in ``rules``, or else its default.

    >>> typed_rules((HouseRuleSpec("raise_cap", "int", 4, ""),), {})
    {'raise_cap': 4}
    """
    return {spec.name: spec.typed(rules.get(spec.name, spec.default)) for spec in specs}


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A playable game: its names, seat limits, house rules, what its tables do beyond
    dealing hands (``capabilities``, the same for every table of the game) and its
    factory of tables (:class:`~pokerroom.session.Session`)."""

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
    capabilities: Capabilities = NO_CAPABILITIES

    def new_table(self, spec: TableSpec) -> Session:
        """A table of this game for the players, stakes and house rules of ``spec``."""
        return self.factory(spec)

    def parse_house_rules(self, pairs: Sequence[str]) -> dict[str, Any]:
        """Parse ``NAME=VALUE`` strings into typed house-rule values (with defaults).
        ``lone-tie`` and ``lone_tie`` are one name; so are ``no limit`` and ``no-limit``."""
        return parse_house_rules(self.house_rules, pairs, game=self.name)


def parse_house_rules(specs: Sequence[HouseRuleSpec], pairs: Sequence[str], *,
                      game: str) -> dict[str, Any]:
    """Typed values of ``NAME=VALUE`` strings for the rules ``specs`` (defaults for the
    rest), names and choices in any spelling; :class:`ConfigError` naming the rules
    ``game`` has for an unknown name.

    >>> specs = (HouseRuleSpec("lone_tie", "choice", "herbie-wins", "", ("herbie-wins",
    ...          "standoff")),)
    >>> parse_house_rules(specs, ["Lone-Tie=STANDOFF"], game="herbie")
    {'lone_tie': 'standoff'}
    """
    values: dict[str, Any] = {spec.name: spec.default for spec in specs}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"house rule {pair!r}: write NAME=VALUE")
        spec = next((s for s in specs if s.answers_to(name)), None)
        if spec is None:
            known = ", ".join(s.name for s in specs) or "none"
            raise ConfigError(f"unknown house rule {name.strip()!r} for {game} "
                              f"(known: {known})")
        values[spec.name] = spec.parse(text)
    return values


_REGISTRY: dict[str, GameEntry] = {}
_RULEBOOK_ORDER: dict[str, int] = {name: i for i, name in enumerate(game_names.GAMES)}
"""Each rulebook game's place in :func:`all_games`."""
_ALIASES: dict[str, str] = {}
"""Names of games outside the rulebook (a test suite's toys), to the game."""


def register(entry: GameEntry) -> GameEntry:
    """Add a game to the catalog. A game of the rulebook takes its other names from
    :mod:`pokerroom.game_names`, the one list of them; any other game (a test suite's
    toy) brings its own, which must be new."""
    if entry.name in game_names.GAMES:
        if entry.aliases:
            raise ConfigError(f"{entry.name}'s other names belong in pokerroom.game_names")
        entry = replace(entry, aliases=game_names.GAMES[entry.name])
    else:
        for name in (entry.name, *entry.aliases):
            key = game_names.normalise(name)
            if key in game_names.ALIASES or _ALIASES.get(key, entry.name) != entry.name:
                raise ConfigError(f"game name {name!r} is already taken")
            _ALIASES[key] = entry.name
    _REGISTRY[entry.name] = entry
    return entry


def unregister(name: str) -> None:
    """Take a game that is not the rulebook's (a test suite's toy) out of the catalog
    again, with its names; :class:`ConfigError` for a game of the rulebook or an
    unknown one."""
    if name in game_names.GAMES or name not in _REGISTRY:
        raise ConfigError(f"{name!r} is not a game outside the rulebook")
    entry = _REGISTRY.pop(name)
    for other in (entry.name, *entry.aliases):
        _ALIASES.pop(game_names.normalise(other), None)


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
    other = _ALIASES.get(game_names.normalise(name))
    return _REGISTRY[other if other is not None else game_names.canonical(name)]


def all_games() -> tuple[GameEntry, ...]:
    """Every registered game: the rulebook's in the order of :mod:`pokerroom.game_names`
    (whichever family's module was imported first), then any other in registration order.

    >>> [entry.name for entry in all_games()][:3]
    ['holdem', 'omaha', 'omaha-hilo']
    """
    _load_families()
    return tuple(sorted(_REGISTRY.values(),
                        key=lambda entry: _RULEBOOK_ORDER.get(entry.name, len(_RULEBOOK_ORDER))))
