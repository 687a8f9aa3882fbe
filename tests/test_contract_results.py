"""The contract's results for the shapes of play still to come: deals nobody wins (void, drawn), a pot
split among equal hands with the odd chip by the book's rule, and a game cut short by a player who cannot
pay. Played on Showdown, a test-only game small enough to read at once."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.engine import Action, ActionTable, GameInfo, HandResult, Pass, Result, State, seat_entry, void_result
from parlour.mechanics.chips import Ledger, reasons

PASS = Pass()


class Showdown(State):
    """Each deal every seat antes into the pot and shows a number (the ``deals`` option, one list a deal);
    the highest take the pot, equal hands splitting it with the odd chip from the dealer's left. A deal
    given as ``None`` is thrown in; one where every number is 0 is won by no one and the pot stays; a
    seat that cannot pay its ante ends the game."""

    info = GameInfo(id="showdown", name="Showdown", family=("test",), min_players=3, max_players=3,
                    pack="none", rules_source=(), summary="", num_distinct_actions=1)
    ACTION_KINDS = (Pass,)
    ACTIONS = ActionTable([PASS])
    MUTABLE = ("ledger",)

    def _setup(self) -> None:
        self.plan: list[list[int] | None] = self.options["deals"]
        self.ante = self.options.get("ante", 5)
        self.ledger = Ledger.start(3, self.options.get("stake", 20))
        self.hands_in_game = len(self.plan)
        self.dealer = 2
        self._deal()

    def _deal(self) -> None:
        self.to_move = (self.seating.next(self.dealer),)

    def _legal(self, seat: int) -> list[Action]:
        return [PASS]

    def _do(self, seat: int, action: Action) -> None:
        shown = self.plan[self.hand_number - 1]
        short = self.ledger.cannot_pay([self.ante] * 3)
        if short:
            self._finish_hand(HandResult(self.hand_number, (0, 0, 0), summary="the ante cannot be paid"))
            self._end_early(short[0], f"seat {short[0]} cannot pay the ante of {self.ante}")
        elif shown is None:
            self._finish_hand(HandResult.void_deal(self.hand_number, 3, "the cards were misdealt"))
            self._next_deal()
        else:
            self._showdown(shown)
            self._next_deal()

    def _showdown(self, shown: list[int]) -> None:
        mark = self.ledger.mark()
        for s in range(3):
            self.ledger.ante(s, "pot", self.ante)
        best = max(shown)
        winners = tuple(s for s in range(3) if shown[s] == best) if best else ()
        if winners:
            self.ledger.split_pot(winners, self.seating.order_from(self.seating.next(self.dealer)))
        entries = self.ledger.since(mark)
        self._finish_hand(HandResult(self.hand_number, tuple(self.ledger.net_since(mark)), reasons(entries),
                                     winners=winners))

    def scores(self) -> list[int]:
        return list(self.ledger.chips)

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "show", "seats": [seat_entry(s, chips=self.ledger.chips[s]) for s in range(3)],
                "table": {"pots": self.ledger.pots_view()}}


def play(deals: list[list[int] | None], **options: Any) -> Showdown:
    state = Showdown(players=3, variant=None, seed=0, options={"deals": deals, **options})
    while not state.is_over:
        state.apply(state.to_move[0], PASS)
    return state


class TestDealsNobodyWins:
    def test_a_void_deal_changes_nothing_and_says_so(self) -> None:
        """A deal thrown in counts for nothing: no score changes, no winner, and the log says why."""
        state = play([None, [1, 2, 3]])
        void = state.hand_results[0]
        assert void.void and not void.drawn and void.changes == (0, 0, 0)
        assert void.to_dict() == {"number": 1, "changes": [0, 0, 0], "reasons": [],
                                  "summary": "void deal: the cards were misdealt", "winners": [], "void": True}
        assert state.view(None).log[0] == "hand 1: void deal: the cards were misdealt"

    def test_a_void_deal_cannot_move_points(self) -> None:
        """A void deal with a score change is a contradiction the engine refuses."""
        with pytest.raises(ValueError, match="void deal"):
            HandResult(1, (1, -1, 0), void=True)

    def test_a_drawn_deal_has_no_winner_and_the_pot_stays(self) -> None:
        """A deal played out that no one wins is drawn: ``winners`` is empty, the antes stay in the pot."""
        state = play([[0, 0, 0]])
        drawn = state.hand_results[0]
        assert drawn.drawn and not drawn.void and drawn.winners == ()
        assert drawn.summary == "drawn: no one wins the deal"
        assert state.ledger.pots == {"pot": 15}

    def test_a_whole_game_with_no_winner_is_void(self) -> None:
        """A game the book voids names no winner and ranks every seat level."""
        result = void_result([20, 20, 20], "the stock ran out")
        assert result.winners == () and result.places == (1, 1, 1) and result.drawn
        assert result.text == "void game: the stock ran out"


class TestSplitPot:
    def test_equal_hands_share_the_pot_and_the_odd_chip_goes_from_the_dealers_left(self) -> None:
        """Equal best hands split the pot; the chip left over goes to the sharer nearest the dealer's left
        (the dealer is seat 2, so seat 0 comes before seat 2)."""
        state = play([[7, 3, 7]])
        split = state.hand_results[0]
        assert split.winners == (0, 2) and split.changes == (3, -5, 2)
        assert state.scores() == [23, 15, 22] and state.ledger.pots == {}
        words = [r.text for r in split.reasons if r.points > 0]
        assert words == ["shares the pot: 8 of 15, with an odd chip", "shares the pot: 7 of 15"]
        assert split.summary == "seat 0 and seat 2 share the deal"

    def test_the_odd_chip_follows_the_deal_round_the_table(self) -> None:
        """Next deal, seat 0 deals: seat 1 is first from its left, then seat 2, so seat 2 takes the odd chip
        over seat 0."""
        state = play([[1, 2, 3], [7, 3, 7]])
        assert state.hand_results[1].changes == (2, -5, 3)

    def test_a_three_way_split_gives_every_odd_chip_once(self) -> None:
        """Ten chips among three: 4, 3, 3, the 4 to the first sharer in the book's order."""
        ledger = Ledger([0, 0, 0], {"pot": 10})
        paid = ledger.split_pot({0, 1, 2}, order=(1, 2, 0))
        assert [(e.target, e.amount) for e in paid] == [(1, 4), (2, 3), (0, 3)] and ledger.pots == {}

    def test_a_split_must_know_the_order_of_every_sharer(self) -> None:
        with pytest.raises(ValueError, match="odd chip"):
            Ledger([0, 0, 0], {"pot": 10}).split_pot({0, 1}, order=(1, 2))


class TestCannotPay:
    def test_a_seat_that_cannot_pay_ends_the_game_with_the_standings(self) -> None:
        """A seat with fewer chips than it owes ends the game at once, nothing paid, and the result ranks
        the seats on the chips they hold and says why the game stopped."""
        state = play([[9, 1, 1], [9, 1, 1], [9, 1, 1], [9, 1, 1], [9, 1, 1]], stake=10)
        assert state.is_over and len(state.hand_results) == 3
        assert state.hand_results[-1].changes == (0, 0, 0)
        result = state.result()
        assert result.ended_early is not None and result.ended_early.seat == 1
        assert result.winners == (0,) and result.places == (1, 2, 2) and result.scores == (30, 0, 0)
        assert result.text == "seat 1 cannot pay the ante of 5, so the game ends: seat 0 wins with 30 points"
        assert result.to_dict()["ended_early"] == {"seat": 1, "reason": "seat 1 cannot pay the ante of 5"}

    def test_a_game_played_to_its_end_reads_as_before(self) -> None:
        """Results that use none of these shapes keep the keys they always had."""
        state = play([[1, 2, 3]])
        assert set(state.result().to_dict()) == {"winners", "places", "scores", "text", "extra"}
        assert set(HandResult(1, (0, 0, 0), summary="x").to_dict()) == {"number", "changes", "reasons", "summary"}
        assert Result((0,), (1, 2), (5, 3)).ended_early is None


def test_random_showdowns_keep_the_contract() -> None:
    """Random plans end with standings among the seats, and chips are never made or lost."""
    rng = random.Random(3)
    for _ in range(50):
        plan = [None if rng.random() < 0.2 else [rng.randrange(3) for _ in range(3)] for _ in range(8)]
        stake = rng.randrange(5, 30)
        state = play(plan, stake=stake)
        assert state.ledger.total() == 3 * stake
        assert set(state.result().winners) <= {0, 1, 2}
        clone = state.clone()
        assert clone.result() == state.result()
