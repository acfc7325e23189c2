"""In headless Chromium, every game family laid out on a phone (390×844), on the same
phone with wider words (as another machine's fonts may make them) and on a laptop
(1366×768) with nothing over anything else: at each of Ann's turns and at the
showdown, the boxes of the cards (a hand's cards as one group: they may overlap each
other by design), the labels (names, stacks, what a hand is, FOLDED and ALL IN, the
pots, the street, the result in the middle, the dealer's and Herbie's hands' titles)
and the chips (bets, the dealer button, a win or loss) must not intersect. Ann plays
by the API, staying in to the showdown where she can; the three pages show her seat."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from .browser_fixtures import HTTP
from .conftest import ServerProcess
from .test_browser import wait_for
from .test_browser_table import FAMILIES

pytestmark = pytest.mark.browser
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768},
         "phone-wide": {"width": 390, "height": 844}}
WIDE_LETTERS = """document.addEventListener("DOMContentLoaded", () => {
  const style = document.createElement("style");
  style.textContent = ".seat .note, .seat .name, .result { letter-spacing: .07em }";
  document.head.append(style);
});"""
"""A page whose words take a tenth more room, as in a font wider than this machine's: a
hand's name then wraps onto more lines and the result grows, and the places found for
them must still be clear."""
OVERLAPS = Path(tempfile.gettempdir()) / "pokerroom-overlaps"
"""Where a picture of each page with an overlap goes, to see it."""

BOXES = """() => {
  const felt = document.getElementById("felt");
  const shown = (n) => {
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && !n.closest("[hidden]")
      && getComputedStyle(n).visibility !== "hidden";
  };
  const items = [];
  const add = (kind, name, nodes) => {
    const rects = nodes.filter(shown).map((n) => n.getBoundingClientRect());
    if (!rects.length) return;
    items.push({ kind, name, box: [Math.min(...rects.map((r) => r.left)),
      Math.min(...rects.map((r) => r.top)), Math.max(...rects.map((r) => r.right)),
      Math.max(...rects.map((r) => r.bottom))] });
  };
  const each = (root, selector, kind, name) =>
    root.querySelectorAll(selector).forEach((n, i) => add(kind, `${name} ${i}`, [n]));
  for (const seat of felt.querySelectorAll(".seat")) {
    const id = seat.dataset.testid;
    for (const hand of seat.querySelectorAll(".hand")) {
      add("cards", `${id} cards`, [...hand.querySelectorAll(".card")]);
    }
    for (const [selector, what] of [[".name", "name"], [".stack", "stack"],
                                    [".status-tag", "status"], [".note", "hand name"],
                                    [".clock", "clock"], [".sit", "sit"]]) {
      each(seat, selector, "label", `${id} ${what}`);
    }
    each(seat, ".net", "chips", `${id} win/loss`);
  }
  each(felt, ".bet", "chips", "bet");
  each(felt, ".dealer-button", "chips", "button");
  add("cards", "board", [...felt.querySelectorAll("#board .card")]);
  felt.querySelectorAll(".extra-hand").forEach((hand, i) => {
    add("cards", `extra hand ${i}`, [...hand.querySelectorAll(".card")]);
    each(hand, ":scope > .label", "label", `extra hand ${i} title`);
  });
  each(felt, "#pots > *", "label", "pot line");
  add("label", "result", [...felt.querySelectorAll("#result")]);
  return items;
}"""


def overlaps(items: list[dict[str, Any]]) -> list[str]:
    """Each pair of different elements whose boxes intersect (by more than a pixel)."""
    found = []
    for i, first in enumerate(items):
        for second in items[i + 1:]:
            a, b = first["box"], second["box"]
            wide = min(a[2], b[2]) - max(a[0], b[0])
            high = min(a[3], b[3]) - max(a[1], b[1])
            if wide > 1 and high > 1:
                found.append(f"{first['kind']} {first['name']!r} over {second['kind']} "
                             f"{second['name']!r} ({wide:.0f}×{high:.0f} px)")
    return found


def stay_in(option: dict[str, Any], stakes: dict[str, int]) -> dict[str, Any]:
    """The action that keeps Ann in the hand for one of her options (as the snapshot
    gives them), or the plain choice where there is nothing to stay in with."""
    kind = option["type"]
    plain = {"CheckOption": {"type": "Check"}, "CallOption": {"type": "Call"},
             "DeclareOption": {"type": "Declare", "stay": True},
             "BringInOption": {"type": "BringIn"}, "DrawOption": {"type": "Draw",
                                                                  "discards": []},
             "PlayOption": {"type": "PlayBet"}}
    if kind in plain:
        return plain[kind]
    if kind == "PassOption":
        return {"type": "PassCard", "card": option["cards"][0]}
    if kind == "DiscardOption":
        return {"type": "Discard", "cards": option["choices"][0]}
    if kind == "PlaceWagersOption":
        return {"type": "PlaceWagers", "ante": stakes.get("ante", option["min_bet"]),
                "pair_plus": stakes.get("pair_plus", 0), "six_card_bonus": 0}
    return {"type": "Fold"}


PREFERENCE = ("CheckOption", "CallOption", "DeclareOption", "PlayOption",
              "PlaceWagersOption", "BringInOption", "DrawOption", "PassOption",
              "DiscardOption")


def check_no_overlap(pages: dict[str, Any], game: str, moment: str,
                     problems: list[str]) -> None:
    """Measure both pages (after the table has drawn its newest state) and note every
    overlap, with a picture of the page in :data:`OVERLAPS`."""
    next(iter(pages.values())).wait_for_timeout(150)  # the bets go once the seats are drawn
    for size, page in pages.items():
        items = page.evaluate(BOXES)
        if moment == "showdown":
            assert any(item["kind"] == "cards" for item in items), (size, items)
        found = overlaps(items)
        if found:
            OVERLAPS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(OVERLAPS / f"{game}-{size}-{moment}.png"))
        problems.extend(f"{game} {size} {moment}: {words}" for words in found)


@pytest.mark.parametrize(("game", "seats"), FAMILIES, ids=[g for g, _ in FAMILIES])
def test_nothing_overlaps_in_play_or_at_the_showdown(
        browser: Any, server: ServerProcess, game: str, seats: int) -> None:
    body = {"game": game, "seats": seats, "buy_in": 500, "approval": False, "timer": 0,
            "next_hand_delay": 60, "title": f"{game} layout"}
    table = HTTP.post(f"{server.url}/api/tables", json=body).json()
    room_id, host = table["id"], {"X-Host-Token": table["host_token"]}
    token = HTTP.post(f"{server.url}/api/tables/{room_id}/join",
                       json={"seat": 0, "name": "Annabel Lee"}).json()["token"]
    pages = {}
    for size, viewport in SIZES.items():
        context = browser.new_context(viewport=viewport, has_touch=size != "laptop")
        if size == "phone-wide":
            context.add_init_script(WIDE_LETTERS)
        context.add_init_script(
            f"localStorage.setItem('pokerroom:{room_id}:seat', {token!r})")
        pages[size] = context.new_page()
        pages[size].goto(f"{server.url}/t/{room_id}")
        pages[size].wait_for_selector("#me:not([hidden])")
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/fill", headers=host)
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/resume", headers=host)
    me = {"Authorization": f"Bearer {token}"}
    problems: list[str] = []
    turns = 0
    deadline = time.monotonic() + 180
    while True:
        assert time.monotonic() < deadline, "the hand did not finish"
        state = HTTP.get(f"{server.url}/api/tables/{room_id}/me", headers=me).json()
        hand = state["hand"]
        if hand and hand["over"]:
            break
        legal = hand["legal"] if hand else []
        if not legal:
            time.sleep(0.05)
            continue
        seq = state["seq"]
        for page in pages.values():
            wait_for(lambda page=page, seq=seq: int(page.evaluate(
                "document.body.dataset.seq || -1")) >= seq,
                     what="the page to draw the table")
        turns += 1
        check_no_overlap(pages, game, f"turn{turns}", problems)
        option = min(legal, key=lambda o: PREFERENCE.index(o["type"])
                     if o["type"] in PREFERENCE else len(PREFERENCE))
        HTTP.post(f"{server.url}/api/tables/{room_id}/act", headers=me,
                   json={"action": stay_in(option, hand["stakes"])})
    assert turns, "Ann never had a turn"
    for page in pages.values():
        page.get_by_test_id("result").wait_for()
    check_no_overlap(pages, game, "showdown", problems)
    assert not problems, "\n".join(problems)
