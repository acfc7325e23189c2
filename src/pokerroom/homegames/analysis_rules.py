"""``NAME=VALUE`` house rules for the analysis commands, parsed into the typed options.

A name is an option field, with dashes or underscores (``lone-tie``, ``single_loser``); a
value
is an enum's value (``player-wins``), a yes/no word, a number, ``none`` for no pot
limit, or a three-card order: ``default``, ``sf-high``, ``flush-high`` or
``sf-high+flush-high``. ``players`` and ``cards`` are set by the command itself.

>>> from pokerroom.homegames.options import HerbieOptions
>>> opts = with_house_rules(HerbieOptions(players=5), ["lone-tie=player-wins"])
>>> opts.lone_tie.value
'player-wins'
>>> with_house_rules(HerbieOptions(players=5), ["lone-tie=maybe"])
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: house rule lone-tie: 'maybe' is not one of herbie-wins, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from enum import Enum
from typing import Any, TypeVar

from pokerroom.errors import ConfigError
from pokerroom.hands.three_card import Guts3Order
from pokerroom.homegames.options import GutsOptions, HerbieOptions
from pokerroom.rule_names import rule_key

__all__ = ["house_rule_names", "with_house_rules"]

T = TypeVar("T", HerbieOptions, GutsOptions)
_FIXED = {"players", "cards"}
_ORDERS = {
    "default": Guts3Order.DEFAULT,
    "sf-high": Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.STRAIGHT_OVER_FLUSH,
    "flush-high": Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH | Guts3Order.FLUSH_OVER_STRAIGHT,
    "sf-high+flush-high": Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS
    | Guts3Order.FLUSH_OVER_STRAIGHT,
}
_YES = {"true", "yes", "on", "1"}
_NO = {"false", "no", "off", "0"}


def house_rule_names(options: Any) -> list[str]:
    """The names ``options`` accepts.

    >>> from pokerroom.homegames.options import HerbieOptions
    >>> house_rule_names(HerbieOptions(players=5))
    ['ante', 'unpaired', 'odd-card', 'lone-tie', 'ante-rule', 'max-match']
    """
    return [f.name.replace("_", "-") for f in fields(options) if f.name not in _FIXED]


def _value(name: str, current: Any, text: str) -> Any:
    word = text.strip().lower()
    if isinstance(current, Guts3Order):
        if word not in _ORDERS:
            raise ConfigError(f"house rule {name}: {text!r} is not one of "
                              + ", ".join(_ORDERS))
        return _ORDERS[word]
    if isinstance(current, Enum):
        kind = type(current)
        for member in kind:
            if member.value == word:
                return member
        raise ConfigError(f"house rule {name}: {text!r} is not one of "
                          + ", ".join(str(m.value) for m in kind))
    if isinstance(current, bool):
        if word in _YES | _NO:
            return word in _YES
        raise ConfigError(f"house rule {name}: {text!r} is not yes or no")
    if current is None or isinstance(current, int):
        if word == "none" and name in ("pot-limit", "max-match"):
            return None
        try:
            return int(word)
        except ValueError:
            raise ConfigError(f"house rule {name}: {text!r} is not a whole number") from None
    raise ConfigError(f"house rule {name} cannot be set here")


def with_house_rules(options: T, rules: Sequence[str]) -> T:
    """``options`` with each ``NAME=VALUE`` applied, validated; :class:`ConfigError`
    for an unknown name, a bad value or a combination the rules cannot play."""
    names = house_rule_names(options)
    changes: dict[str, Any] = {}
    for rule in rules:
        name, sep, text = rule.partition("=")
        name = rule_key(name).replace("_", "-")
        if not sep or not name:
            raise ConfigError(f"a house rule is written NAME=VALUE, got {rule!r}")
        if name not in names:
            raise ConfigError(f"unknown house rule {name!r}: use one of " + ", ".join(names))
        field = name.replace("-", "_")
        changes[field] = _value(name, getattr(options, field), text)
    return replace(options, **changes).validated()
