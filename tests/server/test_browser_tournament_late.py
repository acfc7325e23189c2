"""In headless Chromium: late registration at a tournament table. Once the tournament
has started, a spectator sees the free seats with **Sit here**, takes one by clicking
and enters with the starting stack during the late-registration level (the bar says
so and counts the entry in the prize pool); the seats dealt are shown as players, never
as free seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import ServerProcess
from .test_browser import table_state, wait_for
from .test_browser_money_time import LAPTOP, PHONE, host_page

pytestmark = pytest.mark.browser

# late registration through level 1, which lasts 40 hands on a clock counted in hands;
# stacks of 400 big blinds, so that neither bot busts the other (which ends the
# tournament) in the few hands before the spectator's entry
STRUCTURE = """name = "late"
starting_stack = 20000
buy_in = 10
chips = [25]
late_registration = 1
payouts = [{ up_to = 10, percentages = [100] }]
levels = [
  { small_blind = 25, big_blind = 50, minutes = 5, hands = 40 },
  { small_blind = 50, big_blind = 100, minutes = 5, hands = 40 },
]
"""


def test_a_spectator_takes_a_free_seat_during_late_registration(
        browser: Any, tmp_path: Path, server_factory: type[ServerProcess]) -> None:
    server = server_factory(f"sqlite:///{tmp_path / 'late.sqlite3'}",
                            extra=("--bot-delay", "0.1")).start()
    table = httpx.post(f"{server.url}/api/tables", json={
        "game": "holdem", "seats": 4, "approval": False, "timer": 0,
        "next_hand_delay": 1, "tournament": {"structure": STRUCTURE, "clock": "hands"}}).json()
    room_id, token = table["id"], table["host_token"]
    for seat in (0, 1):
        httpx.post(f"{server.url}/api/tables/{room_id}/host/bot", json={"seat": seat},
                   headers={"X-Host-Token": token}).raise_for_status()
    host = host_page(browser, server, room_id, token)
    host.get_by_test_id("start").click()
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] >= 1,
             what="the first hand")
    cleo = browser.new_context(viewport=PHONE).new_page()
    cleo.goto(f"{server.url}/t/{room_id}")
    facts = cleo.get_by_test_id("tourney-late")
    wait_for(lambda: facts.count() == 1, what="late registration on the bar")
    assert "late registration through level 1" in (facts.text_content() or "")
    # the free seats offer a seat; the bots' seats do not
    wait_for(lambda: cleo.get_by_test_id("sit-2").count() == 1
             and cleo.get_by_test_id("sit-3").count() == 1, what="the free seats")
    assert cleo.get_by_test_id("sit-0").count() == 0
    cleo.get_by_test_id("name").fill("Cleo")
    cleo.get_by_test_id("sit-3").click()
    cleo.wait_for_selector("#me:not([hidden])")
    wait_for(lambda: table_state(server, room_id)["table"]["tournament"]["entries"] == 3,
             seconds=60, what="Cleo's entry")
    state = table_state(server, room_id)
    t = state["table"]["tournament"]
    assert t["prize_pool"] == 30 and t["chips"] == 60000
    assert any(e["name"] == "Cleo" and e["kind"] == "buy-in" and e["amount"] == 10
               for e in state["ledger"]["entries"])
    # another spectator still sees the one free seat left, and Cleo's as a player
    dee = browser.new_context(viewport=LAPTOP).new_page()
    dee.goto(f"{server.url}/t/{room_id}")
    wait_for(lambda: dee.get_by_test_id("sit-2").count() == 1, what="the seat left")
    assert dee.get_by_test_id("sit-3").count() == 0
    assert "Cleo" in (dee.get_by_test_id("seat-3").text_content() or "")
