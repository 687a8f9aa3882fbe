"""People by name and facts in words (issue 38, items 2, 5 and 8), in the browser (Playwright, Chromium).

For every registered game, at its usual number of players: a table of you and random bots is made over the
API (a short game where the game has an option for one), played by random legal moves sent as the page sends
them, and read as a person reads it: the table page early in the first deal, the same page at the end of the
game (the result and who won, the score chart, every deal's sheet, the log), the last deal's end sheet as the
table draws it, and the replay two thirds in (with the review's offer). No visible text may name a seat, side
or team by number, nor show the engine's form of a fact that the page words (a card known to be in the stock,
"face down 0", an "UPCARD" that is the discard pile, a plural that does not agree); a game with a discard pile
calls it so. A move the server refuses says why on the page (a stale version: 409). people.js's rewriting
of the engine's words is checked by itself on the phrases the games use.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, playwright, serve  # skips this module where Chromium is missing

import parlour
from parlour.web.app import create_app

httpx = pytest.importorskip("httpx")

GAMES = [info.id for info in parlour.games()]
NUMBERED = re.compile(r"\b(?:seat|side|team)s? \d", re.IGNORECASE)
# The engine's form of facts the page words, as seen before issue 38.
ENGINE_FORM = re.compile(r"known in stock|place \d+ · card|face down\s+0\b|(?-i:^UPCARD$)"
                         r"|(?<![\d.])1 (?:kings|cards|tricks|hands)\b|\(s\)|\bDISCARD FACE DOWN\b",
                         re.IGNORECASE | re.MULTILINE)
# Games whose middle has a discard pile, which the page calls so.
DISCARD_PILES = {"canasta", "samba", "crates", "carioca"}
SHORTER = ("deals", "hands", "rounds", "orbits", "rubbers", "games", "boards", "max_deals")
TIMEOUT = 10.0


def short(info: parlour.GameInfo) -> dict[str, int]:
    """Options making the game one deal or a few, where the game has them."""
    options: dict[str, int] = {}
    for option in info.options:
        if option.name in SHORTER:
            options[option.name] = max(1, option.minimum or 1)
        elif option.name == "deal_limit":
            options[option.name] = option.minimum or 1
    names = {option.name for option in info.options}
    if "target" in names and "deals" not in names and "hands" not in names:
        spec = next(option for option in info.options if option.name == "target")
        options["target"] = spec.minimum or 5
    return options


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    path: Path = tmp_path_factory.mktemp("people") / "parlour.sqlite3"
    for server in serve(create_app(database_url=f"sqlite:///{path}")):
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            yield server, page
            browser.close()


class Table:
    """A table of you (seat 0) and random bots, played over HTTP as the page plays."""

    def __init__(self, http: Any, game: str) -> None:
        info = parlour.game_info(game)
        seats = ["human"] + ["random"] * (info.players_default - 1)
        answer = http.post("/api/tables", json={"game": game, "seats": seats, "seed": 7, "options": short(info)})
        assert answer.status_code == 201, answer.text
        self.http, self.created, self.rng = http, answer.json(), random.Random(game)
        self.id = self.created["table_id"]
        self.token = self.created["seats"][0]["token"]
        self.moves = 0

    def view(self) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while True:
            current: dict[str, Any] = self.http.get(f"/api/tables/{self.id}/view", params={"seat": 0},
                                                    headers={"X-Seat-Token": self.token}).json()
            if 0 in ((current.get("pause") or {}).get("waiting") or []):     # a deal ended: you have seen it
                self.http.post(f"/api/tables/{self.id}/next-deal", json={"seat": 0},
                               headers={"X-Seat-Token": self.token})
                continue
            if current["view"]["is_over"] or 0 in current["view"]["to_move"]:
                return current
            assert time.monotonic() < deadline, f"{self.id}: seat 0 never got the turn"
            time.sleep(0.005)

    def play(self, most: int) -> dict[str, Any]:
        """Random legal moves of yours, at most ``most`` of them or to the end; answers the payload then. A
        move's answer is the table after it: while it leaves you to move, no other look is needed."""
        current = self.view()
        for _ in range(most):
            if current["view"]["is_over"]:
                return current
            answer = self.http.post(f"/api/tables/{self.id}/actions", headers={"X-Seat-Token": self.token},
                                    json={"seat": 0, "version": current["version"],
                                          "action": self.rng.choice(current["view"]["legal_actions"])})
            assert answer.status_code in (200, 409), answer.text
            self.moves += 1
            after = answer.json() if answer.status_code == 200 else {}
            mine = "view" in after and 0 in after["view"]["to_move"] and not after.get("pause")
            current = after if mine else self.view()
        return current


def shown(page: Any) -> str:
    return str(page.evaluate("() => document.body.innerText"))


def faults(where: str, text: str) -> list[str]:
    found = [f"{where}: {m.group(0)!r} in …{text[max(0, m.start() - 40):m.end() + 40]!r}…"
             for pattern in (NUMBERED, ENGINE_FORM) for m in pattern.finditer(text)]
    return found[:3]


# The sheet the table shows when a deal ends, for the last deal: drawn by dealend.js as the table draws it.
SHEET = """async (payload) => {
  const { dealEndSheet } = await import("/static/dealend.js");
  const { distinctNames } = await import("/static/people.js");
  const names = distinctNames(payload.names, payload.seat_names);
  const view = { ...payload.view, seat_names: payload.seat_names, names };
  const results = payload.hand_results || [];
  if (!results.length) return "";
  const sheet = dealEndSheet(results[results.length - 1], view, { lowestWins: payload.lowest_score_wins });
  document.body.append(sheet);
  const text = sheet.innerText;
  sheet.remove();
  return text;
}"""


def test_every_game_names_people_and_words_its_facts(site: tuple[str, Any]) -> None:
    server, page = site
    problems: list[str] = []
    with httpx.Client(base_url=server, timeout=20) as http:
        for game in GAMES:
            started = time.monotonic()
            table = Table(http, game)
            table.play(2)
            page.goto(f"{server}/table/{table.id}?seat=0#token={table.token}")
            page.get_by_test_id("seat-0").wait_for()
            page.wait_for_timeout(100)
            text = shown(page)
            problems += faults(f"{game} table, mid-deal", text)
            if game in DISCARD_PILES and "discard pile" not in text.lower():
                problems.append(f"{game}: no discard pile named at the table")
            page.goto("about:blank")            # the rest is played unwatched, as quickly as the server goes
            last = table.play(600)
            if not last["view"]["is_over"]:
                problems.append(f"{game}: not over after {table.moves} moves")
                continue
            page.goto(f"{server}/table/{table.id}?seat=0")
            page.get_by_test_id("result").wait_for(timeout=TIMEOUT * 1000)
            text = shown(page)
            if not re.search(r"\bwon\b|No one won", text):
                problems.append(f"{game}: the result does not say who won")
            problems += faults(f"{game} table, game over", text)
            problems += faults(f"{game} deal-end sheet", page.evaluate(SHEET, last))
            steps = http.get(f"/api/tables/{table.id}/replay", params={"step": 0}).json()["steps"]
            page.goto(f"{server}/replay/{table.id}?seat=0&step={steps * 2 // 3}")     # late in the game
            page.get_by_test_id("review-button").wait_for()
            page.wait_for_timeout(100)
            problems += faults(f"{game} replay", shown(page))
            print(f"{game}: {table.moves} moves, {time.monotonic() - started:.1f} s")
    assert not problems, "\n".join(problems)


def test_a_refused_move_says_why(site: tuple[str, Any]) -> None:
    """A move sent against another version is refused (409): the page says why, in words, and keeps it."""
    server, page = site
    with httpx.Client(base_url=server, timeout=20) as http:
        table = Table(http, "mus")
        table.view()
        page.goto(f"{server}/table/{table.id}?seat=0#token={table.token}")
        page.get_by_test_id("your-turn").wait_for()

        def stale(route: Any) -> None:     # the page's version, as if another seat had acted meanwhile
            body = route.request.post_data_json
            route.continue_(post_data=json.dumps({**body, "version": body["version"] + 7}))

        page.route("**/actions", stale)
        page.locator("#actions button:enabled").first.click()
        refused = page.get_by_test_id("move-refused")
        refused.wait_for()
        assert "moved on" in refused.inner_text()
        page.unroute("**/actions")


PHRASES = """async () => {
  const { peopleText, wonWords, distinctNames } = await import("/static/people.js");
  const view = { seat: 1, names: ["Ann", "Bea", "Random bot B", "Random bot D"], seat_names: [],
    seats: [0, 1, 2, 3].map((seat) => ({ seat, team: seat % 2 })) };
  return [
    peopleText("seat 1 wins with 1 point", view), peopleText("seat 0 goes out", view),
    peopleText("side 0 +780, side 1 +685", view), peopleText("seat 0 and seat 1 share the win", view),
    peopleText("seats 1 and 3 win the game, 5 to 0", view), peopleText("Seat 2's turn; seat 1's hand", view),
    peopleText("the dealer is seat 1", view), peopleText("team 0 has 3 tricks", view),
    peopleText("hand 1: seat 1 deals; seat 0 is mano", view),
    peopleText("Bea left the table: seat 0 is open again", view), peopleText("seat 1 is open", view),
    peopleText("1 kings not played; 2 kings; 11 cards; 1 trick(s), 3 trick(s); takes the pile of 1 cards", view),
    wonWords([1, 3], view), wonWords([0], view), wonWords([], view),
    distinctNames(["Ann", "Random bot", "Random bot", "Easy bot"], []).join("|"),
    distinctNames(["Ann", "Medium bot", "Easy bot", "Medium bot"], ["North", "East", "South", "West"]).join("|"),
  ];
}"""


def test_the_engines_words_name_people(site: tuple[str, Any]) -> None:
    server, page = site
    page.goto(f"{server}/replay/no-such-table")
    page.get_by_test_id("replay-unavailable").wait_for()
    assert page.evaluate(PHRASES) == [
        "You win with 1 point", "Ann goes out",
        "Ann and Random bot B +780, you and Random bot D +685", "Ann and you share the win",
        "You and Random bot D win the game, 5 to 0", "Random bot B's turn; your hand",
        "the dealer is you", "Ann and Random bot B have 3 tricks",
        "hand 1: you deal; Ann is mano", "Bea left the table: Ann's seat is open again", "Your seat is open",
        "1 king not played; 2 kings; 11 cards; 1 trick, 3 tricks; takes the pile of 1 card",
        "You and Random bot D won", "Ann won", "No one won",
        "Ann|Random bot B|Random bot C|Easy bot", "Ann|Medium bot E|Easy bot|Medium bot W",
    ]
