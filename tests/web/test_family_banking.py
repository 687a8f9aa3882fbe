"""The banking family's table (issue 39, item 3): a Pontoon deal played by clicking, in the machine's Chromium
as in test_browser.py.

A four-handed Pontoon table of three heuristic bots and the person in seat 1, seeded (seed 2 deals the person
6♠ 3♥, so the deal has twists to show), one deal long. The banker (seat 0) sits at the head of the felt, its
seat at the top and its hand above the players'; each hand is drawn once, in the middle, with its count in
the game's words and its stake as chips, the seats round the felt drawing no cards of their own, and the
person's hand strip none either (it says the cards lie on the table). The person stakes 5 on the slider,
twists below 16 and sticks, and at every step the page's counts are the engine's words for that seat (its own
total, "10 showing" for another's up card), and the hand to play is not repeated among the game's facts. At
both sizes nothing is wider than the window; at 1366x900 the hands, your cards and your controls are on the
first screen, and on a phone the turn brings your controls and your hand into sight.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from webapi import IN_SIGHT, window

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
WORDS = re.compile(r"^((soft )?\d+( showing)?|bust|pontoon|five-card trick)$")

# The page's hands, in the zone's order: the bank's first (its test id), then the players' (banked-i).
SHOWN = """() => [...document.querySelectorAll("[data-testid='zone-hands'] .banked-hand")].map((spot) => ({
  seat: Number(spot.dataset.seat), id: spot.dataset.testid,
  total: spot.querySelector(".banked-total")?.textContent ?? null,
  stake: spot.querySelector(".banked-stake .chip-count")?.textContent ?? null,
  width: spot.querySelector(".card")?.getBoundingClientRect().width ?? null,
  top: spot.getBoundingClientRect().top }))"""


def table_for(server: str) -> tuple[httpx.Client, str, str]:
    client = httpx.Client(base_url=server, timeout=10)
    answer = client.post("/api/tables", json={"game": "pontoon", "players": 4, "seed": 2, "options": {"deals": 1},
                                              "seats": ["heuristic", "human", "heuristic", "heuristic"]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return client, created["table_id"], created["seats"][1]["token"]


def engine_view(client: httpx.Client, table: str, token: str) -> dict[str, Any]:
    told = client.get(f"/api/tables/{table}/view", params={"seat": 1}, headers={"X-Seat-Token": token}).json()
    return told["view"]


def check_hands(page: Any, view: dict[str, Any]) -> list[dict[str, Any]]:
    """The page's hands are the view's, once each, the bank's at the head, with the engine's words and stakes
    (looked at again for a moment while the page draws the view)."""
    deadline = time.monotonic() + 3
    while True:
        try:
            return hands_shown(page, view)
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def hands_shown(page: Any, view: dict[str, Any]) -> list[dict[str, Any]]:
    shown = page.evaluate(SHOWN)
    hands = view["table"]["hands"]
    assert [s["seat"] for s in shown] == [h["seat"] for h in hands]
    assert shown[0]["id"] == "bank-hand" and shown[0]["seat"] == view["extra"]["banker"] == 0
    assert all(shown[0]["top"] < s["top"] for s in shown[1:])
    for spot, hand in zip(shown, hands, strict=True):
        assert spot["total"] == hand["total"] and (spot["total"] is None or WORDS.match(spot["total"]))
        assert spot["stake"] == (str(hand["stake"]) if hand["stake"] else None)
    widths = {s["width"] for s in shown if s["width"] is not None}
    assert len(widths) <= 1, widths                       # the same card size from hand to hand
    return shown


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_deal_by_clicking_shows_each_hand_once_with_its_count_and_stake(server: str, browser: Any,
                                                                          size: dict[str, int]) -> None:
    client, table, token = table_for(server)
    with window(browser, size) as (page, errors):
        page.goto(f"{server}/table/{table}?seat=1#token={token}")
        page.get_by_test_id("amount-stake").wait_for()
        # The banker's seat sits at the head of the felt, though seat 0 would fall on the person's right.
        assert page.locator("#slot-top [data-testid='seat-0']").count() == 1
        assert page.locator("#felt .seat .backs, #felt .seat .face-up").count() == 0   # no second place
        page.get_by_test_id("amount-stake").fill("4")
        page.get_by_test_id("action-stake-5").click()
        page.get_by_test_id("action-stick").wait_for()
        view = engine_view(client, table, token)
        shown = check_hands(page, view)
        mine = next(s for s in shown if s["seat"] == 1)
        assert (mine["total"], mine["stake"]) == ("9", "5")
        # The person's cards lie once, at their spot on the felt: the hand strip says so and draws none.
        assert page.locator("#hand .card").count() == 0
        assert page.get_by_test_id("hand-on-table").is_visible()
        spot = page.locator(".zone-banked .banked-hand.me .card[data-card]")
        assert sorted(spot.evaluate_all("(ns) => ns.map((n) => n.dataset.card)")) == sorted(view["hand"])
        assert shown[0]["total"] == "5 showing" and shown[0]["stake"] is None
        if size is DESKTOP:
            for part in ("zone-hands", "hand-on-table", "action-stick"):
                box = page.get_by_test_id(part).bounding_box()
                assert box and box["y"] + box["height"] <= size["height"], part
        else:   # on a phone the controls lie below the felt: the turn brings them, and the person's hand, up
            page.wait_for_function(IN_SIGHT, arg="[data-testid='action-stick'], .banked-hand.me")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        twists = 0
        deadline = time.monotonic() + 15
        while not view["is_over"] and time.monotonic() < deadline:
            if view["to_move"] == [1] and page.get_by_test_id("your-turn").count():
                total = next(h["total"] for h in view["table"]["hands"] if h["seat"] == 1)
                verb = "twist" if total.isdigit() and int(total) < 16 and "action-twist" in page.content() else "stick"
                twists += verb == "twist"
                check_hands(page, view)
                # The hand to play is the person's whole hand (no split): said by the hand, not again as a fact.
                assert sorted(view["extra"]["hand_to_play"]) == sorted(view["hand"])
                assert "hand to play" not in page.locator("#extra-panel").inner_text()
                said = len(view["log"])
                page.get_by_test_id(f"action-{verb}").click()
                while len(view["log"]) == said and time.monotonic() < deadline:
                    time.sleep(0.1)
                    view = engine_view(client, table, token)
                continue
            time.sleep(0.2)
            view = engine_view(client, table, token)
        assert view["is_over"] and twists >= 1
        page.get_by_test_id("result").wait_for()
        page.wait_for_function("() => document.querySelector(\"[data-testid='bank-hand'] .banked-total\")")
        check_hands(page, view)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert not errors, errors
