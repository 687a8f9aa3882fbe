"""Views say what their zones hold: the kinds of ``parlour/engine/view.py``, how a game declares them, how
they travel in a view, and that a view made before them still loads. Played on Heap, a test-only game of a
few lines whose stock (a face-down heap) and round (a plain number) are both whole numbers."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from parlour import new_game
from parlour.engine import Action, ActionTable, GameInfo, Pass, State, View, seat_entry
from parlour.engine.view import FITS, ZONE_KINDS, ZoneKind, declared_kinds, fits, kinds, misfits

PASS = Pass()
GOLDEN = Path(__file__).resolve().parent / "golden"


class Pile(State):
    """A mechanic's share: it shows a ``discard`` pile, and declares it, so games built on it need not."""

    ZONES = kinds(discard="cards")


class Heap(Pile):
    """Two seats pass in turn, each pass moving a card from the stock to the discard pile, for three rounds.
    The ``stray`` entry of ``extra`` is left undeclared on purpose."""

    info = GameInfo(id="heap", name="Heap", family=("test",), min_players=2, max_players=2,
                    pack="none", rules_source=(), summary="", num_distinct_actions=1)
    ACTION_KINDS = (Pass,)
    ACTIONS = ActionTable([PASS])
    ZONES = kinds(stock="count", round="number", upcard="card")
    EXTRAS = kinds(dealer="seat")

    def _setup(self) -> None:
        self.passes = 0
        self.dealer = 1
        self.to_move = (0,)

    def _legal(self, seat: int) -> list[Action]:
        return [PASS]

    def _do(self, seat: int, action: Any) -> None:
        self.passes += 1
        self.to_move = () if self.passes == 6 else (1 - seat,)

    def scores(self) -> list[int]:
        return [0, 0]

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        table: dict[str, Any] = {"stock": 10 - self.passes, "round": 1 + self.passes // 2,
                                 "discard": ["QC", "7H", "AS", "2D", "KH", "9S"][:self.passes]}
        if self.passes:
            table["upcard"] = table["discard"][-1]
        return {"phase": "pass", "seats": [seat_entry(s) for s in range(2)], "table": table,
                "extra": {"dealer": self.dealer, "stray": "undeclared"}}


def heap(passes: int = 0) -> Heap:
    state = Heap(players=2, variant=None, seed=0, options={})
    for _ in range(passes):
        state.apply(state.to_move[0], PASS)
    return state


# For each kind, values it holds and values it does not (the neighbours a front-end might mistake).
EXAMPLES: dict[str, tuple[list[Any], list[Any]]] = {
    "cards": ([[], ["QC", "10H", "JK", "7H#2"]], [5, "QC", ["QC", "pass"], [["QC"]]]),
    "card": (["QC", None], [["QC"], "1C", 3]),
    "count": ([0, 12], [-1, True, 2.5, ["QC"], None]),
    "number": ([0, -3, 2.5, None], [True, "3", [3]]),
    "numbers": ([[], [1, -2], [[0, 1], [2]]], [3, ["1"], [True]]),
    "seat": ([0, 3, None, "talon"], [-1, True, [0]]),
    "seats": ([[], [0, 2], [[0, 2], [1, 3]]], [0, [-1], ["0"]]),
    "flag": ([True, False], [0, None, "yes"]),
    "chips": ([0, 40], [None, True, 2.5]),
    "pots": ([[], [{"name": "pool", "chips": 3}]], [[{"name": "pool"}], [{"name": 1, "chips": 3}], 3]),
    "trick": ([[], [{"seat": 1, "card": "QC"}]], [[{"seat": 1, "card": "QC", "won": True}],
                                                  [{"seat": 1, "card": "pass"}], ["QC"]]),
    "bids": ([[], [{"seat": 0, "call": "1NT"}]], [[{"seat": 0}], [{"seat": 0, "card": "QC"}]]),
    "melds": ([[], [["7H", "7S", "7D"], []]], [["7H"], [["7H", "seven"]]]),
    "records": ([[], [{"match": 1, "winner": None}]], [[1], {"match": 1}]),
    "text": (["7NT by seat 2", None], [3, ["words"]]),
    "texts": ([[], ["seat 1: pass"], [["2", "10"], []]], ["words", [3]]),
    "facts": ([{"single": 3, "adversaries": 0}, {}, None], [[("single", 3)], {1: 3}, "facts"]),
    "shown": ([[], [{"seat": 0, "cards": ["8C", "AS"], "label": "8-6-4-2-A"},
                    {"seat": None, "cards": [], "label": "stub"}]],
              [[{"seat": 0, "cards": ["8C"]}], [{"seat": -1, "cards": [], "label": ""}], [["8C"]], None]),
    "operands": ([[8, 3, 8, 3], [], [1.5]], [[[8, 3]], ["8"], None, 8]),
    "banked": ([[], [{"seat": 0, "cards": ["AS", "6H"], "face_down": 0, "stake": 5, "total": "soft 17", "status": ""},
                     {"seat": 1, "cards": ["7C"], "face_down": 1, "stake": None, "total": None, "status": "to play"}]],
               [[{"seat": 0, "cards": ["AS"]}],
                [{"seat": 0, "cards": ["1S"], "face_down": 0, "stake": 5, "total": "11", "status": ""}],
                [{"seat": -1, "cards": [], "face_down": 0, "stake": None, "total": None, "status": ""}], None]),
    "to_call": ([0, 4, None], [-1, 2.5, True, "4"]),
    "turn_order": ([[1, 0, 3, 2], []], [[0, 0], [-1], 1, None]),
    "hand_value": (["8-5-3-2-A", "7-3-A so far", None], [7, ["8-5-3"], {"low": "8"}]),
    "frozen": ([True, False], [None, 1, "yes"]),
    "meld_notes": ([{}, {"side_0_melds": {"verbs": ["add"], "side": 0, "melds": [
        {"ref": "K", "label": "kings", "owner": None, "wilds": [3], "closed": "mixed canasta", "natural": False,
         "bonus": 300}]}, "staged": {"verbs": ["lay"], "side": None, "melds": []}}],
                   [[], {"staged": {"verbs": ["lay"], "melds": []}},
                    {"melds": {"verbs": ["add"], "side": None, "melds": [{"ref": 3, "label": "trio", "owner": None,
                                                                         "wilds": [], "closed": None, "natural": True,
                                                                         "bonus": None}]}}, None]),
}


class TestKinds:
    def test_every_kind_is_described_checked_typed_and_exemplified(self) -> None:
        """The vocabulary is one list: each kind has words for readers, a check, a place in ``ZoneKind``
        (so a misspelt declaration fails mypy) and examples here."""
        assert set(ZONE_KINDS) == set(FITS) == set(get_args(ZoneKind)) == set(EXAMPLES)

    @pytest.mark.parametrize("kind", sorted(EXAMPLES))
    def test_a_kind_holds_its_values_and_not_its_neighbours(self, kind: str) -> None:
        """A count is a heap's size, not a card list; a trick is plays; a seat is no negative number..."""
        good, bad = EXAMPLES[kind]
        assert [fits(kind, item) for item in good] == [True] * len(good)
        assert [fits(kind, item) for item in bad] == [False] * len(bad)

    def test_an_unknown_kind_fits_nothing(self) -> None:
        """A kind outside the vocabulary is no licence for any value."""
        assert not fits("pile", ["QC"])


class TestDeclaredKinds:
    def test_a_game_adds_its_kinds_to_those_its_base_declares(self) -> None:
        """The zones a mechanic draws are declared there once; a game declares only its own."""
        zones, extras = declared_kinds(Heap)
        assert zones == {"discard": "cards", "stock": "count", "round": "number", "upcard": "card"}
        assert extras == {"dealer": "seat"}

    def test_the_view_carries_the_kinds_of_the_zones_it_shows(self) -> None:
        """Two whole numbers, told apart by kind: the stock is a heap, the round a number. A zone not
        shown yet (the upcard) has no kind in the view; an undeclared entry has none at all."""
        before, after = heap().view(0), heap(1).view(None)
        assert before.kinds == {"table": {"stock": "count", "round": "number", "discard": "cards"},
                                "extra": {"dealer": "seat"}}
        assert after.kinds["table"]["upcard"] == "card"
        assert misfits(after) == ["extra 'stray' has no declared kind"]

    def test_misfits_names_a_value_that_is_not_of_its_kind(self) -> None:
        """A view whose zone lies about its contents, or names a zone it lacks, is reported in words."""
        data = heap(2).view(None).to_dict()
        data["table"]["stock"] = ["QC"]
        data["kinds"]["extra"]["gone"] = "text"
        assert misfits(View.from_dict(data)) == [
            "table 'stock' is declared 'count' but holds ['QC']", "extra 'stray' has no declared kind",
            "extra kind 'gone' names no extra entry"]


class TestPlainData:
    def test_kinds_survive_json(self) -> None:
        """Kinds are plain strings in plain dicts: a view through JSON and back compares equal."""
        view = heap(3).view(1)
        assert View.from_dict(json.loads(json.dumps(view.to_dict()))) == view

    def test_a_view_made_before_kinds_still_loads(self) -> None:
        """A stored view without ``kinds`` (the golden records' final views) loads, with no kinds, and
        round-trips; front-ends then draw it by its values' shapes."""
        stored = json.loads((GOLDEN / "pitty-pat.json").read_text(encoding="utf-8"))["final_view"]
        assert "kinds" not in stored
        view = View.from_dict(stored)
        assert view.kinds == {}
        assert View.from_dict(view.to_dict()) == view
        assert {k: v for k, v in view.to_dict().items() if k != "kinds"} == stored


def test_bets_and_roles_appear_only_where_a_game_gives_them() -> None:
    """Issue 13's chips: a seat's bet and its role (the banker) are seat facts the table draws, present
    only in the games that have them, so every other game's views (and golden records) keep their shape."""
    plain = seat_entry(1, held=2, chips=40)
    assert "bet" not in plain and "role" not in plain
    betting = seat_entry(1, held=2, chips=40, bet=0, role="banker")
    assert betting["bet"] == 0 and betting["role"] == "banker"


def test_a_side_pot_may_name_the_seats_that_can_win_it() -> None:
    """A pot is ``{name, chips}``, and a side pot adds the seats that may win it; nothing else fits."""
    main = {"name": "main pot", "chips": 30}
    side = {"name": "side pot 1", "chips": 12, "seats": [0, 2]}
    assert fits("pots", [main, side])
    assert not fits("pots", [main | {"seats": "0, 2"}])
    assert not fits("pots", [main | {"winner": 1}])


def test_the_game_log_keeps_every_deal_where_a_view_keeps_one_line() -> None:
    """``State.game_log(seat)``: every deal's actions and events as the seat was told them, from the first
    deal (for perfect recall); the view's log keeps an earlier deal as its result line, then this deal."""
    state, rng = new_game("tetka", seed=8), random.Random(8)
    first_deal = 0
    while state.hand_number == 1:
        seat = state.to_move[0]
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
        first_deal += 1
    whole, view = state.game_log(1), state.view(1).log
    acts = re.compile(r"seat \d+: ")   # an action's line; events are worded otherwise
    assert sum(bool(acts.match(line)) for line in whole) == state.actions_taken
    assert sum(bool(acts.match(line)) for line in view) == state.actions_taken - first_deal
    this_deal = view[len(state.hand_results):]
    assert whole[-len(this_deal):] == this_deal
    assert view[0] in whole   # the deal's result line, where the deal ended


def test_the_game_log_words_a_hidden_act_as_the_seat_saw_it() -> None:
    """Divide and Conquer's first card goes down face down: the other seat's game log says so, without
    the card; the seat that laid it reads which."""
    state = new_game("divide-and-conquer", seed=2)
    state.apply(0, state.view(0).legal_actions[0])
    card = state.history[0][1]
    assert f"seat 0: {card}" in state.game_log(0)
    assert f"seat 0: {card}" not in state.game_log(1) and "seat 0: lay a card face down" in state.game_log(1)
    with pytest.raises(ValueError):
        state.game_log(5)
