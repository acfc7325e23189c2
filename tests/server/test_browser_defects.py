"""In headless Chromium, the page's own defects stay fixed: a guest waiting for approval
is told so, Three Card Poker's wager boxes start at the table's stakes, an error shows
on a phone's screen and goes once the table moves on, and a dropped connection is
shown, with no button acting, until the page is back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import create_table, table_state, wait_for

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def guest(browser: Any, invite: str, seat: int, name: str) -> Any:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(invite)
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id(f"sit-{seat}").click()
    return page


def status(page: Any) -> str:
    return str(page.get_by_test_id("status").text_content() or "")


def test_waiting_wagers_errors_and_a_dropped_connection(
        browser: Any, tmp_path: Path, server_factory: type[ServerProcess]) -> None:
    database = f"sqlite:///{tmp_path / 'page.sqlite3'}"
    server = server_factory(database, extra=("--bot-delay", "0.2")).start()
    host, invite = create_table(browser, server, "three-card-poker", 2)
    room_id = invite.rsplit("/", 1)[1]
    ann = guest(browser, invite, 0, "Ann")
    wait_for(lambda: "approve your seat" in status(ann), what="the waiting message")
    host.get_by_test_id("approve-0").click()
    host.get_by_test_id("start").click()
    ann.wait_for_selector("[data-testid=field-ante]")
    assert ann.get_by_test_id("field-ante").input_value() == "10"
    assert ann.get_by_test_id("field-pair_plus").input_value() == "5"
    # a wager over the table's limits is refused; the error is on the phone's screen
    ann.get_by_test_id("field-ante").fill("999999")
    ann.get_by_test_id("act-placewagers").click()
    error = ann.get_by_test_id("error")
    error.wait_for()
    box = error.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    ann.get_by_test_id("field-ante").fill("10")
    ann.get_by_test_id("act-placewagers").click()
    wait_for(lambda: error.is_hidden(), what="the error to go once the table moved on")
    # the server goes down: the page says so and no button acts
    server.kill()
    ann.get_by_test_id("offline").wait_for()
    assert "reconnecting" in (ann.get_by_test_id("offline").text_content() or "")
    buttons = ann.locator("#actions button")
    assert buttons.count() == 0 or all(buttons.nth(i).is_disabled()
                                       for i in range(buttons.count()))
    # back up on the same port and database: the page reconnects by itself
    again = server_factory(database, port=server.port, extra=("--bot-delay", "0.2")).start()
    wait_for(lambda: ann.get_by_test_id("offline").is_hidden(), seconds=30,
             what="the page to reconnect")
    wait_for(lambda: bool(ann.locator("#actions button").count()) and
             ann.locator("#actions button").first.is_enabled(), what="live buttons")
    assert HTTP.get(f"{again.url}/api/tables/{room_id}").status_code == 200
    assert table_state(again, room_id)["hand"]["number"] == 1
