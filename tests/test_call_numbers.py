"""The integer path's lane for an auction's calls (``parlour.mechanics.auctions.CallNumbers``): the numbers
of the legal calls, made once for what decides them and offered to the seat whose call it is, are exactly
what the notation path lists, in its order, through whole games of every game that offers them; a call
applied by number leads where the same call applied as an action does; a number not offered is refused
by the rule and changes nothing.

Played on Bidding, a test-only game small enough to read at once, and on the four games that offer their
calls: Auction Bridge, Vint, Preference and Schafkopf (its widow and the cards it buries).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

import parlour
from parlour import IllegalAction, State
from parlour.engine import Action, ActionTable, GameInfo, HandResult, Pass, seat_entry
from parlour.engine.view import kinds
from parlour.mechanics.auctions import ONE_ROUND, Auction, Bid, CallNumbers


class BiddingBid(Bid):
    CONTRACTS = ("1", "2", "3")


BIDS = tuple(BiddingBid(name) for name in BiddingBid.CONTRACTS)
PASS = Pass()
CALLS = CallNumbers()


class Bidding(State):
    """Three seats, one call each (a pass, or a bid of 1 to 3 above the last); the deal is over after the
    round, and the game after ``deals`` deals. The calls are numbered pass last (``ACTIONS``), so a number is
    not a call's place in its legal list."""

    info = GameInfo(id="bidding", name="Bidding", family=("test",), min_players=3, max_players=3, pack="none",
                    rules_source=(), summary="", num_distinct_actions=4)
    ACTION_KINDS = (BiddingBid, Pass)
    ACTIONS = ActionTable([*BIDS, PASS])
    MUTABLE = ("auction",)
    ZONES = kinds(auction="bids")
    # Each time the numbers of a key are made: (key, the legal list they were made from).
    made: ClassVar[list[tuple[Any, list[Action]]]] = []

    def _setup(self) -> None:
        self.hands_in_game = self.options.get("deals", 2)
        self.dealer = 2
        self._deal()

    def _deal(self) -> None:
        self.auction = Auction(self.seating.order_from(self.seating.next(self.dealer)), shape=ONE_ROUND)
        self._turn()

    def _turn(self) -> None:
        seat = self.auction.turn
        assert seat is not None
        self.to_move = (seat,)
        CALLS.offer(self, seat, self.auction.high_key)

    def _legal(self, seat: int) -> list[Action]:
        high = self.auction.high_key
        legal: list[Action] = [*BIDS[0 if high is None else high + 1:], PASS]
        Bidding.made.append((high, legal))
        return legal

    def _check(self, seat: int, action: Action) -> None:
        if isinstance(action, BiddingBid) and not self.auction.may_bid(seat, BIDS.index(action)):
            raise IllegalAction(f"{action} does not beat {self.auction.high}", rule="a bid must beat the last")

    def _do(self, seat: int, action: Action) -> None:
        if isinstance(action, BiddingBid):
            self.auction.bid(seat, action.contract, key=BiddingBid.CONTRACTS.index(action.contract))
        else:
            self.auction.pass_(seat)
        if not self.auction.is_over:
            self._turn()
            return
        self._finish_hand(HandResult(self.hand_number, (0, 0, 0), summary=f"high bid {self.auction.high}"))
        self._next_deal()

    def scores(self) -> list[int]:
        return [0, 0, 0]

    def _view_parts(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "bidding", "seats": [seat_entry(s) for s in range(3)],
                "table": {"auction": [{"seat": s, "call": str(c)} for s, c in self.auction.calls]}}


def bidding(seed: int, deals: int = 2) -> Bidding:
    return Bidding(players=3, variant=None, seed=seed, options={"deals": deals})


class TestCallNumbers:
    def test_the_numbers_offered_are_the_legal_calls_numbered_in_their_order(self) -> None:
        """At each call, ``legal_ids`` answers the offered numbers, which are ``encode`` of each action of
        ``legal_actions`` in the same order (the pass last here, numbered after the bids)."""
        state = bidding(0, deals=6)
        rng = random.Random(0)
        while not state.is_over:
            seat = state.to_move[0]
            ids = state.legal_ids(seat)
            assert ids == tuple(state.encode(a) for a in state.legal_actions(seat))
            assert ids[-1] == state.encode(PASS)
            state.apply_id(seat, rng.choice(ids))
        assert len(state.hand_results) == 6

    def test_a_key_is_numbered_once_from_the_games_own_legal_list(self) -> None:
        """The first time a key is met its numbers are made from the game's ``_legal``; a later state meeting
        the same key (another game, another deal) is offered the very same tuple, without asking again."""
        first = bidding(1)
        seat = first.to_move[0]
        assert first.legal_ids(seat) == tuple(first.encode(a) for a in first._legal(seat))
        Bidding.made.clear()
        second = bidding(2)
        assert second.legal_ids(second.to_move[0]) is first.legal_ids(seat)
        assert Bidding.made == []

    def test_a_call_applied_by_number_leads_where_the_call_as_an_action_does(self) -> None:
        """Two games given the same choices, one by number and one by action, keep the same history, log
        and results."""
        by_number, by_action = bidding(3, deals=4), bidding(3, deals=4)
        rng = random.Random(3)
        while not by_number.is_over:
            seat = by_number.to_move[0]
            number = rng.choice(by_number.legal_ids(seat))
            by_number.apply_id(seat, number)
            by_action.apply(seat, by_action.decode(number))
        assert by_action.is_over
        assert by_number.history == by_action.history
        assert by_number.view(None).to_dict() == by_action.view(None).to_dict()

    def test_a_number_not_offered_is_refused_by_the_rule_and_changes_nothing(self) -> None:
        """After a bid of 2, the next seat is offered 3 and pass; 1 is refused as a bid that does not beat
        the last, in the words ``apply`` uses, and the state is as it was."""
        state = bidding(4)
        state.apply(state.to_move[0], "bid 2")
        seat = state.to_move[0]
        assert state.legal_ids(seat) == (2, 3)
        before = (state.history, state.view(seat).to_dict())
        with pytest.raises(IllegalAction) as refused:
            state.apply_id(seat, 0)
        assert refused.value.rule == "a bid must beat the last"
        assert (state.history, state.view(seat).to_dict()) == before
        assert state.legal_ids(seat) == (2, 3)


# --- the games that offer their calls ---------------------------------------------------------------------
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("auction-bridge", {}), ("auction-bridge", {"dealer_may_pass": True}), ("vint", {}), ("vint", {"passes": 8}),
    ("vint", {"passes": 12}), ("preference", {}), ("preference", {"players": 4}), ("schafkopf", {})]


def fingerprint(state: State) -> tuple[Any, ...]:
    return (tuple(state.history), tuple(repr(state.view(s).to_dict()) for s in range(state.players)),
            tuple((r.changes, r.reasons, r.summary) for r in state.hand_results))


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}{o or ''}" for g, o in GAMES])
def test_every_call_offered_is_what_the_notation_path_lists(game: str, options: dict[str, Any]) -> None:
    """Through whole games by number, at every step (each call, the widow, the cards laid away, the play),
    ``legal_ids`` is ``encode`` of ``legal_actions`` in order; and the same choices applied as actions give
    the same game: history, every seat's view, and each deal's result in words."""
    for seed in range(3):
        by_number = parlour.new_game(game, seed=seed, **options)
        by_action = parlour.new_game(game, seed=seed, **options)
        rng = random.Random(seed)
        while not by_number.is_over:
            seat = by_number.to_move[0]
            ids = by_number.legal_ids(seat)
            assert ids == tuple(by_number.encode(a) for a in by_number.legal_actions(seat))
            number = rng.choice(ids)
            by_number.apply_id(seat, number)
            by_action.apply(seat, by_action.decode(number))
        assert by_action.is_over and fingerprint(by_number) == fingerprint(by_action)
