"""The words a view gives players read as words: no game shows a player a Python value's spelling.

A front-end draws every zone, fact, seat status and log line of a view as it is given (``parlour/web/static/
draw.js``, ``parlour/cli/table.py``), so a list formatted into a string (``"[4♠, 4♥]"``), a ``None``, a
``True`` or a name with an underscore (``pot_1``) reaches the player as it stands. This guard walks seeded
positions of every registered game, its first deal's end included, and reads every string a seat or a
spectator is shown. A new game is checked the day it is registered.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import parlour
from parlour.engine.deal_end import finish_deal
from parlour.engine.view import View

GAMES = [info.id for info in parlour.games()]
POSITIONS = (0, 7, 25, 60)          # moves into the game at which its views are read
MOST_MOVES = 400                    # looking for the first deal's end no further than this

# What a player must never read: brackets and braces of a list or a mapping, Python's constants, a word
# joined by an underscore (a key or a name from the code), and the old "name pot 1" of a pot shown as data.
REPRS = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b|\w_\w|\bname pot\b")


def shown_strings(value: Any) -> Iterator[str]:
    """Every string in a zone's or fact's value, keys of mappings included (a mapping's keys are shown
    beside its values)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key).replace("_", " ")     # keys are shown as words: front-ends read "_" as a space
            yield from shown_strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from shown_strings(item)


def words_of(view: View) -> Iterator[tuple[str, str]]:
    """(where, text) for every string the view shows a player."""
    for part in ("table", "extra"):
        for name, value in getattr(view, part).items():
            for text in shown_strings(value):
                yield f"{part} {name}", text
    for seat in view.seats:
        for key in ("status", "role"):
            if seat.get(key):
                yield f"seat {seat['seat']} {key}", seat[key]
    for line in view.log:
        yield "log", line


def positions(game: str) -> Iterator[parlour.State]:
    """Seeded states of ``game``: a few moves in, and its first deal as it ended."""
    state = parlour.new_game(game, seed=11)
    rng = random.Random(game)
    for moves in range(MOST_MOVES):
        if moves in POSITIONS:
            yield state.clone()
        if state.is_over:
            return
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        hand = state.hand_number
        before = state.clone()
        state.apply(seat, action)
        if state.hand_number != hand or state.is_over:
            yield finish_deal(before, seat, action)
            return


def repr_words(state: parlour.State) -> list[str]:
    found = []
    for seat in (0, None):
        for where, text in words_of(state.view(seat)):
            if REPRS.search(text):
                found.append(f"seat {seat}, {where}: {text!r}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_view_shows_a_player_python_spelling(game: str) -> None:
    """Every fact, zone, status and log line of seeded positions (and the first deal's end) of ``game``
    reads as words: no brackets, braces, None/True/False, underscored names or "name pot"."""
    found = [line for state in positions(game) for line in repr_words(state)]
    assert found == [], "\n".join(found[:10])


def test_the_guard_catches_a_list_spelt_as_python() -> None:
    """The guard itself: a status holding a list's spelling, a fact holding None, are caught."""
    view = parlour.new_game("pontoon", seed=1).view(0)
    seats = [dict(view.seats[0], status=str(["4S", "4H"])), *view.seats[1:]]
    spoilt = View.from_dict({**view.to_dict(), "seats": seats, "extra": {**view.extra, "note": "None"}})
    shown = [text for _, text in words_of(spoilt) if REPRS.search(text)]
    assert sorted(shown) == ["None", "['4S', '4H']"]
