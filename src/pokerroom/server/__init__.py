"""The web card room: private tables in the browser for every game in the catalog.

The room is authoritative and event-sourced. Every change to a table (a seat taken, a
hand started, an action, a pause) is one row of the table's event log, numbered by a
per-table sequence that the database keeps unique, so a table is rebuilt at any time by
replaying its log through the same state machines with the same seeds.

* :mod:`pokerroom.server.codec` — actions, options, events and views as JSON.
* :mod:`pokerroom.server.room` — one table's rules (seats, host, hands, ledger), no I/O.
* :mod:`pokerroom.server.storage` — the event log in SQLite or PostgreSQL.
* :mod:`pokerroom.server.service` — rooms kept live, bots, timers, subscribers.
* :mod:`pokerroom.server.app` — the FastAPI application (JSON API, websocket, page).
"""

from __future__ import annotations
