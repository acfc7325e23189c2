"""Direct lines to a process pool's held processes: each item to its own process, in
order, errors and dead processes reported, the pool free again afterwards."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from pokerroom.analysis import pool_lines
from pokerroom.analysis.executors import InlineExecutor
from pokerroom.analysis.pool_lines import hold_processes


def _pid_and_square(x: int) -> tuple[int, int]:
    return os.getpid(), x * x


def _refuse(x: int) -> int:
    raise ValueError(f"no {x}")


def _die(x: int) -> int:
    os._exit(3)


def _unpicklable(x: int) -> object:
    return lambda: x


def test_each_item_goes_to_its_own_held_process_every_time() -> None:
    with ProcessPoolExecutor(2) as pool:
        with hold_processes(pool, 2) as lines:
            assert lines is not None and len(lines) == 2
            first = lines.call(_pid_and_square, [3, 4])
            again = lines.call(_pid_and_square, [5, 6])
            assert [square for _, square in first + again] == [9, 16, 25, 36]
            assert [pid for pid, _ in first] == [pid for pid, _ in again]
            assert len({pid for pid, _ in first}) == 2 and os.getpid() not in dict(first)
            assert lines.call(_pid_and_square, [7])[0][1] == 49  # fewer items than lines
            with pytest.raises(ValueError, match="3 items for 2 processes"):
                lines.call(_pid_and_square, [1, 2, 3])
        assert sorted(pool.map(abs, [-1, -2, -3])) == [1, 2, 3]  # released: tasks run again


def test_a_call_raises_what_the_process_raised_and_the_lines_stay_up() -> None:
    with ProcessPoolExecutor(2) as pool, hold_processes(pool, 2) as lines:
        assert lines is not None
        with pytest.raises(ValueError, match="no 2"):
            lines.call(_refuse, [2, 2])
        with pytest.raises(RuntimeError, match="result cannot be pickled"):
            lines.call(_unpicklable, [1, 1])
        assert lines.call(abs, [-8, 9]) == [8, 9]


def test_a_process_that_dies_while_held_is_a_clear_error() -> None:
    with ProcessPoolExecutor(2) as pool, hold_processes(pool, 2) as lines:
        assert lines is not None
        with pytest.raises(BrokenProcessPool, match="held on line 0 died"):
            lines.call(_die, [0])


def test_only_a_process_pool_with_enough_free_processes_is_held() -> None:
    with hold_processes(InlineExecutor(), 2) as lines:
        assert lines is None
    with ThreadPoolExecutor(2) as threads, hold_processes(threads, 2) as lines:
        assert lines is None
    with ProcessPoolExecutor(1) as pool:
        with hold_processes(pool, 2) as lines:  # asks for at most the pool's processes
            assert lines is not None and len(lines) == 1
        busy = pool.submit(os.getpid)
        busy.result()
        with hold_processes(pool, 1, timeout=10) as lines, hold_processes(
                pool, 1, timeout=0.5) as second:  # the one process is held already
            assert lines is not None and second is None
            assert lines.call(abs, [-4]) == [4]
        assert pool.submit(abs, -5).result(timeout=20) == 5


def test_no_lines_where_no_socket_can_be_had(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    deep = tmp_path / ("d" * 120)  # longer than a Unix socket's name may be
    deep.mkdir()
    monkeypatch.setattr(pool_lines.tempfile, "mkdtemp", lambda prefix: str(deep))
    with ProcessPoolExecutor(1) as pool:
        with hold_processes(pool, 1) as lines:
            assert lines is None
        assert pool.submit(abs, -2).result(timeout=20) == 2
    assert not deep.exists()  # the folder is removed all the same
