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


# --- the words each game gives, at concrete tables ---------------------------------------------------------
def called(game: str, calls: list[str], seed: int = 5) -> parlour.State:
    """``game`` seeded, after these calls by whoever is to call (each as its action's notation)."""
    state = parlour.new_game(game, seed=seed)
    for call in calls:
        state.apply(state.to_move[0], call)
    return state


class TestAuctionsShownAsCalls:
    """Every auction game shows its calls as a ``bids`` zone, as Auction Bridge and Vint do, so the table
    draws Solo's, Schafkopf's and Preference's auctions in the same bidding grid."""

    def test_solo_shows_the_spanish_opening_and_the_holds(self) -> None:
        """Solo (Spanish): "I ask", a question about a simple game in colour, the asker's hold: each call as
        its player made it (the auction itself keeps a hold as the bid it matches)."""
        state = called("solo", ["ask", "bid simple in colour", "hold"])
        view = state.view(2)
        assert view.kinds["table"]["auction"] == "bids"
        assert view.table["auction"] == [{"seat": 0, "call": "ask"}, {"seat": 1, "call": "simple in colour"},
                                         {"seat": 0, "call": "hold"}]

    def test_schafkopf_shows_passes_and_the_take(self) -> None:
        """Schafkopf: eldest passes, the next takes the widow; both calls are shown to every seat."""
        state = called("schafkopf", ["pass", "take"])
        assert state.view(None).table["auction"] == [{"seat": 0, "call": "pass"}, {"seat": 1, "call": "take"}]

    def test_preference_shows_both_rounds_in_one_auction(self) -> None:
        """Preference: all pass the first round (suits), so the second (counters for the widow) begins from
        the first seat again: both rounds are one list of calls, the second starting a new row."""
        state = called("preference", ["pass", "pass", "pass", "bid 1"])
        assert state.view(1).table["auction"] == [{"seat": 0, "call": "pass"}, {"seat": 1, "call": "pass"},
                                                  {"seat": 2, "call": "pass"}, {"seat": 0, "call": "1"}]
        assert "first_round" not in state.view(1).extra       # the grid says it: no list of "seat 0: pass"

    def test_the_calls_shown_are_a_copy(self) -> None:
        """A view taken during the auction keeps the calls made until then."""
        state = called("schafkopf", ["pass"])
        before = state.view(0)
        state.apply(state.to_move[0], "take")
        assert before.table["auction"] == [{"seat": 0, "call": "pass"}]


class TestFactsNamedForPlayers:
    def test_tetka_names_its_penalties_as_this_deals(self) -> None:
        """Tëtka: the penalties shown are this deal's so far, beside running scores still at 0 in deal 1."""
        state = parlour.new_game("tetka", seed=11)
        rng = random.Random(3)
        while not any(state.view(0).extra["penalties_this_deal"]):
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        view = state.view(0)
        assert view.scores == [0, 0, 0, 0] and "penalties" not in view.extra
        assert view.extra["penalties_this_deal"] == state.penalties_so_far()

    def test_canasta_names_the_first_meld_minimums_and_the_frozen_pile(self) -> None:
        """Canasta: at 0 points each side must meet the 50 minimum with its first meld; the pile's state is
        "pile frozen", of its own kind "frozen" (which the table marks on the pile, only when it is on)."""
        view = parlour.new_game("canasta", seed=3).view(0)
        assert view.extra["first_meld_minimums"] == [50, 50]
        assert view.kinds["table"]["pile_frozen"] == "frozen" and "frozen" not in view.table

    def test_reversis_shows_the_talon_as_a_heap_and_who_has_a_card_face_down(self) -> None:
        """Reversis: before the exchange each player but the dealer has a card face down beside him; the
        talon is a face-down heap whose size is shown, not a mapping {"size": 4}."""
        view = parlour.new_game("reversis", seed=3).view(0)
        assert view.table["card_face_down_beside"] == [0, 1, 2]
        assert view.kinds["table"]["talon"] == "count" and view.table["talon"] == 0

    def test_pontoon_gives_its_hands_as_cards(self) -> None:
        """Pontoon: the hand to play is cards (``hand_to_play``) and each hand on the table is a banked hand
        whose cards are cards, never words such as "[4♠ 4♥]": the seat's own, all its cards with their count."""
        state = parlour.new_game("pontoon", seed=3)
        seat = state.to_move[0]
        view = state.view(seat)
        assert view.kinds["table"]["hands"] == "banked" and view.kinds["extra"]["hand_to_play"] == "cards"
        own = [hand for hand in view.table["hands"] if hand["seat"] == seat]
        assert view.extra["hand_to_play"] == view.hand and [hand["cards"] for hand in own] == [view.hand]
        assert own[0]["face_down"] == 0 and own[0]["total"] is not None

    def test_a_pontoon_hand_all_face_up_lies_open(self) -> None:
        """Pontoon: when the bank plays, the banker's two cards are turned face up: his seat says its hand
        lies open (``open``), while a punter with a card still face down does not."""
        state = parlour.new_game("pontoon", seed=3)
        while state.phase.value != "bank":
            seat = state.to_move[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            state.apply(seat, legal[-1] if state.phase.value == "stake" else next(a for a in legal if "stick" in a))
        banker, punter = state.view(1).seats[0], state.view(1).seats[1]
        assert banker["held"] == 0 and len(banker["face_up"]) == 2 and banker["open"] is True
        assert punter["held"] == 1 and "open" not in punter
