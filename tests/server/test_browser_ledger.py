"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): after a hand,
each player downloads the ledger as CSV from the ledger pane, and it says what the
table says: who bought what, who holds what, and who pays whom."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import table_state, wait_for
from .test_browser_chat import play_out
from .test_browser_layout import overlaps
from .test_browser_money_time import LAPTOP, PHONE, seated

pytestmark = pytest.mark.browser

PANE = """() => [...document.querySelectorAll(
    '[data-pane=ledger] h2, [data-pane=ledger] h3, #ledger, #settle, #dl-ledger')]
  .filter((n) => n.getClientRects().length)
  .map((n) => { const r = n.getBoundingClientRect();
                return { kind: "ledger", name: n.id || n.textContent,
                         box: [r.left, r.top, r.right, r.bottom] }; })"""


def test_each_player_downloads_the_ledger_as_csv(
        browser: Any, server: ServerProcess) -> None:
    table = HTTP.post(f"{server.url}/api/tables", json={
        "game": "high-card", "seats": 2, "buy_in": 100, "stakes": {"ante": 10},
        "approval": False, "timer": 0, "next_hand_delay": 60}).json()
    room_id = table["id"]
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/start",
               headers={"X-Host-Token": table["host_token"]})
    play_out(server, room_id, (ann, bob))
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] == 1,
             what="the end of the hand")
    ledger = table_state(server, room_id)["ledger"]
    nets = {row["name"]: row["net"] for row in ledger["balances"]}
    assert sum(nets.values()) == 0
    for page, viewport in ((ann, PHONE), (bob, LAPTOP)):
        if viewport is PHONE:
            page.get_by_test_id("menu").click()
        page.get_by_test_id("tab-ledger").click()
        button = page.get_by_test_id("dl-ledger")
        wait_for(lambda b=button: b.is_visible(), what="the download button")
        items = page.evaluate(PANE)
        assert not overlaps(items), overlaps(items)
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and \
            box["x"] + box["width"] <= viewport["width"]
        with page.expect_download() as download:
            button.click()
        assert download.value.suggested_filename == f"pokerroom-{room_id}-ledger.csv"
        text = Path(download.value.path()).read_text()
        lines = list(csv.reader(io.StringIO(text)))
        rows = {row[0]: int(row[4]) for row in lines[1:lines.index([])]}
        assert rows == nets
        payments = lines[lines.index([]) + 2:]
        assert len(payments) == (1 if any(nets.values()) else 0)  # a tie: nobody pays
        for payer, payee, chips in payments:
            assert nets[payer] == -int(chips) and nets[payee] == int(chips)
