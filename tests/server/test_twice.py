"""Run it twice at the card room (issue 37, section 2): offered to the players in an
all-in pot once the betting is over with board cards to come, at a table that allows
it; everyone must agree (one no, or the clock, runs it once); refused in words where
it does not apply; the decision lives in the table's log, so a restart keeps it; no
frame shows a card before it is dealt, the second board's included; the ledger balances
after every hand."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.engine.state import PokerHand
from pokerroom.errors import ConfigError, IllegalActionError, OutOfTurnError
from pokerroom.server.config import RoomConfig
from pokerroom.server.service import RoomService

from .helpers import FakeClock, make_service, open_table
from .test_leak import allowed_cards, cards_in
from .test_rabbit import frames
from .test_room_money_time import assert_ledger_balances

SEED = 3737


def all_in_table(service: RoomService, game: str = "holdem", players: int = 3,
                 seed: int = SEED, **settings: Any) -> str:
    """A table that allows run it twice, its first hand dealt and everyone all in
    before the flop (the first to act raises all in, the others call)."""
    room_id, _host, _tokens = open_table(service, game, players=players, seats=players,
                                         **({"run_it_twice": True} | settings))
    service.execute(room_id, lambda r: r.start_hand(seed=seed))
    go_all_in(service, room_id)
    return room_id


def go_all_in(service: RoomService, room_id: str) -> None:
    first = True
    while (room := service.get(room_id).room).hand is not None and not room.twice_open():
        seat = room.actors()[0]
        options = {type(o).__name__: o for o in room.legal_options(seat)}
        if first and "RaiseOption" in options:
            service.act(room_id, seat, {"type": "Raise",
                                        "to": options["RaiseOption"].max_to})  # type: ignore[attr-defined]
            first = False
        else:
            service.act(room_id, seat, {"type": "Call"})


def answer(service: RoomService, room_id: str, seat: int, agree: bool) -> None:
    service.act(room_id, seat, {"type": "run_twice", "agree": agree})


def test_everyone_in_the_pot_is_asked_and_all_agreeing_runs_it_twice() -> None:
    service = make_service()
    room_id = all_in_table(service)
    room = service.get(room_id).room
    record = room.hands[0]
    state = record.state
    assert isinstance(state, PokerHand)
    assert room.twice_open() and room.actors() == (0, 1, 2)
    assert state.board == [] and room.default_action(0) == {"type": "run_twice",
                                                           "agree": False}
    spectator = service.snapshot_for(room_id, None, False)
    assert spectator["hand"]["twice"] == {"state": "asked", "waiting": [0, 1, 2],
                                          "agreed": [], "refused": []}
    assert spectator["table"]["actors"] == [0, 1, 2]
    answer(service, room_id, 1, True)
    answer(service, room_id, 0, True)
    assert service.get(room_id).room.actors() == (2,)
    assert service.snapshot_for(room_id, None, False)["hand"]["twice"]["agreed"] == [
        "Player 2", "Player 1"]
    answer(service, room_id, 2, True)
    room = service.get(room_id).room
    assert record.result is not None and record.twice == "twice"
    assert state.runs == 2 and len(state.board) == 5 and len(state.second_board) == 5
    boards = service.snapshot_for(room_id, None, False)["hand"]["twice"]["boards"]
    assert boards == [[repr(c) for c in state.board], [repr(c) for c in state.second_board]]
    summary = "\n".join(record.result.summary)
    assert "Hand was run twice" in summary and "SECOND Board [" in summary
    assert sum(info.stack for info in room.seats.values()) == 600
    assert_ledger_balances(room)


def test_one_no_runs_it_once_and_says_who() -> None:
    service = make_service()
    room_id = all_in_table(service)
    answer(service, room_id, 0, True)
    answer(service, room_id, 2, False)
    room = service.get(room_id).room
    record = room.hands[0]
    assert record.result is not None and record.twice == "once"
    assert isinstance(record.state, PokerHand) and record.state.runs == 1
    assert record.state.second_board == []
    twice = service.snapshot_for(room_id, 0, False)["hand"]["twice"]
    assert twice["state"] == "once" and twice["refused"] == ["Player 3"]
    assert_ledger_balances(room)


def test_the_clock_running_out_runs_it_once() -> None:
    clock = FakeClock()
    service = make_service(clock=clock)
    room_id = all_in_table(service, timer=20)
    answer(service, room_id, 0, True)
    answer(service, room_id, 1, True)
    clock.now += 21
    assert service.step(room_id)
    room = service.get(room_id).room
    record = room.hands[0]
    assert record.twice == "once" and record.twice_votes == {0: True, 1: True, 2: False}
    assert record.result is not None
    assert_ledger_balances(room)


def test_a_bot_in_the_pot_agrees() -> None:
    for seed in range(SEED, SEED + 30):       # a deal where the bot calls the all-in
        service = make_service()
        room_id, _host, _tokens = open_table(service, "holdem", players=2, seats=3,
                                             run_it_twice=True)
        service.add_bot(room_id, 2)
        service.execute(room_id, lambda r, s=seed: r.start_hand(seed=s))
        while (room := service.get(room_id).room).hand is not None \
                and not room.twice_open():
            seat = room.actors()[0]
            if room.seats[seat].bot:
                service.step(room_id)
                continue
            options = {type(o).__name__: o for o in room.legal_options(seat)}
            if "RaiseOption" in options:
                service.act(room_id, seat, {"type": "Raise",
                                            "to": options["RaiseOption"].max_to})  # type: ignore[attr-defined]
            else:
                service.act(room_id, seat, {"type": "Call"})
        if 2 in service.get(room_id).room.twice_deciders():
            break
    room = service.get(room_id).room
    assert 2 in room.twice_deciders()
    for seat in room.twice_deciders():
        if not room.seats[seat].bot:
            answer(service, room_id, seat, True)
    assert service.step(room_id)                 # the bot's answer
    record = service.get(room_id).room.hands[0]
    assert record.twice == "twice" and record.twice_votes[2] is True


def test_refusals_are_in_words_and_change_nothing() -> None:
    off = make_service()
    room_id = all_in_table(off, run_it_twice=False)
    room = off.get(room_id).room
    assert room.hands[0].result is not None and not room.hands[0].twice   # dealt out once

    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=3, seats=4,
                                         run_it_twice=True)
    service.execute(room_id, lambda r: r.start_hand(seed=SEED))
    seq = service.get(room_id).room.seq
    with pytest.raises(IllegalActionError, match="betting is over and board cards"):
        answer(service, room_id, service.get(room_id).room.actors()[0], True)
    go_all_in(service, room_id)
    with pytest.raises(OutOfTurnError, match="answer yes or no first"):
        service.act(room_id, 0, {"type": "Fold"})
    with pytest.raises(IllegalActionError, match="agree: true or false"):
        service.act(room_id, 0, {"type": "run_twice", "agree": "yes"})
    answer(service, room_id, 0, True)
    with pytest.raises(OutOfTurnError, match="already answered"):
        answer(service, room_id, 0, False)
    service.join(room_id, 3, "Dee")
    with pytest.raises(OutOfTurnError, match="only the players in the pot"):
        answer(service, room_id, 3, True)
    host_pause = service.get(room_id).room.set_paused(True)
    service.execute(room_id, lambda r: host_pause)
    with pytest.raises(OutOfTurnError, match="paused by the host"):
        answer(service, room_id, 1, True)
    room = service.get(room_id).room
    assert room.twice_open() and room.hands[0].twice_votes == {0: True}
    assert room.seq > seq


def test_stud_tables_refuse_the_setting_and_stud_hands_the_question() -> None:
    with pytest.raises(ConfigError, match="none of this table's games has a board"):
        RoomConfig.from_json({"game": "stud-hilo", "run_it_twice": True})
    # a dealer's choice table with hold'em allows it, and its stud hands refuse it
    service = make_service()
    room_id, _host, _tokens = open_table(service, "dealers-choice", players=2, seats=2,
                                         rotation=["stud-hilo", "holdem"],
                                         run_it_twice=True)
    assert "run it twice when everyone in an all-in pot agrees" in \
        service.get(room_id).room.config.describe()
    service.execute(room_id, lambda r: r.start_hand(seed=SEED))
    room = service.get(room_id).room
    assert room.hands[0].game == "stud-hilo"
    with pytest.raises(IllegalActionError, match="not dealt in Seven-card stud high-low"):
        answer(service, room_id, room.actors()[0], True)


def test_a_restart_keeps_the_question_and_the_answers() -> None:
    service = make_service()
    room_id = all_in_table(service)
    answer(service, room_id, 2, True)
    before = service.snapshot_for(room_id, 0, False)
    rebuilt = service._replay(room_id)
    assert rebuilt.twice_open() and rebuilt.twice_deciders() == (0, 1)
    assert rebuilt.hands[0].twice_votes == {2: True}
    service.rooms.pop(room_id)
    again = service.snapshot_for(room_id, 0, False)
    assert again["hand"] == before["hand"] and again["table"]["actors"] == [0, 1]
    answer(service, room_id, 0, True)
    answer(service, room_id, 1, True)
    room = service.get(room_id).room
    assert room.hands[0].twice == "twice"
    assert_ledger_balances(room)


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_no_frame_shows_a_card_before_it_is_dealt(game: str) -> None:
    """Every reader's frame, at every step of hands run twice (agreed before the flop
    and on the flop), shows only the cards the hand's own redaction lets it see: the
    second board's cards appear only once dealt, no hidden hole card ever."""
    for seed in range(SEED, SEED + 4):
        service = make_service()
        room_id, _host, _tokens = open_table(service, game, players=3, seats=4,
                                             run_it_twice=True)
        service.join(room_id, 3, "Dee")
        service.execute(room_id, lambda r, s=seed: r.start_hand(seed=s))
        steps = 0
        while (room := service.get(room_id).room).hand is not None:
            record = room.hands[-1]
            state = record.state
            assert isinstance(state, PokerHand)
            upcoming = {repr(c) for c in state.deck}
            for seat, frame in frames(service, room_id):
                hand_seat = record.reader_seat(seat, room.holder_of(seat))
                shown = cards_in(frame)
                assert not shown - allowed_cards(state, len(state.events), hand_seat), seat
                assert not shown & upcoming, seat     # nothing of the stub, ever
            if room.twice_open():
                for seat in room.twice_deciders():
                    answer(service, room_id, seat, True)
                continue
            seat = room.actors()[0]
            options = {type(o).__name__: o for o in room.legal_options(seat)}
            # everyone calls before the flop, then bets and raises the most on the flop
            if state.board and "BetOption" in options:
                service.act(room_id, seat, {"type": "Bet", "amount": options[
                    "BetOption"].max_amount})  # type: ignore[attr-defined]
            elif state.board and "RaiseOption" in options:
                service.act(room_id, seat, {"type": "Raise", "to": options[
                    "RaiseOption"].max_to})  # type: ignore[attr-defined]
            else:
                service.act(room_id, seat, {"type": "Check" if "CheckOption" in options
                                            else "Call"})
            steps += 1
        record = service.get(room_id).room.hands[-1]
        assert record.twice == "twice" and record.result is not None
        for seat, frame in frames(service, room_id):
            hand_seat = record.reader_seat(seat, service.get(room_id).room.holder_of(seat))
            assert not cards_in(frame) - allowed_cards(record.state, len(record.state.events),
                                                       hand_seat)
        assert_ledger_balances(service.get(room_id).room)


def test_the_tables_histories_write_both_boards_and_read_back() -> None:
    from pokerroom.history.phh import loads
    from pokerroom.history.pokerstars_import import read_pokerstars
    from pokerroom.server.history import (
        hand_history_phh,
        hand_history_pokerstars,
        hand_history_text,
    )

    service = make_service()
    room_id = all_in_table(service)
    for seat in (0, 1, 2):
        answer(service, room_id, seat, True)
    room = service.get(room_id).room
    state = room.hands[0].state
    assert isinstance(state, PokerHand)
    second = " ".join(map(repr, state.second_board))
    for reader in (0, None):
        text = hand_history_text(room, reader)
        assert "All the players in the pot agree to run it twice" in text
        assert f"SECOND Board [{second}]" in text and "*** SECOND SHOW DOWN ***" in text
        phh = hand_history_phh(room, reader)
        assert "_run_count = 2" in phh and "# second run-out" in phh
        stars = hand_history_pokerstars(room, reader)
        assert "Hand was run twice" in stars and "*** SECOND RIVER ***" in stars
        (data,) = read_pokerstars(stars, "room.txt").hands.values()
        assert data["_run_count"] == 2
    back = loads(hand_history_phh(room, None))      # one hand: one TOML document
    assert back.second_board == state.second_board
    assert back.final_stacks == state.final_stacks
    # and the room's "Replay a history file" opens each download with both boards
    from pokerroom.server.uploaded_replay import uploaded_replay

    for text, name in ((hand_history_phh(room, 0), "room.phh"),
                       (hand_history_pokerstars(room, 0), "room.txt")):
        opened = uploaded_replay(text, name)
        assert opened["problems"] == []
        assert opened["result"]["summary"][1:4] == [
            "Hand was run twice", f"FIRST Board [{' '.join(map(repr, state.board))}]",
            f"SECOND Board [{second}]"]


def test_the_replay_of_a_hand_run_twice_ends_on_both_boards(client: Any) -> None:
    service = client.app.state.service
    room_id = all_in_table(service)
    for seat in (0, 1, 2):
        answer(service, room_id, seat, True)
    state = service.get(room_id).room.hands[0].state
    replay = client.get(f"/api/tables/{room_id}/hands/1").json()
    frames = replay["frames"]
    asked = [f for f in frames if f.get("twice", {}).get("state") == "asked"]
    assert asked and asked[0]["actors"] == [0, 1, 2]      # the question, step by step
    assert asked[-1]["twice"]["agreed"] == ["Player 1", "Player 2"]
    last = frames[-1]
    assert last["twice"]["boards"] == [[repr(c) for c in state.board],
                                       [repr(c) for c in state.second_board]]
    assert last["events"] == len(state.events)
