"""The button, stud and draw games of the poker engine, one :class:`~pokerroom.game.Game`
each: the engine variant that deals it, its default betting structure and stakes, the
house rules the engine offers it (:class:`~pokerroom.catalog.HouseRuleSpec` with the
SUPPLEMENT defaults) and its facets, read from the variant and the histories' codes.

>>> import random
>>> from pokerroom.catalog import TableSpec
>>> session = HOLDEM.new_table(TableSpec(players=("You", "Ann", "Bob"), stacks=(200,) * 3,
...     stakes=HOLDEM.default_stakes, house_rules=HOLDEM.parse_house_rules([]),
...     rng=random.Random(1)))
>>> print(session.announce().splitlines()[0])
Texas hold'em, no limit, blinds 1/2
>>> HOLDEM.layout.blocks, HOLDEM.layout.phases
((('bet', 6),), ('preflop', 'flop', 'turn', 'river'))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokerroom.analysis import odds_game
from pokerroom.analysis.odds_game import OddsGame
from pokerroom.catalog import STRUCTURE_SYNONYMS, HouseRuleSpec, TableSpec
from pokerroom.engine import ButtonMode, GameConfig, KillMode, Structure
from pokerroom.engine.variants import Forced, Variant, get_variant
from pokerroom.errors import ConfigError
from pokerroom.game import Game, Layout
from pokerroom.hands import games as rankings
from pokerroom.hands.games import ShowdownGame
from pokerroom.history.phh import GAME_PARTS
from pokerroom.sessions.poker import PokerSession, poker_capabilities

__all__ = ["DRAW_HIGH", "HOLDEM", "JACKS_OR_BETTER", "LOWBALL_27", "LOWBALL_27_TRIPLE",
           "LOWBALL_A5", "OMAHA", "OMAHA_HILO", "POKER_GAMES", "RAZZ", "STRUCTURES", "STUD",
           "STUD_HILO", "PokerTables", "check_blinds", "poker_layout", "structure_rule"]

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


def _config(variant: str | Variant, spec: TableSpec) -> GameConfig:
    rules = spec.house_rules
    var = get_variant(variant) if isinstance(variant, str) else variant
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


@dataclass(frozen=True, slots=True)
class PokerTables:
    """The tables of one poker game: its engine variant, the bots' strength kind, the
    showdown ranking that describes hands and the odds engine's game that judges them
    for the bots (``None``: the bots play without equity). Called with a :class:`TableSpec`, a new
    table; :meth:`session` a table for a config already made (a replayed hand's).
    ``variant`` is a variant's name, or the variant itself (a game's own);
    ``table_class`` the table's class, a :class:`PokerSession` with bots of its own say."""

    variant: str | Variant
    kind: str
    ranking: ShowdownGame
    odds: OddsGame | None = None
    table_class: type[PokerSession] = PokerSession

    def __call__(self, spec: TableSpec) -> PokerSession:
        config = _config(self.variant, spec)
        if len(spec.players) > config.variant.max_players:
            raise ConfigError(f"{config.variant.title} deals to at most "
                              f"{config.variant.max_players} players")
        session = self.session(config, spec.players, spec.stacks, spec.rng)
        # the button moves on to the first dealer at the first deal (as at a restart)
        session.table.button = (spec.first_dealer - 1) % len(spec.players)
        return session

    def session(self, config: GameConfig, players: Sequence[str], stacks: Sequence[int],
                rng: random.Random | None = None) -> PokerSession:
        """A table of ``config`` for ``players`` with ``stacks``."""
        return self.table_class(config, players, stacks, rng=rng, kind=self.kind,
                                ranking=self.ranking, odds=self.odds)


_OPEN_PAIR = HouseRuleSpec("open_pair_option", "bool", True,
                           "an open pair on fourth street may bet the big bet")
_SEVENS = HouseRuleSpec("sevens_rule", "bool", True,
                        "a seven or better must bet after the draw (limit)")
_ENGINE_RULES = {rule.name: rule for rule in (
    _RAISE_CAP, _QUALIFIER, _BUTTON, _KILL, _ANTE_LIMIT, _JOKER_OFF, _OPEN_PAIR, _SEVENS)}
"""The engine's house rules a game offers, by name (``check_raise`` the engine takes
too, from a table built in code)."""


def poker_layout(variant: Variant) -> Layout:
    """How the learning environments see a game of the engine: its hole and board cards,
    a bet block (fold, check or call, and four sizes of bet) and, in a draw game, a draw
    block (one action per set of cards to discard), in jacks or better a declare block
    (a seat all in for the ante declares the pot open or not, ``jacks-5``), and its
    betting rounds and draws.

    >>> poker_layout(get_variant("lowball-27-triple")).blocks
    (('bet', 6), ('draw', 32))
    >>> poker_layout(get_variant("jacks")).blocks
    (('bet', 6), ('draw', 32), ('declare', 2))
    """
    streets = variant.streets
    draws = sum(1 for s in streets if s.draw)
    names = [s.name for s in streets]
    if draws == 1:
        names.append("the draw")
    else:
        names.extend(f"the {n} draw" for n in ("first", "second", "third", "fourth")[:draws])
    hole = variant.hole_count
    blocks = (("bet", 6),) + ((("draw", 1 << hole),) if draws else ())
    if variant.openers_required:
        blocks += (("declare", 2),)
    return Layout(hole, sum(s.board for s in streets), blocks, tuple(names))


def _poker(name: str, kind: str, describes: ShowdownGame, structure: str,
           stakes: Mapping[str, int], rules: tuple[HouseRuleSpec, ...], summary: str, *,
           aliases: tuple[str, ...], variant: str = "", odds: OddsGame | None = None,
           pokerstars: str | None = None, ranking: ShowdownGame | None = None,
           structure_names: tuple[tuple[str, str], ...] = ()) -> Game:
    """The game ``name`` of the engine's variant ``variant`` (by default the game's own
    name): the bots play it as ``kind``, the table describes hands by the ranking
    ``describes`` (``rank`` and ``showdown`` by ``ranking``, by default the same), and it
    is dealt in ``structure`` unless a house rule says otherwise."""
    engine = get_variant(variant or name)
    return Game(
        name=name, title=engine.title, family="poker", description=summary,
        aliases=aliases, structure_names=structure_names, min_seats=2,
        max_seats=min(engine.max_players, 10),
        factory=PokerTables(engine.name, kind, describes, odds),
        capabilities=poker_capabilities(engine),
        house_rules=(structure_rule(structure), _RAISE_CAP,
                     *((_BUTTON, _KILL) if engine.forced is Forced.BLINDS else ()),
                     *((_ANTE_LIMIT,) if engine.openers_required else ()), *rules),
        default_stakes=stakes, default_stack=200 if stakes is _BLINDS else 300,
        rule_ids=engine.rule_ids, variant=engine.name, phh=GAME_PARTS[engine.name],
        pokerstars=pokerstars, layout=poker_layout(engine), odds=odds,
        ranking=ranking or describes, floor=True, on_timeout=(
            "bring in, check or fold" if engine.is_stud else
            "check or fold, and stand pat at the draw" if any(s.draw for s in engine.streets)
            else "check or fold"))


HOLDEM = _poker(
    "holdem", "high", rankings.HOLDEM, "no-limit", _BLINDS, (),
    "Two hole cards each; a flop of three board cards, a turn and a river; the best five "
    "of seven cards wins, and the board may play.",
    aliases=("texas-holdem", "texas-hold-em", "holdem-nl", "nlhe", "lhe", "th"),
    structure_names=(("nlhe", "no-limit"), ("holdem-nl", "no-limit"), ("lhe", "fixed-limit")),
    odds=odds_game.HOLDEM, pokerstars="Hold'em")
OMAHA = _poker(
    "omaha", "omaha", rankings.OMAHA, "pot-limit", _BLINDS, (),
    "Four hole cards each and a five-card board; a hand uses exactly two hole cards and "
    "three board cards.",
    aliases=("plo", "omaha-high", "omaha-hi"), structure_names=(("plo", "pot-limit"),),
    odds=odds_game.OMAHA, pokerstars="Omaha")
OMAHA_HILO = _poker(
    "omaha-hilo", "omaha-hilo", rankings.OMAHA_HILO, "fixed-limit", _BLINDS, (_QUALIFIER,),
    "Omaha split high-low: the best high and the best 8-or-better low (exactly two hole "
    "and three board cards each) share the pot.",
    aliases=("omaha8", "omaha-8", "o8", "plo8", "omaha-hi-lo", "omaha-high-low",
             "omaha-eight-or-better"), structure_names=(("plo8", "pot-limit"),),
    odds=odds_game.OMAHA_HILO, pokerstars="Omaha Hi/Lo")
STUD = _poker(
    "stud", "high", rankings.STUD, "fixed-limit", _STUD, (_OPEN_PAIR,),
    "Two down and one up, then three more up and the last down; the lowest upcard brings "
    "it in; the best five of seven wins.",
    aliases=("seven-card-stud", "7-card-stud", "7stud", "7cs"), odds=odds_game.STUD,
    pokerstars="7 Card Stud")
STUD_HILO = _poker(
    "stud-hilo", "hilo", rankings.STUD_HILO, "fixed-limit", _STUD, (_QUALIFIER,),
    "Seven-card stud split between the best high and the best 8-or-better low.",
    aliases=("stud8", "stud-8", "stud-hi-lo", "seven-card-stud-hi-lo", "stud-eight-or-better"),
    odds=odds_game.STUD_HILO, pokerstars="7 Card Stud Hi/Lo")
RAZZ = _poker(
    "razz", "a5", rankings.RAZZ, "fixed-limit", _STUD, (),
    "Seven-card stud for the lowest hand: ace-to-five, straights and flushes do not "
    "count; the highest upcard brings it in.",
    aliases=("seven-card-razz",), odds=odds_game.RAZZ, pokerstars="Razz")
LOWBALL_A5 = _poker(
    "lowball-a5", "a5", rankings.LOWBALL_A5, "fixed-limit", _BLINDS, (_JOKER_ON, _SEVENS),
    "Five-card draw for the lowest hand: 5-4-3-2-A is best; the joker is the lowest card "
    "missing from the hand; one draw.",
    aliases=("a5", "a-5", "ace-to-five", "california-lowball", "a5-lowball"),
    odds=odds_game.LOWBALL_A5, pokerstars="Single Draw A-5 Lowball")
LOWBALL_27 = _poker(
    "lowball-27", "27", rankings.LOWBALL_27, "no-limit", _BLINDS, (),
    "Five-card draw for the lowest hand, aces high and straights and flushes counting: "
    "7-5-4-3-2 is best; one draw.",
    aliases=("27", "2-7", "deuce-to-seven", "kansas-city-lowball", "27-lowball"),
    odds=odds_game.LOWBALL_27, pokerstars="Single Draw 2-7 Lowball")
LOWBALL_27_TRIPLE = _poker(
    "lowball-27-triple", "27", rankings.LOWBALL_27, "fixed-limit", _BLINDS, (),
    "Deuce-to-seven lowball with three draws and four betting rounds.",
    aliases=("27-triple", "triple-draw", "deuce-to-seven-triple-draw"),
    odds=odds_game.LOWBALL_27_TRIPLE, pokerstars="Triple Draw 2-7 Lowball",
    ranking=rankings.LOWBALL_27_TRIPLE)
DRAW_HIGH = _poker(
    "draw-high", "high", rankings.DRAW_HIGH, "fixed-limit", _ANTES, (_JOKER_OFF,),
    "Five cards each, a betting round, one draw, a betting round; the joker (an option) "
    "is the bug.",
    aliases=("draw", "five-card-draw", "5-card-draw"), odds=odds_game.DRAW_HIGH,
    pokerstars="5 Card Draw")
JACKS_OR_BETTER = _poker(
    "jacks-or-better", "high", rankings.DRAW_HIGH, "fixed-limit", _ANTES, (_JOKER_OFF,),
    "Five-card draw where a pair of jacks or better is needed to open; unopened deals "
    "carry the pot.", variant="jacks",
    aliases=("jacks", "jacks-or-better-draw"), odds=odds_game.JACKS_OR_BETTER,
    ranking=rankings.JACKS_OR_BETTER)

POKER_GAMES: tuple[Game, ...] = (
    HOLDEM, OMAHA, OMAHA_HILO, STUD, STUD_HILO, RAZZ, LOWBALL_A5, LOWBALL_27,
    LOWBALL_27_TRIPLE, DRAW_HIGH, JACKS_OR_BETTER)
"""The engine's games, in the rulebook's order."""
