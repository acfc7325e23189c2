"""The exact all-in equity of pairs of starting hands, by suit-isomorphic matchups:
the same counts as enumerating every pair on its own, and the published figures."""

from __future__ import annotations

import importlib.util
import random
from itertools import permutations
from pathlib import Path

import numpy as np
import pytest

from pokerroom.analysis.executors import open_executor
from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.odds_game import HOLDEM
from pokerroom.cards import Card, parse_cards
from pokerroom.strategy import equity
from pokerroom.strategy.classes import COMBOS
from pokerroom.strategy.equity import (
    BOARDS,
    class_equity,
    combo_equity,
    combo_of,
    matchup_job,
    matchup_task,
    run_matchups,
)

SAMPLE = ["AA", "KK", "AKs", "AKo", "T9s", "72o", "22", "A5o", "65s"]
"""Classes of the test-sized table: pairs, suited and offsuit hands that block each
other in every way."""


@pytest.fixture(scope="module")
def sample() -> equity.ComboEquity:
    return combo_equity(classes=SAMPLE)


def _combo(text: str) -> int:
    return combo_of(parse_cards(text))


@pytest.mark.rule("holdem-intro")
def test_the_isomorphic_table_equals_enumerating_each_pair(
        sample: equity.ComboEquity) -> None:
    """A seeded sample of pairs, each enumerated on its own by the odds engine."""
    rng = random.Random(42)
    combos = sample.combos.tolist()
    checked = 0
    while checked < 60:
        a, b = rng.sample(combos, 2)
        cards = [Card(int(c)) for c in (*COMBOS[a], *COMBOS[b])]
        if len(set(cards)) < 4:
            continue
        odds = compute_odds(HOLDEM, [cards[:2], cards[2:]], exact=True, cluster="inline")
        assert odds.deals == BOARDS
        assert (sample.wins_of(a, b), sample.wins_of(b, a), sample.ties_of(a, b)) == (
            odds.wins[0], odds.wins[1], odds.ties[0])
        checked += 1


@pytest.mark.rule("holdem-intro")
def test_renaming_the_suits_or_swapping_the_hands_changes_no_count() -> None:
    """What the canonical matchups rest on: the kernel's counts for one pair under all
    24 renamings of the suits and both orders."""
    first, second = parse_cards("Ah Kh"), parse_cards("Qh Jd")
    seen = set()
    for perm in permutations(range(4)):
        a, b = (combo_of([int(c) // 4 * 4 + perm[int(c) % 4] for c in hand])
                for hand in (first, second))
        key = np.array([a * 1326 + b, b * 1326 + a], dtype=np.int64)
        (wa, wb, tie), (wb2, wa2, tie2) = matchup_task(key).tolist()
        assert (wa, wb, tie) == (wa2, wb2, tie2)
        seen.add((wa, wb, tie))
    assert len(seen) == 1


@pytest.mark.rule("holdem-intro")
@pytest.mark.parametrize(("hands", "counts"), [
    # GNU poker-eval's counts, quoted at https://brainwagon.org/2005/04/09/texas-holdem-trivia
    (("Ad Ac", "Kh Ks"), (1388072, 317694, 6538)),
    (("Ad Ac", "Td 9d"), (1338249, 367143, 6912)),
    (("Ad Ac", "Qc Jh"), (1450987, 254763, 6554)),
    # "94.92% from 1,612,287 wins and 26,192 ties out of 1,712,304", the best hand
    # against a hand that shares a rank with it:
    # https://preflop26.rssing.com/chan-21442239/article8.html
    (("Kc Kd", "Kh 2c"), (1612287, 73825, 26192)),
])
def test_published_counts_of_single_matchups(hands: tuple[str, str],
                                             counts: tuple[int, int, int]) -> None:
    a, b = (_combo(h) for h in hands)
    key = np.array([min(a, b) * 1326 + max(a, b)], dtype=np.int64)
    wa, wb, tie = matchup_task(key)[0].tolist()
    assert ((wa, wb) if a < b else (wb, wa)) + (tie,) == counts


@pytest.mark.rule("holdem-intro")
def test_class_equities_weigh_every_pair_of_combos_that_share_no_card(
        sample: equity.ComboEquity) -> None:
    classes = class_equity(sample)
    # AA v KK over all 36 suit combinations: 81.95 % (Kevin Gong,
    # http://www.kevingong.com/Math/KKPreflop.html, gives 81.946031 %; exactly it is
    # 81.946050 %), made of 82.6 % with the same two suits, 81.9 % sharing one, 81.3 %
    # sharing none (his figures, to his precision)
    assert round(100 * classes.equity("AA", "KK"), 2) == 81.95
    shares = [round(100 * sample.equity(_combo("Ah As"), _combo(k)), 1)
              for k in ("Kh Ks", "Kh Kd", "Kd Kc")]
    assert shares == [82.6, 81.9, 81.3]
    assert classes.equity("AA", "KK") + classes.equity("KK", "AA") == pytest.approx(1.0)
    at = classes.classes.index
    aa, aks, ako = at(0), at(1), at(13)
    assert classes.pairs[aa, aa] == 6 and classes.pairs[aa, aks] == 12
    assert classes.pairs[aks, aa] == 12 and classes.pairs[ako, aks] == 24
    # a class against itself: a coin flip, every tie counted once for each side
    assert classes.equity("T9s", "T9s") == pytest.approx(0.5)
    assert 0.5 < classes.equity("22", "AKo") < 0.53 < classes.equity("22", "AKs") + 0.03


def test_the_chunks_give_the_same_counts_wherever_they_run() -> None:
    keys = matchup_job(np.array(sorted(c for c in range(1326) if c % 97 == 0),
                                dtype=np.int64))
    inline = run_matchups(keys, "inline")
    pooled = run_matchups(keys, "processes", workers=2)
    assert np.array_equal(inline, pooled)
    assert (inline.sum(axis=1) <= BOARDS).all()
    if importlib.util.find_spec("distributed") is not None:
        with open_executor("local", workers=2, processes=False) as dask:
            assert np.array_equal(run_matchups(keys, executor=dask), inline)


def test_the_cache_keeps_only_whole_tables(tmp_path: Path) -> None:
    keys = np.array([1, 5, 9], dtype=np.int64)
    counts = np.arange(9, dtype=np.int64).reshape(3, 3)
    path = tmp_path / "table.npz"
    equity._write_cache(path, keys, counts)
    found = equity._read_cache(path)
    assert found is not None and np.array_equal(found[1], counts)
    path.write_bytes(path.read_bytes()[:-40])
    assert equity._read_cache(path) is None


@pytest.mark.exhaustive
@pytest.mark.rule("holdem-intro")
def test_the_full_table() -> None:
    """Every one of the 1,326 × 1,225 pairs: 47,008 canonical matchups."""
    table = combo_equity()
    apart = table.wins + table.wins.T + table.ties
    shared = (COMBOS[:, None, :, None] == COMBOS[None, :, None, :]).any(axis=(2, 3))
    assert (apart[~shared] == BOARDS).all() and (apart[shared] == 0).all()
    assert np.array_equal(table.ties, table.ties.T)
    classes = class_equity(table)
    assert int(classes.pairs.sum()) == 1326 * 1225
    assert round(100 * classes.equity("AA", "KK"), 6) == 81.946050
    assert table.wins_of(_combo("Ad Ac"), _combo("Kh Ks")) == 1388072


def test_one_process_at_a_time_enumerates_the_full_table(tmp_path: Path) -> None:
    """While one process builds the table, another asking for it waits on the lock
    beside the cache file (then reads what the first wrote) instead of enumerating it
    too."""
    fcntl = pytest.importorskip("fcntl")
    path = tmp_path / "preflop-equity-x.npz"
    lock = path.with_suffix(".lock")
    with equity._building(path), open(lock, "a") as other, pytest.raises(BlockingIOError):
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
    with open(lock, "a") as other:
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)   # free again
        fcntl.flock(other, fcntl.LOCK_UN)
