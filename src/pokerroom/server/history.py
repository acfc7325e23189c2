"""Past hands of a card-room table: step-by-step replay and downloadable histories.

Every past hand is shown as the asking seat saw it (a spectator sees no hidden card);
cards shown down at the showdown are public and appear to everyone, at the places they
were dealt too.
"""

from __future__ import annotations

import time
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.games import get_game
from pokerroom.history.redaction import log_as_seen, phh_as_seen
from pokerroom.history.text import HandRecord as TextRecord
from pokerroom.history.text import format_hand
from pokerroom.server.room import Room, RoomHandRecord
from pokerroom.server.snapshot import hand_payload, history_formats, narrate
from pokerroom.server.tournament_view import standings_lines

__all__ = ["hand_history_phh", "hand_history_pokerstars", "hand_history_text",
           "history_formats", "replay_payload", "tournament_fields", "tournament_header"]




def _record(room: Room, number: int) -> RoomHandRecord:
    for record in room.hands:
        if record.number == number:
            return record
    raise ConfigError(f"no hand #{number} at this table")


def replay_payload(room: Room, number: int, room_seat: int | None) -> dict[str, Any]:
    """Hand ``number`` as ``room_seat`` saw it, one step per event."""
    record = _record(room, number)
    holder = room.holder_of(room_seat)
    seat = record.reader_seat(room_seat, holder)
    events = record.state.events_for(seat)
    steps = []
    told = 0
    for index in range(len(events)):
        lines = narrate(record, events[:index + 1])
        steps.append({"event": index, "lines": lines[told:]})
        told = len(lines)
    payload = hand_payload(record, room_seat, live=False, holder=holder)
    payload["steps"] = steps
    payload["starting"] = list(record.starting)
    return payload


def hand_history_text(room: Room, room_seat: int | None) -> str:
    """Every finished hand as readable text (PokerStars layout where available)."""
    blocks = []
    announced: set[int] = set()
    for record in room.hands:
        if record.result is None:
            continue
        seat = record.reader_seat(room_seat, room.holder_of(room_seat))
        lines = tuple(narrate(record, record.state.events_for(seat)))
        # the house rules head the first hand of each game played
        first = id(record.session) not in announced
        announced.add(id(record.session))
        blocks.append(_format(room, record, lines,
                              (record.session.announce(),) if first else ()))
    if room.tourney is not None and room.tourney.over:
        blocks.append("\n".join([f"Final standings of the tournament "
                                  f"{room.tourney.structure.name}"
                                  + (f" ({room.tourney.dealt})" if room.tourney.dealt else ""),
                                  *(f"{words}: {name}" + (f", paid {prize}" if prize else "")
                                    for _hand, _place, name, words, prize
                                    in standings_lines(room))]))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def _format(room: Room, record: RoomHandRecord, lines: tuple[str, ...],
            announce: tuple[str, ...]) -> str:
    """One hand in the text layout; seats are the room's (``Seat 1`` is the table's
    seat 1)."""
    assert record.result is not None
    seats = tuple((room_seat, name, chips) for room_seat, name, chips in
                  zip(record.lineup, record.names, record.starting or (0,) * len(record.names),
                      strict=False))
    return format_hand(TextRecord(
        hand_no=record.number, game=record.session.title or record.game,
        stakes=record.session.stakes_text,
        when=_when(record.started_at), table=f"pokerroom {room.id}",
        button=record.dealer, seats=seats, lines=lines, announce=announce,
        summary=tuple(record.result.summary)))


def hand_history_phh(room: Room, room_seat: int | None) -> str:
    """Finished hands in PHH (TOML), one document per hand, for the games PHH (or
    pokerroom's documented extension of it) can write.

    The PHH writer records every card; here each card is written only where the asking
    seat saw it (:mod:`pokerroom.history.redaction`), ``??`` elsewhere (other seats'
    mucked cards, burns, a card redealt after a reshuffle), as PHH writes an unknown
    card. Each poker hand carries PHH's ``table`` (the room's id) and ``hand``: its id
    across tables and sessions, the table's id and the hand's number
    (:func:`pokerroom.history.pokerstars.hand_id`), as the PokerStars download has it.
    """
    try:
        import tomli_w

        from pokerroom.history.pokerstars import hand_id, table_id
    except ImportError:
        raise ConfigError("PHH export is not available in this build") from None
    if "phh" not in history_formats(c.game for c in room.config.choices()):
        raise ConfigError("PHH has no record for this table's games: download the text "
                          "history instead")
    documents = []
    for record in room.hands:
        if record.result is None:
            continue
        game = get_game(record.game)
        if record.phh is None:
            documents.append(f"# hand {record.number} ({game.title}): "
                             "PHH has no record for this game; see the text history")
            continue
        data = dict(record.phh)
        if game.family == "poker":
            data.update(table=room.id, hand=hand_id(table_id(room.id), record.number))
        data.update(tournament_fields(room, record.number))
        seat = record.reader_seat(room_seat, room.holder_of(room_seat))
        documents.append(f"# hand {record.number}\n"
                         + tomli_w.dumps(phh_as_seen(data, record.state, seat)))
    if not documents:
        raise ConfigError("no finished hand yet")
    return "\n".join(documents)


def hand_history_pokerstars(room: Room, room_seat: int | None) -> str:
    """Finished hands of the games the PokerStars layout names, in that layout (each
    card only where the asking seat saw it), for tracker tools: a play-chip tournament
    numbered by the table's id (:func:`pokerroom.history.pokerstars.table_id` of the
    room's id), each hand under its id across tables and sessions, the table's id and
    its number (:func:`pokerroom.history.pokerstars.hand_id`), so a tracker never takes
    another session's hand 1 for this one's."""
    from pokerroom.engine.state import PokerHand
    from pokerroom.history.phh import player_seats
    from pokerroom.history.pokerstars import pokerstars_text, table_id

    texts = []
    table = table_id(room.id)
    for record in room.hands:
        hand = record.state
        name = get_game(record.game).pokerstars
        if record.result is None or not isinstance(hand, PokerHand) or name is None:
            continue
        seat = record.reader_seat(room_seat, room.holder_of(room_seat))
        texts.append(_finished(room, record.number, pokerstars_text(
            hand, name, names={s: record.names[s] for s in player_seats(hand)},
            hand_no=record.number, when=record.started_at, tournament=table,
            table_number=table, events=log_as_seen(hand, seat),
            **tournament_header(room, record.number))))
    if not texts:
        raise ConfigError("no finished hand of a game the PokerStars layout names yet")
    return "\n\n\n".join(texts) + "\n"


def tournament_fields(room: Room, number: int) -> dict[str, Any]:
    """The PHH fields of a tournament table's hand ``number``: the tournament as the
    ``event`` and its id (``_tournament``, the number its PokerStars headers carry), the
    ``level`` the hand was dealt at, the buy-in (``_buy_in``:
    price and fee), and the players who went out on it (``_finishes``: place and
    prize; at the end, the winner too); none at a cash table."""
    from pokerroom.history.pokerstars import table_id

    t = room.tourney
    if t is None or number not in t.levels:
        return {}
    fields: dict[str, Any] = {
        "event": f"pokerroom tournament {t.structure.name}",
        "_tournament": table_id(room.id), "level": t.levels[number],
        "_buy_in": [t.structure.buy_in, 0]}
    out = [{"player": name, "place": place, "prize": prize}
           for hand, place, name, _words, prize in standings_lines(room) if hand == number]
    if out:
        fields["_finishes"] = out
    return fields


def _finished(room: Room, number: int, text: str) -> str:
    """A tournament hand in the PokerStars layout with the lines PokerStars writes for
    the players who went out on it (``finished the tournament in 3rd place``) and the
    winner (``wins the tournament``), before its summary."""
    lines = []
    for hand, place, name, words, prize in reversed(standings_lines(room)):
        if hand != number:
            continue
        paid = f" and received ${prize}.00" if prize else ""
        lines.append(f"{name} wins the tournament{paid} - congratulations!" if place == 1
                     else f"{name} finished the tournament in {words} place{paid}")
    if not lines:
        return text
    head, summary, tail = text.partition("*** SUMMARY ***")
    return head + "\n".join(lines) + "\n" + summary + tail


def tournament_header(room: Room, number: int) -> dict[str, Any]:
    """What a tournament hand's PokerStars header adds: its level and buy-in."""
    t = room.tourney
    if t is None or number not in t.levels:
        return {}
    return {"level": t.levels[number], "buy_in": (t.structure.buy_in, 0)}


def _when(at: float) -> str:
    """A hand's time as the text layout writes it (UTC); empty when unknown.

    >>> _when(0.0), _when(1796000000.0)
    ('', '2026/11/30 00:53:20 UTC')
    """
    if at <= 0:
        return ""
    return time.strftime("%Y/%m/%d %H:%M:%S UTC", time.gmtime(at))
