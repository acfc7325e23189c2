"""The page in real headless Chromium: a host opens a table from the lobby, two players
join through the invite link in their own browser contexts, and they play full hands
of hold'em, Herbie and Guts by clicking; a reload in the middle of a hand gives the
seat and its cards back. With ``POKERROOM_WRITE_SCREENSHOTS=1`` the tests also refresh
the documentation's pictures in docs/screenshots/."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from .browser_fixtures import HTTP, save_screenshot
from .conftest import ServerProcess

pytestmark = pytest.mark.browser

CLICK_ORDER = ("act-check", "act-call", "act-in", "act-standpat", "act-bringin",
               "act-complete", "act-placewagers", "act-playbet")


def table_state(server: ServerProcess, room_id: str) -> dict[str, Any]:
    data: dict[str, Any] = HTTP.get(f"{server.url}/api/tables/{room_id}").json()
    return data


def wait_for(check: Callable[[], bool], seconds: float = 20, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def create_table(browser: Any, server: ServerProcess, game: str, seats: int) -> tuple[Any, str]:
    """The host's page: the lobby form filled in and submitted; returns (page, invite)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/")
    page.get_by_test_id("game").select_option(game)
    page.fill("#seats", str(seats))
    page.fill("#timer", "120")
    page.fill("#title", f"{game} night")
    if game == "herbie":
        save_screenshot(page, "lobby", full_page=True)
    page.get_by_test_id("create").click()
    page.wait_for_url("**/t/*")
    # the invite box is filled once the table's first state arrives over the socket
    page.wait_for_function("document.getElementById('invite').value !== ''", timeout=30_000)
    invite = page.get_by_test_id("invite").input_value()
    assert invite.startswith(server.url + "/t/")
    return page, invite


def join(browser: Any, invite: str, seat: int, name: str,
         viewport: dict[str, int] | None = None) -> Any:
    context = browser.new_context(viewport=viewport or {"width": 1024, "height": 800})
    page = context.new_page()
    page.goto(invite)
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id(f"sit-{seat}").click()
    page.wait_for_selector("#me:not([hidden])")
    return page


def take_turn(page: Any) -> bool:
    """Click the first sensible action on the page, if it is this seat's turn."""
    if "Your turn" not in (page.get_by_test_id("status").text_content() or ""):
        return False
    for testid in CLICK_ORDER:
        button = page.get_by_test_id(testid)
        try:
            if button.count() and button.first.is_enabled():
                button.first.click(timeout=2000)
                return True
        except Exception:  # the table re-rendered under the click: try again next round
            return False
    cards = page.locator("[data-testid^=my-card-]")
    if page.get_by_test_id("act-pass").count() or page.get_by_test_id("act-draw").count():
        try:
            cards.first.click(timeout=2000)
            for testid in ("act-pass", "act-draw"):
                button = page.get_by_test_id(testid)
                if button.count() and button.first.is_enabled():
                    button.first.click(timeout=2000)
                    return True
        except Exception:
            return False
    discards = page.locator("[data-testid^=act-discard-]")
    if discards.count():
        discards.first.click(timeout=2000)
        return True
    return False


def play_hands(server: ServerProcess, room_id: str, pages: list[Any], hands: int,
               on_turn: Callable[[int], None] | None = None, seconds: float = 300) -> int:
    """Click through until ``hands`` hands are finished; returns the clicks made."""
    clicks = 0
    deadline = time.monotonic() + seconds
    while table_state(server, room_id)["table"]["hands_played"] < hands:
        if time.monotonic() > deadline:
            state = table_state(server, room_id)
            statuses = [page.get_by_test_id("status").text_content() for page in pages]
            raise AssertionError(f"the hands did not finish: {statuses} "
                                 f"actors={state['table']['actors']} "
                                 f"log={(state['hand'] or {}).get('log', [])[-6:]}")
        for page in pages:
            if take_turn(page):
                clicks += 1
                if on_turn is not None:
                    on_turn(clicks)
        time.sleep(0.05)
    return clicks


def open_game(browser: Any, server: ServerProcess, game: str, seats: int,
              bots: bool) -> tuple[Any, list[Any], str]:
    host, invite = create_table(browser, server, game, seats)
    room_id = invite.rsplit("/", 1)[1]
    ann = join(browser, invite, 0, "Ann")
    bob = join(browser, invite, 1, "<b>Bob</b>", viewport={"width": 390, "height": 844})
    host.get_by_test_id("approve-0").click()
    host.get_by_test_id("approve-1").click()
    wait_for(lambda: all(p["approved"] for p in table_state(server, room_id)["table"]
                         ["players"]), what="approvals")
    if bots:
        host.get_by_test_id("fill").click()
        wait_for(lambda: len(table_state(server, room_id)["table"]["players"]) == seats,
                 what="bots")
    host.get_by_test_id("start").click()
    wait_for(lambda: table_state(server, room_id)["hand"] is not None, what="first deal")
    return host, [ann, bob], room_id


def test_holdem_two_players_by_clicks_with_a_reload_mid_hand(
        browser: Any, server: ServerProcess) -> None:
    host, (ann, bob), room_id = open_game(browser, server, "holdem", 3, bots=False)
    # the name is shown as text, never run as HTML
    assert bob.locator("[data-testid=seat-1] .name").first.text_content().startswith(
        "<b>Bob</b>")
    assert bob.locator("[data-testid=seat-1] b").count() == 0
    bob_cards = bob.get_by_test_id("my-cards").locator(".card")
    wait_for(lambda: bob_cards.count() == 2, what="Bob's hole cards")
    before = [bob_cards.nth(i).get_attribute("data-card") for i in range(2)]
    assert "??" not in before
    save_screenshot(ann, "holdem-laptop", full_page=True)
    save_screenshot(bob, "holdem-phone", full_page=True)
    # Ann's page holds no trace of Bob's cards
    assert not any(f'data-card="{card}"' in ann.content() for card in before)
    bob.reload()
    bob.wait_for_selector("#me:not([hidden])")
    wait_for(lambda: bob.get_by_test_id("my-cards").locator(".card").count() == 2,
             what="cards after reload")
    after = [bob.get_by_test_id("my-cards").locator(".card").nth(i).get_attribute("data-card")
             for i in range(2)]
    assert after == before
    assert "me" in (bob.get_by_test_id("seat-1").get_attribute("class") or "")
    clicks = play_hands(server, room_id, [ann, bob], hands=2)
    assert clicks >= 2
    # the past hand replays step by step on the table, showdown in words
    ann.get_by_test_id("tab-hands").click()
    ann.get_by_test_id("replay").click()
    ann.wait_for_selector("#replay-box:not([hidden])")
    ann.get_by_test_id("replay-last").click()
    assert ann.locator("#replay-steps li").count() > 3
    state = table_state(server, room_id)
    buy_in = state["table"]["config"]["buy_in"]
    assert sum(b["bought"] for b in state["ledger"]["balances"]) == 2 * buy_in
    assert sum(b["holding"] for b in state["ledger"]["balances"]) == 2 * buy_in
    save_screenshot(host, "holdem-host", full_page=True)


def test_herbie_with_bots_by_clicks(browser: Any, server: ServerProcess) -> None:
    _host, pages, room_id = open_game(browser, server, "herbie", 5, bots=True)
    pages[0].get_by_test_id("announcement").wait_for()
    assert "Herbie" in pages[0].get_by_test_id("announcement").text_content()
    shot_taken = False

    def shoot(_clicks: int) -> None:
        nonlocal shot_taken
        if not shot_taken:
            save_screenshot(pages[0], "herbie", full_page=True)
            shot_taken = True

    play_hands(server, room_id, pages, hands=2, on_turn=shoot)
    log = table_state(server, room_id)["hand"]["log"]
    assert log


def test_guts_by_clicks(browser: Any, server: ServerProcess) -> None:
    _host, pages, room_id = open_game(browser, server, "guts2", 3, bots=True)
    play_hands(server, room_id, pages, hands=3)
    save_screenshot(pages[1], "guts-phone", full_page=True)
    state = table_state(server, room_id)
    assert state["table"]["hands_played"] >= 3
