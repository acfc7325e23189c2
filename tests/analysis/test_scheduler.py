"""Odds on a real Dask cluster: a scheduler and two workers started as separate
processes on the loopback address, reached with ``cluster=`` and ``--scheduler``; the
chunk runners (one Dask actor a worker) that run a job's chunks there; the workers'
warm-up preload (:mod:`pokerroom.strategy.warm`)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokerroom.analysis.actors import reach_workers_directly
from pokerroom.analysis.executors import QUIET_DASK, open_executor, run_chunks
from pokerroom.analysis.loopback import loopback_cluster
from pokerroom.analysis.odds import compute_odds
from pokerroom.analysis.odds_game import OMAHA
from pokerroom.analysis.ranges import parse_range
from pokerroom.cards import parse_cards
from pokerroom.games import get_game
from pokerroom.strategy import warm
from pokerroom.strategy.declare import solve_declare
from pokerroom.strategy.declare_game import DeclareSetting

pytest.importorskip("distributed")

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    os.environ["PYTHONPATH"] = SRC + os.pathsep + os.environ.get("PYTHONPATH", "")
    with loopback_cluster(workers=2, preload=[warm.MODULE]) as address:
        yield address


def _recorder(seen: list[tuple[int, int]]) -> Callable[[int, int], None]:
    return lambda done, total: seen.append((done, total))


def test_a_scheduler_gives_the_inline_results(scheduler: str) -> None:
    assert scheduler.startswith("tcp://127.0.0.1:")
    jobs = [
        ("omaha", [parse_cards("As Ah Ks Kh"), parse_cards("Jc Tc 9d 8d")],
         {"board": parse_cards("2c 7d"), "exact": True}),
        ("holdem", [parse_range("QQ+"), parse_range("AKs")],
         {"board": parse_cards("2c 7d 9h"), "exact": True}),
        ("holdem", [parse_cards("Ad Ac"), parse_cards("Kh Ks")],
         {"trials": 2_000_000, "seed": 11}),
        ("stud-hilo", [parse_cards("As 2d 3c"), parse_cards("Kh Kd 9c")],
         {"trials": 300_000, "seed": 3}),
    ]
    for game, hands, options in jobs:
        seen: list[tuple[int, int]] = []
        odds = get_game(game).odds
        remote = compute_odds(odds, hands, cluster=scheduler, progress=_recorder(seen),
                              **options)
        assert remote == compute_odds(odds, hands, cluster="inline", **options), game
        assert seen[-1][0] == seen[-1][1] >= 1


def test_a_job_worth_two_tasks_is_split_over_the_two_workers(scheduler: str) -> None:
    """A job of two minimum tasks runs as one task a worker, both at once."""
    from pokerroom.analysis import odds_tasks
    from pokerroom.analysis.modes import OMAHA_HIGH

    hands = [parse_cards("As Ah Ks Kh"), parse_cards("Jc Tc 9d 8d")]
    trials = 500_000
    assert 2 * odds_tasks.MIN_TASK_SECONDS <= odds_tasks.estimate_seconds(
        odds_tasks.OMAHA, OMAHA_HIGH, False, trials, 2) < 3 * odds_tasks.MIN_TASK_SECONDS
    seen: list[tuple[int, int]] = []
    with open_executor(scheduler) as dask:
        remote = compute_odds(OMAHA, hands, trials=trials, seed=8, executor=dask,
                              progress=_recorder(seen))
    assert seen == [(1, 2), (2, 2)]
    assert remote == compute_odds(OMAHA, hands, trials=trials, seed=8, cluster="inline")


def test_the_command_line_reaches_the_scheduler(scheduler: str) -> None:
    args = ["odds", "holdem", "Ad Ac", "Kh Ks", "--trials", "1000000", "--seed", "5",
            "--json"]
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    code = "import sys; from pokerroom.cli.launch import run_and_exit; run_and_exit(sys.argv[1:])"
    remote = subprocess.run([sys.executable, "-c", code, *args, "--scheduler", scheduler],
                            env=env, capture_output=True, text=True, timeout=300, check=True)
    inline = subprocess.run([sys.executable, "-c", code, *args, "--cluster", "inline"],
                            env=env, capture_output=True, text=True, timeout=300, check=True)
    assert json.loads(remote.stdout) == json.loads(inline.stdout)
    bad = subprocess.run([sys.executable, "-c", code, *args, "--scheduler", "nowhere:1"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.startswith("error: --scheduler takes")


def _hand_tables_held() -> Callable[[], int]:
    """A function that counts the hand tables its process holds (made here, it travels
    by value)."""
    def held() -> int:
        from pokerroom.strategy.declare_game import _ranking_table

        return int(_ranking_table.cache_info().currsize)

    return held


def test_preloaded_workers_join_warm_and_solve_as_inline(scheduler: str) -> None:
    """Each worker ran the warm-up before it joined: it holds the declare games' hand
    tables before any job; a declare solve on them is the inline one to the bit."""
    from distributed import Client

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        held = client.run(_hand_tables_held())
    assert len(held) == 2 and all(count >= len(warm.GAMES) for count in held.values())
    herbie = DeclareSetting.of("herbie", players=2, pot=10)
    inline = solve_declare(herbie, iterations=8, deals=25_000)
    with open_executor(scheduler) as dask:
        remote = solve_declare(herbie, iterations=8, deals=25_000, executor=dask)
    assert np.array_equal(inline.stay, remote.stay)
    assert inline.exploitability == remote.exploitability
    assert inline.history == remote.history


def _where() -> Callable[[int], tuple[int, int, str]]:
    """A chunk function that tells where it ran: the item, the process id and the
    thread's name (a function made here travels by value, so the workers need not
    import this module)."""
    def where(item: int) -> tuple[int, int, str]:
        import threading

        return item, os.getpid(), threading.current_thread().name

    return where


def test_chunks_run_on_one_runner_a_worker(scheduler: str) -> None:
    """The chunks go to the runners, spread over both workers, and come back in order;
    an error in a chunk is raised in the caller and the runners serve the next job."""
    seen: list[tuple[int, int]] = []
    with open_executor(scheduler) as dask:
        assert len(dask.pokerroom_runners) == 2  # type: ignore[attr-defined]
        # this process reaches the loopback workers: the calls skip the scheduler, and
        # the chunks go over a direct line to each runner
        assert dask.pokerroom_client.direct_to_workers  # type: ignore[attr-defined]
        assert all(runner.line is not None
                   for runner in dask.pokerroom_runners)  # type: ignore[attr-defined]
        ran = run_chunks(dask, _where(), list(range(5)), _recorder(seen))
        assert [item for item, _, _ in ran] == list(range(5))
        # a runner of one thread (each loopback worker has one) runs them on the thread
        # that reads its line, without handing each to a thread of its own
        assert {name for _, _, name in ran} == {"pokerroom-channel"}
        assert len({pid for _, pid, _ in ran}) == 2
        assert seen == [(i, 5) for i in range(1, 6)]
        with pytest.raises(ZeroDivisionError):
            run_chunks(dask, lambda x: 1 // x, [1, 0, 2])
        assert len(dask.pokerroom_runners) == 2  # type: ignore[attr-defined]
        omaha = [parse_cards("As Ah Ks Kh"), parse_cards("Jc Tc 9d 8d")]
        jobs = [("omaha", omaha, {"trials": 1_000_000, "seed": 1}),
                ("holdem", [parse_range("KK+"), parse_range("QQ-TT")], {"exact": True})]
        for game, hands, options in jobs:
            odds = get_game(game).odds
            assert compute_odds(odds, hands, executor=dask, **options) == compute_odds(
                odds, hands, cluster="inline", **options), game


def _faults_of_a_second_round() -> Callable[[int], tuple[str | None, int, int]]:
    """A chunk function: the nanny's trim setting, the pages of a round of 4 MB of
    100 KB buffers, and the page faults of a second such round after the first is
    freed."""
    def second_round(_: int) -> tuple[str | None, int, int]:
        import os
        import resource

        def round_of_buffers() -> int:
            before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
            buffers = [bytearray(100_000) for _ in range(40)]
            for buffer in buffers:
                buffer[::4096] = b"x" * len(buffer[::4096])  # touch every page
            del buffers
            return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before

        round_of_buffers()
        return (os.environ.get("MALLOC_TRIM_THRESHOLD_"), 40 * 100_000 // 4096,
                round_of_buffers())

    return second_round


def test_a_runner_s_worker_keeps_its_freed_pages_for_the_next_chunk(scheduler: str) -> None:
    """The nanny's trim threshold gives back every 64 KB freed at once; the runner's
    heap pad keeps them, so a chunk's arrays are not faulted in again each time."""
    with open_executor(scheduler) as dask:
        for trim, pages, faults in run_chunks(dask, _faults_of_a_second_round(), [0, 1]):
            assert trim == "65536"
            assert faults < pages // 10, (faults, pages)


def _faults_of_making_deals() -> Callable[[int], tuple[str | None, list[int]]]:
    """A chunk function: the nanny's trim setting and the page faults of making and
    keeping a chunk of Herbie's deals, five times after a first (arrays of a few
    megabytes made and freed, the deals' arrays kept, as a solve's pass over its
    deals does)."""
    def making(_: int) -> tuple[str | None, list[int]]:
        import os
        import resource

        from pokerroom.strategy.declare_game import deal_chunks, make_chunk_deals
        from pokerroom.strategy.declare_values import prepare

        chunk = deal_chunks(DeclareSetting.of("herbie", players=4, pot=10), 20_000)[0]
        kept = []
        faults = []
        for _ in range(6):
            before = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
            kept.append(prepare(make_chunk_deals(chunk)))
            faults.append(resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - before)
        return os.environ.get("MALLOC_TRIM_THRESHOLD_"), faults[1:]

    return making


def test_a_runner_s_worker_keeps_its_large_blocks_in_the_heap(scheduler: str) -> None:
    """The nanny's trim setting fixes the size from which blocks are mapped apart at
    128 KB, so each chunk's arrays of a few megabytes were faulted in afresh (about 2,200
    pages a chunk of 10,000 Herbie deals); the runner takes blocks up to its heap pad
    from the heap, so only the pages of the deals kept are new (about 230)."""
    with open_executor(scheduler) as dask:
        for trim, faults in run_chunks(dask, _faults_of_making_deals(), [0, 1]):
            assert trim == "65536"
            assert sum(faults) < 5 * 1_000, faults


def test_runners_without_a_direct_line_take_the_chunks_as_dask_calls(
        scheduler: str) -> None:
    """A runner this process cannot open a line to (a ``tls://`` cluster, a worker it
    cannot reach) gets its chunks as actor calls through Dask, with the same results."""
    seen: list[tuple[int, int]] = []
    with open_executor(scheduler) as dask:
        runners = dask.pokerroom_runners  # type: ignore[attr-defined]
        for line in [runner.line for runner in runners]:
            line.close()
        runners[:] = [replace(runner, line=None) for runner in runners]
        ran = run_chunks(dask, _where(), list(range(5)), _recorder(seen))
        assert [item for item, _, _ in ran] == list(range(5))
        assert {name.rsplit("_", 1)[0] for _, _, name in ran} == {"pokerroom-chunk"}
        assert len({pid for _, pid, _ in ran}) == 2
        assert seen == [(i, 5) for i in range(1, 6)]
        assert len(runners) == 2
        hands = [parse_cards("As Ah Ks Kh"), parse_cards("Jc Tc 9d 8d")]
        assert compute_odds(OMAHA, hands, trials=500_000, seed=4, executor=dask) == (
            compute_odds(OMAHA, hands, trials=500_000, seed=4, cluster="inline"))


def test_a_worker_out_of_reach_leaves_the_calls_to_the_scheduler(scheduler: str) -> None:
    from distributed import Client

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        assert not reach_workers_directly(client, ["tcp://127.0.0.1:9"], timeout=1.0)
        assert not client.direct_to_workers
        assert reach_workers_directly(client, list(client.nthreads()))
        assert client.direct_to_workers is True


def test_a_lost_worker_s_chunks_run_as_tasks() -> None:
    """A worker killed under its runner: the chunks it held run as Dask tasks on the
    worker left, the others' results are kept, and the executor goes on with tasks."""
    os.environ["PYTHONPATH"] = SRC + os.pathsep + os.environ.get("PYTHONPATH", "")
    seen: list[tuple[int, int]] = []
    with loopback_cluster(workers=2) as address, open_executor(address) as dask:
        victim = dask.pokerroom_runners[0].address  # type: ignore[attr-defined]
        pids = dask.pokerroom_client.run(os.getpid)  # type: ignore[attr-defined]
        os.kill(pids[victim], signal.SIGKILL)  # a worker this test started
        ran = run_chunks(dask, _where(), list(range(4)), _recorder(seen))
        assert [item for item, _, _ in ran] == list(range(4))
        assert pids[victim] not in {pid for _, pid, _ in ran}
        assert seen == [(i, 4) for i in range(1, 5)]
        assert dask.pokerroom_runners == []  # type: ignore[attr-defined]
        assert any(not name.startswith("pokerroom-chunk") for _, _, name in ran)
        hands = [parse_cards("As Ah Ks Kh"), parse_cards("Jc Tc 9d 8d")]
        assert compute_odds(OMAHA, hands, trials=500_000, seed=2, executor=dask) == (
            compute_odds(OMAHA, hands, trials=500_000, seed=2, cluster="inline"))



def _settings(client: Any, *, scheduler: bool = False) -> set[tuple[object, ...]]:
    """The quiet settings as each worker (or the scheduler) has them."""
    import dask

    if scheduler:
        return {tuple(client.run_on_scheduler(dask.config.get, key) for key in QUIET_DASK)}
    per_key = [client.run(dask.config.get, key) for key in QUIET_DASK]
    return {tuple(values[worker] for values in per_key) for worker in per_key[0]}


def test_the_clusters_pokerroom_starts_run_quietly(scheduler: str) -> None:
    """The loopback cluster's scheduler and workers, and ``cluster="local"``'s, run
    without the statistical profiler and with slower health checks, so that an idle
    cluster leaves the cores to the jobs; the caller's own settings are left as they
    were."""
    import dask
    from distributed import Client

    quiet = tuple(QUIET_DASK.values())
    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        assert _settings(client) == {quiet}
        assert _settings(client, scheduler=True) == {quiet}
    before = tuple(dask.config.get(key) for key in QUIET_DASK)
    assert before != quiet
    with open_executor("local", workers=2) as local:
        client = local.pokerroom_client  # type: ignore[attr-defined]
        assert len(client.nthreads()) == 2
        assert _settings(client) == {quiet}
    assert tuple(dask.config.get(key) for key in QUIET_DASK) == before


def test_a_chunk_travels_by_name_where_it_can_else_by_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pickle
    from functools import partial

    from pokerroom.analysis.actors import _pack
    from pokerroom.strategy.declare_game import deal_chunks
    from pokerroom.strategy.declare_work import Groups, load_group

    groups = Groups.of(deal_chunks(DeclareSetting.of("herbie", players=2, pot=10), 20_000), 2)
    named = _pack(partial(load_group), groups.group(1))
    assert b"cloudpickle" not in named  # the standard pickler's, naming load_group
    fn, item = pickle.loads(named)
    assert fn.func is load_group and item == groups.group(1)
    offset = 3

    def made_here(x: int) -> int:
        return x + offset

    script: dict[str, Any] = {"__name__": "__main__"}  # a function of the script run
    exec("def shifted(x):\n    return x + 5\n", script)
    main = sys.modules["__main__"]
    monkeypatch.setattr(main, "shifted", script["shifted"], raising=False)
    packed = [_pack(fn, 4) for fn in (made_here, lambda x: x * 3, script["shifted"])]
    monkeypatch.delattr(main, "shifted")  # on a worker, ``__main__`` is another module
    assert [fn(four) for fn, four in map(pickle.loads, packed)] == [7, 12, 9]
