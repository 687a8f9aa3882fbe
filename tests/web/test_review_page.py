"""The review beside a finished game's replay, in the machine's Chromium (fixtures from ``test_browser``):
the viewed seat's decisions listed with their verdicts, and a click on one jumps the replay to that move."""

from __future__ import annotations

import time
from typing import Any

import pytest
from test_browser import browser, server, watched  # noqa: F401  (the fixtures)

httpx = pytest.importorskip("httpx")


def test_the_review_lists_the_seats_decisions_and_jumps_to_one(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    table = httpx.post(f"{server}/api/tables", json={"game": "divide-and-conquer", "seats": ["random", "random"],
                                                      "seed": 3}).json()
    deadline = time.time() + 20
    while httpx.get(f"{server}/api/tables/{table['table_id']}").json()["status"] != "over":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.05)
    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    page.goto(f"{server}/replay/{table['table_id']}?seat=1")
    expect(page.get_by_test_id("replay-step")).to_contain_text("0 / 20")
    button = page.get_by_test_id("review-button")
    expect(button).to_have_text("Review Random bot B's play")
    button.click()
    items = page.locator("[data-testid^='review-step-']")
    expect(items.first).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("review-summary")).to_contain_text("decisions:")
    review = httpx.get(f"{server}/api/tables/{table['table_id']}/review", params={"seat": 1}).json()
    expect(items).to_have_count(len(review["decisions"]))
    for decision in review["decisions"]:
        verdict = "blunder" if decision["blunder"] else "mistake" if decision["mistake"] else "good"
        expect(page.get_by_test_id(f"review-step-{decision['step']}")).to_have_attribute("data-verdict", verdict)
    chosen = review["decisions"][-1]
    page.get_by_test_id(f"review-step-{chosen['step']}").click()
    expect(page.get_by_test_id("replay-step")).to_contain_text(f"{chosen['step']} / 20")
    expect(page.get_by_test_id("replay-action")).to_contain_text("Random bot B")
    expect(page.get_by_test_id(f"review-step-{chosen['step']}")).to_have_attribute("aria-current", "step")
    expect(page.get_by_test_id(f"review-step-{chosen['step']}")).to_be_focused()
    page.get_by_test_id("replay-seat").select_option("")      # a spectator has no decisions
    expect(page.get_by_test_id("review")).to_contain_text("Choose a seat")
    assert not problems, problems
    context.close()
