"""At the table: why a greyed card cannot be played, what a button does, the hand while bidding, the rules.

Playwright in the machine's Chromium, as tests/web/test_browser.py (whose server, browser and lobby helpers
these reuse); the rules endpoint is asked over HTTP too.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

import parlour
from parlour.engine.rules_page import rules_page

pytest.importorskip("playwright.sync_api")
from test_browser import browser, create_table, server  # noqa: F401  (fixtures, by name)


def test_a_greyed_card_says_why_on_hover_focus_and_click(server: str, browser: Any) -> None:  # noqa: F811
    """Tëtka, seed 1: the person sits second and holds every suit, so after the lead some cards must not
    be played; each says "you must follow suit" when hovered, focused or clicked, and is described so."""
    from playwright.sync_api import expect

    page = browser.new_page()
    create_table(page, server, "tetka", ["random", "human", "random", "random"], seed=1)
    refused = page.locator("#hand [data-refused='true']")
    refused.first.wait_for()
    card = refused.first
    assert card.get_attribute("title") and "follow suit" in str(card.get_attribute("title"))
    described = page.locator(f"#{card.get_attribute('aria-describedby')}")
    expect(described).to_have_text(str(card.get_attribute("title")))
    box = page.get_by_test_id("refusal")
    card.hover()
    expect(box).to_be_visible()
    expect(box).to_contain_text("follow suit")
    page.locator("#game-title").hover()
    expect(box).to_be_hidden()
    card.focus()
    expect(box).to_contain_text("follow suit")
    card.blur()
    expect(box).to_be_hidden()
    card.click()
    page.locator("#game-title").hover()
    expect(box).to_contain_text("follow suit")          # a click keeps it shown
    assert page.locator("#hand button.card.playable").count() > 0


def test_buttons_explain_their_call_and_the_hand_stays_readable_while_bidding(server: str, browser: Any) -> None:  # noqa: F811
    """Schafkopf's auction: "take" and "pass" each carry their explanation (title and description), and no
    card of the hand is greyed, since no choice is a card."""
    from playwright.sync_api import expect

    page = browser.new_page()
    create_table(page, server, "schafkopf", ["human", "random", "random"], seed=1)
    take = page.get_by_test_id("action-take")
    take.wait_for()
    for testid in ("action-take", "action-pass"):
        button = page.get_by_test_id(testid)
        words = button.get_attribute("title")
        assert words and len(words) > 10
        expect(page.locator(f"#{button.get_attribute('aria-describedby')}")).to_have_text(words)
    expect(page.locator("#hand [data-testid^='card-']")).to_have_count(10)
    assert page.locator("#hand .card.unplayable").count() == 0
    assert page.locator("#hand button.card").count() == 0       # readable, not clickable


def test_the_rules_are_one_click_away(server: str, browser: Any) -> None:  # noqa: F811
    """The Rules button opens the game's summary and its choices where the texts are silent; Escape closes."""
    from playwright.sync_api import expect

    page = browser.new_page()
    create_table(page, server, "tetka", ["human", "random", "random", "random"])
    page.locator("#hand [data-testid^='card-']").first.wait_for()
    page.get_by_test_id("rules-button").click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("bum card")
    choices = rules_page(parlour.game_info("tetka"))["choices"]
    expect(page.get_by_test_id("rules-choices").locator("li")).to_have_count(len(choices))  # type: ignore[arg-type]
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("rules-button")).to_be_focused()


def test_the_rules_endpoint(server: str) -> None:  # noqa: F811
    """GET /api/games/{id}/rules is the rules page; an unknown game is a clear 404 naming the games."""
    answer = httpx.get(f"{server}/api/games/tetka/rules")
    assert answer.status_code == 200 and answer.json() == rules_page(parlour.game_info("tetka"))
    missing = httpx.get(f"{server}/api/games/no-such-game/rules")
    assert missing.status_code == 404 and missing.json()["error"] == "NotFound"
    assert re.search(r"no game 'no-such-game'.*tetka", missing.json()["message"])
