"""How each game's showdown ranks hands: one :class:`ShowdownGame` per ranking, which a
game offers as its :attr:`pokerroom.game.Game.ranking` (``rank`` and ``showdown`` ask
the game for it; nothing here is looked up by a game's name).

Every ranking names its hand and board sizes, the ranking house rules it accepts, a ranking
for the pot (or its high half) and, for high-low split games, a low ranking. House rules
are one typed, validated option set, :class:`RankingRules`, set from ``NAME=VALUE`` words
and announced in words.

>>> from pokerroom.cards import parse_cards
>>> game = HOLDEM
>>> high, low = game.evaluate(parse_cards("As Kd"), parse_cards("Qh Jc Ts 2d 2c"))
>>> high.description, low
('straight, ace high', None)
>>> rules = OMAHA_HILO.rules(["low_qualifier=7"])
>>> rules.qualifier, rules.announce(("low_qualifier",))
(7, ['A low must be 7-or-better (five different ranks, none above 7).'])
>>> STUD.rules(["joker=off"])
Traceback (most recent call last):
...
pokerroom.errors.ConfigError: unknown house rule 'joker' for this game (known: none)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pokerroom.cards import Card
from pokerroom.catalog import HouseRuleSpec
from pokerroom.errors import ConfigError, InvalidHandError
from pokerroom.hands.base import HandValue, check_cards
from pokerroom.hands.deuce_seven import evaluate_27_low
from pokerroom.hands.guts import evaluate_guts2
from pokerroom.hands.hearts import evaluate_hearts, hearts_own_cards, queen_of_spades_discard
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired, evaluate_herbie
from pokerroom.hands.high import evaluate_high, evaluate_holdem, evaluate_omaha
from pokerroom.hands.joker_high import evaluate_draw_high
from pokerroom.hands.lowball import (
    evaluate_a5_low,
    evaluate_low8,
    evaluate_omaha_low,
    evaluate_razz,
    qualifier_problem,
)
from pokerroom.hands.three_card import Guts3Order, evaluate_guts3, evaluate_three_card_poker
from pokerroom.rule_names import rule_key

__all__ = [
    "DRAW_HIGH",
    "GUTS2",
    "GUTS3",
    "GUTS3_ORDERS",
    "HEARTS_POKER",
    "HERBIE",
    "HOLDEM",
    "JACKS_OR_BETTER",
    "LOWBALL_27",
    "LOWBALL_27_TRIPLE",
    "LOWBALL_A5",
    "OMAHA",
    "OMAHA_HILO",
    "RAZZ",
    "RULE_NAMES",
    "STUD",
    "STUD_HILO",
    "THREE_CARD_POKER",
    "HalfResult",
    "RankingRules",
    "ShowdownGame",
    "ShowdownResult",
    "rule_help",
    "showdown",
]

GUTS3_ORDERS: dict[str, Guts3Order] = {
    "default": Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH | Guts3Order.STRAIGHT_OVER_FLUSH,
    "sf-high": Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.STRAIGHT_OVER_FLUSH,
    "flush-high": Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH | Guts3Order.FLUSH_OVER_STRAIGHT,
    "sf-high-flush-high": Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS | Guts3Order.FLUSH_OVER_STRAIGHT,
}
"""Three-card Guts orders by name (``guts-three-card-order``, ``-sf-high``, ``-flush-high``)."""


_SPECS: dict[str, HouseRuleSpec] = {spec.name: spec for spec in (
    HouseRuleSpec("joker", "bool", True, "the joker is in use"),
    HouseRuleSpec("low_qualifier", "int", 8, "highest card of a qualifying low",
                  aliases=("qualifier",)),
    HouseRuleSpec("a23", "choice", "lowest", "rank of A-2-3", ("lowest", "second-highest"),
                  synonyms=(("low", "lowest"), ("high", "second-highest"))),
    HouseRuleSpec("top", "choice", "trips", "which is higher: trips or straight flush",
                  ("trips", "straight-flush")),
    HouseRuleSpec("middle", "choice", "straight", "which is higher: straight or flush",
                  ("straight", "flush")),
    HouseRuleSpec("straights_and_flushes", "bool", True, "straights and flushes count",
                  aliases=("straights_flushes",)),
    HouseRuleSpec("unpaired", "choice", HerbieUnpaired.HIGH_CARDS.value,
                  "how two unpaired hands compare", tuple(u.value for u in HerbieUnpaired)),
    HouseRuleSpec("odd_card", "choice", HerbieOddCard.IGNORED.value,
                  "does a pair's odd card break a tie between pairs of one rank",
                  tuple(u.value for u in HerbieOddCard)),
    HouseRuleSpec("community", "choice", "", "community cards (default: as many as the "
                  "board holds)", ("3", "6"), synonyms=(("three", "3"), ("six", "6"))),
)}
RULE_NAMES: tuple[str, ...] = tuple(_SPECS)
"""Every ranking house rule's name, as ``play`` spells it for the same rule."""
_ORDER = HouseRuleSpec("order", "choice", "default", "the three-card order in one word",
                       tuple(GUTS3_ORDERS),
                       synonyms=(("sf-high+flush-high", "sf-high-flush-high"),))
"""``order=sf-high``: the three-card order in one word (``top`` and ``middle`` in one)."""


def _lookup(name: str, allowed: Sequence[str]) -> HouseRuleSpec:
    if rule_key(name) == "order" and "top" in allowed:
        return _ORDER
    spec = next((_SPECS[known] for known in allowed if _SPECS[known].answers_to(name)), None)
    if spec is None:
        names = ", ".join(allowed) if allowed else "none"
        raise ConfigError(f"unknown house rule {name.strip()!r} for this game (known: "
                          f"{names})")
    return spec


def rule_help(name: str) -> str:
    """A ranking house rule's meaning and values, for help texts and ``games``.

    >>> rule_help("a23")
    'rank of A-2-3 (lowest, second-highest)'
    """
    spec = _SPECS[name]
    values = "on or off" if spec.kind == "bool" else spec.describe_values()
    return f"{spec.help} ({values})"


@dataclass(frozen=True, slots=True)
class RankingRules:
    """Every ranking house rule, with its default.

    * ``joker`` — the joker is in use (lowball ``a5-1``, draw high ``joker-1``): on.
    * ``qualifier`` (``low_qualifier=``) — the highest rank an 8-or-better low may hold
      (``omaha8-2-posted``, ``stud8-2-posted``): 8.
    * ``a23_lowest`` (``a23=``) — A-2-3 is the lowest three-card straight
      (``tcp-a23-rank``): yes.
    * ``guts3_order`` (``top=``, ``middle=``) — three-card Guts order
      (``guts-three-card-order``): trips first, then straight over flush.
    * ``straights_and_flushes`` — they count in three-card Guts (``guts-three-card``): yes.
    * ``herbie_unpaired`` (``unpaired=``) — two unpaired Herbie hands
      (``herbie-1.5-unpaired``): by cards.
    * ``herbie_odd_card`` (``odd_card=``) — a Herbie pair's odd card (``herbie-1.4``):
      does not count.
    * ``community`` — Hearts Poker community cards (``hearts-community``): as many as
      the board holds, three or six (``None``); set, the board must hold that many.
    """

    joker: bool = True
    qualifier: int = 8
    a23_lowest: bool = True
    guts3_order: Guts3Order = GUTS3_ORDERS["default"]
    straights_and_flushes: bool = True
    herbie_unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS
    herbie_odd_card: HerbieOddCard = HerbieOddCard.IGNORED
    community: int | None = None

    def __post_init__(self) -> None:
        problem = qualifier_problem(self.qualifier)
        if problem is not None:
            raise ConfigError(problem)
        if self.community not in (None, 3, 6):
            raise ConfigError(f"Hearts Poker has 3 or 6 community cards, not {self.community}")
        self.guts3_order.validated()

    @classmethod
    def from_words(cls, words: Iterable[str], *, allowed: Sequence[str]) -> RankingRules:
        """Rules from ``NAME=VALUE`` words, each name one of ``allowed`` (any spelling:
        ``odd-card`` is ``odd_card``)."""
        rules = cls()
        for word in words:
            name, sep, value = word.partition("=")
            if not sep or not name.strip() or not value.strip():
                raise ConfigError(f"a house rule is written NAME=VALUE, got {word!r}")
            spec = _lookup(name, allowed)
            rules = replace(rules, **_field(spec.name, spec.parse(value), rules))
        return rules

    def announce(self, names: Sequence[str]) -> list[str]:
        """The named rules in words, one sentence each, as the table announces them."""
        lines: list[str] = []
        order = self.guts3_order
        for name in names:
            if name == "joker":
                lines.append("The joker is in use." if self.joker else "No joker is used.")
            elif name == "low_qualifier":
                lines.append(f"A low must be {self.qualifier}-or-better (five different "
                             f"ranks, none above {self.qualifier}).")
            elif name == "a23":
                lines.append("A-2-3 is the lowest straight." if self.a23_lowest
                             else "A-2-3 is the second-highest straight, below A-K-Q.")
            elif name == "top":
                lines.append("A straight flush ranks above three of a kind."
                             if order & Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS else
                             "Three of a kind ranks above a straight flush.")
            elif name == "middle":
                lines.append("A flush ranks above a straight."
                             if order & Guts3Order.FLUSH_OVER_STRAIGHT else
                             "A straight ranks above a flush.")
            elif name == "straights_and_flushes":
                lines.append("Straights and flushes count." if self.straights_and_flushes
                             else "Straights and flushes do not count.")
            elif name == "unpaired":
                lines.append(self.herbie_unpaired.describe().capitalize() + ".")
            elif name == "odd_card":
                lines.append(self.herbie_odd_card.describe().capitalize() + ".")
            elif name == "community":
                lines.append(f"There are {self.community} community cards."
                             if self.community is not None else
                             "There are three community cards, or six with the six-card "
                             "rule (as many as the board holds).")
        return lines


_FIELDS = {"joker": "joker", "low_qualifier": "qualifier", "a23": "a23_lowest",
           "top": "guts3_order", "middle": "guts3_order", "order": "guts3_order",
           "straights_and_flushes": "straights_and_flushes", "unpaired": "herbie_unpaired",
           "odd_card": "herbie_odd_card", "community": "community"}
"""The :class:`RankingRules` field each rule sets."""


def _field(name: str, value: Any, rules: RankingRules) -> dict[str, Any]:
    """The field of ``rules`` that rule ``name``'s typed ``value`` sets, and its value."""
    order = rules.guts3_order
    if name == "low_qualifier":
        problem = qualifier_problem(value)
        if problem is not None:
            raise ConfigError(f"house rule {name}: {problem}")
    elif name == "a23":
        value = value == "lowest"
    elif name == "order":
        value = GUTS3_ORDERS[value]
    elif name == "top":
        middle = order & (Guts3Order.STRAIGHT_OVER_FLUSH | Guts3Order.FLUSH_OVER_STRAIGHT)
        value = middle | (Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH if value == "trips"
                          else Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS)
    elif name == "middle":
        top = order & (Guts3Order.TRIPS_OVER_STRAIGHT_FLUSH
                       | Guts3Order.STRAIGHT_FLUSH_OVER_TRIPS)
        value = top | (Guts3Order.STRAIGHT_OVER_FLUSH if value == "straight"
                       else Guts3Order.FLUSH_OVER_STRAIGHT)
    elif name == "unpaired":
        value = HerbieUnpaired(value)
    elif name == "odd_card":
        value = HerbieOddCard(value)
    elif name == "community":
        value = int(value)
    return {_FIELDS[name]: value}


# --------------------------------------------------------------------------- the games

Evaluator = Callable[[Sequence[Card], Sequence[Card], RankingRules], HandValue | None]


@dataclass(frozen=True, slots=True)
class ShowdownGame:
    """One game's showdown: its cards, its ranking house rules and how it ranks hands
    (``name`` is the game's, for messages).

    ``high`` ranks the whole pot, or the high half of a split pot; for a low-only game
    (razz, lowball: ``low_only``) it is the low ranking that takes the pot. ``low`` is the
    low half of a high-low split game (``None`` elsewhere); it returns ``None`` for a hand
    without a qualifying low.
    """

    name: str
    summary: str
    hand_sizes: tuple[int, ...]
    board_sizes: tuple[int, ...]
    rule_names: tuple[str, ...]
    high: Evaluator
    low: Evaluator | None = None
    jokers: bool = False
    low_only: bool = False

    @property
    def has_low(self) -> bool:
        """True for a high-low split game."""
        return self.low is not None

    def rules(self, words: Iterable[str] = ()) -> RankingRules:
        """This game's house rules from ``NAME=VALUE`` words (defaults otherwise)."""
        return RankingRules.from_words(words, allowed=self.rule_names)

    def for_board(self, rules: RankingRules, board: Sequence[Card]) -> RankingRules:
        """``rules`` with what the board settles filled in: a Hearts Poker board of three
        or six cards, with no community rule given, plays that rule.

        >>> from pokerroom.cards import parse_cards
        >>> hearts = HEARTS_POKER
        >>> hearts.for_board(hearts.rules(), parse_cards("Kh Kd 7c 2s 4h 5c")).community
        6
        """
        if ("community" in self.rule_names and rules.community is None
                and len(board) in (3, 6)):
            return replace(rules, community=len(board))
        return rules

    def announce(self, rules: RankingRules | None = None) -> list[str]:
        """This game's ranking house rules in words, one sentence each.

        >>> DRAW_HIGH.announce()
        ['The joker is in use.']
        """
        return (rules or RankingRules()).announce(self.rule_names)

    def check(self, hand: Sequence[Card], board: Sequence[Card], rules: RankingRules,
              *, what: str = "hand") -> None:
        """Raise :class:`InvalidHandError` unless ``hand`` and ``board`` fit this game."""
        jokers = self.jokers and rules.joker
        check_cards(hand, sizes=self.hand_sizes, jokers=jokers, what=f"{self.name} {what}")
        if not self.board_sizes:
            if board:
                raise InvalidHandError(f"{self.name} has no board cards")
        else:
            sizes = self.board_sizes
            if self.name == "hearts-poker" and rules.community is not None:
                sizes = (rules.community,)
            check_cards(board, sizes=sizes, what=f"{self.name} board")
        check_cards([*hand, *board], sizes=[len(hand) + len(board)], jokers=jokers,
                    what=f"{what} and board")

    def evaluate(self, hand: Sequence[Card], board: Sequence[Card] = (),
                 rules: RankingRules | None = None
                 ) -> tuple[HandValue, HandValue | None]:
        """The hand's value for the pot (or high half) and its low (``None`` when the
        game has no low half or the hand does not qualify)."""
        rules = rules or RankingRules()
        self.check(hand, board, rules)
        high = self.high(hand, board, rules)
        if high is None:  # pragma: no cover - every high ranking gives a value
            raise InvalidHandError(f"{self.name} cannot rank this hand")
        low = self.low(hand, board, rules) if self.low is not None else None
        return high, low


@dataclass(frozen=True, slots=True)
class HalfResult:
    """Winners of one pot or half: indexes of the winning hands, and every hand's value
    (``None`` for a hand without a qualifying low)."""

    winners: tuple[int, ...]
    values: tuple[HandValue | None, ...]

    @property
    def descriptions(self) -> list[str | None]:
        """Each hand's description (``None`` where it has no value)."""
        return [v.description if v is not None else None for v in self.values]


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The high (or whole-pot) result and, in split games, the low one."""

    high: HalfResult
    low: HalfResult | None


def _winners(values: Sequence[HandValue | None]) -> tuple[int, ...]:
    keys = [v.key for v in values if v is not None]
    if not keys:
        return ()
    best = max(keys)
    return tuple(i for i, v in enumerate(values) if v is not None and v.key == best)


def showdown(game: ShowdownGame, hands: Sequence[Sequence[Card]],
             board: Sequence[Card] = (), rules: RankingRules | None = None) -> ShowdownResult:
    """Rank several hands of ``game`` against one another; ties share.

    >>> from pokerroom.cards import parse_cards
    >>> game = OMAHA_HILO
    >>> result = showdown(game, [parse_cards("As 2s Kd Kh"), parse_cards("Ad 2c Qh Qs")],
    ...                   parse_cards("4c 5d 8h Kc Qd"))
    >>> result.high.winners, result.low.winners if result.low else None
    ((0,), (0, 1))
    """
    if not hands:
        raise InvalidHandError("a showdown needs at least one hand")
    rules = rules or RankingRules()
    every = [c for hand in hands for c in hand] + list(board)
    check_cards(every, sizes=[len(every)], jokers=game.jokers and rules.joker,
                what="showdown")
    evaluated = [game.evaluate(hand, board, rules) for hand in hands]
    highs = [h for h, _ in evaluated]
    high = HalfResult(_winners(highs), tuple(highs))
    if not game.has_low:
        return ShowdownResult(high, None)
    lows = [lo for _, lo in evaluated]
    return ShowdownResult(high, HalfResult(_winners(lows), tuple(lows)))


def _holdem(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_holdem(hand, board)


def _omaha(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_omaha(hand, board)


def _omaha_low(hand: Sequence[Card], board: Sequence[Card],
               rules: RankingRules) -> HandValue | None:
    return evaluate_omaha_low(hand, board, qualifier=rules.qualifier)


def _stud(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_high(hand)


def _stud_low(hand: Sequence[Card], board: Sequence[Card],
              rules: RankingRules) -> HandValue | None:
    return evaluate_low8(hand, qualifier=rules.qualifier)


def _razz(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_razz(hand)


def _a5(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_a5_low(hand, joker=rules.joker)


def _d27(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_27_low(hand)


def _draw(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_draw_high(hand, joker=rules.joker)


def _tcp(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_three_card_poker(hand, a23_lowest=rules.a23_lowest)


def _guts2(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_guts2(hand)


def _guts3(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_guts3(hand, order=rules.guts3_order,
                          straights_and_flushes=rules.straights_and_flushes,
                          a23_lowest=rules.a23_lowest)


def _herbie(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    return evaluate_herbie(hand, unpaired=rules.herbie_unpaired,
                           odd_card=rules.herbie_odd_card)


def _hearts(hand: Sequence[Card], board: Sequence[Card], rules: RankingRules) -> HandValue:
    """Two hand cards (and the jack of diamonds' extra card) as shown, the effects
    applied; one card is what a player holds after the queen of spades, as given."""
    if len(hand) == 1:
        return evaluate_hearts(hand, board)
    own = hearts_own_cards(hand[:2], hand[2] if len(hand) == 3 else None)
    value = evaluate_hearts(own, board)
    out = queen_of_spades_discard(hand[:2])
    if out is None:
        return value
    note = f" (the queen of spades discards {out!r})"
    return HandValue(value.key, value.category, value.description + note, value.cards)


HOLDEM = ShowdownGame(
    "holdem",
    "Texas hold'em: best five of two hole cards and the board, the board may "
    "play", (2,), (3, 4, 5), (), _holdem)
OMAHA = ShowdownGame(
    "omaha",
    "Omaha: exactly two of four hole cards and three board cards",
    (4,), (3, 4, 5), (), _omaha)
OMAHA_HILO = ShowdownGame(
    "omaha-hilo",
    "Omaha high-low: high and an 8-or-better ace-to-five low, each from two "
    "hole and three board cards", (4,), (3, 4, 5), ("low_qualifier",), _omaha,
    _omaha_low)
STUD = ShowdownGame(
    "stud",
    "Seven-card stud: best five of seven", (5, 6, 7), (), (), _stud)
STUD_HILO = ShowdownGame(
    "stud-hilo",
    "Seven-card stud high-low: any five for high, any five for an "
    "8-or-better low", (5, 6, 7), (), ("low_qualifier",), _stud, _stud_low)
RAZZ = ShowdownGame(
    "razz",
    "Razz: the best ace-to-five low of seven cards takes the pot",
    (5, 6, 7), (), (), _razz, low_only=True)
LOWBALL_A5 = ShowdownGame(
    "lowball-a5",
    "Ace-to-five lowball: 5-4-3-2-A is best, the joker the lowest missing "
    "card", (5,), (), ("joker",), _a5, jokers=True, low_only=True)
LOWBALL_27 = ShowdownGame(
    "lowball-27",
    "Deuce-to-seven lowball: straights and flushes count, aces high, "
    "7-5-4-3-2 is best", (5,), (), (), _d27, low_only=True)
LOWBALL_27_TRIPLE = ShowdownGame(
    "lowball-27-triple",
    "Deuce-to-seven triple draw: ranked as deuce-to-seven lowball",
    (5,), (), (), _d27, low_only=True)
DRAW_HIGH = ShowdownGame(
    "draw-high",
    "Five-card draw high, the joker as the bug (aces, straights, flushes)",
    (5,), (), ("joker",), _draw, jokers=True)
JACKS_OR_BETTER = ShowdownGame(
    "jacks-or-better",
    "Jacks or better: ranked as five-card draw high, the joker as the bug",
    (5,), (), ("joker",), _draw, jokers=True)
THREE_CARD_POKER = ShowdownGame(
    "three-card-poker",
    "Three Card Poker: straight flush, trips, straight, flush, pair, high",
    (3,), (), ("a23",), _tcp)
GUTS2 = ShowdownGame(
    "guts2",
    "Two-card Guts: pairs, then high cards; no straights or flushes",
    (2,), (), (), _guts2)
GUTS3 = ShowdownGame(
    "guts3",
    "Three-card Guts: trips, straight flush, straight, flush, pair, high "
    "(order a house rule)", (3,), (), ("top", "middle", "straights_and_flushes"),
    _guts3)
HERBIE = ShowdownGame(
    "herbie",
    "Herbie: three cards, 2s 4s and 10s wild, only pairs and trips count",
    (3,), (), ("odd_card", "unpaired"), _herbie)
HEARTS_POKER = ShowdownGame(
    "hearts-poker",
    "Hearts Poker: two hand cards (the queen of spades and jack of diamonds "
    "act; a third card is the jack's extra card, a lone card is what the "
    "queen left) and three or six community cards", (1, 2, 3), (3, 6),
    ("community",),
    _hearts)
