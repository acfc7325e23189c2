"""The browser tests' Chromium and card-room server, started once per test process.

One headless Chromium serves every browser test of a process (each pytest-xdist worker
has its own): a test gets a :class:`Browser` whose contexts are its own and are closed
when it ends, so no cookie, local storage or open socket passes from one test to the
next. One card-room server (``server``, on a SQLite file of its own) serves the
tests that need no server of their own; each of them opens tables of its own on it. A
test that kills its server (``kill -9``) starts one with ``server_factory`` instead.

Playwright's synchronous API leaves its event loop marked as running in the thread that
uses it, between calls too; a test run later in the same process that calls
``asyncio.run`` would be refused. So the loop is marked as running only while a browser
test runs (:func:`browser`), and not between them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import httpx
import pytest

if TYPE_CHECKING:
    from .conftest import ServerProcess

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
HTTP = httpx.Client(timeout=30)
"""The tests' one HTTP client for their calls to the servers: ``httpx.get`` makes a
client for each call, about 25 ms of CPU; a call on this one (its connections kept
open) costs about 1 ms. It waits up to 30 s for an answer: a server warming up on a
loaded machine can take longer than httpx's usual 5 s, and no test is about that."""
SCREENSHOTS = os.environ.get("POKERROOM_WRITE_SCREENSHOTS")
"""Set (to anything) to write the documentation's pictures into ``docs/screenshots/``;
unset, the tests take no screenshot (a picture checks nothing and costs Chromium about
half a second of CPU to draw and encode)."""
REDUCED_MOTION = "reduce"
"""The tests' pages ask for less motion (the room's style then animates nothing): a
running clock's bar no longer slides at sixty frames a second in Chromium's software
renderer, which kept a core busy while any clock ran."""
BOT_DELAY = "0.05"
"""Seconds a bot of the shared server thinks: the tests are not about the bots' pace."""


def save_screenshot(page: Any, name: str, *, full_page: bool = False) -> None:
    """Write ``page``'s picture as ``docs/screenshots/<name>.png`` when
    :data:`SCREENSHOTS` asks for the documentation's pictures; otherwise do nothing."""
    if SCREENSHOTS:
        from .conftest import ROOT

        folder = ROOT / "docs" / "screenshots"
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"{name}.png"), full_page=full_page)


class Browser:
    """The shared Chromium as one test sees it: the contexts it opens are closed when
    the test ends (each context is a fresh profile: its own storage and cookies)."""

    def __init__(self, chromium: Any) -> None:
        self.chromium = chromium
        self.contexts: list[Any] = []

    def new_context(self, **options: Any) -> Any:
        options.setdefault("reduced_motion", REDUCED_MOTION)
        context = self.chromium.new_context(**options)
        self.contexts.append(context)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def close(self) -> None:
        for context in self.contexts:
            with contextlib.suppress(Exception):  # a context gone with a failed test
                context.close()
        self.contexts.clear()


class _Chromium:
    """The process's Playwright and Chromium, and the event loop Playwright runs on."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        from .conftest import CHROMIUM

        self.playwright = sync_playwright().start()
        self.loop = asyncio.events._get_running_loop()
        try:
            self.browser = self.playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                           args=ARGS)
        except BaseException:
            self.playwright.stop()
            raise
        self.pause()

    def resume(self) -> None:
        """Mark Playwright's loop as running again in this thread (as its calls expect)."""
        asyncio.events._set_running_loop(self.loop)

    def pause(self) -> None:
        """Between browser tests: no loop marked as running, so other tests may start
        their own."""
        asyncio.events._set_running_loop(None)

    def close(self) -> None:
        self.resume()
        try:
            self.browser.close()
        finally:
            self.playwright.stop()
            self.pause()


@pytest.fixture(scope="session")
def chromium() -> Iterator[_Chromium]:
    """Chromium, launched once per test process."""
    shared = _Chromium()
    yield shared
    shared.close()


@pytest.fixture
def browser(chromium: _Chromium) -> Iterator[Browser]:
    """The shared Chromium for one test; the contexts it opened are closed after it."""
    chromium.resume()
    view = Browser(chromium.browser)
    try:
        yield view
    finally:
        view.close()
        chromium.pause()


@pytest.fixture(scope="session")
def _room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    from .conftest import ServerProcess

    database = f"sqlite:///{tmp_path_factory.mktemp('room') / 'room.sqlite3'}"
    holder = [ServerProcess(database, extra=("--bot-delay", BOT_DELAY)).start()]
    yield holder
    holder[0].stop()


@pytest.fixture
def server(_room_server: list[ServerProcess]) -> ServerProcess:
    """The process's card-room server (started again, on its database, should a test
    have brought it down); a test opens its own tables on it."""
    from .conftest import ServerProcess

    server = _room_server[0]
    if server.process is None or server.process.poll() is not None:
        server.stop()
        server = _room_server[0] = ServerProcess(
            server.database, extra=("--bot-delay", BOT_DELAY)).start()
    return server


@dataclass
class HeadsUp:
    """A hold'em table for two opened from the lobby by the host (on a laptop), Ann on a
    phone in seat 1, Bob on a laptop in seat 2 and a spectator on a phone, dealt."""

    server: ServerProcess
    room_id: str
    host: Any
    host_token: str
    ann: Any
    bob: Any
    watcher: Any

    def host_says(self, command: str) -> None:
        """A host command over the API (``pause``, ``resume``), which must succeed."""
        response = HTTP.post(f"{self.server.url}/api/tables/{self.room_id}/host/{command}",
                              headers={"X-Host-Token": self.host_token})
        assert response.status_code == 200, response.text


@pytest.fixture
def heads_up(browser: Browser, server: ServerProcess) -> Callable[[str, str], HeadsUp]:
    """Opens a :class:`HeadsUp` table with the lobby's check box ``option`` ticked and
    waits for the table's settings to say ``words``."""
    from .test_browser import wait_for
    from .test_browser_money_time import LAPTOP, PHONE, seated

    def open_table(option: str, words: str) -> HeadsUp:
        host = browser.new_context(viewport=LAPTOP).new_page()
        host.goto(server.url + "/")
        host.get_by_test_id("game").select_option("holdem")
        host.fill("#seats", "2")
        host.fill("#timer", "0")
        host.uncheck("#approval")
        host.get_by_test_id(option).check()
        host.get_by_test_id("create").click()
        host.wait_for_url("**/t/*")
        wait_for(lambda: words in (host.locator("#table-settings").text_content() or ""),
                 what="the setting in words")
        room_id = host.url.rstrip("/").split("/")[-1]
        host_token = host.evaluate(f"localStorage.getItem('pokerroom:{room_id}:host')")
        ann = seated(browser, server, room_id, 0, "Ann", PHONE)
        bob = seated(browser, server, room_id, 1, "Bob", LAPTOP)
        watcher = browser.new_context(viewport=PHONE).new_page()
        watcher.goto(f"{server.url}/t/{room_id}")
        watcher.wait_for_function("document.body.dataset.seq !== undefined")
        host.get_by_test_id("start").click()
        return HeadsUp(server, room_id, host, host_token, ann, bob, watcher)

    return open_table
