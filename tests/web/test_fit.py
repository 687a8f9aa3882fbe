"""Every game fits its window (issue 38, items 1 and 7), in the machine's Chromium as in test_browser.py.

For each of the 27 games a table is made through the API (the person at seat 0, random bots in the other
seats, a fixed seed, so every run deals the same cards) and its page is opened once; the person's moves are
sent through the API, as the page sends them, and the page follows on its websocket. At the start, mid-deal
and at a deal's end (the page's pause on the deal's score sheet) the one page is looked at in two windows:

* 1366x900 and 390x844: the page is no wider than the window (the element that widens it is named), and no
  visible text names a seat, side or team by its number ("seat 2") rather than its people;
* 1366x900: the hand, the centre of the table (its trick, board, pile or pot) and the controls of the turn
  (the choices, or "Next deal") lie on the first screen, without scrolling;
* 390x844: every card of the hand shows a strip of at least 28 px, and a tap at the middle of that strip lands
  on that card.

A deal's end is reached in every game but the four rummy-like ones in ``END_SKIPPED``, whose deals last 70 to
115 of the person's random moves (several seconds each on two cores). A last test shows messages (toasts)
beside a phone's hand and checks that they never cover it.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from test_browser import ARGS, CHROMIUM, playwright, serve  # skips this module where Chromium is missing

import parlour
from parlour.web.app import create_app

GAMES = [info.id for info in parlour.games()]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
STRIP = 28                        # the least of a hand's card that shows, in CSS pixels, on a phone
MID_MOVES = 3                     # the person's moves from the start to the mid-deal look
NUMBERED = re.compile(r"\b(?:seat|side|team)s? \d", re.IGNORECASE)   # people named as numbers (item 2)
PAGE_ERRORS: list[str] = []      # what the page threw, with its stack: a drawing that failed half way
END_MOVES = 150                   # the most of the person's moves spent reaching a deal's end
END_SKIPPED = {"canasta", "carioca", "kowah", "samba"}
SEED = 3
SHOTS = os.environ.get("FIT_SHOTS")        # a folder: each look is also photographed there, whole page
# Fold and stick end a person's deal at once (poker, banking): the mid-deal look wants the deal still going.
SHORTENING = ("fold", "stick")


def players(game: str) -> int:
    info = parlour.game_info(game)
    return 4 if info.min_players <= 4 <= info.max_players else info.min_players


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = tmp_path_factory.mktemp("fit") / "parlour.sqlite3"
    yield from serve(create_app(database_url=f"sqlite:///{path}"))


class Valve:
    """The page's websocket, passed through Playwright: while shut, the server's pushes are held back but the
    latest, which is handed on when it opens again. A deal played to its end through the API then costs the
    page one view to draw, not hundreds, and the page still sees the deal end (it pauses on a view that
    finishes a deal after one that did not)."""

    def __init__(self) -> None:
        self.shut = False
        self.latest: Any = None
        self.route: Any = None

    def __call__(self, route: Any) -> None:
        server = route.connect_to_server()
        self.route, self.latest = route, None
        route.on_message(server.send)
        server.on_message(self.push)

    def push(self, message: Any) -> None:
        if self.shut:
            self.latest = message
        else:
            self.route.send(message)

    def open(self, page: Any) -> None:
        page.evaluate("0")                    # the pushes that arrived meanwhile are taken in (and held back)
        self.shut = False
        if self.latest is not None:
            self.route.send(self.latest)
            self.latest = None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def valve() -> Valve:
    return Valve()


@pytest.fixture(scope="module")
def page(browser: Any, valve: Valve) -> Iterator[Any]:
    """One page for every game, its window resized between looks, its websocket through the valve."""
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.route_web_socket(re.compile(r"/ws/tables/"), valve)
    page.on("pageerror", lambda error: PAGE_ERRORS.append(f"{error}\n{error.stack}"))
    yield page
    context.close()


def is_held(payload: dict[str, Any]) -> bool:
    """The server holds a finished deal for the person's "Next deal"."""
    return 0 in (payload.get("pause") or {}).get("waiting", [])



class Table:
    """A table of `game`: the person at seat 0, moving through the API; random bots elsewhere."""

    def __init__(self, server: str, game: str) -> None:
        self.client = httpx.Client(base_url=server, timeout=10)
        n = players(game)
        answer = self.client.post("/api/tables", json={"game": game, "players": n, "seed": SEED,
                                                       "seats": ["human"] + ["random"] * (n - 1)})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.id = created["table_id"]
        self.token = created["seats"][0]["token"]
        self.rng = random.Random(SEED)

    def url(self) -> str:
        return f"/table/{self.id}?seat=0#token={self.token}"

    def payload(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/tables/{self.id}/view", params={"seat": 0},
                                 headers={"X-Seat-Token": self.token})
        assert answer.status_code == 200, answer.text
        payload: dict[str, Any] = answer.json()
        return payload

    def turn(self, held: bool = True) -> dict[str, Any]:
        """The payload once the person is to move (the bots answer in between), or the game is over; with
        ``held``, also once the server holds a deal's end for the person's "Next deal"."""
        deadline = time.monotonic() + 15
        while True:
            payload = self.payload()
            if payload["view"]["is_over"] or (held and is_held(payload)) or (0 in payload["view"]["to_move"]
                                                                         and not is_held(payload)):
                return payload
            assert time.monotonic() < deadline, f"seat 0 never got the turn: {payload['view']['to_move']}"
            time.sleep(0.005)

    def play(self, moves: int) -> dict[str, Any]:
        """Up to `moves` of the person's moves, stopping once a deal ends; the payload of the person's next turn."""
        deals = len(self.payload()["hand_results"])
        payload = self.turn()
        for _ in range(moves):
            if payload["view"]["is_over"] or len(payload["hand_results"]) > deals or is_held(payload):
                break
            legal = payload["view"]["legal_actions"]
            choices = [a for a in legal if not a.startswith(SHORTENING)] or legal
            move = {"seat": 0, "version": payload["version"], "action": self.rng.choice(choices)}
            answer = self.client.post(f"/api/tables/{self.id}/actions", headers={"X-Seat-Token": self.token},
                                      json=move)
            assert answer.status_code in (200, 409), answer.text
            payload = self.turn()
        return payload


# The page shows `hand` (as a multiset of cards) and the turn, or the pause at a deal's end; two frames since.
SHOWN = """([hand, paused, over]) => {
  const cards = [...document.querySelectorAll('#hand .card[data-card]')].map((n) => n.dataset.card).sort();
  const want = [...hand].sort();
  const same = cards.length === want.length && cards.every((c, i) => c === want[i]);
  const there = over ? !document.getElementById('result-panel').hidden
    : document.querySelector(paused ? "[data-testid='next-deal']" : "[data-testid='your-turn']");
  return same && Boolean(there);
}"""
SETTLED = """() => document.fonts.ready.then(() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(done))))"""

# What lies past the window's right edge (the outermost such elements, by a CSS-like name), the page's width,
# and the boxes of the hand, the centre and the turn's controls, from the top of the page.
LOOK = """() => {
  scrollTo(0, 0);
  const W = innerWidth;
  const name = (n) => n.tagName.toLowerCase() + (n.id ? '#' + n.id : '')
    + (typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\\s+/).join('.') : '');
  const wide = [];
  for (const n of document.body.querySelectorAll('*')) {
    const r = n.getBoundingClientRect();
    if (r.width > 0 && r.right > W + 0.5 && !(n.parentElement && wide.some((w) => w.node.contains(n)))) {
      wide.push({ node: n, text: `${name(n)} (right edge ${Math.round(r.right)})` });
    }
  }
  const box = (nodes) => {
    const rects = nodes.map((n) => n.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) return null;
    return { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)),
             left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) };
  };
  const all = (selector) => [...document.querySelectorAll(selector)];
  return {
    width: document.documentElement.scrollWidth, window: [W, innerHeight],
    wide: wide.slice(0, 5).map((w) => w.text),
    boxes: {
      hand: box(all('#hand .card')),
      centre: box(all('#centre .zones-main > *')),
      controls: box([...all('#actions > *'), ...all('#hand button.card')]),
    },
  };
}"""

# Each card of the hand: its strip (how far the next card in its row starts to its right; the last of a
# row shows whole) and what a tap at the strip's middle, half way down the card, lands on.
STRIPS = """() => {
  scrollTo(0, 0);
  const cards = [...document.querySelectorAll('#hand .card[data-card]')];
  const rects = cards.map((n) => n.getBoundingClientRect());
  return cards.map((node, i) => {
    const r = rects[i];
    const next = rects[i + 1];
    const sameRow = next && Math.abs(next.top - r.top) < r.height / 2;
    const strip = sameRow ? next.left - r.left : r.width;
    node.scrollIntoView({ block: 'center', inline: 'nearest' });
    const now = node.getBoundingClientRect();
    const hit = document.elementFromPoint(now.left + Math.min(strip, now.width) / 2, now.top + now.height / 2);
    const landed = hit && hit.closest('.card');
    return { card: node.dataset.card, strip, lands: landed ? landed.dataset.card : null };
  });
}"""


def look(page: Any, game: str, moment: str) -> None:
    """The checks of the module's docstring, at both sizes, on the page as it stands (which has thrown no
    error while drawing what came before)."""
    assert not PAGE_ERRORS, f"{game}, {moment}: the page failed: {PAGE_ERRORS}"
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.mouse.move(0, 0)                 # no card lifted by a pointer resting on it
        page.evaluate(SETTLED)
        seen = page.evaluate(LOOK)
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/{game}-{moment.split()[-1]}-{size['width']}.png", full_page=True)
        where = f"{game}, {moment}, {size['width']}x{size['height']}"
        assert seen["width"] <= size["width"], f"{where}: the page is {seen['width']} px wide: {seen['wide']}"
        numbered = NUMBERED.findall(page.locator("body").inner_text())
        assert not numbered, f"{where}: the page names {numbered}, not people"
        if size is DESKTOP:
            for part, box in seen["boxes"].items():
                if box is None:
                    continue
                assert box["top"] >= 0 and box["bottom"] <= size["height"] + 0.5, \
                    f"{where}: the {part} lies at y {box['top']:.0f}–{box['bottom']:.0f}, beyond the first screen"
        else:
            for card in page.evaluate(STRIPS):
                assert card["strip"] >= STRIP - 0.5, f"{where}: {card['card']} shows only {card['strip']:.0f} px"
                assert card["lands"] == card["card"], f"{where}: a tap on {card['card']} lands on {card['lands']}"
    page.set_viewport_size(DESKTOP)


def revealed(page: Any, payload: dict[str, Any]) -> None:
    """At a deal's end, every card the rules reveal (the view's ``shown`` zone: bridge's four hands, the
    showdown's hands, the hands left and counted) is drawn face up in the shown zone, under its owner."""
    end = payload.get("deal_end") or {}
    entries = ((end.get("view") or {}).get("table") or {}).get("shown", [])
    for k, entry in enumerate(entries):
        owner = f"extra-{k}" if entry["seat"] is None else entry["seat"]
        drawn = page.locator(f"[data-testid='shown-{owner}'] [data-card]")
        assert sorted(drawn.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")) == sorted(entry["cards"])


def shown(page: Any, payload: dict[str, Any], paused: bool = False) -> None:
    """Wait until the page shows `payload`'s hand and turn, or the pause on a deal's end, or the game's end
    (a game of one deal, where the page does not pause)."""
    over = payload["view"]["is_over"]
    hand = payload["deal_end"]["view"]["hand"] if paused and not over else payload["view"]["hand"]
    page.wait_for_function(SHOWN, arg=[hand, paused, over])


@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_its_window(server: str, page: Any, valve: Valve, game: str) -> None:
    table = Table(server, game)
    payload = table.turn()
    page.goto(server + table.url())
    if is_held(payload):    # the first deal was over before the person's first move (a banker's pontoon)
        shown(page, payload, paused=True)
        look(page, game, "a deal's end at the start")
        page.get_by_test_id("next-deal").click()
        payload = table.turn(held=False)
    shown(page, payload)
    look(page, game, "the start")
    deals = len(payload["hand_results"])
    valve.shut = True
    payload = table.play(MID_MOVES)
    valve.open(page)
    if len(payload["hand_results"]) == deals and not payload["view"]["is_over"]:
        shown(page, payload)
        look(page, game, "mid-deal")
        if game in END_SKIPPED:
            return
        valve.shut = True
        payload = table.play(END_MOVES)
        valve.open(page)
        assert len(payload["hand_results"]) > deals, f"{game}: no deal's end in {END_MOVES} moves"
        shown(page, payload, paused=True)
        revealed(page, payload)
        look(page, game, "a deal's end")
    else:
        # The deal ended within the first few moves (a banking or poker deal): its end, then the next deal.
        shown(page, payload, paused=True)
        revealed(page, payload)
        look(page, game, "a deal's end")
        page.get_by_test_id("next-deal").click()
        payload = table.turn(held=False)
        shown(page, payload)
        look(page, game, "mid-deal")


def test_messages_never_cover_a_phones_hand(server: str, page: Any) -> None:
    """Toasts (a hint, an error) keep clear of the hand, wherever the hand lies in the window."""
    table = Table(server, "canasta")
    payload = table.turn()
    page.set_viewport_size(PHONE)
    page.goto(server + table.url())
    shown(page, payload)
    for block in ("end", "start", "center"):
        page.evaluate("""async (block) => {
          document.getElementById('hand').scrollIntoView({ block });
          const { toast } = await import('/static/dom.js');
          for (const words of ['Hint: discard 4♣', 'Hint: draw from the stock', 'That card cannot be played now'])
            toast(words, 'info');
        }""", block)
        page.evaluate(SETTLED)
        overlap = page.evaluate("""() => {
          const hand = document.getElementById('hand').getBoundingClientRect();
          return [...document.querySelectorAll("[data-testid='toast']")].map((t) => t.getBoundingClientRect())
            .filter((r) => r.bottom > hand.top && r.top < hand.bottom && r.right > hand.left && r.left < hand.right)
            .length;
        }""")
        assert overlap == 0, f"a toast covers the hand scrolled to its {block}"
        page.evaluate("() => document.getElementById('toasts').replaceChildren()")
    page.set_viewport_size(DESKTOP)
