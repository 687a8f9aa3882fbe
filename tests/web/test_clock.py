"""The clock per move and the rematch's news in the browser (Playwright in the machine's Chromium): a table
made in the lobby with a clock counts your time down above your hand and by your seat, warns in words in
the last seconds, and says in the log when the table played for you; a friend still at a finished table is
told of the host's rematch without a reload, and its Join link seats them there."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_browser import CHROMIUM, browser, create_table, join_link, serve, server, watched  # noqa: F401

if CHROMIUM is None:
    pytest.skip("Chromium is not installed (Debian package 'chromium')", allow_module_level=True)

from parlour.web.app import create_app


class Shifted:
    """The server's time source: the real time, moved on by the test when it would rather not wait."""

    def __init__(self) -> None:
        self.ahead = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.ahead


@pytest.fixture
def shifted() -> Shifted:
    return Shifted()


@pytest.fixture
def shifted_server(tmp_path: Path, shifted: Shifted) -> Iterator[str]:
    yield from serve(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}", now=shifted))


def test_the_countdown_warns_and_the_log_says_when_time_ran_out(shifted_server: str, shifted: Shifted,
                                                                browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    address = shifted_server
    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    create_table(page, address, "tetka", ["human", "heuristic", "heuristic", "heuristic"], clock=60)
    expect(page.get_by_test_id("move-clock")).to_contain_text(re.compile(r"Your move: 5\d seconds left \(60 seconds"))
    expect(page.get_by_test_id("clock-0")).to_have_attribute("aria-label", re.compile(r"\d+ seconds left to move"))
    expect(page.locator("[data-testid^='clock-']")).to_have_count(1)          # the bots have no clock

    # The shortest clock: the warning at once, in words; then (the server's time moved on) the table's move.
    created = page.request.post(address + "/api/tables", data={"game": "tetka", "clock": 5, "name": "Ann",
                                                              "seats": ["human", "heuristic", "heuristic",
                                                                        "heuristic"]}).json()
    page.goto(f"{address}/table/{created['table_id']}?seat=0#token={created['seats'][0]['token']}")
    mine = page.get_by_test_id("move-clock")
    expect(mine).to_contain_text("Hurry:")
    expect(mine).to_have_class(re.compile("clock-warning"))
    shifted.ahead = timedelta(seconds=5)
    news = page.get_by_test_id("log-news").first
    expect(news).to_have_text(re.compile(r"^time ran out: Ann plays (10|[2-9AJQK])[♣♦♥♠]$"), timeout=10000)
    assert not problems, problems


def test_a_friend_at_the_old_table_is_told_of_the_rematch_and_joins(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    host, friend = browser.new_context(), browser.new_context()
    problems = watched(host, friend)
    mine = host.new_page()
    create_table(mine, server, "tetka", ["human", "open", "heuristic", "heuristic"])
    old_table = mine.url.split("/table/")[1].split("?")[0]
    theirs = friend.new_page()
    theirs.goto(join_link(mine, 1, server))
    theirs.get_by_test_id("name-input").fill("Bea")
    theirs.get_by_test_id("name-save").click()
    expect(mine.get_by_test_id("seat-1")).to_contain_text("Bea")

    mine.get_by_test_id("close-table").click()
    mine.get_by_test_id("confirm-close").click()
    expect(theirs.get_by_test_id("rematch-notice")).to_be_hidden()
    mine.get_by_test_id("rematch").click()
    mine.wait_for_url(re.compile(r"/table/(?!" + re.escape(old_table) + r")[^/?]+\?seat=0$"))
    new_table = mine.url.split("/table/")[1].split("?")[0]

    # Pushed to the friend's page at the old table, without a reload: their own seat, taken by one click.
    expect(theirs.get_by_test_id("rematch-news")).to_have_text("The host started a rematch — Join")
    join = theirs.get_by_test_id("rematch-join")
    assert join.get_attribute("href") == f"/table/{new_table}?seat=1"
    join.click()
    theirs.wait_for_url(f"{server}/table/{new_table}?seat=1")
    expect(theirs.get_by_test_id("leave")).to_be_visible()                  # seated, not watching
    expect(mine.get_by_test_id("seat-1")).to_contain_text("Bea")
    expect(mine.get_by_test_id("seat-state-1")).not_to_have_text("free")
    assert not problems, problems
