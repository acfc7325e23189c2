"""A PHH file's ``_house_rules`` table: a rules object's fields written by name, and read
back against the rules' defaults.

>>> from pokerroom.engine.config import HouseRules
>>> rules_table_values(rules_table(HouseRules(sevens_rule=False)), HouseRules())["sevens_rule"]
False
"""

from __future__ import annotations

import enum
from dataclasses import fields
from typing import Any

from pokerroom.errors import HistoryError

__all__ = ["rules_table", "rules_table_values"]

def rules_table(rules: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A rules object's fields as a ``_house_rules`` table, each enum value by its
    member's lower-case name, the fields that are ``None`` or in ``skip`` left out (what
    :func:`rules_table_values` reads back).

    >>> from pokerroom.engine.config import HouseRules
    >>> rules_table(HouseRules(sevens_rule=True))["sevens_rule"]
    True
    """
    values = {f.name: getattr(rules, f.name) for f in fields(rules) if f.name not in skip}
    return {name: value.name.lower() if isinstance(value, enum.Enum) else value
            for name, value in values.items() if value is not None}


def rules_table_values(table: dict[str, Any], defaults: object,
                       skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A ``_house_rules`` table read against a rules object's defaults: each name must be
    one of its fields (not in ``skip``), an enum value its member's lower-case name.

    >>> from pokerroom.engine.config import HouseRules
    >>> rules_table_values({"sevens_rule": False}, HouseRules())
    {'sevens_rule': False}
    """
    kwargs: dict[str, Any] = {}
    for name, value in table.items():
        if not hasattr(defaults, name) or name in skip:
            raise HistoryError(f"unknown house rule {name!r} in _house_rules")
        default = getattr(defaults, name)
        if isinstance(default, enum.Enum):
            try:
                value = type(default)[str(value).upper()]
            except KeyError:
                raise HistoryError(f"bad value {value!r} for house rule {name}") from None
        kwargs[name] = value
    return kwargs
