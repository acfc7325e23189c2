"""In headless Chromium, on a phone and a laptop, the page says what is so: a link to a
table the room does not have says the table does not exist, links to the lobby and
stops reconnecting; a spectator at a full table is told the table is full and that
they are watching, not to pick a free seat; a name that reads as one at the table is
refused in words."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import wait_for

pytestmark = pytest.mark.browser
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_wrong_invite_link_says_the_table_does_not_exist(
        browser: Any, server: ServerProcess, size: str) -> None:
    page = browser.new_context(viewport=SIZES[size]).new_page()
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{server.url}/t/no-such-table")
    missing = page.get_by_test_id("missing")
    missing.wait_for()
    assert (missing.text_content() or "").startswith(
        "This table does not exist (or was closed). Go to the lobby")
    assert page.get_by_test_id("offline").is_hidden()
    assert page.get_by_test_id("lobby-link").get_attribute("href") == "/"
    # no empty table is drawn, and the page does not keep knocking
    assert page.locator("#seats").is_hidden()
    time.sleep(3)
    assert len(sockets) == 1, sockets
    assert page.get_by_test_id("offline").is_hidden()
    page.get_by_test_id("lobby-link").click()
    page.wait_for_url(f"{server.url}/")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_spectator_at_a_full_table_is_told_it_is_full(
        browser: Any, server: ServerProcess, size: str) -> None:
    body = {"game": "holdem", "seats": 3, "approval": False, "timer": 0}
    table = HTTP.post(f"{server.url}/api/tables", json=body).json()
    room_id, host = table["id"], {"X-Host-Token": table["host_token"]}
    join = f"{server.url}/api/tables/{room_id}/join"
    assert HTTP.post(join, json={"seat": 0, "name": "Ann"}).status_code == 200
    page = browser.new_context(viewport=SIZES[size]).new_page()
    page.goto(f"{server.url}/t/{room_id}")
    hint = page.get_by_test_id("join-seat")
    # the page's own hint says "free seat" before the table's first state is drawn: wait
    # for the seats, whose "Sit here" buttons come with that state
    wait_for(lambda: page.locator("[data-testid^=sit-]").count() > 0, what="the seats")
    wait_for(lambda: "free seat" in (hint.text_content() or ""), what="the seat hint")
    assert page.get_by_test_id("name").is_visible()
    # a name that reads as Ann's (a Cyrillic A) is refused in words
    page.get_by_test_id("name").fill("\u0410nn")
    page.get_by_test_id("sit-1").click()
    error = page.get_by_test_id("error")
    error.wait_for()
    assert "looks like 'Ann'" in (error.text_content() or "")
    assert page.get_by_test_id("name").is_visible()
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/fill", headers=host)
    wait_for(lambda: (hint.text_content() or "").startswith("The table is full"),
             what="the full table's words")
    assert hint.text_content() == ("The table is full: you are watching. A seat frees "
                                   "when a player leaves.")
    assert "Sit here" not in (page.locator("#join").text_content() or "")
    assert page.get_by_test_id("name").is_hidden()
    assert page.locator("[data-testid^=sit-]").count() == 0
    # a seat frees: the spectator is told how to take it again
    bot_seat = 2
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/remove", headers=host,
               json={"seat": bot_seat})
    wait_for(lambda: "free seat" in (hint.text_content() or ""), what="the seat hint again")
    assert page.get_by_test_id(f"sit-{bot_seat}").is_visible()
