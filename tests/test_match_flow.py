"""The engine's match flow (``State._next_deal``): deal after deal until the book's end, written once."""

from __future__ import annotations

from typing import Any

from parlour.engine import COUNTER_CLOCKWISE, Action, ActionTable, GameInfo, HandResult, Pass, State

PASS = Pass()


def _info(direction: int) -> GameInfo:
    return GameInfo(id="rounds", name="Rounds", family=("test",), min_players=3, max_players=3, pack="none",
                    rules_source=(), summary="", num_distinct_actions=1, direction=direction)


class Rounds(State):
    """The smallest game with several deals: the seat after the dealer passes, and the deal is done."""

    info = _info(1)
    ACTION_KINDS = (Pass,)
    ACTIONS = ActionTable([PASS])

    def _setup(self) -> None:
        self.hands_in_game = self.options.get("deals")
        self.dealer = 2
        self.dealt_by: list[int] = []
        self.finished = False
        self._deal()

    def _deal(self) -> None:
        self.dealt_by.append(self.dealer)
        self.to_move = (self.seating.next(self.dealer),)

    def _legal(self, seat: int) -> list[Action]:
        return [PASS]

    def _do(self, seat: int, action: Action) -> None:
        self._finish_hand(HandResult(self.hand_number, (0, 0, 0)))
        self._next_deal(over=self.hand_number == self.options.get("target_at"))

    def _game_over(self) -> None:
        self.finished = True

    def scores(self) -> list[int]:
        return [0, 0, 0]


class RoundsToTheRight(Rounds):
    info = _info(COUNTER_CLOCKWISE)


def play_out(game: type[Rounds], **options: Any) -> Rounds:
    state = game(players=3, variant=None, seed=0, options=options)
    for _ in range(20):
        if state.is_over:
            break
        state.apply(state.to_move[0], PASS)
    return state


class TestMatchFlow:
    def test_the_deal_passes_to_the_next_seat_until_the_game_has_had_its_deals(self) -> None:
        """Match flow: after each finished deal the next seat in turn deals, until ``hands_in_game`` deals
        are done; then nobody is to move and the game's own ending runs once."""
        state = play_out(Rounds, deals=4)
        assert state.dealt_by == [2, 0, 1, 2]
        assert state.is_over and state.finished
        assert state.hand_number == 4 and [r.number for r in state.hand_results] == [1, 2, 3, 4]

    def test_a_counter_clockwise_game_passes_the_deal_to_the_right(self) -> None:
        """Match flow: the deal passes in the game's direction of play (the Spanish games go right)."""
        assert play_out(RoundsToTheRight, deals=3).dealt_by == [2, 1, 0]

    def test_the_books_own_end_stops_the_game_before_its_deals_are_done(self) -> None:
        """Match flow: a target reached (``over``) ends the game at once, whatever deals are left."""
        state = play_out(Rounds, deals=10, target_at=2)
        assert state.dealt_by == [2, 0] and state.is_over and state.finished

    def test_a_game_counted_by_no_deals_goes_on_until_its_end(self) -> None:
        """Match flow: with no count of deals (``hands_in_game`` None) only the book's end stops it."""
        state = play_out(Rounds, target_at=5)
        assert len(state.hand_results) == 5 and state.is_over
