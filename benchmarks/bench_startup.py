"""Start-up: the ``pokerroom`` command as whole processes, against the targets of the
start-up issue (``--help`` at most 150 ms, ``rank`` at most 250 ms wall) and against
poker-equity's whole process for the exact A♦A♣ v K♥K♠ enumeration.

Run alone with ``python -m benchmarks startup`` (``STARTUP_RUNS=N`` for N rounds, 30 by
default; ``STARTUP_COMPARE=DIR`` also runs the pokerroom commands with ``PYTHONPATH=DIR``,
say the ``src`` of an older checkout, in the same rounds). Each round runs every command
once, in turn, so a busy machine slows them alike; the figures are the median and the
best wall time and the median CPU time (user + system) of each. The child processes
may write bytecode (a warm-up round writes it, as an installed package has it) and find
the numba cache and the hand tables cached as after any first run.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

Command = tuple[str, list[str], float | None, dict[str, str]]

EQUITY = ("import poker_equity as pe, json; "
          "r = pe.exact_from_text('holdem', ['AdAc', 'KhKs']); "
          "print(json.dumps([r['win_count'], r['tie_count']]))")


def _commands(env: dict[str, str]) -> list[Command]:
    pokerroom = str(Path(sys.executable).with_name("pokerroom"))
    ours: list[Command] = [
        ("pokerroom --help", [pokerroom, "--help"], 0.150, env),
        ("pokerroom rank holdem 'As Kd' -b 'Qh Jc Tc'",
         [pokerroom, "rank", "holdem", "As Kd", "-b", "Qh Jc Tc"], 0.250, env),
        ("pokerroom odds holdem 'Ad Ac' 'Kh Ks' --exact --json",
         [pokerroom, "odds", "holdem", "Ad Ac", "Kh Ks", "--exact", "--json"], None, env),
    ]
    commands: list[Command] = [("python -c pass", [sys.executable, "-c", "pass"], None, env),
                               *ours]
    older = os.environ.get("STARTUP_COMPARE")
    if older:
        before = {**env, "PYTHONPATH": older}
        commands += [(f"{name} (STARTUP_COMPARE)", argv, None, before)
                     for name, argv, _, _ in ours]
    try:
        import poker_equity  # noqa: F401
    except ImportError:
        print("poker-equity is not installed: pip install 'pokerroom[dev]'")
    else:
        commands.append(("python -c 'poker_equity.exact_from_text(holdem, AdAc, KhKs)'",
                         [sys.executable, "-c", EQUITY], None, env))
    return commands


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    """Print the medians and whether each target holds."""
    runs = int(os.environ.get("STARTUP_RUNS", "30"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    commands = _commands(env)
    print(f"load average {os.getloadavg()[0]:.2f} (1 min); {runs} rounds")
    for _ in range(2):  # bytecode, numba cache and hand tables, as after a first run
        for _, argv, _, child_env in commands:
            _run(argv, child_env)
    walls: dict[str, list[float]] = {name: [] for name, _, _, _ in commands}
    cpus: dict[str, list[float]] = {name: [] for name, _, _, _ in commands}
    for _ in range(runs):
        for name, argv, _, child_env in commands:
            wall, cpu = _run(argv, child_env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    print(f"{'command':<76} {'median':>8} {'best':>8} {'cpu':>8}  target")
    for name, _, target, _ in commands:
        median = statistics.median(walls[name])
        verdict = "" if target is None else (
            f"<= {1000 * target:.0f} ms: {'yes' if median <= target else 'NO'}")
        print(f"{name:<76} {1000 * median:6.0f}ms {1000 * min(walls[name]):6.0f}ms "
              f"{1000 * statistics.median(cpus[name]):6.0f}ms  {verdict}")
    ours = next((n for n, _, _, _ in commands if n.startswith("pokerroom odds")), None)
    peer = next((n for n, _, _, _ in commands if "poker_equity" in n), None)
    if ours and peer:
        ratio = statistics.median(walls[peer]) / statistics.median(walls[ours])
        print(f"exact AA v KK whole process: pokerroom {ratio:.2f}x as fast as poker-equity "
              f"({'faster' if ratio > 1 else 'NOT faster'})")


if __name__ == "__main__":
    main()
