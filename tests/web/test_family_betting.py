"""The betting family's table (issue 39, item 2: poker and vying), in the machine's Chromium as in
test_browser.py.

A three-handed Razz table of the person and two heuristic bots on a stacked pack: the king showing brings in,
so the person, on the ace-three-five, faces a bet on third street. The page draws the moves as big buttons
each with its amount as the server words it ("Call 2", "Complete to 4"), the fold apart on the left and the
move that puts more in last; above them the pot (the middle and the bets before the seats) and what it costs
to call, as the view declares them by kind; the person's best low so far ("5-3-A so far"); and every seat's
up-card as a full-size small card, not a tiny one. At both sizes, nothing is wider than the window.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from webapi import window

from parlour.cards import STANDARD_52

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

# Dealt from seat 0 (the dealer is the last seat): two down and one up each. Seat 1's king brings in.
HANDS = ("AS 3D 5H", "QC JC KD", "9S 8H 7C")


def stacked() -> dict[str, list[str]]:
    cards = [h.split() for h in HANDS]
    order = [cards[s][k] for k in range(3) for s in range(3)]
    return {"pack": order + [str(c) for c in STANDARD_52.cards if str(c) not in order]}


def facing_a_bet(server: str) -> tuple[httpx.Client, str, str, dict[str, Any]]:
    """The table, once the bots have spoken and the person is to move; the person's payload then."""
    client = httpx.Client(base_url=server, timeout=10)
    answer = client.post("/api/tables", json={"game": "razz", "players": 3, "seed": 1,
                                              "seats": ["human", "heuristic", "heuristic"],
                                              "options": {"deal": stacked(), "hands": 1}})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table, token = created["table_id"], created["seats"][0]["token"]
    deadline = time.monotonic() + 10
    while True:
        told = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers={"X-Seat-Token": token}).json()
        if told["view"]["to_move"] == [0] or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert told["view"]["to_move"] == [0], told["view"]["log"][-3:]
    return client, table, token, told


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_amounts_pot_to_call_best_low_and_full_size_up_cards(server: str, browser: Any, size: dict[str, int]) -> None:
    client, table, token, told = facing_a_bet(server)
    view, labels = told["view"], told["labels"]
    assert "fold" in view["legal_actions"] and any(a in labels for a in ("call", "complete", "raise"))
    with window(browser, size) as (page, errors):
        page.goto(f"{server}/table/{table}?seat=0#token={token}")
        page.get_by_test_id("bet-box").wait_for()
        # Every move is a button worded with its amount, as the server words it.
        buttons = page.locator("[data-testid='bet-box'] button.bet-move")
        shown = dict(zip(buttons.evaluate_all("(ns) => ns.map((n) => n.dataset.testid.replace(/^action-/, ''))"),
                         [t.split("\n")[0] for t in buttons.all_inner_texts()], strict=True))
        assert shown == {action: labels[action] for action in view["legal_actions"]}
        assert any(word[-1].isdigit() for word in shown.values() if not word.startswith("Fold"))
        # The fold stands apart on the left; the move that puts more in is last.
        boxes = {action: page.get_by_test_id(f"action-{action}").bounding_box() for action in view["legal_actions"]}
        assert all(boxes["fold"]["x"] < box["x"] for action, box in boxes.items() if action != "fold")
        last = max(boxes, key=lambda a: (boxes[a]["y"], boxes[a]["x"]))
        assert last in ("complete", "raise")
        # The pot holds the middle and the bets before the seats; to call is the view's, by kind.
        pot = sum(p["chips"] for p in view["table"]["pots"]) + sum(s.get("bet", 0) for s in view["seats"])
        owed = view["extra"]["to_call"]
        assert owed > 0
        assert page.get_by_test_id("bet-line").inner_text().split() == ["Pot", str(pot), "·", "to", "call", str(owed)]
        # The person's best low so far, in words.
        assert view["extra"]["best_low"] == "5-3-A so far"
        # Under the person's cards, as a poker room writes your hand, and not again among the facts.
        assert page.get_by_test_id("hand-value").inner_text() == "Best low · 5-3-A so far"
        assert page.locator("#extra").get_by_text("5-3-A so far").count() == 0
        # Up-cards are the table's small cards, not tiny ones.
        small = page.evaluate("parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--card-small'))")
        widths = page.locator(".seat .face-up .card").evaluate_all(
            "(ns) => ns.map((n) => n.getBoundingClientRect().width)")
        assert len(widths) >= 2 and all(abs(w - small) < 1 for w in widths), (widths, small)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        # A click sends the move.
        move = "call" if "call" in view["legal_actions"] else view["legal_actions"][1]
        page.get_by_test_id(f"action-{move}").click()
        deadline = time.monotonic() + 10
        while True:
            log = client.get(f"/api/tables/{table}/view", params={"seat": 0},
                             headers={"X-Seat-Token": token}).json()["view"]["log"]
            if any(line.startswith(f"seat 0: {move}") for line in log) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert any(line.startswith(f"seat 0: {move}") for line in log), log[-3:]
        assert not errors, errors


def mus_vie(server: str) -> tuple[httpx.Client, str, str, dict[str, Any]]:
    """A Mus table of the person and three bots, played by the API (no hay mus, no señas, a pass where the
    person may open, each deal's end seen) until the person answers an envite, with raises to choose."""
    client = httpx.Client(base_url=server, timeout=10)
    answer = client.post("/api/tables", json={"game": "mus", "players": 4, "seed": 3,
                                              "seats": ["human", "heuristic", "heuristic", "heuristic"],
                                              "options": {"signs": "none", "target": 40}})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table, token = created["table_id"], created["seats"][0]["token"]
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        told = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers={"X-Seat-Token": token}).json()
        legal = told["view"]["legal_actions"] if told["view"]["to_move"] == [0] else []
        if any(a.startswith(("envido ", "reenvido ")) for a in legal) and told["view"]["table"]["calls"]:
            return client, table, token, told
        if told.get("deal_end") and not legal:
            client.post(f"/api/tables/{table}/next-deal", json={"seat": 0}, headers={"X-Seat-Token": token})
        elif legal:
            move = next(m for m in ("no hay mus", "paso", *legal) if m in legal)
            client.post(f"/api/tables/{table}/actions", json={"seat": 0, "version": told["version"], "action": move},
                        headers={"X-Seat-Token": token})
        time.sleep(0.05)
    raise AssertionError("the person never answered an envite")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_mus_stepper_and_the_calls_in_playing_order(server: str, browser: Any, size: dict[str, int]) -> None:
    """Mus: the raises are one stepper whose button says the stake it makes ("Raise to 7"), minus and plus move it;
    Quiero and No quiero carry their stones; the calls' columns are the seats from mano to the right."""
    _, table, token, told = mus_vie(server)
    view, labels = told["view"], told["labels"]
    with window(browser, size) as (page, errors):
        page.goto(f"{server}/table/{table}?seat=0#token={token}")
        page.get_by_test_id("bet-box").wait_for()
        raises = [a for a in view["legal_actions"] if a.split()[0] in ("envido", "reenvido")]
        verb = raises[0].split()[0]
        go = page.locator("[data-testid='bet-box'] .amount-go button")
        assert go.inner_text().split("\n")[0] == labels[raises[0]]
        page.get_by_test_id(f"more-{verb}").click()
        assert go.inner_text().split("\n")[0] == labels[raises[1]]
        for plain in ("quiero", "no quiero", "ordago", "paso"):
            if plain in view["legal_actions"]:
                button = page.get_by_test_id(f"action-{plain.replace(' ', '-')}")
                assert button.inner_text().split("\n")[0] == labels[plain]
        order = " ".join(str(s) for s in view["extra"]["order"])
        assert page.locator(".call-grid").get_attribute("data-order") == order
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter((n) => n.getBoundingClientRect().right > innerWidth + 0.5)
            .slice(0, 5).map((n) => n.tagName + '.' + n.className + ' ' + n.getBoundingClientRect().right)""")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], wide
        assert not errors, errors
