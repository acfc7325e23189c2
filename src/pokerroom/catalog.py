"""What a host asks of a game: its house rules (:class:`HouseRuleSpec`, parsed from the
command line or the web lobby into typed values) and a table (:class:`TableSpec`: the
players, stacks, stakes and house rules). The games themselves are
:class:`pokerroom.game.Game` objects, listed in :mod:`pokerroom.games`.

>>> option = HouseRuleSpec("ghost", "bool", False, "an ownerless hand plays")
>>> option.parse("yes"), option.parse("off")
(True, False)

House-rule names and choice words have one spelling on every command
(:mod:`pokerroom.rule_names`): ``lone-tie`` and ``lone_tie`` are one name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.rule_names import choice_key, rule_key

__all__ = [
    "STRUCTURE_SYNONYMS",
    "HouseRuleSpec",
    "TableSpec",
    "choice_key",
    "parse_house_rules",
    "rule_key",
    "typed_rules",
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
