"""The auction family's bidding box (issue 39, item 1), in the machine's Chromium as in test_browser.py.

An Auction Bridge table of the person (South) and three heuristic bots, seed 1, whose bots call the same way
each time: North opens 1♥ and East overcalls 1♠. At the person's first call (1366x900) the box is a whole
grid: every bid the server allows is a button, every other one is greyed in its place and says why ("below
1♠, the bid to beat"); a click on 1NT is taken by the server. North raises to 2♥ and East to 2♠; the second
call is looked at on a phone (390x844): the box goes in two steps (levels, then the chosen level's calls),
comes into sight on the first screen without widening the page, and Pass, pressed from the keyboard, is
taken. The lobby's Play seats the person at South, the partner North across; a hot-seat table opens at South.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SEED = 1
SOUTH = 2
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
GRID = [f"{level}{strain}" for level in range(1, 8) for strain in SUITS]
VISIBLE_ACTIONS = "#actions button:visible"




def shown(contract: str) -> str:
    """A contract as the box writes it: 1S -> 1♠."""
    return contract[0] + SUITS[contract[1:]]


class Table:
    """The person's seat at a table made through the API, and its view as the server tells it."""

    def __init__(self, server: str) -> None:
        self.server = server
        answer = httpx.post(f"{server}/api/tables", json={
            "game": "auction-bridge", "players": 4, "seed": SEED,
            "seats": ["heuristic", "heuristic", "human", "heuristic"]}, timeout=30)
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.id = created["table_id"]
        self.token = created["seats"][SOUTH]["token"]

    def view(self) -> dict[str, Any]:
        answer = httpx.get(f"{self.server}/api/tables/{self.id}/view", params={"seat": SOUTH},
                           headers={"X-Seat-Token": self.token}, timeout=30)
        assert answer.status_code == 200, answer.text
        view: dict[str, Any] = answer.json()["view"]
        return view

    def my_turn(self) -> dict[str, Any]:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            view = self.view()
            if SOUTH in view["to_move"]:
                return view
            time.sleep(0.05)
        raise AssertionError("the person never got the turn")

    def took(self, call: str, count: int) -> None:
        """The server has the person's ``count``-th call, and it is ``call``."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            mine = [c["call"] for c in self.view()["table"]["auction"] if c["seat"] == SOUTH]
            if len(mine) >= count:
                assert mine[count - 1] == call, mine
                return
            time.sleep(0.05)
        raise AssertionError(f"the server never took {call!r}")

    def open(self, browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
        context = browser.new_context(viewport=viewport, reduced_motion="reduce")
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{self.server}/table/{self.id}?seat={SOUTH}#token={self.token}")
        page.get_by_test_id("auction-box").wait_for()
        return page


def greyed(page: Any, contract: str) -> Any:
    return page.get_by_test_id(f"greyed-bid-{contract}")


def test_the_bidding_box_greys_what_the_bid_to_beat_leaves_and_takes_calls_by_click_and_key(
        server: str, browser: Any) -> None:
    table = Table(server)
    errors: list[str] = []

    # --- the first call, on a desktop: the whole grid ------------------------------------------------------
    view = table.my_turn()
    calls = view["table"]["auction"]
    assert [c["call"] for c in calls] == ["1H", "1S"], calls           # the seed's bots, as they always call
    legal = set(view["legal_actions"])
    page = table.open(browser, DESKTOP, errors)
    box = page.get_by_test_id("auction-box")
    assert page.locator(VISIBLE_ACTIONS).count() < 40
    for contract in GRID:
        if f"bid {contract}" in legal:
            assert page.get_by_test_id(f"action-bid-{contract}").is_enabled(), contract
        else:
            button = greyed(page, contract)
            assert button.is_visible() and button.get_attribute("aria-disabled") == "true", contract
            reason = "1♠ is the bid to beat: bid higher" if contract == "1S" else "below 1♠, the bid to beat"
            assert button.get_attribute("title") == reason, contract
    assert sum(f"bid {c}" not in legal for c in GRID) == 4             # 1♣ 1♦ 1♥ 1♠
    # Red suits are red; a greyed call says why where the person looks, and Redouble why it is not open.
    colour = page.get_by_test_id("action-bid-2H").locator(".ab-strain").evaluate("(e) => getComputedStyle(e).color")
    assert colour == "rgb(192, 24, 43)"
    expect_text(box.get_by_test_id("auction-why"), "The bid to beat: 1♠, by Heuristic bot E.")
    greyed(page, "1C").hover()
    expect_text(box.get_by_test_id("auction-why"), "1♣: below 1♠, the bid to beat")
    assert page.get_by_test_id("greyed-redouble").get_attribute("title") == "1♠ is not doubled"
    assert page.get_by_test_id("action-double").is_enabled() and page.get_by_test_id("action-pass").is_enabled()
    page.get_by_test_id("action-bid-1NT").click()
    table.took("1NT", 1)
    page.context.close()

    # --- the second call, on a phone: two steps, in sight, Pass from the keyboard ----------------------------
    view = table.my_turn()
    assert [c["call"] for c in view["table"]["auction"]][-3:] == ["pass", "2H", "2S"]
    page = table.open(browser, PHONE, errors)
    box = page.get_by_test_id("auction-box")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The page brings the box into sight (once a turn), whole: the person need not scroll to call.
    page.wait_for_function("""() => {
      const r = document.querySelector("[data-testid='auction-box']").getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight + 0.5;
    }""")
    assert box.bounding_box()["height"] < PHONE["height"] / 3
    assert page.locator(VISIBLE_ACTIONS).count() < 20                   # 7 levels, 5 calls, Pass, Double, Redouble
    level = page.get_by_test_id("auction-level-1")
    assert "every 1-level bid is below 2♠, the bid to beat" in level.get_attribute("aria-label")
    # The lowest level open comes chosen (2NT outranks 2♠ at Auction Bridge); 3 shows the next level's calls.
    assert page.get_by_test_id("auction-level-2").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("action-bid-2NT").is_visible() and not page.get_by_test_id("action-bid-3C").is_visible()
    assert greyed(page, "2S").get_attribute("title") == "2♠ is the bid to beat: bid higher"
    page.get_by_test_id("auction-level-3").click()
    assert page.get_by_test_id("action-bid-3C").is_visible() and not page.get_by_test_id("action-bid-2NT").is_visible()
    assert page.get_by_test_id("auction-level-3").get_attribute("aria-pressed") == "true"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_test_id("action-pass").focus()
    page.keyboard.press("Enter")
    table.took("pass", 2)
    assert errors == []
    page.context.close()


def expect_text(locator: Any, text: str) -> None:
    from playwright.sync_api import expect

    expect(locator).to_have_text(text)


def test_play_seats_the_person_south_with_the_partner_across(server: str, browser: Any) -> None:
    """The gallery's Play: you at South and medium bots at North, East and West; the page puts you at the
    bottom and North, your partner, across at the top. The lobby's seats say the same, and a table where two
    seats are yours (hot-seat) opens at South."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server + "/")
    page.get_by_test_id("play-auction-bridge").click()
    page.wait_for_url(re.compile(r"/table/.*\?seat=2"))
    table_id = page.url.split("/table/")[1].split("?")[0]
    described = httpx.get(f"{server}/api/tables/{table_id}", timeout=30).json()
    assert [s["kind"] for s in described["seats"]] == ["medium", "medium", "human", "medium"]
    page.locator("#slot-bottom [data-testid='seat-2']").wait_for()
    assert page.locator("#slot-top [data-testid='seat-0']").count() == 1
    assert page.locator("#slot-left [data-testid='seat-3']").count() == 1      # West on South's left
    assert page.locator("#slot-right [data-testid='seat-1']").count() == 1

    page.goto(server + "/")
    page.get_by_test_id("game-select").select_option("tetka")
    page.get_by_test_id("table-choices").evaluate("(fold) => { fold.open = true; }")
    assert page.get_by_test_id("seat-kind-0").input_value() == "human"
    page.get_by_test_id("game-select").select_option("auction-bridge")
    seats = [page.get_by_test_id(f"seat-kind-{s}").input_value() for s in range(4)]
    assert seats == ["medium", "medium", "human", "medium"]
    page.get_by_test_id("seat-kind-0").select_option("human")                # North too: a hot-seat table
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/table/.*\?seat=2"))
    context.close()


# Draws the auction family's controls for one turn of a view made up here: its legal actions, the auction
# zone's calls, and the verbs' families as the server would declare them.
DRAW = """([legal, calls, families]) => import('/static/families/index.js').then(({ familyControls }) => {
  const view = { seat: 1, hand_number: 1, legal_actions: legal, seats: [{ seat: 0 }, { seat: 1 }, { seat: 2 }],
    table: { auction: calls }, kinds: { table: { auction: "bids" } } };
  const { nodes, rest } = familyControls(legal, { view, families, hint: null, disabled: false, send: () => {},
    button: () => null, payload: { table_id: "t", view, names: ["Ann", "Bob", "Cy"], help: {} } });
  document.body.replaceChildren(...nodes);
  return { rest, why: document.querySelector("[data-testid='auction-why']").textContent,
    calls: [...document.querySelectorAll(".ab-call")].map((b) => [b.dataset.call, b.title || "open"]) };
})"""


def test_other_ladders_keep_their_order_and_grey_the_rungs_passed(server: str, browser: Any) -> None:
    """A ladder that is not level+strain (Preference's suits, Heart Solo's games) is drawn in the order the
    game gives it; the rungs the page has seen offered stay, greyed below the bid to beat. A verb that does
    not declare the family (Solo's "hold") is left to the generic buttons. A level+strain ladder takes its
    columns from the game's order (Vint's spades first)."""
    page = browser.new_page()
    page.goto(server + "/")
    bid = {"bid": "auction"}
    first = page.evaluate(DRAW, [["bid spades", "bid clubs", "bid diamonds", "bid hearts", "pass"], [], bid])
    assert [c for c, _ in first["calls"]] == ["pass", "bid spades", "bid clubs", "bid diamonds", "bid hearts"]
    assert first["why"] == "No bid yet."
    later = page.evaluate(DRAW, [["bid diamonds", "bid hearts", "pass"], [{"seat": 0, "call": "clubs"}], bid])
    assert later["calls"] == [["pass", "open"], ["bid spades", "below clubs, the bid to beat"],
                              ["bid clubs", "clubs is the bid to beat: bid higher"], ["bid diamonds", "open"],
                              ["bid hearts", "open"]]
    assert later["why"] == "The bid to beat: clubs, by Ann."
    solo = page.evaluate(DRAW, [["bid solo", "pass", "hold"], [{"seat": 0, "call": "ask"}], bid])
    assert solo["rest"] == ["hold"] and solo["why"] == "Last call: ask, by Ann."
    ladder = [f"bid {level}{strain}" for level in range(1, 8) for strain in ("S", "C", "D", "H", "NT")]
    vint = page.evaluate(DRAW, [["pass", *ladder], [], bid])
    assert [c for c, _ in vint["calls"]][1:6] == ["bid 1S", "bid 1C", "bid 1D", "bid 1H", "bid 1NT"]
    page.close()
