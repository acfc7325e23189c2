"""The tables' event logs in a database: SQLite by default, PostgreSQL by URL.

Two tables hold everything: ``rooms`` (one row per card-room table) and ``room_events``
(its log); a third, ``heartbeats``, keeps when a server last served them, so that the
time the server was down is not counted on a player's action clock. Each event carries
the table's sequence number and the pair ``(room_id, seq)`` is unique, so when two
server processes race to append the same next event one of them gets
:class:`SequenceConflict`, reloads and retries: no event is ever lost or written twice.
The schema is made and upgraded by Alembic migrations, run when a :class:`Store` opens.

>>> store = Store("sqlite://")
>>> store.create_room("abc", {"game": "guts"})
>>> store.append("abc", 1, "seat", {"seat": 0})
>>> store.append("abc", 1, "seat", {"seat": 1})
Traceback (most recent call last):
...
pokerroom.server.storage.SequenceConflict: table abc already has event 1
>>> [(e.seq, e.kind, e.payload) for e in store.events("abc")]
[(1, 'seat', {'seat': 0})]
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    and_,
    create_engine,
    event,
    insert,
    or_,
    select,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.pool import StaticPool

from pokerroom.errors import PokerroomError
from pokerroom.server.notify import CHANNEL, notification_payload

__all__ = [
    "Base",
    "HeartbeatRow",
    "RoomEventRow",
    "RoomNotFound",
    "RoomRow",
    "SequenceConflict",
    "Store",
    "StoredEvent",
    "default_url",
]

MIGRATIONS = Path(__file__).with_name("migrations")


class SequenceConflict(PokerroomError):
    """Another writer appended this table's next event first."""


class RoomNotFound(PokerroomError, LookupError):
    """No table has this id."""


class Base(DeclarativeBase):
    pass


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    config: Mapped[str] = mapped_column(Text)


class RoomEventRow(Base):
    __tablename__ = "room_events"
    __table_args__ = (UniqueConstraint("room_id", "seq", name="uq_room_events_room_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HeartbeatRow(Base):
    __tablename__ = "heartbeats"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    at: Mapped[float] = mapped_column(Float)


_INSERT_EVENT = insert(RoomEventRow)

# PostgreSQL: the events after each table's position, for any number of tables, in one
# statement of fixed text (two arrays side by side)
_EVENTS_AFTER_PG = text(
    "SELECT e.room_id, e.seq, e.kind, e.payload, e.created_at FROM room_events e "
    "JOIN unnest(CAST(:rooms AS text[]), CAST(:afters AS integer[])) AS w(room_id, after) "
    "ON e.room_id = w.room_id AND e.seq > w.after ORDER BY e.room_id, e.seq")

EventRow = tuple[str, int, str, dict[str, Any], float]
"""An event to store: (table id, sequence number, kind, payload, when it was made in
seconds since the epoch)."""


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One row of a table's log; ``at``: when it was stored (seconds since the epoch,
    0 when unknown)."""

    seq: int
    kind: str
    payload: dict[str, Any]
    at: float = 0.0


def default_url(directory: Path | None = None) -> str:
    """``sqlite:///<directory>/pokerroom.sqlite3`` (the current directory by default)."""
    base = directory if directory is not None else Path.cwd()
    return f"sqlite:///{(base / 'pokerroom.sqlite3').as_posix()}"


def _make_engine(url: str) -> Engine:
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30},
            poolclass=StaticPool if memory else None)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def upgrade(connection: Connection) -> None:
    """Run every Alembic migration not yet applied on ``connection``."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    if connection.dialect.name == "postgresql":
        # Several processes may start at once: one migrates, the others wait.
        connection.execute(text("SELECT pg_advisory_xact_lock(804201)"))
    command.upgrade(config, "head")


class Store:
    """A database holding every table's event log."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _make_engine(url)
        with self.engine.begin() as connection:
            upgrade(connection)

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def close(self) -> None:
        self.engine.dispose()

    def create_room(self, room_id: str, config: dict[str, Any]) -> None:
        """Add a table; its config is kept for the lobby."""
        with self.engine.begin() as connection:
            connection.execute(insert(RoomRow).values(
                id=room_id, created_at=datetime.now(UTC), config=json.dumps(config)))

    def room_config(self, room_id: str) -> dict[str, Any]:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(RoomRow.config).where(RoomRow.id == room_id)).first()
        if row is None:
            raise RoomNotFound(f"no table {room_id!r}")
        loaded: dict[str, Any] = json.loads(row[0])
        return loaded

    def room_ids(self) -> list[str]:
        with self.engine.connect() as connection:
            return [row[0] for row in connection.execute(
                select(RoomRow.id).order_by(RoomRow.created_at))]

    def append(self, room_id: str, seq: int, kind: str, payload: dict[str, Any],
               at: float | None = None) -> None:
        """Store event ``seq`` of a table, made at ``at`` (seconds since the epoch; now
        when not given); :class:`SequenceConflict` if it exists."""
        row = {"room_id": room_id, "seq": seq, "kind": kind,
               "payload": json.dumps(payload, separators=(",", ":")),
               "created_at": _when(at)}
        try:
            with self.engine.begin() as connection:
                connection.execute(_INSERT_EVENT, row)
                self._notify(connection, {room_id: seq})
        except IntegrityError:
            raise SequenceConflict(f"table {room_id} already has event {seq}") from None

    def _notify(self, connection: Connection, last: dict[str, int]) -> None:
        """On PostgreSQL, tell the other processes (:mod:`pokerroom.server.notify`)
        which tables got events, delivered when this transaction commits."""
        if self.dialect != "postgresql":
            return
        for room_id, seq in last.items():
            connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                               {"channel": CHANNEL,
                                "payload": notification_payload(room_id, seq)})

    def append_many(self, rows: Sequence[EventRow]) -> None:
        """Store several events (of any tables) in one transaction: all or none;
        :class:`SequenceConflict` if any of them exists."""
        values = [{"room_id": room_id, "seq": seq, "kind": kind,
                   "payload": json.dumps(payload, separators=(",", ":")),
                   "created_at": _when(at)}
                  for room_id, seq, kind, payload, at in rows]
        try:
            with self.engine.begin() as connection:
                connection.execute(_INSERT_EVENT, values)
                last: dict[str, int] = {}
                for room_id, seq, _kind, _payload, _at in rows:
                    last[room_id] = max(seq, last.get(room_id, 0))
                self._notify(connection, last)
        except IntegrityError:
            raise SequenceConflict("one of the events already exists") from None

    def events(self, room_id: str, after: int = 0) -> list[StoredEvent]:
        """The table's events numbered above ``after``, in order."""
        return list(self.iter_events(room_id, after))

    def iter_events(self, room_id: str, after: int = 0) -> Iterator[StoredEvent]:
        query = (select(RoomEventRow.seq, RoomEventRow.kind, RoomEventRow.payload,
                        RoomEventRow.created_at)
                 .where(RoomEventRow.room_id == room_id, RoomEventRow.seq > after)
                 .order_by(RoomEventRow.seq))
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        for seq, kind, payload, created in rows:
            yield StoredEvent(seq, kind, json.loads(payload), _timestamp(created))

    def events_after(self, positions: Mapping[str, int]) -> dict[str, list[StoredEvent]]:
        """The events of several tables in one query: for each table named in
        ``positions``, its events numbered above the position given, in order (a table
        with none is left out).

        >>> store = Store("sqlite://")
        >>> for room in ("a", "b"):
        ...     store.create_room(room, {})
        ...     for seq in (1, 2, 3):
        ...         store.append(room, seq, "e", {})
        >>> {room: [e.seq for e in events]
        ...  for room, events in store.events_after({"a": 1, "b": 3}).items()}
        {'a': [2, 3]}
        """
        if not positions:
            return {}
        with self.engine.connect() as connection:
            if self.dialect == "postgresql":
                rows = connection.execute(_EVENTS_AFTER_PG, {
                    "rooms": list(positions), "afters": list(positions.values())}).all()
            else:
                rows = connection.execute(
                    select(RoomEventRow.room_id, RoomEventRow.seq, RoomEventRow.kind,
                           RoomEventRow.payload, RoomEventRow.created_at)
                    .where(or_(*(and_(RoomEventRow.room_id == room_id,
                                      RoomEventRow.seq > after)
                                 for room_id, after in positions.items())))
                    .order_by(RoomEventRow.room_id, RoomEventRow.seq)).all()
        found: dict[str, list[StoredEvent]] = {}
        for room_id, seq, kind, payload, created in rows:
            found.setdefault(room_id, []).append(
                StoredEvent(seq, kind, json.loads(payload), _timestamp(created)))
        return found

    def beat(self, at: float) -> None:
        """Note that a server serving these tables was alive at ``at`` (seconds since
        the epoch); an earlier time never replaces a later one.

        >>> store = Store("sqlite://")
        >>> store.last_beat() is None
        True
        >>> store.beat(100.0); store.beat(90.0); store.last_beat()
        100.0
        """
        from sqlalchemy import update

        with self.engine.begin() as connection:
            done = connection.execute(update(HeartbeatRow).where(
                HeartbeatRow.name == "server", HeartbeatRow.at < at).values(at=at))
            if not done.rowcount and connection.execute(select(HeartbeatRow.at).where(
                    HeartbeatRow.name == "server")).first() is None:
                try:
                    with connection.begin_nested():
                        connection.execute(insert(HeartbeatRow), {"name": "server",
                                                                  "at": at})
                except IntegrityError:  # another process wrote the first beat meanwhile
                    pass

    def last_beat(self) -> float | None:
        """When a server serving these tables was last seen alive (None: never)."""
        with self.engine.connect() as connection:
            value = connection.execute(select(HeartbeatRow.at).where(
                HeartbeatRow.name == "server")).scalar()
        return None if value is None else float(value)

    def last_seq(self, room_id: str) -> int:
        from sqlalchemy import func

        with self.engine.connect() as connection:
            value = connection.execute(select(func.max(RoomEventRow.seq)).where(
                RoomEventRow.room_id == room_id)).scalar()
        return int(value or 0)


def _when(at: float | None) -> datetime:
    """The stored time of an event made at ``at`` (now when not given)."""
    return datetime.now(UTC) if at is None else datetime.fromtimestamp(at, UTC)


def _timestamp(value: datetime | None) -> float:
    """Seconds since the epoch of a stored time (SQLite gives it back without its zone,
    which is UTC)."""
    if value is None:
        return 0.0
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.timestamp()
