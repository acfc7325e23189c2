"""In headless Chromium, on a laptop (1366×768) and on a phone (390×844): the host
changes the game from a form with a field for each of the chosen game's stakes (its
blinds, antes, bring-in or limits), filled with its defaults; a stake that does not fit
is refused in words beside the form, and one that fits is dealt from the next hand."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import table_state, wait_for
from .test_browser_layout import overlaps
from .test_browser_money_time import LAPTOP, PHONE, host_page, text_of

pytestmark = pytest.mark.browser

PANE = """() => [...document.querySelectorAll(
    '#host label, #host button, #host-note, #next-stakes legend')]
  .filter((n) => n.getClientRects().length)
  .filter((n) => !(n.tagName === 'LABEL' && n.querySelector('select, button')))
  .map((n) => { const r = n.getBoundingClientRect();
                return { kind: n.tagName, name: n.id || n.textContent.trim().slice(0, 30),
                         box: [r.left, r.top, r.right, r.bottom] }; })"""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_host_changes_the_game_with_a_stakes_form(
        browser: Any, server: ServerProcess,
        viewport: dict[str, int]) -> None:
    table = HTTP.post(f"{server.url}/api/tables", json={
        "game": "high-card", "seats": 2, "approval": False}).json()
    room_id = table["id"]
    page = host_page(browser, server, room_id, table["host_token"])
    page.set_viewport_size(viewport)
    if viewport is PHONE:
        page.get_by_test_id("menu").click()
    page.get_by_test_id("tab-host").click()
    page.get_by_test_id("next-game").select_option("holdem")
    small, big = page.get_by_test_id("stake-small_blind"), page.get_by_test_id("stake-big_blind")
    wait_for(lambda: big.is_visible(), what="the hold'em stakes")
    assert (small.input_value(), big.input_value()) == ("1", "2")
    assert page.get_by_test_id("stake-ante").count() == 0
    seq = table_state(server, room_id)["seq"]
    small.fill("5")
    big.fill("3")
    page.get_by_test_id("change-game").click()
    wait_for(lambda: "the small blind (5) is above the big blind (3)" in text_of(
        page, "host-note"), what="the refusal")
    assert table_state(server, room_id)["seq"] == seq
    items = page.evaluate(PANE)
    assert not overlaps(items), overlaps(items)
    for item in items:
        assert item["box"][0] >= 0 and item["box"][2] <= viewport["width"] + 0.5, item
    big.fill("10")
    page.get_by_test_id("change-game").click()
    wait_for(lambda: table_state(server, room_id)["table"]["next_game"]["game"] == "holdem",
             what="the change")
    assert table_state(server, room_id)["table"]["next_game"]["stakes"] == {
        "small_blind": 5, "big_blind": 10}
    wait_for(lambda: page.get_by_test_id("host-note").is_hidden(), what="the note cleared")
    # stud's form has its own fields
    page.get_by_test_id("next-game").select_option("stud")
    assert {page.get_by_test_id(f"stake-{k}").count() for k in (
        "ante", "bring_in", "small_bet", "big_bet")} == {1}
