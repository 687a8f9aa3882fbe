"""The engine's playout loop (``State.playout``), the rollout that stops at the end of a deal
(``deal_only``, ``halted``), and the history kept as integers that clones share deal by deal.

These are the pieces of issue 11 that search and simulation lean on: a playout must be the very game a
program driving the public contract would play with the same random draws; a halted rollout must leave
the deal's outcome and nothing of a next deal; a clone must copy only the current deal's history.
"""

from __future__ import annotations

import random

import pytest

import parlour
from parlour import GameOver, State
from parlour.engine import Action

GAME_IDS = [info.id for info in parlour.games()]


def driven(state: State, rng: random.Random) -> int:
    """The loop a program would write through the integer path, drawing as ``playout`` does."""
    taken = 0
    while state.to_move:
        to_move = state.to_move
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
        taken += 1
    return taken


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_random_playout_is_the_game_the_public_contract_plays(game: str) -> None:
    """``playout(rng)`` plays to the end of the game exactly as a loop over ``legal_ids``/``apply_id`` with
    the same draws: the same history, the same result; it returns how many actions it took."""
    mine, theirs = parlour.new_game(game, seed=3), parlour.new_game(game, seed=3)
    taken = mine.playout(random.Random(8))
    assert taken == driven(theirs, random.Random(8)) == len(mine.history)
    assert [(s, str(a)) for s, a in mine.history] == [(s, str(a)) for s, a in theirs.history]
    assert mine.is_over and not mine.halted
    assert mine.result() == theirs.result()


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_rollout_stops_at_the_end_of_its_deal_without_dealing_the_next(game: str) -> None:
    """``playout(deal_only=True)`` ends with the deal: one result more than at the start, the hand number
    unchanged, no seat to move and the state ``halted``, unless that deal ended the game (then it is over
    as usual). A halted state refuses actions and a result by the rule "halted"."""
    state = parlour.new_game(game, seed=5)
    state.playout(random.Random(2), deal_only=True)
    assert len(state.hand_results) == 1 and state.hand_number == 1 and not state.to_move
    if state.halted:
        with pytest.raises(GameOver) as refused:
            state.result()
        assert refused.value.rule == "halted"
        with pytest.raises(GameOver) as refused:
            state.apply(0, state.parse_action(str(state.decode(0))))
        assert refused.value.rule == "halted"
    else:
        assert state.result().places


def test_a_halted_rollouts_scores_are_the_deals_own() -> None:
    """Tëtka: a rollout halted at the first deal's end scores that deal and nothing else (no next deal's
    dealing, which in a game with antes would charge one), and a full playout from a clone goes on past it."""
    state = parlour.new_game("tetka", seed=9)
    rollout = state.clone()
    rollout.playout(random.Random(4), deal_only=True)
    assert rollout.halted and rollout.scores() == list(rollout.hand_results[0].changes)
    whole = state.clone()
    whole.playout(random.Random(4))
    assert whole.is_over and len(whole.hand_results) == whole.hands_in_game == 4
    assert whole.hand_results[0].changes == rollout.hand_results[0].changes


def test_a_chooser_decides_each_action() -> None:
    """``playout(rng, choose)`` asks ``choose(state, seat, rng)`` for every action and applies it checked:
    always the first legal action plays the same game as a loop doing so by hand."""
    def first(state: State, seat: int, rng: random.Random) -> Action:
        return state.legal_actions(seat)[0]

    mine, theirs = parlour.new_game("schafkopf", seed=1), parlour.new_game("schafkopf", seed=1)
    mine.playout(random.Random(0), first, deal_only=True)
    while theirs.to_move and theirs.hand_number == 1 and len(theirs.hand_results) == 0:
        seat = theirs.to_move[0]
        theirs.apply(seat, theirs.legal_actions(seat)[0])
    assert [(s, str(a)) for s, a in mine.history] == [(s, str(a)) for s, a in theirs.history]


def test_a_clone_shares_the_earlier_deals_history_and_copies_only_the_current_one() -> None:
    """Clones are flat: the history of finished deals is frozen and shared, so a clone late in a game
    copies no more than a clone in its first deal; and both read the whole history back as actions."""
    state, rng = parlour.new_game("tetka", seed=2), random.Random(1)
    while state.hand_number < 3:
        seat = state.to_move[0]
        state.apply_id(seat, rng.choice(state.legal_ids(seat)))
    twin = state.clone()
    assert twin._earlier is state._earlier and len(twin._earlier) == 2 and len(twin._moves) < 52
    assert twin.hand_results is state.hand_results
    assert [(s, str(a)) for s, a in twin.history] == [(s, str(a)) for s, a in state.history]
    seat = twin.to_move[0]
    twin.apply_id(seat, twin.legal_ids(seat)[0])
    assert len(twin.history) == len(state.history) + 1
