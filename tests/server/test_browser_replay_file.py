"""A history file opened from the table page in headless Chromium: its hands replay on the
felt with the table's replay controls, the cards the file shows and no other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import wait_for
from .test_replay_upload import STARS

pytestmark = pytest.mark.browser


def test_a_pokerstars_file_replays_on_the_table(browser: Any, server: ServerProcess,
                                                tmp_path: Path) -> None:
    table = HTTP.post(f"{server.url}/api/tables",
                       json={"game": "holdem", "seats": 6, "approval": False,
                             "title": "replay night"}).json()
    history = tmp_path / "hh.txt"
    history.write_text(STARS.format(n=11, verb="folds") + "\n\n"
                       + STARS.format(n=12, verb="folds"), encoding="utf-8")
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/t/{table['id']}")
    page.wait_for_function("document.getElementById('title').textContent === "
                           "'replay night'", timeout=30_000)
    page.get_by_test_id("tab-hands").click()
    page.get_by_test_id("replay-file").set_input_files(str(history))
    page.wait_for_selector("#replay-box:not([hidden])")
    assert page.locator("#replay-title").text_content() == \
        "Replay: hand #11 — Texas hold'em (hh.txt)"
    wait_for(lambda: page.locator("#seats [data-card=As]").count() == 1, what="Ann's cards")
    shown = {page.locator("#seats .card").nth(i).get_attribute("data-card")
             for i in range(page.locator("#seats .card").count())}
    assert shown <= {"As", "Kd", "??"}
    page.get_by_test_id("replay-last").click()
    assert page.locator("#replay-step").text_content() == "6 / 6"  # the deal, 5 actions
    # the second hand of the file, from the hand picker
    page.get_by_test_id("tab-hands").click()
    page.get_by_test_id("replay-file-hand").select_option("12")
    wait_for(lambda: (page.locator("#replay-title").text_content() or "").startswith(
        "Replay: hand #12"), what="hand 12")
    page.get_by_test_id("replay-last").click()
    assert page.locator("[data-testid=board] .card").count() == 3
    page.get_by_test_id("replay-close").click()
    page.wait_for_selector("#replay-box[hidden]", state="attached")
