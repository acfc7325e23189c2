"""Card-room delivery across two processes on one PostgreSQL database, no sticky routing.

Two server processes (the real application, shared mode) serve the same tables on a
fresh PostgreSQL database. Two workloads, run one after the other:

``bots`` (the headline: "500 bot tables"): every heads-up hold'em table is seated with
the room's own bots (the host's "Fill empty seats with bots"), which think T seconds on
average (the server's bot delay, each wait drawn from 0.5 T to 1.5 T). Tables are opened
alternately through either process, and every table has one spectator connection on
each process. A bot's move is made by one of the processes and must reach the
spectator connected to the other. Per move (every event stored while measuring): from
the moment it was made (the time stored with it: when the process applied it) to the
moment each spectator first receives a table state that includes it. "cross" is the
later of the two spectators, so it is never less than the cross-process delay; "local"
is the earlier.

``players``: scripted websocket players (seat 0 through one process, seat 1 through
the other), each answering its turn with a random legal action after a think time
drawn from 0 to 2 T; "ack" is from sending an action to its acknowledgement, "cross"
from sending it to the moment the other player, on the other process, receives a
table state that includes it.

At the end every table's stored log is checked for gaps.

    python -m benchmarks.bench_fanout [--workload both|bots|players] [--tables 500]
        [--seconds 60] [--think 5] [--stalls DIR] [--profile DIR] [--src DIR ...]

It needs PostgreSQL on 127.0.0.1:5432 (trust authentication); each run makes a fresh
database and drops it afterwards. ``--stalls DIR``: each server writes the event-loop
stalls over 50 ms it saw, with their stacks, to DIR, and ``--profile DIR`` its event
loop's cProfile statistics (see ``benchmarks.roomserver``).
``--src DIR`` (repeatable): the servers run the package under each DIR in turn, one run
each per workload, alternating (``.`` is this checkout). The times stored with events
are read by this checkout's code; a build that stored commit times instead of the
moment a move was made is measured from its commit.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import random
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.bench_server import _verify, turn_of
from benchmarks.roomserver import (
    cpu_while_measuring,
    free_port,
    launch,
    load_average,
    stop,
    wait_ready,
)

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
TABLE = {"game": "holdem", "seats": 2, "buy_in": 10**6, "approval": False, "timer": 0,
         "next_hand_delay": 0}


def percentile(values: list[float], share: float) -> float | None:
    """The ``share`` quantile of ``values`` (seconds) in milliseconds.

    >>> percentile([0.001 * n for n in range(1, 101)], 0.99)
    99.0
    """
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, int(len(ordered) * share) - 1)] * 1000, 2)


async def _messages(ws: Any, stop_at: list[float]) -> AsyncIterator[str | bytes]:
    """A connection's messages until the time ``stop_at[0]`` (monotonic clock)."""
    while time.monotonic() < stop_at[0]:
        try:
            yield await asyncio.wait_for(ws.recv(), timeout=max(
                0.05, stop_at[0] - time.monotonic()))
        except TimeoutError:
            return


# ------------------------------------------------------------------ bot tables


async def _spectate(url: str, stop_at: list[float], ready: asyncio.Barrier,
                    seen: list[tuple[int, float]]) -> None:
    """Watch a table as a spectator: (sequence number, wall time) of every state."""
    from websockets.asyncio.client import connect

    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"op": "hello"}))
        await ready.wait()
        async for raw in _messages(ws, stop_at):
            at = time.time()
            text = raw if isinstance(raw, str) else raw.decode()
            # a state starts {"type":"state","seq":N: read the number without parsing
            if text.startswith('{"type":"state","seq":'):
                end = text.index(",", 22)
                seen.append((int(text[22:end]), at))


async def _bot_tables(bases: list[str], pids: list[int], tables: int, seconds: float,
                      warmup: float) -> tuple[list[str], list[list[list[tuple[int, float]]]],
                                              tuple[float, float], float]:
    import httpx

    rooms: list[str] = []
    async with httpx.AsyncClient(timeout=60) as http:
        for index in range(tables):
            base = bases[index % 2]  # tables are opened through either process
            table = (await http.post(base + "/api/tables", json={
                **TABLE, "bots_play_alone": True})).json()  # nobody but bots plays here
            headers = {"X-Host-Token": table["host_token"]}
            await http.post(f"{base}/api/tables/{table['id']}/host/fill", headers=headers)
            await http.post(f"{base}/api/tables/{table['id']}/host/start", headers=headers)
            rooms.append(table["id"])
    seen: list[list[list[tuple[int, float]]]] = [[[] for _ in rooms] for _ in bases]
    stop_at = [float("inf")]
    ready = asyncio.Barrier(len(rooms) * len(bases) + 1)
    watchers = asyncio.gather(*(
        _spectate(base.replace("http", "ws") + f"/ws/{room}", stop_at, ready,
                  seen[process][index])
        for process, base in enumerate(bases) for index, room in enumerate(rooms)))
    await ready.wait()
    start = time.time() + warmup
    stop_at[0] = time.monotonic() + warmup + seconds
    cpu = asyncio.create_task(cpu_while_measuring(pids, warmup, seconds))
    await watchers
    return rooms, seen, (start, start + seconds), await cpu


def _delays(events: list[tuple[int, str, float]], seen: list[list[tuple[int, float]]]
            ) -> Iterator[tuple[str, list[float]]]:
    """For each stored event (seq, kind, made at): its kind and each spectator's delay,
    from when it was made to the first state it received that includes it."""
    firsts = []
    for frames in seen:
        # the first time each spectator saw a state at or beyond each number
        frames = sorted(frames)
        times = [at for _, at in frames]
        for i in range(len(times) - 2, -1, -1):
            times[i] = min(times[i], times[i + 1])
        firsts.append(([seq for seq, _ in frames], times))
    for seq, kind, made in events:
        delays = []
        for seqs, times in firsts:
            i = bisect.bisect_left(seqs, seq)
            if i == len(seqs):
                break
            delays.append(times[i] - made)
        else:
            yield kind, delays


def run_bots(database: str, bases: list[str], pids: list[int], tables: int,
             seconds: float, warmup: float) -> dict[str, Any]:
    from pokerroom.server.storage import Store

    load_before = load_average()
    rooms, seen, (start, end), cpu = asyncio.run(_bot_tables(bases, pids, tables, seconds,
                                                             warmup))
    store = Store(database)
    cross: list[float] = []
    local: list[float] = []
    moves = events = 0
    for index, room in enumerate(rooms):
        stored = [(e.seq, e.kind, e.at) for e in store.events(room) if start <= e.at < end]
        for kind, delays in _delays(stored, [seen[p][index] for p in range(len(bases))]):
            events += 1
            moves += kind == "act"
            cross.append(max(delays))
            local.append(min(delays))
    store.close()
    stored_events, bad = _verify(database, rooms)
    return {
        "workload": "bots", "processes": len(bases), "tables": tables,
        "seconds": seconds, "moves": moves, "moves_per_s": round(moves / seconds, 1),
        "events_per_s": round(events / seconds, 1),
        "local_p50_ms": percentile(local, 0.5), "local_p99_ms": percentile(local, 0.99),
        "cross_p50_ms": percentile(cross, 0.5), "cross_p99_ms": percentile(cross, 0.99),
        "cross_max_ms": percentile(cross, 1.0), "cross_samples": len(cross),
        "stored_events": stored_events, "tables_with_gaps": bad,
        "servers_cpu_ms_per_event": round(cpu * 1000 / max(1, events), 2),
        "load_before": load_before, "load_after": load_average(),
    }


# ------------------------------------------------------------------ scripted players


class Meter:
    """Sent actions waiting to be seen on the other process, and the delays seen."""

    def __init__(self) -> None:
        self.sent: dict[str, dict[int, float]] = {}
        self.ack: list[float] = []
        self.cross: list[float] = []
        self.acked = 0
        self.errors: list[str] = []
        self.measuring = False

    def acknowledged(self, room: str, seq: int, sent_at: float) -> None:
        if self.measuring:
            self.ack.append(time.perf_counter() - sent_at)
            self.acked += 1
            self.sent.setdefault(room, {})[seq] = sent_at

    def seen(self, room: str, seq: int) -> None:
        waiting = self.sent.get(room)
        if not waiting:
            return
        now = time.perf_counter()
        for done in [s for s in waiting if s <= seq]:
            self.cross.append(now - waiting.pop(done))


async def _player(url: str, room: str, token: str, think: float, stop_at: list[float],
                  rng: random.Random, meter: Meter, ready: asyncio.Barrier) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=2**22) as ws:
        await ready.wait()
        await ws.send(json.dumps({"op": "hello", "token": token}))
        sent_at: float | None = None
        last_key: tuple[int, int] | None = None
        frame: dict[str, Any] | None = None
        async for raw in _messages(ws, stop_at):
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "ok" and sent_at is not None:
                meter.acknowledged(room, message["seq"], sent_at)
                sent_at = None
            elif kind == "error" and sent_at is not None:
                meter.errors.append(str(message.get("message")))
                sent_at, last_key = None, None
            elif kind == "state":
                meter.seen(room, message["seq"])
                frame = message
            if sent_at is None and frame is not None:
                action, key = turn_of(frame, last_key, rng)
                if key != last_key:
                    frame = None
                if action is not None:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    last_key = key
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"op": "act", "action": action}))


async def _player_tables(bases: list[str], pids: list[int], tables: int, seconds: float,
                         think: float, warmup: float) -> tuple[list[str], Meter, float]:
    import httpx

    seats: list[tuple[str, str, str]] = []
    rooms: list[str] = []
    async with httpx.AsyncClient(timeout=60) as http:
        for index in range(tables):
            base = bases[index % 2]  # tables are opened through either process
            table = (await http.post(base + "/api/tables", json=TABLE)).json()
            room = table["id"]
            rooms.append(room)
            for seat in range(2):
                token = (await http.post(f"{base}/api/tables/{room}/join", json={
                    "seat": seat, "name": f"P{seat}"})).json()["token"]
                # seat 0 plays through one process, seat 1 through the other
                seats.append((bases[seat].replace("http", "ws") + f"/ws/{room}", room, token))
            await http.post(f"{base}/api/tables/{room}/host/start",
                            headers={"X-Host-Token": table["host_token"]})
    meter = Meter()
    rng = random.Random(11)
    ready = asyncio.Barrier(len(seats) + 1)
    stop_at = [float("inf")]
    players = asyncio.gather(*(_player(url, room, token, think, stop_at,
                                       random.Random(rng.random()), meter, ready)
                               for url, room, token in seats))
    await ready.wait()
    stop_at[0] = time.monotonic() + warmup + seconds
    cpu = asyncio.create_task(cpu_while_measuring(pids, warmup, seconds))
    await asyncio.sleep(warmup)
    meter.measuring = True
    await players
    return rooms, meter, await cpu


def run_players(database: str, bases: list[str], pids: list[int], tables: int,
                seconds: float, think: float, warmup: float) -> dict[str, Any]:
    load_before = load_average()
    rooms, meter, cpu = asyncio.run(_player_tables(bases, pids, tables, seconds, think,
                                                   warmup))
    stored, bad = _verify(database, rooms)
    return {
        "workload": "players", "processes": len(bases), "tables": tables,
        "seconds": seconds, "think_s": think, "actions": meter.acked,
        "actions_per_s": round(meter.acked / seconds, 1),
        "ack_p50_ms": percentile(meter.ack, 0.5), "ack_p99_ms": percentile(meter.ack, 0.99),
        "cross_p50_ms": percentile(meter.cross, 0.5),
        "cross_p99_ms": percentile(meter.cross, 0.99),
        "cross_max_ms": percentile(meter.cross, 1.0), "cross_samples": len(meter.cross),
        "errors": len(meter.errors), "first_error": meter.errors[0] if meter.errors else None,
        "stored_events": stored, "tables_with_gaps": bad,
        "servers_cpu_ms_per_action": round(cpu * 1000 / max(1, meter.acked), 2),
        "load_before": load_before, "load_after": load_average(),
    }


# ------------------------------------------------------------------ both


@contextmanager
def two_servers(bot_delay: float, stalls: Path | None, name: str,
                src: Path | None = None, profiles: Path | None = None,
                ) -> Iterator[tuple[str, list[str], list[int]]]:
    """A fresh database and two server processes in shared mode on it: its URL, their
    addresses and their process ids."""
    import psycopg

    database_name = f"pokerroom_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(ADMIN, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {database_name}")
    database = ADMIN.rsplit("/", 1)[0] + f"/{database_name}"
    servers = []
    try:
        ports = [free_port(), free_port()]
        for number, port in enumerate(ports):
            report = str(stalls / f"{name}-{number}.txt") if stalls else None
            profile = str(profiles / f"{name}-{number}.prof") if profiles else None
            servers.append(launch(database, port, shared=True, bot_delay=bot_delay,
                                  stalls=report, profile=profile, src=src))
            wait_ready(f"http://127.0.0.1:{port}")  # the first one makes the schema
        yield (database, [f"http://127.0.0.1:{port}" for port in ports],
               [server.pid for server in servers])
    finally:
        for server in servers:
            stop(server)
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {database_name} WITH (FORCE)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workload", choices=("both", "bots", "players"), default="both")
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=5.0,
                        help="mean seconds a bot or player thinks before acting")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--stalls", type=Path, help="directory for stall reports")
    parser.add_argument("--profile", type=Path,
                        help="directory for the servers' cProfile statistics")
    parser.add_argument("--src", type=Path, action="append",
                        help="run the servers from this source tree (repeatable)")
    args = parser.parse_args(argv if argv is not None else [])
    for directory in (args.stalls, args.profile):
        if directory:
            directory.mkdir(parents=True, exist_ok=True)
    trees = [None if src == Path(".") else src.resolve() for src in args.src or [Path(".")]]
    for workload in ("bots", "players"):
        if args.workload not in ("both", workload):
            continue
        for number, tree in enumerate(trees):
            name = f"{workload}-{number}"
            with two_servers(args.think if workload == "bots" else 0.0, args.stalls, name,
                             tree, args.profile) as (database, bases, pids):
                report = (run_bots(database, bases, pids, args.tables, args.seconds,
                                   args.warmup)
                          if workload == "bots" else
                          run_players(database, bases, pids, args.tables, args.seconds,
                                      args.think, args.warmup))
            report["server_src"] = str(tree or "this checkout")
            print(f"card room, two processes, {workload}:", json.dumps(report), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
