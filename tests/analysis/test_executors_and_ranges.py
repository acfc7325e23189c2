"""Chunked execution gives identical results on any executor; range notation."""

from __future__ import annotations

import pytest

from pokerroom.analysis.executors import InlineExecutor, open_executor, run_chunks
from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.ranges import hand_class, parse_range
from pokerroom.cards import parse_cards
from pokerroom.errors import ConfigError, InvalidHandError

HANDS = [parse_cards("Ah Kh"), parse_cards("7c 7d"), parse_cards("Qs Js")]


def test_dask_local_cluster_and_process_pool_agree() -> None:
    pytest.importorskip("distributed")
    kwargs = {"trials": 300_000, "seed": 2024}
    with open_executor("local", workers=2, processes=False) as dask:
        on_dask = compute_odds("holdem", HANDS, executor=dask, **kwargs)
    on_pool = compute_odds("holdem", HANDS, cluster="processes", workers=2, **kwargs)
    inline = compute_odds("holdem", HANDS, cluster="inline", **kwargs)
    assert on_dask == on_pool == inline
    assert sum(on_pool.wins) + max(on_pool.ties) >= 1


def test_dask_executor_runs_an_exact_job() -> None:
    pytest.importorskip("distributed")
    with open_executor("local", workers=2, processes=False) as run:
        assert list(run.map(abs, [-3, 4])) == [3, 4]
    inline = compute_odds("omaha-hilo", [parse_cards("As 2s Kd Kh"), parse_cards("3c 4d Qh Qs")],
                          board=parse_cards("5h"), exact=True, cluster="inline")
    pooled = compute_odds("omaha-hilo", [parse_cards("As 2s Kd Kh"), parse_cards("3c 4d Qh Qs")],
                          board=parse_cards("5h"), exact=True, cluster="processes", workers=2)
    assert inline == pooled


def test_worker_count_does_not_change_results() -> None:
    one = compute_odds("stud-hilo", [parse_cards("As 2d 3c"), parse_cards("Kh Kd 9c")],
                       trials=150_000, seed=9, cluster="processes", workers=1)
    two = compute_odds("stud-hilo", [parse_cards("As 2d 3c"), parse_cards("Kh Kd 9c")],
                       trials=150_000, seed=9, cluster="processes", workers=2)
    assert one == two


def test_progress_is_reported_per_chunk() -> None:
    seen: list[tuple[int, int]] = []
    compute_odds("holdem", HANDS, trials=200_000, seed=1, cluster="inline",
                 progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 4) for i in range(1, 5)]


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
