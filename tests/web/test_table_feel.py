"""The feel of the table (issue 17), in the machine's Chromium: cards that move (and stay still for those
who ask for less motion), sounds with a mute switch that is remembered, a hand arranged by dragging or
by keyboard that keeps its order through a reload and the next view, while a plain click still plays, and
on a phone a hand brought into sight when the turn comes.

Every table here is Tëtka, seed 1, the person in seat 0 against random bots: seat 0 leads, so every card
of the hand may be played at once.
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest
from test_browser import CHROMIUM, browser, create_table, playwright, server, watched  # noqa: F401  (fixtures, by name)
from webapi import IN_SIGHT

if CHROMIUM is None:
    pytest.skip("Chromium is not installed (Debian package 'chromium')", allow_module_level=True)

# Records the card of every element the page animates, before any of its own scripts run.
ANIMATIONS_WATCH = """
window.__animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animated.push((this.dataset && this.dataset.card) || this.className || "?");
  return animate.apply(this, args);
};
"""
SEATS = ["human", "random", "random", "random"]
PLAYABLE = "#hand button.card[data-playable='true']"


def open_table(server: str, context: Any) -> Any:  # noqa: F811
    page = context.new_page()
    create_table(page, server, "tetka", SEATS, seed=1)
    page.locator(PLAYABLE).first.wait_for()
    return page


def hand_order(page: Any) -> list[str]:
    cards: list[str] = page.locator("#hand .card[data-card]").evaluate_all("nodes => nodes.map((n) => n.dataset.card)")
    return cards


def play_first_card(page: Any) -> str:
    """Click the first card of the hand (any card may lead) and wait until the trick has come round again."""
    card = str(page.locator(PLAYABLE).first.get_attribute("data-card"))
    page.locator(PLAYABLE).first.click()
    page.locator(f"#hand [data-card='{card}']").wait_for(state="detached")
    page.locator(PLAYABLE).first.wait_for()
    return card


def test_a_played_card_moves_to_the_trick_and_the_bots_cards_from_their_seats(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    context.add_init_script(ANIMATIONS_WATCH)
    page = open_table(server, context)
    assert page.evaluate("window.__animated") == []              # the first drawing is still
    card = play_first_card(page)
    animated: list[str] = page.evaluate("window.__animated")
    assert card in animated                                     # from the hand to the trick, then swept away
    trick = page.locator("[data-testid^='zone-'][data-testid$='trick'] .card[data-card]")
    others = set(trick.evaluate_all("nodes => nodes.map((n) => n.dataset.card)")) - {card}
    assert others and others & set(animated)                    # the bots' cards came from their seats
    expect(page.locator("[data-testid='motion-layer'] > *")).to_have_count(0)   # every ghost is gone
    assert not problems, problems


def test_with_reduced_motion_nothing_moves(server: str, browser: Any) -> None:  # noqa: F811
    context = browser.new_context(reduced_motion="reduce")
    problems = watched(context)
    context.add_init_script(ANIMATIONS_WATCH)
    page = open_table(server, context)
    play_first_card(page)
    play_first_card(page)
    assert page.evaluate("window.__animated") == []
    assert not problems, problems


def test_the_mute_switch_is_remembered_and_silences_the_table(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = open_table(server, context)
    switch = page.get_by_test_id("sound-toggle")
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert switch.get_attribute("data-played") is None            # no sound before a gesture
    play_first_card(page)
    expect(switch).to_have_attribute("data-played", re.compile(r"^[1-9]\d*$"))

    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.reload()
    page.locator(PLAYABLE).first.wait_for()
    switch = page.get_by_test_id("sound-toggle")
    expect(switch).to_have_attribute("aria-pressed", "true")
    play_first_card(page)
    assert switch.get_attribute("data-played") is None            # muted: nothing played
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "false")
    assert not problems, problems


def test_a_deals_end_sounds_once_the_table_pauses_on_it(server: str, browser: Any) -> None:  # noqa: F811
    """Kabu's deals are two or three cards: the person passes or draws until the deal ends and the table
    pauses on its score sheet, which sounds the deal's end."""
    from playwright.sync_api import expect

    context = browser.new_context()
    problems = watched(context)
    page = context.new_page()
    create_table(page, server, "kabu", SEATS, seed=1)
    switch = page.get_by_test_id("sound-toggle")
    deadline = time.monotonic() + 30
    while not page.get_by_test_id("next-deal").count():
        assert time.monotonic() < deadline, "the deal never ended"
        with contextlib.suppress(playwright.Error):
            page.locator("[data-testid^='action-']").first.click(timeout=1000)
    expect(switch).to_have_attribute("data-last-sound", "deal")
    assert not problems, problems


def drag_points(page: Any, card: str, onto: str) -> list[tuple[float, float]]:
    """The way from the middle of `card` to just right of the middle of `onto` (the fan hides the right of
    every card but the last: a drop there is after `onto`), in eight steps."""
    start = page.locator(f"#hand [data-card='{card}']").bounding_box()
    end = page.locator(f"#hand [data-card='{onto}']").bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] * 0.6, end["y"] + end["height"] / 2
    return [(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8) for i in range(9)]


def drag_by_mouse(page: Any, card: str, onto: str) -> None:
    first, *rest = drag_points(page, card, onto)
    page.mouse.move(*first)
    page.mouse.down()
    for x, y in rest:
        page.mouse.move(x, y)
    page.mouse.up()


def drag_by_finger(page: Any, card: str, onto: str) -> None:
    """The same drag by touch, as a phone sends it (Chromium's touch events, through the DevTools protocol)."""
    session = page.context.new_cdp_session(page)
    first, *rest = drag_points(page, card, onto)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": first[0], "y": first[1]}]})
    for x, y in rest:
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def put_after(order: list[str], card: str, onto: str) -> list[str]:
    rest = [c for c in order if c != card]
    at = rest.index(onto) + 1
    return rest[:at] + [card] + rest[at:]


def test_a_hand_arranged_by_dragging_and_keys_survives_a_reload_and_the_next_view(server: str, browser: Any) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(has_touch=True)
    problems = watched(context)
    page = open_table(server, context)
    dealt = hand_order(page)
    expect(page.get_by_test_id("sort-hand")).to_have_count(0)     # nothing to sort yet
    drag_by_mouse(page, dealt[0], dealt[4])
    arranged = put_after(dealt, dealt[0], dealt[4])
    expect(page.locator("#hand .card[data-card]").first).to_have_attribute("data-card", dealt[1])
    assert hand_order(page) == arranged
    assert len(dealt) == 13 and page.get_by_test_id("your-turn").count() == 1   # the drag played nothing

    page.reload()
    page.locator(PLAYABLE).first.wait_for()
    assert hand_order(page) == arranged

    drag_by_finger(page, arranged[7], arranged[9])
    arranged = put_after(arranged, arranged[7], arranged[9])
    expect(page.locator("#hand .card[data-card]").nth(9)).to_have_attribute("data-card", arranged[9])
    assert hand_order(page) == arranged and page.get_by_test_id("your-turn").count() == 1

    moving = arranged[6]
    page.locator(f"#hand [data-card='{moving}']").focus()
    page.keyboard.press("Alt+ArrowLeft")
    arranged = arranged[:5] + [moving, arranged[5]] + arranged[7:]
    assert hand_order(page) == arranged
    expect(page.locator(f"#hand [data-card='{moving}']")).to_be_focused()

    played = play_first_card(page)                                 # a plain click still plays
    assert played == arranged[0]
    arranged.remove(played)
    assert hand_order(page) == arranged                            # kept through the next view

    page.get_by_test_id("sort-hand").click()
    assert hand_order(page) == [c for c in dealt if c != played]
    expect(page.get_by_test_id("sort-hand")).to_have_count(0)

    # A later hand under the person's order (arrange.js's `arranged`, run in the page): the cards still
    # held keep their order, a card drawn follows the card it follows in the game's order (or goes before
    # the card it comes before, where it comes first), a card played is dropped.
    laid = page.evaluate("""async () => {
      const { arranged } = await import("/static/arrange.js");
      return [
        arranged(["2C", "5C", "9H", "KS"], ["KS", "9H", "2C"]),
        arranged(["AC", "2C", "9H"], ["9H", "2C", "5C"]),
        arranged(["2C", "9H"], null),
      ];
    }""")
    assert laid == [["KS", "9H", "2C", "5C"], ["9H", "AC", "2C"], ["2C", "9H"]]
    assert not problems, problems


def test_on_a_phone_the_turn_brings_the_hand_into_sight_once(server: str, browser: Any) -> None:  # noqa: F811
    """On a phone the hand lies under the felt, below the first screen once a trick has been taken (the felt
    shows the last trick too). When the person's turn comes the page scrolls just enough to show every card
    of the hand; a person who scrolls away is left there through the turn's redraws (a hint asked for), and
    the next turn brings the hand back."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    problems = watched(context)
    page = open_table(server, context)
    for turn in range(3):
        played = page.locator(PLAYABLE).first.get_attribute("data-card")
        page.evaluate("scrollTo(0, 0)")
        page.locator(PLAYABLE).first.evaluate("(card) => card.click()")     # a click that scrolls nothing
        page.locator(f"#hand [data-card='{played}']").wait_for(state="detached")
        page.locator(PLAYABLE).first.wait_for()
        page.wait_for_function(IN_SIGHT, arg="#hand .card")
        assert page.evaluate("scrollY") > 0, f"turn {turn + 2}: the hand was in sight without scrolling"
    page.evaluate("scrollTo(0, 0)")
    page.evaluate("document.querySelector(\"[data-testid='hint']\").click()")
    page.locator("#hand .card.hinted").wait_for()
    assert page.evaluate("scrollY") == 0
    assert not problems, problems
    context.close()
