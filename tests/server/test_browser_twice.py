"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): the host
allows run it twice in the lobby; a hold'em hand goes all in before the flop, each
player in the pot is asked, both click "Run it twice", and every screen shows the two
boards with nothing over anything else; the chips and the ledger are right. A second
hand where one player says no is run once, and every screen says who said no."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import ServerProcess
from .test_browser import browser, table_state, wait_for  # noqa: F401
from .test_browser_layout import BOXES, overlaps
from .test_browser_money_time import LAPTOP, PHONE, seated, text_of
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
        browser: Any, tmp_path: Path, server_factory: type[ServerProcess]) -> None:  # noqa: F811
    database = f"sqlite:///{tmp_path / 'twice.sqlite3'}"
    server = server_factory(database).start()
    host = browser.new_context(viewport=LAPTOP).new_page()
    host.goto(server.url + "/")
    host.get_by_test_id("game").select_option("holdem")
    host.fill("#seats", "2")
    host.fill("#timer", "0")
    host.uncheck("#approval")
    host.get_by_test_id("run_it_twice").check()
    host.get_by_test_id("create").click()
    host.wait_for_url("**/t/*")
    wait_for(lambda: "run it twice when everyone in an all-in pot agrees" in (
        host.locator("#table-settings").text_content() or ""), what="the setting in words")
    room_id = host.url.rstrip("/").split("/")[-1]
    host_token = host.evaluate(f"localStorage.getItem('pokerroom:{room_id}:host')")
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    watcher = browser.new_context(viewport=PHONE).new_page()
    watcher.goto(f"{server.url}/t/{room_id}")
    watcher.wait_for_function("document.body.dataset.seq !== undefined")
    host.get_by_test_id("start").click()

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
    assert httpx.post(f"{server.url}/api/tables/{room_id}/host/pause",
                      headers={"X-Host-Token": host_token}).status_code == 200
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
    assert httpx.post(f"{server.url}/api/tables/{room_id}/host/resume",
                      headers={"X-Host-Token": host_token}).status_code == 200
    for player in table_state(server, room_id)["table"]["players"]:
        if player["stack"] == 0:                # bust: the host buys the player in again
            assert httpx.post(f"{server.url}/api/tables/{room_id}/host/topup",
                              json={"seat": player["seat"], "amount": 200},
                              headers={"X-Host-Token": host_token}).status_code == 200
    wait_for(lambda: (table_state(server, room_id)["hand"] or {}).get("number") == 2,
             what="the second hand")
    all_in_and_call(ann, bob)
    wait_for(lambda: bob.get_by_test_id("act-twice-no").is_visible(), what="the question")
    bob.get_by_test_id("act-twice-no").click()
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] == 2,
             what="the end of the second hand")
    assert httpx.post(f"{server.url}/api/tables/{room_id}/host/pause",
                      headers={"X-Host-Token": host_token}).status_code == 200
    once = table_state(server, room_id)["hand"]
    assert once["twice"]["state"] == "once" and once["twice"]["refused"] == ["Bob"]
    assert "boards" not in once["twice"]
    for page in (ann, watcher):
        wait_for(lambda p=page: "Run once: Bob said no" in (
            p.locator("#extra").text_content() or ""), what="who said no")
        assert page.get_by_test_id("second-board").count() == 0
        assert not overlaps(page.evaluate(BOXES))
    check_ledger(server, room_id)
