"""Card-room load: many tables of scripted players through the real websocket path.

One server process (uvicorn, the real application, a SQLite file) serves every table;
a second process runs the players: two websocket connections per table, each answering
its seat's turn with a random legal action after a short think time. Every action's
latency is the time from sending it to the server's acknowledgement, which comes after
the action was validated, applied and committed to the database. At the end the stored
log of every table is checked: each acknowledged action is there once, numbered
without gaps.

    python -m benchmarks.bench_server [--tables 500] [--seconds 60] [--think 5]
        [--stalls FILE] [--profile FILE] [--src DIR ...]
    python -m benchmarks.bench_server --views 300

``--stalls FILE``: the server writes the event-loop stalls over 50 ms it saw, with
their stacks, to FILE; ``--profile FILE``: its event loop's cProfile statistics (see
``benchmarks.roomserver``). ``--src DIR`` (repeatable): the
server runs the package under each DIR in turn (e.g. an older build unpacked with
``git archive``), one run each, alternating, on the same workload; ``.`` is this
checkout. The load average is printed before and after each run.

``--views HANDS`` measures instead, in this process, what the texts sent per table
state cost after HANDS hands of heads-up hold'em (bots): every view encoded whole, the
ledger in each (as before the ledger was shared), against the service's views (the
ledger encoded once while unchanged and left out for a reader that has it); both
decode to the same snapshots.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.roomserver import (
    cpu_while_measuring,
    free_port,
    launch,
    load_average,
    stop,
    wait_ready,
)

ROOT = Path(__file__).resolve().parents[1]


def _choose(frame: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    legal = (frame.get("hand") or {}).get("legal") or []
    if not legal:
        return None
    kinds = {option["type"]: option for option in legal}
    roll = rng.random()
    if "RaiseOption" in kinds and roll < 0.15:
        option = kinds["RaiseOption"]
        return {"type": "Raise", "to": option["tos"][0] if option["tos"] else option["min_to"]}
    if "BetOption" in kinds and roll < 0.2:
        option = kinds["BetOption"]
        amounts = option["amounts"] or [option["min_amount"]]
        return {"type": "Bet", "amount": amounts[0]}
    if "CheckOption" in kinds:
        return {"type": "Check"}
    if "CallOption" in kinds and roll < 0.9:
        return {"type": "Call"}
    if "FoldOption" in kinds:
        return {"type": "Fold"}
    option = legal[0]
    return {"type": option["type"].removesuffix("Option")}


def turn_of(frame: dict[str, Any], last_key: tuple[int, int] | None,
            rng: random.Random) -> tuple[dict[str, Any] | None, tuple[int, int] | None]:
    """The action to answer a frame with (``None``: not this seat's new turn) and the
    turn's key (hand number, events seen), so one turn is answered once."""
    hand = frame.get("hand") or {}
    key = (hand.get("number", 0), hand.get("events", 0))
    if not hand.get("legal") or key == last_key:
        return None, last_key
    return _choose(frame, rng), key


async def _seat(url: str, token: str, think: float, clock: dict[str, float],
                rng: random.Random, latencies: list[float], acked: list[int],
                errors: list[str], ready: asyncio.Barrier, finished: asyncio.Barrier) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=2**22) as ws:
        await ready.wait()
        await asyncio.sleep(0)  # the clock is set once every player is through
        stop = clock["stop"]
        await ws.send(json.dumps({"op": "hello", "token": token}))
        sent_at: float | None = None
        last_key: tuple[int, int] | None = None
        pending_frame: dict[str, Any] | None = None
        last_frame: dict[str, Any] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            kind = message.get("type")
            if kind in ("ok", "error") and sent_at is not None:
                if time.monotonic() >= clock["measure"]:
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
                if kind == "error":
                    errors.append(str(message.get("message", message)))
                    pending_frame, last_key = last_frame, None  # refused: choose again
                elif time.monotonic() >= clock["measure"]:
                    acked.append(message["seq"])
            elif kind == "state":
                pending_frame = last_frame = message
            if sent_at is None and pending_frame is not None:
                action, key = turn_of(pending_frame, last_key, rng)
                if key != last_key:
                    pending_frame = None
                if action is not None:
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                    last_key = key
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"op": "act", "action": action}))
        # time is up: an action still waiting for its acknowledgement gets it, and no
        # connection closes before every player is through (closing connections would
        # load the server while others still wait)
        while sent_at is not None:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            except TimeoutError:
                errors.append("no acknowledgement within 30 s")
                break
            if message.get("type") in ("ok", "error"):
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
                if message["type"] == "ok":
                    acked.append(message["seq"])
                else:
                    errors.append(str(message.get("message", message)))
        await finished.wait()


async def _clients(base: str, tables: int, seconds: float, think: float,
                   game: str, warmup: float = 10.0, server_pid: int = 0) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        seats: list[tuple[str, str]] = []
        rooms: list[str] = []
        for _ in range(tables):
            table = (await http.post("/api/tables", json={
                "game": game, "seats": 2, "buy_in": 10**6, "approval": False, "timer": 0,
                "next_hand_delay": 0})).json()
            room = table["id"]
            rooms.append(room)
            for seat in range(2):
                token = (await http.post(f"/api/tables/{room}/join",
                                         json={"seat": seat, "name": f"P{seat}"})).json()["token"]
                seats.append((room, token))
            await http.post(f"/api/tables/{room}/host/start",
                            headers={"X-Host-Token": table["host_token"]})
    latencies: list[float] = []
    acked: list[int] = []
    errors: list[str] = []
    ws_base = base.replace("http", "ws")
    rng = random.Random(7)
    ready = asyncio.Barrier(len(seats) + 1)
    finished = asyncio.Barrier(len(seats))
    clock = {"measure": float("inf"), "stop": float("inf")}
    players = asyncio.gather(*(
        _seat(f"{ws_base}/ws/{room}", token, think, clock, random.Random(rng.random()),
              latencies, acked, errors, ready, finished) for room, token in seats))
    start = time.monotonic()
    clock["measure"] = start + warmup
    clock["stop"] = clock["measure"] + seconds
    await ready.wait()  # every connection is open: the clock starts now
    start = time.monotonic()
    clock["measure"] = start + warmup
    clock["stop"] = clock["measure"] + seconds
    cpu = asyncio.create_task(cpu_while_measuring([server_pid], warmup, seconds))
    await players
    elapsed = seconds
    return {"rooms": rooms, "latencies": latencies, "acked": len(acked),
            "errors": errors, "elapsed": elapsed, "server_cpu": await cpu}


def _verify(database: str, rooms: list[str]) -> tuple[int, int]:
    """(stored events, tables whose log has a gap or duplicate)."""
    sys.path.insert(0, str(ROOT / "src"))
    from pokerroom.server.storage import Store

    store = Store(database)
    total = 0
    bad = 0
    for room in rooms:
        seqs = [event.seq for event in store.events(room)]
        total += len(seqs)
        if seqs != list(range(1, len(seqs) + 1)):
            bad += 1
    store.close()
    return total, bad


def run(tables: int, seconds: float, think: float, game: str,
        warmup: float = 10.0, stalls: str | None = None,
        profile: str | None = None, src: Path | None = None) -> dict[str, Any]:
    load_before = load_average()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    client_before = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite:///{tmp}/bench.sqlite3"
        port = free_port()
        server = launch(database, port, stalls=stalls, profile=profile, src=src)
        try:
            wait_ready(f"http://127.0.0.1:{port}")
            result = asyncio.run(_clients(f"http://127.0.0.1:{port}", tables, seconds, think,
                                          game, warmup, server.pid))
        finally:
            stop(server)
        wall = time.monotonic() - wall
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        client_after = resource.getrusage(resource.RUSAGE_SELF)
        stored, bad = _verify(database, result["rooms"])
    server_cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    client_cpu = ((client_after.ru_utime + client_after.ru_stime)
                  - (client_before.ru_utime + client_before.ru_stime))
    latencies = sorted(result["latencies"])
    ms = [value * 1000 for value in latencies]
    return {
        "tables": tables, "seconds": round(result["elapsed"], 1), "warmup_s": warmup,
        "think_s": think,
        "game": game, "actions": result["acked"],
        "actions_per_s": round(result["acked"] / result["elapsed"], 1),
        "p50_ms": round(statistics.median(ms), 2) if ms else None,
        "p99_ms": round(ms[int(len(ms) * 0.99) - 1], 2) if ms else None,
        "max_ms": round(ms[-1], 2) if ms else None,
        "errors": len(result["errors"]), "first_error": (result["errors"] or [None])[0],
        "stored_events": stored, "tables_with_gaps": bad,
        # the server's CPU while measuring, per acknowledged action
        "server_cpu_ms_per_action": round(result["server_cpu"] * 1000
                                          / max(1, result["acked"]), 2),
        # CPU seconds per wall second over the whole run (setup included)
        "server_cpu_share": round(server_cpu / wall, 2),
        "client_cpu_share": round(client_cpu / wall, 2),
        "load_before": load_before, "load_after": load_average(),
    }


def views(hands: int, states: int = 300) -> dict[str, Any]:
    """See ``--views`` in the module docstring."""
    sys.path.insert(0, str(ROOT / "src"))
    from pokerroom.server.service import RoomService, Timing
    from pokerroom.server.snapshot import snapshot
    from pokerroom.server.storage import Store

    service = RoomService(Store("sqlite://"), Timing(bot_delay=0, warm_up=False))
    room_id, _host = service.create({"game": "holdem", "seats": 2, "buy_in": 10**6,
                                     "approval": False, "timer": 0, "next_hand_delay": 0,
                                     "bots_play_alone": True})
    service.fill_with_bots(room_id)
    service.execute(room_id, lambda room: room.set_paused(False))
    while len(service.get(room_id).room.hands) < hands:
        service.step(room_id)
    readers = [(0, False), (1, False), (None, False)]
    whole = shared = 0.0
    known: dict[tuple[int | None, bool], object] = {}
    for _ in range(states):
        service.step(room_id)
        live = service.get(room_id)
        began = time.perf_counter()
        texts = [json.dumps(snapshot(live.room, seat, host, {}), separators=(",", ":"))
                 for seat, host in readers]
        whole += time.perf_counter() - began
        began = time.perf_counter()
        sent = []
        for reader in readers:
            update = service.view_update(room_id, *reader, known.get(reader))
            assert update is not None
            sent.append(update[0])
            known[reader] = update[1]
        shared += time.perf_counter() - began
        full = [json.loads(service.view_json(room_id, *reader) or "") for reader in readers]
        assert full == [json.loads(text) for text in texts], "the views differ"
    return {"hands": hands, "states": states, "readers": len(readers),
            "whole_ms_per_state": round(whole * 1000 / states, 3),
            "shared_ms_per_state": round(shared * 1000 / states, 3),
            "ratio": round(whole / shared, 2), "load_average": load_average()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=5.0,
                        help="mean seconds a player thinks before acting")
    parser.add_argument("--game", default="holdem")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--stalls", help="file for the server's stall report")
    parser.add_argument("--profile", help="file for the server's cProfile statistics")
    parser.add_argument("--src", type=Path, action="append",
                        help="run the server from this source tree (repeatable)")
    parser.add_argument("--views", type=int, metavar="HANDS",
                        help="measure the views' cost after this many hands instead")
    args = parser.parse_args(argv if argv is not None else [])
    if args.views is not None:
        print("card room views:", json.dumps(views(args.views)))
        return
    for src in args.src or [None]:
        tree = None if src is None or src == Path(".") else src.resolve()
        report = run(args.tables, args.seconds, args.think, args.game, args.warmup,
                     args.stalls, args.profile, tree)
        report["server_src"] = str(tree or "this checkout")
        print("card room:", json.dumps(report), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
