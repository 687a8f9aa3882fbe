"""The "ask" family's table (issue 39: no wall of buttons): at Authors, whom to ask and then which card,
in the machine's Chromium as in test_browser.py.

A three-handed Authors table of the person and two random bots, seeded; the person opens. In place of the
ninety-odd ``ask SEAT CARD`` buttons the page draws the seats that may be asked and, under the one chosen, the
cards one may ask them for, a row per suit: fewer than 40 buttons in all. Choosing the other seat shows its
cards; a card clicked asks that seat for it, and the server's log says so. At both sizes, nothing is wider
than the window.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from webapi import window

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}




def opening_table(server: str) -> tuple[httpx.Client, str, str, list[str]]:
    """A table whose person moves first (the seed is searched for one), with the person's legal asks."""
    client = httpx.Client(base_url=server, timeout=10)
    for seed in range(20):
        answer = client.post("/api/tables", json={"game": "authors", "players": 3, "seed": seed,
                                                  "seats": ["human", "random", "random"]})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        table, token = created["table_id"], created["seats"][0]["token"]
        told = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers={"X-Seat-Token": token}).json()
        if told["view"]["to_move"] == [0]:
            return client, table, token, told["view"]["legal_actions"]
    raise AssertionError("no seed of twenty lets the person open")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_whom_then_which_card(server: str, browser: Any, size: dict[str, int]) -> None:
    client, table, token, legal = opening_table(server)
    assert len(legal) > 40                                  # the wall this family replaces
    with window(browser, size) as (page, errors):
        page.goto(f"{server}/table/{table}?seat=0#token={token}")
        page.get_by_test_id("ask-box").wait_for()
        assert page.locator("#actions button").count() < 40
        asked_first = {a for a in legal if a.startswith("ask 1 ")}
        shown = set(page.locator("#actions .ask-card").evaluate_all(
            "(nodes) => nodes.map((n) => n.dataset.testid.replace(/^action-/, '').replaceAll('-', ' '))"))
        assert shown == asked_first
        page.get_by_test_id("ask-seat-2").click()
        assert page.get_by_test_id("ask-seat-2").get_attribute("aria-pressed") == "true"
        choice = sorted(a for a in legal if a.startswith("ask 2 "))[0]
        assert page.locator("#actions .ask-card").count() == sum(a.startswith("ask 2 ") for a in legal)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.get_by_test_id("action-" + choice.replace(" ", "-")).click()
        deadline = time.monotonic() + 10
        while True:
            log = client.get(f"/api/tables/{table}/view", params={"seat": 0},
                             headers={"X-Seat-Token": token}).json()["view"]["log"]
            if f"seat 0: {choice}" in log or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert f"seat 0: {choice}" in log, log[-3:]
        assert not errors, errors
