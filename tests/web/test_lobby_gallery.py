"""The lobby's gallery, in the machine's Chromium (fixtures from ``test_browser``): every game by family, "Play"
in one click (you and medium bots), options in words, only the research bots that play the game, and a page
that fits the window with the chosen game's Play button on the first screen."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_browser import browser, server, table_id_of, watched  # noqa: F401  (the fixtures)

import parlour
from parlour.engine.registry import games as registered

httpx = pytest.importorskip("httpx")
expect = pytest.importorskip("playwright.sync_api").expect

SIZES = ((1366, 900), (390, 844))


def fits(page: Any, height: int) -> None:
    """Nothing wider than the window, and the chosen game's Play button wholly on the first screen (the page
    as it opens, scrolled to its top: choosing in a menu below may have scrolled it)."""
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = page.get_by_test_id("create-table").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_the_gallery_groups_every_game_by_family_and_fits_the_window(server: str, browser: Any) -> None:  # noqa: F811
    games = httpx.get(f"{server}/api/games", timeout=30).json()
    bots = httpx.get(f"{server}/api/bots", timeout=30).json()
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    problems = watched(context)
    page = context.new_page()
    page.goto(server + "/")
    cards = page.locator("[data-testid^='game-card-']")
    expect(cards).to_have_count(len(registered()))
    assert len(games) == 27
    assert sorted(cards.evaluate_all("(cs) => cs.map((c) => c.dataset.game)")) == sorted(g["id"] for g in games)

    # Each family's section holds only games of its families; the last ("More games") those of no other's.
    sections = page.get_by_test_id("family").evaluate_all(
        "(ss) => ss.map((s) => [s.dataset.families,"
        " [...s.querySelectorAll('.game-card')].map((c) => c.dataset.family)])")
    named = {f for families, _ in sections for f in families.split("|") if f}
    for families, members in sections:
        for family in members:
            declared = set(family.split("|"))
            assert declared & set(families.split("|")) if families else not declared & named, (families, family)
    assert len(sections) >= 5
    expect(page.get_by_test_id("game-card-tetka").locator("svg")).to_have_count(1)     # a picture of its table
    fits(page, SIZES[0][1])

    # Options are named in words, the book's value said; a game's research bots are only those that play it.
    page.get_by_test_id("choose-pontoon").click()
    expect(page.get_by_test_id("chosen-title")).to_have_text("Pontoon")
    page.get_by_test_id("table-choices-toggle").click()
    labels = page.locator("[data-testid^='option-label-']")
    for spec in next(g for g in games if g["id"] == "pontoon")["options"]:
        text = page.get_by_test_id(f"option-label-{spec['name']}").inner_text()
        assert text == spec["label"] and text.lower() != spec["name"].replace("_", " ")
    expect(labels.first).to_be_visible()
    expect(page.get_by_test_id("option-stick_minimum").locator("option:checked")).to_have_text("0 (the book)")
    for game in ("auction-bridge", "divide-and-conquer"):
        page.get_by_test_id("game-select").select_option(game)
        research = page.get_by_test_id("seat-kind-1").locator("optgroup[label^='Advanced'] option")
        offered = research.evaluate_all("(os) => os.map((o) => o.value)")
        assert offered == [k for k in bots["games"][game] if k not in bots["levels"]]
        assert ("solver" in offered) == (game == "divide-and-conquer" and "solver" in bots["kinds"])
    fits(page, SIZES[0][1])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")    # with the fold open

    page.set_viewport_size({"width": SIZES[1][0], "height": SIZES[1][1]})
    page.goto(server + "/")
    expect(page.get_by_test_id("chosen-title")).to_have_text("Divide and Conquer")      # the game chosen last
    fits(page, SIZES[1][1])
    page.get_by_test_id("table-choices-toggle").click()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert problems == []


def test_every_option_has_a_label_in_words() -> None:
    for info in registered():
        for spec in info.options:
            assert spec.label, (info.id, spec.name)
            assert spec.label.lower() != spec.name.replace("_", " "), (info.id, spec.name)


def test_play_starts_you_and_medium_bots_in_one_click(server: str, browser: Any) -> None:  # noqa: F811
    context = browser.new_context(viewport={"width": SIZES[1][0], "height": SIZES[1][1]})
    problems = watched(context)
    page = context.new_page()
    page.goto(server + "/")
    page.get_by_test_id("play-tetka").click()
    page.wait_for_url(re.compile(r"/table/"))
    described = httpx.get(f"{server}/api/tables/{table_id_of(page)}", timeout=30).json()
    assert described["game"] == "tetka"
    assert [s["kind"] for s in described["seats"]] == ["human", "medium", "medium", "medium"]

    page.goto(server + "/")                              # the chosen game's own Play: the same, by its fold
    page.get_by_test_id("game-select").select_option("razz")
    page.get_by_test_id("create-table").click()
    page.wait_for_url(re.compile(r"/table/"))
    described = httpx.get(f"{server}/api/tables/{table_id_of(page)}", timeout=30).json()
    players = parlour.game_info("razz").players_default
    assert [s["kind"] for s in described["seats"]] == ["human"] + ["medium"] * (players - 1)
    assert problems == []
