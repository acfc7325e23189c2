"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): the host sets a
time bank in the lobby and the table states it; when a player's turn runs out their
clock goes on from the bank, shown as such on every screen and in the player's dock;
the player acts on the bank and keeps what is left, refilled after the hand; the ledger
accounts for every chip after every hand."""

from __future__ import annotations

import math
from typing import Any

import pytest

from .conftest import ServerProcess
from .test_browser import table_state, wait_for
from .test_browser_chat import play_out
from .test_browser_layout import BOXES, overlaps
from .test_browser_money_time import LAPTOP, PHONE, seated, text_of
from .test_browser_seat_change import check_ledger

pytestmark = pytest.mark.browser


def player(server: ServerProcess, room_id: str, seat: int) -> dict[str, Any]:
    players = table_state(server, room_id)["table"]["players"]
    found: dict[str, Any] = next(p for p in players if p["seat"] == seat)
    return found


def test_a_run_out_clock_draws_on_the_time_bank_shown_on_every_screen(
        browser: Any, server: ServerProcess) -> None:
    host = browser.new_context(viewport=LAPTOP).new_page()
    host.goto(server.url + "/")
    host.get_by_test_id("game").select_option("high-card")
    host.fill("#seats", "2")
    host.fill("#timer", "3")
    host.get_by_test_id("time_bank").fill("25")
    host.get_by_test_id("time_bank_refill").fill("2")
    host.get_by_test_id("time_bank_every").fill("1")
    host.uncheck("#approval")
    host.get_by_test_id("create").click()
    host.wait_for_url("**/t/*")
    wait_for(lambda: "a time bank of 25 s once the clock runs out, 2 s more every 1 hands"
             in (host.locator("#table-settings").text_content() or ""),
             what="the time bank in words")
    room_id = host.url.rstrip("/").split("/")[-1]
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    wait_for(lambda: text_of(ann, "bank-note") == "Time bank: 25 s.", what="Ann's bank")
    host.get_by_test_id("start").click()
    # Bob declares at once; Ann lets her 3 s run out
    wait_for(lambda: bob.get_by_test_id("act-in").count() == 1, what="Bob's turn")
    bob.get_by_test_id("act-in").click()
    wait_for(lambda: player(server, room_id, 0)["drawing"], what="the draw on the bank")
    for page in (ann, bob, host):
        clock = page.get_by_test_id("clock-0")
        wait_for(lambda c=clock: c.count() == 1 and "bank" in (c.get_attribute("class")
                                                               or ""), what="the clock")
        assert "bank" in (clock.text_content() or "")
    wait_for(lambda: "On your time bank" in text_of(ann, "bank-note"), what="Ann told")
    for page, viewport in ((ann, PHONE), (bob, LAPTOP)):  # the bank's clock fits
        items = page.evaluate(BOXES)
        assert not overlaps(items), (viewport, overlaps(items))
        box = page.get_by_test_id("clock-0").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport[
            "width"]
    assert text_of(bob, "bank-note") == "Time bank: 25 s."
    assert not player(server, room_id, 0)["sitting_out"]
    ann.wait_for_timeout(1500)
    ann.get_by_test_id("act-in").click()        # Ann acts on her bank
    wait_for(lambda: not player(server, room_id, 0)["drawing"], what="the draw over")
    kept = player(server, room_id, 0)["bank"]
    assert 15 < kept < 25
    play_out(server, room_id, (ann, bob))
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] >= 1,
             what="the end of the hand")
    check_ledger(server, room_id)
    refilled = player(server, room_id, 0)["bank"]
    assert refilled == round(min(25.0, kept + 2), 1)
    shown = math.floor(refilled + 0.5)  # the page's Math.round: a half goes up, not to even
    wait_for(lambda: text_of(ann, "bank-note") == f"Time bank: {shown} s.",
             what="the refilled bank on Ann's phone")
