"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): between hands a
seated player clicks "Move here" on a free seat and moves there with their chips; in
hold'em the player is then a new player at the new seat, who waits for the big blind
(said on every screen) or posts one to play at once; the ledger accounts for every chip
after every hand; a host who turns seat changes off in the lobby offers none."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import play_hands, table_state, wait_for
from .test_browser_layout import BOXES, overlaps
from .test_browser_money_time import LAPTOP, PHONE, seated

pytestmark = pytest.mark.browser


def check_ledger(server: ServerProcess, room_id: str) -> None:
    """The ledger accounts for every chip: each player holds what the table says, and
    what was won and lost nets to nothing."""
    state = table_state(server, room_id)
    stacks = {p["name"]: p["stack"] for p in state["table"]["players"] if p["approved"]}
    balances = {row["name"]: row for row in state["ledger"]["balances"]}
    for name, stack in stacks.items():
        assert balances[name]["holding"] == stack, (name, balances, stacks)
    assert sum(row["net"] for row in balances.values()) == 0, balances


def seat_tags(page: Any, seat: int) -> str:
    return str(page.get_by_test_id(f"seat-{seat}").text_content() or "")


def play_and_check(server: ServerProcess, room_id: str, pages: list[Any],
                   hands: int) -> None:
    """Play up to ``hands`` hands played in all, checking the ledger after each."""
    done = table_state(server, room_id)["table"]["hands_played"]
    for goal in range(done + 1, hands + 1):
        play_hands(server, room_id, pages, goal, seconds=120)
        check_ledger(server, room_id)


@pytest.mark.rule("supp-new-player")
def test_players_move_between_hands_and_wait_for_the_big_blind_or_post(
        browser: Any, server: ServerProcess) -> None:
    table = HTTP.post(f"{server.url}/api/tables", json={
        "game": "holdem", "seats": 6, "buy_in": 200, "approval": False, "timer": 0,
        "next_hand_delay": 4}).json()
    room_id = table["id"]
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    cleo = seated(browser, server, room_id, 2, "Cleo", PHONE)
    pages = [ann, bob, cleo]
    assert "players may change seats between hands" in (
        ann.locator("#table-settings").text_content() or "")
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/start",
               headers={"X-Host-Token": table["host_token"]})
    wait_for(lambda: table_state(server, room_id)["hand"] is not None, what="the deal")
    # in the middle of a hand nobody is offered a move (once each page has the deal:
    # the hand waits for the three of them, with no clock)
    wait_for(lambda: all(page.locator("[data-testid^=move-]").count() == 0
                         for page in pages), seconds=10, what="no move offered in the hand")
    assert table_state(server, room_id)["table"]["hands_played"] == 0
    play_hands(server, room_id, pages, 1, seconds=120)
    # the host holds the next deal while the two move: a busy machine can take longer
    # than the table's few seconds between hands to draw and click the buttons
    host = {"X-Host-Token": table["host_token"]}
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/pause", headers=host)
    assert table_state(server, room_id)["table"]["hands_played"] == 1, \
        "the second hand was dealt before the host paused"
    check_ledger(server, room_id)

    # between hands Cleo (on her phone) moves to seat 5 and posts; Bob (on his laptop)
    # moves to seat 6 and waits for the big blind
    cleo.get_by_test_id("move-4").click()
    wait_for(lambda: "waits for the big blind" in seat_tags(ann, 4), what="Cleo moved")
    cleo.get_by_test_id("post-now").click()
    wait_for(lambda: "posts the big blind" in seat_tags(bob, 4), what="Cleo posts")
    bob.get_by_test_id("move-5").click()
    wait_for(lambda: "waits for the big blind" in seat_tags(cleo, 5), what="Bob moved")
    for page, viewport in ((ann, PHONE), (bob, LAPTOP)):  # the Move here buttons fit
        items = page.evaluate(BOXES)
        assert not overlaps(items), (viewport, overlaps(items))
    move = bob.get_by_test_id("move-3")
    assert "waits for the big blind at the new seat or posts one" in (
        move.get_attribute("title") or "")
    state = table_state(server, room_id)
    assert {p["seat"]: p["name"] for p in state["table"]["players"]} == {
        0: "Ann", 4: "Cleo", 5: "Bob"}
    check_ledger(server, room_id)
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/resume", headers=host)

    # the next deal: Cleo is dealt in at once, and Bob only on the big blind
    wait_for(lambda: (table_state(server, room_id)["hand"] or {}).get("number") == 2,
             what="the second deal")
    wait_for(lambda: cleo.get_by_test_id("my-cards").count() == 1, what="Cleo's cards")
    assert "posts the big blind" not in seat_tags(ann, 4)
    for goal in range(2, 7):
        hand = table_state(server, room_id)["hand"]
        if bob.get_by_test_id("my-cards").count():
            break
        assert "waits for the big blind" in seat_tags(ann, 5)
        assert hand is not None and 5 in hand["lineup"]
        play_and_check(server, room_id, pages, goal)
        wait_for(lambda g=goal: (table_state(server, room_id)["hand"] or {}).get(
            "number") == g + 1, what="the next deal")
    wait_for(lambda: bob.get_by_test_id("my-cards").count() == 1, what="Bob dealt in")
    assert "waits for the big blind" not in seat_tags(ann, 5)
    hand = table_state(server, room_id)["hand"]
    big_blinds = [line for line in hand["log"] if "Bob" in line and "big blind" in line]
    assert big_blinds, hand["log"]
    play_and_check(server, room_id, pages, hand["number"])


def test_a_host_who_allows_no_seat_changes_offers_none(
        browser: Any, server: ServerProcess) -> None:
    lobby = browser.new_context(viewport=LAPTOP).new_page()
    lobby.goto(server.url + "/")
    lobby.get_by_test_id("game").select_option("high-card")
    lobby.fill("#seats", "4")
    lobby.get_by_test_id("seat_changes").uncheck()
    lobby.get_by_test_id("create").click()
    lobby.wait_for_url("**/t/*")
    wait_for(lambda: "no seat changes" in (lobby.locator("#table-settings").text_content()
                                           or ""), what="the setting in words")
    room_id = lobby.url.rstrip("/").split("/")[-1]
    for seat, viewport in ((0, PHONE), (1, LAPTOP)):
        page = seated(browser, server, room_id, seat, f"P{seat}", viewport)
        assert page.get_by_test_id("seat-3").is_visible()
        assert page.locator("[data-testid^=move-]").count() == 0
        assert "no seat changes" in (page.locator("#table-settings").text_content() or "")
