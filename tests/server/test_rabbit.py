"""The rabbit hunt (issue 37, section 2): after a hand won without a showdown in a board
game, a player asks to see what would have come; the cards are the ones the hand's own
deck would have dealt (burns respected), shown to everyone as not dealt, never changing
the result, and no frame shows a hidden hole card because of them."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.core import BetOption
from pokerroom.engine.state import PokerHand
from pokerroom.errors import ConfigError
from pokerroom.server.codec import to_json
from pokerroom.server.service import RoomService

from .helpers import make_service, open_table
from .test_leak import allowed_cards, cards_in
from .test_room_money_time import assert_ledger_balances

SEED = 20261205


def dealt_table(service: RoomService, game: str = "holdem", **settings: Any) -> str:
    """A three-seat table whose first hand is dealt from ``SEED``."""
    room_id, _host, _tokens = open_table(service, game, players=3, seats=4,
                                         **({"rabbit_hunt": True} | settings))
    service.execute(room_id, lambda r: r.start_hand(seed=SEED))
    return room_id


def fold_round(service: RoomService, room_id: str) -> None:
    """Until one player is left: each player to act folds, or where they may not (no
    bet to them) bets the least, or brings it in."""
    while (room := service.get(room_id).room).hand is not None:
        seat = room.actors()[0]
        options = {type(o).__name__: o for o in room.legal_options(seat)}
        if "FoldOption" in options:
            service.act(room_id, seat, {"type": "Fold"})
        elif "BetOption" in options:
            bet = options["BetOption"]
            assert isinstance(bet, BetOption)
            service.act(room_id, seat, {"type": "Bet", "amount": bet.min_amount})
        else:
            service.act(room_id, seat, {"type": "BringIn"})


def call_down(service: RoomService, room_id: str) -> None:
    """Everyone checks or calls to the showdown."""
    while (room := service.get(room_id).room).hand is not None:
        seat = room.actors()[0]
        kinds = {type(o).__name__ for o in room.legal_options(seat)}
        service.act(room_id, seat, {"type": "Check" if "CheckOption" in kinds else "Call"})


def frames(service: RoomService, room_id: str) -> list[tuple[int | None, dict[str, Any]]]:
    room = service.get(room_id).room
    readers: list[int | None] = [None, *sorted(room.seats)]
    return [(seat, service.snapshot_for(room_id, seat, False)) for seat in readers]


def test_the_rabbit_is_the_board_the_hands_own_deck_would_have_dealt() -> None:
    folded, played = make_service(), make_service()
    first = dealt_table(folded)
    second = dealt_table(played)
    fold_round(folded, first)
    call_down(played, second)
    full_hand = played.get(second).room.hands[0].state
    assert isinstance(full_hand, PokerHand) and len(full_hand.board) == 5
    room = folded.get(first).room
    record = room.hands[0]
    assert record.rabbit == tuple(repr(c) for c in full_hand.board)
    # a flop seen, then a fold: the turn and the river it would have had
    flop, river = make_service(), make_service()
    third, fourth = dealt_table(flop), dealt_table(river)
    for service, table in ((flop, third), (river, fourth)):
        while len(service.get(table).room.hands[0].state.board) < 3:  # type: ignore[attr-defined]
            room = service.get(table).room
            seat = room.actors()[0]
            kinds = {type(o).__name__ for o in room.legal_options(seat)}
            service.act(table, seat, {"type": "Check" if "CheckOption" in kinds else "Call"})
    fold_round(flop, third)
    call_down(river, fourth)
    shown = flop.get(third).room.hands[0]
    full = river.get(fourth).room.hands[0].state
    assert isinstance(full, PokerHand)
    assert shown.rabbit == tuple(repr(c) for c in full.board[3:])


def test_a_player_asks_and_everyone_sees_it_with_nothing_changed() -> None:
    service = make_service()
    room_id = dealt_table(service)
    fold_round(service, room_id)
    room = service.get(room_id).room
    record = room.hands[0]
    assert record.result is not None and len(record.rabbit) == 5
    before = ([info.stack for info in room.seats.values()], record.result,
              list(room.ledger.entries), frames(service, room_id))
    for _seat, frame in before[3]:
        assert frame["table"]["rabbit_offer"] is True
        assert "rabbit" not in frame["hand"]
        assert not set(record.rabbit) & cards_in(frame)      # kept back until asked
    service.execute(room_id, lambda r: r.rabbit_hunt(2))
    room = service.get(room_id).room
    assert [info.stack for info in room.seats.values()] == before[0]
    assert room.hands[0].result == before[1] and list(room.ledger.entries) == before[2]
    for _seat, frame in frames(service, room_id):
        assert frame["hand"]["rabbit"] == {"cards": list(record.rabbit), "by": "Player 3"}
        assert frame["table"]["rabbit_offer"] is False
    assert_ledger_balances(room)
    # the log keeps it: a rebuilt table shows the same
    rebuilt = service._replay(room_id)
    assert rebuilt.hands[0].rabbit == record.rabbit
    assert rebuilt.hands[0].rabbit_by == "Player 3"
    # the next deal is the one it would have been without the hunt
    quiet = make_service()
    other = dealt_table(quiet)
    fold_round(quiet, other)
    for svc, table in ((service, room_id), (quiet, other)):
        assert svc.step(table)
    cards = [svc.get(t).room.hands[1].state.events for svc, t in ((service, room_id),
                                                                  (quiet, other))]
    assert [to_json(e) for e in cards[0]] == [to_json(e) for e in cards[1]]


def test_no_frame_shows_a_hidden_hole_card_because_of_the_rabbit() -> None:
    for seed_offset in range(4):
        service = make_service()
        room_id, _host, _tokens = open_table(service, "omaha", players=3, seats=3,
                                             rabbit_hunt=True)
        service.execute(room_id, lambda r, s=seed_offset: r.start_hand(seed=SEED + s))
        fold_round(service, room_id)
        service.execute(room_id, lambda r: r.rabbit_hunt(0))
        room = service.get(room_id).room
        record = room.hands[0]
        state = record.state
        assert isinstance(state, PokerHand)
        holes = {repr(c) for cards in state.hole for c in cards}
        rabbit = set(record.rabbit)
        assert len(rabbit) == 5 and not rabbit & holes
        assert not rabbit & {repr(c) for c in (*state.burns, *state.board)}
        for seat, frame in frames(service, room_id):
            hand_seat = record.reader_seat(seat, room.holder_of(seat))
            known = allowed_cards(state, len(state.events), hand_seat)
            assert cards_in(frame) - known <= rabbit, (seat, cards_in(frame) - known)
            assert not (cards_in(frame) & holes) - known, seat


def test_the_rabbit_hunt_is_refused_in_words_where_it_does_not_apply() -> None:
    off = make_service()
    room_id = dealt_table(off, rabbit_hunt=False)
    fold_round(off, room_id)
    with pytest.raises(ConfigError, match="does not allow the rabbit hunt"):
        off.execute(room_id, lambda r: r.rabbit_hunt(0))
    assert off.snapshot_for(room_id, None, False)["table"]["rabbit_offer"] is False

    service = make_service()
    room_id = dealt_table(service)
    with pytest.raises(ConfigError, match="after a hand, before the next deal"):
        service.execute(room_id, lambda r: r.rabbit_hunt(0))
    call_down(service, room_id)                               # a showdown
    with pytest.raises(ConfigError, match="hand 1 has nothing to hunt"):
        service.execute(room_id, lambda r: r.rabbit_hunt(0))

    stud = make_service()
    room_id = dealt_table(stud, "stud")
    fold_round(stud, room_id)
    with pytest.raises(ConfigError, match="nothing to hunt"):
        stud.execute(room_id, lambda r: r.rabbit_hunt(1))

    twice = make_service()
    room_id = dealt_table(twice)
    fold_round(twice, room_id)
    twice.execute(room_id, lambda r: r.rabbit_hunt(0))
    before = twice.get(room_id).room.seq
    with pytest.raises(ConfigError, match="Player 1 already asked"):
        twice.execute(room_id, lambda r: r.rabbit_hunt(1))
    with pytest.raises(ConfigError, match="no player in that seat"):
        twice.execute(room_id, lambda r: r.rabbit_hunt(3))
    assert twice.get(room_id).room.seq == before
    assert "the rabbit hunt after a hand won without a showdown" in \
        twice.get(room_id).room.config.describe()

