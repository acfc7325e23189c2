"""In headless Chromium, on a phone (390×844) and on a laptop (1366×768): the host allows
the rabbit hunt in the lobby; a hold'em hand is won without a showdown, a player clicks
"Rabbit hunt", and every screen shows the board the hand would have dealt, apart from
the board and marked as not dealt, with nothing over anything else; the result, the
chips and the ledger are as the hand left them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .browser_fixtures import HeadsUp
from .conftest import ServerProcess
from .test_browser import table_state, wait_for
from .test_browser_layout import BOXES, overlaps
from .test_browser_money_time import LAPTOP, PHONE, text_of
from .test_browser_seat_change import check_ledger

pytestmark = pytest.mark.browser


def shown_cards(page: Any) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all(
        "[data-testid=rabbit] .card", "cards => cards.map((c) => c.dataset.card)")]


def test_a_player_hunts_the_rabbit_and_every_screen_shows_it_as_not_dealt(
        server: ServerProcess, heads_up: Callable[[str, str], HeadsUp]) -> None:
    table = heads_up("rabbit_hunt", "the rabbit hunt after a hand won without a showdown")
    room_id, host, ann, bob, watcher = (table.room_id, table.host, table.ann, table.bob,
                                        table.watcher)
    database = server.database
    # the first to act folds: the hand is won without a showdown
    folder = None
    for _ in range(200):
        folder = next((p for p in (ann, bob) if "Your turn" in text_of(p, "status")), None)
        if folder is not None:
            break
        ann.wait_for_timeout(100)
    assert folder is not None
    folder.get_by_test_id("act-fold").click()
    wait_for(lambda: table_state(server, room_id)["table"]["hands_played"] == 1,
             what="the end of the hand")
    # the host pauses before the next deal, so the screens can be looked at
    table.host_says("pause")
    assert table_state(server, room_id)["hand"]["number"] == 1
    check_ledger(server, room_id)
    before = table_state(server, room_id)
    assert before["table"]["rabbit_offer"] and "rabbit" not in before["hand"]
    assert not watcher.get_by_test_id("rabbit-hunt").is_visible()   # not a player
    for page in (ann, bob):
        wait_for(lambda p=page: p.get_by_test_id("rabbit-hunt").is_visible(),
                 what="the rabbit hunt offered")
    ann.get_by_test_id("rabbit-hunt").click()

    record = RoomService(Store(database), Timing(warm_up=False))._replay(room_id).hands[0]
    assert len(record.rabbit) == 5
    for page, viewport in ((ann, PHONE), (bob, LAPTOP), (watcher, PHONE), (host, LAPTOP)):
        wait_for(lambda p=page: shown_cards(p) == list(record.rabbit),
                 what="the rabbit on every screen")
        label = page.locator("[data-testid=rabbit] .label").text_content() or ""
        assert label == "Rabbit hunt (Ann asked): not dealt"
        assert page.locator("#board .card").count() == 0   # the board itself is empty
        assert page.get_by_test_id("rabbit-hunt").is_hidden()
        items = page.evaluate(BOXES)
        assert not overlaps(items), (viewport, overlaps(items))
        box = page.get_by_test_id("rabbit").bounding_box()
        assert box is not None and box["x"] >= 0 and \
            box["x"] + box["width"] <= viewport["width"]
    after = table_state(server, room_id)
    assert after["hand"]["result"] == before["hand"]["result"]
    assert after["table"]["players"] == before["table"]["players"]
    assert after["ledger"]["balances"] == before["ledger"]["balances"]
    check_ledger(server, room_id)
