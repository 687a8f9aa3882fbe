"""The score sheet of point games (``parlour.engine.totals.TotalsState``): a deal's changes go onto the
running totals, its result into the books, and the match goes on. Played on Tally, a test-only game where
each deal is one pass and its changes are given in advance, three deals (one each) a round."""

from __future__ import annotations

from typing import Any

from parlour.engine import Action, ActionTable, GameInfo, HandResult, Pass, seat_entry
from parlour.engine.totals import TotalsState

PASS = Pass()


class Tally(TotalsState):
    """Each deal the dealer's left passes, and the seats score the changes planned for that deal."""

    info = GameInfo(id="tally", name="Tally", family=("test",), min_players=3, max_players=3,
                    pack="none", rules_source=(), summary="", num_distinct_actions=1)
    ACTION_KINDS = (Pass,)
    ACTIONS = ActionTable([PASS])
    MUTABLE = ("totals",)

    def _setup(self) -> None:
        self.plan: list[tuple[int, ...]] = self.options["deals"]
        self._start_rounds(len(self.plan) // 3)

    def _deal(self) -> None:
        self.to_move = (self.seating.next(self.dealer),)

    def _legal(self, seat: int) -> list[Action]:
        return list(self.ACTIONS.actions)

    def _do(self, seat: int, action: Action) -> None:
        self._score_deal(HandResult(self.hand_number, self.plan[self.hand_number - 1], summary="planned"))

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "tally", "seats": [seat_entry(s) for s in range(3)], "table": {}}


def tally(deals: list[tuple[int, ...]]) -> Tally:
    return Tally(players=3, variant=None, seed=0, options={"deals": deals})


def test_each_deals_changes_go_onto_the_running_totals_and_into_the_books() -> None:
    """Scoring a deal adds each seat's change to its total (what ``scores`` shows) and records the result."""
    state = tally([(3, -1, -2), (-4, 0, 4), (0, 0, 0)])
    state.apply(0, PASS)
    assert state.scores() == [3, -1, -2] and [r.changes for r in state.hand_results] == [(3, -1, -2)]
    state.apply(1, PASS)
    assert state.scores() == [-1, -1, 2] and state.view(None).scores == [-1, -1, 2]


def test_rounds_of_the_table_start_from_nought_with_the_last_seat_dealing() -> None:
    """A game of rounds: totals at nought, the last seat deals first, and a round is a deal by each seat."""
    state = tally([(0, 0, 0)] * 6)
    assert (state.totals, state.dealer, state.hands_in_game, state.to_move) == ([0, 0, 0], 2, 6, (0,))


def test_a_scored_deal_passes_the_deal_on_until_the_last_ends_the_game() -> None:
    """After each scored deal the next dealer deals, and the game ends once it has had its deals."""
    state = tally([(1, 0, 0), (0, 1, 0), (0, 0, 0)])
    state.apply(0, PASS)
    assert (state.hand_number, state.dealer, state.to_move, state.is_over) == (2, 0, (1,), False)
    state.apply(1, PASS)
    assert state.dealer == 1 and not state.is_over
    state.apply(2, PASS)
    assert state.is_over and state.to_move == () and state.result().scores == (1, 1, 0)
