"""Chunked execution gives identical results on any executor; range notation."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise

import pytest

from pokerroom.analysis.executors import InlineExecutor, open_executor, run_chunks, worker_count
from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.odds_game import HOLDEM, OMAHA_HILO, STUD_HILO
from pokerroom.analysis.odds_tasks import split, task_count
from pokerroom.analysis.ranges import hand_class, parse_range
from pokerroom.cards import parse_cards
from pokerroom.errors import ConfigError, InvalidHandError

HANDS = [parse_cards("Ah Kh"), parse_cards("7c 7d"), parse_cards("Qs Js")]
STUD_HANDS = [parse_cards("As 2d 3c"), parse_cards("Kh Kd 9c")]


def test_dask_local_cluster_and_process_pool_agree() -> None:
    pytest.importorskip("distributed")
    kwargs = {"trials": 300_000, "seed": 2024}
    with open_executor("local", workers=2, processes=False) as dask:
        on_dask = compute_odds(HOLDEM, HANDS, executor=dask, **kwargs)
    on_pool = compute_odds(HOLDEM, HANDS, cluster="processes", workers=2, **kwargs)
    inline = compute_odds(HOLDEM, HANDS, cluster="inline", **kwargs)
    assert on_dask == on_pool == inline
    assert sum(on_pool.wins) + max(on_pool.ties) >= 1


def test_dask_executor_runs_an_exact_job() -> None:
    pytest.importorskip("distributed")
    with open_executor("local", workers=2, processes=False) as run:
        assert list(run.map(abs, [-3, 4])) == [3, 4]
    inline = compute_odds(OMAHA_HILO, [parse_cards("As 2s Kd Kh"), parse_cards("3c 4d Qh Qs")],
                          board=parse_cards("5h"), exact=True, cluster="inline")
    pooled = compute_odds(OMAHA_HILO, [parse_cards("As 2s Kd Kh"), parse_cards("3c 4d Qh Qs")],
                          board=parse_cards("5h"), exact=True, cluster="processes", workers=2)
    assert inline == pooled


def test_worker_count_does_not_change_results() -> None:
    one = compute_odds(STUD_HILO, [parse_cards("As 2d 3c"), parse_cards("Kh Kd 9c")],
                       trials=150_000, seed=9, cluster="processes", workers=1)
    two = compute_odds(STUD_HILO, [parse_cards("As 2d 3c"), parse_cards("Kh Kd 9c")],
                       trials=150_000, seed=9, cluster="processes", workers=2)
    assert one == two


def test_progress_is_reported_per_chunk() -> None:
    seen: list[tuple[int, int]] = []
    compute_odds(HOLDEM, HANDS, trials=2_000_000, seed=1, cluster="inline",
                 progress=lambda done, total: seen.append((done, total)))
    total = seen[-1][1]
    assert total > 1 and seen == [(i, total) for i in range(1, total + 1)]


@pytest.mark.parametrize("workers", [1, 3, 16])
def test_the_cut_into_tasks_does_not_change_results(workers: int) -> None:
    """More workers cut a job into more tasks; the counts stay the same."""
    seen: list[int] = []
    with ThreadPoolExecutor(2) as pool:
        pool.pokerroom_workers = workers  # type: ignore[attr-defined]
        assert worker_count(pool) == workers
        ranged = compute_odds(HOLDEM, [parse_range("QQ+"), parse_range("AKs")],
                              board=parse_cards("2c 7d"), exact=True, executor=pool)
        simulated = compute_odds(STUD_HILO, STUD_HANDS, trials=700_000, seed=5,
                                 executor=pool,
                                 progress=lambda done, total: seen.append(total))
    assert ranged == compute_odds(HOLDEM, [parse_range("QQ+"), parse_range("AKs")],
                                  board=parse_cards("2c 7d"), exact=True,
                                  executor=InlineExecutor())
    assert simulated == compute_odds(STUD_HILO, STUD_HANDS, trials=700_000, seed=5,
                                     cluster="inline")
    assert seen[-1] == min(8 * workers, 11)  # 11 seed blocks of 65,536 trials


def test_chunks_are_even_and_cover_the_job() -> None:
    for total in (1, 7, 1_086_008, 40_000_000):
        for parts in (1, 2, 16, 50):
            ranges = split(total, parts)
            assert ranges[0][0] == 0 and ranges[-1][1] == total
            assert all(a[1] == b[0] for a, b in pairwise(ranges))
            sizes = {stop - start for start, stop in ranges}
            assert max(sizes) - min(sizes) <= 1
    assert task_count(1e-4, 2) == 1 and task_count(100.0, 2) == 16


def test_run_chunks_keeps_order_and_inline_raises_through() -> None:
    assert run_chunks(InlineExecutor(), lambda x: x * 2, [3, 1, 2]) == [6, 2, 4]
    with pytest.raises(ZeroDivisionError):
        run_chunks(InlineExecutor(), lambda x: 1 // x, [0])


def test_bad_executor_names() -> None:
    with pytest.raises(ConfigError), open_executor("nowhere"):
        pass
    with pytest.raises(ConfigError), open_executor("processes", workers=0):
        pass


@pytest.mark.parametrize(("text", "classes", "combos"), [
    ("QQ+", {"QQ", "KK", "AA"}, 18),
    ("AKs", {"AKs"}, 4),
    ("AJo", {"AJo"}, 12),
    ("AK", {"AKs", "AKo"}, 16),
    ("T9s+", {"T9s", "JTs", "QJs", "KQs", "AKs"}, 20),
    ("A9s+", {"A9s", "ATs", "AJs", "AQs", "AKs"}, 20),
    ("22-44", {"22", "33", "44"}, 18),
    ("KTs-K8s", {"KTs", "K9s", "K8s"}, 12),
    ("QQ+, AKs, AhKh", {"QQ", "KK", "AA", "AKs"}, 22),
])
def test_range_notation(text: str, classes: set[str], combos: int) -> None:
    parsed = parse_range(text)
    assert {hand_class(c) for c in parsed} == classes
    assert len(parsed) == combos
    assert len({frozenset(map(int, c)) for c in parsed}) == combos


@pytest.mark.parametrize("bad", ["", "AKx", "AAs", "QQ+-", "AK-QJ", "As", "AsAs", "22-AKs",
                                 "AKs-AQo"])
def test_bad_ranges(bad: str) -> None:
    with pytest.raises(InvalidHandError):
        parse_range(bad)


@pytest.mark.parametrize("count", [1, 2, 7, 40])
def test_exact_tasks_split_across_hand_assignments(count: int) -> None:
    """A range job's deals, assignment after assignment, cut anywhere: same tally."""
    import numpy as np

    from pokerroom.analysis import odds
    from pokerroom.analysis.odds_tasks import exact_task

    spec = odds._game(HOLDEM, ())
    setup = odds._setup(spec, [parse_range("JJ+"), parse_range("AKs")],
                        parse_cards("2c 7d 9h"), ())
    valid, deals = odds._exact_plan(setup)
    tasks = odds._exact_tasks(setup, valid, deals, count)
    assert len(tasks) == min(count, deals * len(valid))
    tally = np.sum([exact_task(t) for t in tasks], axis=0)
    whole = compute_odds(HOLDEM, [parse_range("JJ+"), parse_range("AKs")],
                         board=parse_cards("2c 7d 9h"), exact=True, executor=InlineExecutor())
    assert odds._result(spec, True, deals * len(valid), tally, None) == whole


def test_inline_progress_is_reported_as_each_chunk_ends() -> None:
    """In this process too, the progress bar moves while the job runs."""
    events: list[str] = []

    def work(x: int) -> int:
        events.append(f"run {x}")
        return x

    run_chunks(InlineExecutor(), work, [1, 2, 3],
               lambda done, total: events.append(f"done {done}/{total}"))
    assert events == ["run 1", "done 1/3", "run 2", "done 2/3", "run 3", "done 3/3"]


def _faults_making_deals(rounds: int) -> list[int]:
    """The page faults of making and keeping a chunk of Herbie's deals, ``rounds`` times
    after a first (arrays of a few megabytes made and freed, the deals kept)."""
    import resource

    from pokerroom.strategy.declare_game import DeclareSetting, deal_chunks, make_chunk_deals
    from pokerroom.strategy.declare_values import prepare

    chunk = deal_chunks(DeclareSetting.of("herbie", players=4, pot=10), 20_000)[0]
    kept = [prepare(make_chunk_deals(chunk))]
    faults = []
    for _ in range(rounds):
        before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
        kept.append(prepare(make_chunk_deals(chunk)))
        faults.append(resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before)
    return faults


def test_a_pool_s_processes_keep_their_large_blocks_in_the_heap() -> None:
    """glibc's own rules had a pool's process map each few-megabyte array apart, or give
    the heap's top back, and fault its pages in afresh (about 2,000 pages a chunk of
    10,000 Herbie deals here); the pool's processes take such blocks from the heap and
    keep it, so only the pages of the deals kept are new (about 240)."""
    with open_executor("processes", workers=2) as pool:
        for faults in run_chunks(pool, _faults_making_deals, [5, 5]):
            assert sum(faults) < 5 * 1_000, faults
