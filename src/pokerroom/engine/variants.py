"""Every game of the rulebook as data: its streets, deck, forced bets and showdown.

A :class:`Variant` lists :class:`Street` records in order. Each street says what the
dealer deals (a burn, cards to each live seat face down or up, board cards), whether the
players draw, which bet size applies in fixed limit, and who opens the betting. The hand
state machine reads this data; the few rules that do not fit in data are named hooks
(:class:`Opener`, ``openers_required``, ``sevens_rule``...).

>>> VARIANTS["holdem"].streets[1].board
3
>>> [s.name for s in VARIANTS["stud"].streets]
['third street', 'fourth street', 'fifth street', 'sixth street', 'seventh street']
>>> get_variant("razz").low
'razz'

A game beyond these is a :class:`Variant` of its own: its streets (:func:`board_streets`,
:func:`draw_streets`: any number of hole cards and draws), its deck when it is not the
standard 52 cards, and its showdown as the name of a built-in evaluation or as a ranking
(:class:`~pokerroom.hands.base.Ranking`) that reads a seat's cards with the board:

>>> from pokerroom.hands.short_deck import SHORT_DECK_CARDS, SHORT_DECK_HIGH
>>> short = Variant("short", "Short-deck hold'em", board_streets(2), Forced.BLINDS,
...                 SHORT_DECK_HIGH, deck=SHORT_DECK_CARDS)
>>> five_card = Variant("omaha5", "Five-card Omaha", board_streets(5), Forced.BLINDS, "omaha")
>>> len(short.deck), five_card.hole_count
(36, 5)
>>> short.high.name
'short deck (a straight beats three of a kind; a flush beats a full house)'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pokerroom.cards import Card
from pokerroom.errors import ConfigError
from pokerroom.hands.base import Ranking

__all__ = ["VARIANTS", "Forced", "Opener", "Street", "Variant", "board_streets", "draw_streets",
           "get_variant"]


class Opener(enum.Enum):
    """Who acts first on a betting round."""

    BLINDS = "first seat left of the last blind"
    BUTTON = "first live seat left of the button"
    BRING_IN = "the bring-in, by the lowest (razz: highest) upcard by suit"
    HIGH_BOARD = "the best hand showing, ties to the first seat dealt"
    LOW_BOARD = "the lowest hand showing, ties to the first seat dealt"
    OPENER = "the player who opened, or the next live seat"


class Forced(enum.Enum):
    """The forced bets a game starts with."""

    BLINDS = "blinds"
    BRING_IN = "antes and a bring-in"
    ANTES = "antes"


_BRING_IN = Forced.BRING_IN     # enum members are slow to look up on the hot path


@dataclass(frozen=True, slots=True)
class Street:
    """One street: what is dealt, whether players draw, and the betting round after it.

    ``hole`` has one flag per card dealt to every live seat (``True``: face up).
    ``big_bet`` picks the fixed-limit size for the round.
    """

    name: str
    hole: tuple[bool, ...] = ()
    board: int = 0
    burn: bool = False
    draw: bool = False
    big_bet: bool = False
    opener: Opener = Opener.BUTTON


@dataclass(frozen=True, slots=True)
class Variant:
    """One game: its streets, deck and showdown.

    ``high`` and ``low`` are the showdown evaluations: the name of one built into
    :mod:`pokerroom.engine.showdown`, or a :class:`~pokerroom.hands.base.Ranking` that
    evaluates a seat's cards together with the board; ``low`` alone is a low-only game,
    both a high-low split. ``raise_cap`` counts the bet and raises allowed multi-way in
    fixed limit. ``deck`` lists the cards of the deck when it is not the standard 52
    (plus ``jokers``): a short deck's 36, say.
    ``blind_form`` names the same game dealt with blinds instead of antes, where there
    is one (five-card draw: the rulebook's game has an ante; the online rooms deal it
    with a small and a big blind, the first round opened left of the big blind and the
    round after the draw by the first live seat left of the button, as lowball is).
    """

    name: str
    title: str
    streets: tuple[Street, ...]
    forced: Forced
    high: str | Ranking | None
    low: str | Ranking | None = None
    jokers: int = 0
    raise_cap: int = 4
    max_players: int = 10
    button_game: bool = True
    bring_in_low_ace_high: bool = True
    open_pair_option: bool = False
    openers_required: bool = False
    sevens_rule: bool = False
    no_check_raise_in_limit: bool = False
    phh_code: str | None = None
    rule_ids: tuple[str, ...] = ()
    deck: tuple[Card, ...] = ()
    blind_form: str | None = None

    def __post_init__(self) -> None:
        if self.deck and (len(set(self.deck)) != len(self.deck)
                          or not all(c.is_standard for c in self.deck)):
            raise ConfigError(f"the deck of {self.title} must be distinct standard cards")

    @property
    def is_split(self) -> bool:
        """True for high-low split games."""
        return self.high is not None and self.low is not None

    @property
    def is_stud(self) -> bool:
        """True when the game opens with a bring-in (the stud family)."""
        return self.forced is _BRING_IN

    @property
    def hole_count(self) -> int:
        """Cards each player holds at the end (without a board)."""
        return sum(len(s.hole) for s in self.streets)


def board_streets(hole: int) -> tuple[Street, ...]:
    """The streets of a flop game dealing ``hole`` cards down to each player: blinds
    before the flop, then flop, turn and river, each after a burn.

    >>> [s.name for s in board_streets(5)], len(board_streets(5)[0].hole)
    (['preflop', 'flop', 'turn', 'river'], 5)
    """
    return (
        Street("preflop", hole=(False,) * hole, opener=Opener.BLINDS),
        Street("flop", board=3, burn=True),
        Street("turn", board=1, burn=True, big_bet=True),
        Street("river", board=1, burn=True, big_bet=True),
    )


def _stud_streets(later_opener: Opener = Opener.HIGH_BOARD) -> tuple[Street, ...]:
    """Stud's streets; from fourth street the best hand showing opens (razz: the
    lowest, ``LOW_BOARD``)."""
    later = (("fourth", True), ("fifth", True), ("sixth", True), ("seventh", False))
    return (Street("third street", hole=(False, False, True), opener=Opener.BRING_IN),
            *(Street(f"{name} street", hole=(up,), burn=True, big_bet=name != "fourth",
                     opener=later_opener) for name, up in later))


def draw_streets(draws: int, first: Opener, after: Opener, *, cards: int = 5
                 ) -> tuple[Street, ...]:
    """The streets of a draw game: ``cards`` dealt down, a betting round opened by
    ``first``, then one to three draws, each followed by a round opened by ``after``;
    with more than one draw the big bet starts after the second.

    >>> streets = draw_streets(3, Opener.BLINDS, Opener.BUTTON, cards=4)
    >>> len(streets[0].hole), [s.big_bet for s in streets]
    (4, [False, False, True, True])
    """
    names = ("after the draw", "after the second draw", "after the third draw")
    if not 1 <= draws <= len(names):
        raise ConfigError(f"a draw game has one to three draws, not {draws}")
    return (Street("first round", hole=(False,) * cards, opener=first),
            *(Street(names[i], draw=True, big_bet=draws == 1 or i >= 1, opener=after)
              for i in range(draws)))


VARIANTS: Mapping[str, Variant] = MappingProxyType({v.name: v for v in (
    Variant("holdem", "Texas hold'em", board_streets(2), Forced.BLINDS, "holdem",
            max_players=23, phh_code="FT/NT",
            rule_ids=("holdem-intro", "holdem-6")),
    Variant("omaha", "Omaha", board_streets(4), Forced.BLINDS, "omaha",
            max_players=11, phh_code="PO", rule_ids=("omaha-intro", "omaha-1")),
    Variant("omaha-hilo", "Omaha high-low eight or better", board_streets(4),
            Forced.BLINDS, "omaha", "omaha8", max_players=11, phh_code="FO/8",
            rule_ids=("omaha8-intro", "omaha8-1", "omaha8-2")),
    Variant("stud", "Seven-card stud", _stud_streets(), Forced.BRING_IN, "stud",
            max_players=8, button_game=False, open_pair_option=True, phh_code="F7S",
            rule_ids=("stud-intro", "stud-1", "stud-2", "stud-3", "stud-4")),
    Variant("stud-hilo", "Seven-card stud high-low eight or better", _stud_streets(),
            Forced.BRING_IN, "stud", "stud8", max_players=8, button_game=False,
            phh_code="F7S/8", rule_ids=("stud8-intro", "stud8-4", "stud8-7")),
    Variant("razz", "Razz", _stud_streets(Opener.LOW_BOARD), Forced.BRING_IN, None, "razz",
            max_players=8, button_game=False, bring_in_low_ace_high=False,
            phh_code="FR", rule_ids=("razz-intro", "razz-3", "razz-4")),
    Variant("lowball-a5", "Ace-to-five lowball draw",
            draw_streets(1, Opener.BLINDS, Opener.BUTTON), Forced.BLINDS, None,
            "lowball-a5", jokers=1, raise_cap=5, max_players=8, sevens_rule=True,
            no_check_raise_in_limit=True,
            rule_ids=("lowball-intro", "a5-intro", "a5-1", "a5-2", "a5-4", "lowball-2")),
    Variant("lowball-27", "Deuce-to-seven lowball, single draw",
            draw_streets(1, Opener.BLINDS, Opener.BUTTON), Forced.BLINDS, None,
            "lowball-27", raise_cap=5, max_players=8, phh_code="N2L1D",
            rule_ids=("lowball-intro", "27-intro", "27-3", "lowball-2")),
    Variant("lowball-27-triple", "Deuce-to-seven lowball, triple draw",
            draw_streets(3, Opener.BLINDS, Opener.BUTTON), Forced.BLINDS, None,
            "lowball-27", raise_cap=5, max_players=6, phh_code="F2L3D",
            rule_ids=("lowball-intro", "27-intro", "lowball-2")),
    Variant("draw-high", "Draw high (five-card draw)",
            draw_streets(1, Opener.BUTTON, Opener.OPENER), Forced.ANTES, "draw-high",
            raise_cap=5, max_players=8, rule_ids=("draw-intro", "draw-1", "draw-2"),
            blind_form="draw-high-blinds"),
    Variant("draw-high-blinds", "Five-card draw with blinds",
            draw_streets(1, Opener.BLINDS, Opener.BUTTON), Forced.BLINDS, "draw-high",
            raise_cap=5, max_players=8, rule_ids=("draw-1", "draw-2")),
    Variant("jacks", "Jacks or better", draw_streets(1, Opener.BUTTON, Opener.OPENER),
            Forced.ANTES, "draw-high", raise_cap=5, max_players=8, openers_required=True,
            rule_ids=("draw-intro", "jacks-1", "jacks-3", "jacks-9", "jacks-10")),
)})
"""The rulebook's variants by name, read-only. A game beyond them brings its own
:class:`Variant` object (``GameConfig.of`` takes it as it takes a name); the registry of
games lists every game's (:func:`pokerroom.games.variants`), to look one up by name."""


def get_variant(name: str, variants: Mapping[str, Variant] = VARIANTS) -> Variant:
    """The variant called ``name`` (in any case, spaces or underscores for dashes) among
    ``variants`` (the rulebook's unless another lookup is given, such as every game's,
    :func:`pokerroom.games.variants`); :class:`ConfigError` if there is none. A game's
    other names are the game's (:attr:`pokerroom.game.Game.variant` names its variant).

    >>> get_variant("Lowball 27 triple").title, get_variant("jacks").name
    ('Deuce-to-seven lowball, triple draw', 'jacks')
    >>> "short-deck" in VARIANTS     # a game beyond the rulebook brings its own
    False
    """
    key = "-".join(name.strip().lower().replace("_", " ").split())
    if key not in variants:
        raise ConfigError(f"unknown poker variant {name!r}; known: {', '.join(variants)}")
    return variants[key]
