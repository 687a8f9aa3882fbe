"""The browser table, driven by Playwright in the machine's Chromium (Debian's ``chromium`` package).

Playwright's own browser download is unavailable on these machines, so the system executable is launched.
Where Chromium or Playwright is missing, these tests are skipped (``.ci/run`` installs both).
"""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")
if CHROMIUM is None:
    pytest.skip("Chromium is not installed (Debian package 'chromium')", allow_module_level=True)


from parlour.web.app import create_app  # noqa: E402

ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CARD = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])[CDHS](?![\w-])")  # not inside a random table id or token


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A real server on loopback, in a thread, on a fresh SQLite file."""
    port = free_port()
    app = create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}")
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not instance.started:
        if time.time() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def create_table(page: Any, server: str, game: str, kinds: list[str], numbers: dict[str, int] | None = None) -> None:
    page.goto(server + "/")
    page.get_by_test_id("game-select").select_option(game)
    for name, number in (numbers or {}).items():
        page.get_by_test_id(f"option-{name}").fill(str(number))
    for seat, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(kind)
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/table/"))


def play_to_the_end(page: Any, limit: float = 120) -> None:
    """Click a playable card or action button whenever it is our turn, until the result shows."""
    deadline = time.time() + limit
    while time.time() < deadline:
        if page.get_by_test_id("result").count() and page.get_by_test_id("result").is_visible():
            return
        playable = page.locator("[data-testid^='card-'][data-playable='true'], [data-testid^='action-']")
        if page.get_by_test_id("your-turn").count() and playable.count():
            with contextlib.suppress(playwright.Error):
                playable.first.click(timeout=2000)
        page.wait_for_timeout(100)
    raise AssertionError("the game did not reach its result by clicking")


def test_a_whole_game_of_tetka_against_bots_by_clicking(server: str, browser: Any) -> None:
    page = browser.new_page()
    create_table(page, server, "tetka", ["human", "random", "random", "random"])
    page.get_by_test_id("hand").wait_for()
    play_to_the_end(page, limit=180)
    assert page.get_by_test_id("result").inner_text().strip()


def test_a_rubber_of_auction_bridge_by_clicking_bids_and_dummys_cards(server: str, browser: Any) -> None:
    """An auction game in the browser: bids, passes and doubles are buttons, and when the person declares,
    dummy's cards are played from the buttons too (dummy never acts)."""
    page = browser.new_page()
    # At most four deals (the rubber's safety stop, set in the lobby), to keep the test short.
    create_table(page, server, "auction-bridge", ["human", "heuristic", "heuristic", "heuristic"], {"deal_limit": 4})
    page.get_by_test_id("hand").wait_for()
    play_to_the_end(page, limit=240)
    assert page.get_by_test_id("result").inner_text().strip()


def test_a_reload_puts_you_back_in_your_seat(server: str, browser: Any) -> None:
    page = browser.new_page()
    create_table(page, server, "tetka", ["human", "random", "random", "random"])
    page.get_by_test_id("hand").wait_for()
    hand_before = page.get_by_test_id("hand").inner_text()
    assert "#token=" not in page.url
    page.reload()
    page.get_by_test_id("hand").wait_for()
    assert page.get_by_test_id("hand").inner_text() == hand_before


def test_two_browsers_never_receive_each_others_cards(server: str, browser: Any) -> None:
    """Two humans at one table: every HTTP body and websocket frame each receives is checked for the
    other's hand."""
    host = browser.new_context()
    guest = browser.new_context()
    received: dict[str, list[str]] = {"host": [], "guest": []}

    def listen(page: Any, who: str) -> None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received[who].append(str(payload))))
        # Everything about the table; not the games catalogue, the same for all, whose rules name cards.
        page.on("response", lambda r: received[who].append(r.text())
                if "/api/" in r.url and "/api/games" not in r.url and r.ok else None)

    first = host.new_page()
    listen(first, "host")
    create_table(first, server, "tetka", ["human", "open", "random", "random"])
    first.get_by_test_id("hand").wait_for()
    links = first.get_by_test_id("join-link")
    join = links.first.get_attribute("href") or links.first.inner_text()
    second = guest.new_page()
    listen(second, "guest")
    second.goto(join if join.startswith("http") else server + join)
    second.get_by_test_id("hand").wait_for()
    host_hand, guest_hand = hand_of(first), hand_of(second)
    assert len(host_hand) == 13 and len(guest_hand) == 13
    first.wait_for_timeout(500)
    # Nothing has been played yet, so no card of the other hand may appear anywhere in what each browser
    # received, except the public bum card and the name of Tëtka.
    table_id = first.url.split("/table/")[1].split("?")[0]
    spectator = first.request.get(f"{server}/api/tables/{table_id}/view").json()["view"]
    public = {"QC", "QD", "QH", "QS", spectator["extra"]["bum_card"]}
    for who, theirs in (("host", guest_hand), ("guest", host_hand)):
        assert received[who], f"the {who} browser received nothing"
        for body in received[who]:
            leaked = set(CARD.findall(body)) & (theirs - public)
            assert not leaked, f"the {who} browser received {sorted(leaked)} from the other hand"


def hand_of(page: Any) -> set[str]:
    cards = page.get_by_test_id("hand").locator("[data-testid^='card-']")
    return {str(cards.nth(i).get_attribute("data-testid"))[len("card-"):] for i in range(cards.count())}
