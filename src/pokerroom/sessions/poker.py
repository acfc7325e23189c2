"""The button, stud and draw games of the poker engine in the catalog.

Each game is a :class:`~pokerroom.engine.config.GameConfig` (variant, betting structure,
stakes, house rules) played hand after hand by the engine's
:class:`~pokerroom.engine.table.Table` inside a :class:`PokerSession`: stacks carry over,
the button and blinds move as SUPPLEMENT §2 says, a player with no chips sits out, and a
jacks-or-better pot nobody opened is carried into the next deal. The stakes and the
house rules the engine offers are :class:`~pokerroom.catalog.HouseRuleSpec` with the
SUPPLEMENT defaults.

>>> import random
>>> from pokerroom.catalog import TableSpec, get_game
>>> entry = get_game("holdem")
>>> session = entry.factory(TableSpec(players=("You", "Ann", "Bob"), stacks=(200,) * 3,
...     stakes=entry.default_stakes, house_rules=entry.parse_house_rules([]),
...     rng=random.Random(1)))
>>> print(session.announce().splitlines()[0])
Texas hold'em, no limit, blinds 1/2
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokerroom.bots import DEFAULT_LEVEL
from pokerroom.bots.levels import LeveledBot
from pokerroom.bots.poker import PokerBot
from pokerroom.catalog import STRUCTURE_SYNONYMS, GameEntry, HouseRuleSpec, TableSpec, register
from pokerroom.core import Event, HandState
from pokerroom.engine import ButtonMode, GameConfig, KillMode, Structure
from pokerroom.engine.state import PokerHand
from pokerroom.engine.table import Table
from pokerroom.engine.variants import Forced, Variant, get_variant
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.hands.games import get_game as ranking_for
from pokerroom.history.narration_poker import PokerStory
from pokerroom.history.phh import hand_to_phh
from pokerroom.session import Capabilities, HandResult, Session, net_lines
from pokerroom.tableview import Bot, SeatSnapshot, View

__all__ = ["POKER_GAMES", "STRUCTURES", "PokerGame", "PokerSession", "poker_capabilities",
           "structure_rule"]


def poker_capabilities(variant: Variant) -> Capabilities:
    """A poker table carries a pot only where nobody opened a jacks-or-better deal.

    >>> poker_capabilities(get_variant("jacks")).carries_pot
    True
    >>> poker_capabilities(get_variant("holdem")) == Capabilities()
    True
    """
    return Capabilities(carries_pot=variant.openers_required)


class PokerSession(Session):
    """A table of one poker game, run by the engine's
    :class:`~pokerroom.engine.table.Table` (button and blinds per SUPPLEMENT §2, kill
    pots, jacks-or-better re-antes)."""

    def __init__(self, config: GameConfig, names: Sequence[str], stacks: Sequence[int], *,
                 rng: random.Random | None, kind: str, ranking: str) -> None:
        self.config = config
        self._names = tuple(names)
        self.table = Table(config, seats=len(names), rng=rng)
        for seat, (name, chips) in enumerate(zip(names, stacks, strict=True)):
            self.table.join(seat, name, chips)
        self._kind = kind
        self._ranking = ranking_for(ranking)
        values = {"joker": "on" if config.joker else "off",
                  "low_qualifier": config.rules.low_qualifier}
        words = [f"{name}={value}" for name, value in values.items()
                 if name in self._ranking.rule_names]
        self._rank_rules = self._ranking.rules(words)
        self._rank_words = tuple(words)
        # hand descriptions by (cards, board), for the views of the current hands
        self._descriptions: dict[tuple[tuple[Any, ...], tuple[Any, ...]], str] = {}
        self._story = PokerStory(self._names, stud=not config.variant.button_game)
        self._before: tuple[int, ...] = tuple(stacks)
        self._capabilities = poker_capabilities(config.variant)

    @property
    def capabilities(self) -> Capabilities:
        return self._capabilities

    @property
    def title(self) -> str:
        return self.config.variant.title

    @property
    def stakes_text(self) -> str:
        return f"{self.config.structure.value}, {self.config.stakes.describe()}"

    @property
    def players(self) -> tuple[str, ...]:
        return self._names

    @property
    def stacks(self) -> tuple[int, ...]:
        hand = self.table.hand
        return hand.final_stacks if hand is not None else self.table.stacks

    @property
    def chips_held(self) -> int:
        hand = self.table.hand  # in play: its pot; over: what it carries to the next deal
        return self.table.carried if hand is None else hand.total_chips - sum(hand.stacks)

    @property
    def is_finished(self) -> bool:
        barred = self.table.barred if self.table.hand is None else ()     # jacks-5
        return sum(1 for seat, chips in enumerate(self.stacks)
                   if chips > 0 and seat not in barred) < 2

    def announce(self) -> str:
        return self.table.announce()

    @property
    def dealer(self) -> int | None:
        return self.table.button if self.table.button >= 0 else None

    def new_hand(self) -> HandState:
        if self.table.hand is not None:
            raise ConfigError("the current hand is not settled yet")
        if self.is_finished:
            raise ConfigError("fewer than two players have chips")
        self._before = self.table.stacks
        return self.table.next_hand()

    def settle(self, state: HandState) -> HandResult:
        hand = self.table.hand
        if hand is None or state is not hand:
            raise ConfigError("that is not this table's current hand")
        if not hand.is_over or hand.result is None:
            raise ConfigError("the hand is not over yet")
        self.table.finish(hand)
        stacks = self.table.stacks
        net = tuple(now - then for now, then in zip(stacks, self._before, strict=True))
        # every chip the hand's pots held: what was awarded plus what is carried
        pot = sum(award.amount for award in hand.result.awards) + hand.result.carried
        lines = [f"Total pot {pot}"]
        if hand.board:
            lines.append(f"Board [{' '.join(map(repr, hand.board))}]")
        lines.extend(line for line in self._story.ending(hand.result)
                     if line != "*** SHOW DOWN ***")
        return HandResult(net=net, summary=(*lines, *net_lines(self._names, net, stacks)))

    def phh_record(self, state: HandState) -> dict[str, object] | None:
        """The finished hand as PHH data (:mod:`pokerroom.history`), every card in it,
        the players named in the order they were dealt."""
        if not isinstance(state, PokerHand) or not state.is_over:
            return None
        data: dict[str, object] = dict(hand_to_phh(state))
        data.setdefault("players", [self._names[seat] for seat in state.deal_order])
        return data

    def bot_snapshot(self, state: HandState, seat: int,
                     view: object | None = None) -> View:
        """The snapshot without the hand descriptions (a bot values its own hand), from
        ``view`` when the caller has it already."""
        return self.snapshot(state, seat, notes=False,
                             view=view if isinstance(view, View) else None)

    def snapshot(self, state: HandState, seat: int | None, *, notes: bool = True,
                 view: View | None = None) -> View:
        """The hand's own view (``view``, when the caller has it already) with the
        players' names, each known hand in words (unless not ``notes``), the hand number
        and the bet to call."""
        assert isinstance(state, PokerHand)
        if view is None:
            view = state.view(seat)
        seats: list[SeatSnapshot] = []
        for info in view.seats:
            shown = (view.over and not info.folded and all(c.is_known for c in info.cards))
            note = (self._describe(info.cards, view.board)
                    if notes and (info.seat == seat or shown) else "")
            seats.append(replace(info, name=self._names[info.seat], note=note))
        to_call = view.to_call(seat) if seat is not None and seat in view.to_act else 0
        talk = (f"{to_call} to call",) if to_call > 0 else ()
        return replace(view, game=f"{self.title} ({self.stakes_text})", seats=tuple(seats),
                       hand_no=self.table.hands_played + (self.table.hand is not None),
                       button=view.button if self.config.variant.button_game else None,
                       notes=talk)

    def _describe(self, cards: Sequence[Any], board: Sequence[Any]) -> str:
        known = tuple(c for c in cards if c.is_known)
        key = (known, tuple(board))
        text = self._descriptions.get(key)
        if text is None:
            if len(self._descriptions) >= 512:
                self._descriptions.clear()
            try:
                high, low = self._ranking.evaluate(known, key[1], self._rank_rules)
            except (InvalidHandError, ConfigError):
                text = ""
            else:
                text = "; ".join(v.description for v in (high, low) if v is not None)
            self._descriptions[key] = text
        return text

    def narrate(self, events: Sequence[Event]) -> list[str]:
        return self._story.tell(events)

    def make_bot(self, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL) -> Bot:
        button_game = self.config.variant.button_game
        if level == "easy":
            return PokerBot(self._kind, rng, button_game=button_game)
        rules = [w for w in self._rank_words if w.startswith("joker=")]
        return LeveledBot(self.config.variant.name, level, rng, kind=self._kind,
                          button_game=button_game, house_rules=rules)


# --------------------------------------------------------------------------- the games

STRUCTURES = {"fixed-limit": Structure.FIXED_LIMIT, "pot-limit": Structure.POT_LIMIT,
              "no-limit": Structure.NO_LIMIT}
"""The betting structures as a house rule's choices (Hearts Poker offers them too)."""
_BLINDS = {"small_blind": 1, "big_blind": 2}
_STUD = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
_ANTES = {"ante": 1, "small_bet": 2, "big_bet": 4}


def structure_rule(default: str) -> HouseRuleSpec:
    """The ``structure`` house rule, ``default`` unless chosen."""
    return HouseRuleSpec("structure", "choice", default, "betting structure",
                         tuple(STRUCTURES), synonyms=STRUCTURE_SYNONYMS,
                         value=STRUCTURES.__getitem__)


_RAISE_CAP = HouseRuleSpec("raise_cap", "int", 0,
                           "bets and raises per round multi-way in fixed limit (0: the "
                           "rulebook's)", value=lambda cap: int(cap) or None)
_QUALIFIER = HouseRuleSpec("low_qualifier", "int", 8, "highest card of a qualifying low",
                           aliases=("qualifier",))
_BUTTON = HouseRuleSpec("button", "choice", "dead", "how the button moves when players "
                        "leave (supp-dead-button)", ("dead", "moving"),
                        value=lambda word: ButtonMode[word.upper()])
_KILL = HouseRuleSpec("kill", "choice", "none", "kill pots: none, half (1.5x) or full (2x)",
                      ("none", "half", "full"), value=lambda word: KillMode[word.upper()])
_ANTE_LIMIT = HouseRuleSpec("ante_limit", "int", 3,
                            "unopened deals anted before the pot just carries (jacks-1)")
_JOKER_ON = HouseRuleSpec("joker", "bool", True, "the joker is in the deck")
_JOKER_OFF = HouseRuleSpec("joker", "bool", False, "the joker is in the deck")


def check_blinds(small: int, big: int) -> None:
    """Refuse blinds no table can post: the big blind is the larger and is positive (a
    small blind of 0 plays one blind).

    >>> check_blinds(2, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.ConfigError: the small blind (2) is above the big blind (1): ... 1/2
    """
    if big <= 0:
        raise ConfigError(f"the big blind must be positive, not {big} (a small blind of 0 "
                          "plays one blind)")
    if small > big:
        raise ConfigError(f"the small blind ({small}) is above the big blind ({big}): "
                          f"blinds are small/big, e.g. {big}/{small}")


def _config(variant: str, spec: TableSpec) -> GameConfig:
    rules = spec.house_rules
    var = get_variant(variant)
    structure = STRUCTURES[str(rules.get("structure", "fixed-limit"))]
    house = {name: _ENGINE_RULES[name].typed(value) if name in _ENGINE_RULES else value
             for name, value in rules.items() if name in (*_ENGINE_RULES, "check_raise")}
    blinds: tuple[int, ...] = ()
    if var.forced is Forced.BLINDS:
        small, big = spec.stakes_of(_BLINDS).values()
        check_blinds(small, big)
        blinds = tuple(b for b in (small, big) if b > 0)
    sizes = spec.stakes_of(dict.fromkeys(("ante", "bring_in", "small_bet", "big_bet"), 0))
    return GameConfig.of(var, structure, blinds=blinds, **sizes | house)


def _factory(variant: str, kind: str, ranking: str) -> Callable[[TableSpec], PokerSession]:
    def make(spec: TableSpec) -> PokerSession:
        config = _config(variant, spec)
        if len(spec.players) > config.variant.max_players:
            raise ConfigError(f"{config.variant.title} deals to at most "
                              f"{config.variant.max_players} players")
        session = PokerSession(config, spec.players, spec.stacks, rng=spec.rng, kind=kind,
                               ranking=ranking)
        # the button moves on to the first dealer at the first deal
        session.table.button = (spec.first_dealer - 1) % len(spec.players)
        return session
    return make


@dataclass(frozen=True, slots=True)
class PokerGame:
    """One catalog entry of the engine: its name, the engine variant, the bot's strength
    kind, the showdown ranking that describes hands, the default structure,
    default stakes, its own house rules and a summary of the rules."""

    name: str
    variant: str
    kind: str
    ranking: str
    structure: str
    stakes: Mapping[str, int]
    rules: tuple[HouseRuleSpec, ...]
    summary: str


_OPEN_PAIR = HouseRuleSpec("open_pair_option", "bool", True,
                           "an open pair on fourth street may bet the big bet")
_SEVENS = HouseRuleSpec("sevens_rule", "bool", True,
                        "a seven or better must bet after the draw (limit)")
_ENGINE_RULES = {rule.name: rule for rule in (
    _RAISE_CAP, _QUALIFIER, _BUTTON, _KILL, _ANTE_LIMIT, _JOKER_OFF, _OPEN_PAIR, _SEVENS)}
"""The engine's house rules a game offers, by name (``check_raise`` the engine takes
too, from a table built in code)."""

POKER_GAMES: tuple[PokerGame, ...] = (
    PokerGame("holdem", "holdem", "high", "holdem", "no-limit", _BLINDS, (),
              "Two hole cards each; a flop of three board cards, a turn and a river; the "
              "best five of seven cards wins, and the board may play."),
    PokerGame("omaha", "omaha", "omaha", "omaha", "pot-limit",
              _BLINDS, (), "Four hole cards each and a five-card board; a hand uses exactly "
              "two hole cards and three board cards."),
    PokerGame("omaha-hilo", "omaha-hilo", "omaha-hilo", "omaha-hilo", "fixed-limit",
              _BLINDS, (_QUALIFIER,),
              "Omaha split high-low: the best high and the best 8-or-better low (exactly two "
              "hole and three board cards each) share the pot."),
    PokerGame("stud", "stud", "high", "stud", "fixed-limit",
              _STUD, (_OPEN_PAIR,), "Two down and one up, then three more up and the last "
              "down; the lowest upcard brings it in; the best five of seven wins."),
    PokerGame("stud-hilo", "stud-hilo", "hilo", "stud-hilo", "fixed-limit",
              _STUD, (_QUALIFIER,),
              "Seven-card stud split between the best high and the best 8-or-better low."),
    PokerGame("razz", "razz", "a5", "razz", "fixed-limit", _STUD, (),
              "Seven-card stud for the lowest hand: ace-to-five, straights and flushes do "
              "not count; the highest upcard brings it in."),
    PokerGame("lowball-a5", "lowball-a5", "a5", "lowball-a5", "fixed-limit",
              _BLINDS, (_JOKER_ON, _SEVENS),
              "Five-card draw for the lowest hand: 5-4-3-2-A is best; the joker is the "
              "lowest card missing from the hand; one draw."),
    PokerGame("lowball-27", "lowball-27", "27", "lowball-27", "no-limit", _BLINDS, (),
              "Five-card draw for the lowest hand, aces high and straights and flushes "
              "counting: 7-5-4-3-2 is best; one draw."),
    PokerGame("lowball-27-triple", "lowball-27-triple", "27", "lowball-27", "fixed-limit",
              _BLINDS, (),
              "Deuce-to-seven lowball with three draws and four betting rounds."),
    PokerGame("draw-high", "draw-high", "high", "draw-high", "fixed-limit",
              _ANTES, (_JOKER_OFF,),
              "Five cards each, a betting round, one draw, a betting round; the joker (an "
              "option) is the bug."),
    PokerGame("jacks-or-better", "jacks", "high", "draw-high", "fixed-limit",
              _ANTES, (_JOKER_OFF,),
              "Five-card draw where a pair of jacks or better is needed to open; unopened "
              "deals carry the pot."),
)

for _game in POKER_GAMES:
    _variant = get_variant(_game.variant)
    register(GameEntry(
        name=_game.name, title=_variant.title, family="poker", description=_game.summary,
        min_seats=2, max_seats=min(_variant.max_players, 10),
        factory=_factory(_variant.name, _game.kind, _game.ranking),
        capabilities=poker_capabilities(_variant),
        house_rules=(structure_rule(_game.structure), _RAISE_CAP,
                     *((_BUTTON, _KILL) if _variant.forced is Forced.BLINDS else ()),
                     *((_ANTE_LIMIT,) if _variant.openers_required else ()), *_game.rules),
        default_stakes=_game.stakes, default_stack=200 if _game.stakes is _BLINDS else 300))
