"""The fixed shape of each game for learning code: card positions, phases and the
abstract action set that every concrete :class:`~pokerroom.core.Action` is chosen from.

A learner picks an index of a ``Discrete(n)`` space; the index stands for one abstract
action of a *block*, and the block turns it into the concrete action the state's
``legal_actions`` allow right now, or into nothing (the index is masked). A game has the
blocks its rules can ever need, whatever its house rules, so the space is the same for
one game under any house rules:

============  =========================================================================
block         indices
============  =========================================================================
``bet``       fold; check, call or post the bring-in; bet or raise the minimum (stud: or
              complete); bet or raise half the pot; the pot; the maximum (all in)
``draw``      one index per subset of the hand's card positions: bit ``i`` discards
              position ``i`` (0: stand pat)
``declare``   out; in (Guts, Herbie; in jacks or better, a player all in for the ante
              declares the pot open or not, ``jacks-5``)
``pass``      pass the card at hand position ``i``
``discard``   throw away choice ``i`` of the offered groups (Hearts Poker: 0 the face-up
              pair, 1 the face-down pair)
``wagers``    Three Card Poker: Ante; Ante and Pair Plus; Ante, Pair Plus and 6 Card
              Bonus; Pair Plus alone (all at the table's stakes); the table minimum
              Ante; the table minimum Pair Plus; then play; fold
============  =========================================================================

Bet sizes are worked out from what the seat sees, the one way of
:mod:`pokerroom.options` (``pot_share`` and ``WagerRange.fit``): "half the pot" bets half the
chips in the middle, or raises to the current bet plus half of (the pot after calling);
every size is clipped into the allowed range, and a listed fixed-limit size is taken as
the largest one not over the target. Two indices that come to the same concrete action are
one choice: only the first is legal (in fixed limit only "the minimum" raises).

>>> from pokerroom.games import get_game
>>> shape = shape_for(get_game("lowball-27"))
>>> [(b.kind, b.size) for b in shape.blocks], shape.actions
([('bet', 6), ('draw', 32)], 38)
>>> shape.describe(3), shape.describe(6 + 0b00101)
('bet: bet or raise half the pot', 'draw: discard positions 0, 2')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.cards import Card
from pokerroom.casino.actions import PlaceWagers, PlaceWagersOption, PlayBet, PlayOption
from pokerroom.core import (
    Action,
    BetOption,
    BringInOption,
    CallOption,
    CheckOption,
    CompleteOption,
    DeclareOption,
    DiscardOption,
    DrawOption,
    Fold,
    FoldOption,
    Option,
    PassOption,
    RaiseOption,
)
from pokerroom.env.spots import bets_at
from pokerroom.errors import ConfigError
from pokerroom.game import Game
from pokerroom.options import (
    WagerRange,
    build,
    option_for,
    pot_share,
    sole_action,
    wager_in,
)

__all__ = ["Block", "GameShape", "Money", "house_rules_of", "plain_bets",
           "shape_for"]

BET_WORDS = ("fold", "check, call or bring in", "bet or raise the minimum",
             "bet or raise half the pot", "bet or raise the pot",
             "bet or raise the maximum")
WAGER_WORDS = ("wager the Ante", "wager Ante and Pair Plus",
               "wager Ante, Pair Plus and 6 Card Bonus", "wager Pair Plus alone",
               "wager the minimum Ante", "wager the minimum Pair Plus", "play", "fold")
_FRACTIONS = {3: 0.5, 4: 1.0}


@dataclass(frozen=True, slots=True)
class Money:
    """The chips a bet size is worked out from, as the seat sees them: everything in
    the middle (bets in front included), the seat's own bet this round, and the
    table's stakes (for the Three Card Poker presets)."""

    pot: int
    own_bet: int
    stakes: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Block:
    """A run of ``size`` indices of one ``kind`` (see the module docstring)."""

    kind: str
    size: int

    def words(self, index: int) -> str:
        """What index ``index`` of this block does, in words."""
        if self.kind == "bet":
            return BET_WORDS[index]
        if self.kind == "wagers":
            return WAGER_WORDS[index]
        if self.kind == "draw":
            if index == 0:
                return "stand pat"
            bits = [str(i) for i in range(self.size.bit_length()) if index >> i & 1]
            return "discard positions " + ", ".join(bits)
        if self.kind == "declare":
            return ("out", "in")[index]
        if self.kind == "pass":
            return f"pass the card at position {index}"
        return f"discard choice {index}"

    def concrete(self, index: int, seat: int, options: Sequence[Option],
                 hand: Sequence[Card | None], money: Money,
                 by_kind: Mapping[type[Option], Option] | None = None) -> Action | None:
        """The action index ``index`` stands for now, or ``None`` when no option takes
        it (then the index is masked); ``by_kind``: the options by type, when the
        caller has them."""
        if by_kind is None:
            by_kind = {type(option): option for option in options}
        if self.kind == "bet":
            return _bet(index, seat, by_kind, money)
        if self.kind == "draw":
            draw = by_kind.get(DrawOption)
            picked = [i for i in range(len(hand)) if index >> i & 1]
            if draw is None or index >> len(hand) or any(hand[i] is None for i in picked):
                return None
            action = build(draw, seat, cards=[c for i in picked if (c := hand[i]) is not None])
            return action if draw.allows(action) else None
        if self.kind == "declare":
            declare = by_kind.get(DeclareOption)
            if declare is None:
                return None
            action = build(declare, seat, stay=index == 1)
            return action if declare.allows(action) else None
        if self.kind == "pass":
            passing = by_kind.get(PassOption)
            card = hand[index] if index < len(hand) else None
            if passing is None or card is None:
                return None
            action = build(passing, seat, cards=(card,))
            return action if passing.allows(action) else None
        if self.kind == "discard":
            discard = by_kind.get(DiscardOption)
            if not isinstance(discard, DiscardOption) or index >= len(discard.choices):
                return None
            return build(discard, seat, cards=discard.choices[index])
        return _wagers(index, seat, by_kind, money)


def _bet(index: int, seat: int, by_kind: Mapping[type[Option], Option],
         money: Money) -> Action | None:
    if index < 2:
        return _plain(index, seat, by_kind)
    return _sized(index, seat, wager_in(by_kind.values()), by_kind, money)


def _bets(seat: int, by_kind: Mapping[type[Option], Option], money: Money
          ) -> list[Action | None]:
    """Every index of the bet block, as :func:`_bet` gives each (the bet or raise
    option read once)."""
    wager = wager_in(by_kind.values())
    return [_plain(0, seat, by_kind), _plain(1, seat, by_kind),
            *(_sized(index, seat, wager, by_kind, money) for index in range(2, 6))]


def _plain(index: int, seat: int, by_kind: Mapping[type[Option], Option]
           ) -> Action | None:
    """Fold (``index`` 0); check, call or bring in (1)."""
    for kind in _FOLD if index == 0 else _CHECK_OR_CALL:
        option = by_kind.get(kind)
        if option is not None:
            return sole_action(option, seat)
    return None


_FOLD = (FoldOption,)
_CHECK_OR_CALL = (CheckOption, CallOption, BringInOption)


def _sized(index: int, seat: int, wager: WagerRange | None,
           by_kind: Mapping[type[Option], Option], money: Money) -> Action | None:
    """A bet or raise of the block (``index`` 2 to 5), from the seat's ``wager``."""
    if wager is None:          # stud: the least "bet" completes the bring-in
        complete = by_kind.get(CompleteOption)
        return sole_action(complete, seat) if complete is not None and index == 2 else None
    if index in (2, 5):        # the least, the most
        return wager.action(seat, wager.fit(wager.low if index == 2 else wager.high))
    call = by_kind.get(CallOption)
    to_call = call.amount if isinstance(call, CallOption) else 0
    amount, to = pot_share(_FRACTIONS[index], pot=money.pot, to_call=to_call,
                           bet=money.own_bet)
    return wager.action(seat, wager.fit(to if wager.raises else amount))


_PLAIN_KINDS = (FoldOption, CheckOption, CallOption, BetOption, RaiseOption)
"""The options of a plain betting spot: :func:`plain_bets` works out their block."""


def plain_bets(seat: int, options: Sequence[Option], money: Money,
                made: dict[Any, Any] | None = None) -> list[Action | None] | None:
    """The bet block of a spot whose options are a fold, a check or a call, and a bet
    or a raise (each once at most, some missing), worked out size by size: what
    :meth:`GameShape.block_by_block` makes of it, with each size made into an action
    once (an index whose size an earlier one has, or that the wager does not allow, is
    ``None``); ``None`` for any other spot. A new spot of a no-limit table (a new pot,
    a new bet to call) is met at about one step in four at six seats. ``made``: the
    actions made before, to take again (see :func:`~pokerroom.env.spots.plain_action`).

    >>> options = (FoldOption(), CallOption(2), RaiseOption(min_to=4, max_to=100))
    >>> plain_bets(1, options, Money(pot=3, own_bet=1, stakes={}))
    [Fold(seat=1), Call(seat=1), Raise(seat=1, to=4), Raise(seat=1, to=5), \
Raise(seat=1, to=8), Raise(seat=1, to=100)]
    >>> plain_bets(1, options, Money(pot=0, own_bet=0, stakes={}))[2:]  # one size, once
    [Raise(seat=1, to=4), None, None, Raise(seat=1, to=100)]
    >>> plain_bets(1, options + (FoldOption(),), Money(3, 1, {})) is None  # not plain
    True
    """
    return bets_at(seat, options, money.pot, money.own_bet, made)


def _wagers(index: int, seat: int, by_kind: Mapping[type[Option], Option],
            money: Money) -> Action | None:
    if index == 6:
        return PlayBet(seat) if PlayOption in by_kind else None
    if index == 7:
        return Fold(seat) if FoldOption in by_kind and PlayOption in by_kind else None
    option = by_kind.get(PlaceWagersOption)
    if not isinstance(option, PlaceWagersOption):
        return None
    ante = money.stakes.get("ante", 10)
    pair_plus = money.stakes.get("pair_plus", 5)
    six = money.stakes.get("six_card_bonus", 0) or pair_plus
    least = option.min_bet
    ante_, pp_, six_ = ((ante, 0, 0), (ante, pair_plus, 0), (ante, pair_plus, six),
                        (0, pair_plus, 0), (least, 0, 0), (0, least, 0))[index]
    return PlaceWagers(seat, ante_, pp_, six_)


@dataclass(frozen=True, slots=True)
class GameShape:
    """One game's fixed shape: ``cards`` positions per seat, ``board`` positions of
    shared cards (or of the hand nobody owns: the ghost, Herbie, the dealer's), the
    action ``blocks`` in order, and the ``phases`` (streets) the observation names."""

    game: str
    cards: int
    board: int
    blocks: tuple[Block, ...]
    phases: tuple[str, ...]

    @property
    def actions(self) -> int:
        """The size of the ``Discrete`` action space."""
        return sum(block.size for block in self.blocks)

    def locate(self, index: int) -> tuple[Block, int]:
        """The block index ``index`` falls in, and its position inside the block."""
        if not 0 <= index < self.actions:
            raise ValueError(f"action {index} is outside 0..{self.actions - 1}")
        for block in self.blocks:
            if index < block.size:
                return block, index
            index -= block.size
        raise AssertionError("unreachable")

    def describe(self, index: int) -> str:
        """What action index ``index`` does, in words."""
        block, inner = self.locate(index)
        return f"{block.kind}: {block.words(inner)}"

    def concrete_actions(self, seat: int, options: Sequence[Option],
                         hand: Sequence[Card | None], money: Money) -> list[Action | None]:
        """Every index's concrete action now (``None``: masked). An index whose action
        an earlier index already stands for, or that no option allows, is ``None``."""
        if (len(self.blocks) == 1 and self.blocks[0].kind == "bet"
                and self.blocks[0].size == len(BET_WORDS)):
            plain = plain_bets(seat, options, money)
            if plain is not None:
                return plain
        return self.block_by_block(seat, options, hand, money)

    def block_by_block(self, seat: int, options: Sequence[Option],
                       hand: Sequence[Card | None], money: Money) -> list[Action | None]:
        """:meth:`concrete_actions` worked out one block and one index at a time, each
        action checked against the options (the way of every game; a spot of plain
        betting alone, hold'em's, is worked out size by size instead).

        >>> from pokerroom.core import CallOption, FoldOption, RaiseOption
        >>> from pokerroom.games import get_game
        >>> shape, money = shape_for(get_game("holdem")), Money(3, 1, {})
        >>> options = (FoldOption(), CallOption(2), RaiseOption(min_to=4, max_to=100))
        >>> shape.block_by_block(1, options, (), money) == \\
        ...     shape.concrete_actions(1, options, (), money)
        True
        """
        out: list[Action | None] = []
        seen: set[Action] = set()
        by_kind = {type(option): option for option in options}
        for block in self.blocks:
            if block.kind == "bet" and block.size == len(BET_WORDS):
                actions = _bets(seat, by_kind, money)
            else:
                actions = [block.concrete(inner, seat, options, hand, money, by_kind)
                           for inner in range(block.size)]
            for action in actions:
                if action is not None:
                    known = len(seen)
                    seen.add(action)            # one hash: the set grows unless seen
                    if len(seen) == known:
                        action = None
                    elif option_for(action, options) is None:
                        seen.discard(action)
                        action = None
                out.append(action)
        return out


def shape_for(entry: Game) -> GameShape:
    """The shape of a game (its :attr:`~pokerroom.game.Game.layout`);
    :class:`ConfigError` for a game with none."""
    layout = entry.layout
    if layout is None:
        raise ConfigError(f"{entry.name} has no learning-environment layout yet")
    return GameShape(entry.name, layout.hand_cards, layout.board_cards,
                     tuple(Block(kind, size) for kind, size in layout.blocks), layout.phases)


def stakes_of(entry: Game, stakes: Mapping[str, Any] | None) -> dict[str, int]:
    """The table's stakes: the game's defaults with ``stakes`` over them."""
    out = {name: int(value) for name, value in entry.default_stakes.items()}
    for name, value in (stakes or {}).items():
        out[name] = int(value)
    return out


def house_rules_of(entry: Game, given: Mapping[str, Any] | Sequence[str] | None
                   ) -> dict[str, Any]:
    """The game's house rules with ``given`` over the defaults: a mapping of names to
    values (text is parsed as on the command line) or ``NAME=VALUE`` strings."""
    if given is None or not isinstance(given, Mapping):
        return entry.parse_house_rules(list(given or ()))
    rules = entry.parse_house_rules([])
    specs = {spec.name: spec for spec in entry.house_rules}
    for name, value in given.items():
        if name not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise ConfigError(f"unknown house rule {name!r} for {entry.name} (known: {known})")
        text = value if isinstance(value, str) else \
            ("yes" if value else "no") if isinstance(value, bool) else str(value)
        rules[name] = specs[name].parse(text)
    return rules
