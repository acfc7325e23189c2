"""What the table view is sent beside the hand: the ledger's itemized lines, and a past
hand's frames for drawing its replay on the table step by step, as the seat saw it."""

from __future__ import annotations

import json
from typing import Any

from pokerroom.server.snapshot import LEDGER_HANDS, hand_payload, replay_frames, snapshot

from .helpers import make_service, open_table, play


def hidden(picture: dict[str, Any], you: int | None) -> set[str]:
    """The cards of the other seats the picture shows face up or known."""
    return {card for seat in picture["seats"] if seat["seat"] != you
            for card in seat["cards"] if card != "??"}


def test_replay_frames_draw_each_step_as_the_seat_saw_it() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=3)
    play(service, room_id, 40)
    room = service.get(room_id).room
    record = next(r for r in room.hands if r.result is not None)
    events = service.store.events(room_id)
    for room_seat in (0, 1, None):
        holder = room.holder_of(room_seat)  # the seat's occupant, who was dealt the hand
        frames = replay_frames(room_id, events, record.number, room_seat, holder)
        seat = record.hand_seat(room_seat)
        # one frame after the deal and one after each action of the hand
        assert len(frames) == 1 + len(record.actions)
        counts = [frame["events"] for frame in frames]
        assert counts == sorted(counts) and counts[-1] == len(record.state.events_for(seat))
        # the last frame is the finished hand as the seat sees it now (the live session
        # has dealt on since, so only its hand count differs)
        final = hand_payload(record, room_seat, live=False, holder=holder)
        assert {**frames[-1]["picture"], "hand_no": 0} == {**final["picture"], "hand_no": 0}
        assert frames[-1]["actors"] == []
        # before the showdown no frame shows another seat's hole card (a spectator: none)
        for frame in frames[:-1]:
            assert not hidden(frame["picture"], seat), frame["picture"]
            mine = next((s["cards"] for s in frame["picture"]["seats"] if s["seat"] == seat), [])
            assert "??" not in mine
        assert frames[0]["actors"] and all(a in record.lineup for a in frames[0]["actors"])
    # a finished hand's frames are kept: the same list comes back
    holder = room.holder_of(0)
    assert replay_frames(room_id, events, record.number, 0, holder) is replay_frames(
        room_id, events, record.number, 0, holder)


def test_the_ledger_itemizes_buy_ins_and_the_latest_results() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "high-card", players=2)
    play(service, room_id, 400)
    room = service.get(room_id).room
    played = len([r for r in room.hands if r.result is not None])
    assert played > LEDGER_HANDS
    ledger = snapshot(room, 0, False, {})["ledger"]
    entries = ledger["entries"]
    assert [e for e in entries if e["kind"] == "buy-in"] == [
        {"name": "Player 1", "kind": "buy-in", "amount": 200, "hand": 0},
        {"name": "Player 2", "kind": "buy-in", "amount": 200, "hand": 0}]
    hands = {e["hand"] for e in entries if e["kind"] == "result"}
    last = max(e.hand for e in room.ledger.entries if e.kind == "result")
    assert hands and min(hands) > last - LEDGER_HANDS and max(hands) == last
    kept = [(e.name, e.kind, e.amount, e.hand) for e in room.ledger.entries
            if e.kind != "result" or e.hand > last - LEDGER_HANDS]
    assert [(e["name"], e["kind"], e["amount"], e["hand"]) for e in entries] == kept
    assert ledger["balances"] and "settle_up" in ledger


def test_a_connection_is_sent_the_ledger_again_only_when_it_changed() -> None:
    service = make_service()
    room_id, _host, _tokens = open_table(service, "holdem", players=2)
    first, key = service.view_update(room_id, 0, False, None) or ("", ())
    assert json.loads(first)["ledger"] == service.snapshot_for(room_id, 0, False)["ledger"]
    kept = changed = 0
    for turn in range(300):
        play(service, room_id, 1, seed=turn)
        text, now = service.view_update(room_id, 0, False, key) or ("", ())
        frame = json.loads(text)
        full = service.snapshot_for(room_id, 0, False)
        if now == key:
            kept += 1
            assert "ledger" not in frame
        else:
            changed += 1
            assert frame["ledger"] == full["ledger"]
            key = now
        # apart from the ledger and the chat, the text is the snapshot itself
        assert {k: v for k, v in frame.items() if k not in ("ledger", "chat")} == \
            {k: v for k, v in full.items() if k not in ("ledger", "chat")}
        if kept and changed > 1:
            break
    assert kept and changed > 1
    # a reader that has no ledger yet gets the whole snapshot
    assert json.loads(service.view_json(room_id, 1, False) or "{}") == \
        service.snapshot_for(room_id, 1, False)
