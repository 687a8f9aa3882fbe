"""No turn of any game shows a wall of buttons (issue 39, item 5), in the machine's Chromium.

A bidding turn of 35 "bid X" buttons or Twenty-Four's 320 "form ..." buttons drove players off; the family
tables draw such turns as a bidding box, a sum to type, a stepper. This test holds every game to it: at most
``MOST`` buttons are visible among a turn's controls, at 1366x900 and at 390x844.

Which turns. Random playouts of each game (``SEEDS``, each to the end of its first deal or ``MOVES`` moves)
give every turn of every seat to move; for each, the payload the server would send (the view, the actions a
card of the hand makes, the action families and the amounts' words: the same functions the server calls).
The turns with the most actions left to buttons are kept (``KEPT`` a game, each with a different set of
verbs first), the ones where a wall would show.

How they are drawn. The real table page is opened (its styles, its window) and, in one script run, each
kept payload's controls are drawn into its ``#actions`` by ``controls.js``'s ``turnControls``, the function
the page itself draws a turn with, and the buttons a person could see are counted (not those the page hides:
the bidding box's other step on a phone). Nothing else runs in between, so the page's own redraws never mix in.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import httpx
import pytest
import test_browser  # noqa: F401  (skips this module where Chromium or Playwright is missing)
from webapi import PersonAtSeatZero, window

import parlour
from parlour.engine.actions import families_of
from parlour.web.tables import hand_choices

GAMES = [info.id for info in parlour.games()]
MOST = 40                       # the most buttons a turn may show at once (issue 39)
SEEDS = (1, 2, 3)
MOVES = 400                     # a playout's bound, for games whose first deal is long
KEPT = 6                        # the turns looked at per game: those with the most buttons
SIZES = ({"width": 1366, "height": 900}, {"width": 390, "height": 844})

# Each payload's controls drawn into the page's #actions in turn, and the buttons a person could see counted.
COUNT = """async (payloads) => {
  const { handChoices, turnControls } = await import("/static/controls.js");
  const actions = document.getElementById("actions");
  const seen = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
  return payloads.map((payload) => {
    const { buttons } = handChoices(payload);
    actions.replaceChildren(...turnControls(payload, buttons, { hint: null, disabled: false, send: () => {} }));
    return [...actions.querySelectorAll("button")].filter(seen).length;
  });
}"""


def players(game: str) -> int:
    info = parlour.game_info(game)
    return 4 if info.min_players <= 4 <= info.max_players else info.min_players


def turn_payload(state: parlour.State, seat: int) -> dict[str, Any]:
    """What the server tells ``seat`` of its turn, as far as the turn's controls read it."""
    view = state.view(seat).fields()
    return {"view": view, "hand_choices": hand_choices(state, seat, view),
            "families": families_of(state.legal_actions(seat)), "labels": state.action_labels(seat), "help": {}}


def widest_turns(game: str) -> list[dict[str, Any]]:
    """The turns of ``game``'s playouts whose actions leave the most to buttons, one per set of verbs first."""
    turns: list[tuple[int, frozenset[str], dict[str, Any]]] = []
    for seed in SEEDS:
        state = parlour.new_game(game, players=players(game), seed=seed)
        rng = random.Random(seed)
        for _ in range(MOVES):
            if state.is_over or state.hand_number > 1:
                break
            for seat in state.to_move:
                payload = turn_payload(state, seat)
                by_card = {action for actions in payload["hand_choices"].values() for action in actions}
                rest = [str(a) for a in payload["view"]["legal_actions"] if str(a) not in by_card]
                turns.append((len(rest), frozenset(a.split(" ")[0] for a in rest), payload))
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    turns.sort(key=lambda turn: -turn[0])
    kept: list[dict[str, Any]] = []
    verbs: set[frozenset[str]] = set()
    for _, verb_set, payload in turns:        # the widest turn of each set of verbs, widest first
        if verb_set not in verbs:
            verbs.add(verb_set)
            kept.append(payload)
    return kept[:KEPT]


@functools.cache
def every_games_turns() -> dict[str, list[dict[str, Any]]]:
    """The kept turns of every game, worked out once for both window sizes."""
    return {game: widest_turns(game) for game in GAMES}


class Table(PersonAtSeatZero):
    """A table whose page lends its styles and window: the person at seat 0, random bots elsewhere."""

    def __init__(self, server: str, game: str) -> None:
        self.client = httpx.Client(base_url=server, timeout=10)
        n = players(game)
        answer = self.client.post("/api/tables", json={"game": game, "players": n, "seed": 1,
                                                       "seats": ["human"] + ["random"] * (n - 1)})
        assert answer.status_code == 201, answer.text
        self.id = answer.json()["table_id"]
        self.token = answer.json()["seats"][0]["token"]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_no_turn_shows_a_wall_of_buttons(server: str, browser: Any, size: dict[str, int]) -> None:
    """At most MOST buttons at any kept turn of any game, at this window size."""
    turns = every_games_turns()
    assert sum(len(t) for t in turns.values()) >= len(GAMES), "the playouts gave too few turns"
    table = Table(server, "auction-bridge")
    with window(browser, size) as (page, errors):
        page.goto(server + table.url())
        page.get_by_test_id("connection").filter(has_text="live").wait_for()
        walls = []
        for game, payloads in turns.items():
            for payload, count in zip(payloads, page.evaluate(COUNT, payloads), strict=True):
                if count > MOST:
                    walls.append(f"{game}: {count} buttons for {payload['view']['legal_actions'][:6]}...")
        assert not errors, errors
    assert not walls, "\n".join(walls)
