"""Card-room load across two processes on one PostgreSQL database, no sticky routing.

Two server processes (the real application, shared mode) serve the same tables; for
every heads-up table one player's websocket goes to the first process and the other's
to the second, so every action is made through one process and must reach the other
player through the other. Measured per action: the acknowledgement (sent, validated,
applied, committed) and the *cross-process* delay, from sending it to the moment the
other player's connection, on the other process, receives a table state that includes
it. At the end every table's stored log is checked for gaps.

    python -m benchmarks.bench_fanout [--tables 500] [--seconds 60] [--think 5]

It needs PostgreSQL on 127.0.0.1:5432 (trust authentication); each run makes a fresh
database and drops it afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

from benchmarks.bench_server import _free_port, _verify, turn_of

ROOT = Path(__file__).resolve().parents[1]
ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


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


async def _player(url: str, room: str, token: str, think: float, stop: list[float],
                  rng: random.Random, meter: Meter, ready: asyncio.Barrier) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=2**22) as ws:
        await ready.wait()
        await ws.send(json.dumps({"op": "hello", "token": token}))
        sent_at: float | None = None
        last_key: tuple[int, int] | None = None
        frame: dict[str, Any] | None = None
        while time.monotonic() < stop[0]:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop[0] -
                                                                     time.monotonic()))
            except TimeoutError:
                break
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


async def _run_clients(bases: list[str], tables: int, seconds: float, think: float,
                       warmup: float) -> tuple[list[str], Meter]:
    import httpx

    seats: list[tuple[str, str, str]] = []
    rooms: list[str] = []
    async with httpx.AsyncClient(timeout=60) as http:
        for index in range(tables):
            base = bases[index % 2]  # tables are opened through either process
            table = (await http.post(base + "/api/tables", json={
                "game": "holdem", "seats": 2, "buy_in": 10**6, "approval": False,
                "timer": 0, "next_hand_delay": 0})).json()
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
    stop = [float("inf")]
    players = asyncio.gather(*(_player(url, room, token, think, stop,
                                       random.Random(rng.random()), meter, ready)
                               for url, room, token in seats))
    await ready.wait()
    stop[0] = time.monotonic() + warmup + seconds
    await asyncio.sleep(warmup)
    meter.measuring = True
    await players
    return rooms, meter


def _server(database: str, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.Popen(
        [sys.executable, "-c",
         "import uvicorn; from pokerroom.server.app import create_app;"
         "from pokerroom.server.service import Timing;"
         f"uvicorn.run(create_app({database!r}, timing=Timing(bot_delay=0, shared=True), "
         "rate=1000.0, burst=2000), "
         f"host='127.0.0.1', port={port}, log_level='warning')"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, int(len(ordered) * share) - 1)] * 1000, 2)


def run(tables: int, seconds: float, think: float, warmup: float) -> dict[str, Any]:
    import httpx
    import psycopg

    name = f"pokerroom_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(ADMIN, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    database = ADMIN.rsplit("/", 1)[0] + f"/{name}"
    servers: list[subprocess.Popen[bytes]] = []
    try:
        ports = [_free_port(), _free_port()]
        servers.append(_server(database, ports[0]))
        time.sleep(2)  # the first process creates the tables of the log
        servers.append(_server(database, ports[1]))
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        for base in bases:
            for _ in range(300):
                try:
                    if httpx.get(base + "/api/games").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
        rooms, meter = asyncio.run(_run_clients(bases, tables, seconds, think, warmup))
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
        stored, bad = _verify(database, rooms) if servers else (0, 0)
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    return {
        "processes": 2, "tables": tables, "seconds": seconds, "think_s": think,
        "actions": meter.acked, "actions_per_s": round(meter.acked / seconds, 1),
        "ack_p50_ms": _percentile(meter.ack, 0.5), "ack_p99_ms": _percentile(meter.ack, 0.99),
        "cross_p50_ms": _percentile(meter.cross, 0.5),
        "cross_p99_ms": _percentile(meter.cross, 0.99),
        "cross_max_ms": _percentile(meter.cross, 1.0),
        "cross_samples": len(meter.cross),
        "errors": len(meter.errors), "first_error": (meter.errors or [None])[0],
        "stored_events": stored, "tables_with_gaps": bad,
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=5.0,
                        help="mean seconds a player thinks before acting")
    parser.add_argument("--warmup", type=float, default=10.0)
    args = parser.parse_args(argv if argv is not None else [])
    print("card room, two processes:", json.dumps(run(args.tables, args.seconds,
                                                      args.think, args.warmup)))


if __name__ == "__main__":
    main(sys.argv[1:])
