"""Actions, options, events and views as JSON, generically.

Every action, option and event of every game is a frozen dataclass, so one encoder
serves them all: a dataclass becomes an object with its class name under ``"type"``,
cards print in paste-back notation (``"As"``), sets become sorted lists.

>>> from pokerroom.core import Raise, RaiseOption
>>> to_json(RaiseOption(min_to=40, max_to=200))
{'type': 'RaiseOption', 'min_to': 40, 'max_to': 200, 'tos': []}
>>> action_from_json({"type": "Raise", "to": 60}, seat=2)
Raise(seat=2, to=60)
>>> from pokerroom.cards import parse_cards
>>> to_json(parse_cards("As Kd"))
['As', 'Kd']

Client input is checked field by field against the action's type hints; anything else
raises :class:`~pokerroom.errors.IllegalActionError` with a message a person can read:

>>> action_from_json({"type": "Raise", "to": "lots"}, seat=0)
Traceback (most recent call last):
...
pokerroom.errors.IllegalActionError: action Raise: field 'to' must be a whole number
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from pokerroom.cards import Card
from pokerroom.core import DEALER, Action, Option
from pokerroom.errors import CardParseError, IllegalActionError

__all__ = ["action_classes", "action_from_json", "card_strings", "option_to_json", "to_json"]

JSON = Any


def to_json(obj: object) -> JSON:
    """A JSON-ready value for ``obj`` (dataclasses, cards, enums, containers)."""
    kind = type(obj)
    if kind is str or kind is int or kind is bool or obj is None or kind is float:
        return obj
    if kind is Card:
        return _CARD_TEXT[obj]  # type: ignore[call-overload]
    if kind is tuple or kind is list:
        return [to_json(item) for item in obj]  # type: ignore[attr-defined]
    names = _FIELDS.get(kind)
    if names is not None:
        out: dict[str, JSON] = {"type": kind.__name__}
        for name in names:
            out[name] = to_json(getattr(obj, name))
        return out
    return _to_json_slow(obj)


def _to_json_slow(obj: object) -> JSON:
    if isinstance(obj, Card):
        return repr(obj)
    if isinstance(obj, enum.Enum):
        return obj.name.lower() if not isinstance(obj.value, int | str) else obj.value
    if isinstance(obj, bool | str | float):
        return obj
    if isinstance(obj, int):
        return int(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        _FIELDS[type(obj)] = tuple(item.name for item in dataclasses.fields(obj))
        return to_json(obj)
    if isinstance(obj, Mapping):
        return {str(to_json(key)): to_json(value) for key, value in obj.items()}
    if isinstance(obj, frozenset | set):
        items = [to_json(item) for item in obj]
        return sorted(items, key=lambda item: (str(type(item)), item))
    if isinstance(obj, tuple | list):
        return [to_json(item) for item in obj]
    return str(obj)


_FIELDS: dict[type, tuple[str, ...]] = {}


@cache
def _all_action_classes() -> dict[str, type[Action]]:
    found: dict[str, type[Action]] = {}
    todo: list[type[Action]] = [Action]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            # ``dataclass(slots=True)`` leaves the class it replaced behind as a stale
            # subclass: keep only the class its module actually holds.
            module = sys.modules.get(sub.__module__)
            if module is not None and getattr(module, sub.__qualname__, None) is sub:
                found.setdefault(sub.__name__, sub)
    return found


def action_classes() -> dict[str, type[Action]]:
    """Every concrete action class known so far, by class name."""
    _all_action_classes.cache_clear()
    return _all_action_classes()


def action_from_json(data: object, *, seat: int) -> Action:
    """The action ``data`` describes, played by ``seat`` (the client never names a seat).

    >>> action_from_json({"type": "Draw", "discards": ["As", "2c"]}, seat=1)
    Draw(seat=1, discards=(As, 2c), split_openers=False)
    """
    if not isinstance(data, Mapping):
        raise IllegalActionError("an action must be a JSON object with a 'type'")
    name = data.get("type")
    if not isinstance(name, str):
        raise IllegalActionError("an action needs a 'type' naming it, e.g. 'Call'")
    classes = _all_action_classes()
    cls = classes.get(name)
    if cls is None:
        classes = action_classes()
        cls = classes.get(name)
    if cls is None or cls is Action:
        raise IllegalActionError(f"unknown action type {name!r}")
    if seat == DEALER:
        raise IllegalActionError("the dealer's steps are the server's, not a client's")
    hints = _hints(cls)
    kwargs: dict[str, Any] = {"seat": seat}
    names = {item.name for item in dataclasses.fields(cls)} - {"seat"}
    extra = set(data) - names - {"type", "seat"}
    if extra:
        raise IllegalActionError(f"action {name}: unknown field(s) {', '.join(sorted(extra))}")
    for item in dataclasses.fields(cls):
        if item.name == "seat" or item.name not in data:
            continue
        kwargs[item.name] = _decode(data[item.name], hints[item.name], name, item.name)
    try:
        return cls(**kwargs)
    except TypeError:
        missing = sorted(names - set(data))
        raise IllegalActionError(
            f"action {name}: missing field(s) {', '.join(missing)}") from None


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The resolved field types of a class (resolving them is slow; they never change)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _decode(value: object, hint: object, action: str, field: str) -> Any:
    where = f"action {action}: field {field!r}"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        errors: list[str] = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _decode(value, option, action, field)
            except IllegalActionError as err:
                errors.append(str(err))
        raise IllegalActionError(errors[0] if errors else f"{where} is not valid")
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise IllegalActionError(f"{where} must be true or false")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise IllegalActionError(f"{where} must be a whole number")
    if hint is str:
        if isinstance(value, str):
            return value
        raise IllegalActionError(f"{where} must be text")
    if hint is Card:
        if not isinstance(value, str):
            raise IllegalActionError(f"{where} must be a card such as 'As'")
        try:
            return Card.parse(value)
        except CardParseError as err:
            raise IllegalActionError(f"{where}: {err}") from None
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            raise IllegalActionError(f"{where} must be a list")
        if len(value) > 64:
            raise IllegalActionError(f"{where} is too long")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(item, args[0], action, field) for item in value)
        if len(args) != len(value):
            raise IllegalActionError(f"{where} must have {len(args)} items")
        return tuple(_decode(item, arg, action, field) for item, arg in zip(args, value,
                                                                              strict=True))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        for member in hint:
            if value in (member.value, member.name, member.name.lower()):
                return member
        raise IllegalActionError(f"{where} must be one of "
                                 f"{', '.join(m.name.lower() for m in hint)}")
    raise IllegalActionError(f"{where} cannot be sent by a client")


_CORE_OPTIONS = frozenset({
    "FoldOption", "CheckOption", "CallOption", "BetOption", "RaiseOption", "BringInOption",
    "CompleteOption", "DrawOption", "DeclareOption", "PassOption", "DiscardOption"})


def option_to_json(option: Option, seat: int) -> JSON:
    """An option as a client sees it. A game's own option type (not one of the core
    protocol's) also lists ``actions``: the action types it accepts, each with its
    number and yes/no fields and their defaults, so a page can offer them as a small
    form without knowing the game.

    >>> from pokerroom.core import CheckOption
    >>> option_to_json(CheckOption(), 0)
    {'type': 'CheckOption'}
    """
    data: dict[str, JSON] = to_json(option)
    if type(option).__name__ in _CORE_OPTIONS:
        return data
    templates = []
    module = sys.modules.get(type(option).__module__)
    for cls in action_classes().values():
        if sys.modules.get(cls.__module__) is not module:
            continue
        fields = [item for item in dataclasses.fields(cls) if item.name != "seat"]
        hints = _hints(cls)
        if any(hints[item.name] not in (int, bool) for item in fields):
            continue
        if any(item.default is dataclasses.MISSING for item in fields):
            continue
        try:
            plain = cls(seat=seat)
        except TypeError:
            continue
        if option.allows(plain) or _accepts_some(option, cls, seat, fields):
            templates.append({"type": cls.__name__,
                              "fields": {item.name: item.default for item in fields}})
    data["actions"] = templates
    return data


def _accepts_some(option: Option, cls: type[Action], seat: int,
                  fields: list[dataclasses.Field[Any]]) -> bool:
    """True if the option accepts the action with one number field set to a plausible
    amount (the option's own numbers first)."""
    amounts = [v for v in (getattr(option, f.name) for f in dataclasses.fields(option))
               if type(v) is int and v > 0] + [1, 2, 5, 10, 25, 100]
    for item in fields:
        if item.default is False or item.default is True:
            continue
        for amount in amounts:
            try:
                if option.allows(cls(seat=seat, **{item.name: amount})):
                    return True
            except (TypeError, ValueError):
                break
    return False


def card_strings(value: JSON) -> set[str]:
    """Every string inside a JSON value that is exactly one known standard card.

    >>> sorted(card_strings({"a": ["As", "??"], "b": {"c": "Kd"}, "d": "Ask"}))
    ['As', 'Kd']
    """
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if len(item) == 2 and item in _CARD_NAMES:
                found.add(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


_CARD_TEXT = tuple(repr(Card(index)) for index in range(54))
_CARD_NAMES = frozenset(_CARD_TEXT[:52])
