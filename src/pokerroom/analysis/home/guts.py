"""Guts analysis: each starting hand's chance of being best against N-1 other hands.

The model is the text's showdown with everyone in: the hand against ``players - 1``
random hands dealt from the same deck. The hand's *equity* is its expected share of
the pot (ties share it equally, ``guts-ties-share``) and staying in is worth
``equity - lose`` pots (the best hand takes the pot, every other hand that is in
matches it, ``guts-losers-match``); the *stay threshold* is the weakest hand from which
up that value is never negative.

* Exact by enumeration for one or two other hands: every hand (or every ordered pair
  of disjoint hands) the unseen cards can make is counted, pairs by inclusion and
  exclusion over the cards they share.
* Monte Carlo for more, or with the 5.1(b) discard (``guts-5.1b-discard``): seeded
  chunks of at most :data:`CHUNK_TRIALS` deals, so results depend only on the seed and
  the number of trials. With the discard the other hands draw as the Guts bot does
  (keep a pair or better, else swap the lowest card if it is below a nine) and the hand
  analysed tries every discard on the same deals; "stand pat" is then the chance of the
  hand held *after* the draw, which is what the declaration (made after the draw)
  depends on.

Hands are grouped into classes that the ranking cannot tell apart: by ranks alone for
two-card Guts (no flushes, ``guts-4.2d``), and up to a relabelling of suits for
three-card Guts with flushes.

>>> table = guts_chances(cards=2, players=2)
>>> table.exact, len(table.rows)
(True, 91)
>>> aces = table.rows[0]
>>> aces.label, round(aces.equity, 4)
('A-A', 0.9996)
>>> print(table.threshold().label)
J-8
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations
from math import comb, sqrt

import numpy as np
import numpy.typing as npt

from pokerroom.analysis.executors import InlineExecutor, run_chunks
from pokerroom.cards import STANDARD_CARDS, Card, Rank, format_cards
from pokerroom.errors import ConfigError
from pokerroom.hands.guts import evaluate_guts2
from pokerroom.hands.three_card import Guts3Order, evaluate_guts3
from pokerroom.homegames.options import GutsOptions

__all__ = ["CHUNK_TRIALS", "GutsChances", "GutsRow", "guts_chances"]

Ints = npt.NDArray[np.int64]
CHUNK_TRIALS = 1000
_SUBSET_BASE = (1, 52, 2704)


@dataclass(frozen=True, slots=True)
class _Ranking:
    cards: int
    order: Guts3Order = Guts3Order.DEFAULT
    straights_and_flushes: bool = True

    def key(self, hand: Sequence[Card]) -> int:
        if self.cards == 2:
            return evaluate_guts2(hand).key
        return evaluate_guts3(hand, order=self.order,
                              straights_and_flushes=self.straights_and_flushes).key

    def describe(self, hand: Sequence[Card]) -> str:
        if self.cards == 2:
            return evaluate_guts2(hand).description
        return evaluate_guts3(hand, order=self.order,
                              straights_and_flushes=self.straights_and_flushes).description

    @property
    def suits_matter(self) -> bool:
        return self.cards == 3 and self.straights_and_flushes


@dataclass(frozen=True, slots=True)
class _Tables:
    hands: Ints            # (H, size) card indices, ascending
    keys: Ints             # (H,)
    by_code: Ints          # key of a sorted hand by its code (-1 where none)
    subsets: tuple[Ints, ...]  # for s = 1..size: (H, C(size, s)) subset codes
    classes: tuple[tuple[int, tuple[int, ...]], ...]  # (members, representative)
    holds: npt.NDArray[np.bool_]  # (H, 52): does the hand hold the card


def _code(cards: Sequence[int]) -> int:
    code = 0
    for c in cards:
        code = code * 52 + c
    return code


@lru_cache(maxsize=8)
def _tables(ranking: _Ranking) -> _Tables:
    size = ranking.cards
    hands = list(combinations(range(52), size))
    keys = np.array([ranking.key([STANDARD_CARDS[i] for i in h]) for h in hands],
                    dtype=np.int64)
    by_code = np.full(52 ** size, -1, dtype=np.int64)
    for h, k in zip(hands, keys, strict=True):
        by_code[_code(h)] = k
    arr = np.array(hands, dtype=np.int64)
    subsets = tuple(
        np.array([[_code(t) for t in combinations(h, s)] for h in hands], dtype=np.int64)
        for s in range(1, size + 1))
    members: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for h in hands:
        members.setdefault(_canonical(h, ranking.suits_matter), []).append(h)
    classes = tuple((len(ms), ms[0]) for ms in members.values())
    holds = np.zeros((len(hands), 52), dtype=bool)
    holds[np.arange(len(hands))[:, None], arr] = True
    return _Tables(arr, keys, by_code, subsets, classes, holds)


def _canonical(hand: tuple[int, ...], suits_matter: bool) -> tuple[int, ...]:
    if not suits_matter:
        return tuple(sorted(c // 4 for c in hand))
    return min(tuple(sorted((c // 4) * 4 + perm[c % 4] for c in hand))
               for perm in permutations(range(4)))


def _pairs_count(t: _Tables, a: Ints, b: Ints) -> int:
    """Ordered pairs (x, y), x in ``a``, y in ``b`` (0/1 masks), with no common card:
    inclusion and exclusion over the non-empty sets of cards x shares with y."""
    total = int(a.sum()) * int(b.sum())
    for s, codes in enumerate(t.subsets, start=1):
        holding = np.bincount(codes[b == 1].ravel(), minlength=52 ** s)
        total += (-1) ** s * int(holding[codes[a == 1]].sum())
    return total


@dataclass(frozen=True, slots=True)
class GutsRow:
    """One starting-hand class: chances against the others, and with the discard the
    best draw. ``se`` is 0 for exact rows."""

    label: str
    description: str
    deals: int
    key: int
    win: float
    tie: float
    lose: float
    equity: float
    se: float
    draw: str = "stand pat"
    draw_equity: float | None = None
    draw_lose: float | None = None

    @property
    def value(self) -> float:
        """Pots won or lost per deal by staying in with this hand as it is."""
        return self.equity - self.lose

    @property
    def draw_value(self) -> float | None:
        if self.draw_equity is None or self.draw_lose is None:
            return None
        return self.draw_equity - self.draw_lose


@dataclass(frozen=True, slots=True)
class GutsChances:
    """Every class of a Guts ranking against ``players - 1`` other hands."""

    cards: int
    players: int
    exact: bool
    discard: bool
    trials: int
    seed: int
    ranking: str
    rows: tuple[GutsRow, ...]

    def threshold(self) -> GutsRow | None:
        """The weakest hand from which up staying is never a losing play (the hand
        held when declaring; after the draw when there is one)."""
        found = None
        for row in self.rows:
            if row.value < 0:
                break
            found = row
        return found


@dataclass(frozen=True, slots=True)
class _Chunk:
    ranking: _Ranking
    hand: tuple[int, ...]
    players: int
    discard: bool
    trials: int
    seed: int
    index: int


def _bot_keep(hands: Ints) -> Ints:
    """The Guts bot's draw as a keep mask: keep a pair or better, else throw the
    lowest card when it is below a nine (hands sorted by card index)."""
    ranks = hands // 4 + 2
    paired = np.zeros(len(hands), dtype=bool)
    for i, j in combinations(range(hands.shape[1]), 2):
        paired |= ranks[:, i] == ranks[:, j]
    keep = np.ones_like(hands)
    keep[:, 0] = np.where(~paired & (ranks[:, 0] < 9), 0, 1)
    return keep


def _draw(hands: Ints, keep: Ints, stock: Ints, start: Ints) -> tuple[Ints, Ints]:
    thrown = 1 - keep
    before = np.cumsum(thrown, axis=1) - thrown
    drawn = np.take_along_axis(stock, start[:, None] + before, axis=1)
    final = np.sort(np.where(keep == 1, hands, drawn), axis=1)
    return final, thrown.sum(axis=1)


def _keys(by_code: Ints, hands: Ints) -> Ints:
    code = np.zeros(hands.shape[:-1], dtype=np.int64)
    for j in range(hands.shape[-1]):
        code = code * 52 + hands[..., j]
    found: Ints = by_code[code]
    return found


def _run_chunk(chunk: _Chunk) -> Ints:
    """Per keep option (all kept first, then the others in a fixed order): wins,
    losses, and ties with 1..9 other hands."""
    t = _tables(chunk.ranking)
    size = chunk.ranking.cards
    deck = np.array([c for c in range(52) if c not in chunk.hand], dtype=np.int64)
    rng = np.random.default_rng(np.random.SeedSequence(
        chunk.seed, spawn_key=(_code(chunk.hand), chunk.index)))
    n, others = chunk.trials, chunk.players - 1
    cards = rng.permuted(np.tile(deck, (n, 1)), axis=1)
    hands = np.sort(cards[:, :size * others].reshape(n, others, size), axis=2)
    stock = cards[:, size * others:]
    used = np.zeros(n, dtype=np.int64)
    if chunk.discard:
        finals = []
        for j in range(others):
            final, drawn = _draw(hands[:, j], _bot_keep(hands[:, j]), stock, used)
            finals.append(final)
            used = used + drawn
        hands = np.stack(finals, axis=1)
    other_keys = _keys(t.by_code, hands)
    best = other_keys.max(axis=1)
    masks = _keep_masks(size) if chunk.discard else [(1,) * size]
    mine_hand = np.tile(np.array(chunk.hand, dtype=np.int64), (n, 1))
    out = np.zeros((len(masks), 11), dtype=np.int64)
    for m, mask in enumerate(masks):
        keep = np.tile(np.array(mask, dtype=np.int64), (n, 1))
        final, _ = _draw(mine_hand, keep, stock, used)
        mine = _keys(t.by_code, final)
        tied_with = (other_keys == mine[:, None]).sum(axis=1)
        out[m, 0] = int((mine > best).sum())
        out[m, 1] = int((mine < best).sum())
        for k in range(1, 10):
            out[m, 1 + k] = int(((mine == best) & (tied_with == k)).sum())
    return out


def _keep_masks(size: int) -> list[tuple[int, ...]]:
    masks = [tuple(1 if i in kept else 0 for i in range(size))
             for r in range(size, -1, -1) for kept in combinations(range(size), r)]
    return masks


def _mask_words(hand: Sequence[int], mask: Sequence[int]) -> str:
    if all(mask):
        return "stand pat"
    kept = [STANDARD_CARDS[c] for c, k in zip(hand, mask, strict=True) if k]
    drawn = len(mask) - len(kept)
    return f"keep {format_cards(kept)}, draw {drawn}" if kept else f"draw {drawn}"


def _label(hand: Sequence[int], ranking: _Ranking) -> str:
    cards = sorted((STANDARD_CARDS[c] for c in hand), key=int, reverse=True)
    if not ranking.suits_matter:
        return "-".join(Rank(int(c.rank)).symbol for c in cards)
    return format_cards(cards)


def guts_chances(*, cards: int = 2, players: int, discard: bool = False,
                 order: Guts3Order = Guts3Order.DEFAULT, straights_and_flushes: bool = True,
                 trials: int = 2000, seed: int = 0,
                 hands: Sequence[Sequence[Card]] | None = None,
                 monte_carlo: bool = False,
                 executor: Executor | None = None,
                 progress: Callable[[int, int], None] | None = None) -> GutsChances:
    """Each class's chances against ``players - 1`` other hands, strongest first:
    exact without the discard for 2 or 3 players, else Monte Carlo (``trials`` deals
    per class, ``seed``), or Monte Carlo always with ``monte_carlo=True``. ``hands``
    limits the analysis to the classes of those hands."""
    GutsOptions(players=players, cards=cards, discard_before_declare=discard,
                order=order if cards == 3 else Guts3Order.DEFAULT,
                straights_and_flushes=straights_and_flushes if cards == 3 else True
                ).validated()
    if trials < 1:
        raise ConfigError(f"the number of trials must be at least 1, got {trials}")
    ranking = _Ranking(cards, order, straights_and_flushes if cards == 3 else True)
    t = _tables(ranking)
    chosen = list(t.classes)
    if hands is not None:
        wanted = {_canonical(tuple(sorted(int(c) for c in h)), ranking.suits_matter)
                  for h in hands}
        chosen = [c for c in chosen
                  if _canonical(c[1], ranking.suits_matter) in wanted]
    exact = not discard and players <= 3 and not monte_carlo
    rows = (_exact_rows(ranking, t, chosen, players) if exact
            else _mc_rows(ranking, chosen, players, discard, trials, seed, executor,
                          progress))
    rows.sort(key=lambda r: (-r.key, r.label))
    words = ("two-card: pair > unpaired, by rank" if cards == 2 else
             Guts3Order(order).describe(straights_and_flushes=ranking.straights_and_flushes))
    return GutsChances(cards, players, exact, discard, 0 if exact else trials,
                       0 if exact else seed, words, tuple(rows))


def _exact_rows(ranking: _Ranking, t: _Tables, chosen: Sequence[tuple[int, tuple[int, ...]]],
                players: int) -> list[GutsRow]:
    rows = []
    for deals, hand in chosen:
        mine = int(t.by_code[_code(hand)])
        free = 1 - t.holds[:, list(hand)].any(axis=1).astype(np.int64)
        below = free * (t.keys < mine)
        equal = free * (t.keys == mine)
        if players == 2:
            total = int(free.sum())
            win, tie = int(below.sum()) / total, int(equal.sum()) / total
            equity = win + tie / 2
        else:
            rest = 52 - ranking.cards
            total = comb(rest, ranking.cards) * comb(rest - ranking.cards, ranking.cards)
            both_below = _pairs_count(t, below, below)
            one_tie = 2 * _pairs_count(t, below, equal)
            two_tie = _pairs_count(t, equal, equal)
            win = both_below / total
            tie = (one_tie + two_tie) / total
            equity = win + one_tie / total / 2 + two_tie / total / 3
        cards = [STANDARD_CARDS[c] for c in hand]
        rows.append(GutsRow(_label(hand, ranking), ranking.describe(cards), deals, mine,
                            win, tie, 1 - win - tie, equity, 0.0))
    return rows


def _mc_rows(ranking: _Ranking, chosen: Sequence[tuple[int, tuple[int, ...]]],
             players: int, discard: bool, trials: int, seed: int,
             executor: Executor | None,
             progress: Callable[[int, int], None] | None) -> list[GutsRow]:
    chunks = [_Chunk(ranking, hand, players, discard, min(CHUNK_TRIALS, trials - start),
                     seed, index)
              for _, hand in chosen
              for index, start in enumerate(range(0, trials, CHUNK_TRIALS))]
    results = run_chunks(executor or InlineExecutor(), _run_chunk, chunks, progress)
    totals: dict[tuple[int, ...], Ints] = {}
    for chunk, counts in zip(chunks, results, strict=True):
        totals[chunk.hand] = totals.get(chunk.hand, 0) + counts
    t = _tables(ranking)
    masks = _keep_masks(ranking.cards) if discard else [(1,) * ranking.cards]
    shares = np.array([1.0] + [0.0] + [1 / (k + 1) for k in range(1, 10)])
    rows = []
    for deals, hand in chosen:
        counts = totals[hand]
        equities = counts @ shares / trials
        loses = counts[:, 1] / trials
        best = int(np.argmax(equities - loses))
        stand = counts[0]
        win, lose = stand[0] / trials, stand[1] / trials
        equity = float(equities[0])
        shares_sq = (shares ** 2) @ stand / trials
        se = sqrt(max(shares_sq - equity ** 2, 0.0) / trials)
        cards = [STANDARD_CARDS[c] for c in hand]
        rows.append(GutsRow(
            _label(hand, ranking), ranking.describe(cards), deals,
            int(t.by_code[_code(hand)]), win, 1 - win - lose, lose, equity, se,
            _mask_words(hand, masks[best]) if discard else "stand pat",
            float(equities[best]) if discard else None,
            float(loses[best]) if discard else None))
    return rows

