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

How a deal's end is reached. In 23 games the person's moves are drawn at random (never a fold or a stick
while another move is legal) and a deal ends within ``END_MOVES`` of them. The four rummy-like games, whose
deals last 70 to 115 of the person's random moves (several seconds each on two cores), are given a prepared
deal instead (the ``deal`` option, allowed since every other seat is a bot; the other hands are drawn from
the rest of the pack in the seed's order), and the person plays by a plan (``PLANS``: at each of its turns,
the first of the plan's moves that is legal), ending the deal within its first two turns:

* Canasta: seven kings and four queens; the person draws a fifth queen, lays the kings and the queens and
  commits, going out concealed with a natural canasta (14 moves; the mid-deal look has two kings staged).
* Samba: six kings, seven queens and two jacks, under a pile frozen by a joker and a 2, with a king on top;
  the person takes the pile, lays and commits two natural canastas, then lays the jacks with the joker and
  the 2 as a third set, going out (20 moves; the mid-deal look has the pile taken and two kings staged).
* Carioca: six sevens and five eights, the stock's top card a seventh seven; the person draws it and lays
  the first contract (two trios) with every card, going out (14 moves; two sevens staged at mid-deal).
* Kowah: three 4s, three 5s, a 7S and a 9H, the stock's top cards the second and third 7S; the person
  draws the second and declares checki on the pair of 7S (the mid-deal look, after two moves), discards
  the 9H, and wins with the third 7S, whoever draws it: the person at once, a bot showing it, and the person
  claims it. The game is one deal, so its end is the game's end. The claim windows the person answers
  come only after the mid-deal look, while the page's websocket is held back (``Valve``), so the page never
  declines one for its person (it does after two seconds) while the test is answering it.

A last test shows messages (toasts) beside a phone's hand and checks that they never cover it.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from webapi import PersonAtSeatZero

import parlour
from parlour.cards import DOUBLE_108, KOWAH_120, TRIPLE_162, Pack

GAMES = [info.id for info in parlour.games()]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
STRIP = 28                        # the least of a hand's card that shows, in CSS pixels, on a phone
MID_MOVES = 3                     # the person's moves from the start to the mid-deal look
NUMBERED = re.compile(r"\b(?:seat|side|team)s? \d", re.IGNORECASE)   # people named as numbers (item 2)
PAGE_ERRORS: list[str] = []      # what the page threw, with its stack: a drawing that failed half way
END_MOVES = 150                   # the most of the person's moves spent reaching a deal's end
SEED = 3
SHOTS = os.environ.get("FIT_SHOTS")        # a folder: each look is also photographed there, whole page
# Fold and stick end a person's deal at once (poker, banking): the mid-deal look wants the deal still going.
SHORTENING = ("fold", "stick")


def players(game: str) -> int:
    info = parlour.game_info(game)
    return 4 if info.min_players <= 4 <= info.max_players else info.min_players


@dataclass(frozen=True)
class Plan:
    """A prepared deal (the game's ``deal`` option, at four players) and the person's moves in it: at each of
    the person's turns, the first of ``moves`` that is legal. ``mid``: the moves before the mid-deal look."""

    deal: Any
    moves: tuple[str, ...]
    mid: int = MID_MOVES


def rest_of(pack: Pack, *named: Sequence[str]) -> list[str]:
    """The pack's cards (``7H#2`` names a copy) but those ``named``, in an order drawn from the seed."""
    taken = {card for cards in named for card in cards}
    rest = [str(card) for card in pack.cards if str(card) not in taken]
    random.Random(SEED).shuffle(rest)
    return rest


def hands_and_stock(pack: Pack, mine: list[str], stock: list[str]) -> dict[str, Any]:
    """Kowah's and Carioca's prepared deal: the person's hand, the others' from the rest of the pack, and the
    stock's top cards (the cards left out follow in the seed's order)."""
    rest = rest_of(pack, mine, stock)
    size = len(mine)
    return {"hands": [mine, *(rest[k * size:(k + 1) * size] for k in range(3))], "stock": stock}


def dealt_round(pack: Pack, mine: list[str], after: list[str]) -> dict[str, Any]:
    """Canasta's and Samba's prepared deal, a stacked pack dealt a card at a time from seat 0 (the dealer's
    left): the person's hand, the others' from the rest of the pack, then ``after``: the card turned up (or
    the cards, the last on top, when those below it are wild or red 3s), then the stock's top. The red 3s lie
    at the stock's bottom: one dealt or turned up would be replaced from the stock's top before the person
    draws, and change the deal."""
    red_threes = [str(card) for card in pack.cards if str(card).startswith(("3H", "3D"))]
    rest = [card for card in rest_of(pack, mine, after) if card not in red_threes]
    size = len(mine)
    hands = [mine, *(rest[k * size:(k + 1) * size] for k in range(3))]
    return {"pack": [hands[k % 4][k // 4] for k in range(4 * size)] + after + rest[3 * size:] + red_threes}


def lays(faces: str, suits: str, slot: int) -> tuple[str, ...]:
    return tuple(f"lay {face}{suit} {slot}" for face in faces.split() for suit in suits)


# The four games whose deals random moves end too slowly (the module's docstring): each a deal that the
# person's plan ends within its first two turns.
PLANS = {
    "canasta": Plan(dealt_round(DOUBLE_108, ["KS", "KS#2", "KH", "KH#2", "KD", "KD#2", "KC",
                                             "QS", "QS#2", "QH", "QH#2"], ["5C", "QD"]),
                    ("draw", *lays("K", "SHDC", 1), *lays("Q", "SHD", 2), "commit")),
    "samba": Plan(dealt_round(TRIPLE_162, ["KS#2", "KS#3", "KH", "KH#2", "KD", "KD#2",
                                           "QS", "QS#2", "QS#3", "QH", "QH#2", "QH#3", "QD", "JS", "JS#2"],
                              ["JK", "2C", "KS"]),
                  # The jacks' set is the first staged after the kings' and queens' commit.
                  ("take", *lays("K", "SHD", 1), *lays("Q", "SHD", 2), "lay JS 1", "lay JK 1", "lay 2C 1",
                   "commit")),
    "carioca": Plan(hands_and_stock(DOUBLE_108, ["7S", "7S#2", "7H", "7H#2", "7D", "7D#2",
                                                 "8S", "8S#2", "8H", "8H#2", "8D"], ["7C"]),
                    ("draw stock", *lays("7", "SHDC", 1), *lays("8", "SHD", 2), "commit")),
    "kowah": Plan(hands_and_stock(KOWAH_120, ["4S", "4D", "4H", "5S", "5D", "5H", "7S", "9H"], ["7S#2", "7S#3"]),
                  ("claim 7S", "checki 7S", "discard 9H", "draw stock", "decline"), mid=2),
}



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



class Table(PersonAtSeatZero):
    """A table of `game`: the person at seat 0, moving through the API (at random, or by `plan` in the
    plan's prepared deal); random bots elsewhere."""

    def __init__(self, server: str, game: str, plan: Plan | None = None) -> None:
        self.client = httpx.Client(base_url=server, timeout=10)
        self.plan = plan
        n = players(game)
        options = {} if plan is None else {"deal": plan.deal}
        answer = self.client.post("/api/tables", json={"game": game, "players": n, "seed": SEED, "options": options,
                                                       "seats": ["human"] + ["random"] * (n - 1)})
        assert answer.status_code == 201, answer.text
        created = answer.json()
        self.id = created["table_id"]
        self.token = created["seats"][0]["token"]
        self.rng = random.Random(SEED)

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
            move = {"seat": 0, "version": payload["version"], "action": self.choose(payload["view"]["legal_actions"])}
            answer = self.client.post(f"/api/tables/{self.id}/actions", headers={"X-Seat-Token": self.token},
                                      json=move)
            assert answer.status_code in (200, 409), answer.text
            payload = self.turn()
        return payload

    def choose(self, legal: list[str]) -> str:
        """The plan's first legal move; without a plan, a random one (but folding or sticking, if another)."""
        if self.plan is not None:
            planned = [move for move in self.plan.moves if move in legal]
            assert planned, f"no move of the plan is legal: {legal}"
            return planned[0]
        choices = [a for a in legal if not a.startswith(SHORTENING)] or legal
        return self.rng.choice(choices)


# The page shows `hand` (as a multiset of cards) and the turn, or the pause at a deal's end; two frames since.
SHOWN = """([hand, paused, over]) => {
  // A banking game's own hands lie on the felt, each with its count, and the strip says so (banking.js).
  const onTable = document.querySelector("[data-testid='hand-on-table']");
  const where = onTable ? '.zone-banked .banked-hand.me .card[data-card]' : '#hand .card[data-card]';
  const cards = [...document.querySelectorAll(where)].map((n) => n.dataset.card).sort();
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
    showdown's hands, the hands left and counted) is drawn face up in its place: a seat's in that seat's own
    panel, the person's own cards in hand as the hand, captioned, and cards of no seat (a stub) in the centre."""
    view = payload["view"] if payload["view"]["is_over"] else (payload.get("deal_end") or {}).get("view") or {}
    entries = (view.get("table") or {}).get("shown", [])
    cards = "(cards) => cards.map((c) => c.dataset.card)"
    at_seats: dict[int, list[str]] = {}
    for k, entry in enumerate(entries):
        if entry["seat"] is None:
            drawn = page.locator(f"#centre [data-testid='shown-extra-{k}'] .card[data-card]:not(.back)")
            assert sorted(drawn.evaluate_all(cards)) == sorted(entry["cards"])
        elif entry["seat"] == view.get("seat") and sorted(entry["cards"]) == sorted(view.get("hand") or []):
            assert page.locator("#hand [data-testid='shown-hand']").count() == 1
            assert sorted(page.locator("#hand .card[data-card]").evaluate_all(cards)) == sorted(entry["cards"])
        else:
            at_seats.setdefault(entry["seat"], []).extend(entry["cards"])
    for seat, wanted in at_seats.items():
        drawn = page.locator(f"[data-testid='seat-{seat}'] [data-testid='shown-{seat}'] .card[data-card]:not(.back)")
        assert sorted(drawn.evaluate_all(cards)) == sorted(wanted), f"seat {seat}"


def shown(page: Any, payload: dict[str, Any], paused: bool = False) -> None:
    """Wait until the page shows `payload`'s hand and turn, or the pause on a deal's end, or the game's end
    (a game of one deal, where the page does not pause)."""
    over = payload["view"]["is_over"]
    hand = payload["deal_end"]["view"]["hand"] if paused and not over else payload["view"]["hand"]
    page.wait_for_function(SHOWN, arg=[hand, paused, over])


@pytest.mark.parametrize("game", GAMES)
def test_every_game_fits_its_window(server: str, page: Any, valve: Valve, game: str) -> None:
    plan = PLANS.get(game)
    table = Table(server, game, plan)
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
    payload = table.play(MID_MOVES if plan is None else plan.mid)
    valve.open(page)
    if len(payload["hand_results"]) == deals and not payload["view"]["is_over"]:
        shown(page, payload)
        look(page, game, "mid-deal")
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
