"""In headless Chromium: a tab whose seat is taken back (turned away, removed) keeps
nothing of it. It says why, shows no cards and no buttons of whoever sits there next, and
the host's Remove does nothing until a player is chosen and the removal confirmed."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.server.codec import card_strings, to_json
from pokerroom.server.service import RoomService, Timing
from pokerroom.server.storage import Store

from .conftest import ServerProcess
from .test_browser import create_table, table_state, wait_for

pytestmark = pytest.mark.browser


def ask_for_seat(browser: Any, invite: str, seat: int, name: str) -> Any:
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(invite)
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id(f"sit-{seat}").click()
    return page


def secret_cards(database: str, room_id: str, room_seat: int) -> set[str]:
    """The face-down cards of ``room_seat``'s occupant that no spectator has seen."""
    room = RoomService(Store(database), Timing())._replay(room_id)
    secret: set[str] = set()
    for record in room.hands:
        seat = record.hand_seat(room_seat)
        if seat is None:
            continue
        public: set[str] = set()
        for event in record.state.events_for(None):
            public |= card_strings(to_json(event))
        for event in record.state.events:
            if seat in (getattr(event, "private_to", None) or ()):
                secret |= card_strings(to_json(event)) - public
    return secret


def test_a_removed_and_a_turned_away_tab_keep_nothing_of_the_seat(
        browser: Any, server: ServerProcess) -> None:
    database = server.database
    host, invite = create_table(browser, server, "holdem", 3)
    room_id = invite.rsplit("/", 1)[1]
    ann = ask_for_seat(browser, invite, 0, "Ann")
    bob = ask_for_seat(browser, invite, 1, "Bob")
    cleo = ask_for_seat(browser, invite, 2, "Cleo")
    host.get_by_test_id("approve-0").click()
    host.get_by_test_id("approve-1").click()
    wait_for(lambda: sum(p["approved"] for p in table_state(server, room_id)["table"]
                         ["players"]) == 2, what="approvals")
    bob.wait_for_selector("#me:not([hidden])")
    # Remove with nobody chosen does nothing and says so
    seq = table_state(server, room_id)["seq"]
    host.get_by_test_id("remove").click()
    wait_for(lambda: "Choose the player" in (host.get_by_test_id("error").text_content()
                                             or ""), what="the remove refusal")
    assert table_state(server, room_id)["seq"] == seq
    # a declined confirmation removes nobody either
    host.get_by_test_id("remove-seat").select_option("1")
    host.once("dialog", lambda dialog: dialog.dismiss())
    host.get_by_test_id("remove").click()
    host.wait_for_timeout(500)
    assert table_state(server, room_id)["seq"] == seq
    # turned away, and removed: each open tab is told why at once
    host.get_by_test_id("reject-2").click()
    cleo.get_by_test_id("notice").wait_for()
    assert "turned down your request for seat 3" in cleo.get_by_test_id("notice").text_content()
    host.get_by_test_id("remove-seat").select_option("1")
    host.once("dialog", lambda dialog: dialog.accept())
    host.get_by_test_id("remove").click()
    bob.get_by_test_id("notice").wait_for()
    assert "removed you from seat 2" in bob.get_by_test_id("notice").text_content()
    wait_for(lambda: bob.locator("#me").is_hidden(), what="Bob's seat panel to close")
    # bots take both seats and a hand is dealt
    host.get_by_test_id("fill").click()
    wait_for(lambda: len(table_state(server, room_id)["table"]["players"]) == 3, what="bots")
    host.get_by_test_id("start").click()
    wait_for(lambda: table_state(server, room_id)["hand"] is not None, what="the deal")
    ann.wait_for_selector("[data-testid=my-cards] .card")
    for page, seat in ((bob, 1), (cleo, 2)):
        wait_for(lambda page=page: "hand" in (page.get_by_test_id("log").text_content()
                                              or "").lower()
                 or page.locator("[data-testid=seat-0] .card").count() > 0,
                 what="the old tab to show the new hand")
        html = page.content()
        secret = secret_cards(database, room_id, seat)
        assert secret, "the new occupant was dealt no hidden card"
        assert not any(f'data-card="{card}"' in html for card in secret)
        assert page.locator("[data-testid^=act-]").count() == 0
        assert "Your turn" not in (page.get_by_test_id("status").text_content() or "")
        assert page.locator("#me").is_hidden()
