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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any

from pokerroom.catalog import HouseRuleSpec, typed_rules
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


def _chips_or_none(what: str) -> Callable[[Any], int | None]:
    """A rule's value as a number of chips, 0 for none (``None``); ``what`` names it in
    the refusal of a negative number."""
    def chips(value: Any) -> int | None:
        cap = int(value)
        if cap < 0:
            raise ConfigError(f"{what} must be positive (or 0 for none), not {cap}")
        return cap or None
    return chips


_MAX_MATCH = HouseRuleSpec(
    "max_match", "int", 0, "a table maximum per deal: no loser pays more into the pot (0: "
    "none; a match larger than a stack is owed as a debt)",
    value=_chips_or_none("the table maximum"))
GUTS_RULES: tuple[HouseRuleSpec, ...] = (
    HouseRuleSpec.of_enum("declare", DeclareMode.IN_TURN, "how players declare"),
    HouseRuleSpec.of_enum("everyone_out", EveryoneOut.POT_STAYS,
                          "when everyone is out (needs declare=simultaneous)"),
    HouseRuleSpec("pot_limit", "int", 0, "pot limit with a reserve (0: no limit)",
                  value=_chips_or_none("the pot limit")),
    HouseRuleSpec("discard", "bool", False, "discard and draw before declaring",
                  aliases=("discard_before_declare",)),
    HouseRuleSpec("compulsory_first_round", "bool", False,
                  "everyone stays in on the first deal of each pot"),
    HouseRuleSpec("single_loser", "bool", False, "only the worst hand in matches the pot"),
    HouseRuleSpec("no_split", "bool", False, "tied best hands neither win nor pay"),
    HouseRuleSpec.of_enum("ghost", GhostMode.NONE, "a ghost hand dealt to no one"),
    _MAX_MATCH,
)
GUTS3_RULES: tuple[HouseRuleSpec, ...] = (
    *GUTS_RULES,
    HouseRuleSpec("top", "choice", "trips", "which is higher: trips or straight flush",
                  ("trips", "straight-flush")),
    HouseRuleSpec("middle", "choice", "straight", "which is higher: straight or flush",
                  ("straight", "flush")),
    HouseRuleSpec("straights_and_flushes", "bool", True, "straights and flushes count"),
    HouseRuleSpec("pass_left", "bool", False, "pass one card left before declaring"),
)
HERBIE_RULES: tuple[HouseRuleSpec, ...] = (
    HouseRuleSpec.of_enum("odd_card", HerbieOddCard.IGNORED,
                          "does a pair's odd card break a tie between pairs of one rank"),
    HouseRuleSpec.of_enum("unpaired", HerbieUnpaired.HIGH_CARDS,
                          "how two unpaired hands compare"),
    HouseRuleSpec.of_enum("lone_tie", LoneTie.HERBIE_WINS, "a lone player ties Herbie"),
    HouseRuleSpec.of_enum("ante_rule", HerbieAnte.WHEN_POT_EMPTY, "when players ante"),
    _MAX_MATCH,
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


def _fields(options: type[Any], specs: Sequence[HouseRuleSpec],
            rules: Mapping[str, Any]) -> dict[str, Any]:
    """Every rule of ``specs`` that names a field of ``options``, read from ``rules`` as
    the field takes it (:func:`~pokerroom.catalog.typed_rules`)."""
    names = {field.name for field in fields(options)}
    return typed_rules([spec for spec in specs if spec.name in names], rules)


def guts_options(players: int, ante: int, cards: int,
                 rules: Mapping[str, Any]) -> GutsOptions:
    """The validated Guts options of a table from its typed house rules (as
    :meth:`~pokerroom.game.Game.parse_house_rules` gives them): one reading for
    ``play`` and ``analyze``.

    >>> from pokerroom.catalog import parse_house_rules
    >>> rules = parse_house_rules(GUTS3_RULES, ["top=straight-flush"], game="guts3")
    >>> guts_options(5, 1, 3, rules).order.describe()
    'straight flush > three of a kind > straight > flush > pair > high card'
    """
    extra: dict[str, Any] = {"order": _guts_order(rules)} if cards == 3 else {}
    specs = GUTS3_RULES if cards == 3 else GUTS_RULES
    return GutsOptions(players=players, ante=ante, cards=cards, **extra,
                       **_fields(GutsOptions, specs, rules),
                       discard_before_declare=bool(rules.get("discard", False))).validated()


def herbie_options(players: int, ante: int, rules: Mapping[str, Any]) -> HerbieOptions:
    """The validated Herbie options of a table from its typed house rules.

    >>> from pokerroom.catalog import parse_house_rules
    >>> rules = parse_house_rules(HERBIE_RULES, ["lone-tie=standoff"], game="herbie")
    >>> herbie_options(5, 1, rules).lone_tie.value
    'standoff'
    """
    return HerbieOptions(players=players, ante=ante,
                         **_fields(HerbieOptions, HERBIE_RULES, rules)).validated()
