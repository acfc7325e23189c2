"""A tournament table in the room, event by event: the level clock (run, held by a pause,
kept across a restart without the downtime), eliminations with places, rebuys and the
add-on with the host's approval, a deal all must accept, and the ledger in money."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import pokerroom.server.tournament_table as tt
from pokerroom.errors import ConfigError
from pokerroom.server.bots import bot_action
from pokerroom.server.config import RoomConfig
from pokerroom.server.pending import PendingEvent
from pokerroom.server.room import Room

QUICK = """
name = "quick"
starting_stack = 1000
buy_in = 10
chips = [25, 100]
late_registration = 1
payouts = [{ up_to = 3, percentages = [100] }, { up_to = 10, percentages = [70, 30] }]
levels = [
  { small_blind = 25, big_blind = 50, minutes = 1, hands = 4 },
  { small_blind = 50, big_blind = 100, minutes = 1, hands = 4 },
  { small_blind = 100, big_blind = 200, minutes = 1, hands = 4 },
  { small_blind = 200, big_blind = 400, minutes = 1, hands = 4 },
]
breaks = [{ after_level = 2, minutes = 1 }]

[rebuys]
until_level = 2
per_player = 1
chips = 1000
price = 10

[add_on]
chips = 1000
price = 5
"""


class Driver:
    """A room fed its own events at a fake wall time (the level clock reads it)."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = RoomConfig.from_json(config)
        self.room = Room("t", self.config, "host")
        self.room.seq = 1
        self.log: list[tuple[int, str, dict[str, Any], float]] = []
        self.now = 1_000.0

    def __call__(self, event: PendingEvent) -> None:
        seq = self.room.seq + 1
        self.room.apply(seq, event.kind, event.payload, self.now)
        self.log.append((seq, event.kind, event.payload, self.now))

    def replayed(self) -> Room:
        room = Room("t", self.config, "host")
        room.seq = 1
        for seq, kind, payload, at in self.log:
            room.apply(seq, kind, payload, at)
        return room

    def seat(self, names: list[str], bots: int) -> None:
        for i, name in enumerate(names):
            self(self.room.join(i, name)[0])
        for j in range(bots):
            self(self.room.join(len(names) + j, f"Bot {j + 1}", bot=True)[0])

    def play_hand(self, rng: random.Random, step: float = 2.0) -> None:
        """Deal and play one hand, every seat choosing as a bot does, the clock moving
        ``step`` seconds a move; chips are conserved after every move."""
        room = self.room
        self(room.start_hand(seed=rng.randrange(2**32)))
        while room.hand is not None:
            seat = room.actors()[0]
            hand = room.hand
            seat_in_hand = hand.hand_seat(seat)
            assert seat_in_hand is not None
            self(room.act(seat, bot_action(hand.state, seat_in_hand, rng, hand.session)))
            self.now += step
            check_chips(room)


def check_chips(room: Room) -> None:
    """Chips in play are the starting stacks, rebuys and add-ons sold."""
    t = room.tourney
    assert t is not None and t.session is not None
    t.session.check_chips()
    s = t.structure
    sold = (t.session.entries * s.starting_stack
            + t.session.rebuys * (s.rebuys.chips if s.rebuys else 0)
            + t.session.add_ons * (s.add_on.chips if s.add_on else 0))
    assert sum(t.session.stacks) + t.session.chips_held == sold


@pytest.fixture(autouse=True)
def fake_wall() -> Iterator[list[float]]:
    now = [1_000.0]
    saved = tt.wall_time
    tt.wall_time = lambda: now[0]
    yield now
    tt.wall_time = saved


def tourney_config(**extra: Any) -> dict[str, Any]:
    return {"game": "holdem", "seats": 4, "approval": False, "timer": 0,
            "tournament": {"structure": QUICK}, **extra}


def follow(driver: Driver, wall: list[float]) -> None:
    wall[0] = driver.now


@pytest.mark.rule("supp-blinds")
def test_a_bots_tournament_runs_to_one_winner_with_the_blinds_on_the_clock(
        fake_wall: list[float]) -> None:
    driver = Driver(tourney_config(top_up_approval=False))
    driver.seat([], bots=4)
    driver(driver.room.set_paused(False))
    rng = random.Random(7)
    levels: list[int] = []
    for _ in range(300):
        follow(driver, fake_wall)
        if driver.room.tourney is not None and driver.room.tourney.over:
            break
        reason = driver.room.tourney_hold()
        if reason is not None and reason.startswith("On a break"):
            driver.now += 30
            continue
        driver.play_hand(rng, step=3.0)
        record = driver.room.hands[-1]
        t = driver.room.tourney
        assert t is not None and t.session is not None
        levels.append(t.session.level)
        blinds = record.session.stakes_text
        assert f"blinds {t.structure.level(t.session.level).small_blind}/" in blinds
    t = driver.room.tourney
    assert t is not None and t.over
    assert levels == sorted(levels) and levels[-1] > 1   # the blinds went up, in order
    places = sorted(f.place for f in t.places.values())
    assert places == [1, 2, 3, 4]
    winner = next(seat for seat, f in t.places.items() if f.place == 1)
    assert driver.room.seats[winner].stack == 4000
    # the ledger is in money: four buy-ins of 10, and first place paid 28, second 12
    money = [(e.name, e.kind, e.amount) for e in driver.room.ledger.entries]
    assert sum(a for _, k, a in money if k == "buy-in") == 40
    assert sorted(a for _, k, a in money if k == "prize") == [12, 28]
    assert sum(b.net for b in driver.room.ledger.balances({})) == 0
    # the log rebuilds the same tournament
    again = driver.replayed()
    assert again.tourney is not None
    assert again.tourney.places == t.places and again.tourney.prizes == t.prizes
    assert driver.room.waiting_reason() == "The tournament is over."


def test_a_pause_holds_the_level_clock_and_no_hand_is_dealt_on_a_break(
        fake_wall: list[float]) -> None:
    driver = Driver(tourney_config())
    driver.seat(["Ann"], bots=2)
    driver(driver.room.set_paused(False))
    rng = random.Random(3)
    follow(driver, fake_wall)
    driver.play_hand(rng, step=1.0)
    t = driver.room.tourney
    assert t is not None and t.since == 1_000.0
    played = t.played_at(driver.now)
    driver(driver.room.set_paused(True))
    driver.now += 500          # paused: not counted
    fake_wall[0] = driver.now
    assert t.played_at(driver.now) == pytest.approx(played)
    driver(driver.room.set_paused(False))
    driver.now += 120 - played  # to the end of level 2: the break
    fake_wall[0] = driver.now
    reading = t.reading(driver.now)
    assert reading.on_break and reading.level == 3
    assert not driver.room.can_start_hand()
    assert driver.room.waiting_reason() == f"On a break: {reading.describe()}."
    assert driver.room.tourney_wake() == pytest.approx(60)
    driver.now += 60
    fake_wall[0] = driver.now
    assert driver.room.can_start_hand()
    driver.play_hand(rng)
    assert t.session is not None and t.session.level == 3


def test_a_rebuy_and_the_add_on_wait_for_the_host(fake_wall: list[float]) -> None:
    driver = Driver(tourney_config())
    driver.seat(["Ann", "Bob"], bots=1)
    room = driver.room
    driver(room.set_paused(False))
    rng = random.Random(5)
    follow(driver, fake_wall)
    driver.play_hand(rng)
    t = room.tourney
    assert t is not None and t.session is not None
    ann = next(s for s in (0, 1) if room.seats[s].stack <= 1000)
    assert room.buy_offer(ann)["rebuy"]
    driver(room.tourney_command(ann, {"what": "rebuy"}))
    assert t.asked == {ann: "rebuy"}
    assert not room.can_start_hand()
    assert "approve" in (room.waiting_reason() or "")
    with pytest.raises(ConfigError, match="already asked"):
        room.tourney_command(ann, {"what": "rebuy"})
    stack = room.seats[ann].stack
    driver(room.tourney_host({"what": "approve", "seat": ann}))
    assert room.seats[ann].stack == stack + 1000
    assert t.session.rebuys == 1
    check_chips(room)
    with pytest.raises(ConfigError, match="may not rebuy"):   # one rebuy each
        room.tourney_command(ann, {"what": "rebuy"})
    assert [e.kind for e in room.ledger.entries if e.name == room.seats[ann].name] == [
        "buy-in", "rebuy"]
    # the add-on: after the last hand of level 2, before the next deal
    with pytest.raises(ConfigError, match="add-on is sold once each"):
        room.tourney_command(ann, {"what": "add-on"})
    driver.now = 1_000.0 + 121
    fake_wall[0] = driver.now
    assert room.buy_offer(ann)["add_on"]
    driver(room.tourney_command(ann, {"what": "add-on"}))
    driver(room.tourney_host({"what": "approve", "seat": ann}))
    assert t.session.add_ons == 1
    check_chips(room)
    # a cash top-up is refused at a tournament, and nothing changes
    with pytest.raises(ConfigError, match="sells rebuys and the add-on"):
        room.top_up(ann, 100)


def test_a_deal_needs_every_person_left_and_pays_the_prizes(
        fake_wall: list[float]) -> None:
    driver = Driver(tourney_config())
    driver.seat(["Ann", "Bob"], bots=1)
    room = driver.room
    driver(room.set_paused(False))
    follow(driver, fake_wall)
    driver.play_hand(random.Random(11))
    t = room.tourney
    assert t is not None
    driver(room.tourney_command(0, {"what": "offer", "method": "chips"}))
    assert t.deal is not None and t.deal.accepted == {2}      # the bot accepts
    assert not room.can_start_hand()
    driver(room.tourney_command(0, {"what": "accept"}))
    assert not t.over
    driver(room.tourney_command(1, {"what": "refuse"}))       # one refusal ends it
    assert t.deal is None and room.can_start_hand()
    driver(room.tourney_host({"what": "offer", "method": "icm"}))
    deal = t.deal
    assert deal is not None and sum(deal.amounts.values()) == 30
    driver(room.tourney_command(0, {"what": "accept"}))
    driver(room.tourney_command(1, {"what": "accept"}))
    assert t.over and t.prizes == deal.amounts
    assert sorted(f.place for f in t.places.values()) == [1, 2, 3]
    assert "a deal by ICM" in t.dealt
    prizes = {e.name: e.amount for e in room.ledger.entries if e.kind == "prize"}
    assert sum(prizes.values()) == 30


def test_an_absent_player_is_blinded_off_and_keeps_the_seat(
        fake_wall: list[float]) -> None:
    driver = Driver(tourney_config())
    driver.seat(["Ann", "Bob"], bots=1)
    room = driver.room
    driver(room.set_paused(False))
    follow(driver, fake_wall)
    driver.play_hand(random.Random(2))
    driver(room.remove(1, "left"))
    assert 1 in room.seats and room.seats[1].sitting_out
    assert 1 in room.lineup()                 # still dealt in: blinds posted
    driver(room.start_hand(seed=1))
    hand = room.hand
    assert hand is not None and 1 in hand.lineup


@pytest.mark.parametrize(("config", "message"), [
    ({"game": "guts3", "seats": 4}, "Guts .* has no tournament"),
    ({"game": "three-card-poker", "seats": 4}, "has no tournament"),
    ({"game": "dealers-choice", "seats": 4}, "one game"),
    ({"game": "holdem", "tournament": {"structure": "hyper"}}, "preset"),
    ({"game": "holdem", "tournament": {"structure": "name = 'x'"}}, "starting_stack"),
])
def test_a_tournament_the_room_cannot_deal_is_refused(config: dict[str, Any],
                                                      message: str) -> None:
    config.setdefault("tournament", {"structure": "turbo"})
    with pytest.raises(ConfigError, match=message):
        RoomConfig.from_json(config)


def serve(url: str, wall: list[float]) -> tuple[Any, Any]:
    """A store on ``url`` and a room service on it whose wall clock reads ``wall[0]``."""
    from pokerroom.server.service import RoomService, Timing
    from pokerroom.server.storage import Store

    store = Store(url)
    return store, RoomService(store, Timing(bot_delay=0.0, warm_up=False, heartbeat=0.5),
                              wall=lambda: wall[0])


def dealt_bots_tournament(service: Any) -> str:
    """A tournament of three bots on ``service``, its first hand dealt (the level clock
    starts); the table's id."""
    room_id: str = service.create(tourney_config())[0]
    for seat in range(3):
        service.add_bot(room_id, seat)
    service.set_paused(room_id, False)
    service.step(room_id)
    return room_id


def test_a_restart_after_an_outage_keeps_the_level_clock(tmp_path: Path,
                                                         fake_wall: list[float]) -> None:
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"
    wall = [5_000.0]
    store, service = serve(url, wall)
    room_id = dealt_bots_tournament(service)
    t = service.get(room_id).room.tourney
    assert t is not None and t.since == 5_000.0
    wall[0] = 5_030.0
    service.beat()                             # alive at 30 s of play
    store.close()
    wall[0] = 5_400.0                          # down for 370 s
    store, again = serve(url, wall)
    live = again.get(room_id)
    t = live.room.tourney
    assert t is not None
    assert t.played_at(wall[0]) == pytest.approx(30.0)
    assert [e.kind for e in store.events(room_id)][-1] == "tclock"
    fake_wall[0] = wall[0]
    assert t.reading(wall[0]).level == 1 and t.reading(wall[0]).left == 30
    store.close()


def test_a_restart_never_takes_back_a_level_already_dealt(tmp_path: Path,
                                                         fake_wall: list[float]) -> None:
    """The last heartbeat before a kill was in level 1, the last hand was dealt in
    level 2: the clock comes back at the start of level 2, not a second before it."""
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"
    wall = [5_000.0]
    store, service = serve(url, wall)
    room_id = dealt_bots_tournament(service)
    room = service.get(room_id).room
    while room.hand is not None:
        assert service.step(room_id)
    wall[0] = 5_059.0
    service.beat()                             # alive at 59 s of play: level 1
    wall[0] = 5_061.0
    while room.hand is None:                   # the next hand is dealt in level 2 (once
        assert service.step(room_id)           # a player out of chips, if any, is out)
    t = room.tourney
    assert t is not None and max(t.levels.values()) == 2
    store.close()
    wall[0] = 5_400.0                          # killed; down for 339 s
    store, again = serve(url, wall)
    t = again.get(room_id).room.tourney
    assert t is not None
    assert t.played_at(wall[0]) == pytest.approx(60.0)
    fake_wall[0] = wall[0]
    assert t.reading(wall[0]).level == 2 and t.reading(wall[0]).left == 60
    store.close()


def test_a_tournament_keeps_its_game_and_its_seats() -> None:
    driver = Driver(tourney_config(seat_changes=True))
    assert not driver.config.seat_changes
    assert "no seat changes" in driver.config.describe()
    with pytest.raises(ConfigError, match="one game to the end"):
        driver.room.change_game({"game": "omaha"})


def test_a_clock_in_hands_moves_on_by_the_hands_dealt(fake_wall: list[float]) -> None:
    config = tourney_config()
    config["tournament"] = {"structure": QUICK, "clock": "hands"}
    driver = Driver(config)
    driver.seat(["Ann"], bots=3)
    driver(driver.room.set_paused(False))
    rng = random.Random(4)
    for _ in range(5):
        driver.play_hand(rng, step=600.0)          # the time does not count
        if driver.room.tourney is not None and driver.room.tourney.over:
            break
    t = driver.room.tourney
    assert t is not None and t.session is not None
    assert [t.levels[n] for n in sorted(t.levels)] == [1, 1, 1, 1, 2][:len(t.levels)]
    assert t.reading(driver.now).unit == "hands"
    assert driver.room.tourney_wake() is None
