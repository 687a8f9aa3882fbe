"""Claiming the rest of the tricks, and the hand record at a bridge deal's end (issue 39, item 1), in the
machine's Chromium as in test_browser.py, at 1366x900 and 390x844.

Two Auction Bridge tables (``claim_table.py``): the person, South, bids 7♠ against heuristic bots and plays
through the API until the claim is offered (at its first lead where DDS is installed). Then, on the page:

* ``FAILS``: South's last diamond loses to East's. "Claim the rest" is refused: the page says so and draws
  the line that beats it trick by trick, the last one East's; nothing was played, and the button stays.
* ``HOLDS``: South holds every trump. The claim is accepted: the cards are played out, the deal ends and the
  page pauses on its hand record: the auction, the contract and the result, and the double-dummy table
  (DDS), in which South makes all thirteen tricks in spades.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
import webapi
from claim_table import FAILS, HOLDS, SOUTH, ClaimTable

from parlour.web.hand_records import dds_installed

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def expect_text(locator: Any, text: str) -> None:
    from playwright.sync_api import expect

    expect(locator).to_contain_text(text)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_claim_refused_shows_its_line_and_one_accepted_plays_out_to_the_hand_record(
        server: str, browser: Any, size: dict[str, int]) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        failing, holding = ClaimTable(client, FAILS), ClaimTable(client, HOLDS)
        before = failing.to_the_claim()
        holding.to_the_claim()
        with webapi.window(browser, size) as (page, errors):
            # --- refused: the line that beats it, and nothing played ------------------------------------------
            page.goto(server + failing.url())
            page.get_by_test_id("claim-rest").click()
            verdict = page.get_by_test_id("claim-verdict")
            expect_text(verdict, "Claim refused")
            line = page.get_by_test_id("claim-line")
            assert line.is_visible()
            rows = line.locator("li")
            last = rows.nth(rows.count() - 1)
            taker = last.locator(".claim-taker").inner_text().strip(" —").removesuffix(" takes it")
            assert taker and taker in page.get_by_test_id("seat-1").inner_text()      # East, by the name it has
            assert failing.payload()["version"] == before["version"]
            assert page.get_by_test_id("claim-rest").is_visible()
            # The verdict keeps within the window (dummy's one long suit of twelve clubs, drawn by the table,
            # may stick out a pixel on a phone: not the claim's to fix).
            box = page.get_by_test_id("claim-box").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]

            # --- accepted: played out, and the hand record at the deal's end ------------------------------------
            page.goto(server + holding.url())
            page.get_by_test_id("claim-rest").click()
            record = page.get_by_test_id("hand-record")
            record.wait_for()
            page.get_by_test_id("next-deal").wait_for()
            assert holding.payload()["hand_results"][0]["changes"][SOUTH] > 0
            expect_text(page.get_by_test_id("hand-record-contract"), "7♠")
            expect_text(page.get_by_test_id("hand-record-result"), "took 13 tricks")
            auction = page.get_by_test_id("hand-record-auction")
            expect_text(auction, "7♠")
            if dds_installed():
                page.get_by_test_id("dd-table").wait_for()
                assert page.get_by_test_id(f"dd-{SOUTH}-S").inner_text() == "13"
                assert page.get_by_test_id(f"dd-{SOUTH}-NT").inner_text() == "0"    # West runs the hearts
                expect_text(page.get_by_test_id("dd-best-0"), "13 tricks")
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            assert errors == []


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_declarer_plays_dummys_cards_by_clicking_them_in_dummys_place(
        server: str, browser: Any, size: dict[str, int]) -> None:
    """Dummy (North) lies open across; at its turn South clicks one of its cards there, and it is played."""
    with httpx.Client(base_url=server, timeout=30) as client:
        table = ClaimTable(client, HOLDS)
        while True:
            payload = table.my_turn()
            view = payload["view"]
            if view["phase"] == "play" and view["extra"]["playing"] == 0:
                break
            legal = view["legal_actions"]
            table.act(payload, "bid 7S" if "bid 7S" in legal else "pass" if view["phase"] != "play" else legal[-1])
        with webapi.window(browser, size) as (page, errors):
            page.goto(server + table.url())
            playable = page.get_by_test_id("open-hand-0").locator("button.card")
            playable.first.wait_for()
            shown = playable.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
            assert sorted(f"play {card}" for card in shown) == sorted(view["legal_actions"])
            playable.first.click()
            gone = f"[data-testid='open-hand-0'] [data-card='{shown[0]}']"
            page.wait_for_function(f"() => !document.querySelector(\"{gone}\")")
            assert table.payload()["version"] > payload["version"]
            assert errors == []
