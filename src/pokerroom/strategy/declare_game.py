"""The declare game of Guts and Herbie at a given pot: its hands, its deals, its payoffs.

Every player is dealt a hand, then declares in or out: in turn from the dealer's left,
the dealer last and automatically in when everyone before is out
(``guts-declare-in-turn``, ``guts-dealer-auto-in``), or all at once
(``guts-5.1-simultaneous``; Herbie always, ``herbie-3.1``). The deal is then settled by
the house rules: those in who are beaten match the pot, up to the table maximum
(``guts-losers-match``, ``herbie-4.1``), the best hand takes it, and so on. A player's
payoff is the chips it takes from the pot less the chips it pays into it, on this deal
alone: what the matches are worth in later deals (the pot they make is played for again)
is not counted.

Hands are grouped into **buckets**: all the hands of one showdown value of the game's
ranking (the kernel's evaluators, :mod:`pokerroom.hands`), numbered from the weakest.
Two-card Guts has 91 (13 pairs and 78 unpaired hands), three-card Guts 741 under the
default ranking, Herbie 140 starting values. A player's strategy gives each bucket (and,
declaring in turn, each sequence of declares heard before it) a chance of staying in.

Chance is a list of weighted **deals**: each player's bucket and, for every set of players
in, every player's payoff (:class:`DeclareDeals`).

* Two-card Guts with 2 or 3 players is exact: every combination of buckets, weighted by
  the number of ways to deal it from one deck (card removal exact; a bucket is a set of
  ranks, the suits are counted).
* Three-card Guts, Herbie, and two-card Guts with 4 players are sampled: seeded random
  deals of the whole deck, in blocks of :data:`BLOCK` (block ``i`` drawn from its own
  seed), so a set of deals never depends on where its blocks are drawn. Herbie's players
  who are in draw by the bots' rule (:func:`pokerroom.bots.home_games.herbie_discards`:
  stand on trips, keep a pair, else keep the highest card), in turn from the dealer's
  left; Herbie never draws (``herbie-3.3``).

>>> setting = DeclareSetting.of("guts2", players=2, pot=10)
>>> deals = build_deals(setting)
>>> len(deals.weight), round(float(deals.weight.sum()), 12)
(8281, 1.0)
>>> deals.payoff[:, :, 0].tolist()  # the weakest hands against each other: 32 v 32
[[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [5.0, 5.0]]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from itertools import combinations, permutations
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerroom.cards import STANDARD_CARDS
from pokerroom.catalog import typed_rules
from pokerroom.errors import ConfigError
from pokerroom.homegames.house_rules import HERBIE_RULES, guts_options
from pokerroom.homegames.options import (
    DeclareMode,
    EveryoneOut,
    GhostMode,
    GutsOptions,
    HerbieOptions,
    LoneTie,
)

__all__ = [
    "BLOCK",
    "GAMES",
    "MAX_PLAYERS",
    "DealChunk",
    "DeclareDeals",
    "DeclareSetting",
    "HandTable",
    "build_deals",
    "chunk_deals",
    "deal_chunks",
    "hand_table",
    "make_chunk_deals",
]

GAMES = ("guts2", "guts3", "herbie")
"""The games whose declare is solved, by their catalog names."""
MAX_PLAYERS = 4
BLOCK = 10_000
"""Sampled deals per block (each block drawn from its own seed)."""
EXACT_CHUNK = 100_000
"""The most bucket combinations in a chunk of an exact enumeration (the chunks are
cut even)."""
DEFAULT_DEALS = 200_000

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class DeclareSetting:
    """One declare game: the game, the number of players (seat 0 at the dealer's left,
    the dealer last), the pot, the ante (only the everyone-out rule of the best hand
    paying everyone's ante uses it) and the house rules as the table's options."""

    game: str
    players: int
    pot: int
    options: GutsOptions | HerbieOptions
    sampled: bool = False
    """Sample the deals even where they could be enumerated (a quicker solve)."""
    carry: bool = False
    """Value the pot left for the next deal (the pot not won, and the matches) as an even
    share for each player, rather than at nothing: the game is then constant-sum."""

    @classmethod
    def of(cls, game: str, *, players: int, pot: int, ante: int = 1,
           rules: Mapping[str, Any] | None = None, carry: bool = False) -> DeclareSetting:
        """The setting of ``game`` with the typed house rules ``rules`` (as
        :func:`pokerroom.catalog.parse_house_rules` gives them; defaults for the rest),
        checked: :class:`ConfigError` names what the solver cannot play."""
        if game not in GAMES:
            raise ConfigError(f"the declare solver plays {', '.join(GAMES)}, not {game!r}")
        _check_players(players)
        given = dict(rules or {})
        options: GutsOptions | HerbieOptions
        if game == "herbie":
            names = {f.name for f in fields(HerbieOptions)}
            typed = typed_rules([s for s in HERBIE_RULES if s.name in names], given)
            if typed.get("max_match") is not None and typed["max_match"] <= 0:
                raise ConfigError("a table maximum must be a positive number of chips")
            # Herbie is for 4 to 10 (herbie-1.2); the declare is solved for fewer too
            options = HerbieOptions(players=players, ante=ante, **typed)
        else:
            options = guts_options(players, ante, 2 if game == "guts2" else 3, given)
        return cls.from_options(game, options, pot, carry=carry)

    @classmethod
    def from_options(cls, game: str, options: GutsOptions | HerbieOptions, pot: int, *,
                     sampled: bool = False, carry: bool = False) -> DeclareSetting:
        """The setting of a table with these options, checked as :meth:`of` checks."""
        _check_players(options.players)
        if pot < 1:
            raise ConfigError(f"the pot must be at least 1 chip, not {pot}")
        if isinstance(options, GutsOptions):
            if (game == "guts2") != (options.cards == 2) or game == "herbie":
                raise ConfigError(f"{game} is not a Guts game of {options.cards} cards")
            _check_guts(options)
            if options.pot_limit is not None:
                pot = min(pot, options.pot_limit)  # guts-4.6-pot-limit: played for the limit
        elif game != "herbie":
            raise ConfigError(f"Herbie's options are not {game}'s")
        return cls(game, options.players, pot, options, sampled, carry)

    @property
    def match(self) -> int:
        """What a loser pays: the pot, up to the table maximum."""
        cap = self.options.max_match
        return self.pot if cap is None else min(self.pot, cap)

    @property
    def simultaneous(self) -> bool:
        """Whether everyone declares at once."""
        return (isinstance(self.options, HerbieOptions)
                or self.options.declare is DeclareMode.SIMULTANEOUS)

    @property
    def exact(self) -> bool:
        """Whether the deals are every combination of buckets (else sampled)."""
        return self.game == "guts2" and self.players <= 3 and not self.sampled

    def key(self) -> tuple[Any, ...]:
        """What the deals depend on (a worker's cache key)."""
        return (self.game, self.players, self.pot, self.options, self.sampled, self.carry)


def _check_players(players: int) -> None:
    if not 2 <= players <= MAX_PLAYERS:
        raise ConfigError(f"the declare solver takes 2 to {MAX_PLAYERS} players, "
                          f"not {players}")


def _check_guts(options: GutsOptions) -> None:
    refused = [
        (options.ghost is not GhostMode.NONE, "the ghost"),
        (options.discard_before_declare, "discarding before declaring"),
        (options.pass_left, "passing a card to the left"),
    ]
    for bad, what in refused:
        if bad:
            raise ConfigError(f"the declare solver does not play {what}")


# --------------------------------------------------------------------------- hands


@dataclass(frozen=True)
class HandTable:
    """Every hand of a game's ranking: ``value[a, b(, c)]`` the value of the hand of those
    card numbers (in any order), numbered from the weakest; ``group[v]`` the bucket of
    value ``v``; per bucket, ``names`` its weakest value in words (``short``: the same,
    shortly: ``AK``, ``77`` in two-card Guts) and ``sizes`` its number of hands; ``ranks``
    the ranks of one hand of each value (13 counts, deuces first); Herbie's
    ``discards[a, b, c]`` the positions (bits 1, 2, 4) its draw throws away."""

    size: int
    value: Ints
    group: Ints
    names: tuple[str, ...]
    short: tuple[str, ...]
    sizes: Ints
    ranks: Ints
    discards: Ints | None

    @property
    def bucket(self) -> Ints:
        """The bucket of every hand, by its card numbers (as :attr:`value`)."""
        return self.group[self.value]


GUTS3_BUCKETS = 100
"""Three-card Guts has 741 values: they are grouped into at most this many buckets of
consecutive values, about alike in their number of hands (a bucket never splits a
value), so that each bucket is dealt often enough in the sampled deals."""


def _evaluator(options: GutsOptions | HerbieOptions) -> Callable[[Sequence[Any]], Any]:
    if isinstance(options, HerbieOptions):
        from functools import partial

        from pokerroom.hands.herbie import evaluate_herbie

        return partial(evaluate_herbie, unpaired=options.unpaired, odd_card=options.odd_card)
    from pokerroom.homegames.guts import guts_evaluator

    return guts_evaluator(options)


def hand_table(game: str, options: GutsOptions | HerbieOptions) -> HandTable:
    """The hand table of ``game`` under ``options``' ranking, computed once a process for
    each ranking: tables for any number of players are one (a worker warmed up with the
    two-player table, :mod:`pokerroom.strategy.warm`, has the four-player one).

    >>> heads_up, four = (DeclareSetting.of("herbie", players=n, pot=10) for n in (2, 4))
    >>> hand_table("herbie", heads_up.options) is hand_table("herbie", four.options)
    True
    """
    return _ranking_table(game, replace(options, players=2))


@cache
def _ranking_table(game: str, options: GutsOptions | HerbieOptions) -> HandTable:
    size = 2 if game == "guts2" else 3
    evaluate = _evaluator(options)
    hands = list(combinations(range(52), size))
    values = [evaluate([STANDARD_CARDS[i] for i in hand]) for hand in hands]
    keys = sorted({v.key for v in values})
    at = {k: i for i, k in enumerate(keys)}
    described = [""] * len(keys)
    counts = np.zeros(len(keys), dtype=np.int64)
    ranks = np.zeros((len(keys), 13), dtype=np.int64)
    value = np.full((52,) * size, -1, dtype=np.int64)
    discards = np.zeros((52,) * size, dtype=np.int64) if game == "herbie" else None
    for hand, hand_value in zip(hands, values, strict=True):
        v = at[hand_value.key]
        if not counts[v]:
            described[v] = hand_value.description
            for c in hand:
                ranks[v, c >> 2] += 1
        counts[v] += 1
        thrown: tuple[int, ...] = ()
        if discards is not None:
            from pokerroom.bots.home_games import herbie_discards

            assert isinstance(options, HerbieOptions)
            thrown = tuple(int(c) for c in herbie_discards(
                [STANDARD_CARDS[i] for i in hand], options.unpaired))
        for order in permutations(hand):
            value[order] = v
            if discards is not None:
                discards[order] = sum(1 << k for k, c in enumerate(order) if c in thrown)
    if game == "guts3":
        before = np.cumsum(counts) - counts
        group = np.unique(before * GUTS3_BUCKETS // len(hands), return_inverse=True)[1]
    else:
        group = np.arange(len(keys))
    group = group.astype(np.int64)
    firsts = [int(np.flatnonzero(group == g)[0]) for g in range(int(group.max()) + 1)]
    names = tuple(described[v] for v in firsts)
    short = names
    if game == "guts2":
        chars = "23456789TJQKA"
        short = tuple("".join(chars[r] * int(ranks[v, r]) for r in range(12, -1, -1))
                      for v in firsts)
    sizes = np.bincount(group, weights=counts).astype(np.int64)
    return HandTable(size, value, group, names, short, sizes, ranks, discards)


# --------------------------------------------------------------------------- payoffs


def _settle_guts(setting: DeclareSetting, ins: Sequence[int], values: Ints,
                 starting: Ints) -> Floats:
    """Every player's payoff for each deal when the players ``ins`` are in, their hands
    of bucket ``values`` (``(deals, players)``, higher is better)."""
    opts = setting.options
    assert isinstance(opts, GutsOptions)
    count, n = values.shape
    pay = np.zeros((count, n))
    pot, match = float(setting.pot), float(setting.match)
    if not ins:
        if opts.everyone_out is EveryoneOut.BEST_HAND_PAYS:
            best = starting.max(axis=1, keepdims=True)
            tied = starting == best
            pay -= tied * (opts.ante * n / tied.sum(axis=1, keepdims=True))
        return pay  # the pot stays (a fresh ante is the next deal's)
    if len(ins) == 1:
        pay[:, ins[0]] = pot  # alone (or the dealer automatically in): takes it unseen
        return pay
    mine = values[:, list(ins)]
    best = mine.max(axis=1, keepdims=True)
    worst = mine.min(axis=1, keepdims=True)
    top = mine == best
    winners = top.sum(axis=1, keepdims=True)
    losers = ~top
    if opts.single_loser:
        losers &= mine == worst
    share = np.where(top, pot / winners, 0.0)
    if opts.no_split:
        share = np.where(winners > 1, 0.0, share)
    pay[:, list(ins)] = share - losers * match
    return pay


def _settle_herbie(setting: DeclareSetting, ins: Sequence[int], values: Ints,
                   herbie: Ints) -> Floats:
    """Every player's payoff for each deal when the players ``ins`` are in with final
    hands of bucket ``values``, Herbie's hand of bucket ``herbie`` (Article 4). Players
    tied for best whom Herbie does not beat play off (``herbie-4.3``): by symmetry each
    wins with the same chance, the others match, so each is paid its average."""
    opts = setting.options
    assert isinstance(opts, HerbieOptions)
    count, n = values.shape
    pay = np.zeros((count, n))
    if not ins:
        return pay
    pot, match = float(setting.pot), float(setting.match)
    mine = values[:, list(ins)]
    best = mine.max(axis=1, keepdims=True)
    top = mine == best
    k = top.sum(axis=1, keepdims=True)
    herbie = herbie[:, None]
    beaten = herbie > best                         # Herbie wins: everyone in matches
    playoff = ~beaten & (k > 1)
    tie = ~beaten & (k == 1) & (herbie == best)     # herbie-4.4
    top_pay = np.full(top.shape, pot)
    top_pay = np.where(playoff, (pot - (k - 1) * match) / k, top_pay)
    lone = {LoneTie.HERBIE_WINS: -match, LoneTie.PLAYER_WINS: pot,
            LoneTie.STANDOFF: 0.0}[opts.lone_tie]
    top_pay = np.where(tie, lone, top_pay)
    out = np.where(top, top_pay, -match)
    out = np.where(beaten, -match, out)
    pay[:, list(ins)] = out
    return pay


def _subsets(n: int) -> list[tuple[int, ...]]:
    """The sets of players in, by bit mask: set ``s`` holds player ``i`` when bit ``i``
    of ``s`` is set."""
    return [tuple(i for i in range(n) if s >> i & 1) for s in range(1 << n)]


# --------------------------------------------------------------------------- deals


@dataclass(frozen=True)
class DeclareDeals:
    """Weighted deals: ``buckets[d, i]`` player ``i``'s bucket in deal ``d``, ``weight[d]``
    its chance (the weights of a whole game add up to 1), ``payoff[s, i, d]`` player
    ``i``'s chips when the set of players ``s`` (a bit mask) is in (laid out so that each
    set and player's payoffs over the deals are contiguous)."""

    buckets: Ints
    weight: Floats
    payoff: Floats

    @staticmethod
    def joined(parts: Sequence[DeclareDeals]) -> DeclareDeals:
        return DeclareDeals(np.concatenate([p.buckets for p in parts]),
                     np.concatenate([p.weight for p in parts]),
                     np.concatenate([p.payoff for p in parts], axis=2))


@dataclass(frozen=True)
class DealChunk:
    """One chunk of a game's deals: the combinations ``start`` to ``stop`` of an exact
    enumeration, or the sampled block ``start`` of ``stop - start`` deals drawn from
    ``seed``; ``total`` the deals of the whole game (the weights' denominator)."""

    setting: DeclareSetting
    start: int
    stop: int
    seed: int
    total: int


def deal_chunks(setting: DeclareSetting, deals: int = DEFAULT_DEALS,
                seed: int = 0) -> list[DealChunk]:
    """The chunks of the game's deals: cut by the size of the job alone (never by where
    they run), so that the deals are the same wherever they are made."""
    if setting.exact:
        table = hand_table(setting.game, setting.options)
        total = len(table.names) ** setting.players
        count = -(-total // EXACT_CHUNK)  # as many as needed, all of a size
        cuts = [total * k // count for k in range(count + 1)]
        return [DealChunk(setting, cuts[k], cuts[k + 1], seed, total) for k in range(count)]
    if deals < 1:
        raise ConfigError(f"the number of deals must be at least 1, not {deals}")
    return [DealChunk(setting, a, min(a + BLOCK, deals), seed, deals)
            for a in range(0, deals, BLOCK)]


@cache
def chunk_deals(chunk: DealChunk) -> DeclareDeals:
    """The deals of one chunk (kept for the life of the process)."""
    return make_chunk_deals(chunk)


def make_chunk_deals(chunk: DealChunk) -> DeclareDeals:
    """The deals of one chunk, made afresh."""
    if chunk.setting.exact:
        return _exact_chunk(chunk)
    return _sampled_chunk(chunk)


def _exact_chunk(chunk: DealChunk) -> DeclareDeals:
    setting = chunk.setting
    n = setting.players
    table = hand_table(setting.game, setting.options)
    size = len(table.names)
    flat = np.arange(chunk.start, chunk.stop, dtype=np.int64)
    buckets = np.stack(np.unravel_index(flat, (size,) * n), axis=1).astype(np.int64)
    ways = np.ones(len(flat), dtype=np.int64)
    choose = np.array([[comb(a, b) for b in range(5)] for a in range(5)], dtype=np.int64)
    for rank in range(13):
        left = np.full(len(flat), 4, dtype=np.int64)
        for i in range(n):
            need = table.ranks[buckets[:, i], rank]  # two-card Guts: bucket = value
            ok = need <= left
            ways *= np.where(ok, choose[np.maximum(left, 0), np.minimum(need, 4)], 0)
            left = left - need
    keep = ways > 0
    buckets, ways = buckets[keep], ways[keep]
    dealt = 1
    for i in range(n):
        dealt *= comb(52 - 2 * i, 2)
    weight = ways / float(dealt)
    payoff = np.stack([_settle_guts(setting, ins, buckets, buckets).T
                       for ins in _subsets(n)])
    return DeclareDeals(buckets, weight, _carried(setting, payoff))


def _sampled_chunk(chunk: DealChunk) -> DeclareDeals:
    setting = chunk.setting
    n = setting.players
    table = hand_table(setting.game, setting.options)
    k = table.size
    rng = np.random.default_rng([chunk.seed, chunk.start // BLOCK])
    count = chunk.stop - chunk.start
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (count, 1)), axis=1)
    hands = [decks[:, k * i:k * i + k] for i in range(n)]
    values = np.stack([table.value[tuple(h.T)] for h in hands], axis=1)
    buckets = table.group[values]
    weight = np.full(count, 1.0 / chunk.total)
    if setting.game != "herbie":
        payoff = np.stack([_settle_guts(setting, ins, values, values).T
                           for ins in _subsets(n)])
        return DeclareDeals(buckets, weight, _carried(setting, payoff))
    assert table.discards is not None
    herbie = table.value[tuple(decks[:, 3 * n:3 * n + 3].T)]
    stock = decks[:, 3 * n + 3:]
    rows = np.arange(count)
    thrown = [table.discards[tuple(h.T)] for h in hands]
    settled = []
    for ins in _subsets(n):
        final = values.copy()
        used = np.zeros(count, dtype=np.int64)
        for i in ins:  # in turn from the dealer's left
            cards = hands[i].copy()
            for slot in range(3):
                out = (thrown[i] >> slot & 1).astype(bool)
                cards[:, slot] = np.where(out, stock[rows, used], cards[:, slot])
                used += out
            final[:, i] = table.value[tuple(cards.T)]
        settled.append(_settle_herbie(setting, ins, final, herbie).T)
    return DeclareDeals(buckets, weight, _carried(setting, np.stack(settled)))


def _carried(setting: DeclareSetting, payoff: Floats) -> Floats:
    """With :attr:`DeclareSetting.carry`, each player's share of the pot left for the
    next deal (what was not taken, and the matches) added to its payoff."""
    if not setting.carry:
        return payoff
    left = setting.pot - payoff.sum(axis=1, keepdims=True)
    return np.asarray(payoff + left / setting.players, dtype=np.float64)


def build_deals(setting: DeclareSetting, deals: int = DEFAULT_DEALS, seed: int = 0) -> DeclareDeals:
    """All the deals of the game, made here (the solver makes them chunk by chunk where
    it runs, :mod:`pokerroom.strategy.declare`)."""
    return DeclareDeals.joined([chunk_deals(c) for c in deal_chunks(setting, deals, seed)])
