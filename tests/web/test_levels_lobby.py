"""The four strengths in the lobby, in the machine's Chromium (fixtures from ``test_browser``): a person picks an
opponent by name, medium unless they choose, and the table's bots are the level chosen."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser import browser, server, table_id_of, watched  # noqa: F401  (the fixtures)

httpx = pytest.importorskip("httpx")


def test_a_person_chooses_expert_opponents_by_name(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    page.goto(server + "/")
    page.get_by_test_id("game-select").select_option("tetka")
    page.get_by_test_id("table-choices-toggle").click()
    seat = page.get_by_test_id("seat-kind-1")
    expect(seat).to_have_value("medium")
    levels = seat.locator("optgroup[label='Bots by level'] option")
    expect(levels).to_have_text(["easy bot", "medium bot", "strong bot", "expert bot"])
    for number in (1, 2, 3):
        page.get_by_test_id(f"seat-kind-{number}").select_option("expert")
    page.get_by_test_id("seat-kind-1").select_option("heuristic")
    expect(page.get_by_test_id("seat-strength-1").locator("option")).to_have_text(
        ["slow to react", "standard", "quick to react"])
    page.get_by_test_id("seat-kind-1").select_option("expert")
    expect(page.get_by_test_id("play-doc")).to_contain_text("You and 3 expert bots")
    page.get_by_test_id("create-table").click()
    page.wait_for_url("**/table/**")
    described = httpx.get(f"{server}/api/tables/{table_id_of(page)}", timeout=30).json()
    assert [s["kind"] for s in described["seats"]] == ["human", "expert", "expert", "expert"]
    assert [s["name"] for s in described["seats"][1:]] == ["Expert bot"] * 3
    assert problems == []
