"""The vying ladder of ``parlour.mechanics.vying``, alone: two sides of two, speaking 0, 1, 2, 3."""

from __future__ import annotations

from parlour.mechanics.vying import Limits, Move, Outcome, Vie

SIDES = (0, 1, 0, 1)


def opened() -> Vie:
    return Vie.open((0, 1, 2, 3), SIDES)


def test_every_speaker_passing_leaves_the_round_passed() -> None:
    """Four passes and no bet: the round is passed, for the game to value."""
    v = opened()
    for seat in (0, 1, 2):
        v = v.act(seat, Move.PASS)
        assert not v.over
    assert v.act(3, Move.PASS).outcome is Outcome.PASSED


def test_a_bet_is_answered_by_the_other_side_in_speaking_order() -> None:
    """A bet by seat 2 is answered by seat 3 first, then seat 1; only answers are offered against it."""
    v = opened().act(0, Move.PASS).act(1, Move.PASS).act(2, Move.BET, 3)
    assert v.queue == (3, 1) and v.stake == 3
    moves = v.moves()
    assert moves[:2] == [(Move.ACCEPT, 0), (Move.REFUSE, 0)] and (Move.PASS, 0) not in moves
    assert v.act(3, Move.ACCEPT).outcome is Outcome.ACCEPTED


def test_a_refusal_needs_the_whole_side() -> None:
    """The first refusal hands the answer to the partner, who may accept; two refusals end the round."""
    v = opened().act(0, Move.BET, 2).act(1, Move.REFUSE)
    assert not v.over and v.to_act == 3
    assert v.act(3, Move.ACCEPT).outcome is Outcome.ACCEPTED
    refused = v.act(3, Move.REFUSE)
    assert refused.outcome is Outcome.REFUSED and refused.owed == 1 and SIDES[refused.proposer] == 0


def test_a_refused_raise_owes_the_stake_accepted_before() -> None:
    """A raise accepts the standing bet: refused, it is owed that bet, not the raise."""
    v = opened().act(0, Move.BET, 4).act(1, Move.RAISE, 2)
    assert (v.stake, v.accepted, v.queue) == (6, 4, (2, 0))
    v = v.act(2, Move.REFUSE).act(0, Move.REFUSE)
    assert v.outcome is Outcome.REFUSED and v.owed == 4 and v.proposer == 1


def test_all_in_is_only_accepted_or_refused() -> None:
    """All in, as an opening or a raise, offers only accept and refuse; accepted, it decides the game;
    refused as an opening it owes 1."""
    v = opened().act(0, Move.ALL_IN)
    assert v.moves() == [(Move.ACCEPT, 0), (Move.REFUSE, 0)]
    assert v.act(1, Move.ACCEPT).outcome is Outcome.ALL_IN
    assert v.act(1, Move.REFUSE).act(3, Move.REFUSE).owed == 1
    raised = opened().act(0, Move.BET, 2).act(1, Move.ALL_IN).act(2, Move.REFUSE).act(0, Move.REFUSE)
    assert raised.owed == 2


def test_amounts_follow_the_limits_and_need_an_opponent() -> None:
    """Bets run from the least to the most; a round whose speakers are all of one side only passes."""
    v = Vie.open((0, 1), SIDES, Limits(least_bet=2, least_raise=1, most=4))
    assert [n for m, n in v.moves() if m is Move.BET] == [2, 3, 4]
    assert [n for m, n in v.act(0, Move.BET, 2).moves() if m is Move.RAISE] == [1, 2, 3, 4]
    assert Vie.open((0, 2), SIDES).moves() == [(Move.PASS, 0)]
