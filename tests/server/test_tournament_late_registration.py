"""Late registration at a room's tournament table: a player takes a free seat and buys
in while the clock is within the late-registration level, enters with the starting
stack (waiting for the big blind, ``supp-new-player``), the prize pool and the payouts
follow the entries, a seat is refused in words after the level, and a replay of the log
(what a restart does) rebuilds the same tournament."""

from __future__ import annotations

import random

import pytest

from pokerroom.errors import ConfigError
from pokerroom.server.bots import bot_action
from pokerroom.server.room import Room

from .test_tournament_room import Driver, check_chips, fake_wall, follow, tourney_config

__all__ = ["fake_wall"]        # the room tests' fake wall clock, used by every test here


def started(seats: int = 5, approval: bool = False) -> tuple[Driver, list[float]]:
    """Ann and two bots at a table of ``seats``, one hand played (level 1 of the quick
    structure: late registration through level 1, levels of a minute)."""
    driver = Driver(tourney_config(seats=seats, approval=approval))
    driver.seat(["Ann"], bots=2)
    driver(driver.room.set_paused(False))
    return driver, [driver.now]


def finish_hand(driver: Driver, rng: random.Random) -> None:
    """Play the hand in play to its end, every seat choosing as a bot does."""
    room = driver.room
    while room.hand is not None:
        seat = room.actors()[0]
        hand = room.hand
        index = hand.hand_seat(seat)
        assert index is not None
        driver(room.act(seat, bot_action(hand.state, index, rng, hand.session)))
        driver.now += 1.0


def entered(room: Room) -> tuple[int, ...]:
    assert room.tourney is not None
    return room.tourney.entrants


def same_tournament(one: Room, other: Room) -> None:
    a, b = one.tourney, other.tourney
    assert a is not None and b is not None and a.session is not None \
        and b.session is not None
    assert (a.entrants, a.slots, a.places, a.prizes) == (b.entrants, b.slots, b.places,
                                                         b.prizes)
    assert (a.session.entries, a.session.stacks, a.session.players) == \
        (b.session.entries, b.session.stacks, b.session.players)
    assert one.ledger.entries == other.ledger.entries


@pytest.mark.rule("supp-new-player")
def test_a_player_joins_during_late_registration_and_waits_for_the_big_blind(
        fake_wall: list[float]) -> None:
    driver, _ = started()
    room = driver.room
    rng = random.Random(3)
    follow(driver, fake_wall)
    driver.play_hand(rng, step=1.0)
    assert entered(room) == (0, 1, 2)
    assert room.lineup() == (0, 1, 2, 3, 4)      # every seat: the free ones empty
    driver(room.start_hand(seed=5))              # a hand in play: Cleo sits down
    driver(room.join(4, "Cleo")[0])
    assert entered(room) == (0, 1, 2)            # she enters at the next deal
    assert [e.kind for e in room.ledger.entries].count("buy-in") == 4
    finish_hand(driver, rng)
    follow(driver, fake_wall)
    first_in: int | None = None
    for _ in range(12):
        if room.tourney is None or room.tourney.over:
            break
        driver.play_hand(rng, step=0.5)
        follow(driver, fake_wall)
        record = room.hands[-1]
        t = room.tourney
        assert t is not None and t.session is not None and 4 in t.entrants
        check_chips(room)
        state = record.state
        if first_in is None and state.in_hand[4]:        # type: ignore[attr-defined]
            first_in = record.number
            assert state.blind_seats[-1] == 4             # type: ignore[attr-defined]
    assert first_in is not None
    t = room.tourney
    assert t is not None and t.session is not None
    assert t.session.entries == 4 and t.session.players[4] == "Cleo"
    assert t.session.prize_pool >= 40            # four buy-ins of 10, rebuys, add-ons
    assert t.structure.prizes(4) == (28, 12)     # four entries pay two places (70/30)
    same_tournament(room, driver.replayed())
    # the text history lists the players at each hand, never a free seat
    from pokerroom.server.history import hand_history_text

    text = hand_history_text(room, None)
    assert "Seat 4:" not in text and "Seat 5: Cleo (1000 in chips)" in text
    assert "Seat 5:  (" not in text


def test_a_seat_is_refused_after_the_late_registration_level(
        fake_wall: list[float]) -> None:
    driver, _ = started()
    room = driver.room
    rng = random.Random(4)
    follow(driver, fake_wall)
    driver.play_hand(rng, step=1.0)
    driver.now += 61.0                           # the clock shows level 2
    follow(driver, fake_wall)
    with pytest.raises(ConfigError, match="late registration is over: entries were "
                                          "taken through level 1, and the clock shows "
                                          "level 2"):
        room.join(3, "Cleo")
    driver.play_hand(rng, step=1.0)              # a hand of level 2 is dealt
    t = room.tourney
    assert t is not None and t.session is not None and t.session.level == 2
    fake_wall[0] = 0.0                           # even a clock read wrong cannot open it
    with pytest.raises(ConfigError, match="late registration is over"):
        room.join(3, "Cleo")
    assert entered(room) == (0, 1, 2) and 3 not in room.seats


def test_the_host_cannot_approve_a_seat_after_late_registration(
        fake_wall: list[float]) -> None:
    driver, _ = started(approval=True)
    room = driver.room
    rng = random.Random(6)
    driver(room.approve(0))
    follow(driver, fake_wall)
    driver.play_hand(rng, step=1.0)
    driver(room.join(3, "Dee")[0])               # asks during level 1
    driver(room.join(4, "Eve")[0])
    driver(room.approve(3))                      # entered at once, between hands
    assert entered(room) == (0, 1, 2, 3)
    driver.now += 61.0
    follow(driver, fake_wall)
    with pytest.raises(ConfigError, match="late registration is over"):
        room.approve(4)
    driver(room.remove(4, "turned-away"))
    assert 4 not in room.seats
    check_chips(room)
    same_tournament(room, driver.replayed())


def test_a_paid_seat_that_leaves_before_entering_gets_its_buy_in_back(
        fake_wall: list[float]) -> None:
    driver, _ = started()
    room = driver.room
    rng = random.Random(8)
    follow(driver, fake_wall)
    driver.play_hand(rng, step=1.0)
    driver(room.start_hand(seed=2))
    driver(room.join(3, "Cleo")[0])              # during a hand: enters at the next deal
    driver(room.remove(3, "left"))
    assert 3 not in room.seats and entered(room) == (0, 1, 2)
    kinds = [(e.name, e.kind, e.amount) for e in room.ledger.entries if e.name == "Cleo"]
    assert kinds == [("Cleo", "buy-in", 10), ("Cleo", "cash-out", 10)]


def test_a_restart_keeps_the_late_entries(tmp_path: object,
                                          fake_wall: list[float]) -> None:
    from pathlib import Path

    from pokerroom.server.service import RoomService, Timing
    from pokerroom.server.storage import Store

    url = f"sqlite:///{Path(str(tmp_path)) / 'room.sqlite3'}"
    wall = [5_000.0]
    fake_wall[0] = wall[0]
    store = Store(url)
    service = RoomService(store, Timing(bot_delay=0.0, warm_up=False, heartbeat=0.5),
                          wall=lambda: wall[0])
    room_id, _host = service.create(tourney_config(seats=5))
    for seat in range(3):
        service.add_bot(room_id, seat)
    service.set_paused(room_id, False)
    service.step(room_id)                        # the first deal
    live = service.get(room_id)
    while live.room.hand is not None:
        service.step(room_id)
    service.join(room_id, 3, "Cleo")
    t = live.room.tourney
    assert t is not None and t.session is not None and 3 in t.entrants
    entries, stacks = t.session.entries, t.session.stacks
    store.close()
    store = Store(url)
    again = RoomService(store, Timing(bot_delay=0.0, warm_up=False, heartbeat=0.5),
                        wall=lambda: wall[0])
    t = again.get(room_id).room.tourney
    assert t is not None and t.session is not None
    assert (t.session.entries, t.session.stacks) == (entries, stacks) == (4, stacks)
    assert t.session.players[3] == "Cleo" and 3 in t.entrants
    store.close()
