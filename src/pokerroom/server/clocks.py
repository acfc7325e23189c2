"""The action clocks of a table: how long each seat to act has, by the stored times.

A :class:`~pokerroom.server.room.Room` keeps ``clocks``, each seat to act's ``(seconds
left, since when)``, from its events alone (:class:`ActionClocks`, which the room mixes
in): a seat's clock starts full when its turn comes, a pause holds it, a resume or a
``clock`` event (the seconds noted after a restart) starts it again from there. The
service's live deadlines start from these after a pause and after a restart
(:func:`resumed_clocks`), so neither a pause nor the server's downtime counts against a
player.

>>> clocks: dict[int, tuple[float, float]] = {}
>>> track_clocks(clocks, {0}, timer=20.0, kind="act", payload={}, at=100.0, paused=False)
>>> clocks
{0: (20.0, 100.0)}
>>> track_clocks(clocks, {0}, timer=20.0, kind="pause", payload={}, at=105.0, paused=True)
>>> clocks            # held at what was left when the pause began
{0: (15.0, 105.0)}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pokerroom.errors import ConfigError
from pokerroom.server.pending import PendingEvent

if TYPE_CHECKING:
    from pokerroom.core import Event
    from pokerroom.server.config import RoomConfig

__all__ = ["ActionClocks", "held_clocks", "resumed_clocks", "track_clocks"]

Clocks = dict[int, tuple[float, float]]


def track_clocks(clocks: Clocks, actors: set[int], *, timer: float, kind: str,
                 payload: dict[str, Any], at: float, paused: bool) -> None:
    """Keep ``clocks`` after an event of ``kind`` stored at ``at`` (``actors``: the
    seats to act after it): a seat's clock starts full when its turn comes; a draw on
    the time bank starts it again from the bank's seconds; a pause holds every clock
    (at the seconds the service measured, or as the stored times say); a resume, or a
    note of the clocks, starts them again from there."""
    for seat in [s for s in clocks if s not in actors]:
        del clocks[seat]
    for seat in actors - set(clocks):
        clocks[seat] = (timer, at)
    if kind == "bank" and int(payload["seat"]) in actors:  # the clock goes on from the bank
        clocks[int(payload["seat"])] = (float(payload["seconds"]), at)
        return
    if kind not in ("pause", "clock"):
        return
    given = payload.get("clocks") or {}
    for seat in actors:
        left, since = clocks[seat]
        if str(seat) in given:
            left = float(given[str(seat)])
        elif kind == "pause" and paused:
            left = max(0.0, left - max(0.0, at - since))
        clocks[seat] = (left, at)


def held_clocks(measured: dict[int, float], clocks: Clocks) -> dict[str, float]:
    """The seconds left of each running clock as an event keeps them (seat numbers as
    text, to the millisecond, never below 0).

    >>> held_clocks({0: 12.34567, 3: -1.0, 5: 9.0}, {0: (20.0, 0.0), 3: (20.0, 0.0)})
    {'0': 12.346, '3': 0.0}
    """
    return {str(seat): round(max(0.0, float(left)), 3) for seat, left in measured.items()
            if seat in clocks}


def resumed_clocks(clocks: Clocks, *, wall: float, beat: float | None,
                   heartbeat: float) -> tuple[dict[int, float], bool]:
    """``(seconds left by seat, outage)`` for the clocks of a table served again at wall
    time ``wall``: each goes on with the time its seat had when the server went down
    (its last heartbeat ``beat``; ``None``: never beat, so it counts to now). ``outage``:
    the server was down longer than a couple of heartbeats, so the times are worth
    noting in the log.

    >>> resumed_clocks({0: (25.7, 100.0)}, wall=110.0, beat=100.0, heartbeat=1.0)
    ({0: 25.7}, True)
    >>> resumed_clocks({0: (25.7, 100.0)}, wall=103.0, beat=102.5, heartbeat=1.0)
    ({0: 23.2}, False)
    """
    outage = beat is not None and wall - beat > 2 * heartbeat
    left: dict[int, float] = {}
    for seat, (seconds, since) in clocks.items():
        alive_until = wall if beat is None else min(wall, max(beat, since))
        left[seat] = max(0.0, seconds - max(0.0, alive_until - since))
    return left, outage


class _ClockedRoom(Protocol):
    config: RoomConfig
    paused: bool
    clocks: Clocks

    def actors(self) -> tuple[int, ...]: ...


class ActionClocks:
    """The room's part that keeps the action clocks (mixed into
    :class:`~pokerroom.server.room.Room`)."""

    def _track_clocks(self: _ClockedRoom, kind: str, payload: dict[str, Any],
                      at: float) -> None:
        """Keep :attr:`clocks` after an event stored at ``at`` (see
        :func:`track_clocks`)."""
        track_clocks(self.clocks, set(self.actors()), timer=self.config.timer, kind=kind,
                     payload=payload, at=at, paused=self.paused)

    def note_clocks(self: _ClockedRoom, clocks: dict[int, float]) -> PendingEvent:
        """Record the seconds left on the running action clocks (after a restart: the
        time each seat had when the server went down), so the server's downtime never
        counts against a player."""
        known = held_clocks(clocks, self.clocks)
        if not known:
            raise ConfigError("no action clock is running")
        return PendingEvent("clock", {"clocks": known})

    def _on_clock(self, _p: dict[str, Any]) -> list[Event]:
        return []  # the clocks are set by _track_clocks
