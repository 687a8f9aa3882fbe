"""Rollouts of the rule of thumb (``parlour.bots.rollout``): paired playouts in sampled worlds, the rule of
thumb's move kept unless another clearly beats it, and nothing read but the view and the worlds."""

from __future__ import annotations

import random
import statistics

import pytest
from test_ismcts import twin_deals, twin_positions

import parlour
from parlour.bots import make_bot, sampler_for
from parlour.bots.base import WorldSampler
from parlour.bots.ismcts import DECLINE, Budget
from parlour.bots.rollout import Paired, RolloutBot
from parlour.engine.view import View

FIXED = Budget(iterations=40, seconds=60)   # a budget of worlds only, so a seed gives one answer


class Always:
    """An anchor that always makes the same move where it is legal (else the first legal one)."""

    name = "always"

    def __init__(self, move: str) -> None:
        self.move = move

    def choose(self, view: View, worlds: WorldSampler | None = None) -> str:
        return self.move if self.move in view.legal_actions else view.legal_actions[0]


def kabu(*hands: str) -> parlour.State:
    return parlour.new_game("kabu", players=len(hands), seed=1, deal={"hands": [hand.split() for hand in hands]})


def test_paired_gains_count_mean_and_standard_error() -> None:
    gains = [3.0, -1.0, 4.0, 0.0, 2.5]
    paired = Paired()
    for gain in gains:
        paired.add(gain)
    assert paired.worlds == 5
    assert paired.mean == pytest.approx(statistics.mean(gains))
    assert paired.stderr == pytest.approx(statistics.stdev(gains) / 5 ** 0.5)
    assert Paired().stderr == float("inf")


def test_a_clearly_better_move_displaces_the_rule_of_thumb() -> None:
    """Kabu: a hand of 10 and 10 scores 0, so drawing can only help, and a hand of 4 and 5 scores 9, so drawing
    can only hurt (kabu.txt: only the total's last digit counts). An anchor that always stands on the 0, or
    always draws to the 9, is overruled by the playouts."""
    for hand, wrong, right in (("10S 10D", "pass", "draw"), ("4H 5H", "draw", "pass")):
        state = kabu(hand, "2C 3C", "6D 7D")
        bot = RolloutBot("kabu", seed=1, budget=FIXED, anchor=Always(wrong))
        assert bot.choose(state.view(0), sampler_for(state, 0)) == right


def test_a_move_no_better_than_the_rule_of_thumbs_does_not_displace_it() -> None:
    """Tëtka's opening lead: with a budget of a few worlds no other card clears two standard errors of the
    paired gain over the heuristic's, so the heuristic's card is played (it is what ``HeuristicBot`` picks)."""
    state = parlour.new_game("tetka", seed=3, deal=twin_deals()[0])
    seat = state.to_move[0]
    usual = make_bot("heuristic", "tetka", seed=1).choose(state.view(seat))
    bot = RolloutBot("tetka", seed=1, budget=Budget(iterations=2, seconds=60))
    assert bot.choose(state.view(seat), sampler_for(state, seat)) == usual


def test_hidden_cards_do_not_change_the_decision() -> None:
    """Two Tëtka states that differ only in cards seat 0 cannot see get the same move from the same seed."""
    first, second, seat = twin_positions()
    assert first.view(seat) == second.view(seat)
    few = Budget(iterations=8, seconds=60)
    for seed in range(2):
        assert RolloutBot("tetka", seed, few).choose(first.view(seat), sampler_for(first, seat)) == \
            RolloutBot("tetka", seed, few).choose(second.view(seat), sampler_for(second, seat))


def test_it_plays_whole_games_legally_from_views_only() -> None:
    """A short budget through a whole game of Schafkopf: every move legal (``apply`` refuses any other)."""
    state = parlour.new_game("schafkopf", seed=8)
    bots = [RolloutBot("schafkopf", seed, Budget(iterations=4, seconds=60)) for seed in range(state.players)]
    rng = random.Random(8)
    while not state.is_over and state.hand_number < 2:
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        state.apply(seat, bots[seat].choose(state.view(seat), sampler_for(state, seat)))
    assert state.hand_number == 2 or state.is_over


@pytest.mark.parametrize("setting", ["", "0.5s"])
def test_the_kind_takes_seconds_a_move(setting: str) -> None:
    bot = make_bot(f"rollout:{setting}" if setting else "rollout", "tetka", seed=1)
    assert isinstance(bot, RolloutBot)
    assert bot.budget.seconds == (0.5 if setting else 0.9)


@pytest.mark.parametrize("setting", ["0s", "-1s", "infs", "nans", "fast", "12"])
def test_a_bad_setting_is_refused_by_name(setting: str) -> None:
    with pytest.raises(ValueError, match="rollout takes the seconds"):
        make_bot(f"rollout:{setting}", "tetka")


def test_a_claim_window_is_answered_by_the_rule_of_thumb_without_playouts() -> None:
    """Comet's claim windows: a seat holding a claim must take no longer to answer than one without, so
    the rule of thumb answers at once and no world is played out (as the tree search does)."""
    state = parlour.new_game("comet", seed=5)
    rng = random.Random(5)
    windows = 0
    while not state.is_over and windows < 3:
        seat = state.to_move[0] if len(state.to_move) == 1 else rng.choice(state.to_move)
        view = state.view(seat)
        if DECLINE in view.legal_actions and len(view.legal_actions) > 1:
            windows += 1
            bot = RolloutBot("comet", seed=1, budget=FIXED, anchor=Always(DECLINE))
            assert bot.choose(view, sampler_for(state, seat)) == DECLINE and bot.last_iterations == 0
        state.apply(seat, make_bot("heuristic", "comet", seed=seat).choose(view))
    assert windows == 3
