"""The fixed-limit betting round and the side pots (parlour/mechanics/betting.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.mechanics.betting import Move, Pot, Round, settle, side_pots
from parlour.mechanics.chips import Ledger


def test_bring_in_must_open_and_may_complete() -> None:
    """A forced opening: the first seat posts the bring-in or completes; no check, no fold."""
    ledger = Ledger.start(3, 50)
    r = Round.open((2, 0, 1), size=4, stacks=ledger.chips, forced=2)
    assert r.moves(2, 50, ledger.chips) == (Move.BRING_IN, Move.COMPLETE)
    r = r.act(2, Move.BRING_IN, ledger, "pot", ledger.chips)
    assert r.moves(0, 50, ledger.chips) == (Move.FOLD, Move.CALL, Move.COMPLETE)
    assert ledger.chips == [50, 50, 48]


def test_completion_counts_as_the_bet_and_the_cap_holds() -> None:
    """The completion is the round's first bet; after three raises only calls and folds remain."""
    ledger = Ledger.start(3, 100)
    r = Round.open((0, 1, 2), size=4, stacks=ledger.chips, forced=2)
    r = r.act(0, Move.BRING_IN, ledger, "pot", ledger.chips)
    r = r.act(1, Move.COMPLETE, ledger, "pot", ledger.chips)
    assert (r.top, r.made) == (4, 1)
    for seat in (2, 0, 1):
        r = r.act(seat, Move.RAISE, ledger, "pot", ledger.chips)
    assert (r.top, r.made) == (16, 4)
    assert r.moves(2, ledger.chips[2], ledger.chips) == (Move.FOLD, Move.CALL)
    r = r.act(2, Move.CALL, ledger, "pot", ledger.chips)
    r = r.act(0, Move.CALL, ledger, "pot", ledger.chips)
    assert r.over and ledger.pots["pot"] == 48


def test_no_cap_lets_raises_go_on() -> None:
    """A round opened without a cap (heads-up, where a game lifts it) allows a fifth bet."""
    ledger = Ledger.start(2, 100)
    r = Round.open((0, 1), size=4, stacks=ledger.chips, cap=None)
    for seat in (0, 1, 0, 1):
        r = r.act(seat, Move.BET if seat == 0 and r.top == 0 else Move.RAISE, ledger, "pot", ledger.chips)
    assert Move.RAISE in r.moves(0, ledger.chips[0], ledger.chips)


def test_short_stack_calls_all_in_and_cannot_raise() -> None:
    """Full bets only: a seat short of a full raise may only call, all in for less."""
    ledger = Ledger([100, 6, 100])
    r = Round.open((0, 1, 2), size=8, stacks=ledger.chips)
    r = r.act(0, Move.BET, ledger, "pot", ledger.chips)
    assert r.moves(1, 6, ledger.chips) == (Move.FOLD, Move.CALL)
    r = r.act(1, Move.CALL, ledger, "pot", ledger.chips)
    assert ledger.chips[1] == 0 and r.bets[1] == 6
    assert 1 not in r.queue


def test_no_bet_without_an_opponent_to_answer() -> None:
    """A bet needs another seat that could still put in more."""
    chips = [100, 0]
    r = Round(8, (0, 1), (0, 0), (0,))
    assert r.moves(0, 100, chips) == (Move.CHECK,)


def test_round_with_one_seat_able_to_bet_has_no_turns() -> None:
    """Nobody acts when fewer than two seats have chips."""
    assert Round.open((0, 1, 2), size=4, stacks=[10, 0, 0]).over


def test_illegal_move_is_refused_and_pays_nothing() -> None:
    ledger = Ledger.start(2, 10)
    r = Round.open((0, 1), size=4, stacks=ledger.chips)
    with pytest.raises(ValueError):
        r.act(0, Move.FOLD, ledger, "pot")
    with pytest.raises(ValueError):
        r.act(1, Move.CHECK, ledger, "pot")
    assert ledger.chips == [10, 10] and not ledger.entries


def test_side_pots_with_two_all_in_levels() -> None:
    """Two seats all in at different levels: a main pot, one side pot, and the rest for the deepest."""
    pots = side_pots([10, 25, 40, 40], live={0, 1, 2, 3})
    assert pots == (Pot(40, (0, 1, 2, 3)), Pot(45, (1, 2, 3)), Pot(30, (2, 3)))


def test_side_pots_with_three_all_in_levels_and_a_fold() -> None:
    """Three all-in levels; a folded seat's chips count in the pots it reached but it wins none."""
    pots = side_pots([5, 12, 20, 30, 30], live={0, 1, 2, 4})
    assert pots == (Pot(25, (0, 1, 2, 4)), Pot(28, (1, 2, 4)), Pot(24, (2, 4)), Pot(20, (4,)))
    assert sum(p.amount for p in pots) == 97


def test_settle_splits_with_the_odd_chip_in_order() -> None:
    """Equal hands share a pot, the odd chip to the first in the book's order."""
    ledger = Ledger([0, 0, 0], {"pot": 25})
    pots = side_pots([5, 10, 10], live={0, 1, 2})
    settle(ledger, "pot", pots, lambda eligible: {1, 2} if len(eligible) == 2 else {0, 1}, order=(2, 0, 1))
    # Main pot 15 shared by 0 and 1 (0 first in order: 8); side pot 10 shared by 1 and 2 (5 each).
    assert ledger.chips == [8, 12, 5] and not ledger.pots


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=2, max_size=6), st.data())
def test_chips_are_conserved_through_rounds_and_settlement(stacks: list[int], data: st.DataObject) -> None:
    """Whatever moves are made, no chip is made or lost, and the pots add up to what was put in."""
    ledger = Ledger(stacks)
    total = ledger.total()
    order = tuple(range(len(stacks)))
    contributed = [0] * len(stacks)
    live = set(order)
    for size in (2, 4):
        r = Round.open(tuple(s for s in order if s in live), size=size, stacks=ledger.chips,
                       forced=1 if size == 2 else 0)
        while not r.over and len(live) > 1:
            seat = r.to_act
            assert seat is not None
            moves = r.moves(seat, ledger.chips[seat], ledger.chips)
            move = data.draw(st.sampled_from(moves))
            before = ledger.chips[seat]
            r = r.act(seat, move, ledger, "pot", ledger.chips)
            contributed[seat] += before - ledger.chips[seat]
            if move is Move.FOLD:
                live.discard(seat)
            assert ledger.total() == total
    pots = side_pots(contributed, live)
    assert sum(p.amount for p in pots) == sum(contributed) == ledger.pots.get("pot", 0)
    if pots:
        settle(ledger, "pot", pots, lambda eligible: {min(eligible)}, order)
    assert ledger.total() == total and not ledger.pots


def test_each_betting_move_says_what_it_does_to_a_player() -> None:
    """The buttons' help (``rules_page.action_help``): each fixed-limit move is put in a player's words,
    naming what it costs (a fixed bet of the street, matching the bet faced) rather than the code's terms."""
    from parlour.engine.rules_page import action_help
    from parlour.mechanics.betting import BETTING_ACTIONS

    help_of = {type(action).verb: action_help(type(action)) for action in BETTING_ACTIONS}
    assert set(help_of) == {"fold", "check", "call", "bring-in", "complete", "bet", "raise"}
    assert all(text and text[0].isupper() and "``" not in text and "Move" not in text for text in help_of.values())
    assert "fixed bet of this street" in str(help_of["bet"]) and "match the bet" in str(help_of["call"])
    assert "bring-in" in str(help_of["complete"]) and "one more fixed bet" in str(help_of["raise"])
    assert all(len(str(text)) <= 120 for text in help_of.values())     # a tooltip, and the guide's line


def test_each_move_is_labelled_with_what_it_comes_to() -> None:
    """A betting control says its amount (issue 39): the bring-in and the completion open street three;
    facing a completion, a call is the chips owed and a raise says the bet it makes; a short stack's call is
    all in."""
    ledger = Ledger.start(3, 50)
    r = Round.open((2, 0, 1), size=4, stacks=ledger.chips, forced=2)
    assert r.labels(2, r.moves(2, 50, ledger.chips), 50) == {"bring-in": "Bring in 2", "complete": "Complete to 4"}
    r = r.act(2, Move.BRING_IN, ledger, "pot", ledger.chips)
    r = r.act(0, Move.COMPLETE, ledger, "pot", ledger.chips)
    assert r.labels(1, r.moves(1, 50, ledger.chips), 50) == {"fold": "Fold", "call": "Call 4", "raise": "Raise to 8"}
    r = r.act(1, Move.CALL, ledger, "pot", ledger.chips)
    assert r.labels(2, r.moves(2, 48, ledger.chips), 48) == {"fold": "Fold", "call": "Call 2", "raise": "Raise to 8"}
    assert r.labels(2, (Move.CALL,), 1) == {"call": "Call 1, all in"}
    fresh = Round.open((0, 1), size=8, stacks=[50, 50])
    assert fresh.labels(0, fresh.moves(0, 50, [50, 50]), 50) == {"check": "Check", "bet": "Bet 8"}
