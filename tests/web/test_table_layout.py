"""How the browser table is laid out (issue 17): the bridge family's compass seats and bidding grid, dummy
laid out as a hand, the trick placed by seat with its winner marked and the last trick kept in sight, and
the seats still round the table on a phone. Playwright in the machine's Chromium, as in test_browser.py;
the seat names themselves are data, tested without a browser.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from webapi import TestClient, create, view

import parlour
from parlour.formats.pbn import COMPASS
from parlour.web.app import create_app

NAMED = ("auction-bridge", "vint")


@pytest.mark.parametrize("game", NAMED)
def test_the_bridge_family_names_its_seats_by_the_compass(game: str) -> None:
    """Seats are North, East, South and West, by the same mapping as the PBN export (seat 0 North)."""
    names = parlour.game_info(game).seat_names
    assert names == ("North", "East", "South", "West")
    assert "".join(name[0] for name in names) == COMPASS


def test_other_games_have_no_seat_names() -> None:
    """A game whose book gives its seats no names keeps "seat N" at the table."""
    assert parlour.game_info("tetka").seat_names == ()


def test_the_lobby_and_the_table_payload_carry_the_seat_names(tmp_path: Path) -> None:
    """The front-end reads the names (the seats', the game's) from the game's entry and from every table payload,
    never from game code."""
    with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'names.sqlite3'}")) as client:
        games = {entry["id"]: entry for entry in client.get("/api/games").json()}
        assert games["auction-bridge"]["seat_names"] == ["North", "East", "South", "West"]
        assert games["tetka"]["seat_names"] == []
        created = create(client, ["human", "random", "random", "random"], game="auction-bridge")
        assert view(client, created, 0)["seat_names"] == ["North", "East", "South", "West"]
        assert view(client, created, None)["seat_names"] == ["North", "East", "South", "West"]
        # The game's name too, so that the page's title never shows the id while /api/games is on its way.
        assert view(client, created, 0)["game_name"] == view(client, created, None)["game_name"] == "Auction Bridge"


# --- in the browser -------------------------------------------------------------------------------------------
NORTH, EAST, SOUTH, WEST = range(4)
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}




class Table:
    """An Auction Bridge table of four people's seats, moved through the API as their browsers would."""

    def __init__(self, server: str) -> None:
        self.server = server
        answer = httpx.post(server + "/api/tables", json={"game": "auction-bridge", "seats": ["human"] * 4},
                            timeout=10)
        assert answer.status_code == 201, answer.text
        self.created = answer.json()
        self.id = self.created["table_id"]
        self.to_move: int | None = None       # who moves next, as the last answer said

    def token(self, seat: int) -> str:
        token: str = self.created["seats"][seat]["token"]
        return token

    def payload(self, seat: int) -> dict[str, Any]:
        answer = httpx.get(f"{self.server}/api/tables/{self.id}/view", params={"seat": seat},
                           headers={"X-Seat-Token": self.token(seat)}, timeout=10)
        assert answer.status_code == 200, answer.text
        payload: dict[str, Any] = answer.json()
        return payload

    def act(self, action: str | None = None) -> str:
        """The seat to move takes `action`, or its first legal one; answers the action taken."""
        seat = self.to_move if self.to_move is not None else self.payload(NORTH)["view"]["to_move"][0]
        payload = self.payload(seat)
        chosen = action or payload["view"]["legal_actions"][0]
        answer = httpx.post(f"{self.server}/api/tables/{self.id}/actions", timeout=10,
                            headers={"X-Seat-Token": self.token(seat)},
                            json={"seat": seat, "version": payload["version"], "action": chosen})
        assert answer.status_code == 200, answer.text
        self.to_move = answer.json()["view"]["to_move"][0]
        return chosen

    def bid_one_heart(self) -> None:
        """North (the first dealer) bids 1♥ and everyone passes: North declares, South is dummy, East leads."""
        self.act("bid 1H")
        for _ in range(3):
            self.act("pass")

    def open(self, browser: Any, seat: int, viewport: dict[str, int] = DESKTOP) -> Any:
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(f"{self.server}/table/{self.id}?seat={seat}#token={self.token(seat)}")
        page.get_by_test_id(f"seat-{seat}").wait_for()
        return page


def luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(foreground: str, background: str) -> float:
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_auction_is_a_grid_with_compass_seats(server: str, browser: Any) -> None:
    """West sees columns N E S W (his own last, marked), a row per round, North's 1♥ first in its column; seats,
    log and scores say North, East, South and West; calls are words, and the red bid reads on its card."""
    table = Table(server)
    table.act("bid 1H")
    table.act("pass")
    page = table.open(browser, WEST)
    grid = page.get_by_test_id("call-grid-auction")
    grid.get_by_text("Pass").wait_for()
    assert grid.locator("th").all_inner_texts() == ["North", "East", "South", "West"]
    assert grid.locator("th.me").inner_text() == "West"
    assert [row.locator("td").all_inner_texts() for row in grid.locator("tbody tr").all()] == [["1♥", "Pass", "", ""]]
    assert page.get_by_test_id("seat-1").locator(".seat-name").inner_text() == "East"
    assert "North: bid 1♥" in page.get_by_test_id("log").inner_text()
    assert "South" in page.get_by_test_id("scores").inner_text()
    colours = grid.locator(".call.bid.red").evaluate(
        "(e) => [getComputedStyle(e).color, getComputedStyle(e.closest('table')).backgroundColor]")
    assert contrast(*colours) >= 4.5
    table.act("pass")
    table.act("double")
    page.locator(".call.double").wait_for()
    assert grid.locator("tbody tr").first.locator("td").all_inner_texts() == ["1♥", "Pass", "Pass", "Double"]
    page.context.close()


def test_a_three_seat_auction_reads_round_by_round(server: str, browser: Any) -> None:
    """The grid's columns follow the way the calls go round (to the right in Mus), a seat that has dropped
    out leaves a blank, and a list that is not one of calls keeps its rows of records."""
    page = browser.new_context().new_page()
    page.goto(server + "/")
    answer = page.evaluate("""async () => {
      const d = await import('/static/draw.js');
      const calls = (seats) => seats.map((seat, i) => ({ seat, call: `c${i}` }));
      return {
        three: d.callRows(calls([1, 2, 0, 2, 0]), d.callColumns(calls([1, 2, 0, 2, 0]), 3, 0)),
        columns: d.callColumns(calls([1, 2, 0, 2, 0]), 3, 0),
        right: d.callColumns(calls([0, 3, 2, 1]), 4, 0),
        notCalls: d.isCallList([{ seat: 0, call: 'pass', points: 3 }], 4),
        five: d.isCallList([{ seat: 0, call: 'pass' }], 5),
      };
    }""")
    assert answer["columns"] == [1, 2, 0]
    assert answer["three"] == [["c0", "c1", "c2"], [None, "c3", "c4"]]
    assert answer["right"] == [3, 2, 1, 0]
    assert answer["notCalls"] is False and answer["five"] is False
    page.context.close()


def test_dummy_lies_open_once_and_the_trick_sits_by_seat(server: str, browser: Any) -> None:
    """After the lead, West (a defender) sees dummy's thirteen cards at full size in South's place, once, and
    no backs for them; East's lead lies across the trick, as East sits across the table."""
    table = Table(server)
    table.bid_one_heart()
    table.act()                                   # East leads
    page = table.open(browser, WEST)
    dummy = page.get_by_test_id("open-hand-2")
    dummy.wait_for()
    assert dummy.locator(".card").count() == 13
    assert page.get_by_test_id("seat-2").locator(".held").count() == 0
    assert page.locator("[data-testid^='open-hand-']").count() == 1
    hand_width = page.get_by_test_id("hand").locator(".card").first.bounding_box()["width"]
    assert dummy.locator(".card").first.bounding_box()["width"] == pytest.approx(hand_width, abs=1)
    # West at the bottom: North on the left, East across, South (dummy) on the right.
    assert page.locator("#slot-left [data-testid='seat-0']").count() == 1
    assert page.locator("#slot-top [data-testid='seat-1']").count() == 1
    assert page.locator("#slot-right [data-testid='seat-2']").count() == 1
    assert page.locator(".cell-top [data-testid='play-trick-1']").count() == 1
    page.context.close()


def test_the_declarer_plays_dummys_cards_where_they_lie(server: str, browser: Any) -> None:
    """At dummy's turn, North (declarer) clicks a card of dummy's open hand and it is played for South; the
    cards that may not be played there are no buttons."""
    table = Table(server)
    table.bid_one_heart()
    table.act()                                   # East leads; dummy (South) is next, played by North
    page = table.open(browser, NORTH)
    dummy = page.get_by_test_id("open-hand-2")
    playable = dummy.locator("button.card")
    playable.first.wait_for()
    legal = table.payload(NORTH)["view"]["legal_actions"]
    shown = playable.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
    assert sorted(f"play {card}" for card in shown) == sorted(legal)
    playable.first.click()
    page.get_by_test_id("play-trick-2").wait_for()
    assert dummy.locator(".card").count() == 12
    page.context.close()


def test_the_last_trick_names_its_winner_and_outlives_the_deal(server: str, browser: Any) -> None:
    """A gathered trick stays in the last-trick box with its winner starred (the seat whose tricks went up,
    before anyone leads again); once the deal is over, the deal's last trick stays in sight into the next."""
    table = Table(server)
    table.bid_one_heart()
    page = table.open(browser, WEST)
    for _ in range(4):
        table.act()
    winner = page.get_by_test_id("zone-last_trick").locator(".play.winner")
    winner.wait_for()
    won_by = int(winner.get_attribute("data-testid").rsplit("-", 1)[1])
    assert [s["seat"] for s in table.payload(NORTH)["view"]["seats"] if s["tricks"] == 1] == [won_by]
    assert "won" in winner.inner_text()
    while table.payload(NORTH)["view"]["hand_number"] == 1:
        table.act()
    for seat in range(4):                          # the others have seen the deal end; West clicks on
        if seat != WEST:
            assert httpx.post(f"{table.server}/api/tables/{table.id}/next-deal", json={"seat": seat}, timeout=10,
                              headers={"X-Seat-Token": table.token(seat)}).status_code == 200
    page.get_by_test_id("next-deal").click()
    page.get_by_test_id("zone-last_trick").get_by_text("deal 1").wait_for()
    assert page.get_by_test_id("zone-last_trick").locator(".play").count() >= 3
    page.context.close()


def test_on_a_phone_the_opponents_sit_round_the_table(server: str, browser: Any) -> None:
    """At 390 px the left and right seats sit beside the trick, below the seat across, and the trick's
    cards lie on the same sides as their players."""
    table = Table(server)
    table.bid_one_heart()
    table.act()                                   # East leads
    table.act()                                   # South (dummy) follows
    page = table.open(browser, NORTH, PHONE)
    page.get_by_test_id("play-trick-2").wait_for()
    left, top, right = (page.get_by_test_id(f"seat-{s}").bounding_box() for s in (EAST, SOUTH, WEST))
    assert left["x"] + left["width"] <= top["x"] + top["width"] / 2 <= right["x"]
    assert left["y"] >= top["y"] + top["height"] and right["y"] >= top["y"] + top["height"]
    east_card = page.get_by_test_id("play-trick-1").bounding_box()
    south_card = page.get_by_test_id("play-trick-2").bounding_box()
    assert east_card["x"] < south_card["x"] + south_card["width"] / 2 and south_card["y"] < east_card["y"] + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()


def test_games_without_seat_names_keep_seat_numbers(server: str, browser: Any) -> None:
    """Tëtka's seats have no compass names: a seat nobody sits at yet is "Player B" and so on, by its letter;
    names come from the game's data (or from who sits there) only."""
    answer = httpx.post(server + "/api/tables", timeout=10,
                        json={"game": "tetka", "seats": ["human", "open", "random", "random"]})
    created = answer.json()
    page = browser.new_context().new_page()
    page.goto(f"{server}/table/{created['table_id']}?seat=0#token={created['seats'][0]['token']}")
    page.get_by_test_id("seat-1").wait_for()
    assert page.get_by_test_id("seat-1").locator(".seat-name").inner_text() == "Player B"
    assert "North" not in page.get_by_test_id("felt").inner_text()
    page.context.close()


def test_a_card_lifted_under_the_pointer_stays_lifted(server: str, browser: Any) -> None:
    """A card rises when the pointer is on it. With the pointer near its lower edge it must stay risen,
    not rise off the pointer, fall back under it and rise again on every frame (a flicker, and a card that
    automated clicks found never still)."""
    table = Table(server)
    table.bid_one_heart()
    page = table.open(browser, EAST)
    card = page.locator("[data-testid^='card-'][data-playable='true']").first
    card.wait_for()
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 3)
    tops = card.evaluate("""e => new Promise(done => { const seen = []; function frame() {
        seen.push(e.getBoundingClientRect().top); if (seen.length < 10) requestAnimationFrame(frame); else done(seen);
      } setTimeout(() => requestAnimationFrame(frame), 300); })""")
    assert len(set(tops)) == 1 and tops[0] < box["y"], tops
    card.click()
    page.get_by_test_id("zone-trick").locator("figure").first.wait_for()
    page.context.close()
