"""Setting a table up from command-line words: seats, stakes, house rules, names, seed.

>>> parse_stakes("5/10", {"small_blind": 1, "big_blind": 2})
{'small_blind': 5, 'big_blind': 10}
>>> parse_stakes("ante=2", {"ante": 1, "bring_in": 2})
{'ante': 2, 'bring_in': 2}
>>> parse_stakes("5/x", {"ante": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: stakes '5/x': write amounts like 1/2 or names like ... ante)
>>> seat_names("Sam", 4)
('Sam', 'Ann', 'Bob', 'Cleo')
>>> entry, rules = named_game("lhe", [])
>>> entry.name, rules
('holdem', ['structure=fixed-limit'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pokerroom.catalog import TableSpec
from pokerroom.deck import system_rng
from pokerroom.errors import ConfigError
from pokerroom.game import Game
from pokerroom.games import get_game
from pokerroom.session import Session

__all__ = ["BOT_NAMES", "DEFAULT_SEATS", "DEFAULT_STACK", "build_session", "named_game",
           "parse_stakes", "seat_names"]

DEFAULT_SEATS = 5
"""Players at a terminal table unless ``--seats`` says otherwise (within the game's
limits): the same for ``make play`` (dealer's choice) and ``play GAME``."""
DEFAULT_STACK = 1000
"""Chips each player starts with at the terminal unless ``--stack`` says otherwise."""

BOT_NAMES = ("Ann", "Bob", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit",
             "Lou", "Max", "Ned", "Ola", "Pia", "Quin", "Rae", "Sol", "Tess", "Uma", "Vic")


def parse_stakes(text: str | None, defaults: Mapping[str, int]) -> dict[str, int]:
    """The game's default stakes, changed by ``text``: amounts in the order the game
    lists them (``1/2``) or ``name=amount`` pairs separated by commas."""
    stakes = dict(defaults)
    if not text or not text.strip():
        return stakes
    known = ", ".join(defaults) or "none"
    problem = ConfigError(f"stakes {text!r}: write amounts like 1/2 or names like ante=2 "
                          f"(known: {known})")
    try:
        if "=" in text:
            for pair in text.split(","):
                word, _, number = pair.partition("=")
                key = word.strip().replace("-", "_")
                if key not in defaults:
                    raise problem
                stakes[key] = int(number)
        else:
            amounts = [int(part) for part in text.replace(",", "/").split("/")]
            if len(amounts) > len(defaults):
                raise problem
            for key, amount in zip(defaults, amounts, strict=False):
                stakes[key] = amount
    except ValueError:
        raise problem from None
    if any(amount < 0 for amount in stakes.values()):
        raise ConfigError(f"stakes {text!r}: amounts cannot be negative")
    return stakes


def named_game(name: str, house_rules: Sequence[str]) -> tuple[Game, list[str]]:
    """The game called ``name`` and the house rules to deal it by: a name that names a
    betting structure (``lhe``, ``plo8``) deals that structure, then ``house_rules``.
    :class:`ConfigError` for an unknown game, or a structure rule that contradicts the
    name (the game's own name takes any structure).

    >>> named_game("plo8", ["structure=no-limit"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.ConfigError: plo8 is pot-limit Omaha high-low eight or better, not \
no-limit: play omaha-hilo --house-rule structure=no-limit
    """
    entry = get_game(name)
    named = entry.structure_named(name)
    if named is None:
        return entry, list(house_rules)
    spec = next((spec for spec in entry.house_rules if spec.name == "structure"), None)
    asked = [pair for pair in house_rules if spec is not None
             and spec.answers_to(pair.partition("=")[0])]
    chosen = spec.parse(asked[-1].partition("=")[2]) if spec and asked else named
    if chosen != named:
        raise ConfigError(f"{name} is {named} {entry.title}, not {chosen}: play "
                          f"{entry.name} --house-rule structure={chosen}")
    return entry, [f"structure={named}", *house_rules]


def seat_names(name: str, seats: int) -> tuple[str, ...]:
    """The human's name in seat 1, bots after."""
    others = [bot for bot in BOT_NAMES if bot.lower() != name.lower()]
    return (name, *others[: seats - 1])


def build_session(entry: Game, *, seats: int | None, stakes: str | None,
                  house_rules: Sequence[str], seed: int | None, name: str,
                  stack: int | None = None, bots_only: bool = False,
                  stacks: Sequence[int] | None = None,
                  rng: random.Random | None = None) -> Session:
    """A session of ``entry`` ready to play; :class:`ConfigError` for impossible
    settings (too many seats, unknown house rules, bad stakes)."""
    count = seats if seats is not None else min(max(entry.min_seats, DEFAULT_SEATS),
                                                 entry.max_seats)
    if not entry.min_seats <= count <= entry.max_seats:
        raise ConfigError(f"{entry.title} seats {entry.min_seats} to {entry.max_seats} "
                          f"players, not {count}")
    chips = stack if stack is not None else DEFAULT_STACK
    if chips <= 0:
        raise ConfigError(f"a stack must be positive, not {chips}")
    names = tuple(BOT_NAMES[:count]) if bots_only else seat_names(name, count)
    rules: dict[str, Any] = entry.parse_house_rules(house_rules)
    if rng is None:
        rng = random.Random(seed) if seed is not None else system_rng()
    if stacks is not None and len(stacks) != count:
        raise ConfigError(f"{count} seats need {count} stacks, not {len(stacks)}")
    spec = TableSpec(players=names, stacks=tuple(stacks) if stacks else (chips,) * count,
                     stakes=parse_stakes(stakes, entry.default_stakes), house_rules=rules,
                     rng=rng)
    return entry.factory(spec)
