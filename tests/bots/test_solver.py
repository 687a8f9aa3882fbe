"""The exact ``solver`` bot for Divide and Conquer (parlour/bots/solver.py): matrix games, positions, play."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np
import pytest

import parlour
from parlour import View
from parlour.bots import make_bot
from parlour.bots.solver import (
    Position,
    Solver,
    SolverBot,
    equilibrium,
    position_from_view,
    position_value,
    solve_matrix_game,
    solve_matrix_game_both,
    solve_matrix_games,
    solver_for,
)
from parlour.games.divide_and_conquer import match_winner

GAME = "divide-and-conquer"
STANDARD = (*range(2, 11), 12)
LONG = (*range(2, 11), 12, 14, 15, 16, 18)
TOLERANCE = 1e-7


def deal(values: Sequence[int], seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    cards = list(values)
    random.Random(seed).shuffle(cards)
    half = len(cards) // 2
    return tuple(sorted(cards[:half])), tuple(sorted(cards[half:]))


def cards(mask: int) -> tuple[int, ...]:
    """The values in a memo key's bit mask (bit v: the card worth v)."""
    return tuple(v for v in range(mask.bit_length()) if mask >> v & 1)


def start(values: Sequence[int] = STANDARD, seed: int = 0) -> Position:
    """The first position of a two-half game, from seat 0's side."""
    mine, theirs = deal(values, seed)
    return Position.of(mine, theirs, 0, theirs, mine)


def assert_equilibrium(matrix: Sequence[Sequence[float]], rows: Sequence[float], cols: Sequence[float],
                       value: float) -> None:
    """Neither player gains more than TOLERANCE by switching to any pure strategy, and the pair earns ``value``."""
    m, x, y = np.asarray(matrix, dtype=float), np.asarray(rows), np.asarray(cols)
    assert x.min() >= 0 and y.min() >= 0
    assert abs(x.sum() - 1) < 1e-9 and abs(y.sum() - 1) < 1e-9
    earned = x @ m @ y
    assert (m @ y).max() - earned <= TOLERANCE      # the row player has no better pure reply
    assert earned - (x @ m).min() <= TOLERANCE      # nor has the column player
    assert abs(earned - value) <= TOLERANCE


def uniform_matching_value(position: Position) -> float:
    """The expected result if every half's cards are paired uniformly at random, by brute force."""
    def margins(mine: Sequence[int], theirs: Sequence[int]) -> Counter[int]:
        found: Counter[int] = Counter()
        for order in itertools.permutations(theirs):
            found[sum(1 if match_winner(a, b) == 0 else -1 for a, b in zip(mine, order, strict=True))] += 1
        return found

    now = margins(position.mine, position.theirs)
    later = margins(position.next_mine, position.next_theirs)
    total = sum(now.values()) * sum(later.values())
    wins = sum(p * q * int(np.sign(position.margin + a + b)) for a, p in now.items() for b, q in later.items())
    return wins / total


# --- matrix games -------------------------------------------------------------------------------------------
class TestMatrixGames:
    def test_matching_pennies(self) -> None:
        """The textbook mixed game: value 0, each side half and half."""
        value, strategy = solve_matrix_game([[1, -1], [-1, 1]])
        assert value == pytest.approx(0, abs=1e-12)
        assert strategy == pytest.approx([0.5, 0.5])

    def test_rock_paper_scissors(self) -> None:
        """A 3x3 game with no saddle point and no dominance, so the LP itself answers: thirds, value 0."""
        matrix = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
        value, rows, cols = solve_matrix_game_both(matrix)
        assert value == pytest.approx(0, abs=1e-9)
        assert rows == pytest.approx([1 / 3] * 3) and cols == pytest.approx([1 / 3] * 3)

    def test_skewed_game(self) -> None:
        """A game whose answer is not symmetric: [[2, -1], [-1, 1]] has value 1/5, row mix 2/5 - 3/5, and
        the same answer comes back through the LP when the game is padded with a useless third row."""
        value, strategy = solve_matrix_game([[2, -1], [-1, 1]])
        assert value == pytest.approx(0.2) and strategy == pytest.approx([0.4, 0.6])
        value, strategy = solve_matrix_game([[2, -1], [-1, 1], [-3, -3]])
        assert value == pytest.approx(0.2) and strategy == pytest.approx([0.4, 0.6, 0.0])

    def test_saddle_point(self) -> None:
        """A game with a pure equilibrium is answered with it: row 2 against column 1, value 2."""
        matrix = [[3, 1, 4], [2, 0, 1], [5, 2, 3]]
        value, rows, cols = solve_matrix_game_both(matrix)
        assert value == 2 and rows == [0, 0, 1] and cols == [0, 1, 0]

    @pytest.mark.parametrize("reduce", [True, False])
    def test_dominated_row_gets_no_probability(self, reduce: bool) -> None:
        """A strictly dominated row is never laid, whether dominance is removed first or the LP meets the
        whole matrix (moving its weight to the row that dominates it would raise every payoff)."""
        matrix: list[list[float]] = [[0, -1, 1], [1, 0, -1], [-1, 1, 0], [-0.5, -1.5, 0.5]]  # row 0 less 1/2
        values, rows, cols = solve_matrix_games(np.array([matrix], dtype=float), reduce=reduce)
        assert values[0] == pytest.approx(0, abs=1e-9)
        assert rows[0][3] == pytest.approx(0, abs=1e-12)
        assert_equilibrium(matrix, rows[0], cols[0], values[0])

    def test_many_random_games(self) -> None:
        """Batches of random games, with many ties and repeats (small integer payoffs), so that the
        saddle, 2x2, dominance, repeat and LP paths all run: every answer is an equilibrium, and the
        batch agrees with solving each game alone."""
        rng = np.random.default_rng(7)
        for k, m in [(2, 2), (3, 3), (4, 4), (3, 5), (5, 2), (6, 6)]:
            games = rng.integers(-2, 3, size=(150, k, m)).astype(float)
            games[75:] = games[:75][:, rng.permutation(k)][:, :, rng.permutation(m)]   # relabelled repeats
            values, rows, cols = solve_matrix_games(games)
            for game, value, x, y in zip(games, values, rows, cols, strict=True):
                assert_equilibrium(game, x, y, value)
            for game, value in list(zip(games, values, strict=True))[:10]:
                assert solve_matrix_game(game)[0] == pytest.approx(value, abs=1e-9)

    def test_rejects_non_matrices(self) -> None:
        """A matrix game needs a two-dimensional payoff table."""
        with pytest.raises(ValueError, match="k x m"):
            solve_matrix_game([1, 2, 3])


# --- positions ----------------------------------------------------------------------------------------------
class TestPositions:
    def positions(self) -> list[Position]:
        first = start(STANDARD, 3)
        return [
            first,
            first.after(first.mine[1], first.theirs[3]),                          # first half, one match in
            Position.of(first.next_mine, first.next_theirs, 1),                   # second half just begun
            Position.of(first.next_mine[:3], first.next_theirs[1:4], -1),         # near the end, behind
            Position.of((6, 14, 16), (4, 15, 18), 1, (4, 12, 15, 18), (6, 9, 14, 16)),  # long game's values
        ]

    def test_equilibrium_at_real_positions(self) -> None:
        """At positions across both halves, neither player can gain more than 1e-7 by any pure deviation
        from the strategies found, given the values of the positions each pair of cards leads to."""
        solver = Solver()
        for position in self.positions():
            found = solver.equilibrium(position)
            assert len(found.strategy) == len(found.mine) and len(found.their_strategy) == len(found.theirs)
            assert_equilibrium(solver.matrix(position), found.strategy, found.their_strategy, found.value)

    def test_every_solved_position_is_an_equilibrium(self) -> None:
        """Every position solved for one standard deal (both halves, every margin) passes the same check."""
        solver = Solver()
        solver.value(start(STANDARD, 5))
        assert len(solver.memo) > 1000
        for key, (value, rows, cols) in solver.memo.items():
            mine, theirs, margin, next_mine, next_theirs = key
            position = Position(cards(mine), cards(theirs), margin, cards(next_mine), cards(next_theirs))
            assert_equilibrium(solver.matrix(position), rows, cols, value)

    def test_values_equal_uniform_matching(self) -> None:
        """An independent check of the values: laying at random makes the pairing of each half uniformly
        random whatever the other player does, so either player can hold the result to its expectation
        under random pairing, which must therefore be every position's value (computed here by brute force
        over all pairings)."""
        solver = Solver()
        first = start(STANDARD, 8)
        for position in [first, *(first.after(a, b) for a in first.mine for b in first.theirs)]:
            assert solver.value(position) == pytest.approx(uniform_matching_value(position), abs=1e-9)
        for margin in range(-3, 4):
            second = Position.of(first.next_mine[:4], first.next_theirs[1:], margin)
            assert solver.value(second) == pytest.approx(uniform_matching_value(second), abs=1e-9)

    def test_batched_solve_matches_plain_recursion(self) -> None:
        """The level-by-level batched solve agrees with plain backward induction, one game at a time."""
        position = Position.of((3, 6, 8, 12), (2, 5, 9, 10), 0, (2, 5, 9, 10), (3, 6, 8, 12))
        memo: dict[Position, float] = {}

        def plain(p: Position) -> float:
            if not p.mine:
                return float(np.sign(p.margin))
            if p not in memo:
                memo[p] = solve_matrix_game([[plain(p.after(a, b)) for b in p.theirs] for a in p.mine])[0]
            return memo[p]

        solver = Solver()
        assert solver.value(position) == pytest.approx(plain(position), abs=1e-9)
        for p, v in memo.items():
            assert solver.value(p) == pytest.approx(v, abs=1e-9)

    def test_swapping_seats_negates_the_value(self) -> None:
        """Zero sum: a position's value to one player is minus its value to the other, each solved from its
        own side by a separate solver; at the start of a standard game both are 0."""
        for position in self.positions():
            assert position_value(position) == pytest.approx(-position_value(position.swapped()), abs=1e-9)
        assert position_value(start(STANDARD, 1)) == pytest.approx(0, abs=1e-9)

    def test_settled_positions(self) -> None:
        """A lead larger than the matches left decides the game: value +-1, and any card will do."""
        found = equilibrium(Position.of((2, 3), (4, 5), 3))
        assert found.value == 1 and found.strategy == (0.5, 0.5)
        assert position_value(Position.of((2, 3), (4, 5), -3)) == -1
        assert position_value(Position.of((), (), 0)) == 0

    def test_long_position(self) -> None:
        """The long game's red cards count ten more than their pips (a red 2 is 12, and 6 divides it)."""
        position = Position.of((6, 9, 14, 16), (4, 12, 15, 18), 0)
        found = equilibrium(position)
        assert found.value == pytest.approx(uniform_matching_value(position), abs=1e-9)

    def test_malformed_positions(self) -> None:
        """Hands of different sizes or repeated cards are refused."""
        with pytest.raises(ValueError):
            Position.of((2, 3), (4,))
        with pytest.raises(ValueError):
            Position.of((2, 2), (4, 5))


# --- the bot ------------------------------------------------------------------------------------------------
Opponent = Callable[[Position], int]
OPPONENTS: dict[str, Opponent] = {
    "highest": lambda p: max(p.theirs),
    "lowest": lambda p: min(p.theirs),
    # lays the card that beats the most of ours
    "greedy": lambda p: max(p.theirs, key=lambda t: (sum(match_winner(t, m) == 0 for m in p.mine), t)),
}


def expected_result(solver: Solver, position: Position, opponent: Opponent,
                    memo: dict[Position, float] | None = None) -> float:
    """The exact expected result of the solver's strategy against a deterministic opponent."""
    memo = {} if memo is None else memo
    if not position.mine:
        return float(np.sign(position.margin))
    if position not in memo:
        found = solver.equilibrium(position)
        theirs = opponent(position)
        memo[position] = sum(p * expected_result(solver, position.after(card, theirs), opponent, memo)
                             for card, p in zip(found.mine, found.strategy, strict=True) if p > 0)
    return memo[position]


SOLVERS: dict[Position, Solver] = {}


def play(seed: int, bots: Sequence[Callable[[View], str]], variant: str | None = None, **options: int) -> None:
    """Play a game through to the end, checking that every choice is legal."""
    state = parlour.new_game(GAME, seed=seed, variant=variant, **options)
    while not state.is_over:
        seat = state.to_move[-1]
        view = state.view(seat)
        choice = bots[seat](view)
        assert choice in view.legal_actions
        state.apply(seat, choice)


class TestSolverBot:
    def test_position_from_view(self) -> None:
        """The bot reads its position from the view alone: hands, margin, and the hands of the second
        half; a card the opponent has laid face down still counts among its choices."""
        state = parlour.new_game(GAME, seed=4, deal={"hands": [["2S", "5S", "7S", "9S", "QS"],
                                                               ["3S", "4S", "6S", "8S", "10S"]]})
        assert position_from_view(state.view(1)) == Position((3, 4, 6, 8, 10), (2, 5, 7, 9, 12), 0,
                                                             (2, 5, 7, 9, 12), (3, 4, 6, 8, 10))
        state.apply(0, "lay 9S")
        assert position_from_view(state.view(1)) == Position((3, 4, 6, 8, 10), (2, 5, 7, 9, 12), 0,
                                                             (2, 5, 7, 9, 12), (3, 4, 6, 8, 10))
        state.apply(1, "lay 10S")                                   # 9 is one below 10: seat 0 wins
        assert position_from_view(state.view(1)) == Position((3, 4, 6, 8), (2, 5, 7, 12), -1,
                                                             (2, 5, 7, 9, 12), (3, 4, 6, 8, 10))
        for mine, theirs in [("2S", "3S"), ("5S", "4S"), ("7S", "6S"), ("QS", "8S")]:
            state.apply(0, f"lay {mine}")
            state.apply(1, f"lay {theirs}")
        # The hands are exchanged: seat 0 now holds what seat 1 was dealt.
        assert position_from_view(state.view(0)) == Position((3, 4, 6, 8, 10), (2, 5, 7, 9, 12), 1)
        with pytest.raises(ValueError, match="spectator"):
            position_from_view(state.view(None))

    def test_plays_legal_actions(self) -> None:
        """Whole games against random play, the heuristic and itself, standard, long and one-half games:
        every choice is a legal notation."""
        for seed in range(3):
            solver = make_bot("solver", GAME, seed=seed)
            other = make_bot("heuristic" if seed % 2 else "random", GAME, seed=seed)
            play(seed, [solver.choose, other.choose])
        play(9, [make_bot("solver", GAME, seed=1).choose, make_bot("solver", GAME, seed=2).choose], halves=1)
        play(7, [make_bot("random", GAME, seed=7).choose, make_bot("solver", GAME, seed=7).choose], variant="long")

    def test_face_down_card_changes_nothing(self) -> None:
        """Two bots with one seed, one asked before the opponent lays and one after, make the same choices:
        the opponent's face-down card is not peeked at (it cannot be: the view does not show it)."""
        state = parlour.new_game(GAME, seed=11)
        before, after = SolverBot(seed=3), SolverBot(seed=3)
        opponent = random.Random(5)
        while not state.is_over:
            early = before.choose(state.view(0))
            state.apply(1, opponent.choice(state.view(1).legal_actions))
            assert after.choose(state.view(0)) == early
            state.apply(0, early)

    def test_single_legal_action_needs_no_solving(self) -> None:
        """With one card left the bot answers at once, without solving anything."""
        state = parlour.new_game(GAME, seed=2, halves=1)
        for _ in range(4):
            for seat in (0, 1):
                state.apply(seat, state.view(seat).legal_actions[0])
        bot = SolverBot(seed=1)
        assert bot.choose(state.view(0)) == state.view(0).legal_actions[0]
        assert not bot.solver.memo

    @pytest.mark.parametrize("name", sorted(OPPONENTS))
    def test_never_loses_in_expectation(self, name: str) -> None:
        """Against habitual players, exactly computed (not sampled: the solver's expected result against any
        opponent is the game's value, 0 at the start, so sampled games only show noise): from either seat,
        the expected result is at least the value, which is 0."""
        for seed in range(2):
            for position in (start(STANDARD, seed), start(STANDARD, seed).swapped()):
                solver = SOLVERS.setdefault(position, Solver())   # one solve per deal and seat, shared
                result = expected_result(solver, position, OPPONENTS[name])
                assert result >= solver.value(position) - 1e-9
                assert solver.value(position) == pytest.approx(0, abs=1e-9)

    def test_against_random_play(self) -> None:
        """Against uniformly random play the expected result is exactly the value, computed exactly, and
        in a one-half game (whose value depends on the deal) it is that deal's value, not 0."""
        def against_random(solver: Solver, position: Position) -> float:
            if not position.mine:
                return float(np.sign(position.margin))
            if position not in memo:
                found = solver.equilibrium(position)
                memo[position] = sum(p / len(found.theirs) * against_random(solver, position.after(a, b))
                                     for a, p in zip(found.mine, found.strategy, strict=True) for b in found.theirs)
            return memo[position]

        memo: dict[Position, float] = {}

        for seed in range(3):
            solver = Solver()
            mine, theirs = deal(STANDARD, seed)
            one_half = Position.of(mine, theirs)
            assert against_random(solver, one_half) == pytest.approx(solver.value(one_half), abs=1e-9)

    def test_only_divide_and_conquer(self) -> None:
        """The solver is offered for Divide and Conquer only; any other game is refused by name."""
        assert make_bot("solver", GAME, seed=1).name == "solver"
        with pytest.raises(ValueError, match="divide-and-conquer"):
            make_bot("solver", "tetka")
        with pytest.raises(ValueError, match="divide-and-conquer"):
            solver_for("pitty-pat", 1)
