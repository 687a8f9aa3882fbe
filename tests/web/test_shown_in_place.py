"""What the rules reveal lies face up in its place (issue 38, items 4 and 7), in the machine's Chromium as in
test_fit.py.

At a deal's end the view's ``shown`` zone lists the cards the rules turn up (``parlour.engine.shown``). The
page lays each seat's in that seat's own panel round the felt, face up and labelled (the low's name at a
showdown, "as dealt" for a bridge hand record); your own cards in hand are your hand, captioned; cards of no
seat (Comet's stub) stay in the middle under their label. Each table here is dealt known cards (a prepared
deal, the person at seat 0, bots elsewhere) and played through the API as the page would, while one page
watches; the deal's end is looked at on the deal-end sheet at 1366x900 and 390x844. On the phone a hand too
long for one row takes rows of even length, each card still a strip a finger finds.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from test_fit import DESKTOP, LOOK, PHONE, SETTLED, STRIP, STRIPS
from webapi import PersonAtSeatZero

from parlour.cards import STANDARD_52

ALL_52 = [str(c) for c in STANDARD_52.cards]
BY_SUIT = [ALL_52[13 * k:13 * k + 13] for k in range(4)]        # a suit to a hand, two to ace

# Each seat's shown cards as the page draws them, by the seat's panel: {seat: {cards, backs, labels, inside}},
# `inside` whether every card's box lies within its seat's; and where else shown cards lie.
DRAWN = """() => {
  const out = {};
  for (const seat of document.querySelectorAll("#felt [data-testid^='seat-']")) {
    const box = seat.getBoundingClientRect();
    const cards = [...seat.querySelectorAll(".seat-shown .card[data-card]")];
    const inside = cards.every((c) => { const r = c.getBoundingClientRect();
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5
        && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5; });
    out[seat.dataset.seat] = {
      cards: cards.map((c) => c.dataset.card), backs: seat.querySelectorAll(".card.back").length,
      faceDown: cards.filter((c) => c.classList.contains("back")).length,
      labels: [...seat.querySelectorAll(".seat-shown .shown-label")].map((n) => n.textContent), inside,
      own: seat.querySelector(`[data-testid='shown-${seat.dataset.seat}']`) !== null,
    };
  }
  return {
    seats: out,
    centre: [...document.querySelectorAll("#centre [data-testid^='shown-extra-']")].map((n) => ({
      id: n.dataset.testid, cards: [...n.querySelectorAll(".card[data-card]")].map((c) => c.dataset.card),
      zone: n.closest(".zone").querySelector(".zone-name").textContent })),
    caption: (document.querySelector("#hand [data-testid='shown-hand']") || {}).textContent || null,
    hand: [...document.querySelectorAll("#hand .card[data-card]")].map((c) => c.dataset.card),
  };
}"""

# The rows of the hand: how many cards start at each height, top to bottom.
ROWS = """() => {
  const tops = [...document.querySelectorAll('#hand .card[data-card]')]
    .map((n) => Math.round(n.getBoundingClientRect().top));
  const rows = [];
  for (const top of tops) {
    const row = rows.find((r) => Math.abs(r.top - top) < 8);
    if (row) row.n += 1; else rows.push({ top, n: 1 });
  }
  return rows.sort((a, b) => a.top - b.top).map((r) => r.n);
}"""


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"the page failed: {errors}"


class Table(PersonAtSeatZero):
    """A table of `game` on a prepared deal: the person at seat 0, moving through the API; bots elsewhere."""

    def __init__(self, base: str, game: str, players: int, bot: str, deal: dict[str, Any], **options: Any) -> None:
        self.client = httpx.Client(base_url=base, timeout=10)
        answer = self.client.post("/api/tables", json={"game": game, "players": players, "seed": 1,
                                                       "options": {"deal": deal, **options},
                                                       "seats": ["human"] + [bot] * (players - 1)})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.id, self.token = created["table_id"], created["seats"][0]["token"]

    def play(self, choose: Callable[[dict[str, Any]], str], until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The person's moves by `choose` (the bots answer in between) until `until(payload)`, or a deal ends."""
        deadline = time.monotonic() + 30
        while True:
            payload = self.payload()
            view = payload["view"]
            if view["is_over"] or payload.get("pause") or until(payload):
                return payload
            if 0 in view["to_move"] and view["legal_actions"]:
                move = {"seat": 0, "version": payload["version"], "action": choose(view)}
                answer = self.client.post(f"/api/tables/{self.id}/actions", json=move,
                                          headers={"X-Seat-Token": self.token})
                assert answer.status_code in (200, 409), answer.text
            else:
                time.sleep(0.005)
            assert time.monotonic() < deadline, f"the deal did not end: {view['to_move']}"


def the_end(payload: dict[str, Any]) -> dict[str, Any]:
    """The view the page draws once the deal is over: the deal's end it pauses on, or the game's last."""
    view: dict[str, Any] = payload["view"] if payload["view"]["is_over"] else payload["deal_end"]["view"]
    return view


def wait_for_end(page: Any, payload: dict[str, Any]) -> None:
    over = payload["view"]["is_over"]
    page.locator("#result-panel:not([hidden])" if over else "[data-testid='next-deal']").wait_for()
    page.evaluate(SETTLED)


def check_in_place(page: Any, view: dict[str, Any], size: dict[str, int]) -> dict[str, Any]:
    """At `size`: every seat's shown cards face up inside its own panel (your own cards in hand as your hand,
    captioned), none elsewhere but those of no seat, the page no wider than the window; at 1366x900 the hand,
    the centre and the controls on the first screen."""
    page.set_viewport_size(size)
    page.mouse.move(0, 0)
    page.evaluate(SETTLED)
    where = f"{view['game']} at {size['width']}x{size['height']}"
    drawn = page.evaluate(DRAWN)
    entries = view["table"].get("shown", [])
    assert entries, f"{where}: the view shows nothing"
    wanted: dict[int, list[str]] = {}
    for k, entry in enumerate(entries):
        seat = entry["seat"]
        if seat is None:
            found = [c for c in drawn["centre"] if c["id"] == f"shown-extra-{k}"]
            assert len(found) == 1 and Counter(found[0]["cards"]) == Counter(entry["cards"]), f"{where}: {found}"
            assert entry["label"].lower() in found[0]["zone"].lower()
        elif seat == view["seat"] and Counter(entry["cards"]) == Counter(view["hand"]):
            assert drawn["caption"] and entry["label"] in drawn["caption"], f"{where}: {drawn['caption']}"
            assert Counter(drawn["hand"]) == Counter(entry["cards"])
        else:
            wanted.setdefault(seat, []).extend(entry["cards"])
    for seat, facts in drawn["seats"].items():
        cards = wanted.get(int(seat), [])
        assert Counter(facts["cards"]) == Counter(cards), f"{where}: seat {seat} shows {facts['cards']}, not {cards}"
        assert facts["own"] == bool(cards) and facts["inside"] and not facts["faceDown"], f"{where}: {seat} {facts}"
        if cards:
            assert facts["backs"] == 0, f"{where}: seat {seat} still shows backs beside its cards"
            labels = [e["label"] for e in entries if e["seat"] == int(seat)]
            assert all(given in drawn for given, drawn in zip(labels, facts["labels"], strict=True)), facts["labels"]
    seen = page.evaluate(LOOK)
    assert seen["width"] <= size["width"], f"{where}: the page is {seen['width']} px wide: {seen['wide']}"
    if size is DESKTOP:
        for part, box in seen["boxes"].items():
            assert box is None or (box["top"] >= 0 and box["bottom"] <= size["height"] + 0.5), \
                f"{where}: the {part} lies at y {box['top']:.0f}–{box['bottom']:.0f}, beyond the first screen"
    shown: dict[str, Any] = drawn
    return shown


def fair_strips(page: Any, where: str) -> None:
    for card in page.evaluate(STRIPS):
        assert card["strip"] >= STRIP - 0.5, f"{where}: {card['card']} shows only {card['strip']:.0f} px"
        assert card["lands"] == card["card"], f"{where}: a tap on {card['card']} lands on {card['lands']}"


# --- a showdown ---------------------------------------------------------------------------------------------
def razz_pack(*hands: str) -> dict[str, list[str]]:
    """A pack dealing each seat its seven cards (down, down, door, fourth ... seventh) from seat 0."""
    cards = [h.split() for h in hands]
    order = [cards[s][k] for k in range(7) for s in range(len(cards))]
    return {"pack": order + [c for c in ALL_52 if c not in order]}


def passive(view: dict[str, Any]) -> str:
    legal: list[str] = view["legal_actions"]
    return next(m for m in ("bring-in", "check", "call") if m in legal)


def test_at_razzs_showdown_each_hand_lies_face_up_at_its_seat_with_its_name(server: str, page: Any) -> None:
    """The person calls to the end against the rule of thumb holding the wheel (it never folds it): at the
    showdown both seven-card hands lie face up in their own seats, each named by its low."""
    hands = ("KC QD 9H JC 10D KH QS", "AC 2D 3H 4S 5C 6D 7H")
    table = Table(server, "razz", 2, "heuristic", razz_pack(*hands))
    page.goto(server + table.url())
    payload = table.play(passive, lambda p: False)
    assert payload.get("pause"), "the deal did not end at a showdown"
    wait_for_end(page, payload)
    view = the_end(payload)
    assert [e["label"] for e in view["table"]["shown"]] == ["K-Q-J-10-9", "5-4-3-2-A"]
    for size in (DESKTOP, PHONE):
        drawn = check_in_place(page, view, size)
        assert drawn["seats"]["1"]["labels"] == ["5-4-3-2-A"] and drawn["seats"]["0"]["labels"] == ["K-Q-J-10-9"]
        assert not drawn["centre"]


# --- a hand record, and the phone's rows --------------------------------------------------------------------
def bridge_move(view: dict[str, Any]) -> str:
    """Open 1♣ if no one has bid, then pass; in the play, the first card allowed."""
    legal: list[str] = view["legal_actions"]
    if legal[0].startswith("play"):
        return legal[0]
    bid = any(call["call"] not in ("pass",) for call in view["table"].get("auction", []))
    return "bid 1C" if "bid 1C" in legal and not bid else "pass"


def test_a_bridge_deal_ends_laid_out_as_dealt_at_its_four_seats(server: str, page: Any) -> None:
    """On a phone the 13 cards dealt take two rows, of 7 and 6, each card a strip a tap finds; at the deal's
    end, every card played, the four hands lie as dealt (a hand record), each at its own seat."""
    table = Table(server, "auction-bridge", 4, "random", {"hands": BY_SUIT})
    page.set_viewport_size(PHONE)
    page.goto(server + table.url())
    page.wait_for_function("() => document.querySelectorAll('#hand .card[data-card]').length === 13")
    page.evaluate(SETTLED)
    assert page.evaluate(ROWS) == [7, 6]
    fair_strips(page, "13 cards")
    payload = table.play(bridge_move, lambda p: False)
    wait_for_end(page, payload)
    view = the_end(payload)
    assert [e["seat"] for e in view["table"]["shown"]] == [0, 1, 2, 3]
    for size in (PHONE, DESKTOP):
        drawn = check_in_place(page, view, size)
        assert all(facts["labels"] == ["as dealt"] for facts in drawn["seats"].values())


def test_a_long_hand_on_a_phone_takes_rows_of_even_length(server: str, page: Any) -> None:
    """Ten cards take two rows of 5 on a phone (not 9 and 1), nineteen (a pile taken) three of 7, 6 and 6,
    every card a strip a tap finds: the table page's hand drawn with that many cards."""
    table = Table(server, "auction-bridge", 4, "random", {"hands": BY_SUIT})
    page.set_viewport_size(PHONE)
    page.goto(server + table.url())
    page.wait_for_function("() => document.querySelectorAll('#hand .card[data-card]').length === 13")
    for count, rows in ((10, [5, 5]), (19, [7, 6, 6])):
        page.evaluate("""async (hand) => {
          const { renderHand } = await import('/static/draw.js');
          renderHand({ hand, seat: 0 });
        }""", ALL_52[:count])
        page.evaluate(SETTLED)
        assert page.evaluate(ROWS) == rows
        fair_strips(page, f"{count} cards")


# --- your own hand, and cards of no seat -----------------------------------------------------------------------
def test_a_winners_own_hand_is_captioned_where_it_lies(server: str, page: Any) -> None:
    """The person completes Kowah with the first draw: the winning hand, the cards in the person's own hand,
    is captioned there ("kowah") and not drawn again at the seat; the loser's hand stays hidden."""
    winner, loser = "5S 5H 5D 7H 7S 7D AD AD#2", "2S 3S 4S 6S 8S 9S 2H 3H"
    table = Table(server, "kowah", 2, "random", {"hands": [winner.split(), loser.split()], "stock": ["AD#3", "4H"]})
    page.goto(server + table.url())
    payload = table.play(lambda v: "draw stock", lambda p: False)
    wait_for_end(page, payload)
    view = the_end(payload)
    for size in (DESKTOP, PHONE):
        drawn = check_in_place(page, view, size)
        assert "kowah" in drawn["caption"] and not any(f["cards"] for f in drawn["seats"].values())


def test_comets_stub_stays_in_the_middle_and_the_hands_left_at_their_seats(server: str, page: Any) -> None:
    """Comet's stub, no one's, lies face up in the middle under its name; each hand left lies at its seat."""
    hands = [["2C"], ["3C", "KD"], ["5H"], ["6H", "9D"]]
    table = Table(server, "comet", 4, "random", {"hands": hands})
    page.goto(server + table.url())
    payload = table.play(lambda v: v["legal_actions"][0], lambda p: False)
    wait_for_end(page, payload)
    view = the_end(payload)
    for size in (DESKTOP, PHONE):
        drawn = check_in_place(page, view, size)
        assert [c["zone"] for c in drawn["centre"]] == ["Stub"]
        assert page.locator("[data-testid='zone-stub']").count() == 0     # not still counted face down beside it
