"""The card room's web application: JSON API (with its OpenAPI spec at ``/docs``), the
live websocket, and the page, all served by one process.

The websocket protocol (one JSON object per message, at most
:data:`MAX_MESSAGE` bytes): the client first sends ``{"op": "hello", "token": ...,
"host_token": ...}`` (both optional: without them it is a spectator), then commands
such as ``{"op": "act", "action": {"type": "Raise", "to": 60}}``. The server answers each
command with ``{"type": "ok", "seq": n}`` or ``{"type": "error", "message": ...}`` and
sends ``{"type": "state", ...}`` snapshots whenever the table changes; a snapshot
carries the table's ``ledger`` and its ``chat`` only when each changed since the last
snapshot that connection received (the first always has them). ``{"op": "chat", "text":
...}`` posts a chat line as whoever the connection's tokens say it is (a spectator also
gives a ``name``, and a ``watcher`` token in its hello). Tokens travel only
in message bodies and headers, never in URLs, so no access log ever holds one.

A connection holds the hash of its seat token, never a seat number: each snapshot and
each command asks the table which seat that token holds at that moment. When the host
turns the player away or removes them, or they leave, the token is revoked and the
connection is told so at once (``{"type": "revoked", "message": ...}``) and sees the
table as a spectator from then on, whoever takes the seat next.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from pokerroom.errors import PokerroomError
from pokerroom.games import all_games
from pokerroom.server.config import DEALERS_CHOICE
from pokerroom.server.history import hand_history_text, replay_payload
from pokerroom.server.ratelimit import TokenBucket
from pokerroom.server.room import Room, hash_token
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.snapshot import ledger_csv, replay_frames
from pokerroom.server.storage import RoomNotFound, SequenceConflict, Store
from pokerroom.server.uploaded_replay import MAX_UPLOAD, uploaded_replay

__all__ = ["MAX_MESSAGE", "NO_TABLE", "NO_TABLE_CLOSE", "create_app"]

log = logging.getLogger("pokerroom.server")
STATIC = Path(__file__).with_name("static")
MAX_MESSAGE = 4096
NO_TABLE = "This table does not exist (or was closed)"
"""What a link to a table id the room does not have is answered (HTTP 404, and the
websocket's close reason)."""
NO_TABLE_CLOSE = 4404
"""The websocket's close code for a table that does not exist: the page stops
reconnecting."""
RATE = 20.0
BURST = 40


class JoinRequest(BaseModel):
    seat: int = Field(description="seat number, counted from 0")
    name: str = Field(max_length=64)


class ActRequest(BaseModel):
    action: dict[str, Any] = Field(description="e.g. {\"type\": \"Raise\", \"to\": 60}")


class Connection:
    """One websocket: its seat credential, host rights, rate limit and latest-snapshot
    mailbox. ``seat`` is only the seat its credential held when last looked up."""

    def __init__(self, websocket: WebSocket, room_id: str, rate: float = RATE,
                 burst: int = BURST) -> None:
        self.websocket = websocket
        self.room_id = room_id
        self.credential: str | None = None
        self.told_revoked = False
        self.seat: int | None = None
        self.host = False
        self.watcher: str | None = None  # a spectator page's own token's hash, for chat
        self.ledger: object = None  # the ledger and chat last sent (their key), None: none yet
        self.bucket = TokenBucket(rate, burst)
        self.dirty = asyncio.Event()
        # cleared while an action of this connection waits for its acknowledgement, so
        # the connection hears "ok" before the table that follows from it
        self.idle = asyncio.Event()
        self.idle.set()

    def changed(self) -> None:
        self.dirty.set()


def create_app(database_url: str, *, timing: Timing | None = None, rate: float = RATE,
               burst: int = BURST) -> FastAPI:
    """The application over the database at ``database_url``. Each websocket may send
    ``burst`` messages at once and ``rate`` a second after that."""
    store = Store(database_url)
    service = RoomService(store, timing or Timing(shared=store.dialect == "postgresql"))

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        service.start(asyncio.get_running_loop())
        yield
        service.stop()
        store.close()

    app = FastAPI(title="pokerroom card room", version="1", lifespan=lifespan,
                  description="Private tables for every game in the rulebook.")
    app.state.service = service
    limits: dict[str, TokenBucket] = {}

    def guard(request: Request) -> None:
        client = request.client.host if request.client else "?"
        bucket = limits.setdefault(client, TokenBucket(rate * 5, burst * 5))
        if not bucket.allow():
            raise HTTPException(429, "too many requests; slow down")

    def run(call: Callable[[], Any]) -> Any:
        try:
            return call()
        except RoomNotFound:
            raise HTTPException(404, NO_TABLE) from None
        except PokerroomError as err:
            raise HTTPException(400, str(err)) from None

    # ------------------------------------------------------------------ pages

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{room_id}", include_in_schema=False)
    def table_page(room_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------ API

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        """Every game a table can deal, with its stakes and house rules."""
        return [{"name": e.name, "title": e.title, "family": e.family,
                 "description": e.description, "min_seats": e.min_seats,
                 "max_seats": e.max_seats, "default_stakes": dict(e.default_stakes),
                 "default_stack": e.default_stack,
                 "house_rules": [{"name": s.name, "kind": s.kind, "default": s.default,
                                  "help": s.help, "choices": list(s.choices)}
                                 for s in e.house_rules]}
                for e in all_games()] + [{"name": DEALERS_CHOICE,
                                          "title": "Dealer's choice (rotation)",
                                          "family": "rotation", "description":
                                          "Every game in turn, one round each.",
                                          "min_seats": 2, "max_seats": 10,
                                          "default_stakes": {}, "default_stack": 1000,
                                          "house_rules": []}]

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        """Create a table (no account). Keep ``host_token`` secret: it runs the table."""
        guard(request)
        body = await _json_body(request)
        room_id, host_token = run(lambda: service.create(body))
        live = service.get(room_id)
        return {"id": room_id, "host_token": host_token, "invite": f"/t/{room_id}",
                "settings": live.room.config.describe()}

    # Every endpoint that reads or changes a live table runs on the event loop, as the
    # websocket does, so a table is only ever touched from one thread; only the history
    # downloads, which read finished hands alone, run in worker threads.

    @app.get("/api/tables/{room_id}")
    async def lobby(room_id: str, request: Request) -> dict[str, Any]:
        """The table as a spectator sees it (settings, announcement, seats, hand)."""
        guard(request)
        return dict(run(lambda: service.snapshot_for(room_id, None, False)))

    @app.get("/api/tables/{room_id}/me")
    async def seat_view(room_id: str, request: Request,
                  authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """The table as your seat sees it: your cards and your legal actions."""
        guard(request)
        live = run(lambda: service.get(room_id))
        token = _bearer(authorization)
        seat = live.room.seat_of(token)
        if seat is None:
            raise HTTPException(403, _seat_refusal(live.room, token))
        return dict(run(lambda: service.snapshot_for(room_id, seat, False)))

    @app.post("/api/tables/{room_id}/join")
    async def join(room_id: str, body: JoinRequest, request: Request,
             x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        """Ask for a seat; returns its secret token (send it as ``Authorization:
        Bearer ...``). The host approves the seat unless the table seats anyone."""
        guard(request)
        token = run(lambda: service.join(room_id, body.seat, body.name,
                                         host_token=x_host_token))
        return {"seat": body.seat, "token": token}

    @app.post("/api/tables/{room_id}/act")
    async def act(room_id: str, body: ActRequest, request: Request,
                  authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """Play an action for the seat whose token is given."""
        guard(request)
        live = run(lambda: service.get(room_id))
        token = _bearer(authorization)
        if live.room.seat_of(token) is None:
            raise HTTPException(403, _seat_refusal(live.room, token))
        credential = hash_token(token or "")
        seq, stored, note = run(lambda: service.act_as(room_id, credential, body.action))
        try:
            await _until_stored(stored, room_id)
        except PokerroomError as err:
            raise HTTPException(409, str(err)) from None
        return {"seq": seq, "note": note} if note else {"seq": seq}

    @app.post("/api/tables/{room_id}/host/{command}")
    async def host_command(room_id: str, command: str, request: Request,
                           x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        """Host commands: approve, remove, bot, fill, pause, resume, game, topup,
        approve-chips, refuse-chips, mute, unmute (``{"author": id}`` of a chat line),
        bomb (the next deal is a bomb pot), close."""
        guard(request)
        body = await _json_body(request) if await request.body() else {}
        live = run(lambda: service.get(room_id))
        if not live.room.is_host(x_host_token):
            raise HTTPException(403, "only the host may do that")
        seq = run(lambda: _host(service, room_id, command, body))
        return {"seq": seq}

    @app.get("/api/tables/{room_id}/hands/{number}")
    async def hand_replay(room_id: str, number: int, request: Request,
                    authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """A past hand, step by step, as your seat saw it (spectators: no hidden cards),
        with the chat from its deal to the next deal."""
        guard(request)
        live = run(lambda: service.get(room_id))
        seat = live.room.seat_of(_bearer(authorization))
        payload = dict(run(lambda: replay_payload(live.room, number, seat)))
        # the table after each step, rebuilt from the stored log away from the event loop
        holder = live.room.holder_of(seat)
        payload["frames"] = await asyncio.to_thread(
            lambda: replay_frames(room_id, service.store.events(room_id), number, seat,
                                  holder))
        payload["chat"] = live.room.chat_of_hand(number)
        return payload

    @app.post("/api/replay")
    async def replay_upload(request: Request, name: str = "history",
                            hand: int | None = None) -> dict[str, Any]:
        """A hand history file sent as the request body (PHH, PokerStars text or a
        PokerNow CSV log, at most ``MAX_UPLOAD`` bytes), replayed step by step as a
        table's past hand is: ``hand`` picks the hand (default: the first)."""
        guard(request)
        size = request.headers.get("content-length", "")
        if size.isdigit() and int(size) > MAX_UPLOAD:
            raise HTTPException(413, _too_big())
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_UPLOAD:
                raise HTTPException(413, _too_big())
        try:
            text = body.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise HTTPException(400, f"{name} is not a text file (UTF-8)") from None
        if not text.strip():
            raise HTTPException(400, f"{name} is empty")
        return dict(await asyncio.to_thread(lambda: run(
            lambda: uploaded_replay(text, name[:200], hand))))

    def history(room_id: str, request: Request, authorization: str | None,
                write: Callable[[Room, int | None], str]) -> str:
        """A table's finished hands written by ``write`` for the asker's seat (their own
        cards shown to them only)."""
        guard(request)
        live = run(lambda: service.get(room_id))
        seat = live.room.seat_of(_bearer(authorization))
        return str(run(lambda: write(live.room, seat)))

    @app.get("/api/tables/{room_id}/history.txt", response_class=PlainTextResponse)
    def history_text(room_id: str, request: Request,
                     authorization: str | None = Header(default=None)) -> str:
        """Every finished hand as a text hand history (your cards shown to you only)."""
        return history(room_id, request, authorization, hand_history_text)

    @app.get("/api/tables/{room_id}/history.phh", response_class=PlainTextResponse)
    def history_phh(room_id: str, request: Request,
                    authorization: str | None = Header(default=None)) -> str:
        """Finished hands in PHH, for the games PHH has a code for."""
        from pokerroom.server.history import hand_history_phh

        return history(room_id, request, authorization, hand_history_phh)

    @app.get("/api/tables/{room_id}/history.pokerstars.txt", response_class=PlainTextResponse)
    def history_pokerstars(room_id: str, request: Request,
                           authorization: str | None = Header(default=None)) -> str:
        """Finished hands in the PokerStars layout that tracker tools read."""
        from pokerroom.server.history import hand_history_pokerstars

        return history(room_id, request, authorization, hand_history_pokerstars)

    @app.get("/api/tables/{room_id}/ledger.csv", response_class=PlainTextResponse)
    async def ledger_download(room_id: str, request: Request) -> PlainTextResponse:
        """The ledger as CSV: each player's chips bought in, cashed out, at the table
        and net, the house's line for a house-banked game, and the settle-up (who pays
        whom, in the fewest payments). Anyone at the table sees the ledger, as in the
        page's ledger pane."""
        guard(request)
        live = run(lambda: service.get(room_id))
        return PlainTextResponse(ledger_csv(live.room), media_type="text/csv",
                                 headers={"Content-Disposition": "attachment; filename="
                                          f'"pokerroom-{room_id}-ledger.csv"'})

    # ------------------------------------------------------------------ websocket

    @app.websocket("/ws/{room_id}")
    async def websocket(websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        try:
            await service.open(room_id)
        except RoomNotFound:
            await websocket.send_json({"type": "error", "message": NO_TABLE})
            await websocket.close(code=NO_TABLE_CLOSE, reason=NO_TABLE)
            return
        except PokerroomError as err:  # the page tries again
            await websocket.send_json({"type": "error", "message": str(err)})
            await websocket.close(code=1011, reason=str(err)[:120])
            return
        connection = Connection(websocket, room_id, rate, burst)
        writer = asyncio.create_task(_writer(service, connection))
        try:
            await _reader(service, connection)
        except WebSocketDisconnect:
            pass
        finally:
            service.unsubscribe(room_id, connection)
            writer.cancel()

    return app


def _too_big() -> str:
    return (f"the file is larger than {MAX_UPLOAD:,} bytes: split it, or import it with "
            "`pokerroom import` and replay it with `pokerroom replay`")


async def _json_body(request: Request) -> Any:
    raw = await request.body()
    if len(raw) > MAX_MESSAGE * 4:
        raise HTTPException(413, "the request is too large")
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        raise HTTPException(400, "the request body is not valid JSON") from None


def _seat_refusal(room: Room, token: str | None) -> str:
    """Why a request with this seat token is refused, in words."""
    reason = room.revocation(hash_token(token)) if token else None
    if reason is not None:
        return f"that seat token is no longer valid: {reason}"
    return "a valid seat token is required"


def _bearer(header: str | None) -> str | None:
    if header and header.lower().startswith("bearer "):
        return header[7:].strip()
    return None


def _host(service: RoomService, room_id: str, command: str, body: Any) -> int:
    """Run a host command; returns the last sequence number written."""
    data = body if isinstance(body, dict) else {}
    if command == "approve":
        return service.execute(room_id, lambda r: r.approve(data.get("seat")))
    if command == "remove":
        return service.execute(room_id, lambda r: r.remove(data.get("seat"), "removed"))
    if command == "pause":
        return service.set_paused(room_id, True)
    if command in ("resume", "start"):
        return service.set_paused(room_id, False)
    if command == "game":
        return service.execute(room_id, lambda r: r.change_game(data))
    if command == "close":
        return service.execute(room_id, Room.close)
    if command == "bot":
        service.add_bot(room_id, data.get("seat"))
        return service.get(room_id).room.seq
    if command == "fill":
        service.fill_with_bots(room_id)
        return service.get(room_id).room.seq
    if command == "topup":
        return service.execute(room_id, lambda r: r.top_up(data.get("seat"),
                                                            data.get("amount"), host=True))
    if command == "tourney":
        return service.execute(room_id, lambda r: r.tourney_host(data))
    if command == "approve-chips":
        return service.execute(room_id, lambda r: r.approve_top_up(data.get("seat")))
    if command in ("mute", "unmute"):
        return service.execute(room_id, lambda r: r.mute(data.get("author"),
                                                         command == "mute"))
    if command == "bomb":
        return service.execute(room_id, lambda r: r.call_bomb_pot())
    if command == "refuse-chips":
        return service.execute(room_id, lambda r: r.refuse_top_up(data.get("seat")))
    raise PokerroomError(f"unknown host command {command!r}")


async def _writer(service: RoomService, connection: Connection) -> None:
    """Send the newest snapshot whenever the table changed (older ones are skipped),
    as the seat the connection's credential holds now; first, if that credential was
    revoked since the last snapshot, say so (the connection is a spectator from then
    on)."""
    while True:
        await connection.dirty.wait()
        await connection.idle.wait()
        connection.dirty.clear()
        try:
            notice = _refresh_seat(service, connection)
            if notice is not None:
                await connection.websocket.send_json(notice)
            update = service.view_update(connection.room_id, connection.seat,
                                         connection.host, connection.ledger)
            text = None
            if update is not None:
                text, connection.ledger = update
        except PokerroomError as err:
            text = json.dumps({"type": "error", "message": str(err)})
        if text is not None:  # None: not yet stored; it is sent once it is
            await connection.websocket.send_text(text)


def _refresh_seat(service: RoomService, connection: Connection) -> dict[str, Any] | None:
    """Look the connection's seat up again; the revocation notice to send, if its
    credential no longer holds a seat. While the table has events not yet stored the
    old seat stands (no snapshot is sent then: :meth:`RoomService.view_json`)."""
    live = service.get(connection.room_id)
    if live.unsaved or connection.credential is None:
        return None
    room = live.room
    seat = room.seat_for(connection.credential)
    connection.seat = seat
    if seat is not None or connection.told_revoked:
        return None
    connection.told_revoked = True
    reason = room.revocation(connection.credential) or "your seat is no longer yours"
    return {"type": "revoked", "message": f"You are watching now: {reason}."}


async def _reader(service: RoomService, connection: Connection) -> None:
    websocket = connection.websocket
    room_id = connection.room_id
    subscribed = False
    while True:
        text = await websocket.receive_text()
        if not connection.bucket.allow():
            await websocket.send_json({"type": "error", "message":
                                       "too many messages; slow down"})
            continue
        if len(text) > MAX_MESSAGE:
            await websocket.send_json({"type": "error", "message":
                                       f"message too large (over {MAX_MESSAGE} bytes)"})
            continue
        try:
            message = json.loads(text)
        except ValueError:
            await websocket.send_json({"type": "error", "message": "not valid JSON"})
            continue
        if not isinstance(message, dict) or not isinstance(message.get("op"), str):
            await websocket.send_json({"type": "error", "message":
                                       "send an object with an 'op', e.g. {\"op\": \"act\"}"})
            continue
        op = message["op"]
        reply_id = message.get("id")
        try:
            if op == "act":
                connection.idle.clear()
                reply = await _act(service, connection, message)
            else:
                reply = _handle(service, connection, op, message)
        except PokerroomError as err:
            reply = {"type": "error", "message": str(err)}
        if reply_id is not None and isinstance(reply_id, int | str):
            reply["id"] = reply_id
        try:
            await websocket.send_json(reply)
        finally:
            connection.idle.set()
        if op == "hello" and reply.get("type") != "error":
            if not subscribed:
                service.subscribe(room_id, connection)
                subscribed = True
            connection.changed()
        elif op == "join" and reply.get("type") == "joined":
            connection.changed()


async def _act(service: RoomService, connection: Connection,
               message: dict[str, Any]) -> dict[str, Any]:
    """Play the connection's action; the reply waits until the action is stored."""
    seq, stored, note = service.act_as(connection.room_id, connection.credential,
                                       message.get("action"))
    await _until_stored(stored, connection.room_id)
    reply: dict[str, Any] = {"type": "ok", "seq": seq}
    if note:
        reply["note"] = note
    return reply


async def _until_stored(stored: Future[None], room_id: str) -> None:
    """Wait (without holding up the loop) until an event is stored; a
    :class:`PokerroomError` in words if it could not be."""
    try:
        await asyncio.wrap_future(stored)
    except SequenceConflict:
        raise PokerroomError("the table moved on meanwhile; nothing changed") from None
    except Exception:
        log.exception("table %s: an action could not be stored", room_id)
        raise PokerroomError("the server could not store that; nothing changed") \
            from None


def _handle(service: RoomService, connection: Connection, op: str,
            message: dict[str, Any]) -> dict[str, Any]:
    room_id = connection.room_id
    room = service.get(room_id).room
    if op == "hello":
        token = message.get("token")
        host_token = message.get("host_token")
        found = room.seat_of(token if isinstance(token, str) else None)
        revoked = None
        if isinstance(token, str) and token and found is None:
            revoked = room.revocation(hash_token(token))
            if revoked is None:
                raise PokerroomError("that seat token is not valid at this table")
        connection.credential = hash_token(token) if isinstance(token, str) and token else None
        connection.told_revoked = revoked is not None
        connection.seat = found
        connection.host = room.is_host(host_token if isinstance(host_token, str) else None)
        watcher = message.get("watcher")
        connection.watcher = (hash_token(watcher) if isinstance(watcher, str)
                              and 16 <= len(watcher) <= 128 else None)
        welcome: dict[str, Any] = {"type": "welcome", "seat": found, "host": connection.host}
        if revoked is not None:
            welcome["revoked"] = f"You are watching: {revoked}."
        return welcome
    if op == "ping":
        return {"type": "pong"}
    if op == "join":
        if room.seat_for(connection.credential) is not None:
            raise PokerroomError("you already have a seat at this table")
        host_token = message.get("host_token")
        token = service.join(room_id, message.get("seat"), message.get("name"),
                             host_token=host_token if isinstance(host_token, str) else None)
        connection.credential = hash_token(token)
        connection.told_revoked = False
        connection.seat = service.get(room_id).room.seat_for(connection.credential)
        return {"type": "joined", "seat": connection.seat, "token": token}
    if op in ("sitout", "sitin"):
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.sit_out(seat, op == "sitout"))
        return {"type": "ok", "seq": seq}
    if op == "topup":
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.top_up(seat, message.get("amount")))
        return {"type": "ok", "seq": seq}
    if op == "move":
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.change_seat(seat, message.get("seat"),
                                                            post=message.get("post", False)))
        return {"type": "ok", "seq": seq}
    if op == "rabbit":
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.rabbit_hunt(seat))
        return {"type": "ok", "seq": seq}
    if op == "straddle":
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.straddle(seat, message.get("on")))
        return {"type": "ok", "seq": seq}
    if op == "post":
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.post_now(seat))
        return {"type": "ok", "seq": seq}
    if op == "chat":
        seq = service.chat(room_id, connection.credential, message.get("text"),
                           host=connection.host, watcher=connection.watcher,
                           name=message.get("name"))
        return {"type": "ok", "seq": seq}
    if op == "tourney":  # a rebuy, the add-on, a deal (server/tournament_table.py)
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.tourney_command(seat, message))
        return {"type": "ok", "seq": seq}
    if op == "leave":
        seq = service.as_seat(room_id, connection.credential,
                              lambda r, seat: r.remove(seat, "left"))
        return {"type": "ok", "seq": seq}
    if op == "host":
        if not connection.host:
            raise PokerroomError("only the host may do that")
        command = message.get("command")
        if not isinstance(command, str):
            raise PokerroomError("a host message names its 'command'")
        seq = _host(service, room_id, command, message.get("data", {}))
        return {"type": "ok", "seq": seq}
    raise PokerroomError(f"unknown op {op!r}")
