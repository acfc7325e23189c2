"""What one connection is sent: the table, and the hand as its seat may see it.

Everything about the hand comes from the game's own ``view(seat)`` and
``events_for(seat)``, and the session's seat snapshot and narration of each event, both
built from the same redacted data, so a seat is never
sent another seat's hidden cards and a spectator no hidden card at all.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any

from pokerroom.core import DEALER, Event
from pokerroom.games import get_game
from pokerroom.server.codec import option_to_json, to_json
from pokerroom.server.config import RoomConfig
from pokerroom.server.room import Room, RoomHandRecord, SeatInfo
from pokerroom.server.seating import seat_change_words
from pokerroom.server.storage import StoredEvent
from pokerroom.server.tournament_view import tourney_payload
from pokerroom.server.twice import twice_payload

__all__ = ["LEDGER_HANDS", "hand_payload", "history_formats", "ledger_csv", "ledger_key",
           "ledger_payload",
           "narrate", "replay_frames", "seat_stacks", "snapshot"]

LEDGER_HANDS = 30
"""The ledger's itemized lines hold every buy-in, top-up and cash-out and the hand
results of this many most recent hands (a long night's results stay in the totals)."""


def history_formats(games: Iterable[str]) -> list[str]:
    """The download formats a table of these games offers: text always, PHH when one
    of them has a PHH code (:attr:`~pokerroom.game.Game.phh`), the PokerStars layout
    when one has a PokerStars name.

    >>> history_formats(["guts2"])
    ['text', 'phh']
    >>> history_formats(["guts2", "holdem"])
    ['text', 'phh', 'pokerstars']
    >>> history_formats(["jacks"])
    ['text', 'phh']
    """
    found = [get_game(game) for game in games]
    has_phh = any(game.phh is not None for game in found)
    stars = any(game.pokerstars is not None for game in found)
    return ["text", "phh"] * has_phh + ["pokerstars"] * stars or ["text"]


def narrate(record: RoomHandRecord, events: Sequence[Event]) -> list[str]:
    """Lines in words for a hand's log from its start (events already redacted for
    their reader): the session's narration, or each event's data should that fail."""
    try:
        return record.session.narrate(list(events))
    except Exception:  # a narration gap must not break the table: words below
        return [_plain(event) for event in events]


def _plain(event: Event) -> str:
    data = to_json(event)
    kind = data.pop("type")
    data.pop("private_to", None)
    details = ", ".join(f"{k}={v}" for k, v in data.items())
    return f"{kind}: {details}" if details else str(kind)


def _picture(record: RoomHandRecord, seat: int | None) -> Any:
    """The session's table picture of the hand as ``seat`` sees it (None: it could not
    draw it, and the hand's own view is sent instead)."""
    try:
        return to_json(record.session.snapshot(record.state, seat))
    except Exception:
        return None


def hand_payload(record: RoomHandRecord, room_seat: int | None, *, live: bool,
                 holder: str | None = None) -> dict[str, Any]:
    """A hand as ``room_seat``, held with token hash ``holder``, may see it (a spectator
    when the seat is ``None`` or was held by someone else when the hand was dealt)."""
    seat = record.reader_seat(room_seat, holder)
    state = record.state
    events = state.events_for(seat)
    picture = _picture(record, seat)
    payload: dict[str, Any] = {
        "number": record.number,
        "game": record.game,
        "title": get_game(record.game).title,
        "stakes": dict(record.stakes),
        "dealer": record.dealer,
        "lineup": list(record.lineup),
        "names": list(record.names),
        "you": seat,
        "view": to_json(state.view(seat)) if picture is None else None,
        "picture": picture,
        "events": len(events),
        "log": narrate(record, events),
        "over": record.result is not None,
        "result": None if record.result is None else {
            "net": list(record.result.net), "summary": list(record.result.summary)},
    }
    twice = twice_payload(record, dict(zip(record.lineup, record.names, strict=True)))
    if twice is not None:  # run it twice: the question, the answers, the two boards
        payload["twice"] = twice
    if record.rabbit_by:  # the rabbit hunt, once asked for: shown to everyone alike
        payload["rabbit"] = {"cards": list(record.rabbit), "by": record.rabbit_by}
    if live and seat is not None and seat in state.actors:
        payload["legal"] = [option_to_json(option, seat)
                            for option in state.legal_actions(seat)]
    else:
        payload["legal"] = []
    return payload


def snapshot(room: Room, room_seat: int | None, host: bool,
             deadlines: dict[int, float], *, ledger: bool = True) -> dict[str, Any]:
    """The whole message sent to one connection (without its ``ledger`` when
    ``ledger`` is false: the ledger is the same for every reader, see
    :func:`ledger_key`)."""
    hand = room.hands[-1] if room.hands else None
    choice = room.current_choice()
    you = room.seats.get(room_seat) if room_seat is not None else None
    message: dict[str, Any] = {
        "type": "state",
        "seq": room.seq,
        "table": {
            "id": room.id,
            "title": room.config.title,
            "settings": room.config.describe(),
            "config": room.config.to_json(),
            "next_game": choice.to_json(),
            # the house rules are shown before a deal, not in the middle of one
            "announcement": (room.announcement_text() if room.hand is None
                             or not room.hands[:-1] else ""),
            "paused": room.paused,
            "waiting": room.waiting_reason(),
            "formats": history_formats(c.game for c in room.config.choices()),
            "closed": room.closed,
            "seats": room.config.seats,
            "players": [_player(room, info) for _, info in sorted(room.seats.items())
                        if info.approved or host or info.seat == room_seat],
            "actors": list(room.actors()),
            "clock": {str(seat): round(left, 1) for seat, left in deadlines.items()},
            "hands_played": len([h for h in room.hands if h.result is not None]),
            "rabbit_offer": room.rabbit_offer(),
            "straddle": room.straddle_offer(room_seat),
            "bomb_pot": room.bomb_info(),
            "tournament": tourney_payload(room, room_seat),
            # what a seat change costs now, in words (None: the host allows none)
            "seat_change": (seat_change_words(room.session if room.session_choice
                                              == room.current_choice() else None)
                            if room.config.seat_changes else None),
        },
        "you": {"seat": room_seat, "host": host,
                "name": you.name if you else None,
                "approved": bool(you and you.approved),
                **_chips_offer(room, you)},
        "hand": None if hand is None else hand_payload(hand, room_seat,
                                                       live=hand.result is None,
                                                       holder=room.holder_of(room_seat)),
    }
    if ledger:
        message["ledger"] = ledger_payload(room, seat_stacks(room))
    if host:
        message["pending"] = [info.public() for info in room.seats.values()
                              if not info.approved]
        message["chips_asked"] = [{"seat": info.seat, "name": info.name,
                                   "amount": info.asked}
                                  for _, info in sorted(room.seats.items()) if info.asked]
    return message


def _player(room: Room, info: SeatInfo) -> dict[str, Any]:
    """A seat as every reader sees it, with its time bank (``bank``: seconds left, and
    whether the clock is ``drawing`` on it this turn) where the table has one."""
    public = info.public()
    if room.config.timer > 0 and room.config.time_bank > 0:
        public["bank"] = round(room.bank_of(info.seat), 1)
        public["drawing"] = info.seat in room.drawing
    return public


def _chips_offer(room: Room, you: SeatInfo | None) -> dict[str, Any]:
    """What a seated player may add to their stack now: ``top_up`` (``least`` and
    ``most`` chips, and whether the host ``approves`` them; None before the seat is
    approved), the chips ``asked`` for and waiting for the host (0: none), and the
    ``rebuy`` a bust player is offered (0: none)."""
    if you is None or not you.approved:
        return {"top_up": None, "asked": 0, "rebuy": 0}
    least, most = room.chip_limits(you.seat)
    return {"top_up": {"least": least, "most": most,
                       "approves": room.config.top_up_approval},
            "asked": you.asked, "rebuy": room.rebuy_offer(you.seat)}


def seat_stacks(room: Room) -> dict[str, int]:
    """The chips of each approved player seated, by name."""
    if room.tourney is not None:  # a tournament's ledger is in money: chips are not
        return {}
    return {info.name: info.stack for info in room.seats.values() if info.approved}


def ledger_csv(room: Room) -> str:
    """The table's ledger and settle-up as CSV
    (:meth:`~pokerroom.server.ledger.CashLedger.csv`), counted as the ledger pane counts
    them: a carried Guts or Herbie pot shared by its players."""
    pot, reserve = room.carried_pot()
    sharers = tuple(room.seats[s].name for s in room.session_lineup
                    if s in room.seats) if pot + reserve else ()
    return room.ledger.csv(seat_stacks(room), pot + reserve, sharers)


def ledger_key(room: Room) -> tuple[Any, ...]:
    """What the ledger is drawn from: while it is the same, so is
    :func:`ledger_payload` (its lines only grow, the stacks and a carried pot change
    with hands and seats).

    >>> from pokerroom.server.config import RoomConfig
    >>> room = Room("t", RoomConfig(game="holdem"), "h")
    >>> before = ledger_key(room)
    >>> room.ledger.add("Ann", "buy-in", 100, 0)
    >>> ledger_key(room) == before
    False
    """
    pot = room.carried_pot()
    return (len(room.ledger.entries), tuple(seat_stacks(room).items()), pot,
            tuple((s, room.seats[s].name) for s in room.session_lineup if s in room.seats)
            if sum(pot) else ())


def ledger_payload(room: Room, stacks: dict[str, int]) -> dict[str, Any]:
    """Each player's totals, the settle-up, the itemized lines (``entries``): every
    buy-in, top-up and cash-out, and the results of the last :data:`LEDGER_HANDS` hands;
    and the pot a Guts or Herbie game carries (``pot``: ``None`` when there is none).

    >>> from pokerroom.server.config import RoomConfig
    >>> room = Room("t", RoomConfig(game="holdem"), "h")
    >>> room.ledger.add("Ann", "buy-in", 100, 0)
    >>> room.ledger.add("Ann", "result", 5, 1)
    >>> ledger_payload(room, {"Ann": 105})["entries"]
    [{'name': 'Ann', 'kind': 'buy-in', 'amount': 100, 'hand': 0}, \
{'name': 'Ann', 'kind': 'result', 'amount': 5, 'hand': 1}]
    """
    entries = room.ledger.entries
    last = max((e.hand for e in entries if e.kind == "result"), default=0)
    pot, reserve = room.carried_pot()
    sharers = tuple(room.seats[s].name for s in room.session_lineup
                    if s in room.seats) if pot + reserve else ()
    ledger: dict[str, Any] = {
        "balances": [{"name": b.name, "bought": b.bought, "holding": b.holding,
                      "net": b.net} for b in room.ledger.balances(stacks)],
        "settle_up": [list(t) for t in room.ledger.transfers(stacks, pot + reserve,
                                                              sharers)],
        "entries": [{"name": e.name, "kind": e.kind, "amount": e.amount, "hand": e.hand}
                    for e in entries
                    if e.kind != "result" or e.hand > last - LEDGER_HANDS],
        "pot": None,
    }
    if pot + reserve:
        ledger["pot"] = {
            "pot": pot, "reserve": reserve, "shared_by": list(sharers),
            "rule": (f"{pot + reserve} chips are still in the game's pot"
                     + (f" ({reserve} of them in the reserve)" if reserve else "")
                     + "; they belong to the game, not to a house. If the night ends "
                       "before the pot is won, they are shared equally by "
                     + ", ".join(sharers) + " (odd chips to the first named), as the "
                       "settle-up below counts them.")}
    return ledger


_FRAMES: OrderedDict[tuple[str, int, int | None, str | None],
                     list[dict[str, Any]]] = OrderedDict()


def replay_frames(room_id: str, events: Sequence[StoredEvent], number: int,
                  room_seat: int | None, holder: str | None = None) -> list[dict[str, Any]]:
    """Hand ``number`` drawn as ``room_seat`` saw it after its deal and after each
    action (with the dealer's steps that followed it): the table rebuilt from its stored
    ``events`` up to the end of that hand, the session's picture taken at each of them.
    Each frame: ``seq`` (the stored event it follows), ``events`` (how many of the
    seat's hand events it shows), ``picture``
    (or ``view`` where the session draws none), ``actors`` (room seats to act next).
    A finished hand's frames are kept for the next asker of the same seat."""
    key = (room_id, number, room_seat, holder)
    if key in _FRAMES:
        _FRAMES.move_to_end(key)
        return _FRAMES[key]
    if not events or events[0].kind != "created":
        return []
    first = events[0].payload
    room = Room(room_id, RoomConfig.from_json(first["config"]), first["host_hash"])
    room.seq = 1
    frames: list[dict[str, Any]] = []
    finished = False
    for stored in events[1:]:
        room.apply(stored.seq, stored.kind, stored.payload, stored.at)
        record = room.hands[-1] if room.hands else None
        if record is None or record.number != number:
            if frames:
                break  # the hand is behind us
            continue
        if stored.kind not in ("hand", "act", "twice"):
            continue  # a chat line, a pause: the hand's picture is the same
        seat = record.reader_seat(room_seat, holder)
        state = record.state
        picture = _picture(record, seat)
        frames.append({
            "seq": stored.seq,
            "events": len(state.events_for(seat)),
            "picture": picture,
            "view": to_json(state.view(seat)) if picture is None else None,
            "actors": [record.lineup[s] for s in state.actors if s != DEALER],
        })
        twice = twice_payload(record, dict(zip(record.lineup, record.names, strict=True)))
        if twice is not None:       # run it twice: the question, then the two boards
            frames[-1]["twice"] = twice
            frames[-1]["actors"] = list(room.actors())
        if record.result is not None:
            finished = True
            break
    if finished:
        _FRAMES[key] = frames
        while len(_FRAMES) > 64:
            _FRAMES.popitem(last=False)
    return frames
