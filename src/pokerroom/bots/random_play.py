"""A random legal action for any game, found through the protocol alone: the seat's legal
options and its own view. The conformance harness and the speed benchmarks play with it.

Amounts are the least, the most or something in between; a draw throws a random subset
of the seat's own cards; Three Card Poker wagers are random amounts its option accepts.

>>> import random
>>> from pokerroom.engine import GameConfig
>>> hand = GameConfig.of("holdem", "no limit", blinds=(1, 2)).new_hand([100] * 3)
>>> rng = random.Random(4)
>>> while hand.actors:
...     seat = hand.actors[0]
...     _ = hand.advance() if seat == DEALER else hand.apply(random_action(hand, seat, rng))
>>> sum(hand.returns().values())
0
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Mapping, Sequence

from pokerroom.cards import UNKNOWN, Card
from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption, PlayBet, PlayOption
from pokerroom.core import (
    DEALER,
    Action,
    DeclareOption,
    DiscardOption,
    DrawOption,
    HandState,
    Option,
    PassOption,
)
from pokerroom.options import WagerRange, build, sole_action
from pokerroom.tableview import View

__all__ = ["DEALER", "cards_in", "own_cards", "random_action", "random_option_action"]


def random_action(state: HandState, seat: int, rng: random.Random) -> Action:
    """A random legal action for ``seat``: a random option, then a random action in it
    (a draw throws some of the seat's own cards, read from its view)."""
    option = rng.choice(state.legal_actions(seat))
    hand = own_cards(state, seat) if isinstance(option, DrawOption) else ()
    return random_option_action(option, seat, rng, hand)


def random_option_action(option: Option, seat: int, rng: random.Random,
                         hand: Sequence[Card] = ()) -> Action:
    """A random action that ``option`` allows; a draw throws some of ``hand``.

    >>> from pokerroom.core import RaiseOption
    >>> random_option_action(RaiseOption(4, 4), 2, random.Random(1))
    Raise(seat=2, to=4)
    """
    action = sole_action(option, seat)
    if action is not None:
        return action
    wager = WagerRange.of(option)
    if wager is not None:
        if wager.listed:
            return wager.action(seat, rng.choice(wager.listed))
        return wager.action(seat, rng.choice((wager.low, wager.high,
                                              rng.randint(wager.low, wager.high))))
    if isinstance(option, DrawOption):
        k = rng.randint(option.min_cards, min(option.max_cards, len(hand)))
        # an opener who throws cards declares the split: whether the rest still hold
        # openers is the player's own knowledge (jacks-9)
        return build(option, seat, cards=rng.sample(list(hand), k),
                     split_openers=option.may_split_openers and k > 0)
    if isinstance(option, DeclareOption):
        return build(option, seat, stay=True if option.must_stay else rng.random() < 0.5)
    if isinstance(option, PassOption):
        return build(option, seat, cards=(rng.choice(option.cards),))
    if isinstance(option, DiscardOption):
        return build(option, seat, cards=rng.choice(option.choices))
    if isinstance(option, PlaceWagersOption):
        return _wagers(seat, option, rng)
    if isinstance(option, PlayOption):
        return PlayBet(seat)
    raise TypeError(f"no random action for {option!r}")


def own_cards(state: HandState, seat: int) -> list[Card]:
    """The cards ``seat`` holds, read from its own :class:`~pokerroom.tableview.View`.

    >>> from pokerroom.engine import GameConfig
    >>> hand = GameConfig.of("draw-high", ante=1).new_hand([50] * 2, rng=random.Random(1))
    >>> _ = hand.advance()
    >>> len(own_cards(hand, 0))
    5
    """
    view = state.view(seat)
    if not isinstance(view, View):
        raise TypeError(f"{type(state).__name__}.view() must give a tableview.View")
    return [c for c in view.seat(seat).cards if c != UNKNOWN]


def cards_in(value: object, found: set[Card] | None = None) -> set[Card]:
    """Every card named anywhere inside ``value`` (dataclasses, objects with slots,
    sequences, mappings), added to ``found`` when given. The values inside are read
    from a list of those still to look at, one way for every depth.

    >>> from pokerroom.cards import card
    >>> sorted(cards_in({"board": (card("As"), card("Kd")), "pot": 12}))
    [Kd, As]
    """
    out: set[Card] = set() if found is None else found
    shapes = _SHAPES
    pending = [value]
    pop, extend = pending.pop, pending.extend
    while pending:
        item = pop()
        kind = type(item)
        shape = shapes.get(kind)
        if shape is None:
            shape = shapes[kind] = _shape(kind)
        how = shape[0]
        if how == _CARD:
            out.add(item)  # type: ignore[arg-type]
        elif how == _ITEMS:
            extend(item)  # type: ignore[arg-type]
        elif how == _FIELDS:
            extend([getattr(item, name) for name in shape[1]])
        elif how == _MAPPING:
            extend(item.keys())  # type: ignore[attr-defined]
            extend(item.values())  # type: ignore[attr-defined]
        elif how == _SLOTS:
            extend([getattr(item, name) for name in shape[1] if hasattr(item, name)])
    return out


_ATOM, _CARD, _MAPPING, _ITEMS, _FIELDS, _SLOTS = range(6)
_SHAPES: dict[type, tuple[int, tuple[str, ...]]] = {}
"""How :func:`cards_in` reads a value of each type met so far (a hand's checks read the
same few types millions of times)."""


def _shape(kind: type) -> tuple[int, tuple[str, ...]]:
    """How :func:`cards_in` reads a value of type ``kind``: a card; nothing (``None``, text
    and numbers); a mapping's keys and values; a sequence's or a set's items; a
    dataclass's fields; or else the public slots of every class of its type's MRO that
    the value has set."""
    if issubclass(kind, Card):
        return _CARD, ()
    if kind is type(None) or issubclass(kind, str | bytes | int | float):
        return _ATOM, ()
    if issubclass(kind, Mapping):
        return _MAPPING, ()
    if issubclass(kind, tuple | list | set | frozenset):
        return _ITEMS, ()
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        return _FIELDS, tuple(item.name for item in dataclasses.fields(kind)
                              if not _holds_no_card(item.type))
    names: list[str] = []
    for klass in kind.__mro__:
        slots = getattr(klass, "__slots__", ())
        names.extend(name for name in ((slots,) if isinstance(slots, str) else slots)
                     if not name.startswith("_"))
    return _SLOTS, tuple(names)


_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9.]*")
_PLAIN_TYPES = frozenset({"int", "str", "bool", "float", "None", "tuple", "list", "set",
                          "frozenset", "dict"})


def _holds_no_card(annotation: object) -> bool:
    """True when a dataclass field's declared type (its annotation's text) is made only
    of numbers, text, flags and built-in containers of them: no card can be in it, so
    :func:`cards_in` need not look (a view's names, stacks, pots and words). A type
    given as an object, or naming anything else, is looked through.

    >>> _holds_no_card("tuple[tuple[str, int], ...]"), _holds_no_card("int | None")
    (True, True)
    >>> _holds_no_card("tuple[Card, ...]"), _holds_no_card("Option"), _holds_no_card(int)
    (False, False, False)
    """
    return isinstance(annotation, str) and \
        all(word in _PLAIN_TYPES for word in _WORD.findall(annotation))


def _wagers(seat: int, option: PlaceWagersOption, rng: random.Random) -> Action:
    top = option.max_bet if option.max_bet is not None else option.min_bet * 10
    for _ in range(20):
        action = PlaceWagers(seat, rng.choice((0, option.min_bet,
                                               rng.randint(option.min_bet, top))),
                             rng.choice((0, 0, option.min_bet)),
                             rng.choice((0, 0, option.min_bet)))
        if option.allows(action):
            return action
    return PlaceWagers(seat, option.min_bet)
