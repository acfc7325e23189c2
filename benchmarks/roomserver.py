"""The card-room server process that the load benchmarks start, and what they share.

    python -m benchmarks.roomserver --database URL --port N [--shared] [--bot-delay S]
        [--stalls FILE] [--profile FILE]

It is the real application under uvicorn. ``--stalls FILE``: a watchdog thread pings
the event loop every 5 ms and, whenever a ping waits longer than 50 ms, samples the
loop's stack every 5 ms until the loop answers; at exit FILE gets the number and length
of the stalls and the stacks seen most often. ``--profile FILE``: the event loop's
thread runs under cProfile, its statistics written to FILE at exit.
"""

from __future__ import annotations

import argparse
import collections
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STALL = 0.05


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def launch(database: str, port: int, *, shared: bool = False, bot_delay: float = 0.0,
           stalls: str | None = None, profile: str | None = None,
           src: Path | None = None,
           stderr: Any = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    """Start a server process on ``port`` over ``database``, running the package
    found under ``src`` (this checkout's ``src`` by default: another build's, to
    compare the two on the same workload)."""
    source = src if src is not None else ROOT / "src"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(source), str(ROOT)]))
    command = [sys.executable, "-m", "benchmarks.roomserver", "--database", database,
               "--port", str(port), "--bot-delay", str(bot_delay)]
    if shared:
        command.append("--shared")
    if stalls:
        command += ["--stalls", stalls]
    if profile:
        command += ["--profile", profile]
    return subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=stderr)


def wait_ready(base: str, seconds: float = 60.0) -> None:
    """Wait until the server at ``base`` answers."""
    import httpx

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/api/games").status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"no server answers at {base}")


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop a server process (it writes its stall and profile reports first)."""
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(15)


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) a running process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def cpu_while_measuring(pids: list[int], warmup: float, seconds: float) -> float:
    """CPU seconds the processes use from ``warmup`` seconds from now for ``seconds``."""
    import asyncio

    await asyncio.sleep(warmup)
    before = sum(cpu_seconds(pid) for pid in pids)
    await asyncio.sleep(seconds)
    return sum(cpu_seconds(pid) for pid in pids) - before


def load_average() -> list[float]:
    return [round(value, 2) for value in os.getloadavg()]


class StallWatch:
    """Samples the event loop's stack while it is stalled (see the module docstring)."""

    def __init__(self, service: Any) -> None:
        self.service = service
        self.stacks: collections.Counter[str] = collections.Counter()
        self.lengths: list[tuple[float, float]] = []  # (seconds since start, length)
        self._began = time.monotonic()
        self._answered = time.monotonic()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._loop_thread = threading.main_thread().ident

    def start(self) -> None:
        self._thread.start()

    def _answer(self) -> None:
        self._answered = time.monotonic()

    def _run(self) -> None:
        while self.service.loop is None:
            time.sleep(0.1)
        loop = self.service.loop
        while True:
            asked = time.monotonic()
            try:
                loop.call_soon_threadsafe(self._answer)
            except RuntimeError:
                return
            time.sleep(0.005)
            stalled = False
            while self._answered < asked:
                waited = time.monotonic() - asked
                if waited > STALL:
                    stalled = True
                    frame = sys._current_frames().get(self._loop_thread or 0)
                    if frame is not None:
                        lines = traceback.format_stack(frame)[-14:]
                        self.stacks["".join(lines)] += 1
                time.sleep(0.005)
            if stalled:
                self.lengths.append((asked - self._began, self._answered - asked))

    def report(self) -> str:
        lengths = sorted(length for _, length in self.lengths)
        out = [f"stalls over {STALL * 1000:.0f} ms: {len(lengths)}"]
        if lengths:
            out.append(f"longest {lengths[-1] * 1000:.0f} ms, median "
                       f"{lengths[len(lengths) // 2] * 1000:.0f} ms, total "
                       f"{sum(lengths):.2f} s")
            out.append("at (seconds after start: ms) " + ", ".join(
                f"{began:.1f}: {length * 1000:.0f}" for began, length in self.lengths))
        for stack, count in self.stacks.most_common(12):
            out.append(f"--- {count} samples\n{stack}")
        return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--shared", action="store_true")
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--stalls")
    parser.add_argument("--profile")
    args = parser.parse_args(argv)
    import cProfile

    import uvicorn

    from pokerroom.server.app import create_app
    from pokerroom.server.service import Timing

    # one client address opens every table: the per-address HTTP limit is lifted
    app = create_app(args.database, timing=Timing(bot_delay=args.bot_delay,
                                                  shared=args.shared),
                     rate=1000.0, burst=2000)
    watch = StallWatch(app.state.service) if args.stalls else None
    if watch is not None:
        watch.start()
    # uvicorn hands a SIGTERM back to the handler found here once it has shut down:
    # exit through the reports below
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    profiler = cProfile.Profile() if args.profile else None
    if profiler is not None:
        profiler.enable()
    try:
        uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")
    finally:
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        if watch is not None:
            Path(args.stalls).write_text(watch.report())


if __name__ == "__main__":
    main(sys.argv[1:])
