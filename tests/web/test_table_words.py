"""Words and zones at the browser table (issue 17): every fact a player reads is in words, and each thing
is drawn in its own zone. Views made by the games themselves are drawn by the page's own drawing module
(``static/draw.js``) in Chromium, and the page's text is read back, as a player reads it.

The views are seeded positions of every registered game (those of ``tests/test_view_words.py``), drawn into
the replay page's table, which has the same places as the playing table and nothing that redraws it by itself
once the page has said it has no such game to replay.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, playwright, serve  # skips this module where Chromium is missing

import parlour
from parlour.web.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_view_words import GAMES, positions

# What a drawn page must never say: the spelling of a list, a mapping or a constant (Python's or
# JavaScript's), a name joined by an underscore, and the old "name pot 1" of a pot drawn as data.
DRAWN_REPRS = re.compile(r"[\[\]{}]|\b(?:None|True|False|null|undefined|NaN)\b|object Object|\w_\w|\bname pot\b")

# Draws one view as the table page does (seats, zones in the middle, the game's facts) and answers the text
# of each part.
DRAW = """async (view) => {
  const draw = await import("/static/draw.js");
  draw.renderSeats(view);
  draw.renderZones(view);
  draw.renderExtra(view);
  const text = (id) => document.getElementById(id).innerText;
  return {seats: ["slot-left", "slot-top", "slot-right", "slot-bottom"].map(text).join("\\n"),
          zones: text("centre"), extra: document.getElementById("extra-panel").hidden ? "" : text("extra")};
}"""

# Draws many views, one after another, and answers the pieces of text matching `pattern` with where they
# were seen: one call into the page for them all. Each piece of text is read as the page holds it (a text
# node), which asks for no layout and keeps the many views quick; a repr is always within one piece.
DRAW_ALL = """async ([views, pattern]) => {
  const draw = await import("/static/draw.js");
  const bad = new RegExp(pattern);
  const found = [];
  for (const [where, view] of views) {
    draw.renderSeats(view);
    draw.renderZones(view);
    draw.renderExtra(view);
    for (const id of ["slot-left", "slot-top", "slot-right", "slot-bottom", "centre", "extra"]) {
      const walker = document.createTreeWalker(document.getElementById(id), NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const text = walker.currentNode.data;
        if (bad.test(text)) found.push(`${where}, ${id}: ${text}`);
      }
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The replay page of a table that does not exist: the table's places, drawn into only by the tests."""
    path = tmp_path_factory.mktemp("words") / "parlour.sqlite3"
    for server in serve(create_app(database_url=f"sqlite:///{path}")):
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            opened = browser.new_page(viewport={"width": 1280, "height": 900})
            opened.goto(server + "/replay/no-such-table")
            opened.get_by_test_id("replay-unavailable").wait_for()      # nothing redraws the page after this
            yield opened
            browser.close()


def drawn(page: Any, view: parlour.View | dict[str, Any]) -> dict[str, str]:
    data = view.to_dict() if isinstance(view, parlour.View) else view
    result: dict[str, str] = page.evaluate(DRAW, data)
    return result


def test_every_game_is_drawn_in_words(page: Any) -> None:
    """No seat panel, zone or fact of any registered game, at seeded positions and at its first deal's end,
    seen by a seat or a spectator, shows a player a list's brackets, a None, an underscored name."""
    views = [[f"{game}, seat {seat}", state.view(seat).to_dict()]
             for game in GAMES for state in positions(game) for seat in (0, None)]
    found = page.evaluate(DRAW_ALL, [views, DRAWN_REPRS.pattern])
    assert found == [], "\n".join(found[:12])


def fact(page: Any, name: str) -> str:
    """The text of the game's fact titled ``name``, as the facts panel shows it."""
    return str(page.locator("#extra dt", has_text=re.compile(f"^{name}$")).locator("xpath=following-sibling::dd[1]")
               .inner_text())


def test_a_number_per_seat_is_drawn_beside_each_seats_name(page: Any) -> None:
    """Tëtka's penalties this deal (one number a seat) read "you 0", "Player B 0", ..., one seat a line, never
    as "0, 0, 1, 1" beside the scores."""
    state = next(s for s in positions("tetka") if any(s.view(0).extra["penalties_this_deal"]))
    view = state.view(0)
    drawn(page, view)
    points = view.extra["penalties_this_deal"]
    names = ["you", "Player B", "Player C", "Player D"]
    assert fact(page, "penalties this deal") == "\n".join(f"{n} {p}" for n, p in zip(names, points, strict=True))


def test_a_value_per_side_is_drawn_with_the_sides_players(page: Any) -> None:
    """Canasta's first-meld minimums and red threes are one entry a side: each is drawn after the side's
    players ("you and Player C"), one side a line, the red threes as cards, and the melds' zones are titled by
    their side."""
    view = parlour.new_game("canasta", seed=3).view(0).to_dict()
    view["extra"]["first_meld_minimums"] = [50, 90]
    view["extra"]["red_threes"] = [["3H"], ["3D", "3D"]]
    view["table"]["side_1_melds"] = [["7H", "7S", "7D"]]
    drawn(page, view)
    assert fact(page, "first meld minimums") == "you and Player C 50\nPlayer B and Player D 90"
    assert fact(page, "red threes") == "you and Player C 3♥\nPlayer B and Player D 3♦ 3♦"
    assert page.get_by_test_id("zone-side_1_melds").locator("h3").text_content() == "Melds: Player B and Player D"


def test_a_frozen_pile_is_marked_on_the_pile_only_when_it_is_frozen(page: Any) -> None:
    """Canasta's frozen pile (a zone of kind "frozen", issue 39): no "Frozen no" box while the pile is not
    frozen; when it is, the mark lies on the discard pile itself, not in a box of its own."""
    view = parlour.new_game("canasta", seed=3).view(0).to_dict()
    view["table"]["pile_frozen"] = False
    drawn(page, view)
    assert page.get_by_test_id("zone-pile_frozen").count() == 0 and page.get_by_test_id("pile-frozen").count() == 0
    view["table"]["pile_frozen"] = True
    drawn(page, view)
    assert page.get_by_test_id("zone-pile_frozen").count() == 0
    assert page.get_by_test_id("zone-discard_pile").get_by_test_id("pile-frozen").text_content() == "frozen"


def test_a_zone_with_nothing_in_it_is_not_drawn(page: Any) -> None:
    """Razz has no community card unless the stock runs out: its empty "community" zone is not drawn, while
    the pots and the stock are."""
    view = parlour.new_game("razz", seed=3).view(0)
    assert view.table["community"] is None
    drawn(page, view)
    assert page.get_by_test_id("zone-community").count() == 0
    assert page.get_by_test_id("zone-stock").count() == 1


def test_the_bankers_own_cards_are_counted_in_his_seat(page: Any) -> None:
    """Pontoon: the banker's two cards lie face up, so none is "held" face down; his own seat still says
    he has two cards (not "cards 0"), and the bank's hand is drawn as those cards at the head of the hands."""
    state = parlour.new_game("pontoon", seed=3)
    while 0 not in state.to_move:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    view = state.view(0)
    banker = view.seats[0]
    assert view.extra["banker"] == 0 and len(view.hand) == 2
    drawn(page, view)
    assert page.get_by_test_id("seat-0").locator(".fact", has_text="cards").inner_text() == f"cards {len(view.hand)}"
    assert banker["held"] + len(banker["face_up"]) == 2
    bank = page.get_by_test_id("bank-hand").locator(".card[data-card]")
    assert [card.get_attribute("data-card") for card in bank.all()] == view.hand


def test_a_hand_all_face_up_lies_open_in_its_seat(page: Any) -> None:
    """A seat whose view says its hand lies open (``open``: all its cards face up, none held back) is drawn
    as a hand (full-size cards) in that seat's place, seen from another seat; there is no separate zone."""
    view = parlour.new_game("tetka", seed=3).view(1).to_dict()
    view["seats"][0].update(held=0, face_up=["KH", "AH"], open=True)
    drawn(page, view)
    hand = page.get_by_test_id("open-hand-0")
    assert [card.get_attribute("data-card") for card in hand.locator(".card").all()] == ["KH", "AH"]
    assert page.get_by_test_id("zone-bank").count() == 0


def test_up_cards_as_many_as_the_hidden_ones_are_not_an_open_hand(page: Any) -> None:
    """Razz on fourth street: two cards down and two up. The up-cards stay small beside the backs, as before
    the seat (folded or not): only a view's word (``open``) lays a hand open, never a count that matches."""
    view = parlour.new_game("razz", seed=3).view(0).to_dict()
    view["seats"][1].update(held=2, face_up=["9S", "KD"], status="folded")
    drawn(page, view)
    seat = page.get_by_test_id("seat-1")
    assert page.get_by_test_id("open-hand-1").count() == 0
    assert [card.get_attribute("data-card") for card in seat.locator(".face-up .card.tiny").all()] == ["9S", "KD"]


@pytest.mark.parametrize(("game", "calls"), [("solo", ["ask", "simple in colour", "hold"]),
                                             ("schafkopf", ["pass", "take"]),
                                             ("preference", ["spades", "pass", "hearts"])])
def test_an_auction_is_drawn_as_a_bidding_grid(page: Any, game: str, calls: list[str]) -> None:
    """Solo, Schafkopf and Preference show their auction's calls as the bidding grid Auction Bridge and Vint
    use: one column a seat, a row a round."""
    state = parlour.new_game(game, seed=5)
    for call in calls:
        seat = state.to_move[0]
        state.apply(seat, call if call in ("ask", "hold", "pass", "take") else f"bid {call}")
    view = state.view(0)
    drawn(page, view)
    grid = page.get_by_test_id("call-grid-auction")
    assert grid.count() == 1
    cells = [text.strip().lower() for text in grid.locator("tbody td").all_inner_texts() if text.strip()]
    assert cells == calls


def test_rows_of_facts_are_lines_named_by_their_seat(page: Any) -> None:
    """Reversis's claims (a led ace or Quinola, whose payment waits on the trick) are rows of facts: one a
    line, its seat by name first, never "seat: 0 · card: A♣". Pontoon's cards known in the stock are the bots'
    memory, not the page's (issue 38): they are not shown."""
    view = parlour.new_game("reversis", seed=3).view(0).to_dict()
    view["extra"]["claims"] = [{"seat": 0, "card": "AC"}, {"seat": 2, "card": "JH"}]
    drawn(page, view)
    assert fact(page, "claims") == "you card A♣\nPlayer C card J♥"
    view = parlour.new_game("pontoon", seed=3).view(1).to_dict()
    view["extra"]["known_in_stock"] = [{"place": 28, "card": "QH"}]
    drawn(page, view)
    assert "known in stock" not in page.locator("#extra").inner_text()


def test_cards_in_rows_are_drawn_as_cards_under_their_name(page: Any) -> None:
    """East-West's rows: each side's four cards in a row are drawn as cards captioned "west" and "east", not
    as a line of symbols; a seat with every card laid before it shows no lone "0" of cards held."""
    view = parlour.new_game("east-west", seed=3).view(0).to_dict()
    row = {"row": 1, "board": "QC", "west": ["7C", "AC", "9S", "10S"], "west_hand": "ace high",
           "east": ["7D", "QD", "8H", "JS"], "east_hand": "pair of queens"}
    view["table"]["rows"] = [row]
    view["seats"][1].update(held=0, face_up=row["east"])
    drawn(page, view)
    rows = page.get_by_test_id("zone-rows")
    for side in ("west", "east"):
        group = rows.get_by_test_id(f"cards-{side}")
        assert [c.get_attribute("data-card") for c in group.locator(".card").all()] == row[side]
        assert group.locator("figcaption").text_content() == side
    assert page.get_by_test_id("seat-1").locator(".held").count() == 0
