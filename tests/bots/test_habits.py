"""Playout habits: registered per game in ``parlour/bots/heuristics/``, found by ``habits_for``, used by
IS-MCTS, never in the engine or a rules module, and blind to every card their seat cannot see."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Protocol

import pytest

import parlour
from parlour.bots.heuristic import Habit, habits_for, random_habit
from parlour.bots.ismcts import IsmctsBot
from parlour.engine import registry
from parlour.engine.actions import Action
from parlour.engine.state import State

WITH_HABITS = ("auction-bridge", "authors", "calabrasella", "canadian-salad", "canasta", "carioca", "comet",
               "crates", "east-west", "heart-solo", "kabu", "kowah", "mus", "pitty-pat", "pontoon", "preference",
               "razz", "reversis", "samba", "schafkopf", "solo", "tetka", "tute", "twenty-five", "twenty-four",
               "vint")
DEALS = 6            # games played per check, each to its end or MOVES moves
MOVES = 120
CHOICES = 4          # habit rng seeds tried at each position (the habits' noise takes some of them)


def leaks(game: str, habit: Habit) -> str | None:
    """The first position where ``habit`` chooses differently for a seat on the real state and on a
    world sampled for that seat (the same own cards and table, other hidden cards), or None."""
    for deal in range(DEALS):
        state = parlour.new_game(game, seed=deal)
        walk = random.Random(deal)
        for move in range(MOVES):
            if state.is_over:
                break
            for seat in state.to_move:
                worlds = [state.sample_world(seat, random.Random(k)) for k in range(2)]
                for k in range(CHOICES):
                    chosen = str(habit(state, seat, random.Random(k)))
                    for world in worlds:
                        if str(habit(world, seat, random.Random(k))) != chosen:
                            return f"{game} deal {deal} move {move}, seat {seat}: {chosen} on the real state only"
            seat = state.to_move[0]
            state.apply(seat, habit(state, seat, walk))
    return None


class TestRegistry:
    def test_every_game_that_had_habits_has_them_registered(self) -> None:
        """Each of the thirteen games whose playouts are not random finds its habits by id."""
        for game in WITH_HABITS:
            assert habits_for(game) is not random_habit, game

    def test_a_game_without_habits_plays_its_playouts_at_random(self) -> None:
        """Divide and Conquer has no habits: its playouts draw uniformly among the legal actions."""
        assert habits_for("divide-and-conquer") is random_habit
        state = parlour.new_game("divide-and-conquer", seed=1)
        seat = state.to_move[0]
        drawn = {str(random_habit(state, seat, random.Random(k))) for k in range(60)}
        assert drawn == {str(action) for action in state.legal_actions(seat)}

    def test_the_search_asks_the_registry_once_per_bot(self) -> None:
        """IS-MCTS plays the game's registered habits (random where there are none)."""
        assert IsmctsBot("schafkopf", seed=1).habits is habits_for("schafkopf")
        assert IsmctsBot("divide-and-conquer", seed=1).habits is random_habit

    def test_no_rules_module_or_engine_keeps_a_playout_strategy(self) -> None:
        """Strategy lives in bots/: neither ``State`` nor any game's state class has ``rollout_action``."""
        assert not hasattr(State, "rollout_action")
        for info in registry.games():
            state = parlour.new_game(info.id, seed=0)
            assert not hasattr(state, "rollout_action"), info.id


def members(game: str) -> set[str]:
    """The public names the game's position protocol (and the protocols it extends) lets its habits read."""
    module = sys.modules[habits_for(game).__module__]
    protocol = next(value for name, value in vars(module).items() if name.endswith("Position")
                    and isinstance(value, type) and value.__module__ == module.__name__)
    return {name for cls in protocol.__mro__ if getattr(cls, "_is_protocol", False) and cls is not Protocol
            for name in vars(cls) if not name.startswith("_")}


class TestWindow:
    @pytest.mark.parametrize("game", WITH_HABITS)
    def test_the_state_offers_everything_its_position_protocol_names(self, game: str) -> None:
        """The read-only window is real: every member the game's protocol declares is there on its state
        (a rename in the rules shows here, not in the middle of a search)."""
        state = parlour.new_game(game, seed=0)
        names = members(game)
        assert {"to_move", "legal_actions"} <= names
        for name in names:
            assert hasattr(state, name), f"{game}: {name}"


class TestHiddenInformation:
    @pytest.mark.parametrize("game", WITH_HABITS)
    def test_the_habits_choose_alike_on_worlds_their_seat_cannot_tell_apart(self, game: str) -> None:
        """A habit reads only what its seat may know: on a world sampled for the seat (its own cards and
        the table the same, the others' cards dealt anew) it makes the same choice as on the real state,
        with the same random draws, at every position of several played games."""
        assert leaks(game, habits_for(game)) is None

    def test_the_check_catches_a_habit_that_reads_another_hand(self) -> None:
        """The check above can fail: a habit that plays from the next seat's cards is caught at once."""
        def peeking(state: parlour.State, seat: int, rng: random.Random) -> Action:
            hands: Sequence[int] = state.hands  # type: ignore[attr-defined]
            other = hands[(seat + 1) % state.players]
            legal = state.legal_actions(seat)
            return legal[other % len(legal)]
        assert leaks("tetka", peeking) is not None


class TestPlay:
    @pytest.mark.parametrize("game", WITH_HABITS)
    def test_the_habits_play_whole_games_legally(self, game: str) -> None:
        """Every choice of the habits is one of the seat's legal actions, in every phase, to the end."""
        habit = habits_for(game)
        for seed in range(2):
            state = parlour.new_game(game, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_move[0]
                action = habit(state, seat, rng)
                assert action in state.legal_actions(seat)
                state.apply(seat, action)


class TestQuickReading:
    def test_low_and_high_card_are_the_lowest_and_highest_rank_first_in_pack_order(self) -> None:
        """``low_card`` and ``high_card`` read a 52-card mask by rank (``index % 13``) as ``min`` and ``max``
        over its cards would, the first in pack order winning a tie: on single cards, whole suits, whole
        ranks, the full pack and thousands of random masks."""
        from parlour.bots.heuristic import high_card, low_card
        from parlour.cards import bit_indices
        rng = random.Random(11)
        masks = [1 << card for card in range(52)] + [0x1FFF << 13 * suit for suit in range(4)]
        masks += [(1 | 1 << 13 | 1 << 26 | 1 << 39) << rank for rank in range(13)] + [(1 << 52) - 1]
        masks += [rng.getrandbits(52) & rng.getrandbits(52) or 1 for _ in range(3000)]
        for mask in masks:
            cards = bit_indices(mask)
            assert low_card(mask) == min(cards, key=lambda card: card % 13), bin(mask)
            assert high_card(mask) == max(cards, key=lambda card: card % 13), bin(mask)
