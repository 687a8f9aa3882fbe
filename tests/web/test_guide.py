"""The guided first deal in Chromium (issue 17: "a short guided first deal for each game"): the lobby's
"Learn to play" seats a person against easy bots at a guided table, whose guide opens with the game's aim,
then at each new kind of move names it, says what it does, lights up the choices open and shows the hint
bot's; a person follows it by clicking, and may hide it and bring it back, from the keyboard too."""

# ruff: noqa: F811  (the tests take the fixtures imported from test_browser as their arguments)
from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest
from test_browser import browser, server, table_id_of, watched  # noqa: F401  (the fixtures)

import parlour

expect = pytest.importorskip("playwright.sync_api").expect
LIT = ".guide-lit"


def learn(page: Any, server: str, game: str) -> None:
    """Open the lobby, choose ``game`` and press its "Learn to play"."""
    page.goto(server + "/")
    page.get_by_test_id("game-select").select_option(game)
    expect(page.get_by_test_id("learn-to-play")).to_contain_text("Learn to play")
    page.get_by_test_id("learn-to-play").click()
    page.wait_for_url(re.compile(r"/table/"))


def guided(page: Any, server: str, game: str) -> None:
    """The table "Learn to play" makes for ``game`` (the test of the Tëtka lesson clicks the button itself),
    made through the API and opened by its seat's link, so that the other lessons skip the lobby."""
    players = parlour.game_info(game).players_default
    created = page.request.post(f"{server}/api/tables", data={
        "game": game, "players": players, "seats": ["human"] + ["heuristic:easy"] * (players - 1), "seed": 1,
        "guide": True, "private": True}).json()
    seat = created["seats"][0]
    page.goto(f"{server}{seat['url']}#token={seat['token']}")


def lesson(browser: Any, server: str, game: str, opening: str, *, by_lobby: bool = False) -> tuple[Any, list[str]]:
    """A person's page at the guided table of ``game``, past the aim (which begins with ``opening``), and
    the list its page errors and policy violations go into."""
    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    (learn if by_lobby else guided)(page, server, game)
    past_the_aim(page, opening)
    return page, problems


def past_the_aim(page: Any, opening: str) -> None:
    """The first step is the game's aim, in the rules page's words; "Got it" goes on."""
    guide = page.get_by_test_id("guide")
    expect(guide).to_contain_text("What the game is about")
    expect(page.get_by_test_id("guide-text")).to_contain_text(opening)
    expect(page.get_by_test_id("guide-text")).to_have_attribute("aria-live", "polite")
    page.get_by_test_id("guide-next").click()


def test_a_trick_game_is_learnt_by_following_the_guide(server: str, browser: Any) -> None:
    """Tëtka: after the aim, the first decision is a new kind of move, "play": the guide says what it does,
    lights up exactly the playable cards, names the hint bot's card and marks it; a greyed card's reason is
    quoted. Clicking the hinted card plays it, and "play" is not explained again."""
    page, problems = lesson(browser, server, "tetka", "Four players avoid the cards", by_lobby=True)
    described = page.request.get(f"{server}/api/tables/{table_id_of(page)}").json()
    assert described["guide"] is True and described["private"] is True
    assert [s["kind"] for s in described["seats"]] == ["human"] + ["heuristic:easy"] * 3

    expect(page.get_by_test_id("guide")).to_contain_text("A new kind of move: play")
    expect(page.get_by_test_id("guide-kind-play")).to_contain_text("play:")
    expect(page.get_by_test_id("guide-choices")).to_contain_text("of your hand, lit up")
    hand = page.get_by_test_id("hand")
    playable = hand.locator("[data-playable='true']")
    expect(hand.locator(LIT)).to_have_count(playable.count())
    assert playable.count() > 0 and hand.locator(f"{LIT}[data-playable='false']").count() == 0
    if hand.locator(".card.unplayable").count():
        expect(page.get_by_test_id("guide-greyed")).to_contain_text("Greyed cards keep their reasons")
    expect(page.get_by_test_id("guide-hint")).to_contain_text("The hint bot's choice: play", timeout=20_000)
    hinted = hand.locator(".guide-hinted")
    expect(hinted).to_have_count(1)
    played = hinted.get_attribute("data-card")
    hinted.click()
    expect(hand.locator(f"[data-card='{played}']")).to_have_count(0)
    expect(page.get_by_test_id("guide")).to_contain_text("Play on")
    expect(hand.locator(LIT)).to_have_count(0)
    assert not problems, problems


def test_an_auction_game_names_its_calls_and_lights_the_buttons(server: str, browser: Any) -> None:
    """Auction Bridge, whose dealer must bid: the first decision's new kind is "bid": the guide says what
    it does and lights up the bids' buttons (no card: a call is not a card). Hiding the guide from the
    keyboard leaves the table to play on, and the top bar's button brings it back. The person makes the
    hint bot's bid; at their next call the guide explains only the kinds not met yet ("pass"), lighting
    up their buttons and no bid, and a reload does not start the lesson again."""
    page, problems = lesson(browser, server, "auction-bridge", "bid for the trump suit")

    guide = page.get_by_test_id("guide")
    actions = page.get_by_test_id("actions")
    expect(guide).to_contain_text("A new kind of move: bid", timeout=10_000)
    expect(page.get_by_test_id("guide-kind-bid")).to_contain_text("tricks over six")
    expect(page.get_by_test_id("guide-choices")).to_contain_text("lit up below")
    assert actions.locator(LIT).count() > 2
    expect(page.get_by_test_id("hand").locator(LIT)).to_have_count(0)

    page.get_by_test_id("guide-hide").focus()
    page.keyboard.press("Enter")
    expect(guide).to_be_hidden()
    expect(page.get_by_test_id("guide-toggle")).to_be_focused()
    expect(page.get_by_test_id("guide-toggle")).to_have_text("Show guide")
    page.keyboard.press("Enter")
    expect(guide).to_be_visible()
    expect(guide).to_contain_text("A new kind of move: bid")

    expect(page.get_by_test_id("guide-hint")).to_contain_text("The hint bot's choice: bid", timeout=20_000)
    hinted_bid_in_sight(page)
    actions.locator(".guide-hinted").click()
    expect(page.get_by_test_id("guide-kind-pass")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("guide-kind-bid")).to_have_count(0)
    expect(actions.locator(f"{LIT}[data-testid='action-pass']")).to_have_count(1)
    expect(actions.locator(f"{LIT}[data-testid^='action-bid']")).to_have_count(0)
    page.reload()
    expect(page.get_by_test_id("guide-kind-pass")).to_be_visible()
    expect(guide).not_to_contain_text("What the game is about")
    assert not problems, problems


def hinted_bid_in_sight(page: Any) -> None:
    """The hint bot's bid is shown: the two-step box has chosen its level. Should it not be (this failed
    once in CI, and has not been reproduced since), the failure says what the box showed, so that the
    race, if it is one, names itself."""
    hinted = page.get_by_test_id("actions").locator(".guide-hinted")
    try:
        expect(hinted).to_be_visible(timeout=10_000)
    except AssertionError as error:
        shown = page.evaluate("""() => {
            const grid = document.querySelector(".ab-grid");
            const rows = [...document.querySelectorAll(".ab-row")].map((r) => `${r.dataset.level}:${r.className}`);
            const bid = document.querySelector(".guide-hinted");
            const box = bid ? bid.getBoundingClientRect() : null;
            return {chosen: grid && grid.dataset.chosen, rows, hinted: bid && bid.dataset.call,
                    size: box && [box.width, box.height], actions: document.querySelector("#actions").clientWidth};
        }""")
        raise AssertionError(f"the hinted bid is out of sight: {shown}") from error


def test_the_first_deals_score_sheet_is_walked_line_by_line(server: str, browser: Any) -> None:
    """Kabu, whose deal is a decision or two: when the first deal ends, the guide reads its score sheet a
    line at a time (the summary, then each seat's row, lit up in the sheet), and "Finish the guide" puts it
    away for good: its top-bar button goes too, and a reload does not bring it back."""
    page, problems = lesson(browser, server, "kabu", "draw towards nine")
    guide = page.get_by_test_id("guide")
    deadline = time.time() + 30
    while "score sheet" not in guide.inner_text():
        assert time.time() < deadline, "the first deal never ended"
        buttons = page.get_by_test_id("actions").locator("[data-testid^='action-']")
        if page.get_by_test_id("your-turn").count() and buttons.count():
            with contextlib.suppress(Exception):
                buttons.first.click(timeout=1000)
        page.wait_for_timeout(100)

    expect(page.get_by_test_id("deal-end-sheet")).to_be_visible()
    expect(guide).to_contain_text("line 1 of 5")          # the summary, then the four seats
    expect(page.locator(f"tr{LIT}")).to_have_count(0)
    page.get_by_test_id("guide-next").click()
    expect(guide).to_contain_text("line 2 of 5")
    expect(page.get_by_test_id("guide-text")).to_contain_text(re.compile(r"You: [+-]?\d+ this deal"))
    expect(page.get_by_test_id("deal-end-seat-0")).to_have_class(re.compile("guide-lit"))
    for line in (3, 4, 5):
        page.get_by_test_id("guide-next").click()
        expect(guide).to_contain_text(f"line {line} of 5")
    expect(page.get_by_test_id("deal-end-seat-3")).to_have_class(re.compile("guide-lit"))
    page.get_by_test_id("guide-finish").click()
    expect(guide).to_be_hidden()
    expect(page.get_by_test_id("guide-toggle")).to_be_hidden()
    page.reload()
    expect(page.get_by_test_id("hand")).not_to_be_empty()
    expect(guide).to_be_hidden()
    assert not problems, problems


def test_greyed_cards_keep_their_reasons_in_the_guide(server: str, browser: Any) -> None:
    """Crates, where the first decision greys cards that do not match the upcard: the guide quotes one
    greyed card's reason from the seat's own payload, and a greyed card still says why on a click."""
    page, problems = lesson(browser, server, "crates", "Crazy Eights")
    greyed = page.get_by_test_id("guide-greyed")
    expect(greyed).to_contain_text("Greyed cards keep their reasons: hover, focus or click one.")
    card = page.get_by_test_id("hand").locator(".card.unplayable").first
    reason = str(card.get_attribute("title"))
    assert reason and page.get_by_test_id("hand").locator(f".card.unplayable{LIT}").count() == 0
    card.click()
    expect(page.get_by_test_id("refusal")).to_contain_text(reason)
    assert ": " in greyed.inner_text()
    assert not problems, problems
