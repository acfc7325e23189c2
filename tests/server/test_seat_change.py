"""Seat changes (issue 37, section 2): a seated player moves with their chips to a free
seat between hands, by the rules of the game, the move kept in the table's log."""

from __future__ import annotations

import pytest

from pokerroom.engine.state import PokerHand
from pokerroom.errors import ConfigError
from pokerroom.server.room import Room
from pokerroom.server.service import RoomService
from pokerroom.sessions.poker import PokerSession

from .helpers import make_service, open_table
from .test_room_money_time import assert_ledger_balances, play_hands


def holdem_table(service: RoomService, players: int = 3, **settings: object) -> str:
    room_id, _host, _tokens = open_table(service, "holdem", players=players, seats=6,
                                         **settings)
    return room_id


def dealt(room: Room, room_seat: int) -> bool:
    """Whether ``room_seat`` holds cards in the hand being played."""
    hand = room.hand
    assert hand is not None
    index = hand.hand_seat(room_seat)
    assert isinstance(hand.state, PokerHand)
    return index is not None and hand.state.in_hand[index]


def finish_hand(service: RoomService, room_id: str) -> None:
    assert play_hands(service, room_id, 1) == 1


@pytest.mark.rule("supp-new-player")
def test_a_player_who_moves_in_a_blind_game_waits_for_the_big_blind_there() -> None:
    service = make_service()
    room_id = holdem_table(service, players=3)
    finish_hand(service, room_id)
    room = service.get(room_id).room
    chips = room.seats[2].stack
    service.execute(room_id, lambda r: r.change_seat(2, 4))
    room = service.get(room_id).room
    assert sorted(room.seats) == [0, 1, 4]
    assert room.seats[4].stack == chips and room.seats[4].name == "Player 3"
    assert room.seats[4].moved == "wait"
    assert_ledger_balances(room)
    # the player is dealt in only on the hand whose big blind falls on the new seat
    for _ in range(6):
        assert service.step(room_id)          # the deal
        room = service.get(room_id).room
        hand = room.hand
        assert hand is not None and isinstance(hand.session, PokerSession)
        big = hand.state.blind_seats[-1]      # type: ignore[attr-defined]
        if dealt(room, 4):
            assert big is not None and hand.room_seat(big) == 4
            assert room.seats[4].moved == ""
            break
        assert room.seats[4].moved == "wait"
        finish_hand(service, room_id)
    else:
        pytest.fail("the player who moved was never dealt in")
    finish_hand(service, room_id)
    assert_ledger_balances(service.get(room_id).room)


@pytest.mark.rule("supp-new-player")
def test_a_player_who_moves_may_post_the_big_blind_to_play_at_once() -> None:
    service = make_service()
    room_id = holdem_table(service, players=3)
    finish_hand(service, room_id)
    service.execute(room_id, lambda r: r.change_seat(0, 3))
    service.execute(room_id, lambda r: r.post_now(3))
    room = service.get(room_id).room
    assert room.seats[3].moved == "post"
    with pytest.raises(ConfigError, match="not waiting for the big blind"):
        service.execute(room_id, lambda r: r.post_now(3))
    assert service.step(room_id)
    room = service.get(room_id).room
    assert dealt(room, 3) and room.seats[3].moved == ""
    hand = room.hand
    assert hand is not None
    forced = [e for e in hand.state.events if type(e).__name__ == "ForcedBet"
              and getattr(e, "seat", None) == hand.hand_seat(3)]
    assert forced, "the player who posted put a blind in"
    finish_hand(service, room_id)
    assert_ledger_balances(service.get(room_id).room)


def test_a_move_before_the_first_deal_costs_nothing() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=2, seats=6)
    service.execute(room_id, lambda r: r.change_seat(1, 5))
    room = service.get(room_id).room
    assert room.seats[5].moved == ""
    assert service.step(room_id)
    assert dealt(service.get(room_id).room, 5)


@pytest.mark.rule("lowball-7")
def test_in_lowball_with_two_blinds_a_player_who_took_both_plays_at_once() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "lowball-27", players=3, seats=6)
    for _ in range(6):
        finish_hand(service, room_id)
        room = service.get(room_id).room
        session = room.session
        assert isinstance(session, PokerSession)
        took = [s for s in (0, 1, 2) if (state := session.table.seats[s]) is not None
                and state.took_big_blind and state.took_small_blind]
        if took:
            break
    else:
        pytest.fail("nobody took both blinds")
    mover = room.session_lineup[took[0]]
    target = 3 if 3 not in room.seats else 4
    service.execute(room_id, lambda r: r.change_seat(mover, target))
    room = service.get(room_id).room
    assert room.seats[target].moved == ""          # dealt in at once
    assert service.step(room_id)
    assert dealt(service.get(room_id).room, target)
    # one who has not taken both blinds is a new player there
    other = next(s for s in (0, 1, 2) if s != mover and s in room.seats)
    finish_hand(service, room_id)
    room = service.get(room_id).room
    session = room.session
    assert isinstance(session, PokerSession)
    state = session.table.seats[room.session_lineup.index(other)]
    assert state is not None
    expected = "" if state.took_big_blind and state.took_small_blind else "wait"
    free = next(s for s in range(6) if s not in room.seats)
    service.execute(room_id, lambda r: r.change_seat(other, free))
    assert service.get(room_id).room.seats[free].moved == expected


def test_in_a_home_game_a_player_simply_moves_between_deals() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "high-card", players=2, seats=4)
    finish_hand(service, room_id)
    service.execute(room_id, lambda r: r.change_seat(0, 3))
    room = service.get(room_id).room
    assert room.seats[3].moved == "" and room.seats[3].name == "Player 1"
    assert service.step(room_id)
    room = service.get(room_id).room
    assert room.hand is not None and room.hand.lineup == (1, 3)
    finish_hand(service, room_id)
    assert_ledger_balances(service.get(room_id).room)


def test_seat_changes_are_refused_in_words_and_change_nothing() -> None:
    service = make_service()
    room_id = holdem_table(service, players=3)
    assert service.step(room_id)              # a hand is dealt
    before = service.get(room_id).room.seq
    cases = [
        (lambda r: r.change_seat(0, 4), "players change seats between hands"),
        (lambda r: r.change_seat(0, 1), "seat 2 is taken: choose a free seat"),
        (lambda r: r.change_seat(0, 0), "Player 1 is already in seat 1"),
        (lambda r: r.change_seat(0, 6), "pick a seat from 1 to 6"),
        (lambda r: r.change_seat(0, "4"), "pick a seat from 1 to 6"),
        (lambda r: r.change_seat(5, 4), "no player in that seat"),
        (lambda r: r.change_seat(0, 4, post="yes"), "say whether to post a blind"),
    ]
    for command, words in cases:
        with pytest.raises(ConfigError, match=words):
            service.execute(room_id, command)
    assert service.get(room_id).room.seq == before
    off = make_service()
    room_id = holdem_table(off, players=2, seat_changes=False)
    with pytest.raises(ConfigError, match="the host does not allow seat changes"):
        off.execute(room_id, lambda r: r.change_seat(0, 4))
    assert "no seat changes" in off.get(room_id).room.config.describe()
    assert off.snapshot_for(room_id, None, False)["table"]["seat_change"] is None


def test_a_move_is_kept_by_the_log_and_said_in_the_snapshot() -> None:
    service = make_service()
    room_id = holdem_table(service, players=3)
    finish_hand(service, room_id)
    service.execute(room_id, lambda r: r.change_seat(1, 5))
    rebuilt = service._replay(room_id)
    live = service.get(room_id).room
    assert {s: (i.name, i.stack, i.moved) for s, i in rebuilt.seats.items()} == \
        {s: (i.name, i.stack, i.moved) for s, i in live.seats.items()}
    snap = service.snapshot_for(room_id, None, False)
    assert "waits for the big blind at the new seat or posts one" in \
        snap["table"]["seat_change"]
    assert {p["seat"]: p["moved"] for p in snap["table"]["players"]}[5] == "wait"
    assert "players may change seats between hands" in snap["table"]["settings"]


def test_a_player_who_moved_still_sees_their_own_cards_in_past_hands() -> None:
    service = make_service()
    room_id = holdem_table(service, players=3)
    finish_hand(service, room_id)
    room = service.get(room_id).room
    holder = room.holder_of(2)
    record = room.hands[0]
    assert record.reader_seat(2, holder) == record.hand_seat(2)
    service.execute(room_id, lambda r: r.change_seat(2, 5))
    room = service.get(room_id).room
    assert room.holder_of(5) == holder
    assert record.reader_seat(5, holder) == record.hand_seat(2)
    # whoever sits in the old seat next sees the hand as a spectator does
    service.join(room_id, 2, "Dan")
    newcomer = service.get(room_id).room.holder_of(2)
    assert record.reader_seat(2, newcomer) is None
    mine = service.snapshot_for(room_id, 5, False)["hand"]
    assert mine["number"] == 1 and mine["you"] == record.hand_seat(2)


def test_a_move_waits_until_a_guts_pot_carried_in_the_middle_is_won() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "guts2", players=3, seats=5)
    for attempt in range(40):
        assert play_hands(service, room_id, 1, seed=attempt) == 1
        if service.get(room_id).room.game_in_progress():
            break
    else:
        pytest.skip("no Guts pot was carried over in 40 deals")
    room = service.get(room_id).room
    mover = room.session_lineup[0]
    before = room.seq
    with pytest.raises(ConfigError, match="chips are in the pot carried in the middle"):
        service.execute(room_id, lambda r: r.change_seat(mover, 4))
    assert service.get(room_id).room.seq == before
