"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): the players,
a spectator and the host chat at the table; what is typed is shown as text, never as
markup; a spectator chats under a name nobody at the table has; a refusal (a name
taken, too many lines at once, a muted person) is said in the chat pane; the host mutes
a person; a past hand's replay shows what was said during it; and the chat pane lays
out with nothing on anything else at either size."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import CLICK_ORDER, table_state, wait_for
from .test_browser_layout import overlaps
from .test_browser_money_time import LAPTOP, PHONE, host_page, seated, text_of

pytestmark = pytest.mark.browser

MARKUP = '<img src=x onerror="window.pwned=1"> <b>hi</b> & bye'

PANE_BOXES = """() => {
  const items = [];
  for (const id of ["chat", "chat-error", "chat-name", "chat-text", "chat-send", "chat-rule"]) {
    const node = document.getElementById(id);
    if (!node || node.hidden || !node.getClientRects().length) continue;
    const r = node.getBoundingClientRect();
    items.push({ kind: "chat", name: id, box: [r.left, r.top, r.right, r.bottom] });
  }
  for (const tab of document.querySelectorAll(".tabs > button:not([hidden])")) {
    const r = tab.getBoundingClientRect();
    items.push({ kind: "tab", name: tab.textContent, box: [r.left, r.top, r.right, r.bottom],
                 clipped: tab.scrollWidth > tab.clientWidth + 1 });
  }
  return items;
}"""


BURST = """(count) => {
  for (let n = 0; n < count; n++) {
    document.getElementById("chat-text").value = `line ${n}`;
    document.getElementById("chat-send").click();
  }
}"""


def open_chat(page: Any, viewport: dict[str, int]) -> None:
    if viewport is PHONE:
        page.get_by_test_id("menu").click()
    page.get_by_test_id("tab-chat").click()
    page.get_by_test_id("chat-text").wait_for(state="visible")


def post(page: Any, text: str, name: str | None = None) -> None:
    if name is not None:
        page.get_by_test_id("chat-name").fill(name)
    page.get_by_test_id("chat-text").fill(text)
    page.get_by_test_id("chat-send").click()


def said(page: Any) -> list[str]:
    """The chat's lines as the page shows them: who, and what they said."""
    return [str(line) for line in page.eval_on_selector_all(
        "#chat .chat-line", "lines => lines.map(l => l.textContent)")]


def play_out(server: ServerProcess, room_id: str, pages: tuple[Any, ...]) -> None:
    """Click the first of each page's staying-in buttons until the hand is over."""
    for _ in range(200):
        if table_state(server, room_id)["table"]["hands_played"] >= 1:
            return
        for page in pages:
            for testid in CLICK_ORDER:
                found = page.get_by_test_id(testid)
                if found.count() and found.is_visible() and found.is_enabled():
                    found.click()
                    break
        pages[0].wait_for_timeout(150)


def check_pane(page: Any, viewport: dict[str, int], where: str) -> None:
    """Every part of the chat pane is on screen, and no two of them (nor two tabs)
    overlap; no tab's title is cut off."""
    items = page.evaluate(PANE_BOXES)
    assert {item["name"] for item in items} >= {"chat", "chat-text", "chat-send"}, where
    assert not overlaps(items), (where, overlaps(items))
    for item in items:
        left, top, right, bottom = item["box"]
        assert left >= 0 and top >= 0 and right <= viewport["width"] + 0.5 and \
            bottom <= viewport["height"] + 0.5, (where, item)
        assert not item.get("clipped"), (where, item)


def test_players_a_spectator_and_the_host_chat_and_the_host_mutes(
        browser: Any, server: ServerProcess) -> None:
    table = HTTP.post(f"{server.url}/api/tables", json={
        "game": "high-card", "seats": 2, "buy_in": 100, "stakes": {"ante": 10},
        "approval": False, "timer": 0, "next_hand_delay": 60}).json()
    room_id = table["id"]
    host = host_page(browser, server, room_id, table["host_token"])
    settings = host.locator("#table-settings").text_content() or ""
    assert "chat open to players and spectators" in settings
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    eve = browser.new_context(viewport=PHONE).new_page()
    eve.goto(f"{server.url}/t/{room_id}")
    eve.wait_for_function("document.body.dataset.seq !== undefined")
    host.get_by_test_id("start").click()
    for page in (ann, bob):
        wait_for(lambda p=page: "Your turn" in text_of(p, "status"), what="the deal")

    # Ann, on her phone, posts markup in the middle of the hand: it is shown as text
    open_chat(ann, PHONE)
    post(ann, MARKUP)
    wait_for(lambda: said(ann) == ["Ann" + MARKUP], what="Ann's line on her page")
    badge = bob.get_by_test_id("chat-badge")
    wait_for(lambda: badge.is_visible() and text_of(bob, "chat-badge") == "1",
             what="the unread line on Bob's page")
    open_chat(bob, LAPTOP)
    wait_for(lambda: badge.is_hidden(), what="the line read")
    for page in (ann, bob):
        assert page.locator("#chat img, #chat b").count() == 0
        assert page.evaluate("window.pwned") is None
        assert page.locator("#chat .said").first.text_content() == MARKUP

    # the spectator chats under a name of her own, not one at the table
    open_chat(eve, PHONE)
    assert eve.get_by_test_id("chat-name").is_visible()
    post(eve, "hello", name="ann")
    wait_for(lambda: "Not posted: the name 'ann' looks like 'Ann'" in text_of(
        eve, "chat-error"), what="the name refused")
    check_pane(eve, PHONE, "a refusal on the phone")
    post(eve, "hello", name="Eve")
    wait_for(lambda: "Eve (watching)hello" in said(bob), what="Eve's line")
    assert eve.get_by_test_id("chat-error").is_hidden()
    # a few lines at once, then she must wait (sent from the page in one go: one at a
    # time, a loaded machine can space them out enough for the limit to refill)
    eve.evaluate(BURST, 7)
    wait_for(lambda: "too fast: wait a few seconds" in text_of(eve, "chat-error"),
             what="the rate limit")
    # the refusal of the later lines can reach her page before the earlier lines come
    # back over the socket: wait for those
    def posted() -> list[str]:
        return [line for line in said(eve) if line.startswith("Eve (watching)line ")]

    wait_for(lambda: len(posted()) >= 3, what="the lines posted before the limit")
    assert 3 <= len(posted()) < 7

    # Ann and Bob play the hand out (on the phone the drawer is closed to act); the
    # chat said during it is in its replay
    ann.get_by_test_id("drawer-close").click()
    play_out(server, room_id, (ann, bob))
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] == 1,
             what="the end of the hand")
    bob.get_by_test_id("tab-hands").click()
    bob.get_by_test_id("replay-number").fill("1")
    bob.get_by_test_id("replay").click()
    box = bob.get_by_test_id("replay-chat-box")
    wait_for(lambda: box.is_visible(), what="the replay's chat")
    bob.get_by_test_id("replay-last").click()
    box.locator("summary").click()
    lines = [str(t) for t in bob.eval_on_selector_all(
        "#replay-chat .chat-line", "ls => ls.map(l => l.textContent)")]
    assert lines[:3] == ["Ann" + MARKUP, "Eve (watching)hello", "Eve (watching)line 0"]
    assert bob.locator("#replay-chat img").count() == 0
    bob.get_by_test_id("replay-close").click()
    bob.get_by_test_id("tab-chat").click()

    # the host mutes Eve from her line: everyone is told, and Eve's next line is refused
    open_chat(host, LAPTOP)
    eve_seq = eve.locator("#chat .chat-line.spectator").first.get_attribute("data-seq")
    host.get_by_test_id(f"mute-{eve_seq}").click()
    for page in (ann, bob, eve, host):
        wait_for(lambda p=page: "The host muted Eve." in said(p), what="the notice")
    assert text_of(host, f"mute-{eve_seq}") == "Unmute"
    post(eve, "let me talk")
    wait_for(lambda: "the host has muted you" in text_of(eve, "chat-error"),
             what="the muted line refused")
    post(bob, "quiet now")
    wait_for(lambda: "Bobquiet now" in said(ann), what="Bob's line")
    open_chat(ann, PHONE)
    for page, viewport, who in ((ann, PHONE, "Ann"), (bob, LAPTOP, "Bob"),
                                (eve, PHONE, "Eve"), (host, LAPTOP, "host")):
        check_pane(page, viewport, who)
    host.set_viewport_size(PHONE)  # the host's five tabs fit a phone too
    open_chat(host, PHONE)
    check_pane(host, PHONE, "host on a phone")
    # the chips are where the one hand put them
    players = table_state(server, room_id)["table"]["players"]
    assert sum(p["stack"] for p in players) == 200


def test_a_table_whose_chat_is_for_the_players_tells_a_spectator_so(
        browser: Any, server: ServerProcess) -> None:
    lobby = browser.new_context(viewport=PHONE).new_page()
    lobby.goto(server.url + "/")
    lobby.get_by_test_id("game").select_option("high-card")
    lobby.get_by_test_id("chat-setting").select_option("players")
    lobby.get_by_test_id("create").click()
    lobby.wait_for_url("**/t/*")
    wait_for(lambda: "chat for the players (spectators read)" in (
        lobby.locator("#table-settings").text_content() or ""), what="the setting in words")
    table = {"id": lobby.url.rstrip("/").split("/")[-1]}
    for viewport in (PHONE, LAPTOP):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(f"{server.url}/t/{table['id']}")
        page.wait_for_function("document.body.dataset.seq !== undefined")
        open_chat(page, viewport)
        assert "Only the players chat at this table" in text_of(page, "chat-rule")
        assert page.get_by_test_id("chat-text").is_disabled()
        assert page.get_by_test_id("chat-name").is_hidden()
        check_pane(page, viewport, f"spectator {viewport}")
