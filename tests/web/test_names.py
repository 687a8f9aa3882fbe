"""Names, leaving and the rematch in the browser (Playwright in the machine's Chromium): the name typed once
in the lobby is remembered and shown, as text, to everyone at the table; a friend names their seat at the
table; two people chat; leaving opens the seat and says so in the log; a rematch takes the creator to the
same table again."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_browser import CHROMIUM, browser, join_link, server, watched  # noqa: F401  (fixtures)

if CHROMIUM is None:
    pytest.skip("Chromium is not installed (Debian package 'chromium')", allow_module_level=True)

NAME = "<b>x</b>"


def test_names_chat_leaving_and_rematch(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    host, friend = browser.new_context(), browser.new_context()
    problems = watched(host, friend)
    mine = host.new_page()
    mine.goto(server + "/")
    mine.get_by_test_id("table-choices-toggle").click()       # your name, the seats: under the game's Play
    mine.get_by_test_id("player-name").fill(NAME)
    mine.get_by_test_id("game-select").select_option("tetka")
    for seat, kind in enumerate(["human", "open", "heuristic", "heuristic"]):
        mine.get_by_test_id(f"seat-kind-{seat}").select_option(kind)
    mine.get_by_test_id("create-table").click()
    mine.wait_for_url(re.compile(r"/table/"))
    old_table = mine.url.split("/table/")[1].split("?")[0]
    # The name is text, never markup; bots are named by kind, told apart by their seats.
    expect(mine.get_by_test_id("seat-0")).to_contain_text(NAME)
    assert mine.locator("[data-testid='seat-0'] b").count() == 0
    expect(mine.get_by_test_id("scores")).to_contain_text("Heuristic bot C")
    expect(mine.get_by_test_id("log")).to_contain_text("Heuristic bot D deals")

    theirs = friend.new_page()
    theirs.goto(join_link(mine, 1, server))
    expect(theirs.get_by_test_id("name-form")).to_be_visible()
    theirs.get_by_test_id("name-input").fill("   ")
    theirs.get_by_test_id("name-save").click()
    expect(theirs.locator("#name-error")).to_contain_text("Type your name")
    theirs.get_by_test_id("name-input").fill(" Bea ")
    theirs.get_by_test_id("name-save").click()
    expect(theirs.get_by_test_id("name-form")).to_be_hidden()
    expect(theirs.get_by_test_id("seat-0")).to_contain_text(NAME)
    expect(mine.get_by_test_id("seat-1")).to_contain_text("Bea")

    # Two people at the table: they may chat, as text.
    theirs.get_by_test_id("chat-input").fill("<i>hello</i>")
    theirs.get_by_test_id("chat-send").click()
    expect(mine.get_by_test_id("chat-line")).to_have_text("Bea: <i>hello</i>")
    assert mine.locator("[data-testid='chat'] i").count() == 0
    mine.get_by_test_id("chat-input").fill("hi Bea")
    mine.get_by_test_id("chat-send").click()
    expect(theirs.get_by_test_id("chat-line").nth(1)).to_have_text(f"{NAME}: hi Bea")

    theirs.get_by_test_id("leave").click()
    theirs.wait_for_url(server + "/")
    expect(theirs.get_by_test_id("player-name")).to_have_value("Bea")       # remembered for the next table
    expect(mine.get_by_test_id("log-news")).to_have_text("Bea left the table: Bea's seat is open again")
    expect(mine.get_by_test_id("seat-state-1")).to_have_text("free")
    expect(mine.get_by_test_id("seat-1")).not_to_contain_text("Bea")

    expect(mine.get_by_test_id("rematch-panel")).to_be_hidden()
    mine.get_by_test_id("close-table").click()
    mine.get_by_test_id("confirm-close").click()
    mine.get_by_test_id("rematch").click()
    mine.wait_for_url(re.compile(r"/table/(?!" + re.escape(old_table) + r")[^/?]+\?seat=0$"))
    expect(mine.get_by_test_id("seat-0")).to_contain_text(NAME)
    expect(mine.get_by_test_id("seat-state-1")).to_have_text("free")
    assert "#invite=" in join_link(mine, 1, server)
    mine.goto(server + "/")
    expect(mine.get_by_test_id("player-name")).to_have_value(NAME)
    assert not problems, problems
