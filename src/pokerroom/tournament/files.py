"""Structure files: a :class:`~pokerroom.tournament.structure.TournamentStructure` as TOML.

The format is described with an example in ``docs/tournaments.md``. Reading checks every
key: an unknown key, a value of the wrong type or an impossible value is a
:class:`~pokerroom.errors.TournamentError` naming where it is (``levels[3].big_blind``).
:func:`structure_to_toml` writes a file that :func:`structure_from_toml` reads back to
the same structure.

>>> from pokerroom.tournament.presets import preset
>>> structure_from_toml(structure_to_toml(preset("regular"))) == preset("regular")
True
>>> structure_from_toml('name = "x"\\nstarting_stack = 1000\\nbuy_in = 5\\nchips = [25]\\n'
...                     '[[levels]]\\nsmall_blind = 25\\nbig_blind = 20\\nminutes = 10\\n'
...                     'hands = 8\\n')
Traceback (most recent call last):
...
pokerroom.errors.TournamentError: levels[1].big_blind: must be at least the small blind (25), not 20
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from pokerroom.errors import TournamentError
from pokerroom.tournament.payouts import PRESETS as PAYOUT_PRESETS
from pokerroom.tournament.payouts import PayoutTable, Tier
from pokerroom.tournament.presets import PRESETS
from pokerroom.tournament.structure import (
    AddOn,
    Break,
    ColourUp,
    Level,
    Rebuys,
    TournamentStructure,
)

__all__ = ["load_structure", "save_structure", "structure_from_toml", "structure_to_toml"]

T = TypeVar("T")

_TOP = {"name", "starting_stack", "buy_in", "chips", "levels", "breaks", "colour_ups",
        "late_registration", "rebuys", "add_on", "payouts"}
_REQUIRED = ("name", "starting_stack", "buy_in", "chips", "levels")


def _table(where: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise TournamentError(where, f"must be a table, not {value!r}")
    return value


def _tables(where: str, value: object) -> list[Mapping[str, Any]]:
    if not isinstance(value, list):
        raise TournamentError(where, "must be an array of tables ([[" + where + "]])")
    return [_table(f"{where}[{i}]", item) for i, item in enumerate(value, 1)]


def _make(where: str, kind: Callable[..., T], data: Mapping[str, Any],
          keys: tuple[str, ...]) -> T:
    """``kind(**data)`` with its errors named from ``where``."""
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise TournamentError(f"{where}.{unknown[0]}", f"unknown key (known: "
                                                       f"{', '.join(keys)})")
    try:
        return kind(**data)
    except TournamentError as err:
        raise TournamentError(f"{where}.{err.field}", str(err).split(": ", 1)[1]) from None
    except TypeError:
        missing = [k for k in keys if k not in data]
        raise TournamentError(where, f"missing {', '.join(missing)}") from None


_LEVEL_KEYS = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet",
               "minutes", "hands")


def _payouts(value: object) -> PayoutTable:
    if isinstance(value, str):
        if value not in PAYOUT_PRESETS:
            raise TournamentError("payouts", f"no payout preset {value!r} "
                                             f"({', '.join(sorted(PAYOUT_PRESETS))})")
        return PAYOUT_PRESETS[value]
    tiers = []
    for i, tier in enumerate(_tables("payouts", value), 1):
        shares = tier.get("percentages")
        if not isinstance(shares, list):
            raise TournamentError(f"payouts[{i}].percentages", "give a list of percentages")
        tiers.append(_make(f"payouts[{i}]", Tier, {**tier, "percentages": tuple(shares)},
                           ("up_to", "percentages")))
    return PayoutTable("custom", tuple(tiers))


def structure_from_data(data: Mapping[str, Any]) -> TournamentStructure:
    """A structure from the tables of a parsed TOML file."""
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise TournamentError(unknown[0], f"unknown key (known: {', '.join(sorted(_TOP))})")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise TournamentError(missing[0], "missing")
    chips = data["chips"]
    if not isinstance(chips, list):
        raise TournamentError("chips", "must be a list of chip values")
    fields: dict[str, Any] = {k: data[k] for k in ("name", "starting_stack", "buy_in",
                                                   "late_registration") if k in data}
    fields["chips"] = tuple(chips)
    fields["levels"] = tuple(_make(f"levels[{i}]", Level, t, _LEVEL_KEYS)
                             for i, t in enumerate(_tables("levels", data["levels"]), 1))
    fields["breaks"] = tuple(_make(f"breaks[{i}]", Break, t, ("after_level", "minutes"))
                             for i, t in enumerate(_tables("breaks", data.get("breaks", [])),
                                                   1))
    fields["colour_ups"] = tuple(
        _make(f"colour_ups[{i}]", ColourUp, t, ("at_level", "chip"))
        for i, t in enumerate(_tables("colour_ups", data.get("colour_ups", [])), 1))
    if "rebuys" in data:
        fields["rebuys"] = _make("rebuys", Rebuys, _table("rebuys", data["rebuys"]),
                                 ("until_level", "per_player", "chips", "price"))
    if "add_on" in data:
        fields["add_on"] = _make("add_on", AddOn, _table("add_on", data["add_on"]),
                                 ("chips", "price"))
    if "payouts" in data:
        fields["payouts"] = _payouts(data["payouts"])
    return TournamentStructure(**fields)


def structure_from_toml(text: str) -> TournamentStructure:
    """A structure from the text of a TOML structure file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TournamentError("file", f"not TOML: {err}") from None
    return structure_from_data(data)


def _percent(share: Fraction) -> int | str:
    if share.denominator == 1:
        return share.numerator
    rest = share.denominator
    for prime in (2, 5):
        while rest % prime == 0:
            rest //= prime
    return f"{float(share):g}" if rest == 1 else f"{share.numerator}/{share.denominator}"


def structure_to_data(structure: TournamentStructure) -> dict[str, Any]:
    """The TOML tables of a structure (every field written out)."""
    data: dict[str, Any] = {
        "name": structure.name, "starting_stack": structure.starting_stack,
        "buy_in": structure.buy_in, "chips": list(structure.chips),
        "late_registration": structure.late_registration,
    }
    table = structure.payouts
    if PAYOUT_PRESETS.get(table.name) == table:
        data["payouts"] = table.name
    else:
        data["payouts"] = [{"up_to": t.up_to, "percentages": [_percent(p)
                                                              for p in t.percentages]}
                           for t in table.tiers]
    if structure.rebuys is not None:
        r = structure.rebuys
        data["rebuys"] = {"until_level": r.until_level, "per_player": r.per_player,
                          "chips": r.chips, "price": r.price}
    if structure.add_on is not None:
        data["add_on"] = {"chips": structure.add_on.chips, "price": structure.add_on.price}
    data["levels"] = [{k: getattr(level, k) for k in _LEVEL_KEYS}
                      for level in structure.levels]
    if structure.breaks:
        data["breaks"] = [{"after_level": b.after_level, "minutes": b.minutes}
                          for b in structure.breaks]
    if structure.colour_ups:
        data["colour_ups"] = [{"at_level": c.at_level, "chip": c.chip}
                              for c in structure.colour_ups]
    return data


def _value(value: object) -> str:
    if isinstance(value, str):  # a JSON string is a TOML basic string, once DEL is escaped
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(map(_value, value)) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def structure_to_toml(structure: TournamentStructure) -> str:
    """The TOML text of a structure file: the plain keys, then the levels, breaks,
    colour-ups and payout tiers one to a line, then the ``rebuys`` and ``add_on``
    tables (last, as TOML wants keys after a table's header to belong to it)."""
    data = structure_to_data(structure)
    tables = [k for k, v in data.items() if isinstance(v, dict)]
    arrays = [k for k, v in data.items() if isinstance(v, list) and k != "chips"]
    lines = [f"{k} = {_value(v)}" for k, v in data.items() if k not in tables + arrays]
    for key in arrays:
        lines += ["", f"{key} = ["] + [f"  {_value(item)}," for item in data[key]] + ["]"]
    for key in tables:
        lines += ["", f"[{key}]"] + [f"{k} = {_value(v)}" for k, v in data[key].items()]
    return "\n".join(lines) + "\n"


def load_structure(source: str | Path) -> TournamentStructure:
    """A preset by name (``turbo``, ``regular``, ``deep``) or a structure file's path."""
    if isinstance(source, str) and source in PRESETS:
        return PRESETS[source]
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise TournamentError(str(path), f"no preset of that name, and the file cannot be "
                                         f"read ({err.strerror or err})") from None
    return structure_from_toml(text)


def save_structure(structure: TournamentStructure, path: str | Path) -> None:
    """Write ``structure`` to ``path`` as a TOML structure file."""
    Path(path).write_text(structure_to_toml(structure), encoding="utf-8")
