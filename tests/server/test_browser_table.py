"""The table view in headless Chromium: one full hand of every game family played by
clicks (and keys on the laptop), Ann on a laptop and Bob on a phone, bots in the other
seats. The whole hand fits one screen on the phone; bets show in front of the seats,
the pot with the street's bets in the middle; the bet presets stay in the option's
range; face-up and face-down cards are marked; the showdown is drawn on the table; the
hand replays on the same table as the seat saw it; the ledger is itemized. Screenshots
of every family on both sizes go to docs/screenshots/."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .browser_fixtures import HTTP, save_screenshot
from .conftest import ServerProcess
from .test_browser import wait_for

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# beside each family's hand in play on both sizes and its result on the phone, these
# pictures are kept: (game, size, what)
EXTRA_SHOTS = {("holdem", "laptop", "result"), ("holdem", "laptop", "replay"),
               ("holdem", "phone", "replay"), ("stud", "phone", "replay"),
               ("holdem", "phone", "ledger"), ("hearts-poker", "phone", "pass"),
               ("hearts-poker", "phone", "discard"), ("hearts-poker", "laptop", "pass"),
               ("lowball-27", "phone", "draw"), ("lowball-27", "laptop", "draw")}
FAMILIES = [  # (game, seats): every family of the catalog
    ("holdem", 6), ("omaha", 4), ("stud", 5), ("lowball-27", 4), ("guts2", 4),
    ("herbie", 5), ("hearts-poker", 4), ("three-card-poker", 3)]


class Player:
    """One human at the table: the page, its seat and its token for reading the API."""

    def __init__(self, page: Any, seat: int, name: str, size: str) -> None:
        self.page = page
        self.seat = seat
        self.name = name
        self.size = size
        self.turns = 0
        self.sized = False
        self.shot = False
        self.token = ""
        self.game = ""

    def state(self, server: ServerProcess, room_id: str) -> dict[str, Any]:
        response = HTTP.get(f"{server.url}/api/tables/{room_id}/me",
                             headers={"Authorization": f"Bearer {self.token}"})
        data: dict[str, Any] = response.json()
        return data

    def testid(self, name: str) -> Any:
        return self.page.get_by_test_id(name)

    def has(self, name: str) -> bool:
        locator = self.testid(name)
        return bool(locator.count()) and locator.first.is_enabled()


def open_table(browser: Any, server: ServerProcess, game: str,
               seats: int) -> tuple[str, dict[str, str], list[Player]]:
    """A table made over the API (no approval, a long pause after each hand), Ann on a
    laptop and Bob on a phone sat down through the page, bots in the other seats."""
    body = {"game": game, "seats": seats, "buy_in": 500, "approval": False, "timer": 120,
            "title": f"{game} night", "next_hand_delay": 60}
    table = HTTP.post(f"{server.url}/api/tables", json=body).json()
    room_id, host = table["id"], {"X-Host-Token": table["host_token"]}
    players = []
    for seat, (name, size, viewport) in enumerate((("Ann", "laptop", LAPTOP),
                                                   ("Bob", "phone", PHONE))):
        page = browser.new_context(viewport=viewport, has_touch=size == "phone").new_page()
        page.goto(f"{server.url}/t/{room_id}")
        page.get_by_test_id("name").fill(name)
        page.get_by_test_id(f"sit-{seat}").click()
        page.wait_for_selector("#me:not([hidden])")
        player = Player(page, seat, name, size)
        player.token = page.evaluate(f"localStorage.getItem('pokerroom:{room_id}:seat')")
        players.append(player)
    # Bob asks for a sound and a buzz on his turn
    bob = players[1]
    bob.testid("sound").click()
    assert bob.page.evaluate("document.body.dataset.sound") == "on"
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/fill", headers=host)
    HTTP.post(f"{server.url}/api/tables/{room_id}/host/resume", headers=host)
    return room_id, host, players


def expected_presets(kind: str, option: dict[str, Any], picture: dict[str, Any],
                     you: int) -> dict[str, int]:
    """The presets the page should offer, worked out from the snapshot: the pot is the
    middle plus this street's bets; each preset only inside the option's range."""
    lo, hi = ((option["min_amount"], option["max_amount"]) if kind == "bet"
              else (option["min_to"], option["max_to"]))
    seats = picture["seats"]
    me = next(s for s in seats if s["seat"] == you)
    pot = sum(chips for _, chips in picture["pots"]) + sum(s["bet"] for s in seats)
    top = max(s["bet"] for s in seats)
    to_call = max(0, top - me["bet"])
    all_in = me["stack"] if kind == "bet" else me["stack"] + me["bet"]
    out = {"min": lo}
    for name, fraction in (("half", 0.5), ("pot", 1.0)):
        value = (int(pot * fraction) if kind == "bet"
                 else top + int((pot + to_call) * fraction))
        if lo < value <= hi and value not in out.values():
            out[name] = value
    if hi not in out.values():
        out["allin" if hi == all_in else "max"] = hi
    return out


def check_sizing(player: Player, server: ServerProcess, room_id: str) -> bool:
    """On a bet or raise with a range: the presets the page shows are the right ones,
    inside the range; a preset fills the box and the slider; the bet goes by its key
    on the laptop, by the button on the phone. True if it acted."""
    for kind in ("raise", "bet"):
        if not player.testid(f"act-{kind}-amount").count():
            continue
        state = player.state(server, room_id)
        hand = state["hand"]
        option = next((o for o in hand["legal"] if o["type"] ==
                       ("RaiseOption" if kind == "raise" else "BetOption")), None)
        if option is None:
            return False
        want = expected_presets(kind, option, hand["picture"], hand["you"])
        shown = {}
        for button in player.page.locator("#actions .presets button.preset").all():
            testid = button.get_attribute("data-testid") or ""
            shown[testid.removeprefix(f"act-{kind}-")] = int(button.get_attribute("data-amount"))
        assert shown == want, (shown, want, option)
        lo, hi = min(want.values()), max(want.values())
        assert all(lo <= v <= hi for v in shown.values())
        if player.game == "omaha" and "allin" not in want:
            # pot limit: the Pot preset is the largest raise the rules allow
            assert want["pot"] == option["max_to" if kind == "raise" else "max_amount"]
        choice = "pot" if "pot" in want else "half" if "half" in want else "min"
        player.testid(f"act-{kind}-{choice}").click()
        box = player.testid(f"act-{kind}-amount")
        assert int(box.input_value()) == want[choice]
        assert int(player.testid(f"act-{kind}-slider").input_value()) == want[choice]
        label = player.testid(f"act-{kind}").text_content() or ""
        assert f"{want[choice]:,}" in label
        # a typed amount out of the range is refused right there, by the buttons
        box.fill(str(hi + 1))
        player.testid(f"act-{kind}").click()
        error = player.testid("error")
        error.wait_for()
        assert f"{hi:,}" in (error.text_content() or "")
        assert_on_screen(player.page, error)
        player.testid(f"act-{kind}-{choice}").click()
        if player.size == "laptop":
            player.page.locator("body").press("r" if kind == "raise" else "b")
        else:
            player.testid(f"act-{kind}").click()
        player.sized = True
        return True
    return False


def shoot(player: Player, what: str = "") -> None:
    """A screenshot into docs/screenshots/: every hand in play and phone result, and the
    few others of EXTRA_SHOTS."""
    if what and not (what == "result" and player.size == "phone") \
            and (player.game, player.size, what) not in EXTRA_SHOTS:
        return
    name = "-".join(part for part in ("table", player.game, player.size, what) if part)
    save_screenshot(player.page, name)


def assert_on_screen(page: Any, locator: Any) -> None:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["x"] >= -1 and box["y"] >= -1, box
    assert box["x"] + box["width"] <= size["width"] + 1, box
    assert box["y"] + box["height"] <= size["height"] + 1, box


RECTS = """(seats) => {
  const rect = (node) => {
    const r = node.getBoundingClientRect();
    return [node.dataset.testid || node.textContent, r.left, r.top, r.right, r.bottom];
  };
  const nodes = [...Array(seats).keys()].map(
    (i) => document.querySelector(`[data-testid=seat-${i}]`));
  return { scroll: document.scrollingElement.scrollHeight - innerHeight,
           missing: nodes.filter((n) => !n).length,
           rects: [...nodes.filter(Boolean), document.getElementById("pots"),
                   ...document.querySelectorAll("#actions button")].map(rect) };
}"""


def assert_one_screen(player: Player, seats: int) -> None:
    """Nothing scrolls: every seat, the pot and each action button are on the screen
    (read in one go, so a fresh table drawn meanwhile cannot split the reading)."""
    page = player.page
    found = page.evaluate(RECTS, seats)
    assert found["scroll"] <= 1 and not found["missing"], found
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    for name, left, top, right, bottom in found["rects"]:
        assert left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1, (
            name, left, top, right, bottom)


def take_turn(player: Player, server: ServerProcess, room_id: str, seats: int) -> bool:
    """One click (or key) of this player's, if it is their turn."""
    page = player.page
    if "Your turn" not in (player.testid("status").text_content() or ""):
        return False
    try:
        page.wait_for_selector("#actions button", timeout=3000)
    except Exception:
        return False
    if not player.shot:
        assert_one_screen(player, seats)
        shoot(player)
        player.shot = True
    player.turns += 1
    try:
        return act_once(player, server, room_id)
    except Exception:  # the table re-rendered under the click: try again next round
        return False


def act_once(player: Player, server: ServerProcess, room_id: str) -> bool:
    page = player.page
    if not player.sized and check_sizing(player, server, room_id):
        return True
    if player.has("act-placewagers"):
        player.testid("act-placewagers").click()
        return True
    if player.has("act-playbet"):
        player.testid("act-playbet").click()
        return True
    if player.testid("act-pass").count():
        # a pass: tap a card the pass allows; the button, off until then, names it
        for card in page.locator("[data-testid^=my-card-]").all():
            card.click()
            if player.testid("act-pass").is_enabled():
                assert "picked" in (card.get_attribute("class") or "")
                shoot(player, "pass")
                player.testid("act-pass").click()
                return True
        return False
    if player.testid("act-draw").count():
        # a draw: tap two cards; they lift and the button counts them
        cards = page.locator("[data-testid^=my-card-]")
        for i in range(min(2, cards.count())):
            cards.nth(i).click()
        assert page.locator("#my-cards .card.picked").count() == min(2, cards.count())
        assert "Draw 2" in (player.testid("act-draw").text_content() or "")
        shoot(player, "draw")
        player.testid("act-draw").click()
        return True
    discards = page.locator("[data-testid^=act-discard-]")
    if discards.count():
        shoot(player, "discard")
        discards.first.click()
        return True
    keys = {"act-check": "c", "act-call": "c", "act-in": "i"}
    for testid in ("act-check", "act-call", "act-in", "act-bringin", "act-complete"):
        if player.has(testid):
            if player.size == "laptop" and testid in keys:
                page.locator("body").press(keys[testid])
            else:
                player.testid(testid).click()
            return True
    for testid in ("act-bet", "act-raise"):
        fixed = page.locator(f"[data-testid^={testid}-]:not([data-testid$=-amount])")
        if fixed.count() and fixed.first.is_enabled():
            fixed.first.click()
            return True
    return False


def play_one_hand(server: ServerProcess, room_id: str, players: list[Player],
                  seats: int, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while True:
        state = HTTP.get(f"{server.url}/api/tables/{room_id}").json()
        if state["table"]["hands_played"] >= 1:
            return
        if time.monotonic() > deadline:
            statuses = [p.testid("status").text_content() for p in players]
            raise AssertionError(f"the hand did not finish: {statuses} "
                                 f"log={(state['hand'] or {}).get('log', [])[-6:]}")
        for player in players:
            take_turn(player, server, room_id, seats)
        time.sleep(0.05)


def check_table(player: Player, state: dict[str, Any]) -> None:
    """The finished hand drawn on the table: the winners lit and named, the result in
    the middle and in the log, the markers of face-up and face-down cards."""
    page = player.page
    hand = state["hand"]
    result = player.testid("result")
    result.wait_for()
    assert_on_screen(page, result)
    text = result.text_content() or ""
    winners = [i for i, net in enumerate(hand["result"]["net"]) if net > 0]
    for hs in winners:
        room_seat = hand["lineup"][hs]
        assert f"{hand['names'][hs]} wins" in text
        assert "winner" in (player.testid(f"seat-{room_seat}").get_attribute("class") or "")
    told = [line for line in hand["result"]["summary"] if line not in hand["log"]]
    assert page.locator("#log li.result-line").count() == len(told)
    picture = hand["picture"]
    me = next(s for s in picture["seats"] if s["seat"] == hand["you"])
    mine = page.locator("#my-cards .card")
    assert [mine.nth(i).get_attribute("data-card") for i in range(mine.count())] == me["cards"]
    if me["up"]:
        for i, up in enumerate(me["up"]):
            marks = mine.nth(i).get_attribute("class") or ""
            assert ("up" in marks.split()) == up and ("down" in marks.split()) == (not up)


def check_replay(player: Player, state: dict[str, Any], seats: int) -> None:
    """The hand again, on the same table, step by step as this seat saw it."""
    page = player.page
    if player.size == "phone":
        player.testid("menu").click()
    player.testid("tab-hands").click()
    player.testid("replay-1").click()
    page.wait_for_selector("#replay-box:not([hidden])")
    assert "replaying" in (player.testid("felt").get_attribute("class") or "")
    hand = state["hand"]
    total = int((player.testid("replay-step").text_content() or "").split("/")[1])
    assert total >= 2
    # the first step: the deal, nobody's hidden cards but this seat's own
    for hs, room_seat in enumerate(hand["lineup"]):
        cards = page.locator(f"[data-testid=seat-{room_seat}] .card")
        faces = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
        if hs == hand["you"]:
            assert "??" not in faces
        else:
            assert all(face == "??" or "up" in (cards.nth(i).get_attribute("class") or "")
                       for i, face in enumerate(faces))
    assert player.testid("seat-0").count() and player.testid(f"seat-{seats - 1}").count()
    player.testid("replay-next").click()
    assert (player.testid("replay-step").text_content() or "").startswith("2 /")
    if player.size == "laptop":
        page.locator("body").press("ArrowRight")
        wait_for(lambda: (player.testid("replay-step").text_content() or "").startswith(
            f"{min(3, total)} /"), what="the arrow key to step the replay")
    player.testid("replay-last").click()
    assert page.locator("#replay-steps li").count() > 3
    player.testid("result").wait_for()
    told = [line for line in hand["result"]["summary"] if line not in hand["log"]]
    assert page.locator("#replay-steps li.result-line").count() == len(told)
    shoot(player, "replay")
    player.testid("replay-close").click()
    page.wait_for_selector("#replay-box", state="hidden")
    assert "replaying" not in (player.testid("felt").get_attribute("class") or "")


def check_ledger(player: Player, state: dict[str, Any]) -> None:
    if player.size == "phone":
        player.testid("menu").click()
    player.testid("tab-ledger").click()
    items = player.testid(f"ledger-{player.name}")
    items.locator("summary").click()
    text = items.text_content() or ""
    assert "Buy-in 500 — before the first hand" in text
    nets = [e["amount"] for e in state["ledger"]["entries"]
            if e["name"] == player.name and e["kind"] == "result"]
    assert nets == [net for net in state["hand"]["result"]["net"][player.seat:player.seat + 1]
                    if net]
    if nets:
        assert f"Results, hand #1: {'+' if nets[0] > 0 else ''}{nets[0]:,}" in text
    if player.size == "phone":
        shoot(player, "ledger")
        player.testid("drawer-close").click()


@pytest.mark.parametrize(("game", "seats"), FAMILIES, ids=[g for g, _ in FAMILIES])
def test_one_hand_by_clicks_on_phone_and_laptop(browser: Any, server: ServerProcess,
                                                game: str, seats: int) -> None:
    room_id, _host, players = open_table(browser, server, game, seats)
    for player in players:
        player.game = game
    play_one_hand(server, room_id, players, seats)
    assert all(p.turns for p in players), [p.turns for p in players]
    if game in ("holdem", "omaha", "lowball-27"):
        assert any(p.sized for p in players), "no bet or raise was sized by a preset"
    # Bob's phone chimed and buzzed on his turn (he asked for it); Ann's did not
    assert int(players[1].page.evaluate("document.body.dataset.turnAlerts || 0")) >= 1
    assert players[0].page.evaluate("document.body.dataset.turnAlerts") is None
    for player in players:
        state = player.state(server, room_id)
        wait_for(lambda player=player: not player.testid("result").is_hidden(),
                 what="the result on the table")
        check_table(player, state)
        assert_one_screen(player, seats)
        shoot(player, "result")
        check_replay(player, state, seats)
        check_ledger(player, state)
