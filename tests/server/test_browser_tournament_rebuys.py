"""In headless Chromium: rebuys, the add-on and a deal at a tournament table, by clicks.
Two people and a bot shove through the rebuy period; a person who busts rebuys by
clicking before the next deal, each person left takes the add-on at the end of the
period, and then a player offers a deal by ICM at the table: both people accept it by
clicking (the bot accepts any deal). The ledger pays exactly the deal's amounts, and
the chips in play are always the starting stacks plus the rebuys and add-ons."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerroom.tournament.deal import icm_deal

from .conftest import ServerProcess
from .test_browser import table_state, wait_for
from .test_browser_money_time import LAPTOP, PHONE, host_page, seated
from .test_browser_tournament import check_chips, shove

pytestmark = pytest.mark.browser

# levels of three hands on a clock counted in hands: rebuys through level 1, the
# add-on after its third hand
STRUCTURE = """name = "rebuys"
starting_stack = 500
buy_in = 10
chips = [25]
payouts = [{ up_to = 2, percentages = [100] }, { up_to = 10, percentages = [65, 35] }]
levels = [
  { small_blind = 25, big_blind = 50, minutes = 5, hands = 3 },
  { small_blind = 50, big_blind = 100, minutes = 5, hands = 3 },
  { small_blind = 100, big_blind = 200, minutes = 5, hands = 3 },
]

[rebuys]
until_level = 1
per_player = 3
chips = 500
price = 10

[add_on]
chips = 500
price = 5
"""


def between_hands(state: dict[str, Any]) -> bool:
    return state["hand"] is None or bool(state["hand"].get("over"))


def passive(page: Any) -> bool:
    """On this seat's turn, check, else fold; True if it clicked."""
    if "Your turn" not in (page.get_by_test_id("status").text_content() or ""):
        return False
    for test_id in ("act-check", "act-fold"):
        try:
            found = page.get_by_test_id(test_id)
            if found.count() and found.first.is_enabled():
                found.first.click(timeout=2000)
                return True
        except Exception:  # the table re-rendered under the click: next round
            return False
    return False


def click_when_offered(page: Any, test_id: str, what: str) -> None:
    button = page.get_by_test_id(test_id)
    wait_for(lambda: button.count() == 1 and button.is_visible(), seconds=15, what=what)
    button.click(timeout=5000)


def test_a_bust_rebuys_everyone_takes_the_add_on_and_all_accept_a_deal(
        browser: Any, tmp_path: Path, server_factory: type[ServerProcess]) -> None:
    server = server_factory(f"sqlite:///{tmp_path / 'rebuys.sqlite3'}",
                            extra=("--bot-delay", "0.1")).start()
    # a long pause between hands: the buys are clicked before the next deal (20 s: a
    # loaded machine may take several seconds between two looks at the table)
    table = httpx.post(f"{server.url}/api/tables", json={
        "game": "holdem", "seats": 3, "approval": False, "timer": 0,
        "top_up_approval": False, "next_hand_delay": 20,
        "tournament": {"structure": STRUCTURE, "clock": "hands"}}).json()
    room_id = table["id"]
    host = host_page(browser, server, room_id, table["host_token"])
    pages = {0: seated(browser, server, room_id, 0, "Ann", PHONE),
             1: seated(browser, server, room_id, 1, "Bob", LAPTOP)}
    host.get_by_test_id("fill").click()
    wait_for(lambda: len(table_state(server, room_id)["table"]["players"]) == 3,
             what="the bot seated")
    host.get_by_test_id("start").click()
    for page in pages.values():
        page.get_by_test_id("tourney-clock").wait_for()

    # the rebuy period: both people shove; whoever busts rebuys by clicking
    rebought: set[int] = set()
    # what the period looked like, for a failure: each change the loop saw, with the
    # seconds since the period began, and the longest wait between two looks
    seen: list[tuple[Any, ...]] = []
    began = last_look = time.monotonic()
    longest = 0.0
    deadline = began + 300
    while time.monotonic() < deadline:
        state = table_state(server, room_id)
        longest, last_look = max(longest, time.monotonic() - last_look), time.monotonic()
        t = state["table"]["tournament"]
        look = (state["table"]["hands_played"], between_hands(state),
                tuple(p["stack"] for p in state["table"]["players"]), dict(t["places"]))
        if not seen or seen[-1][1:] != look:
            seen.append((round(last_look - began, 1), *look))
        assert not t["over"], t
        done = state["table"]["hands_played"] >= 3 and between_hands(state)
        if between_hands(state) and state["table"]["hands_played"] >= 1:
            for player in state["table"]["players"]:
                seat = player["seat"]
                if seat in pages and player["stack"] == 0 and str(seat) not in t["places"]:
                    click_when_offered(pages[seat], "tourney-rebuy", f"seat {seat}'s rebuy")
                    wait_for(lambda s=seat: next(
                        p for p in table_state(server, room_id)["table"]["players"]
                        if p["seat"] == s)["stack"] == 500, what="the rebuy's chips")
                    rebought.add(seat)
            check_chips(table_state(server, room_id))
        if done:
            break
        if not any([shove(pages[0]), shove(pages[1])]):
            time.sleep(0.15)
    assert rebought, (f"no person busted during the rebuy period: {seen}; the longest "
                      f"wait between two looks: {longest:.1f} s; the server's log ends: "
                      f"{server.log_text()[-1500:]}")

    # the end of the rebuy period: each person with chips takes the add-on
    state = table_state(server, room_id)
    t = state["table"]["tournament"]
    people = [seat for seat in pages if str(seat) not in t["places"]]
    assert people
    for seat in people:
        click_when_offered(pages[seat], "tourney-add-on", f"seat {seat}'s add-on")
    wait_for(lambda: table_state(server, room_id)["table"]["tournament"]["add_ons"]
             == len(people), what="the add-ons sold")

    # a deal by ICM, offered at the table between hands and accepted by every person
    # left (a bot out of chips on the last hand is put out at the next deal first: the
    # people check or fold through that hand)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = table_state(server, room_id)
        t = state["table"]["tournament"]
        short = [p for p in state["table"]["players"]
                 if p["stack"] == 0 and str(p["seat"]) not in t["places"]]
        if between_hands(state) and not short:
            break
        if not any([passive(pages[0]), passive(pages[1])]):
            time.sleep(0.15)
    click_when_offered(pages[people[0]], "tourney-offer-icm", "the deal offer")
    wait_for(lambda: table_state(server, room_id)["table"]["tournament"]["deal"] is not None,
             what="the deal on offer")
    state = table_state(server, room_id)
    t = state["table"]["tournament"]
    offer = {row["seat"]: row["amount"] for row in t["deal"]["amounts"]}
    stacks = {p["seat"]: p["stack"] for p in state["table"]["players"]}
    left = sorted(offer)
    # the ICM deal of the prizes still to be paid, for the stacks at the table
    expected = icm_deal([stacks[s] for s in left], t["prizes"][:len(left)]).amounts
    assert [offer[s] for s in left] == list(expected)
    assert sum(offer.values()) == sum(t["prizes"][:len(left)])
    check_chips(state)
    assert t["chips"] == 500 * (3 + t["rebuys"] + t["add_ons"])
    for seat in people:
        page = pages[seat]
        wait_for(lambda p=page: p.get_by_test_id("tourney-deal").count() == 1,
                 what="the deal on the page")
        click_when_offered(page, "tourney-accept", f"seat {seat}'s acceptance")
    wait_for(lambda: table_state(server, room_id)["table"]["tournament"]["over"],
             what="the end by the deal")

    state = table_state(server, room_id)
    t = state["table"]["tournament"]
    names = {p["seat"]: p["name"] for p in state["table"]["players"]}
    prizes = {e["name"]: e["amount"] for e in state["ledger"]["entries"]
              if e["kind"] == "prize"}
    assert prizes == {names[s]: amount for s, amount in offer.items() if amount}
    kinds = [e["kind"] for e in state["ledger"]["entries"]]
    assert kinds.count("rebuy") == t["rebuys"] >= len(rebought)
    assert kinds.count("add-on") == t["add_ons"] == len(people)
    pool = 10 * 3 + 10 * t["rebuys"] + 5 * t["add_ons"]
    assert t["prize_pool"] == pool == sum(t["prizes"])
    assert sum(row["net"] for row in state["ledger"]["balances"]) == 0
    for page in pages.values():
        wait_for(lambda p=page: "The players made a deal by ICM" in (
            p.get_by_test_id("tourney").text_content() or ""), what="the deal shown")
