"""The house rules of Guts and Herbie as ``play``, the card room and ``analyze`` name them,
and the options they make: one spelling, one reading, on every command.

Each rule is a :class:`~pokerroom.catalog.HouseRuleSpec` with its SUPPLEMENT §3 default;
:func:`guts_options` and :func:`herbie_options` turn the typed values into the validated
:class:`~pokerroom.homegames.options.GutsOptions` and
:class:`~pokerroom.homegames.options.HerbieOptions`.

>>> [spec.name for spec in HERBIE_RULES]
['odd_card', 'unpaired', 'lone_tie', 'ante_rule', 'max_match']
>>> rules_help(HERBIE_RULES, "lone_tie=player-wins")[:60]
'NAME=VALUE, repeatable: odd_card, unpaired, lone_tie, ante_r'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from enum import Enum
from typing import Any

from pokerroom.catalog import HouseRuleSpec
from pokerroom.errors import ConfigError
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.hands.three_card import Guts3Order
from pokerroom.homegames.options import (
    DeclareMode,
    EveryoneOut,
    GhostMode,
    GutsOptions,
    HerbieAnte,
    HerbieOptions,
    LoneTie,
)

__all__ = ["GUTS3_RULES", "GUTS_RULES", "HERBIE_RULES", "guts_options", "herbie_options",
           "rules_help"]


def _choice(name: str, default: str | Enum, help_text: str,
            choices: Sequence[str] = ()) -> HouseRuleSpec:
    """A rule choosing among ``choices``, or among the values of ``default``'s enum."""
    if isinstance(default, Enum):
        choices = [m.value for m in type(default)]
        default = default.value
    return HouseRuleSpec(name, "choice", default, help_text, tuple(choices))


GUTS_RULES: tuple[HouseRuleSpec, ...] = (
    _choice("declare", DeclareMode.IN_TURN, "how players declare"),
    _choice("everyone_out", EveryoneOut.POT_STAYS,
            "when everyone is out (needs declare=simultaneous)"),
    HouseRuleSpec("pot_limit", "int", 0, "pot limit with a reserve (0: no limit)"),
    HouseRuleSpec("discard", "bool", False, "discard and draw before declaring",
                  aliases=("discard_before_declare",)),
    HouseRuleSpec("compulsory_first_round", "bool", False,
                  "everyone stays in on the first deal of each pot"),
    HouseRuleSpec("single_loser", "bool", False, "only the worst hand in matches the pot"),
    HouseRuleSpec("no_split", "bool", False, "tied best hands neither win nor pay"),
    _choice("ghost", GhostMode.NONE, "a ghost hand dealt to no one"),
    HouseRuleSpec("max_match", "int", 0, "a table maximum per deal: no loser pays more into "
                  "the pot (0: none; a match larger than a stack is owed as a debt)"),
)
GUTS3_RULES: tuple[HouseRuleSpec, ...] = (
    *GUTS_RULES,
    _choice("top", "trips", "which is higher: trips or straight flush",
            ("trips", "straight-flush")),
    _choice("middle", "straight", "which is higher: straight or flush", ("straight", "flush")),
    HouseRuleSpec("straights_and_flushes", "bool", True, "straights and flushes count"),
    HouseRuleSpec("pass_left", "bool", False, "pass one card left before declaring"),
)
HERBIE_RULES: tuple[HouseRuleSpec, ...] = (
    _choice("odd_card", HerbieOddCard.IGNORED,
            "does a pair's odd card break a tie between pairs of one rank"),
    _choice("unpaired", HerbieUnpaired.HIGH_CARDS, "how two unpaired hands compare"),
    _choice("lone_tie", LoneTie.HERBIE_WINS, "a lone player ties Herbie"),
    _choice("ante_rule", HerbieAnte.WHEN_POT_EMPTY, "when players ante"),
    HouseRuleSpec("max_match", "int", 0, "a table maximum per deal: no loser pays more into "
                  "the pot (0: none; a match larger than a stack is owed as a debt)"),
)


def rules_help(specs: Sequence[HouseRuleSpec], example: str) -> str:
    """The ``--house-rule`` help of a command, from the rules themselves."""
    names = ", ".join(spec.name for spec in specs)
    return (f"NAME=VALUE, repeatable: {names} (e.g. {example}; `pokerroom rules GAME` "
            "gives the values)")


def _guts_order(rules: Mapping[str, Any]) -> Guts3Order:
    top = (Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH if rules.get("top", "trips") == "trips"
           else Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS)
    middle = (Guts3Order.STRAIGHT_OVER_FLUSH if rules.get("middle", "straight") == "straight"
              else Guts3Order.FLUSH_OVER_STRAIGHT)
    return top | middle


def _cap(rules: Mapping[str, Any], name: str, what: str) -> int | None:
    """The house rule ``name``, a number of chips with 0 for none (``None``)."""
    cap = int(rules.get(name, 0))
    if cap < 0:
        raise ConfigError(f"{what} must be positive (or 0 for none), not {cap}")
    return cap or None


def _same_named(options: type[Any], specs: Sequence[HouseRuleSpec],
                rules: Mapping[str, Any]) -> dict[str, Any]:
    """The flags and enum choices of ``options`` named as rules of ``specs``, each read
    from ``rules`` (the rule's default where it is not given) as its field's default
    is: a flag, or the same enum."""
    defaults: dict[str, Any] = {field.name: field.default for field in fields(options)}
    return {spec.name: type(defaults[spec.name])(rules.get(spec.name, spec.default))
            for spec in specs if isinstance(defaults.get(spec.name), bool | Enum)}


def guts_options(players: int, ante: int, cards: int,
                 rules: Mapping[str, Any]) -> GutsOptions:
    """The validated Guts options of a table from its typed house rules (as
    :meth:`~pokerroom.catalog.GameEntry.parse_house_rules` gives them): one reading for
    ``play`` and ``analyze``.

    >>> from pokerroom.catalog import parse_house_rules
    >>> rules = parse_house_rules(GUTS3_RULES, ["top=straight-flush"], game="guts3")
    >>> guts_options(5, 1, 3, rules).order.describe()
    'straight flush > three of a kind > straight > flush > pair > high card'
    """
    extra: dict[str, Any] = {"order": _guts_order(rules)} if cards == 3 else {}
    return GutsOptions(
        players=players, ante=ante, cards=cards,
        pot_limit=_cap(rules, "pot_limit", "the pot limit"),
        **_same_named(GutsOptions, GUTS3_RULES if cards == 3 else GUTS_RULES, rules),
        discard_before_declare=bool(rules.get("discard", False)),
        max_match=_cap(rules, "max_match", "the table maximum"), **extra).validated()


def herbie_options(players: int, ante: int, rules: Mapping[str, Any]) -> HerbieOptions:
    """The validated Herbie options of a table from its typed house rules.

    >>> from pokerroom.catalog import parse_house_rules
    >>> rules = parse_house_rules(HERBIE_RULES, ["lone-tie=standoff"], game="herbie")
    >>> herbie_options(5, 1, rules).lone_tie.value
    'standoff'
    """
    return HerbieOptions(players=players, ante=ante,
                         **_same_named(HerbieOptions, HERBIE_RULES, rules),
                         max_match=_cap(rules, "max_match", "the table maximum")).validated()
