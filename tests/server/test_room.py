"""A table's rules: seats and approval, tokens, turns, the host's powers, the timer, the
ledger, and rebuilding a table from its log."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError, PokerroomError
from pokerroom.server.room import hash_token
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .helpers import FakeClock, make_service, open_table, play


def test_a_table_replays_from_its_log_to_the_same_state() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, players=3)
    play(service, room_id, 300)
    live = service.get(room_id).room
    rebuilt = service._replay(room_id)
    assert rebuilt.seq == live.seq
    assert len(rebuilt.hands) == len(live.hands) > 20
    assert {s: i.stack for s, i in rebuilt.seats.items()} == \
        {s: i.stack for s, i in live.seats.items()}
    assert [h.result.net if h.result else None for h in rebuilt.hands] == \
        [h.result.net if h.result else None for h in live.hands]
    last_live, last_rebuilt = live.hands[-1].state, rebuilt.hands[-1].state
    assert [repr(e) for e in last_live.events] == [repr(e) for e in last_rebuilt.events]


def test_chips_are_conserved_and_the_ledger_balances() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, players=3)
    play(service, room_id, 200)
    room = service.get(room_id).room
    assert room.hand is None or room.hand.result is None
    stacks = {info.name: info.stack for info in room.seats.values()}
    balances = room.ledger.balances(stacks)
    # seat stacks change when a hand is settled, so they always add up to the buy-ins
    assert sum(b.bought for b in balances) == sum(stacks.values()) == 600
    assert sum(b.net for b in balances) == 0
    transfers = room.ledger.transfers(stacks)
    paid: dict[str, int] = {}
    for payer, payee, chips in transfers:
        paid[payer] = paid.get(payer, 0) - chips
        paid[payee] = paid.get(payee, 0) + chips
    for balance in balances:
        assert paid.get(balance.name, 0) == balance.net


def test_seat_tokens_are_secret_and_only_hashes_are_stored() -> None:
    service = make_service()
    room_id, host, tokens = open_table(service, players=2)
    stored = [e.payload for e in service.store.events(room_id)]
    text = repr(stored)
    for token in (host, *tokens):
        assert token not in text
        assert len(token) >= 32
    assert hash_token(tokens[0]) in text
    room = service.get(room_id).room
    assert room.seat_of(tokens[1]) == 1
    assert room.seat_of("guess") is None
    assert room.is_host(host) and not room.is_host(tokens[0])


def test_out_of_turn_and_illegal_actions_change_nothing() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, players=3)
    service.step(room_id)
    room = service.get(room_id).room
    assert room.hand is not None
    seq = room.seq
    # during the simultaneous declare everyone may act; force a betting spot first
    for seat in room.actors():
        service.act(room_id, seat, {"type": "Declare", "stay": True})
    room = service.get(room_id).room
    actor = room.actors()[0]
    other = next(s for s in range(3) if s != actor)
    with pytest.raises(OutOfTurnError):
        service.act(room_id, other, {"type": "Check"})
    with pytest.raises(IllegalActionError):
        service.act(room_id, actor, {"type": "Raise", "to": 10**6})
    with pytest.raises(IllegalActionError):
        service.act(room_id, actor, {"type": "Bet", "amount": 7})
    with pytest.raises(PokerroomError):
        service.act(room_id, None, {"type": "Check"})
    assert service.get(room_id).room.seq == seq + 3
    assert service.store.last_seq(room_id) == seq + 3


def test_host_approves_seats_and_removes_players() -> None:
    service = make_service()
    room_id, host = service.create({"game": "high-card", "seats": 4, "buy_in": 100})
    service.join(room_id, 0, "Host", host_token=host)
    service.join(room_id, 1, "Guest")
    room = service.get(room_id).room
    assert room.seats[0].approved and not room.seats[1].approved
    assert room.lineup() == (0,) and not room.can_start_hand()
    with pytest.raises(ConfigError, match="taken"):
        service.join(room_id, 1, "Other")
    with pytest.raises(ConfigError, match="name"):
        service.join(room_id, 2, "guest")
    with pytest.raises(ConfigError, match="seat"):
        service.join(room_id, 9, "Nine")
    with pytest.raises(ConfigError):
        service.join(room_id, 2, "x" * 40)
    service.execute(room_id, lambda r: r.approve(1))
    assert service.get(room_id).room.lineup() == (0, 1)
    service.execute(room_id, lambda r: r.remove(1))
    room = service.get(room_id).room
    assert 1 not in room.seats
    assert [(e.name, e.kind, e.amount) for e in room.ledger.entries] == [
        ("Host", "buy-in", 100), ("Guest", "buy-in", 100), ("Guest", "cash-out", 100)]


def test_pause_holds_the_next_deal_and_the_game_changes_between_hands() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, players=2)
    service.execute(room_id, lambda r: r.set_paused(True))
    assert not service.step(room_id)
    service.execute(room_id, lambda r: r.set_paused(False))
    assert service.step(room_id)
    service.execute(room_id, lambda r: r.change_game(
        {"game": "high-card", "stakes": {"ante": 5}}))
    room = service.get(room_id).room
    assert room.current_choice().stakes == {"ante": 5, "bet": 10}   # bet: the default
    play(service, room_id, 40)
    room = service.get(room_id).room
    antes = {getattr(h.session, "ante", None) for h in room.hands}
    assert antes == {1, 5}
    assert getattr(room.hands[0].session, "ante", None) == 1
    with pytest.raises(ConfigError):
        service.execute(room_id, lambda r: r.change_game({"game": "no-such-game"}))
    with pytest.raises(ConfigError):
        service.execute(room_id, lambda r: r.change_game(
            {"game": "high-card", "stakes": {"blind": 5}}))


@pytest.mark.rule("supp-announce")
def test_house_rules_are_announced_before_the_first_deal() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "high-card", "seats": 2})
    snapshot = service.snapshot_for(room_id, None, False)
    assert snapshot["table"]["hands_played"] == 0 and snapshot["hand"] is None
    assert snapshot["table"]["announcement"] == (
        "High card, ante 1, one bet of 10. House rules: the ace is the highest card.")
    assert snapshot["table"]["paused"] is True


def test_the_timer_checks_or_folds_and_sits_the_player_out() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    room_id, _host, _tokens = open_table(service, players=2, timer=20)
    service.step(room_id)
    room = service.get(room_id).room
    assert set(room.actors()) == {0, 1}
    service.act(room_id, 1, {"type": "Declare", "stay": True})
    assert not service.step(room_id)
    clock.now += 21
    assert service.step(room_id)
    room = service.get(room_id).room
    last_act = room.hands[-1].actions[-1]
    assert last_act["auto"] is True and last_act["action"]["type"] == "Declare"
    assert last_act["action"]["stay"] is False
    assert room.seats[0].sitting_out
    # the next hand is dealt without the player who sat out: nobody left to play
    assert room.hand is None and not room.can_start_hand()
    service.execute(room_id, lambda r: r.sit_out(0, False))
    assert service.get(room_id).room.can_start_hand()


def test_bots_fill_empty_seats_and_play() -> None:
    service = make_service()
    room_id, host = service.create({"game": "high-card", "seats": 4, "buy_in": 100})
    service.join(room_id, 0, "Host", host_token=host)
    assert service.fill_with_bots(room_id) == 3
    room = service.get(room_id).room
    assert all(info.bot and info.approved for s, info in room.seats.items() if s)
    service.execute(room_id, lambda r: r.set_paused(False))
    for _ in range(200):
        room = service.get(room_id).room
        if room.hand is not None and 0 in room.actors():
            service.act(room_id, 0, room.default_action(0))
        elif not service.step(room_id):
            break
    room = service.get(room_id).room
    assert len(room.hands) > 10
    assert sum(info.stack for info in room.seats.values()) == 400


def test_bad_settings_are_refused_when_the_table_is_created() -> None:
    service = make_service()
    for bad in ({"game": "nonsense"}, {"game": "high-card", "seats": 0},
                {"game": "high-card", "buy_in": -5},
                {"game": "high-card", "timer": "soon"},
                {"game": "high-card", "stakes": {"ante": "x"}},
                {"game": "high-card", "house_rules": {"ghost": True}},
                {"game": "high-card", "colour": "red"}, [1, 2]):
        with pytest.raises(ConfigError):
            service.create(bad)
    assert service.store.room_ids() == []


def test_dealers_choice_deals_each_game_for_a_round_of_the_table() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(
        service, game="dealers-choice", players=2, rotation=["high-card", "guts2"])
    room = service.get(room_id).room
    assert room.config.rotation == ("high-card", "guts2")
    assert room.announcement_text().startswith("High card")
    games: list[str] = []
    for turn in range(400):
        games = [hand.game for hand in service.get(room_id).room.hands]
        if "guts2" in games:
            break
        play(service, room_id, 1, seed=turn)
    assert games[:2] == ["high-card", "high-card"]
    assert "guts2" in games
    room = service.get(room_id).room
    stacks = {info.name: info.stack for info in room.seats.values()}
    # seat stacks change when a hand settles; a Guts pot carried between deals is held
    # by the session
    held = int(getattr(room.session, "chips_held", 0) or 0) if room.hand is None else 0
    assert sum(stacks.values()) + held == 400


def test_dealers_choice_is_one_deal_per_player_and_the_button_keeps_moving() -> None:
    """A round of the table is one deal per player; the next game's first button is the
    seat after the last dealer, so the deal goes round through every game change."""
    service = make_service()
    room_id, _host, _tokens = open_table(
        service, game="dealers-choice", players=3, rotation=["holdem", "omaha", "lowball-27"])
    for turn in range(2000):
        if len(service.get(room_id).room.hands) >= 10:
            break
        play(service, room_id, 1, seed=turn)
    hands = service.get(room_id).room.hands[:10]
    assert [h.game for h in hands] == ["holdem"] * 3 + ["omaha"] * 3 + ["lowball-27"] * 3 \
        + ["holdem"]
    assert [h.dealer for h in hands] == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]
    # the same table rebuilt from its log deals the same way
    replayed = service._replay(room_id)
    assert [(h.game, h.dealer) for h in replayed.hands[:10]] == [(h.game, h.dealer)
                                                                  for h in hands]


def test_a_host_s_game_change_lasts_at_a_table_of_one_game() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, game="holdem", players=2)
    play(service, room_id, 1)
    service.execute(room_id, lambda r: r.change_game({"game": "omaha"}))
    for turn in range(2000):
        if len(service.get(room_id).room.hands) >= 6:
            break
        play(service, room_id, 1, seed=turn)
    games = [h.game for h in service.get(room_id).room.hands[:6]]
    assert games[0] == "holdem" and games[-3:] == ["omaha"] * 3
    assert service.get(room_id).room.current_choice().game == "omaha"


def test_top_ups_between_hands_go_in_the_ledger() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, players=2, max_buy_in=400,
                                         top_up_approval=False)
    service.execute(room_id, lambda r: r.top_up(0, 50))
    room = service.get(room_id).room
    assert room.seats[0].stack == 250
    with pytest.raises(ConfigError):
        service.execute(room_id, lambda r: r.top_up(0, -5))
    service.step(room_id)
    with pytest.raises(ConfigError, match="between hands"):
        service.execute(room_id, lambda r: r.top_up(1, 10))
    play(service, room_id, 30)
    room = service.get(room_id).room
    balances = {b.name: b for b in room.ledger.balances(
        {i.name: i.stack for i in room.seats.values()})}
    assert balances["Player 1"].bought == 250
    assert sum(i.stack for i in room.seats.values()) == 450


def test_impossible_tables_are_refused_at_creation_with_the_seat_range() -> None:
    service = make_service()
    for bad, words in (({"game": "herbie", "seats": 2}, "Herbie seats 4 to 10"),
                       ({"game": "stud", "seats": 10}, "seats 2 to 8"),
                       ({"game": "dealers-choice", "seats": 3,
                         "rotation": ["holdem", "herbie"]}, "can never deal Herbie"),
                       ({"game": "guts2", "house_rules": {"pot_limit": -4}}, "pot limit")):
        with pytest.raises(ConfigError, match=words):
            service.create(bad)
    assert service.store.room_ids() == []
    # dealer's choice without a list deals every game a table of its size can deal
    room_id, _ = service.create({"game": "dealers-choice", "seats": 3})
    rotation = service.get(room_id).room.config.rotation
    assert "herbie" not in rotation and "holdem" in rotation


def test_a_table_that_cannot_deal_says_why() -> None:
    service = make_service()
    room_id, _host = service.create({"game": "herbie", "seats": 5, "approval": False})
    room = service.get(room_id).room
    assert room.waiting_reason() == "Waiting for the host to start the game."
    for seat in range(3):
        service.join(room_id, seat, f"P{seat}")
    service.execute(room_id, lambda r: r.set_paused(False))
    room = service.get(room_id).room
    assert not room.can_start_hand()
    assert room.waiting_reason() == ("Herbie needs at least 4 players with chips in the "
                                     "game; 3 are ready.")
    service.join(room_id, 3, "P3")
    assert service.get(room_id).room.waiting_reason() is None


def test_a_table_of_bots_alone_pauses_when_every_person_sits_out() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    room_id, _host, _tokens = open_table(service, players=1, timer=20, seats=3)
    service.fill_with_bots(room_id)
    for _ in range(50):
        if service.get(room_id).room.seats[0].sitting_out:
            break
        if not service.step(room_id):
            clock.now += 21
    room = service.get(room_id).room
    assert room.seats[0].sitting_out
    hands = len(room.hands)
    for _ in range(50):
        if not service.step(room_id):
            clock.now += 21
    room = service.get(room_id).room
    assert room.paused and len(room.hands) <= hands + 1
    assert "every player is sitting out" in (room.waiting_reason() or "")


def test_an_action_clock_runs_on_after_a_restart(tmp_path: Path) -> None:
    """The time to act resumes from when the seat's turn began, by the stored log."""
    url = f"sqlite:///{tmp_path / 'clock.sqlite3'}"
    first = RoomService(Store(url), Timing(bot_delay=0.0, warm_up=False), clock=FakeClock())
    room_id, _host, _tokens = open_table(first, players=2, timer=30)
    first.step(room_id)
    assert set(first.get(room_id).room.actors()) == {0, 1}
    first.stop()
    later = time.time() + 25
    clock = FakeClock()
    restarted = RoomService(Store(url), Timing(bot_delay=0.0, warm_up=False), clock=clock,
                            wall=lambda: later)
    left = {seat: due - clock() for seat, due in restarted.get(room_id).deadlines.items()}
    assert set(left) == {0, 1} and all(3 <= s <= 5.5 for s in left.values()), left
    clock.now += 6
    assert restarted.step(room_id)  # the clock ran out: the default is played
    assert restarted.get(room_id).room.hands[-1].actions[-1]["auto"] is True
