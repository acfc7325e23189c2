"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): the host sets
straddles and bomb pots in the lobby and the settings are said in words; each player
ticks *Straddle* at the table and the player under the gun (or on the button) posts it
before the cards; the host calls a bomb pot and the next hand starts at the flop with
everyone's post; nothing on a page overlaps anything else, and the ledger accounts for
every chip after every hand."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.engine.events import ForcedBet
from pokerroom.engine.extras import BOMB_POT, STRADDLE
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .conftest import ServerProcess
from .test_browser import table_state, take_turn, wait_for
from .test_browser_layout import BOXES, overlaps
from .test_browser_money_time import LAPTOP, PHONE, seated
from .test_browser_seat_change import check_ledger, play_and_check

pytestmark = pytest.mark.browser


def _create(host: Any, server: ServerProcess, **fields: str) -> str:
    host.goto(server.url + "/")
    host.get_by_test_id("game").select_option("holdem")
    host.fill("#seats", "3")
    host.fill("#timer", "0")
    host.uncheck("#approval")
    for testid, value in fields.items():
        target = host.get_by_test_id(testid)
        if testid == "straddle-setting":
            target.select_option(value)
        else:
            target.fill(value)
    host.get_by_test_id("create").click()
    host.wait_for_url("**/t/*")
    return str(host.url.rstrip("/").split("/")[-1])


def _room(database: str, room_id: str) -> Any:
    return RoomService(Store(database), Timing(warm_up=False))._replay(room_id)


def _posts(database: str, room_id: str) -> list[list[ForcedBet]]:
    return [[e for e in h.state.events if isinstance(e, ForcedBet)]
            for h in _room(database, room_id).hands]


LOBBY_FIELDS = """() => ["straddle", "bomb_pot", "bomb_pot_every", "chat", "rabbit_hunt"]
  .map((id) => document.getElementById(id).closest("label").getBoundingClientRect())
  .map((r) => [r.left, r.top, r.right, r.bottom])"""


def test_the_lobby_fields_fit_a_phone_and_a_laptop(
        browser: Any, server: ServerProcess) -> None:
    for viewport in (PHONE, LAPTOP):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(server.url + "/")
        boxes = page.evaluate(LOBBY_FIELDS)
        for i, (left, top, right, bottom) in enumerate(boxes):
            assert left >= 0 and right <= viewport["width"] + 0.5, (viewport, boxes)
            for other in boxes[i + 1:]:
                apart = (right <= other[0] or other[2] <= left or bottom <= other[1]
                         or other[3] <= top)
                assert apart, (viewport, boxes)


def _no_overlaps(pages: list[tuple[Any, dict[str, int]]]) -> None:
    for page, viewport in pages:
        items = page.evaluate(BOXES)
        assert not overlaps(items), (viewport, overlaps(items))


@pytest.mark.rule("supp-announce", "supp-blinds")
def tick(page: Any, on: bool) -> None:
    """Tick (or untick) the straddle box as a person does: click it until it shows the
    choice (a table frame arriving mid-click can draw the box again, undoing it)."""
    box = page.get_by_test_id("straddle")

    def shown() -> bool:
        if box.is_checked() == on:
            return True
        box.click(timeout=5000)
        page.wait_for_timeout(100)
        return bool(box.is_checked() == on)

    wait_for(shown, seconds=15, what="the straddle box ticked" if on else "unticked")


def test_players_tick_straddle_and_post_it_in_turn(
        browser: Any, server: ServerProcess) -> None:
    database = server.database
    host = browser.new_context(viewport=LAPTOP).new_page()
    room_id = _create(host, server, **{"straddle-setting": "mississippi"})
    wait_for(lambda: "straddles of twice the big blind under the gun or on the button" in (
        host.locator("#table-settings").text_content() or ""), what="the setting in words")
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    cleo = seated(browser, server, room_id, 2, "Cleo", PHONE)
    pages = [ann, bob, cleo]
    watcher = browser.new_context(viewport=PHONE).new_page()
    watcher.goto(f"{server.url}/t/{room_id}")
    watcher.wait_for_function("document.body.dataset.seq !== undefined")
    assert watcher.get_by_test_id("straddle-box").is_hidden()     # not a player
    for page in pages:
        wait_for(lambda p=page: p.get_by_test_id("straddle-box").is_visible(),
                 what="the straddle offered")
        words = page.get_by_test_id("straddle-box").text_content() or ""
        assert "Straddle 4 when under the gun or on the button" in words
        tick(page, True)
    wait_for(lambda: len(_room(database, room_id).straddling) == 3,
             what="the three choices stored")
    _no_overlaps([(ann, PHONE), (bob, LAPTOP), (cleo, PHONE)])
    host.get_by_test_id("start").click()
    play_and_check(server, room_id, pages, 3)
    posts = _posts(database, room_id)
    assert all(sum(p.kind == STRADDLE and p.amount == 4 for p in hand) == 1
               for hand in posts[:3]), posts
    # Bob unticks (when it is not his turn: the seat tools are hidden while he acts,
    # so the players play on until then);
    # in the hands after, Bob never straddles
    for _ in range(600):
        if bob.get_by_test_id("straddle-box").is_visible():
            break
        for page in pages:
            take_turn(page)
        bob.wait_for_timeout(100)
    tick(bob, False)
    wait_for(lambda: len(_room(database, room_id).straddling) == 2,
             what="Bob's choice stored")
    done = table_state(server, room_id)["table"]["hands_played"]
    play_and_check(server, room_id, pages, done + 3)
    later = _posts(database, room_id)[done + 1:]
    assert later and all(p.seat != 1 for hand in later for p in hand if p.kind == STRADDLE)
    assert any("posts straddle 4" in (page.get_by_test_id("log").text_content() or "")
               or "posts straddle 4" in (page.get_by_test_id("log-past").text_content() or "")
               for page in (*pages, watcher))
    check_ledger(server, room_id)


@pytest.mark.rule("supp-announce", "supp-blinds")
def test_the_host_calls_a_bomb_pot_and_it_starts_at_the_flop(
        browser: Any, server: ServerProcess) -> None:
    database = server.database
    host = browser.new_context(viewport=LAPTOP).new_page()
    room_id = _create(host, server, bomb_pot="10", bomb_pot_every="0")
    wait_for(lambda: "bomb pots of 10 a player when the host calls one" in (
        host.locator("#table-settings").text_content() or ""), what="the setting in words")
    ann = seated(browser, server, room_id, 0, "Ann", PHONE)
    bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
    pages = [ann, bob]
    host.get_by_test_id("tab-host").click()
    bomb = host.get_by_test_id("bomb")
    wait_for(lambda: bomb.is_visible(), what="the host's bomb pot button")
    bomb.click()
    wait_for(lambda: table_state(server, room_id)["table"]["bomb_pot"]["called"],
             what="the bomb pot called")
    wait_for(lambda: bomb.is_disabled(), what="the button says it is called")
    host.get_by_test_id("start").click()
    wait_for(lambda: (table_state(server, room_id)["hand"] or {}).get("number") == 1,
             what="the deal")
    first = _room(database, room_id).hands[0].state
    assert first.street_name == "flop" and len(first.board) == 3   # no preflop betting
    for page, viewport in ((ann, PHONE), (bob, LAPTOP)):
        wait_for(lambda p=page: p.locator("#board .card").count() == 3,
                 what="the flop on the page")
        items = page.evaluate(BOXES)
        assert not overlaps(items), (viewport, overlaps(items))
    play_and_check(server, room_id, pages, 1)
    play_and_check(server, room_id, pages, 2)
    posts = _posts(database, room_id)
    assert [p.kind for p in posts[0]] == [BOMB_POT, BOMB_POT]
    assert [p.amount for p in posts[0]] == [10, 10]
    assert BOMB_POT not in {p.kind for p in posts[1]}      # called once: one bomb pot
    check_ledger(server, room_id)
