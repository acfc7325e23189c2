"""The push/fold game at a final table of 2 to 6 players, with ICM payoffs.

The players are listed in the order they act before the flop, the small blind and the
big blind last (three players: button, small blind, big blind; two: the small blind,
who acts first, and the big blind). Each posts the ``ante``, then the blinds are posted
(as much of them as the stack holds). The first player whose turn comes with nobody
in yet either shoves all in or folds; once someone has shoved, each later player in
turn calls all in or folds, whoever called before (overcalls allowed, side pots made
as at the table). When everyone folds to the big blind it takes the pot. A player
never acts twice in a hand.

Each end of a hand (a *terminal*: a walk to the big blind, or a shover with the set of
players that called) leaves stacks; the payoff of every player is its Malmuth-Harville
equity of those stacks (:func:`pokerroom.tournament.icm.icm_equities`), in the units
of the prizes. Players busted in the hand finish behind every survivor, the one that
started the hand with more chips higher (equal stacks share their places' prizes).

Chance is a set of *deals*: each gives every seat two cards (all seats' cards
different). :func:`deals` either lists every deal of a small set of combos (the game
is then exact) or draws them at random (the whole deck: a sampled game, see
docs/strategy.md for its error). Showdowns of two players are settled by the exact
equity of the two combos over all 1,712,304 boards (:mod:`pokerroom.strategy.equity`);
showdowns of three or more by ``boards`` random boards per deal, from the cards left
after every seat's hand.

>>> game = IcmGame.build(IcmTable.build([5000, 3000, 2000], 100, 200, 0, [50, 30, 20]),
...                      deal_set(combo_equity(classes=["AA", "72o"]), 3))
>>> [node.label for node in game.nodes]  # doctest: +NORMALIZE_WHITESPACE
['BTN shoves', 'SB calls BTN', 'BB calls BTN + SB', 'BB calls BTN', 'SB shoves',
 'BB calls SB']
>>> round(float(game.utility[0].sum(axis=0).mean()), 9)  # a walk: the prizes are shared
100.0
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np
import numpy.typing as npt

from pokerroom.errors import ConfigError, TournamentError
from pokerroom.fast.batch import high_keys
from pokerroom.strategy.classes import COMBO_CLASS, COMBOS
from pokerroom.strategy.equity import BOARDS, ComboEquity, combo_equity
from pokerroom.tournament.icm import check_prizes, icm_equities

__all__ = [
    "MAX_SEATS",
    "Deals",
    "IcmGame",
    "IcmTable",
    "Node",
    "deal_set",
    "position_names",
    "sample_deals",
]

MAX_SEATS = 6
"""The most players the game takes (the ICM of more is cheap, the tree and the
multiway showdowns are not)."""
SPLIT = 60
"""Stacks are scaled by this before the ICM, so that a pot split between up to six
players stays a whole number of chips (the ICM does not change with the scale)."""

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


def position_names(seats: int) -> tuple[str, ...]:
    """The usual names of the seats in the order they act before the flop.

    >>> position_names(3), position_names(6)
    (('BTN', 'SB', 'BB'), ('UTG', 'HJ', 'CO', 'BTN', 'SB', 'BB'))
    """
    return ("UTG", "HJ", "CO", "BTN", "SB", "BB")[MAX_SEATS - seats:] if seats > 2 \
        else ("SB", "BB")


@dataclass(frozen=True)
class IcmTable:
    """The stacks (chips, in acting order), blinds, ante and prizes of one hand.

    >>> IcmTable.build([500, 300], 100, 200, 0, [1]).posted
    (100, 200)
    >>> IcmTable.build([500, 150], 100, 200, 0, [1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.errors.TournamentError: stacks[2]: 150 chips do not cover the ante and ...
    """

    stacks: tuple[int, ...]
    small_blind: int
    big_blind: int
    ante: int
    prizes: tuple[Fraction, ...]
    posted: tuple[int, ...]

    @classmethod
    def build(cls, stacks: list[int] | tuple[int, ...], small_blind: int, big_blind: int,
              ante: int, prizes: list[int] | tuple[int, ...]) -> IcmTable:
        """Check and make a table; bad input raises
        :class:`~pokerroom.errors.TournamentError` (or ``ConfigError`` for the blinds)."""
        if not 2 <= len(stacks) <= MAX_SEATS:
            raise TournamentError("stacks", f"give 2 to {MAX_SEATS} stacks (players in "
                                  f"acting order, the blinds last), not {len(stacks)}")
        for name, value in (("small blind", small_blind), ("big blind", big_blind),
                            ("ante", ante)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigError(f"the {name} must be a whole number of chips, "
                                  f"not {value!r}")
        if not 0 < small_blind <= big_blind:
            raise ConfigError(f"the blinds must be 0 < small blind <= big blind, not "
                              f"{small_blind}/{big_blind}")
        for seat, stack in enumerate(stacks, 1):
            if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
                raise TournamentError(f"stacks[{seat}]", f"a stack must be a whole "
                                      f"number of chips above 0, not {stack!r}")
            if stack <= ante + big_blind:
                raise TournamentError(
                    f"stacks[{seat}]", f"{stack} chips do not cover the ante and the big "
                    f"blind ({ante + big_blind}); the push/fold model needs every stack to "
                    f"have a choice left after posting")
        check_prizes(list(prizes), len(stacks))
        if not any(prizes):
            raise TournamentError("payouts", "at least one place must pay something")
        n = len(stacks)
        blinds = [0] * n
        blinds[n - 2], blinds[n - 1] = small_blind, big_blind
        posted = tuple(ante + b for b in blinds)
        return cls(tuple(stacks), small_blind, big_blind, ante,
                   tuple(Fraction(p) for p in prizes), posted)

    @property
    def seats(self) -> int:
        return len(self.stacks)

    def equities(self) -> Floats:
        """Each player's ICM equity before the hand."""
        return _icm(self.stacks, self.stacks, self.prizes)

    def settle(self, allin: tuple[int, ...], ranks: tuple[int, ...] | None) -> Floats:
        """Each player's ICM equity after the hand: ``allin`` the players all in (empty
        for a walk to the big blind), ``ranks`` how many of them beat each (0 for the
        winner; ``None`` when there is one player all in)."""
        n = self.seats
        if not allin:
            after = [s - p for s, p in zip(self.stacks, self.posted, strict=True)]
            after[n - 1] += sum(self.posted)
            return _icm(tuple(Fraction(a) for a in after), self.stacks, self.prizes)
        put = list(self.posted)
        top = max(self.stacks[a] for a in allin)
        for a in allin:
            put[a] = self.stacks[a]
        # chips a folder posted above the largest all-in come back (nobody can win them)
        put = [min(c, top) for c in put]
        won = [Fraction(0)] * n
        rank = dict(zip(allin, ranks or (0,), strict=True))
        low = 0
        for level in sorted({put[a] for a in allin}):
            pot = sum(min(max(c - low, 0), level - low) for c in put)
            eligible = [a for a in allin if put[a] >= level]
            best = min(rank[a] for a in eligible)
            winners = [a for a in eligible if rank[a] == best]
            for w in winners:
                won[w] += Fraction(pot, len(winners))
            low = level
        left = tuple(Fraction(s - c) + w for s, c, w in
                     zip(self.stacks, put, won, strict=True))
        return _icm(left, self.stacks, self.prizes)


@cache
def _icm(after: tuple[Fraction, ...], before: tuple[int, ...],
         prizes: tuple[Fraction, ...]) -> Floats:
    """ICM equities of the stacks ``after`` a hand; the busted finish behind the rest,
    ordered by their stacks ``before`` it."""
    n = len(after)
    alive = [i for i in range(n) if after[i] > 0]
    paid = list(prizes) + [Fraction(0)] * (n - len(prizes))
    out = np.zeros(n)
    chips = [int(Fraction(after[i]) * SPLIT) for i in alive]
    if len(alive) == 1:
        out[alive[0]] = float(paid[0])
    else:
        for i, e in zip(alive, icm_equities(chips, paid[:len(alive)]), strict=True):
            out[i] = float(e)
    place = len(alive)
    busted = sorted((i for i in range(n) if after[i] <= 0), key=lambda i: -before[i])
    while busted:
        tied = [i for i in busted if before[i] == before[busted[0]]]
        share = sum(paid[place:place + len(tied)], Fraction(0)) / len(tied)
        for i in tied:
            out[i] = float(share)
        place += len(tied)
        busted = busted[len(tied):]
    return out


@dataclass(frozen=True)
class Deals:
    """Every seat's combo in each deal (``(deals, seats)``), each deal's weight (they
    sum to 1), the equity table its combos come from, and whether the set is every
    deal of its combos (``exact``) or a random sample."""

    combos: Ints
    weight: Floats
    table: ComboEquity
    exact: bool


def deal_set(table: ComboEquity, seats: int) -> Deals:
    """Every deal of ``seats`` combos of ``table`` that share no card, alike likely (for
    small sets of classes: the game is then exact)."""
    masks = (np.int64(1) << COMBOS[table.combos, 0]) | (np.int64(1) << COMBOS[table.combos, 1])
    rows = [row for row in product(range(len(table.combos)), repeat=seats)
            if _apart(masks, row)]
    if not rows:
        raise ConfigError("these classes cannot be dealt to every seat at once")
    combos = table.combos[np.array(rows, dtype=np.int64)]
    return Deals(combos, np.full(len(rows), 1.0 / len(rows)), table, True)


def _apart(masks: Ints, row: tuple[int, ...]) -> bool:
    seen = 0
    for i in row:
        if seen & int(masks[i]):
            return False
        seen |= int(masks[i])
    return True


def sample_deals(seats: int, count: int, seed: int = 0,
                 table: ComboEquity | None = None) -> Deals:
    """``count`` random deals of the whole deck to ``seats`` players (each deal alike
    likely), from the seeded generator; ``table`` the equity table of every combo
    (read from the cache when not given)."""
    if count < 1:
        raise ConfigError(f"the number of deals must be at least 1, not {count}")
    if table is None:
        table = combo_equity(None)
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((count, 52)), axis=1)[:, :2 * seats]
    pairs = np.sort(cards.reshape(count, seats, 2), axis=2)
    low, high = pairs[..., 0], pairs[..., 1]
    combos = low * 51 - low * (low - 1) // 2 + (high - low - 1)
    return Deals(combos.astype(np.int64), np.full(count, 1.0 / count), table, False)


@dataclass(frozen=True)
class Node:
    """A decision: ``actor`` shoves (``opener == actor``) or calls ``opener``'s shove
    after the ``callers``; ``yes`` and ``no`` the next node or ``-1 - terminal``."""

    actor: int
    opener: int
    callers: tuple[int, ...]
    yes: int
    no: int
    label: str


def _tree(seats: int) -> tuple[list[Node], list[tuple[int, ...]]]:
    """The decisions (parents before children) and the terminals (the players all in;
    ``()`` for the walk)."""
    names = position_names(seats)
    nodes: list[Node] = []
    terminals: list[tuple[int, ...]] = []

    def terminal(allin: tuple[int, ...]) -> int:
        terminals.append(allin)
        return -len(terminals)

    def calling(opener: int, actor: int, callers: tuple[int, ...]) -> int:
        if actor == seats:
            return terminal((opener, *callers))
        at = len(nodes)
        facing = " + ".join(names[i] for i in (opener, *callers))
        nodes.append(Node(actor, opener, callers, 0, 0, f"{names[actor]} calls {facing}"))
        yes = calling(opener, actor + 1, (*callers, actor))
        no = calling(opener, actor + 1, callers)
        nodes[at] = Node(actor, opener, callers, yes, no, nodes[at].label)
        return at

    def opening(actor: int) -> int:
        if actor == seats - 1:
            return terminal(())
        at = len(nodes)
        nodes.append(Node(actor, actor, (), 0, 0, f"{names[actor]} shoves"))
        yes = calling(actor, actor + 1, ())
        no = opening(actor + 1)
        nodes[at] = Node(actor, actor, (), yes, no, nodes[at].label)
        return at

    opening(0)
    return nodes, terminals


@dataclass(frozen=True)
class IcmGame:
    """The game over a set of deals: the decision ``nodes``, the ``terminals``, each
    seat's class in each deal (``classes``, numbers into ``names``), and each
    terminal's payoffs ``utility[t]``, ``(seats, deals)``, ICM equities (for showdowns
    of three or more, the mean over the deal's sampled boards)."""

    table: IcmTable
    deals: Deals
    nodes: tuple[Node, ...]
    terminals: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    classes: Ints
    utility: Floats
    boards: int

    @classmethod
    def build(cls, table: IcmTable, deals: Deals, boards: int = 4, seed: int = 1) -> IcmGame:
        """The game of ``table`` over ``deals``, with ``boards`` random boards a deal
        for the showdowns of three or more (seeded)."""
        from pokerroom.strategy.classes import CLASS_NAMES

        seats = table.seats
        if deals.combos.shape[1] != seats:
            raise ConfigError(f"the deals are for {deals.combos.shape[1]} seats, the table "
                              f"has {seats}")
        if boards < 1:
            raise ConfigError(f"the boards per deal must be at least 1, not {boards}")
        nodes, terminals = _tree(seats)
        present = sorted(set(COMBO_CLASS[deals.table.combos].tolist()))
        local = np.full(169, -1, dtype=np.int64)
        local[present] = np.arange(len(present))
        classes = local[COMBO_CLASS[deals.combos]]
        keys = _keys(deals.combos, boards, seed) if any(len(t) > 2 for t in terminals) \
            else None
        utility = np.zeros((len(terminals), seats, len(deals.combos)))
        for t, allin in enumerate(terminals):
            utility[t] = _payoffs(table, deals, allin, keys)
        return cls(table, deals, tuple(nodes), tuple(terminals),
                   tuple(CLASS_NAMES[i] for i in present), classes, utility, boards)


def _keys(combos: Ints, boards: int, seed: int) -> npt.NDArray[np.int32]:
    """``(deals, boards, seats)``: each seat's hand key on each of ``boards`` random
    boards from the cards left in each deal."""
    count, seats = combos.shape
    rng = np.random.default_rng(seed)
    dealt = np.zeros((count, 52), dtype=bool)
    hole = COMBOS[combos]  # (deals, seats, 2)
    rows = np.arange(count)[:, None]
    dealt[rows, hole.reshape(count, -1)] = True
    left = np.argsort(dealt, axis=1, kind="stable")[:, :52 - 2 * seats]  # undealt cards
    out = np.empty((count, boards, seats), dtype=np.int32)
    for b in range(boards):
        pick = np.argsort(rng.random(left.shape), axis=1)[:, :5]
        board = np.take_along_axis(left, pick, axis=1)
        for s in range(seats):
            seven = np.concatenate([hole[:, s, :], board], axis=1).astype(np.uint8)
            out[:, b, s] = high_keys(seven, validate=False)
    return out


def _payoffs(table: IcmTable, deals: Deals, allin: tuple[int, ...],
             keys: npt.NDArray[np.int32] | None) -> Floats:
    """``(seats, deals)``: every player's ICM equity at one terminal, in each deal."""
    count = len(deals.combos)
    if len(allin) < 2:
        return np.repeat(table.settle(allin, None)[:, None], count, axis=1)
    if len(allin) == 2:
        a, b = allin
        first, second = deals.combos[:, a], deals.combos[:, b]
        at = np.searchsorted(deals.table.combos, [first, second])
        wins = deals.table.wins[at[0], at[1]] / BOARDS
        loses = deals.table.wins[at[1], at[0]] / BOARDS
        ties = deals.table.ties[at[0], at[1]] / BOARDS
        won, lost, tied = (table.settle(allin, r) for r in ((0, 1), (1, 0), (0, 0)))
        mixed: Floats = won[:, None] * wins + lost[:, None] * loses + tied[:, None] * ties
        return mixed
    assert keys is not None
    mine = keys[:, :, list(allin)]  # (deals, boards, k)
    k = len(allin)
    ranks = (mine[..., None, :] > mine[..., :, None]).sum(axis=3)  # players beating each
    codes = (ranks * (k ** np.arange(k))).sum(axis=2)
    unique, inverse = np.unique(codes, return_inverse=True)
    settled = np.array([table.settle(allin, _ranks(int(c), k)) for c in unique])
    per_board = settled[inverse.reshape(codes.shape)]  # (deals, boards, seats)
    out: Floats = per_board.mean(axis=1).T
    return out


def _ranks(code: int, k: int) -> tuple[int, ...]:
    out = []
    for _ in range(k):
        code, r = divmod(code, k)
        out.append(r)
    return tuple(out)
