"""The card room's PHH and PokerStars downloads show each card only where the asking
seat saw it (a spectator: only cards every onlooker saw)."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from pokerroom.casino.table import ThreeCardPokerRound
from pokerroom.engine.events import CardsDealt, CardsDiscarded, HandEnded, SplitDiscards
from pokerroom.engine.state import PokerHand
from pokerroom.games import all_games, get_game
from pokerroom.history.phh import player_seats
from pokerroom.history.phh_casino import tcp_to_phh
from pokerroom.history.phh_hearts import hearts_to_phh
from pokerroom.history.phh_home import home_to_phh
from pokerroom.history.pokerstars import hand_id, table_id
from pokerroom.homegames.deal import HomeDeal
from pokerroom.homegames.hearts import HeartsHand
from pokerroom.server.codec import to_json
from pokerroom.server.history import hand_history_phh, hand_history_pokerstars
from pokerroom.server.room import Room, RoomHandRecord

from .redaction_oracle import as_received, assert_as_seen, shown_down
from .room_table import played_table, seated_table
from .stubborn import hole_of, stubborn_action

GAMES = [g.name for g in all_games()]


def _record_phh(record: RoomHandRecord, reader: int | None, *, full: bool) -> dict[str, Any]:
    """The PHH writer of the hand's game run on its full log, or on the log as ``reader``
    received it: the poker table's own (:meth:`PokerSession.phh_record`), and the home
    games' and Three Card Poker's on the stacks the hand began and ended with."""
    state = record.state if full else as_received(record.state, reader)
    if isinstance(state, PokerHand):
        data = record.session.phh_record(state)
    elif isinstance(state, ThreeCardPokerRound):
        data = tcp_to_phh(state, record.names)
    elif isinstance(state, HeartsHand):
        data = hearts_to_phh(state, players=record.names, starting=record.starting)
    else:
        assert isinstance(state, HomeDeal) and record.result is not None
        finishing = [s + n for s, n in zip(record.starting, record.result.net, strict=True)]
        data = home_to_phh(state, players=record.names, starting=record.starting,
                           finishing=finishing)
    assert data is not None
    return dict(data)


def _documents(text: str) -> dict[int, dict[str, Any]]:
    """The hands of a PHH download by number."""
    out = {}
    for block in text.split("# hand ")[1:]:
        number, _, body = block.partition("\n")
        out[int(number)] = tomllib.loads(body)
    return out


def _check_downloads(room: Room) -> int:
    """Check every reader's PHH download of every finished hand; how many were read."""
    finished = [r for r in room.hands if r.result is not None]
    checked = 0
    for room_seat in (None, *range(len(room.seats))):
        documents = _documents(hand_history_phh(room, room_seat))
        for record in finished:
            reader = record.reader_seat(room_seat, room.holder_of(room_seat))
            assert_as_seen(documents[record.number], _record_phh(record, reader, full=True),
                           _record_phh(record, reader, full=False),
                           shown_down(record.state, reader))
            checked += 1
    return checked


@pytest.mark.rule("supp-announce", "holdem-intro", "stud-intro", "lowball-intro",
                  "herbie-2.2", "guts-deal", "hearts-first-pass", "tcp-no-sharing",
                  "jacks-9")
@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_a_room_download_is_where_the_asking_seat_saw_it(game: str) -> None:
    service, room_id = played_table(game, min(5, get_game(game).max_seats), 120)
    assert _check_downloads(service.get(room_id).room) > 0


@pytest.mark.rule("jacks-9")
def test_a_split_openers_discards_are_in_every_download_where_they_were_thrown() -> None:
    """A room replayed from seed 1, where an opener splits openers: the discards, set
    aside and exposed after the hand, are written at that draw in every reader's PHH
    download (a seat's, a spectator's), and the downloads pass the oracle."""
    service, room_id = played_table("jacks-or-better", 5, 120, seed=1)
    room = service.get(room_id).room
    splits = [(record, event) for record in room.hands if record.result is not None
              for event in record.state.events
              if isinstance(event, CardsDiscarded) and event.action.split_openers]
    assert splits
    for record, event in splits:
        seat, discards = event.action.seat, event.action.discards
        result = record.state.events[-1]
        assert isinstance(result, HandEnded)
        assert SplitDiscards(seat, discards) in result.split_discards
        p = {s: f"p{i + 1}" for i, s in enumerate(player_seats(record.state))}  # type: ignore[arg-type]
        line = f"{p[seat]} sd {''.join(map(repr, discards))} # split openers"
        for room_seat in (None, *range(len(room.seats))):
            assert line in _documents(hand_history_phh(room, room_seat))[record.number][
                "actions"]
    assert _check_downloads(room) > 0


def _stubborn_table(game: str, players: int, hands: int) -> Room:
    """A room of ``players`` humans who never fold and draw the most they may, played
    until ``hands`` hands are over."""
    service, room_id = seated_table(game, players)
    while sum(r.result is not None for r in service.get(room_id).room.hands) < hands:
        if service.step(room_id):
            continue
        room = service.get(room_id).room
        assert room.hand is not None and room.actors()
        seat = room.actors()[0]
        hand_seat = room.hand.hand_seat(seat)
        assert hand_seat is not None
        state = room.hand.state
        action = to_json(stubborn_action(hand_seat, state.legal_actions(hand_seat),
                                         hole_of(state, hand_seat)))
        assert isinstance(action, dict)
        action.pop("seat")
        service.act(room_id, seat, action)
    return service.get(room_id).room


@pytest.mark.rule("lowball-intro")
def test_a_discard_redealt_after_the_reshuffle_stays_out_of_the_seats_downloads() -> None:
    """Triple draw at six seats, every player drawing five each time: cards a seat
    threw away are shuffled in and dealt to other seats, who throw them away again.
    That seat's PHH and PokerStars downloads show each such card only at its own
    discard."""
    room = _stubborn_table("lowball-27-triple", 6, 2)
    cases = 0
    for record in (r for r in room.hands if r.result is not None):
        state = record.state
        p = {seat: f"p{i + 1}" for i, seat in enumerate(player_seats(state))}  # type: ignore[arg-type]
        events = state.events
        for at, event in enumerate(events):
            if not isinstance(event, CardsDiscarded):
                continue
            thrower = event.action.seat
            room_seat = record.room_seat(thrower)
            phh = _documents(hand_history_phh(room, room_seat))[record.number]
            stars = hand_history_pokerstars(room, room_seat).split(
                f"PokerStars Hand #{hand_id(table_id(room.id), record.number)}:")[1] \
                .split("PokerStars Hand #")[0]
            for card in event.action.discards:
                deal = next((e for e in events[at + 1:] if isinstance(e, CardsDealt)
                             and card in e.cards), None)
                if deal is None or deal.to == thrower or any(
                        c == card for s in state.result.shown for c in s.cards):  # type: ignore[attr-defined]
                    continue
                cases += 1
                name = repr(card)
                taker = p[deal.to]
                assert [a for a in phh["actions"] if a.startswith(f"{p[thrower]} sd")
                        and name in a]
                assert not [a for a in phh["actions"] if a.startswith(f"d dh {taker} ")
                            and name in a.split()[-1]]
                mine = record.names[thrower]
                assert all(mine in line for line in stars.splitlines()
                           if re.search(rf"\b{name}\b", line)), name
    assert cases >= 2
    assert get_game("lowball-27-triple").pokerstars is not None
    assert _check_downloads(room) > 0
