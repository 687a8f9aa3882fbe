"""The "sum" family's table (issue 39, item 5): a sum over the board's values, built by clicking or typed, in
the machine's Chromium as in test_browser.py.

A Twenty-Four table of the person and an easy bot, dealt so that the first board is 8, 3, 8, 3, whose one way
to 24 divides by a fraction on the way: 8 / (3 - 8 / 3). The person slaps, and the page draws, in place of the
320 ``form`` buttons and then the ``solve`` buttons, one sum builder. A sum typed wrong (a value used three
times, then not every value) is refused on the page with its reason and nothing is sent; the right one is built
by clicking the values and signs, says "makes 24", and is stated: the page sends the legal ``form`` action of
the sum's shape, then the ``solve`` action, and the server's log and scores say the person made 24. The hand
strip says the person's cards lie face down (as many as the seat holds), not that there are none. At both
sizes (1366x900 and 390x844): nothing wider than the window, the keys big enough to tap, fewer than 40 buttons.

``SUM_SHOTS=folder`` photographs the builder at each size.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)

from parlour.cards import NUMBER_40

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("SUM_SHOTS")
BOARD = ["8C", "3C", "8D", "3D"]          # seat 0's two cards fill places a and b, seat 1's c and d
TAP = 44                                  # the least side of a key a finger must find, in CSS pixels


def prepared_deal() -> dict[str, Any]:
    """Each seat's pile, top first: the board's cards on top, the rest of the pack shared out below them."""
    rest = [str(card) for card in NUMBER_40.cards if str(card) not in BOARD]
    return {"piles": [BOARD[:2] + rest[:18], BOARD[2:] + rest[18:]]}




# What lies past the window's right edge, and the size of each of the builder's keys.
LOOK = """() => {
  const W = innerWidth;
  const wide = [...document.body.querySelectorAll('*')].filter((n) => n.getBoundingClientRect().right > W + 0.5)
    .map((n) => n.tagName.toLowerCase() + (n.className && typeof n.className === 'string' ? '.' + n.className : ''));
  const keys = [...document.querySelectorAll("[data-testid='sum-builder'] button")].map((b) => {
    const r = b.getBoundingClientRect();
    return { key: b.dataset.testid, width: r.width, height: r.height };
  });
  return { width: document.documentElement.scrollWidth, wide: wide.slice(0, 5), keys,
           buttons: document.querySelectorAll('#actions button').length };
}"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_sum_is_built_checked_and_stated(server: str, browser: Any, size: dict[str, int]) -> None:
    client = httpx.Client(base_url=server, timeout=10)
    answer = client.post("/api/tables", json={"game": "twenty-four", "players": 2, "seed": 1,
                                              "options": {"deal": prepared_deal(), "boards": 2},
                                              "seats": ["human", "easy"]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table, token = created["table_id"], created["seats"][0]["token"]

    context = browser.new_context(viewport=size, reduced_motion="reduce", has_touch=size is PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.post_data_json["action"])
            if request.method == "POST" and request.url.endswith("/actions") else None)
    try:
        page.goto(f"{server}/table/{table}?seat=0#token={token}")
        page.get_by_test_id("action-slap").click()        # the easy bot leaves a person 8 s before it races

        builder = page.get_by_test_id("sum-builder")
        builder.wait_for()
        check = page.get_by_test_id("sum-check")
        send = page.get_by_test_id("sum-send")
        # No wall of buttons: the 320 forms are one builder.
        assert page.locator("#actions button").count() < 40
        assert page.locator("#actions [data-testid^='action-form-']").count() == 0
        values = [page.get_by_test_id(f"sum-value-{k}").locator(".sum-number").inner_text() for k in range(4)]
        assert values == ["8", "3", "8", "3"]
        # The person's cards are a face-down pile, not an empty hand: as many as the engine says the seat holds.
        told = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers={"X-Seat-Token": token}).json()
        held = told["view"]["seats"][0]["held"]
        assert held > 0 and not told["view"]["hand"]
        said = page.get_by_test_id("hand-face-down").inner_text()
        assert said == f"Your {held} cards lie face down before you, unseen"

        # Typed wrong: refused on the page with its reason, and nothing sent.
        field = page.get_by_test_id("sum-input")
        field.fill("8*8*8")
        assert re.search(r"8 is used three times, but the board has two 8s", check.inner_text()), check.inner_text()
        assert send.is_disabled()
        field.fill("8×3×(8−3")
        assert "So far it makes 120" in check.inner_text()
        field.fill("3*8")
        assert check.inner_text() == "It makes 24 so far, but every value is used once: put in 8 and 3 too."
        assert send.is_disabled()
        field.press("Enter")
        assert sent == ["slap"]

        # Built by clicking (on the phone, by tapping): 8 / (3 - 8 / 3), a fraction on the way.
        def press(key: str) -> None:
            if size is PHONE:
                page.get_by_test_id(key).tap()
            else:
                page.get_by_test_id(key).click()

        press("sum-clear")
        assert field.input_value() == ""
        for key in ("value-0", "sign-divide", "sign-open", "value-1", "sign-minus", "value-2", "sign-divide",
                    "value-3"):
            press(f"sum-{key}")
        assert page.get_by_test_id("sum-value-0").is_disabled()        # each value once
        assert "So far it makes 24" in check.inner_text()
        press("sum-sign-close")
        assert field.input_value() == "8 ÷ (3 − 8 ÷ 3)"
        assert check.inner_text() == "It makes 24."
        assert send.is_enabled()
        if size is DESKTOP:
            # The keyboard: the focus has gone on to "State the sum", the one key left; Backspace there takes
            # the bracket off and the focus back to it, and ")" typed puts it back.
            assert page.evaluate("document.activeElement.dataset.testid") == "sum-send"
            page.keyboard.press("Backspace")
            assert field.input_value() == "8 ÷ (3 − 8 ÷ 3"
            page.keyboard.press(")")
            assert field.input_value() == "8 ÷ (3 − 8 ÷ 3)"

        seen = page.evaluate(LOOK)
        assert seen["width"] <= size["width"], f"the page is {seen['width']} px wide: {seen['wide']}"
        assert seen["buttons"] < 40, seen["buttons"]
        small = [key for key in seen["keys"] if min(key["width"], key["height"]) < TAP]
        assert not small, f"keys too small to tap: {small}"
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{SHOTS}/sum-{size['width']}.png", full_page=True)

        if size is DESKTOP:
            page.keyboard.press("Enter")                               # on "State the sum"
        else:
            send.tap()
        page.get_by_test_id("next-deal").wait_for()                   # the board is settled
        assert sent == ["slap", "form a/(b-c/d)", "solve 8/(3-8/3)"]
        view = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers={"X-Seat-Token": token}).json()
        assert any("makes 24 with 8/(3-8/3)" in line for line in view["view"]["log"]), view["view"]["log"][-3:]
        assert view["hand_results"][0]["changes"] == [-2, 2]          # the bot takes the four cards
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/sum-{size['width']}-stated.png", full_page=True)
        assert not errors, errors
    finally:
        context.close()
