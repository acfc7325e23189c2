"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): the host
allows run it twice in the lobby; a hold'em hand goes all in before the flop, each
player in the pot is asked, both click "Run it twice", and every screen shows the two
boards with nothing over anything else; the chips and the ledger are right. A second
hand where one player says no is run once, and every screen says who said no."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from .browser_fixtures import HTTP, HeadsUp
from .conftest import ServerProcess
from .test_browser import table_state, wait_for
from .test_browser_layout import BOXES, overlaps
from .test_browser_money_time import LAPTOP, PHONE, text_of
from .test_browser_seat_change import check_ledger

pytestmark = pytest.mark.browser


def cards_of(page: Any, selector: str) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(
        f"{selector} .card", "cards => cards.map((c) => c.dataset.card)")]


def whose_turn(pages: tuple[Any, ...]) -> Any:
    found: list[Any] = []
    wait_for(lambda: bool(found.extend(p for p in pages if "Your turn" in text_of(p, "status"))
                          or found), what="a player's turn")
    return found[0]


def all_in_and_call(ann: Any, bob: Any) -> None:
    first = whose_turn((ann, bob))
    first.get_by_test_id("act-raise-allin").click()
    first.get_by_test_id("act-raise").click()
    other = bob if first is ann else ann
    wait_for(lambda: other.get_by_test_id("act-call").is_visible(), what="the call")
    other.get_by_test_id("act-call").click()


def test_both_players_agree_and_every_screen_shows_two_boards_then_a_no_runs_it_once(
        server: ServerProcess, heads_up: Callable[[str, str], HeadsUp]) -> None:
    table = heads_up("run_it_twice", "run it twice when everyone in an all-in pot agrees")
    room_id, host, ann, bob, watcher = (table.room_id, table.host, table.ann, table.bob,
                                        table.watcher)
    host_token = table.host_token

    all_in_and_call(ann, bob)
    wait_for(lambda: (table_state(server, room_id)["hand"] or {}).get("twice", {}).get(
        "state") == "asked", what="the question")
    for page in (ann, bob):
        wait_for(lambda p=page: p.get_by_test_id("act-twice-yes").is_visible(),
                 what="the question on a player's screen")
        assert "Everyone in the pot must agree" in text_of(page, "status")
    wait_for(lambda: "Run it twice? Waiting for Ann, Bob." in text_of(watcher, "status"),
             what="the spectator told who decides")
    assert watcher.get_by_test_id("act-twice-yes").count() == 0
    assert not cards_of(watcher, "#board")              # nothing dealt yet
    ann.get_by_test_id("act-twice-yes").click()
    wait_for(lambda: "Agreed so far: Ann" in (bob.locator("#pick-help").text_content() or ""),
             what="Ann's answer shown to Bob")
    wait_for(lambda: "Waiting for Bob" in text_of(watcher, "status"), what="Bob to answer")
    bob.get_by_test_id("act-twice-yes").click()
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] == 1,
             what="the end of the hand")
    table.host_says("pause")
    state = table_state(server, room_id)
    assert state["hand"]["number"] == 1
    first, second = state["hand"]["twice"]["boards"]
    assert len(first) == len(second) == 5 and not set(first) & set(second)
    assert "Hand was run twice" in state["hand"]["result"]["summary"]
    check_ledger(server, room_id)
    for page, viewport in ((ann, PHONE), (bob, LAPTOP), (watcher, PHONE), (host, LAPTOP)):
        wait_for(lambda p=page: cards_of(p, "[data-testid=second-board]") == second,
                 what="the second board on every screen")
        assert cards_of(page, "#board") == first
        label = page.locator("[data-testid=second-board] .label").text_content() or ""
        assert label == "Second board (run twice)"
        items = page.evaluate(BOXES)
        assert not overlaps(items), (viewport, overlaps(items))
        box = page.get_by_test_id("second-board").bounding_box()
        assert box is not None and box["x"] >= 0 and \
            box["x"] + box["width"] <= viewport["width"]
    assert sum(p["stack"] for p in state["table"]["players"]) == sum(
        row["bought"] for row in state["ledger"]["balances"])

    # the next hand: Bob says no, and it is run once
    table.host_says("resume")
    for player in table_state(server, room_id)["table"]["players"]:
        if player["stack"] == 0:                # bust: the host buys the player in again
            assert HTTP.post(f"{server.url}/api/tables/{room_id}/host/topup",
                              json={"seat": player["seat"], "amount": 200},
                              headers={"X-Host-Token": host_token}).status_code == 200
    wait_for(lambda: (table_state(server, room_id)["hand"] or {}).get("number") == 2,
             what="the second hand")
    all_in_and_call(ann, bob)
    wait_for(lambda: bob.get_by_test_id("act-twice-no").is_visible(), what="the question")
    bob.get_by_test_id("act-twice-no").click()
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] == 2,
             what="the end of the second hand")
    table.host_says("pause")
    once = table_state(server, room_id)["hand"]
    assert once["twice"]["state"] == "once" and once["twice"]["refused"] == ["Bob"]
    assert "boards" not in once["twice"]
    for page in (ann, watcher):
        wait_for(lambda p=page: "Run once: Bob said no" in (
            p.locator("#extra").text_content() or ""), what="who said no")
        assert page.get_by_test_id("second-board").count() == 0
        assert not overlaps(page.evaluate(BOXES))
    check_ledger(server, room_id)
