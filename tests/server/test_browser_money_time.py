"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): the host's
pause is said on every screen and an action pressed while paused is refused in words;
a bust player is offered a rebuy, and chips asked for wait for the host, who approves
or refuses them; the lobby offers the chip settings and the table states them."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import table_state, wait_for

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def text_of(page: Any, testid: str) -> str:
    return str(page.get_by_test_id(testid).text_content() or "")


def on_screen(page: Any, testid: str, viewport: dict[str, int]) -> bool:
    """Whether the element is shown inside the viewport."""
    box = page.get_by_test_id(testid).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport[
        "height"] and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]


def seated(browser: Any, server: ServerProcess, room_id: str, seat: int,
           name: str, viewport: dict[str, int]) -> Any:
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(f"{server.url}/t/{room_id}")
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id(f"sit-{seat}").click()
    page.wait_for_selector("#me:not([hidden])")
    return page


def host_page(browser: Any, server: ServerProcess, room_id: str,
              token: str) -> Any:
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('pokerroom:{room_id}:host', '{token}')")
    page.goto(f"{server.url}/t/{room_id}")
    page.wait_for_function("document.getElementById('invite').value !== ''",
                           timeout=30_000)
    return page


def test_pause_rebuy_and_chips_the_host_approves(
        browser: Any, server: ServerProcess) -> None:
    # buy-in 10 at an ante of 10: whoever declares out is bust after one hand
    table = HTTP.post(f"{server.url}/api/tables", json={
        "game": "high-card", "seats": 2, "buy_in": 10, "max_buy_in": 40,
        "min_top_up": 5, "stakes": {"ante": 10}, "approval": False, "timer": 120,
        "next_hand_delay": 60}).json()
    room_id = table["id"]
    host = host_page(browser, server, room_id, table["host_token"])
    assert "chips added up to 40 a stack, at least 5 at a time, each time approved by " \
           "the host" in (host.locator("#table-settings").text_content() or "")
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    host.get_by_test_id("start").click()
    for page in (ann, bob):
        wait_for(lambda p=page: "Your turn" in text_of(p, "status"), what="the deal")

    # the host pauses in the middle of the hand: every screen says so
    host.get_by_test_id("pause").click()
    for page in (ann, bob, host):
        wait_for(lambda p=page: text_of(p, "status") == "Paused by the host.",
                 what="the pause on every screen")
    seq = table_state(server, room_id)["seq"]
    for page, viewport in ((ann, PHONE), (bob, LAPTOP)):
        page.get_by_test_id("act-in").click()
        error = page.get_by_test_id("error")
        wait_for(lambda e=error: "paused by the host" in (e.text_content() or ""),
                 what="the refusal while paused")
        assert on_screen(page, "error", viewport)
    assert table_state(server, room_id)["seq"] == seq

    # resumed: Ann declares out and is bust, Bob wins the antes
    assert text_of(host, "start") == "Resume"
    host.get_by_test_id("start").click()
    wait_for(lambda: "Your turn" in text_of(ann, "status"), what="the resume")
    ann.get_by_test_id("act-out").click()
    bob.get_by_test_id("act-in").click()
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] == 1,
             what="the end of the hand")
    rebuy = ann.get_by_test_id("rebuy")
    wait_for(lambda: rebuy.is_visible(), what="the rebuy offer")
    assert text_of(ann, "rebuy") == "Rebuy 10 chips" and on_screen(ann, "rebuy", PHONE)
    assert "out of chips" in text_of(ann, "chips-note")
    rebuy.click()
    wait_for(lambda: text_of(ann, "chips-note") ==
             "Waiting for the host to approve your 10 chips.", what="Ann's request")
    assert rebuy.is_hidden()
    # Bob asks for 5 chips more; the host approves Ann's and refuses Bob's
    bob.locator("#topup-amount").fill("5")
    bob.get_by_test_id("topup").click()
    wait_for(lambda: "your 5 chips" in text_of(bob, "chips-note"), what="Bob's request")
    wait_for(lambda: host.get_by_test_id("approve-chips-0").count() == 1 and
             host.get_by_test_id("refuse-chips-1").count() == 1, what="both requests")
    assert "Ann asks for 10 chips" in text_of(host, "pending")
    host.get_by_test_id("approve-chips-0").click()
    host.get_by_test_id("refuse-chips-1").click()
    wait_for(lambda: ann.get_by_test_id("chips-note").is_hidden() and
             bob.get_by_test_id("chips-note").is_hidden(), what="the answers")
    players = {p["name"]: p["stack"] for p in table_state(server, room_id)["table"]["players"]}
    assert players == {"Ann": 10, "Bob": 20}
    ledger = table_state(server, room_id)["ledger"]
    assert {b["name"]: (b["bought"], b["holding"]) for b in ledger["balances"]} == {
        "Ann": (20, 10), "Bob": (10, 20)}


def test_a_guest_waiting_for_approval_cannot_add_chips(
        browser: Any, server: ServerProcess) -> None:
    table = HTTP.post(f"{server.url}/api/tables", json={
        "game": "high-card", "seats": 2, "buy_in": 200, "max_buy_in": 500}).json()
    room_id = table["id"]
    for seat, (name, viewport) in enumerate((("Ann", PHONE), ("Bob", LAPTOP))):
        page = seated(browser, server, room_id, seat, name, viewport)
        wait_for(lambda p=page: "approve your seat" in text_of(p, "status"),
                 what="the waiting message")
        assert page.get_by_test_id("topup").is_disabled()
        HTTP.post(f"{server.url}/api/tables/{room_id}/host/approve",
                   headers={"X-Host-Token": table["host_token"]}, json={"seat": seat})
        wait_for(lambda p=page: p.get_by_test_id("topup").is_enabled(),
                 what="chips once approved")
    players = table_state(server, room_id)["table"]["players"]
    assert [p["stack"] for p in players] == [200, 200]


def test_the_lobby_offers_the_chip_settings(
        browser: Any, server: ServerProcess) -> None:
    for viewport in (PHONE, LAPTOP):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(server.url + "/")
        page.get_by_test_id("game").select_option("high-card")
        page.fill("#buy_in", "200")
        assert page.get_by_test_id("top_up_approval").is_checked()
        page.get_by_test_id("max_buy_in").fill("100")  # below the buy-in: refused
        page.get_by_test_id("create").click()
        wait_for(lambda p=page: "maximum buy-in is from the buy-in" in (
            p.locator("#error").text_content() or ""), what="the refusal")
        page.get_by_test_id("max_buy_in").fill("500")
        page.get_by_test_id("top_up_approval").uncheck()
        page.get_by_test_id("create").click()
        page.wait_for_url("**/t/*")
        wait_for(lambda p=page: "chips added up to 500 a stack, at least 20 at a time, "
                 "without the host's approval" in (p.locator("#settings").text_content()
                                                   or ""), what="the settings in words")
