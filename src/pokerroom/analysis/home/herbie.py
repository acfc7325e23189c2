"""Herbie analysis: each starting hand's chance of beating Herbie after its best draw.

Herbie values a hand by its ranks alone (``herbie-1.4``, ``herbie-suits``) and every wild
card is worth the same, so a hand is one of eleven *types* per card: ``*`` for any 2, 4
or 10 (twelve in the deck) and the ten natural ranks 3 5 6 7 8 9 J Q K A (four each).
A starting hand is then one of 286 *classes* (a multiset of three types), and
everything about it can be counted exactly over type counts instead of cards.

**Alone against Herbie (exact).** For a hand and each way to keep part of it
(``herbie-3.2``: discard 0-3), every hand Herbie can hold and every draw from the cards
left are counted with their multiplicities (Herbie never draws, ``herbie-3.3``). The
answer is three exact integer counts, win / tie / lose, over
``C(unseen, 3) * C(unseen - 3, draws)`` equally likely deals. The *best draw* is the one
that maximises the expected result per pot under the lone-tie house rule
(``herbie-4.4``): taking the pot counts +1, matching it -1, a standoff 0.

>>> from pokerroom.cards import parse_cards
>>> best = best_draw(parse_cards("2h Ks 9d"))
>>> best.keep, best.draws
(('*', 'K'), 1)
>>> round(best.win, 4)
0.7697

The field chance (the hand against Herbie and N-1 other players) is a seeded Monte
Carlo estimate in :mod:`pokerroom.analysis.home.field`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from pokerroom.cards import STANDARD_CARDS, Card, Rank, card
from pokerroom.errors import InvalidHandError
from pokerroom.hands.base import check_cards
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired, evaluate_herbie, is_wild
from pokerroom.homegames.options import LoneTie

__all__ = [
    "FULL_COUNTS",
    "TYPE_RANKS",
    "TYPE_SYMBOLS",
    "HerbieClass",
    "HerbieDrawChance",
    "HerbieGroup",
    "best_draw",
    "class_of",
    "draw_chances",
    "herbie_classes",
    "herbie_groups",
    "herbie_kind_chances",
    "multiset_keys",
    "type_of",
]

Ints = npt.NDArray[np.int64]

TYPE_RANKS: tuple[int, ...] = (0, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14)
"""The rank of each card type; type 0 is any wild card (``herbie-1.2``)."""
TYPE_SYMBOLS: tuple[str, ...] = ("*", "3", "5", "6", "7", "8", "9", "J", "Q", "K", "A")
FULL_COUNTS: tuple[int, ...] = (12,) + (4,) * 10
"""How many cards of each type a full deck holds."""
_N_TYPES = len(TYPE_RANKS)
_COMB = np.array([[comb(n, r) for r in range(4)] for n in range(13)], dtype=np.int64)
_CODE_WEIGHTS = np.array([4 ** t for t in range(_N_TYPES)], dtype=np.int64)


def type_of(c: Card) -> int:
    """The analysis type of a card: 0 for a wild card, else its natural rank's index.

    >>> type_of(card("Tc")), type_of(card("As"))
    (0, 10)
    """
    return 0 if is_wild(c) else TYPE_RANKS.index(int(c.rank))


@lru_cache(maxsize=4)
def _multisets(size: int) -> tuple[tuple[tuple[int, ...], ...], Ints]:
    """Every multiset of ``size`` types (sorted tuples) and their count vectors."""
    sets = tuple(combinations_with_replacement(range(_N_TYPES), size))
    counts = np.zeros((len(sets), _N_TYPES), dtype=np.int64)
    for i, types in enumerate(sets):
        for t in types:
            counts[i, t] += 1
    return sets, counts


@lru_cache(maxsize=4)
def _sparse(size: int) -> tuple[Ints, Ints]:
    """The multisets of :func:`_multisets` as (type, multiplicity) columns, padded
    with multiplicity 0, so that counting ways multiplies three factors, not eleven."""
    sets, _ = _multisets(size)
    types = np.zeros((len(sets), size), dtype=np.int64)
    mults = np.zeros((len(sets), size), dtype=np.int64)
    for i, members in enumerate(sets):
        for j, t in enumerate(sorted(set(members))):
            types[i, j] = t
            mults[i, j] = members.count(t)
    return types, mults


def _ways(counts: Ints, size: int) -> Ints:
    """Ways to draw each multiset of ``size`` types from each row of ``counts``."""
    types, mults = _sparse(size)
    ways: Ints = _COMB[counts[:, types], mults].prod(axis=-1)
    return ways


def _representative(types: Sequence[int]) -> list[Card]:
    """Distinct cards with the given types (wild cards drawn from 2s, 4s and 10s)."""
    wilds = iter(card(s) for s in ("2c", "4d", "Th"))
    used: dict[int, int] = {}
    cards: list[Card] = []
    for t in types:
        if t == 0:
            cards.append(next(wilds))
        else:
            suit = used.get(t, 0)
            used[t] = suit + 1
            cards.append(Card(4 * (TYPE_RANKS[t] - 2) + suit))
    return cards


@lru_cache(maxsize=8)
def multiset_keys(unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                  odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> tuple[Ints, Ints]:
    """The sorted base-4 codes of the 286 three-type multisets and the Herbie key of
    each (valued by :func:`~pokerroom.hands.herbie.evaluate_herbie` itself)."""
    sets, counts = _multisets(3)
    codes = counts @ _CODE_WEIGHTS
    keys = np.array([evaluate_herbie(_representative(s), unpaired=unpaired,
                                     odd_card=odd_card).key
                     for s in sets], dtype=np.int64)
    order = np.argsort(codes)
    return codes[order], keys[order]


def _keys_of(counts: Ints, unpaired: HerbieUnpaired, odd_card: HerbieOddCard) -> Ints:
    codes, keys = multiset_keys(unpaired, odd_card)
    found: Ints = keys[np.searchsorted(codes, counts @ _CODE_WEIGHTS)]
    return found


@dataclass(frozen=True, slots=True)
class HerbieDrawChance:
    """One way to draw: the types kept, how many are drawn, and the exact counts of
    deals (Herbie's hand and the draw) in which the final hand wins, ties and loses
    against Herbie alone."""

    keep: tuple[str, ...]
    draws: int
    wins: int
    ties: int
    losses: int

    @property
    def total(self) -> int:
        return self.wins + self.ties + self.losses

    @property
    def win(self) -> float:
        return self.wins / self.total

    @property
    def tie(self) -> float:
        return self.ties / self.total

    @property
    def lose(self) -> float:
        return self.losses / self.total

    def takes_pot(self, lone_tie: LoneTie = LoneTie.HERBIE_WINS) -> float:
        """Chance the lone player takes the pot (a tie too when the player wins ties)."""
        return self.win + (self.tie if lone_tie is LoneTie.PLAYER_WINS else 0.0)

    def value(self, lone_tie: LoneTie = LoneTie.HERBIE_WINS) -> float:
        """Expected result in pots when staying alone: +1 take, -1 match, 0 standoff.

        >>> HerbieDrawChance((), 3, wins=2, ties=1, losses=1).value(LoneTie.STANDOFF)
        0.25
        """
        pays = self.lose + (self.tie if lone_tie is LoneTie.HERBIE_WINS else 0.0)
        return self.takes_pot(lone_tie) - pays

    def describe(self) -> str:
        """``'keep * K, draw 1'`` or ``'stand pat'``."""
        if self.draws == 0:
            return "stand pat"
        kept = " ".join(self.keep) if self.keep else "nothing"
        return f"keep {kept}, draw {self.draws}"


def draw_chances(hand: Sequence[Card], unseen: Sequence[Card] | None = None, *,
                 unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                 odd_card: HerbieOddCard = HerbieOddCard.IGNORED
                 ) -> tuple[HerbieDrawChance, ...]:
    """Exact win/tie/lose counts against Herbie for every distinct way to draw to
    ``hand``; Herbie's three cards and the draw come from ``unseen`` (default: the 49
    other cards of the deck). Suits never matter, so keeping either of two cards of one
    type is the same choice.

    >>> from pokerroom.cards import parse_cards
    >>> chances = draw_chances(parse_cards("Ah Ad As"))
    >>> [c.describe() for c in chances][:2]
    ['stand pat', 'keep A A, draw 1']
    >>> chances[0].losses, chances[0].ties
    (0, 286)
    """
    check_cards(hand, sizes=[3], what="Herbie hand")
    rest = ([c for c in STANDARD_CARDS if c not in hand] if unseen is None
            else list(unseen))
    if any(c in hand for c in rest) or len(set(rest)) != len(rest):
        raise InvalidHandError("the unseen cards must be distinct and not in the hand")
    if len(rest) < 6:
        raise InvalidHandError("at least six unseen cards are needed for Herbie and a draw")
    counts = np.zeros(_N_TYPES, dtype=np.int64)
    for c in rest:
        counts[type_of(c)] += 1
    types = tuple(sorted(type_of(c) for c in hand))
    return _chances(types, tuple(int(x) for x in counts), unpaired, odd_card)


@lru_cache(maxsize=2048)
def _chances(types: tuple[int, ...], unseen: tuple[int, ...], unpaired: HerbieUnpaired,
             odd_card: HerbieOddCard = HerbieOddCard.IGNORED
             ) -> tuple[HerbieDrawChance, ...]:
    counts = np.array(unseen, dtype=np.int64)
    n = int(counts.sum())
    _, herbie = _multisets(3)
    herbie_ways = _ways(counts[None, :], 3)[0]
    possible = herbie_ways > 0
    herbie, herbie_ways = herbie[possible], herbie_ways[possible]
    herbie_keys = _keys_of(herbie, unpaired, odd_card)
    left = counts[None, :] - herbie
    keeps = sorted({kept for size in range(3, -1, -1)
                    for kept in combinations(types, size)}, key=lambda k: -len(k))
    out: list[HerbieDrawChance] = []
    for kept in keeps:
        draws = 3 - len(kept)
        kept_counts = np.zeros(_N_TYPES, dtype=np.int64)
        for t in kept:
            kept_counts[t] += 1
        if draws:
            _, drawn = _multisets(draws)
            draw_ways = _ways(left, draws)
        else:
            drawn = np.zeros((1, _N_TYPES), dtype=np.int64)
            draw_ways = np.ones((len(herbie), 1), dtype=np.int64)
        final_keys = _keys_of(kept_counts[None, :] + drawn, unpaired, odd_card)
        ways = herbie_ways[:, None] * draw_ways
        wins = int(ways[final_keys[None, :] > herbie_keys[:, None]].sum())
        ties = int(ways[final_keys[None, :] == herbie_keys[:, None]].sum())
        total = comb(n, 3) * comb(n - 3, draws)
        out.append(HerbieDrawChance(tuple(TYPE_SYMBOLS[t] for t in kept), draws,
                                    wins, ties, total - wins - ties))
    return tuple(out)


def best_draw(hand: Sequence[Card], unseen: Sequence[Card] | None = None, *,
              unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
              lone_tie: LoneTie = LoneTie.HERBIE_WINS,
              odd_card: HerbieOddCard = HerbieOddCard.IGNORED) -> HerbieDrawChance:
    """The draw with the best expected result alone against Herbie (fewest draws first
    among equals)."""
    return _best(draw_chances(hand, unseen, unpaired=unpaired, odd_card=odd_card),
                 lone_tie)


def _best(chances: Sequence[HerbieDrawChance], lone_tie: LoneTie) -> HerbieDrawChance:
    return max(chances, key=lambda c: (round(c.value(lone_tie), 12), -c.draws))


@dataclass(frozen=True, slots=True)
class HerbieClass:
    """A starting-hand class: its types, how many of the 22,100 deals give it, its value
    as dealt, and its chances for every draw (``best`` under the lone-tie rule)."""

    types: tuple[int, int, int]
    deals: int
    dealt: str
    group: str
    group_order: int
    chances: tuple[HerbieDrawChance, ...]
    best: HerbieDrawChance

    @property
    def label(self) -> str:
        """The class in type symbols, highest first: ``'* K 9'``."""
        ordered = sorted(self.types, key=lambda t: (t != 0, -TYPE_RANKS[t]))
        return " ".join(TYPE_SYMBOLS[t] for t in ordered)

    def representative(self) -> list[Card]:
        return _representative(self.types)


def _group(types: Sequence[int], unpaired: HerbieUnpaired) -> tuple[str, int]:
    """The group of a class (kind and rank of the hand as dealt) and a sort order."""
    value = evaluate_herbie(_representative(types), unpaired=unpaired)
    key = value.key
    if value.category == "three of a kind":
        rank = key & 0xF
        return f"three {Rank(rank).plural}", 2000 + rank
    if value.category == "pair":
        rank = (key >> 4) & 0xF
        return f"pair of {Rank(rank).plural}", 1000 + rank
    high = max(TYPE_RANKS[t] for t in types)
    return f"no pair, {Rank(high).noun} high", high


def class_of(hand: Sequence[Card]) -> tuple[int, int, int]:
    """The class (sorted types) of a three-card hand."""
    check_cards(hand, sizes=[3], what="Herbie hand")
    a, b, c = sorted(type_of(x) for x in hand)
    return a, b, c


@lru_cache(maxsize=8)
def herbie_classes(unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                   lone_tie: LoneTie = LoneTie.HERBIE_WINS,
                   odd_card: HerbieOddCard = HerbieOddCard.IGNORED
                   ) -> tuple[HerbieClass, ...]:
    """All 286 classes, exact, strongest group first. Takes a second or two.

    The deal counts add up to every three-card hand:

    >>> sum(c.deals for c in herbie_classes()) == comb(52, 3)
    True
    """
    sets, counts = _multisets(3)
    full = np.array(FULL_COUNTS, dtype=np.int64)
    out: list[HerbieClass] = []
    for types, vec in zip(sets, counts, strict=True):
        a, b, c = types
        deals = int(_COMB[full, vec].prod())
        unseen = tuple(int(x) for x in full - vec)
        chances = _chances(types, unseen, unpaired, odd_card)
        group, order = _group(types, unpaired)
        dealt = evaluate_herbie(_representative(types), unpaired=unpaired,
                                odd_card=odd_card).description
        out.append(HerbieClass((a, b, c), deals, dealt, group, order, chances,
                               _best(chances, lone_tie)))
    out.sort(key=lambda k: (-k.group_order, -k.best.value(lone_tie), k.label))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class HerbieGroup:
    """Classes joined by the kind and rank of the hand as dealt, with the deal-weighted
    chance of taking the pot alone after the best draw and its range over the group."""

    name: str
    deals: int
    takes_pot: float
    value: float
    lowest: float
    highest: float
    classes: tuple[str, ...]


def herbie_groups(classes: Sequence[HerbieClass],
                  lone_tie: LoneTie = LoneTie.HERBIE_WINS) -> tuple[HerbieGroup, ...]:
    """Join the classes into groups (in the order given)."""
    members: dict[str, list[HerbieClass]] = {}
    for k in classes:
        members.setdefault(k.group, []).append(k)
    out: list[HerbieGroup] = []
    for name, ks in members.items():
        deals = sum(k.deals for k in ks)
        takes = [k.best.takes_pot(lone_tie) for k in ks]
        out.append(HerbieGroup(
            name, deals,
            sum(t * k.deals for t, k in zip(takes, ks, strict=True)) / deals,
            sum(k.best.value(lone_tie) * k.deals for k in ks) / deals,
            min(takes), max(takes), tuple(k.label for k in ks)))
    return tuple(out)


def herbie_kind_chances(unpaired: HerbieUnpaired = HerbieUnpaired.HIGH_CARDS,
                        lone_tie: LoneTie = LoneTie.HERBIE_WINS,
                        odd_card: HerbieOddCard = HerbieOddCard.IGNORED
                        ) -> dict[str, float]:
    """Exact chance of taking the pot alone after the best draw, by the kinds the Herbie
    bot's stay table uses (``'trips'``, ``'pair of kings'``, ..., ``'no pair'``), each
    weighted by how often it is dealt: a drop-in for
    :data:`~pokerroom.bots.home_games.HERBIE_BEAT_CHANCE`.

    >>> chances = herbie_kind_chances()
    >>> chances["pair of aces"] > chances["pair of threes"]
    True
    """
    deals: dict[str, int] = {}
    takes: dict[str, float] = {}
    for k in herbie_classes(unpaired, lone_tie, odd_card):
        if k.group.startswith("three"):
            kind = "trips"
        elif k.group.startswith("pair"):
            kind = k.group
        else:
            kind = "no pair"
        deals[kind] = deals.get(kind, 0) + k.deals
        takes[kind] = takes.get(kind, 0.0) + k.deals * k.best.takes_pot(lone_tie)
    return {kind: takes[kind] / deals[kind] for kind in deals}
