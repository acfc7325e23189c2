"""Pot growth per deal under each house-rule set, from deals played by the bots.

Herbie's contributor notes that a small pot "can grow five or six times over in one
deal when several players stay in and lose" (``herbie-5-strategy``, advice only). This
module measures it: whole sessions are played through the real tables
(:class:`~pokerroom.homegames.herbie_table.HerbieTable`,
:class:`~pokerroom.homegames.guts_table.GutsTable`) with every seat played by the bots of
:mod:`pokerroom.bots.home_games`, and each deal's *growth* is the pot after the deal is
settled (plus any pot-limit reserve) divided by the pot it was played for (after the
antes). A pot won with no loser paying gives 0; a pot that one loser matches gives 1
after the winner takes it (or 2 when Herbie wins it and stays in the pot).

Deals are played in chunks of :data:`CHUNK_DEALS` consecutive deals of one session, each
chunk from its own seed (the run's seed, the rule set and the chunk's number), so the
figures depend only on the seed and the number of deals.

>>> from pokerroom.homegames.options import HerbieOptions
>>> sets = herbie_rule_sets(HerbieOptions(players=5))
>>> [s.name for s in sets][:2]
['as given', '4.4: lone tie goes to the player']
>>> growth = pot_growth(sets[:1], deals=50, seed=3)[0]
>>> growth.deals, growth.mean >= 0
(50, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pokerroom.analysis.executors import InlineExecutor, run_chunks
from pokerroom.bots.guts import FastGutsBot
from pokerroom.bots.home_games import HerbieBot, play_out
from pokerroom.errors import ConfigError
from pokerroom.hands.herbie import HerbieOddCard, HerbieUnpaired
from pokerroom.homegames.guts import guts_evaluator
from pokerroom.homegames.guts_table import GutsTable
from pokerroom.homegames.herbie_table import HerbieTable
from pokerroom.homegames.options import (
    DeclareMode,
    GhostMode,
    GutsOptions,
    HerbieAnte,
    HerbieOptions,
    LoneTie,
)
from pokerroom.tableview import Bot

__all__ = ["CHUNK_DEALS", "PotGrowth", "RuleSet", "guts_rule_sets", "herbie_rule_sets",
           "pot_growth"]

CHUNK_DEALS = 250
GameOptions = HerbieOptions | GutsOptions


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A named set of house rules to measure (``skipped`` says why it cannot be played
    with the options given)."""

    name: str
    options: GameOptions
    skipped: str = ""


def _variants(base: GameOptions, changes: Sequence[tuple[str, dict[str, Any]]]
              ) -> list[RuleSet]:
    out = [RuleSet("as given", base)]
    for name, change in changes:
        try:
            options = replace(base, **change).validated()
        except ConfigError as err:
            out.append(RuleSet(name, base, skipped=str(err)))
            continue
        if options != base:
            out.append(RuleSet(name, options))
    return out


def herbie_rule_sets(base: HerbieOptions) -> list[RuleSet]:
    """The options given and each Herbie house rule changed from them in turn."""
    return _variants(base.validated(), [
        ("4.4: lone tie goes to the player", {"lone_tie": LoneTie.PLAYER_WINS}),
        ("4.4: lone tie is a standoff", {"lone_tie": LoneTie.STANDOFF}),
        ("4.4: lone tie goes to Herbie", {"lone_tie": LoneTie.HERBIE_WINS}),
        ("1.4: a pair's odd card breaks ties", {"odd_card": HerbieOddCard.BREAKS_TIES}),
        ("1.4: a pair's odd card does not count", {"odd_card": HerbieOddCard.IGNORED}),
        ("1.5: unpaired hands have no value", {"unpaired": HerbieUnpaired.NO_VALUE}),
        ("ante on every deal", {"ante_rule": HerbieAnte.EVERY_DEAL}),
    ])


def guts_rule_sets(base: GutsOptions) -> list[RuleSet]:
    """The options given and the Guts payment variants changed from them in turn."""
    return _variants(base.validated(), [
        ("every loser matches", {"single_loser": False}),
        ("single loser", {"single_loser": True, "ghost": GhostMode.NONE}),
        ("ghost always", {"ghost": GhostMode.ALWAYS, "single_loser": False}),
        ("ghost for a single stayer", {"ghost": GhostMode.SINGLE_STAYER,
                                       "single_loser": False}),
        ("no split pots", {"no_split": True}),
        ("simultaneous declare", {"declare": DeclareMode.SIMULTANEOUS}),
    ])


@dataclass(frozen=True, slots=True)
class _Chunk:
    name: str
    options: GameOptions
    deals: int
    seed: int
    index: int


def _bots(options: GameOptions) -> list[Bot]:
    if isinstance(options, HerbieOptions):
        return [HerbieBot(options.players, options.unpaired, odd_card=options.odd_card)
                for _ in range(options.players)]
    evaluate = guts_evaluator(options)
    return [FastGutsBot(options.players, evaluate, options.cards)
            for _ in range(options.players)]


def _run_chunk(chunk: _Chunk) -> list[float]:
    """The growth of each of ``chunk.deals`` consecutive deals of one session."""
    rng = random.Random(f"{chunk.seed}:{chunk.name}:{chunk.index}")
    options = chunk.options
    table: HerbieTable | GutsTable = (HerbieTable(options, rng=rng)
                                      if isinstance(options, HerbieOptions)
                                      else GutsTable(options, rng=rng))
    bots = _bots(options)
    draw_rng = random.Random(rng.random())
    ratios = []
    for _ in range(chunk.deals):
        deal = table.new_hand()
        before = table.pot
        play_out(deal, bots, draw_rng)
        table.settle(deal)
        after = table.pot + table.reserve
        ratios.append(after / before)
    return ratios


@dataclass(frozen=True, slots=True)
class PotGrowth:
    """The distribution of a rule set's growth per deal."""

    name: str
    announce: str
    deals: int
    mean: float
    median: float
    p90: float
    p99: float
    largest: float
    won_clean: float
    """Share of deals whose pot was won with no loser paying (growth 0)."""
    five_or_more: float
    histogram: tuple[tuple[str, int], ...]
    skipped: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.name, "announce": self.announce, "deals": self.deals,
                "mean": self.mean, "median": self.median, "p90": self.p90,
                "p99": self.p99, "max": self.largest, "won_clean": self.won_clean,
                "five_or_more": self.five_or_more,
                "histogram": {label: n for label, n in self.histogram},
                "skipped": self.skipped}


def _histogram(ratios: Sequence[float]) -> tuple[tuple[str, int], ...]:
    bins = [("0", 0), ("(0, 1)", 0), ("[1, 2)", 0), ("[2, 3)", 0), ("[3, 4)", 0),
            ("[4, 5)", 0), ("[5, 6)", 0), ("[6, 8)", 0), ("8+", 0)]
    counts = [0] * len(bins)
    for r in ratios:
        if r == 0:
            i = 0
        elif r < 1:
            i = 1
        elif r < 6:
            i = int(r) + 1
        else:
            i = 7 if r < 8 else 8
        counts[i] += 1
    return tuple((label, n) for (label, _), n in zip(bins, counts, strict=True))


def pot_growth(rule_sets: Sequence[RuleSet], *, deals: int, seed: int,
               executor: Executor | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[PotGrowth]:
    """Play ``deals`` deals under each playable rule set and describe each deal's growth."""
    if deals < 1:
        raise ConfigError(f"the number of deals must be at least 1, got {deals}")
    playable = [s for s in rule_sets if not s.skipped]
    chunks = [_Chunk(s.name, s.options, min(CHUNK_DEALS, deals - start), seed, index)
              for s in playable
              for index, start in enumerate(range(0, deals, CHUNK_DEALS))]
    results = run_chunks(executor or InlineExecutor(), _run_chunk, chunks, progress)
    by_name: dict[str, list[float]] = {}
    for chunk, ratios in zip(chunks, results, strict=True):
        by_name.setdefault(chunk.name, []).extend(ratios)
    out = []
    for s in rule_sets:
        if s.skipped:
            out.append(PotGrowth(s.name, "", 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, (),
                                 skipped=s.skipped))
            continue
        ratios = by_name[s.name]
        arr = np.array(ratios)
        out.append(PotGrowth(
            s.name, s.options.announce(), len(ratios), float(arr.mean()),
            float(np.percentile(arr, 50)), float(np.percentile(arr, 90)),
            float(np.percentile(arr, 99)), float(arr.max()), float((arr == 0).mean()),
            float((arr >= 5).mean()), _histogram(ratios)))
    return out
