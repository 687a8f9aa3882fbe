"""Seating that changes: partners chosen by player count or variant, a running order that reverses, skips a
seat and lets a seat play again, and roles that pass between deals by the book's rule. Played on two
test-only games: Circle (Crates' turn effects) and Bank (Pontoon's banker)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, cast

import pytest

from parlour.engine import (
    Action,
    ActionSpace,
    ActionTable,
    FieldAction,
    GameInfo,
    HandResult,
    Pass,
    Seating,
    State,
    Words,
    new_game,
    seat_entry,
)
from parlour.engine.seating import COUNTER_CLOCKWISE, Roles, Turn

PASS = Pass()
GameT = TypeVar("GameT", bound=State)


def rebuilt(state: GameT) -> GameT:
    """The state a record of ``state`` replays to: a new game from its seed, its actions applied as text."""
    twin = type(state)(players=state.players, variant=state.variant, seed=state.seed or 0, options=state.options)
    for seat, action in state.history:
        twin.apply(seat, str(action))
    return twin


# --- Circle: each play may reverse, skip or play again ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play(FieldAction):
    """``play skip``: a play and what it does to the turn."""

    verb: ClassVar[str] = "play"
    FIELDS = (Words(("go", "skip", "reverse", "again"), "effect"),)
    effect: str


CIRCLE_ACTIONS = ActionSpace(Play)
EFFECTS: dict[str, Callable[[Turn], Turn]] = {
    "go": lambda turn: turn.after(), "skip": lambda turn: turn.after(skip=1),
    "reverse": lambda turn: turn.after(reverse=True), "again": lambda turn: turn.after(again=True)}


class Circle(State):
    """Two to six seats, in partnerships at four or six (variant ``alone``: never). From the dealer's left,
    the seat to move plays and says how the turn goes on: ``play go`` to the next, ``play skip`` over one,
    ``play reverse`` the direction, ``play again`` to play once more. A deal is ``moves`` plays; two deals."""

    info = GameInfo(id="circle", name="Circle", family=("test",), min_players=2, max_players=6, pack="none",
                    rules_source=(), summary="", num_distinct_actions=len(CIRCLE_ACTIONS), variants=("alone",),
                    partnership_counts=(4, 6))
    ACTION_KINDS = CIRCLE_ACTIONS.kinds
    ACTIONS = CIRCLE_ACTIONS
    MUTABLE = ("played",)

    def _seating(self) -> Seating:
        if self.variant == "alone":
            return Seating(self.players, self.info.direction)
        return super()._seating()

    def _setup(self) -> None:
        self.hands_in_game = 2
        self.dealer = self.players - 1
        self.played: list[int] = []
        self._deal()

    def _deal(self) -> None:
        self.turn = self.seating.turn(self.seating.next(self.dealer))
        self.to_move = (self.turn.seat,)

    def _legal(self, seat: int) -> list[Action]:
        return [Play(effect) for effect in EFFECTS]

    def _do(self, seat: int, action: Action) -> None:
        self.played.append(seat)
        assert isinstance(action, Play)
        self.turn = EFFECTS[action.effect](self.turn)
        if len(self.played) % self.options.get("moves", 6):
            self.to_move = (self.turn.seat,)
            return
        self._finish_hand(HandResult(self.hand_number, (0,) * self.players))
        self._next_deal()

    def scores(self) -> list[int]:
        return [0] * self.players

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        going = "left" if self.turn.step > 0 else "right"
        return {"phase": "play", "table": {}, "extra": {"going": going},
                "seats": [seat_entry(s, team=self.seating.team(s), status=self._titles(s))
                          for s in range(self.players)]}


def circle(players: int, plays: list[str], variant: str | None = None, **options: Any) -> Circle:
    state = Circle(players=players, variant=variant, seed=0, options=options)
    for effect in plays:
        state.apply(state.to_move[0], f"play {effect}")
    return state


class TestPartnerships:
    @pytest.mark.parametrize(("players", "teams"), [
        (2, None), (3, None), (4, (0, 1, 0, 1)), (5, None), (6, (0, 1, 0, 1, 0, 1))])
    def test_partners_sit_apart_at_the_counts_the_book_names(self, players: int, teams: Any) -> None:
        """Partnerships by player count (Canasta: four or six in two sides, three each for itself): the
        sides alternate round the table, and each view shows every seat's side."""
        state = circle(players, [])
        assert state.seating.teams == teams
        assert [entry["team"] for entry in state.view(0).seats] == list(teams or [None] * players)

    def test_a_variant_can_choose_its_own_seating(self) -> None:
        """The ``_seating`` hook: a variant played alone seats no partners at four."""
        assert circle(4, [], variant="alone").seating.teams is None

    def test_six_can_sit_as_three_pairs(self) -> None:
        """Three sides of two sit opposite one another: 0 with 3, 1 with 4, 2 with 5."""
        seating = Seating.partnership(6, sides=3)
        assert seating.partners(1) == (1, 4) and seating.teams == (0, 1, 2, 0, 1, 2)
        with pytest.raises(ValueError, match="5 players cannot sit as 2 equal sides"):
            Seating.partnership(5)

    def test_games_with_fixed_partnerships_keep_them(self) -> None:
        """An existing partnership game (Tute, to the right) seats exactly as before."""
        assert new_game("tute", seed=1).seating == Seating(4, COUNTER_CLOCKWISE, (0, 1, 0, 1))
        assert new_game("tetka", seed=1).seating == Seating(4)


class TestRunningOrder:
    def test_play_goes_round_in_the_tables_direction(self) -> None:
        """Without effects the turn passes to the left, from the dealer's left."""
        assert circle(4, ["go"] * 5).played == [0, 1, 2, 3, 0]

    def test_a_reversal_sends_the_turn_back_the_other_way(self) -> None:
        """Reverse (Crates' 10): seat 1 reverses, so seat 0 plays next and play goes right from then on."""
        state = circle(4, ["go", "reverse", "go", "go"])
        assert state.played == [0, 1, 0, 3] and state.turn == Turn(2, -1, 4)
        assert state.view(0).extra["going"] == "right"

    def test_a_skip_passes_over_the_next_seat_in_the_present_direction(self) -> None:
        """Skip (Crates' 4): seat 0 skips seat 1; after a reversal the skip goes right, over seat 1 again."""
        assert circle(4, ["skip", "go", "reverse", "skip"]).played == [0, 2, 3, 2]
        assert circle(4, ["skip", "go", "reverse", "skip", "go"]).played[-1] == 0

    def test_a_seat_may_play_again(self) -> None:
        """Again (Crates' 6): the same seat plays twice, then the turn goes on."""
        assert circle(3, ["go", "again", "go", "go"]).played == [0, 1, 1, 2]

    def test_at_two_seats_a_reversal_changes_nothing(self) -> None:
        """The book: at two players a 10 has no effect. The turn still passes to the other seat."""
        assert circle(2, ["reverse", "reverse", "go"]).played == [0, 1, 0]

    def test_seats_ahead_and_the_order_follow_the_present_direction(self) -> None:
        """Crates' 7 (the player after the next draws) and 5 (each player in turn), either way round."""
        left, right = Turn(1, 1, 4), Turn(1, -1, 4)
        assert (left.ahead(2), right.ahead(2), right.ahead(-1)) == (3, 3, 2)
        assert left.order() == (1, 2, 3, 0) and right.order() == (1, 0, 3, 2)
        assert Seating(4, COUNTER_CLOCKWISE).turn(0).after() == Turn(3, -1, 4)

    def test_each_deal_starts_again_from_the_dealers_left_going_left(self) -> None:
        """The running order is the deal's: the next deal starts afresh from its dealer's left."""
        state = circle(4, ["reverse", "go", "go", "go", "go", "go"])
        assert state.hand_number == 2 and state.turn == Turn(1, 1, 4) and state.to_move == (1,)

    def test_clones_share_nothing_that_changes_and_replays_agree(self) -> None:
        """A clone keeps the turn (a value) and plays on alone; replaying the history gives the same order."""
        rng = random.Random(5)
        state = circle(5, [rng.choice(["go", "skip", "reverse", "again"]) for _ in range(9)])
        twin = cast(Circle, state.clone())
        twin.apply(twin.to_move[0], "play reverse")
        assert twin.turn != state.turn and len(twin.played) == len(state.played) + 1
        again = rebuilt(state)
        assert again.played == state.played and again.turn == state.turn and again.view(2) == state.view(2)


# --- Bank: the banker keeps the bank until a player holds a pontoon -----------------------------------------
class Bank(State):
    """Each deal every seat but the banker stands in turn from the banker's left, and the option
    ``pontoons`` (one list a deal) says who held a pontoon. The first of them from the banker's left takes
    the bank for the next deal; with none, the banker keeps it. The banker deals."""

    info = GameInfo(id="bank", name="Bank", family=("test",), min_players=4, max_players=4, pack="none",
                    rules_source=(), summary="", num_distinct_actions=1)
    ACTION_KINDS = (Pass,)
    ACTIONS = ActionTable([PASS])

    def _setup(self) -> None:
        self.plan: list[list[int]] = self.options["pontoons"]
        self.hands_in_game = len(self.plan)
        self.roles = Roles.of(banker=0)
        self.dealer = 0
        self._deal()

    def _deal(self) -> None:
        self.to_move = (self.seating.next(self.roles["banker"]),)

    def _next_holder(self, role: str, seat: int) -> int:
        held = self.plan[self.hand_number - 2]          # the deal just finished
        order = self.seating.order_from(self.seating.next(seat))[:-1]
        return next((s for s in order if s in held), seat)

    def _next_dealer(self) -> int:
        return self.roles["banker"]

    def _legal(self, seat: int) -> list[Action]:
        return [PASS]

    def _do(self, seat: int, action: Action) -> None:
        after = self.seating.next(seat)
        if after != self.roles["banker"]:
            self.to_move = (after,)
            return
        self._finish_hand(HandResult(self.hand_number, (0, 0, 0, 0)))
        self._next_deal()

    def scores(self) -> list[int]:
        return [0, 0, 0, 0]

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "play", "table": {}, "extra": {"roles": self.roles.to_dict()},
                "seats": [seat_entry(s, status=self._titles(s)) for s in range(4)]}


def banks(pontoons: list[list[int]], deals: int) -> list[int]:
    """The banker of each of the first ``deals`` deals."""
    state = Bank(players=4, variant=None, seed=0, options={"pontoons": pontoons})
    bankers = [state.roles["banker"]]
    while len(bankers) < deals:
        number = state.hand_number
        state.apply(state.to_move[0], PASS)
        if state.hand_number != number:
            bankers.append(state.roles["banker"])
    return bankers


class TestRoles:
    def test_the_banker_keeps_the_bank_when_nobody_holds_a_pontoon(self) -> None:
        """Pontoon's next hand: with no pontoon the same banker deals again, rather than the deal passing left."""
        assert banks([[], [], []], 3) == [0, 0, 0]

    def test_a_player_with_a_pontoon_takes_the_bank(self) -> None:
        """The bank passes to the player who held a pontoon; of several, to the first from the banker's left
        (deal 2: seats 1 and 0 hold one, and from banker 2's left seat 0 comes first; deal 3: banker 0 and
        seat 3, so seat 3)."""
        assert banks([[2], [1, 0], [0, 3], []], 4) == [0, 2, 0, 3]

    def test_the_bankers_own_pontoon_keeps_the_bank(self) -> None:
        """A pontoon held by the banker passes nothing: only a player's pontoon moves the bank."""
        assert banks([[0], []], 2) == [0, 0]

    def test_views_show_the_role_and_the_dealer(self) -> None:
        """Every view names the banker, who also deals, in the seat's status and in its roles."""
        state = Bank(players=4, variant=None, seed=0, options={"pontoons": [[3], []]})
        for _ in range(3):
            state.apply(state.to_move[0], PASS)
        view = state.view(1)
        assert [entry["status"] for entry in view.seats] == ["", "", "", "dealer, banker"]
        assert view.extra["roles"] == {"banker": 3} and state.to_move == (0,) and state.dealer == 3

    def test_roles_are_values(self) -> None:
        """Passing roles makes new values: a clone's roles are its own, and a role left alone stays."""
        roles = Roles.of(banker=1, scorer=2)
        moved = roles.passed(lambda role, seat: 3 if role == "banker" else seat)
        assert moved.to_dict() == {"banker": 3, "scorer": 2} and roles["banker"] == 1
        assert moved.titles(3) == ("banker",) and moved.titles(0) == () and not Roles()
        with pytest.raises(KeyError):
            roles["caller"]

    def test_games_without_roles_pass_the_deal_to_the_next_seat(self) -> None:
        """The default hooks change nothing of the old flow: no roles, the deal to the next seat, the
        dealer's status alone."""
        state = circle(3, ["go"] * 6)
        assert not state.roles and state.dealer == 0 and state.view(0).seats[0]["status"] == "dealer"
