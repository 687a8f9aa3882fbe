"""The rummy family's table (issue 39, item 4: Canasta, Samba, Carioca, Kowah), in the machine's Chromium as in
test_browser.py.

Each table seats the person at seat 0 beside random bots, on a prepared deal (test_fit.py's ``PLANS``), so that
the person's first turn holds what the test looks at:

* Canasta, 1366x900: seven kings and four queens, the fifth queen on the stock. The person draws ("draw from
  the stock", the engine's words on the button), a queen's menu reads "start a meld" and "discard: ends your
  turn", and the person lays the kings and the queens by dragging each card onto the empty place that starts
  a meld and then onto the meld being laid; laying them down goes out with a natural canasta, drawn as a
  squared pile edged in red with its 500.
* Samba, 390x844: six kings, seven queens and two jacks under a pile frozen by a joker and a 2, a king on top.
  The pile is drawn face up with its top card, its count and its frozen mark; the person takes it and lays
  kings by clicking, each card's menu in words ("add to the kings you are laying", "start a meld"); the rest
  is played through the API, and the two natural canastas lie as red piles with their bonuses.
* Kowah, 390x844: a pair of 7♠ drawn into a hand of two threes of a kind: the checki button lights up among
  the turn's controls (not hidden in a card's menu), and the 9♥ then thrown asks for a second click.

At both sizes nothing is wider than the window, and the page throws nothing.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from test_fit import PLANS
from webapi import PersonAtSeatZero, window

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


class Table(PersonAtSeatZero):
    """A table of ``game`` on its prepared deal: the person at seat 0, random bots elsewhere, one deal long."""

    def __init__(self, server: str, game: str) -> None:
        self.client = httpx.Client(base_url=server, timeout=10)
        answer = self.client.post("/api/tables", json={
            "game": game, "players": 4, "seed": 3, "seats": ["human"] + ["random"] * 3,
            "options": {"deal": PLANS[game].deal, **({"deals": 1} if game in ("canasta", "samba") else {})}})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.id, self.token = created["table_id"], created["seats"][0]["token"]

    def send(self, *actions: str) -> dict[str, Any]:
        payload = self.payload()
        for action in actions:
            answer = self.client.post(f"/api/tables/{self.id}/actions", headers={"X-Seat-Token": self.token},
                                      json={"seat": 0, "version": payload["version"], "action": action})
            assert answer.status_code == 200, answer.text
            payload = answer.json()
        return payload


# This turn's melds on the page hold n cards in all, and the page has its answer (its hand playable again,
# or gone to the table).
STAGED = """(n) => [...document.querySelectorAll("[data-board='staged'] .meld-spot[data-count]")]
    .reduce((sum, spot) => sum + Number(spot.dataset.count), 0) === n
  && (document.querySelector("#hand button.card.playable") !== null || !document.querySelector("#hand .card"))"""


def staged(page: Any, count: int) -> None:
    page.wait_for_function(STAGED, arg=count)


def card(page: Any, face: str) -> Any:
    return page.locator(f"#hand [data-testid='card-{face}']").first


def menu_words(page: Any, face: str) -> list[str]:
    """The words of the menu a click on ``face`` opens (then closed again)."""
    card(page, face).click()
    chooser = page.get_by_test_id(f"chooser-{face}")
    chooser.wait_for()
    words = [w.strip() for w in chooser.locator("[role='menuitem']").all_inner_texts()]
    page.keyboard.press("Escape")
    return words


def pile_colour(page: Any, testid: str) -> str:
    outline = "(node) => getComputedStyle(node.querySelector('.card')).outlineColor"
    return str(page.get_by_test_id(testid).evaluate(outline))


def fits_width(page: Any, size: dict[str, int]) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def test_canasta_melded_by_dragging_goes_out_with_a_natural_canasta_pile(server: str, browser: Any) -> None:
    table = Table(server, "canasta")
    with window(browser, DESKTOP) as (page, errors):
        page.goto(f"{server}{table.url()}")
        draw = page.get_by_test_id("action-draw")
        assert draw.get_attribute("aria-label") == "draw from the stock"
        draw.click()
        page.get_by_test_id("new-meld-staged").wait_for()
        assert sorted(menu_words(page, "QS")) == ["cancel", "discard: ends your turn", "start a meld"]
        # The first king starts a meld on the empty place; the others join it; the queens start a second.
        card(page, "KS").drag_to(page.get_by_test_id("new-meld-staged"))
        staged(page, 1)
        assert page.get_by_test_id("meld-staged-1").get_attribute("aria-label").startswith("Kings")
        laid = 1
        for face in ("KS", "KH", "KH", "KD", "KD", "KC"):
            card(page, face).drag_to(page.get_by_test_id("meld-staged-1"))
            laid += 1
            staged(page, laid)
        card(page, "QS").drag_to(page.get_by_test_id("new-meld-staged"))
        laid += 1
        staged(page, laid)
        for face in ("QS", "QH", "QH", "QD"):
            card(page, face).drag_to(page.get_by_test_id("meld-staged-2"))
            laid += 1
            staged(page, laid)
        # Seven kings laid are a natural canasta already, squared up on the board before they go down.
        assert page.get_by_test_id("canasta-staged-1").locator(".canasta-bonus").inner_text() == "+500"
        commit = page.get_by_test_id("action-commit")
        assert commit.get_attribute("aria-label") == "lay these melds down"
        commit.click()
        pile = page.get_by_test_id("canasta-side_0_melds-K")
        pile.wait_for()
        assert "natural" in (pile.get_attribute("class") or "")
        assert pile.locator(".canasta-kind").inner_text() == "natural canasta"
        assert pile.locator(".canasta-bonus").inner_text() == "+500"
        assert pile_colour(page, "canasta-side_0_melds-K") == "rgb(198, 40, 40)"     # red for a natural canasta
        board = page.get_by_test_id("zone-side_0_melds")
        assert board.locator(".zone-name").inner_text().lower() == "your side's melds"
        assert board.get_by_test_id("meld-side_0_melds-Q").get_attribute("aria-label").startswith("Queens, 5 cards")
        fits_width(page, DESKTOP)
        assert not errors, errors


def test_samba_frozen_pile_taken_and_melded_by_clicking_on_a_phone(server: str, browser: Any) -> None:
    table = Table(server, "samba")
    with window(browser, PHONE) as (page, errors):
        page.goto(f"{server}{table.url()}")
        discard = page.get_by_test_id("zone-discard_pile")
        discard.wait_for()
        assert page.get_by_test_id("pile-frozen").is_visible()
        assert discard.locator(".card[data-card='KS']").count() == 1 and "3 cards" in discard.inner_text()
        assert page.get_by_test_id("zone-pile_frozen").count() == 0      # marked on the pile, not a fact apart
        take = page.get_by_test_id("action-take")
        assert take.get_attribute("aria-label") == "take the pile"
        take.click()
        staged(page, 1)                                     # the pile's king goes to the first meld at once
        assert sorted(menu_words(page, "KH")) == ["add to the kings you are laying", "cancel", "start a meld"]
        laid = 1
        for face in ("KH", "KD"):
            card(page, face).click()
            page.get_by_test_id(f"chooser-{face}").get_by_text("add to the kings you are laying").click()
            laid += 1
            staged(page, laid)
        fits_width(page, PHONE)
        table.send("lay KS 1", "lay KS 1", "lay KH 1", "lay KD 1", *(f"lay Q{s} 2" for s in "SSSHHHD"), "commit")
        for rank in ("1", "2"):
            pile = page.get_by_test_id(f"canasta-side_0_melds-{rank}")
            pile.wait_for()
            assert pile.locator(".canasta-bonus").inner_text() == "+500"
            assert pile_colour(page, f"canasta-side_0_melds-{rank}") == "rgb(198, 40, 40)"
        fits_width(page, PHONE)
        assert not errors, errors


def test_kowah_checki_lights_up_and_a_discard_asks_twice(server: str, browser: Any) -> None:
    table = Table(server, "kowah")
    with window(browser, PHONE) as (page, errors):
        page.goto(f"{server}{table.url()}")
        page.get_by_test_id("action-draw-stock").click()
        checki = page.get_by_test_id("declare-checki")
        checki.wait_for()
        assert "lit" in (checki.get_attribute("class") or "") and checki.is_enabled()
        assert re.sub(r"\s+", " ", checki.inner_text()).startswith("Checki 7")
        # The pair's card keeps no checki in a menu: its one move left is a discard, which a click only asks.
        card(page, "7S").click()
        page.get_by_test_id("confirm-discard").wait_for()
        assert page.locator("[data-testid^='chooser-']").count() == 0
        checki.click()
        page.wait_for_function("() => !document.querySelector(\"[data-testid='declare-checki']\")")
        before = table.payload()["version"]
        card(page, "9H").click()
        page.get_by_test_id("confirm-discard").wait_for()
        time.sleep(0.3)
        assert table.payload()["version"] == before         # the first click asks, and throws nothing
        card(page, "9H").click()
        deadline = time.monotonic() + 5
        while table.payload()["version"] == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table.payload()["view"]["hand"].count("9H") == 0      # thrown on the second click
        fits_width(page, PHONE)
        assert not errors, errors

