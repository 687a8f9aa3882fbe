"""The end of a deal and the score sheet (issue 17): what the server tells of a finished deal (its last trick
complete, who took it, the totals it left), and the browser's pause on it, its colours and its chart.

The server's part is checked through the API; the page's in the machine's Chromium, with the person's moves
sent through the API (as the page sends them) so that a deal ends in a moment while the page watches.
"""

from __future__ import annotations

import random
import re
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from fastapi.testclient import TestClient
from webapi import act, create, view, wait_for_turn

from parlour.engine import new_game
from parlour.engine.deal_end import deal_ends, finish_deal
from parlour.engine.match import result_by_score
from parlour.web.app import create_app
from parlour.web.tables import DealSheet


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}")) as client:
        yield client


def play_seat_until(client: TestClient, created: dict[str, Any], seat: int, done: Any) -> dict[str, Any]:
    """Seat ``seat`` plays at random (the bots answer in between) until ``done(payload)`` holds."""
    rng = random.Random(5)
    while not done(current := wait_for_turn(client, created, seat)):
        answer = act(client, created, seat, current["version"], rng.choice(current["view"]["legal_actions"]))
        assert answer.status_code in (200, 409), answer.text
    return current


# --- the server ---------------------------------------------------------------------------------------------

def test_a_finished_deal_comes_with_its_last_trick_complete_and_its_taker(client: TestClient) -> None:
    """The view after a deal has moved on to the next deal; the payload still shows the deal as it ended,
    from the seat's own view of that moment: the last trick's four cards, who took it, the totals left."""
    created = create(client, ["human", "random", "random", "random"], game="tetka", seed=11)
    current = play_seat_until(client, created, 0, lambda p: len(p["hand_results"]) >= 1)
    end = current["deal_end"]
    assert end["number"] == 1 and current["lowest_score_wins"] is True
    shown = end["view"]
    assert shown["seat"] == 0 and shown["is_over"] is False and shown["legal_actions"] == []
    last = shown["table"]["last_trick"]
    assert len(last) == 4 and {p["seat"] for p in last} == {0, 1, 2, 3}
    tricks = [facts["tricks"] for facts in shown["seats"]]
    assert sum(tricks) == 13 and end["trick_taker"] in range(4)
    assert shown["log"][-2].startswith(f"seat {end['trick_taker']} wins trick 13")
    result = current["hand_results"][0]
    assert result["totals"] == shown["scores"] == result["changes"]      # Tëtka starts every seat at 0
    assert all(facts["held"] == 0 for facts in shown["seats"])            # nothing of anyone's hand shown
    spectator = view(client, created, None)["deal_end"]["view"]
    assert spectator["seat"] is None and spectator["hand"] == []


def test_the_sheet_kept_as_play_goes_agrees_with_a_replay(client: TestClient) -> None:
    """Each deal's totals are kept as its last action is applied; a table loaded afresh (or rewound) works
    them out again by replaying the game, and must find the same."""
    created = create(client, ["human", "random", "random", "random"], game="canadian-salad", seed=3)
    play_seat_until(client, created, 0, lambda p: len(p["hand_results"]) >= 3)
    table = client.app.state.manager.get(created["table_id"])  # type: ignore[attr-defined]
    kept = table.deal_sheet()
    again = DealSheet.replayed(table.state)
    assert again.totals == kept.totals and len(kept.totals) == len(table.state.hand_results)
    assert again.taker == kept.taker and again.last is not None and kept.last is not None
    assert again.last.after.view(0) == kept.last.after.view(0)


def test_finish_deal_stops_at_the_end_of_the_deal_and_leaves_the_state_alone() -> None:
    """The engine's part: the deal's last action applied to a copy that stops there, the next deal not dealt;
    and the same moments found again by replaying the whole game."""
    state = new_game("tetka", players=4, seed=2)
    rng = random.Random(2)
    while not state.hand_results:
        seat = state.to_move[0]
        before, action = state.clone(), rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
    after = finish_deal(before, seat, action)
    assert after.halted and after.hand_number == 1 and len(after.hand_results) == 1
    assert before.view(0).hand and not before.hand_results            # ``before`` itself is unchanged
    assert state.hand_number == 2                                       # the real game dealt on
    ends = list(deal_ends(state))
    assert [end.number for end in ends] == [1] and ends[0].after.view(None) == after.view(None)


def test_a_win_by_one_is_one_point() -> None:
    """Words: "1 point", not "1 points", in every unit the games use."""
    assert result_by_score([1, 0], lowest_wins=False).text == "seat 0 wins with 1 point"
    assert result_by_score([1, 0], False, unit="games won").text == "seat 0 wins with 1 game won"
    assert result_by_score([2, 0], False, unit="chips").text == "seat 0 wins with 2 chips"


# --- the page -------------------------------------------------------------------------------------------------

# The browser tests' own server and Chromium (test_browser.py), imported only here: where Chromium or
# Playwright is missing that module skips itself, and only these tests go with it.

@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    browsing = pytest.importorskip("test_browser")
    yield from browsing.serve(create_app(database_url=f"sqlite:///{tmp_path / 'parlour.sqlite3'}"))


@pytest.fixture
def browser() -> Iterator[Any]:
    browsing = pytest.importorskip("test_browser")
    with browsing.playwright.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=browsing.CHROMIUM, args=browsing.ARGS)
        yield launched
        launched.close()


def watched(context: Any) -> list[str]:
    problems: list[str] = pytest.importorskip("test_browser").watched(context)
    return problems


def api_table(server: str, game: str, seats: list[str], **body: Any) -> dict[str, Any]:
    created: dict[str, Any] = httpx.post(f"{server}/api/tables", json={"game": game, "seats": seats, **body}).json()
    return created


def play_through_api(server: str, created: dict[str, Any], seats: list[int], until: Any, limit: float = 60) -> None:
    """The given seats play at random through the API, as their pages would, until ``until(payload)``."""
    rng = random.Random(9)
    deadline = time.time() + limit
    base = f"{server}/api/tables/{created['table_id']}"
    while True:
        assert time.time() < deadline, "the deal did not end"
        for seat in seats:
            headers = {"X-Seat-Token": created["seats"][seat]["token"]}
            payload = httpx.get(f"{base}/view", params={"seat": seat}, headers=headers).json()
            if until(payload):
                return
            if seat in payload["view"]["to_move"]:
                choice = rng.choice(payload["view"]["legal_actions"])
                httpx.post(f"{base}/actions", headers=headers,
                           json={"seat": seat, "version": payload["version"], "action": choice})
        time.sleep(0.01)


def open_seat(page: Any, server: str, created: dict[str, Any], seat: int) -> None:
    page.goto(f"{server}/table/{created['table_id']}?seat={seat}#token={created['seats'][seat]['token']}")
    page.get_by_test_id("hand").locator("[data-testid^='card-']").first.wait_for()


def test_against_bots_a_deal_ends_on_its_score_sheet_until_next_deal(server: str, browser: Any) -> None:
    """The deal's end is shown, its last trick complete with its taker starred and the sheet in words,
    and the next deal is held back (no turn offered) until "Next deal"; Tëtka's lowest score wins, so
    points gained are marked as hurting; the game's end draws the chart, names the winner, and the badge
    no longer says "live"."""
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    created = api_table(server, "tetka", ["human", "random", "random", "random"], seed=4)
    open_seat(page, server, created, 0)
    for deal in range(1, 5):
        play_through_api(server, created, [0], lambda p, deal=deal: len(p["hand_results"]) >= deal)
        if deal == 4:
            break
        sheet = page.get_by_test_id("deal-end-sheet")
        expect(sheet).to_contain_text(f"Deal {deal} is over")
        expect(page.get_by_test_id("status-line")).to_contain_text("the deal is over")
        expect(page.get_by_test_id("zone-last_trick").locator("figure")).to_have_count(4)
        expect(page.get_by_test_id("zone-last_trick").locator("figure.winner")).to_have_count(1)
        expect(page.get_by_test_id("deal-end-taker")).to_contain_text("took the last trick")
        assert page.get_by_test_id("your-turn").count() == 0          # the next deal waits behind the pause
        tones = sheet.locator("[data-testid^='deal-end-points-']").evaluate_all(
            "nodes => nodes.map((n) => [n.textContent, n.dataset.tone])")
        assert all((tone == "bad") == text.startswith("+") for text, tone in tones), tones
        page.get_by_test_id("next-deal").click()
        expect(sheet).to_have_count(0)
        expect(page.get_by_test_id(f"sheet-deal-{deal}")).to_be_visible()
    expect(page.get_by_test_id("result")).to_be_visible()
    expect(page.get_by_test_id("score-chart").locator("polyline")).to_have_count(4)
    expect(page.get_by_test_id("chart-winners")).to_contain_text(re.compile(r"\b(?:won|No one won)\b"))
    expect(page.get_by_test_id("connection")).to_have_text("finished")
    expect(page.get_by_test_id("status-line")).not_to_contain_text("over · game over")
    expect(page.get_by_test_id("score-sheet").locator("tbody tr")).to_have_count(4)
    assert not problems, problems


def test_among_several_people_the_pause_counts_down_by_itself(server: str, browser: Any) -> None:
    """Where the host set a pause (``deal_pause``) no one waits on a friend's click: the pause shows the
    server's countdown and the next deal comes by itself."""
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    created = api_table(server, "canadian-salad", ["human", "human", "random", "random"], deal_pause=5)
    open_seat(page, server, created, 0)
    play_through_api(server, created, [0, 1], lambda p: len(p["hand_results"]) >= 1)
    expect(page.get_by_test_id("pause-countdown")).to_contain_text("The next deal starts in")
    expect(page.get_by_test_id("deal-end-sheet")).to_have_count(0, timeout=15_000)
    expect(page.get_by_test_id("status-line")).to_contain_text("hand 2")
    assert not problems, problems


# Each seat's line of the deal-end sheet: where its name and its reasons lie, and how wide the sheet is.
SHEET_LINES = """() => {
  const table = document.querySelector(".deal-end-table").getBoundingClientRect();
  return [...document.querySelectorAll("[data-testid^='deal-end-seat-']")].map((row) => {
    const name = row.querySelector("th").getBoundingClientRect();
    const why = row.querySelector("td.why");
    const box = why.getBoundingClientRect();
    return { dash: why.textContent.trim() === "—", shown: box.height > 0, nameBottom: name.bottom,
             whyTop: box.top, whyWidth: box.width, tableWidth: table.width };
  });
}"""


def test_on_a_phone_the_reasons_lie_under_each_line_of_the_sheet(server: str, browser: Any) -> None:
    """At 390 px the deal-end sheet cannot give its reasons a column of their own (they were squeezed a word a
    line): each seat's points and total keep its line, and its reasons lie under it at nearly the sheet's
    width; a seat with none gets no line of a lone dash."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    problems = watched(context)
    page = context.new_page()
    created = api_table(server, "tetka", ["human", "random", "random", "random"], seed=4)
    open_seat(page, server, created, 0)
    play_through_api(server, created, [0], lambda p: len(p["hand_results"]) >= 1)
    expect(page.get_by_test_id("deal-end-sheet")).to_contain_text("Deal 1 is over")
    lines = page.evaluate(SHEET_LINES)
    assert any(not line["dash"] for line in lines)
    for line in lines:
        if line["dash"]:
            assert not line["shown"], line
        else:
            assert line["whyTop"] >= line["nameBottom"] - 1 and line["whyWidth"] > 0.8 * line["tableWidth"], line
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not problems, problems
    context.close()
